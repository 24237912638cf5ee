"""Names a person types (saves, seats, players) have one form and hold no invisible
character (:func:`gameshelf.core.inputs.check_name`, :func:`~gameshelf.core.inputs.tidy_name`):
composed (NFC) however they were typed; a control, format, line or paragraph separator
character (Unicode categories Cc, Cf, Zl, Zp) refused in one line as typed, before blanks are
folded (U+001C-U+001F and U+2028/U+2029, which ``str.split`` takes for blanks, are not made
spaces; zero-width characters make no look-alike names). The joiners U+200C/U+200D are kept
where emoji sequences and scripts need them: between two characters that are not ASCII.
Checked over the whole of Unicode."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameshelf.core.errors import BadInputError
from gameshelf.core.inputs import JOINERS, REFUSED_IN_NAMES, check_name, tidy_name

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


@settings(max_examples=600, deadline=None)
@given(st.text(ANY, max_size=30))
def test_a_name_is_refused_in_one_line_or_kept_in_its_one_form(text: str) -> None:
    try:
        name = check_name(text, "name", max_len=60)
    except BadInputError as exc:
        message = str(exc)
        assert message and "\n" not in message and len(message) < 200, message
        assert (any(map(_refused, text)) or not _joined(text)
                or len(tidy_name(text)) > 60), (text, message)
        return
    assert not any(map(_refused, text)) and _joined(text), text
    assert name == tidy_name(text) == tidy_name(name)
    assert unicodedata.is_normalized("NFC", name)
    assert name == name.strip() and "  " not in name
    assert not any(map(_refused, name)) and _joined(name), name


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
