"""Names a person types (saves, seats, players) have one form and hold no invisible
character (:func:`gameshelf.core.inputs.check_name`, :func:`~gameshelf.core.inputs.tidy_name`):
composed (NFC) however they were typed; a control, format, line or paragraph separator
character (Unicode categories Cc, Cf, Zl, Zp) refused in one line as typed, before blanks are
folded (U+001C-U+001F and U+2028/U+2029, which ``str.split`` takes for blanks, are not made
spaces; zero-width characters make no look-alike names). The joiners U+200C/U+200D are kept
where emoji sequences and scripts need them: between two characters of a script that uses
them (Arabic, the Indic scripts...) or two emoji, never between Latin, Greek or Cyrillic
letters. Checked over the whole of Unicode.

Every character that shows nothing (Unicode's default-ignorable code points, every one of
them walked, and the blanks that are not blanks, such as U+2800) is refused next to an
ASCII letter and alone, so no name is a look-alike of another (``Ann`` and ``Ann`` followed
by U+034F) and none shows nothing; kept where real names and text need them (a variation
selector where a sequence is defined, the tag sequences of the three subdivision flags that
exist, Persian's non-joiner).
A name read back from a record (``stored``) is refused only for what earlier versions
refused, so an old save still loads."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameshelf.core import invisible
from gameshelf.core.errors import BadInputError
from gameshelf.core.inputs import JOINERS, REFUSED_IN_NAMES, check_name, tidy_name
from gameshelf.core.text import literal, shell_word

#: Any code point, surrogates included (undecodable bytes of a command line).
ANY = st.characters(codec=None, min_codepoint=0, max_codepoint=0x10FFFF)
REFUSED = st.characters(categories=sorted(REFUSED_IN_NAMES)).filter(lambda c: c not in JOINERS)


def _refused(ch: str) -> bool:
    """Refused wherever it stands (a joiner is judged by its neighbours: :func:`_joined`)."""
    return ch not in JOINERS and (unicodedata.category(ch) in REFUSED_IN_NAMES
                                  or "\ud800" <= ch <= "\udfff")


def _joined(text: str) -> bool:
    """Every joiner of ``text`` stands between two characters that are not ASCII, blanks,
    joiners or refused."""
    def ok(ch: str) -> bool:
        return not (ch.isascii() or ch.isspace() or ch in JOINERS or _refused(ch))
    return all(0 < i < len(text) - 1 and ok(text[i - 1]) and ok(text[i + 1])
               for i, ch in enumerate(text) if ch in JOINERS)


def _outside_flags(text: str) -> str:
    """``text`` without the tag characters of its flags' tag sequences."""
    kept = invisible.flag_tags(text)
    return "".join(ch for i, ch in enumerate(text) if i not in kept)


def _shown(ch: str) -> bool:
    return bool(ch) and not invisible.shows_nothing(ch) and not _refused(ch)


def _no_look_alike(name: str) -> bool:
    """Every character of ``name`` that shows nothing, blanks apart, stands beside a
    character that is not ASCII and shows (a variation selector after one, a joiner between
    two, a tag after the flag or another tag), or is a keycap's U+FE0F (``1️⃣``); and some
    character shows."""
    kept = invisible.flag_tags(name)
    for i, ch in enumerate(name):
        if i in kept or ch == " " or not invisible.shows_nothing(ch):
            continue
        before, after = name[i - 1: i], name[i + 1: i + 2]
        if ch == "\ufe0f" and before in invisible.KEYCAP_BASES and after == invisible.KEYCAP:
            continue
        if not any(not c.isascii() and (_shown(c) or invisible.shows_nothing(c))
                   for c in (before, after)):
            return False
        if before.isascii() and before != "" and before not in invisible.KEYCAP_BASES:
            return False
    return not name or any(map(_shown, name))


#: Text a person may type: any code point, and the ones that show nothing often among
#: ASCII letters, blanks and the characters that may take one.
INVISIBLES = sorted(ch for first, last in invisible.DEFAULT_IGNORABLE
                    for ch in map(chr, range(first, min(last, first + 40) + 1))) \
    + sorted(invisible.BLANK_LIKE)
