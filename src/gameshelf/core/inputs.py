"""Reading what people type and what files hold: numbers, names, lines, files, JSON, TOML.

Every place that reads input goes through these helpers, so that one rule holds everywhere:
bad input is a :class:`~gameshelf.core.errors.GameshelfError` with a one-line message (or, at
a prompt, a message and a new prompt), never another exception, a hang or a blow-up.

Example:
    >>> whole_number(" 42 ", "dice")
    42
    >>> whole_number("²", "dice")
    Traceback (most recent call last):
    ...
    gameshelf.core.errors.BadInputError: dice must be a whole number (digits 0-9), got '²'
    >>> check_name("  Ann   Lee ")
    'Ann Lee'
"""

from __future__ import annotations

import os
import stat
import sys
import unicodedata
from collections.abc import Callable
from typing import Any

from gameshelf.core import invisible
from gameshelf.core.errors import BadInputError, GameshelfError
from gameshelf.core.safeload import MAX_DIGITS, DataError, as_json, read_json, read_toml
from gameshelf.core.text import count

#: Characters in a name a person enters (a save name; seats have their own, lower caps).
MAX_NAME = 40
#: Characters of a person's text quoted back in an error message.
QUOTE_LIMIT = 40
#: Bytes of a game record (a save or an export file).
MAX_RECORD_BYTES = 1 << 20
#: Bytes of a data file a person gives (a Showdown deck, a Yatz correction file).
MAX_DATA_FILE_BYTES = 256 << 10

_ASCII_DIGITS = frozenset("0123456789")
#: Unicode categories a name may not hold (:data:`gameshelf.core.invisible.REFUSED_IN_NAMES`).
REFUSED_IN_NAMES = invisible.REFUSED_IN_NAMES
#: The joiners, kept between two characters of a script that uses them or of emoji
#: (:data:`gameshelf.core.invisible.JOINERS`).
JOINERS = invisible.JOINERS

ErrorClass = type[GameshelfError]


