"""Characters that show nothing, as data: Unicode's default-ignorable code points and the
blanks that look like nothing, with the few places real text needs some of them (the rule
for names that uses them is :func:`gameshelf.core.inputs.refused_character`).

Python's :mod:`unicodedata` has no Default_Ignorable_Code_Point property, so its ranges are
written here from the Unicode Character Database.

Example:
    >>> is_default_ignorable("\\u034f"), is_default_ignorable("A"), shows_nothing("\\u2800")
    (True, False, True)
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from functools import cache

#: Unicode categories a name may not hold: controls (tab, newline, escape, bell, C1 codes,
#: the information separators U+001C-U+001F), format characters (zero-width space, joiners,
#: word joiner, byte-order mark, bidirectional overrides: look-alike names), line and
#: paragraph separators; and lone surrogates (undecodable bytes, refused first).
REFUSED_IN_NAMES = frozenset({"Cc", "Cf", "Zl", "Zp"})
#: The zero-width non-joiner and joiner: format characters that emoji sequences (👩‍🚀)
#: and the scripts of :data:`JOINING_SCRIPTS` (Persian's non-joiner, the Indic joiners)
#: need, so a name a person types may hold one between two characters of those scripts or
#: emoji (:data:`JOINED_EMOJI`; a variation selector kept after an emoji excepted:
#: 🏳️‍🌈), never in a script that never uses them (Latin, Greek, Cyrillic, Armenian...),
#: where it would only make a look-alike: ``An‍n``, ``Mü‍ß``, ``Ан‍на``.
JOINERS = frozenset("\u200c\u200d")
#: The scripts whose writing uses the joiners (ZWNJ and ZWJ change how their letters join
#: or conjoin: Unicode's chapter 23.2 and the scripts' chapters), as ranges of their
#: blocks: Arabic and its extensions, Syriac, Thaana, N'Ko, Samaritan, Mandaic; the Indic
#: scripts, Devanagari to Sinhala; Tibetan; Myanmar; Khmer and Mongolian; Phags-pa;
#: Devanagari Extended; the Arabic presentation forms.
JOINING_SCRIPTS: tuple[tuple[int, int], ...] = (
    (0x0600, 0x08FF),    # Arabic, Syriac, Arabic Supplement, Thaana, N'Ko, Samaritan,
                         # Mandaic, Syriac Supplement, Arabic Extended-B and -A
    (0x0900, 0x0DFF),    # Devanagari, Bengali, Gurmukhi, Gujarati, Oriya, Tamil, Telugu,
                         # Kannada, Malayalam, Sinhala
    (0x0F00, 0x0FFF),    # Tibetan
    (0x1000, 0x109F),    # Myanmar
    (0x1780, 0x18AF),    # Khmer, Mongolian
    (0xA840, 0xA87F),    # Phags-pa
    (0xA8E0, 0xA8FF),    # Devanagari Extended
    (0xFB50, 0xFDFF),    # Arabic Presentation Forms-A
    (0xFE70, 0xFEFC),    # Arabic Presentation Forms-B
)
#: The blocks of the characters of emoji ZWJ sequences (emoji-zwj-sequences.txt: 👩‍🚀,
#: ❤️‍🔥, 🏴‍☠️, 🐈‍⬛, 🐻‍❄️): the Miscellaneous Symbols and Dingbats, the
#: Miscellaneous Symbols and Arrows (⬛), the emoji planes.
JOINED_EMOJI: tuple[tuple[int, int], ...] = (
    (0x2600, 0x27BF), (0x2B00, 0x2BFF), (0x1F000, 0x1FAFF))

#: Default_Ignorable_Code_Point, every range (first, last) of it: DerivedCoreProperties.txt
#: of the Unicode Character Database 15.1 and 16.0
#: (https://www.unicode.org/Public/16.0.0/ucd/DerivedCoreProperties.txt; the same ranges
#: since 14.0 added U+180F). Characters a renderer shows as nothing when it cannot show them
#: otherwise: "Ann" followed by U+034F shows as "Ann".
DEFAULT_IGNORABLE: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD),    # SOFT HYPHEN
    (0x034F, 0x034F),    # COMBINING GRAPHEME JOINER
    (0x061C, 0x061C),    # ARABIC LETTER MARK
    (0x115F, 0x1160),    # HANGUL CHOSEONG FILLER, HANGUL JUNGSEONG FILLER
    (0x17B4, 0x17B5),    # KHMER VOWEL INHERENT AQ, AA
    (0x180B, 0x180F),    # MONGOLIAN FREE VARIATION SELECTORS ONE-FOUR, VOWEL SEPARATOR
    (0x200B, 0x200F),    # ZERO WIDTH SPACE, NON-JOINER, JOINER; LEFT/RIGHT-TO-LEFT MARK
    (0x202A, 0x202E),    # the bidirectional embeddings and overrides
    (0x2060, 0x206F),    # WORD JOINER, the invisible operators, the isolates, <reserved>
    (0x3164, 0x3164),    # HANGUL FILLER
    (0xFE00, 0xFE0F),    # VARIATION SELECTOR-1 to -16
    (0xFEFF, 0xFEFF),    # ZERO WIDTH NO-BREAK SPACE (the byte-order mark)
    (0xFFA0, 0xFFA0),    # HALFWIDTH HANGUL FILLER
    (0xFFF0, 0xFFF8),    # <reserved>
    (0x1BCA0, 0x1BCA3),  # SHORTHAND FORMAT LETTER OVERLAP to UP STEP
    (0x1D173, 0x1D17A),  # MUSICAL SYMBOL BEGIN BEAM to END PHRASE
    (0xE0000, 0xE0FFF),  # LANGUAGE TAG, the tag characters, VARIATION SELECTOR-17 to -256,
                         # <reserved>
)
_STARTS = [first for first, _ in DEFAULT_IGNORABLE]

#: Characters that are not default-ignorable yet show as nothing, a blank that is not one
#: (``str.isspace`` is False for them, so no blank folding tidies them away).
BLANK_LIKE = frozenset({
    "\u2800",       # BRAILLE PATTERN BLANK (kept between two braille patterns: its space)
    "\U0001d159",   # MUSICAL SYMBOL NULL NOTEHEAD
})

#: The variation selectors VS1-VS16 (standardized and emoji variation sequences: U+FE0F
#: after ❤ asks for the emoji) and VS17-VS256 (ideographic variation sequences).
VARIATION_SELECTORS = ((0xFE00, 0xFE0F), (0xE0100, 0xE01EF))
#: Mongolian's free variation selectors (U+180B-U+180D, U+180F) and its vowel separator
#: (U+180E), which Mongolian and Manchu text needs after or between Mongolian letters.
MONGOLIAN_SELECTORS = frozenset("\u180b\u180c\u180d\u180f")
MONGOLIAN_VOWEL_SEPARATOR = "\u180e"
#: The CJK ideographs (the Unified blocks with their extensions, the compatibility ones):
#: what an ideographic variation sequence follows.
CJK_IDEOGRAPHS = ((0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xF900, 0xFAFF), (0x20000, 0x3FFFF))
#: The emoji that take VS15/VS16 (emoji-variation-sequences.txt) but are not symbols of
#: category So: punctuation (‼ ⁉ 〰 〽), a letter (ℹ), mathematical symbols (↔ ◀ ◻ ◼ ◽
#: ◾); and the emoji planes, whose newer characters this Python's Unicode data may not
#: know yet.
EMOJI_NOT_SO = frozenset("\u203c\u2049\u3030\u303d\u2139\u2194\u25c0\u25fb\u25fc\u25fd\u25fe")
EMOJI_PLANES = (0x1F000, 0x1FAFF)
#: The braille patterns: symbols (So) no variation sequence is defined for.
BRAILLE = (0x2800, 0x28FF)
#: The text and emoji presentation selectors VS15 and VS16 (U+FE0E, U+FE0F).
PRESENTATION_SELECTORS = frozenset("\ufe0e\ufe0f")
#: The variation selectors VS1-VS14 (U+FE00-U+FE0D) a name may hold: after a CJK ideograph
#: (the CJK compatibility ideographs' standardized sequences), VS1 after the mathematical
#: symbols StandardizedVariants.txt gives a variant of (∩︀, ∪︀, ≨︀...). The other
#: scripts' standardized sequences (Myanmar, Phags-pa, Manichaean, Egyptian hieroglyphs)
#: are not kept in names.
MATH_VS1_BASES = frozenset(
    "\u2205\u2229\u222a\u2268\u2269\u2272\u2273\u228a\u228b\u2293\u2294\u2295\u2297"
    "\u229c\u22da\u22db\u2a3c\u2a3d\u2a9d\u2a9e\u2aac\u2aad\u2acb\u2acc")
#: The keycap emoji: one of these, U+FE0F, U+20E3 (``1️⃣``).
KEYCAP_BASES = frozenset("0123456789#*")
KEYCAP = "\u20e3"

#: A flag of a region's subdivision: U+1F3F4 WAVING BLACK FLAG, the subdivision's code in
#: tag letters (two letters, then one to four letters or digits: CLDR's
#: unicode_subdivision_id) and U+E007F CANCEL TAG (Unicode's UTS #51, ED-14a, the emoji tag
#: sequences): any well-formed one, what a stored name keeps (earlier versions took them).
FLAG_TAG_SEQUENCE = (
    "\U0001f3f4[\U000e0061-\U000e007a]{2}[\U000e0030-\U000e0039\U000e0061-\U000e007a]{1,4}"
    "\U000e007f")
#: The subdivision flags that exist as emoji (emoji-test.txt: England's, Scotland's,
#: Wales'): the only tag sequences a name a person types keeps. Any other shows as the
#: plain black flag, a look-alike of it.
SUBDIVISION_FLAGS = ("gbeng", "gbsct", "gbwls")
EMOJI_FLAG_SEQUENCE = "\U0001f3f4(?:" + "|".join(
    "".join(chr(0xE0000 + ord(c)) for c in code) for code in SUBDIVISION_FLAGS) + ")\U000e007f"
#: The tag characters, U+E0020-U+E007F (refused but in a flag's sequence).
TAGS = (0xE0020, 0xE007F)


@cache
def pattern(text: str) -> re.Pattern[str]:
    """The regular expression ``text``, compiled on first use (not at start-up)."""
    return re.compile(text)


def in_ranges(ch: str, ranges: tuple[tuple[int, int], ...]) -> bool:
    """True when the code point of ``ch`` is in one of ``ranges`` (first, last)."""
    code = ord(ch)
    return any(first <= code <= last for first, last in ranges)


def is_default_ignorable(ch: str) -> bool:
    """True when ``ch`` is one of Unicode's default-ignorable code points
    (:data:`DEFAULT_IGNORABLE`)."""
    code = ord(ch)
    i = bisect_right(_STARTS, code) - 1
    return i >= 0 and code <= DEFAULT_IGNORABLE[i][1]


def shows_nothing(ch: str) -> bool:
    """True when ``ch`` shows as nothing: a blank, a default-ignorable code point or one of
    :data:`BLANK_LIKE`."""
    return ch.isspace() or ch in BLANK_LIKE or is_default_ignorable(ch)


def flag_tags(text: str, *, stored: bool = False) -> set[int]:
    """The places in ``text`` of the tag characters that stand in the tag sequence of a
    flag that exists (:data:`SUBDIVISION_FLAGS`); with ``stored``, of any well-formed one
    (:data:`FLAG_TAG_SEQUENCE`).

    Example:
        >>> sorted(flag_tags("\\U0001f3f4\\U000e0067\\U000e0062\\U000e0065\\U000e006e"
        ...                  "\\U000e0067\\U000e007f"))
        [1, 2, 3, 4, 5, 6]
    """
    found = pattern(FLAG_TAG_SEQUENCE if stored else EMOJI_FLAG_SEQUENCE).finditer(text)
    return {i for m in found for i in range(m.start() + 1, m.end())}


def kept(text: str, *, stored: bool = False) -> set[int]:
    """The places in ``text`` of the characters that show nothing but stand where real text
    needs them (:func:`gameshelf.core.inputs.refused_character` says which), so a name may
    hold them and a screen shows them as they are; with ``stored``, the joiners where
    earlier versions took them and the flags' tags.

    Example:
        >>> sorted(kept("\u2764\ufe0f Ann\ufe0f")), sorted(kept("\u2801\u2800\u2801 \u2800"))
        ([1], [1])
    """
    places = flag_tags(text, stored=stored)
    for found in pattern(_MAY_BE_KEPT).finditer(text):
        i, ch = found.start(), found.group()
        before = text[i - 1] if i else ""
        after = text[i + 1] if i + 1 < len(text) else ""
        if ch in JOINERS:
            if stored:
                ok = _joinable(before) and _joinable(after)
            else:
                ok = ((_joins(before) or (i - 1 in places and is_selector(before)))
                      and _joins(after))
        elif stored:
            continue
        elif ch in PRESENTATION_SELECTORS:
            ok = (_presents(before)
                  or (ch == "\ufe0f" and before in KEYCAP_BASES and after == KEYCAP))
        elif in_ranges(ch, VARIATION_SELECTORS[:1]):
            ok = _shown(before) and (in_ranges(before, CJK_IDEOGRAPHS)
                                     or (ch == "\ufe00" and before in MATH_VS1_BASES))
        elif in_ranges(ch, VARIATION_SELECTORS[1:]):
            ok = _shown(before) and in_ranges(before, CJK_IDEOGRAPHS)
        elif ch in MONGOLIAN_SELECTORS:
            ok = _mongolian_letter(before)
        elif ch == MONGOLIAN_VOWEL_SEPARATOR:
            ok = _mongolian_letter(before) and _mongolian_letter(after)
        elif ch == "\u2800":
            ok = bool(before and after) and all("\u2801" <= c <= "\u28ff"
                                                for c in (before, after))
        else:
            continue
        if ok:
            places.add(i)
    return places


#: The characters :func:`kept` may keep but for the flags' tags: only they are walked.
_MAY_BE_KEPT = "[\u200c\u200d\ufe00-\ufe0f\U000e0100-\U000e01ef\u180b-\u180f\u2800]"


def _joinable(ch: str) -> bool:
    """True when a joiner of a stored name may stand beside ``ch`` (see :data:`JOINERS`)."""
    return (not ch.isascii() and not ch.isspace() and ch not in JOINERS
            and unicodedata.category(ch) not in REFUSED_IN_NAMES
            and not "\ud800" <= ch <= "\udfff")


def _shown(ch: str) -> bool:
    """True when ``ch`` is not ASCII and shows something: what a joiner, a variation
    selector or a Mongolian separator may follow (and a joiner precede)."""
    return _joinable(ch) and not shows_nothing(ch)


def is_selector(ch: str) -> bool:
    """True when ``ch`` is a variation selector (:data:`VARIATION_SELECTORS`)."""
    return in_ranges(ch, VARIATION_SELECTORS)


def _joins(ch: str) -> bool:
    """True when a joiner of a typed name may stand beside ``ch``: a character that shows,
    of a script that uses the joiners or an emoji's (:data:`JOINERS`)."""
    return _shown(ch) and (in_ranges(ch, JOINING_SCRIPTS) or in_ranges(ch, JOINED_EMOJI))


def _presents(ch: str) -> bool:
    """True when ``ch`` may take VS15 or VS16 (its text or emoji presentation): a symbol
    (So) but a braille pattern, an emoji of :data:`EMOJI_NOT_SO`, an emoji plane's
    character."""
    return _shown(ch) and ((unicodedata.category(ch) == "So" and not in_ranges(ch, (BRAILLE,)))
                           or ch in EMOJI_NOT_SO or in_ranges(ch, (EMOJI_PLANES,)))


def _mongolian_letter(ch: str) -> bool:
    return "\u1820" <= ch <= "\u18aa" and unicodedata.category(ch) == "Lo"