TYPED = st.text(st.one_of(ANY, st.sampled_from(INVISIBLES),
                          st.sampled_from([*"An 1#", "\u20e3", "\u2764", "\u845b", "\u2801",
                                           "\U0001f3f4", "\u0645", "\u1820",
                                           *map(chr, range(0xE0061, 0xE007B)), "\U000e007f"])),
                max_size=30)


@settings(max_examples=1500, deadline=None)
@given(TYPED)
def test_a_name_is_refused_in_one_line_or_kept_in_its_one_form(text: str) -> None:
    try:
        name = check_name(text, "name", max_len=60)
    except BadInputError as exc:
        message = str(exc)
        assert message and "\n" not in message and len(message) < 200, message
        assert (any(map(_refused, text)) or not _joined(text)
                or any(invisible.shows_nothing(c) and not c.isspace() for c in text)
                or len(tidy_name(text)) > 60), (text, message)
        return
    assert _joined(text) and not any(map(_refused, _outside_flags(text))), text
    assert name == tidy_name(text) == tidy_name(name)
    assert unicodedata.is_normalized("NFC", name)
    assert name == name.strip() and "  " not in name
    assert _joined(name) and not any(map(_refused, _outside_flags(name))), name
    assert _no_look_alike(name), name


@settings(max_examples=300, deadline=None)
@given(st.text(ANY, max_size=10), REFUSED, st.text(ANY, max_size=10))
def test_a_name_holding_a_refused_character_anywhere_is_refused(
        before: str, bad: str, after: str) -> None:
    with pytest.raises(BadInputError) as info:
        check_name(before + bad + after, "name", max_len=60)
    assert "\n" not in str(info.value)


@settings(max_examples=300, deadline=None)
@given(st.text(ANY, max_size=20))
def test_every_way_of_typing_a_name_is_one_name(text: str) -> None:
    forms = {tidy_name(unicodedata.normalize(f, text)) for f in ("NFC", "NFD")}
    assert len(forms) == 1, forms


@pytest.mark.parametrize("bad", ["a\x1cb", "a\x1db", "a\x1eb", "a\x1fb", "a\u2028b",
                                 "a\u2029b", "A\u200bnn", "A\u200cnn", "A\u200dnn",
                                 "A\u2060nn", "\ufeffAnn"])
def test_the_characters_split_takes_for_blanks_and_the_zero_width_ones_are_refused(
        bad: str) -> None:
    with pytest.raises(BadInputError) as info:
        check_name(bad)
    assert f"U+{ord(next(c for c in bad if _refused(c) or c in JOINERS)):04X}" in str(info.value)


@pytest.mark.parametrize("name", ["\U0001f469\u200d\U0001f680", "\U0001f3f3\ufe0f\u200d\U0001f308",
                                  "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645",
                                  "\u0915\u094d\u200d\u0937"])
def test_joiners_that_emoji_and_scripts_need_are_kept(name: str) -> None:
    """👩‍🚀 and 🏳️‍🌈 (emoji joined), Persian's non-joiner, Devanagari's joiner: names
    saved before the joiners were judged by their neighbours still load."""
    assert check_name(name) == unicodedata.normalize("NFC", name)


def test_cafe_typed_composed_or_decomposed_is_one_name() -> None:
    assert check_name("caf\u00e9") == check_name("cafe\u0301") == tidy_name(" cafe\u0301 ")


#: Every code point that shows nothing: each default-ignorable one, each blank-like one.
SHOWING_NOTHING = [chr(c) for first, last in invisible.DEFAULT_IGNORABLE
                   for c in range(first, last + 1)] + sorted(invisible.BLANK_LIKE)


def test_every_character_that_shows_nothing_is_refused_beside_ascii_and_alone() -> None:
    """Each of the 4,176 code points, alone, beside an ASCII letter on either side, inside
    a Latin name, between blanks: refused in one line that names it."""
    assert len(SHOWING_NOTHING) == 4174 + len(invisible.BLANK_LIKE)
    for ch in SHOWING_NOTHING:
        for text in (ch, ch * 3, f" {ch} ", f"Ann{ch}", f"{ch}Ann", f"A{ch}nn", f"Ann {ch}",
                     f"\u845b {ch}", f"{ch}\u845b"[::-1] if ch in JOINERS else f"{ch}\u845b"):
            with pytest.raises(BadInputError) as info:
                check_name(text, "a player's name")
            message = str(info.value)
            assert "\n" not in message and f"U+{ord(ch):04X}" in message, (text, message)
            assert message.startswith("a player's name ") and "invisible" in message