def quote(text: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr`` of ``text`` cut to about ``limit`` characters, for error messages: a
    100,000-character name is not echoed in full.

    The rules engines' quoting; front ends use :func:`gameshelf.core.text.quoted`.

    Example:
        >>> quote("abc"), quote("x" * 100, 8)
        ("'abc'", "'xxxxxxxx'... (100 characters)")
    """
    s = str(text)
    if len(s) <= limit:
        return repr(s)
    return f"{s[:limit]!r}... ({count(len(s), 'character')})"


def is_ascii_digits(text: str) -> bool:
    """True when ``text`` is one or more of the ASCII digits 0-9 and nothing else.

    Example:
        >>> is_ascii_digits("0123"), is_ascii_digits("²"), is_ascii_digits("٣"), is_ascii_digits("")
        (True, False, False, False)
    """
    return bool(text) and all(ch in _ASCII_DIGITS for ch in text)


def whole_number(text: str | int, what: str, *, low: int | None = None,
                 high: int | None = None, max_digits: int = MAX_DIGITS,
                 separators: str = "", error: ErrorClass = BadInputError) -> int:
    """Parse a whole number typed by a person or read from a file (blanks around it
    ignored; an ``int``, not a ``bool``, checked as it is) within ``[low, high]`` (None:
    open). ``what`` names it in messages (``"--target"``); ``separators`` are dropped
    between digits (``",_"`` for ``1,000``).

    Raises:
        BadInputError (or ``error``): not ASCII digits only (a sign, ``²``, Arabic-Indic
            digits, an empty text), more than ``max_digits`` digits, or out of range.
    """
    if isinstance(text, bool):
        raise error(f"{what} must be a whole number, got {as_json(text)}")
    if isinstance(text, int):
        value = text
    else:
        s = str(text).strip()
        for sep in separators:
            s = s.replace(sep, "")
        if not is_ascii_digits(s):
            raise error(f"{what} must be a whole number (digits 0-9), got {quote(text)}")
        if len(s) > max_digits:
            raise error(f"{what} has {count(len(s), 'digit')}; at most {max_digits} are accepted")
        value = int(s)
    if (low is not None and value < low) or (high is not None and value > high):
        where = (f"{low} to {high}" if low is not None and high is not None
                 else f"at least {low}" if low is not None else f"at most {high}")
        shown = (value if abs(value) < 10 ** max_digits
                 else f"a number of {count(len(str(value)), 'digit')}")
        raise error(f"{what} must be {where}, got {shown}")
    return value


def check_text(text: str, what: str, error: ErrorClass = BadInputError) -> str:
    """``text`` unchanged when it came from valid UTF-8 (no lone surrogates, which Python
    makes of undecodable bytes in command-line arguments and ``surrogateescape`` streams).

    Raises:
        BadInputError (or ``error``): undecodable bytes in ``text``.
    """
    if any("\ud800" <= ch <= "\udfff" for ch in text):
        raise error(f"{what} is not valid UTF-8 text (it holds undecodable bytes)")
    return text


def tidy_name(text: str) -> str:
    """The one form of a name a person types (a save, a player, a room's seat): Unicode's
    composed form (NFC: ``café`` typed with a composed ``é`` or with ``e`` and a combining
    accent is one name), blanks at the ends dropped, each run of blanks made one space. What
    :func:`check_name` keeps and what every look-up by name compares, so ``--name "c "`` is
    found again as ``"c"``, ``" c"`` or ``"c "``.

    Example:
        >>> tidy_name("  Ann   Lee "), tidy_name("cafe\u0301") == "caf\u00e9"
        ('Ann Lee', True)
    """
    return " ".join(unicodedata.normalize("NFC", text).split())


def refused_character(text: str, *, stored: bool = False) -> str | None:
    """The first character of ``text`` a name may not hold, or None: a character of a
    category of :data:`REFUSED_IN_NAMES` or a lone surrogate; and a character that shows
    nothing (:mod:`gameshelf.core.invisible`: Unicode's default-ignorable code points, such
    as U+034F, the Hangul fillers, the variation selectors and the tag characters, and the
    blanks that are not blanks, such as U+2800), which makes a look-alike name (``Ann``
    followed by U+034F shows as ``Ann``). Kept where real names and text need them
    (:func:`gameshelf.core.invisible.kept`): a joiner where :data:`JOINERS` says (between
    letters of Arabic, the Indic scripts, Myanmar... or emoji, never Latin, Greek or
    Cyrillic ones), VS15/VS16 after a symbol or an emoji (``❤️``, a keycap ``1️⃣``),
    VS1-VS14 after a CJK ideograph (VS1 after the mathematical symbols with a
    standardized variant: ``∩︀``), Mongolian's variation selectors and vowel separator
    after Mongolian letters, U+2800 between braille patterns, and the tag sequences of the
    flags that exist (England's, Scotland's, Wales': U+1F3F4, tag letters, U+E007F).

    With ``stored`` (a name read back from a record or a file that any version of the
    program wrote), only what earlier versions refused too is refused: the categories of
    :data:`REFUSED_IN_NAMES`, save the joiners between two characters that are not ASCII or
    blanks and any well-formed flag's tag sequence, so that a save never stops loading
    when the rule for typed names grows.

    Example:
        >>> refused_character("Ann"), refused_character("A\u200bnn")
        (None, '\u200b')
        >>> refused_character("Ann\u034f"), refused_character("Ann\u034f", stored=True)
        ('\u034f', None)
    """
    kept = invisible.kept(text, stored=stored)
    for i, ch in enumerate(text):
        if i in kept:
            continue
        if unicodedata.category(ch) in REFUSED_IN_NAMES or "\ud800" <= ch <= "\udfff":
            return ch
        if not stored and (ch in invisible.BLANK_LIKE or invisible.is_default_ignorable(ch)):
            return ch
    return None


def check_name(text: str, what: str = "name", *, max_len: int = MAX_NAME,
               error: ErrorClass = BadInputError, stored: bool = False) -> str:
    """A name a person entered (a player, a save), checked and tidied (:func:`tidy_name`:
    NFC, blanks at the ends dropped and runs of blanks made one space); it may be empty
    (callers decide). The characters are checked as typed, before any blank is folded: a
    tab, a newline or U+001C is refused, not made a space.

    Args:
        stored: the name is read back from a record or a file the program wrote (a save's
            players): refused only for what earlier versions refused
            (:func:`refused_character`), so an old save still loads.

    Raises:
        BadInputError (or ``error``): undecodable bytes, a control, format or line/paragraph
            separator character (Unicode categories Cc, Cf, Zl, Zp: escape, bell, tab, C1
            codes, U+001C-U+001F, zero-width space, U+2060, U+FEFF, bidirectional
            overrides, U+2028, U+2029), a character that shows nothing where real text does
            not need one (:func:`refused_character`: U+034F, U+3164, U+2800, a variation
            selector after a letter, a joiner between Latin or Cyrillic letters: none is kept
            but beside a character that shows, so a name that shows nothing is refused), or
            more than ``max_len`` characters (once tidied).
    """
    check_text(text, what, error)
    bad = refused_character(text, stored=stored)
    if bad is not None:
        raise error(_refusal(what, bad))
    name = tidy_name(text)
    if len(name) > max_len:
        raise error(f"{what} is longer than {max_len} characters: {quote(name)}")
    return name


_KINDS = {"Cc": "control character", "Zl": "line separator", "Zp": "paragraph separator"}


def _refusal(what: str, bad: str) -> str:
    """The one line that says why ``what`` refuses the character ``bad``."""
    kind = _KINDS.get(unicodedata.category(bad))
    if kind is not None:
        return f"{what} holds the {kind} U+{ord(bad):04X}; use letters, digits, blanks and " \
               f"punctuation"
    where = next((text for test, text in _ONLY_WHERE if test(bad)), "")
    return f"{what} may not contain invisible characters (U+{ord(bad):04X}{where})"


#: Where the characters kept in some places may stand, said after their refusal elsewhere.
_ONLY_WHERE: tuple[tuple[Callable[[str], bool], str], ...] = (
    (lambda ch: ch in JOINERS, "; a joiner only between two letters of a script that joins "
                               "them, such as Arabic or Devanagari, or two emoji"),
    (invisible.is_selector, "; a variation selector only after an emoji or a CJK ideograph"),
    (lambda ch: invisible.in_ranges(ch, (invisible.TAGS,)),
     "; tag characters only in England's, Scotland's or Wales' flag"),
    (lambda ch: ch in invisible.MONGOLIAN_SELECTORS
     or ch == invisible.MONGOLIAN_VOWEL_SEPARATOR, "; only after Mongolian letters"),
    (lambda ch: ch == "\u2800", "; the braille blank only between braille patterns"),
)


def read_file(path: str | os.PathLike[str], what: str, *, max_bytes: int,
              error: ErrorClass = BadInputError) -> bytes:
    """The bytes of a regular file, at most ``max_bytes`` of them; ``what`` names it in
    messages (``"the deck file"``). The file is opened without blocking and checked before
    anything is read, so a device (``/dev/zero``), a FIFO or a directory is refused at once.

    Raises:
        BadInputError (or ``error``): the file cannot be opened, is not a regular file, or
            is larger than ``max_bytes``.
    """
    shown = quote(os.fspath(path), 80)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise error(f"cannot read {what} {shown}: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file"
            raise error(f"cannot read {what} {shown}: it is {kind}")
        if info.st_size > max_bytes:
            raise error(f"{what} {shown} is too large ({info.st_size:,} bytes; at most "
                        f"{max_bytes:,})")
        chunks: list[bytes] = []
        size = 0
        while size <= max_bytes:
            chunk = os.read(fd, min(1 << 16, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > max_bytes:  # it grew while being read
            raise error(f"{what} {shown} is too large (more than {max_bytes:,} bytes)")
        return b"".join(chunks)
    except OSError as exc:
        raise error(f"cannot read {what} {shown}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def decode_text(data: bytes, what: str, error: ErrorClass = BadInputError) -> str:
    """UTF-8 bytes as text (a byte-order mark at the start is dropped).

    Raises:
        BadInputError (or ``error``): not UTF-8 text.
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(f"{what} is not UTF-8 text (byte {exc.start + 1})") from None


def read_text_file(path: str | os.PathLike[str], what: str, *, max_bytes: int,
                   error: ErrorClass = BadInputError) -> str:
    """:func:`read_file` then :func:`decode_text`."""
    return decode_text(read_file(path, what, max_bytes=max_bytes, error=error),
                       f"{what} {quote(os.fspath(path), 80)}", error)


def load_json(text: str | bytes, what: str, error: ErrorClass) -> Any:
    """Parse JSON text with the program's one reader (:func:`gameshelf.core.safeload.
    read_json`: nesting, digits, ``NaN`` and surrogates checked).

    Raises:
        ``error``: ``"WHAT: WHY"``: not JSON or not UTF-8 (the message says where), nested
            too deeply, or a number with too many digits.
    """
    try:
        return read_json(text)
    except DataError as exc:
        raise error(f"{what}: {exc}") from None


def load_toml(text: str, what: str, error: ErrorClass) -> dict[str, Any]:
    """Parse TOML text with the program's one reader (:func:`gameshelf.core.safeload.
    read_toml`: nesting, dotted keys included, and digits checked).

    Raises:
        ``error``: ``"WHAT: WHY"``: not TOML (the message says where), nested too deeply,
            or a number with too many digits.
    """
    try:
        return read_toml(text)
    except DataError as exc:
        raise error(f"{what}: {exc}") from None


#: What :func:`read_line` prints when a typed line is not UTF-8 text.
NOT_TEXT = "that line is not UTF-8 text; type it again"


def read_line(prompt: str, *, say: Callable[[str], None] | None = None) -> str | None:
    """One line typed at a prompt, or None at the end of input (a terminal that is gone,
    reading ``EIO``, is the end of its input too).

    Standard input is read with ``surrogateescape``, so undecodable bytes never raise: a line
    holding them is answered with :data:`NOT_TEXT` (through ``say``, default stderr) and the
    prompt is shown again.
    """
    tolerate_undecodable_stdin()
    while True:
        try:
            line = input(prompt)
        except (EOFError, OSError):  # OSError: the terminal is gone (EIO), its input ended
            return None
        except UnicodeDecodeError:  # pragma: no cover - a stream that kept strict errors
            line = "\udcff"
        try:
            return check_text(line, "the line")
        except BadInputError:
            (say or _to_stderr)(NOT_TEXT)


def tolerate_undecodable_stdin() -> None:
    """Read standard input with ``surrogateescape`` from now on, so that undecodable bytes
    typed at any prompt (ours or a library's, such as a yes/no question) arrive as lone
    surrogates, which the parsers refuse, instead of raising ``UnicodeDecodeError``."""
    stream = sys.stdin
    reconfigure = getattr(stream, "reconfigure", None)
    if callable(reconfigure) and getattr(stream, "errors", None) != "surrogateescape":
        try:
            reconfigure(errors="surrogateescape")
        except (ValueError, OSError):  # pragma: no cover - a stream that cannot change
            pass


def _to_stderr(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def argv_text(args: list[str]) -> None:
    """Refuse command-line arguments holding bytes that are not UTF-8.

    Raises:
        BadInputError: the first such argument, by its position.
    """
    for i, a in enumerate(args, start=1):
        shown = "".join(f"\\x{ord(c) - 0xDC00:02x}" if "\udc80" <= c <= "\udcff" else c
                        for c in a)
        check_text(a, f"argument {i} ({quote(shown)})")


def number_parser(what: str, *, low: int | None = None,
                  high: int | None = None) -> Callable[[str], int]:
    """A parser for a whole-number command-line option (Typer's ``parser=``): ASCII digits
    only, :data:`MAX_DIGITS` at most, within ``[low, high]``; raises BadInputError."""
    def parse(text: str | int) -> int:
        return whole_number(text, what, low=low, high=high)
    parse.__name__ = "int"
    return parse
