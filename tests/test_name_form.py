"""Names a person types (saves, seats, players) have one form and hold no invisible
character (:func:`gameshelf.core.inputs.check_name`, :func:`~gameshelf.core.inputs.tidy_name`):
composed (NFC) however they were typed; a control, format, line or paragraph separator
character (Unicode categories Cc, Cf, Zl, Zp) refused in one line as typed, before blanks are
folded (U+001C-U+001F and U+2028/U+2029, which ``str.split`` takes for blanks, are not made
spaces; zero-width characters make no look-alike names). Checked over the whole of Unicode."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameshelf.core.errors import BadInputError
from gameshelf.core.inputs import REFUSED_IN_NAMES, check_name, tidy_name

#: Any code point, surrogates included (undecodable bytes of a command line).
ANY = st.characters(codec=None, min_codepoint=0, max_codepoint=0x10FFFF)
REFUSED = st.characters(categories=sorted(REFUSED_IN_NAMES))


def _refused(ch: str) -> bool:
    return unicodedata.category(ch) in REFUSED_IN_NAMES or "\ud800" <= ch <= "\udfff"


@settings(max_examples=600, deadline=None)
@given(st.text(ANY, max_size=30))
def test_a_name_is_refused_in_one_line_or_kept_in_its_one_form(text: str) -> None:
    try:
        name = check_name(text, "name", max_len=60)
    except BadInputError as exc:
        message = str(exc)
        assert message and "\n" not in message and len(message) < 200, message
        assert any(map(_refused, text)) or len(tidy_name(text)) > 60, (text, message)
        return
    assert not any(map(_refused, text)), text
    assert name == tidy_name(text) == tidy_name(name)
    assert unicodedata.is_normalized("NFC", name)
    assert name == name.strip() and "  " not in name
    assert not any(map(_refused, name)), name


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
    assert f"U+{ord(next(c for c in bad if _refused(c))):04X}" in str(info.value)


def test_cafe_typed_composed_or_decomposed_is_one_name() -> None:
    assert check_name("caf\u00e9") == check_name("cafe\u0301") == tidy_name(" cafe\u0301 ")