@pytest.mark.parametrize("name", [
    "\u2764\ufe0f", "Ann \u2764\ufe0f", "\u263a\ufe0e", "\u203c\ufe0f", "\u2139\ufe0f",
    "\u00a9\ufe0f", "1\ufe0f\u20e3", "#\ufe0f\u20e3 Team", "\u2764\ufe0f\u200d\U0001f525",
    "\U0001f441\ufe0f\u200d\U0001f5e8\ufe0f", "\U0001f3f4\u200d\u2620\ufe0f",
    "\u845b\U000e0100", "\u8fbb\U000e0101 \u592a\u90ce", "\u2229\ufe00",
    "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f",
    "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f",
    "Wales \U0001f3f4\U000e0067\U000e0062\U000e0077\U000e006c\U000e0073\U000e007f",
    "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", "\u0915\u094d\u200d\u0937",
    "\u1825\u180b\u1837", "\u1820\u180e\u1820",
    "\u2801\u2800\u2803"])
def test_what_real_names_and_text_need_is_kept(name: str) -> None:
    """An emoji's presentation (❤️, ☺︎, ‼️), a keycap, emoji joined after a variation
    selector, ideographic variation sequences (葛󠄀), England's, Scotland's and Wales' flags,
    Persian's non-joiner, the Indic joiners, Mongolian's selectors and vowel separator, the
    braille blank between braille patterns."""
    assert check_name(name, max_len=60) == name


@pytest.mark.parametrize("bad", [
    "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067",        # no cancel tag
    "\U0001f3f4\U000e0067\U000e007f",                                       # too short
    "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e0067\U000e0067"
    "\U000e007f",                                                             # too long
    "\U0001f3f4\U000e0047\U000e0042\U000e0045\U000e004e\U000e0047\U000e007f",  # capitals
    "\U0001f3f3\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f",  # not 🏴
    "Ann\U000e0067\U000e0062\U000e007f", "\U000e007f", "\U000e0001en",
    "Ann\ufe0f", "Zo\u00eb\ufe0f", "1\ufe0f", "\ufe0f\u2764", "\u2764\ufe0f\ufe0f", "a\U000e0100",
    "\u845b\ufe0f\U000e0100", "A\u180bnn", "\u180e\u1820", "\u2801\u2800", "\u2800\u2800",
    "\u2801\u2800\u2800\u2803", "\u3164", "\u115f\u1160", "Ann\u3164", "\ufe0f\u200d\u2764"])
def test_the_kept_ones_are_refused_out_of_place(bad: str) -> None:
    """A tag sequence that is not a flag's, a variation selector after a Latin letter or
    nothing, Mongolian's selectors beside other letters, braille blanks alone or in runs,
    the Hangul fillers anywhere."""
    with pytest.raises(BadInputError) as info:
        check_name(bad)
    assert "invisible characters (U+" in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize("name", ["Ann\u034f", "\u3164", "\u2800", "Ann\ufe0f", "A\u17b4nn",
                                  "\U0001d159", "\u845b\U000e0100",
                                  "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e"
                                  "\U000e0067\U000e007f"])
def test_a_stored_name_is_refused_only_for_what_earlier_versions_refused(name: str) -> None:
    """A save's player named before the characters that show nothing were refused (earlier
    versions took all but Cc, Cf, Zl, Zp) still loads: ``stored`` takes it, and a flag."""
    assert check_name(name, stored=True) == name
    for bad in ("A\u200bnn", "a\x1bb", "a\u2028b", "A\u200dnn"):
        with pytest.raises(BadInputError):
            check_name(bad, stored=True)


@settings(max_examples=400, deadline=None)
@given(TYPED)
def test_a_stored_name_takes_every_name_a_person_may_type(text: str) -> None:
    """What ``stored`` refuses is refused to a person too: a save written today loads."""
    try:
        name = check_name(text, max_len=60)
    except BadInputError:
        return
    assert check_name(name, max_len=60, stored=True) == name


def test_every_character_that_shows_nothing_is_shown_as_its_escape_where_not_kept() -> None:
    """A name an earlier version stored with one (``Ann`` and U+034F) is never seen as its
    look-alike: every screen and message (:func:`gameshelf.core.text.literal`) and every
    command hint (:func:`~gameshelf.core.text.shell_word`, a word that finds it again) shows
    the escape; what real text needs is shown as it is."""
    for ch in SHOWING_NOTHING:
        code = ord(ch)
        escape = f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"
        for text in (f"Ann{ch}", ch, f"A{ch}nn", f"\u845b {ch}"):
            shown = literal(text)
            assert ch not in shown and escape in shown, (text, shown)
            word = shell_word(text)
            assert word.startswith("$'") and ch not in word and escape in word, (text, word)
    for name in ("\u2764\ufe0f", "1\ufe0f\u20e3", "\u0645\u06cc\u200c\u062e\u0627",
                 "\U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f",
                 "\u845b\U000e0100", "\u2801\u2800\u2803", "\U0001f469\u200d\U0001f680"):
        assert literal(name) == name and shell_word(name) == f"'{name}'", name


#: The characters ``str.strip`` and ``str.split`` take for blanks that no name may hold:
#: tab, newline, U+001C-U+001F, U+0085, U+2028, U+2029... (walked from the whole of Unicode).
BLANKS_REFUSED = [chr(c) for c in range(0x110000)
                  if chr(c).isspace() and unicodedata.category(chr(c)) in REFUSED_IN_NAMES]


def _typed_name_readers() -> list[tuple[str, Callable[[str], object]]]:
    """Every place that reads a name a person typed, as a function of the typed name."""
    from gameshelf.games.dollar.game import make_entry
    from gameshelf.games.showdown.match import parse_players
    from gameshelf.games.yatz.match import Seat, name_seats, parse_seats
    return [
        ("check_name", check_name),
        ("Yatz --players", lambda name: parse_seats(f"{name},cpu")),
        ("Yatz --players, a named computer", lambda name: parse_seats(f"{name}:cpu")),
        ("Yatz's setup rows", lambda name: name_seats([Seat(name), Seat("", "heuristic")])),
        ("Showdown --players", lambda name: parse_players(f"{name},cpu")),
        ("Dollar's entries", lambda name: make_entry(name, "L40000002A")),
    ]


def test_a_blank_no_name_may_hold_is_refused_at_a_names_ends_everywhere() -> None:
    """Each such character before, after or inside a name: refused, as typed, by every
    place that reads typed names, never stripped away first (``Ann`` U+001C is not
    ``Ann``)."""
    assert {"\t", "\n", "\x1c", "\x1f", "\x85", "\u2028", "\u2029"} <= set(BLANKS_REFUSED)
    for where, read in _typed_name_readers():
        read("Ann")
        for ch in BLANKS_REFUSED:
            for text in (f"Ann{ch}", f"{ch}Ann", f"A{ch}nn", f" Ann {ch} "):
                with pytest.raises(BadInputError) as info:
                    read(text)
                assert f"U+{ord(ch):04X}" in str(info.value), (where, text, str(info.value))


def _letters(first: int, last: int) -> list[str]:
    return [chr(c) for c in range(first, last + 1) if unicodedata.category(chr(c))[0] == "L"]


#: Scripts that never use the joiners: Latin (its supplements and extensions), Greek,
#: Cyrillic, Armenian, Georgian, Hebrew, Cherokee, Hangul, the kana.
NON_JOINING = [*_letters(0x00C0, 0x058F), *_letters(0x05D0, 0x05EA), *_letters(0x10A0, 0x10FF),
               *_letters(0x13A0, 0x13FF), *_letters(0x1E00, 0x1FFF), *_letters(0x3041, 0x30FF),
               *_letters(0xAC00, 0xAC40)]


def test_a_joiner_between_letters_of_a_script_that_never_uses_one_is_refused() -> None:
    """Every letter of those scripts, with a joiner between it and itself, another of its
    script or an emoji: refused, so ``Mü‍ß`` is no look-alike of ``Müß``; between two
    letters of each script that uses them (:data:`~gameshelf.core.invisible.JOINING_SCRIPTS`)
    and between emoji, kept."""
    assert len(NON_JOINING) > 1000
    for ch in NON_JOINING:
        for joiner in JOINERS:
            for text in (f"{ch}{joiner}{ch}", f"{ch}{joiner}\u00e9", f"{ch}{joiner}\U0001f680"):
                with pytest.raises(BadInputError, match="a script that joins"):
                    check_name(text)
    for first, last in invisible.JOINING_SCRIPTS:
        letters = _letters(first, last)
        assert letters, hex(first)
        for a, b in zip(letters, letters[1:], strict=False):
            for joiner in JOINERS:
                assert check_name(f"{a}{joiner}{b}") == unicodedata.normalize(
                    "NFC", f"{a}{joiner}{b}"), (hex(ord(a)), hex(ord(b)))
    for name in ("\U0001f408\u200d\u2b1b", "\U0001f43b\u200d\u2744\ufe0f",
                 "\U0001f469\U0001f3fd\u200d\U0001f680", "\U0001f3c3\u200d\u27a1\ufe0f"):
        assert check_name(name) == name


def _flag(code: str) -> str:
    return "\U0001f3f4" + "".join(chr(0xE0000 + ord(c)) for c in code) + "\U000e007f"


def test_only_the_subdivision_flags_that_exist_keep_their_tags() -> None:
    """Every well-formed subdivision code of Great Britain (``gb`` and three letters), and
    of a sample of other regions: only England's, Scotland's and Wales' flags are kept; any
    other shows as the plain black flag (a look-alike of it) and is refused, naming the
    flags that are kept. A stored name keeps any well-formed one (earlier versions took
    them)."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    kept = []
    codes = [f"gb{a}{b}{c}" for a in letters for b in letters for c in letters]
    codes += ["usca", "ustx", "fr75", "zz1", "aaaa", "gbe", "gbeng1", "de01"]
    for code in codes:
        try:
            check_name(_flag(code))
        except BadInputError as exc:
            assert "England's, Scotland's or Wales' flag" in str(exc), code
            assert check_name(_flag(code), stored=True) == _flag(code)
        else:
            kept.append(code)
    assert kept == list(invisible.SUBDIVISION_FLAGS)
    assert check_name("\U0001f3f4") == "\U0001f3f4"


#: Characters no variation sequence is defined for: letters of many scripts (Latin, Greek,
#: Cyrillic, Arabic, Devanagari, the kana), currency signs, digits that are not ASCII,
#: punctuation that is no emoji, arrows that are none.
NO_SEQUENCE = [*NON_JOINING[::7], *_letters(0x0620, 0x064A), *_letters(0x0905, 0x0939),
               *"\u00a3\u20ac\u00a5\u20b9\u0663\u00bf\u00b7\u2026\u2192\u2190\u2260\u2022"]


def test_a_variation_selector_stands_only_where_a_sequence_is_defined() -> None:
    """Each of VS1-VS16 after each of those characters: refused (``£`` and VS16 shows as
    ``£``); VS1-VS14 after a symbol (``❤``, ``☺``, ``★``) refused, VS15 and VS16 after it
    kept; VS1-VS14 after a CJK ideograph kept, VS1 after ``∩`` kept."""
    selectors = [chr(c) for c in range(0xFE00, 0xFE10)]
    for ch in NO_SEQUENCE:
        for vs in selectors:
            with pytest.raises(BadInputError, match="variation selector only"):
                check_name(f"{ch}{vs}")
    for symbol in "\u2764\u263a\u2605\u2602\u00a9\u2122\U0001f600":
        for vs in selectors[:14]:
            with pytest.raises(BadInputError):
                check_name(f"{symbol}{vs}")
        for vs in selectors[14:]:
            assert check_name(f"{symbol}{vs}") == f"{symbol}{vs}"
    for vs in selectors[:14]:
        assert check_name(f"\u845b{vs}") == f"\u845b{vs}"
    assert check_name("\u2229\ufe00") == "\u2229\ufe00"
    with pytest.raises(BadInputError):
        check_name("\u2229\ufe01")
