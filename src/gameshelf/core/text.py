"""Small text helpers shared by the command line and the terminal app.

A seat may be called ``You``; every message built from a seat's name and a verb or a
possessive goes through these helpers ("You score 65", "Your hand"). Text from people and
files is shown through :func:`literal` (or :func:`quoted`, :func:`error_line`) on the command
line, and through ``gameshelf.tui.widgets.plain`` on screens.

Example:
    >>> possessive("You"), possessive("Ann"), possessive("CPU 1")
    ('Your', "Ann's", "CPU 1's")
    >>> said("You", "has"), said("Mugsy", "has"), said("you", "misses")
    ('You have', 'Mugsy has', 'you miss')
    >>> yes_no(" Y "), yes_no("no"), yes_no("", enter=True), yes_no("maybe")
    (True, False, True, None)
"""

from __future__ import annotations

import contextlib
import re
import shlex
from datetime import UTC, datetime

from gameshelf.core import invisible

#: Third-person verbs whose second person is not the stem without a final ``s``/``es``.
_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}


def is_you(name: str) -> bool:
    """Whether the seat's name is ``You`` (any case, surrounding blanks ignored)."""
    return name.strip().lower() == "you"


def possessive(name: str) -> str:
    """``Your`` for the seat called ``You`` (``your`` when written so), else ``NAME's``."""
    if is_you(name):
        return "Your" if name.strip()[0] == "Y" else "your"
    return f"{name}'s"


def verb_for(name: str, verb: str) -> str:
    """``verb``, given in the third person singular (``scores``, ``is``, ``has``, ``passes``),
    agreeing with the seat ``name``: the second person for the seat called ``You``
    (``score``, ``are``, ``have``, ``pass``), the verb unchanged for any other name.

    Example:
        >>> [verb_for("You", v) for v in ("scores", "is", "has", "passes", "tries", "wins")]
        ['score', 'are', 'have', 'pass', 'try', 'win']
        >>> verb_for("Ann", "passes")
        'passes'
    """
    if not is_you(name):
        return verb
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zzes")):
        return verb[:-2]
    return verb.removesuffix("s")


def said(name: str, verb: str) -> str:
    """``NAME VERB`` with the verb agreeing with the name (see :func:`verb_for`).

    Example:
        >>> said("You", "scores"), said("Ann", "scores")
        ('You score', 'Ann scores')
    """
    return f"{name} {verb_for(name, verb)}"


def names_level(name: str, level: str | None) -> bool:
    """Whether a computer seat's ``name`` already says its ``level``: the level is a word of
    the name, in any case (``Strong`` says ``strong``, ``Greedy 2`` says ``greedy``; ``CPU 1``
    and ``Strongman`` do not). No level is said by every name."""
    return not level or re.search(rf"(?<!\w){re.escape(level)}(?!\w)", name,
                                  re.IGNORECASE) is not None


def level_note(name: str, level: str | None) -> str:
    """What follows a computer seat's ``name`` (or its score) to name its level:
    `` (level)``, or nothing when the name says it already (:func:`names_level`)."""
    return "" if names_level(name, level) else f" ({level})"


def with_level(name: str, level: str | None) -> str:
    """A computer seat as every front end names it: ``name (level)`` (``CPU 1 (greedy)``),
    or the name alone when it says the level already (:func:`names_level`), so that no
    line reads ``Strong (strong)``, or when there is no level.

    Example:
        >>> with_level("CPU 1", "strong"), with_level("Strong", "strong"), with_level("Ann", "")
        ('CPU 1 (strong)', 'Strong', 'Ann')
    """
    return name + level_note(name, level)


def win_words(winners: list[str] | tuple[str, ...]) -> str:
    """Who wins, in words that agree with the names: ``Ann wins``, ``You win``, and for a
    shared win ``Ann and Bob share the win``, the local player ``you`` after the first name
    (``Ann and you share the win``, ``You and Ann share the win``).

    Example:
        >>> win_words(["You"]), win_words(["Ann", "You"]), win_words(["Ann", "Bob", "Cy"])
        ('You win', 'Ann and you share the win', 'Ann, Bob and Cy share the win')
    """
    if len(winners) == 1:
        return said(winners[0], "wins")
    names = [n if i == 0 or not is_you(n) else "you" for i, n in enumerate(winners)]
    return f"{listed(names)} share the win"


def yes_no(answer: str, enter: bool | None = None) -> bool | None:
    """The answer typed to a yes/no question: True for ``y``/``yes``, False for ``n``/``no``
    (any case, spaces ignored), ``enter`` for an empty answer (the Enter key alone: the
    question's default, None when it has none), None for anything else."""
    word = answer.strip().lower()
    if not word:
        return enter
    return True if word in ("y", "yes") else False if word in ("n", "no") else None


def _visible_table() -> dict[int, str]:
    table: dict[int, str] = {0x09: "\\t", 0x0A: "\\n", 0x0D: "\\r"}
    for code in [*range(0x20), 0x7F, *range(0x80, 0xA0)]:
        table.setdefault(code, f"\\x{code:02x}")
    # Characters that reorder or break the line around them (bidirectional overrides,
    # isolates and marks; line and paragraph separators), and lone surrogates (what
    # undecodable bytes become), which no terminal can show.
    for code in [0x061C, 0x200E, 0x200F, 0x2028, 0x2029, *range(0x202A, 0x202F),
                 *range(0x2066, 0x206A), 0xFEFF, *range(0xD800, 0xE000)]:
        table[code] = f"\\u{code:04x}"
    return table


_VISIBLE = _visible_table()
#: The characters that show nothing (:mod:`gameshelf.core.invisible`), found at C speed
#: before the walk that keeps those real text needs.
_SHOWS_NOTHING = "[" + "".join(
    f"{re.escape(chr(first))}-{re.escape(chr(last))}"
    for first, last in invisible.DEFAULT_IGNORABLE) + "".join(sorted(invisible.BLANK_LIKE)) + "]"


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def _unkept(text: str) -> set[int]:
    """The places in ``text`` of the characters that show nothing where real text does not
    need them (:func:`gameshelf.core.invisible.kept`): ``Ann`` followed by U+034F, a name
    of Hangul fillers."""
    found = {m.start() for m in invisible.pattern(_SHOWS_NOTHING).finditer(text)}
    return found - invisible.kept(text) if found else found


def _invisibles_shown(text: str) -> str:
    places = _unkept(text)
    if not places:
        return text
    return "".join(_escape(ch) if i in places else ch for i, ch in enumerate(text))


def literal(text: object, *, lines: bool = False) -> str:
    """``text`` (any value, through ``str``) made safe to show on a terminal, literally.

    Every control character is replaced by its escape as Python writes it, so outside text
    can never move the cursor, clear the screen, set the window title, ring the bell or end a
    line: the C0 and C1 controls and DEL, the bidirectional overrides, isolates and marks,
    the line and paragraph separators, the byte-order mark and lone surrogates. So is each
    character that shows nothing where real text does not need it (a default-ignorable code
    point, U+2800: :func:`gameshelf.core.invisible.kept`), so a name an earlier version
    stored as ``Ann`` followed by U+034F is not seen as ``Ann``. Everything else is kept as
    it is (``❤️``, a flag, Persian's non-joiner). With ``lines``, line feeds are kept (for
    text whose every piece from outside already went through this function).

    Example:
        >>> literal("Ann\\x1b[2J\\x07"), literal("\\u202eevil\\x9b1m"), literal("Zoë [b]")
        ('Ann\\\\x1b[2J\\\\x07', '\\\\u202eevil\\\\x9b1m', 'Zoë [b]')
        >>> literal("Ann\\u034f"), literal("\\u2764\\ufe0f") == "\\u2764\\ufe0f"
        ('Ann\\\\u034f', True)
    """
    if lines:
        return "\n".join(_invisibles_shown(part.translate(_VISIBLE))
                         for part in str(text).split("\n"))
    return _invisibles_shown(str(text).translate(_VISIBLE))


def clip(text: str, limit: int = 60, *, tail: int = 0) -> str:
    """``text`` cut to at most ``limit`` characters, the cut marked by an ellipsis ``…``.

    With ``tail`` > 0 the last ``tail`` characters are kept and the middle is cut (for an
    error line whose end says what is wrong). ``limit`` must exceed ``tail`` + 1.

    Example:
        >>> clip("abcdefghij", 5), clip("abcdefghij", 6, tail=2), clip("abc", 5)
        ('abcd…', 'abc…ij', 'abc')
    """
    if len(text) <= limit:
        return text
    head = limit - 1 - tail
    return text[:head] + "…" + (text[len(text) - tail:] if tail else "")


def quoted(text: object, limit: int = 40) -> str:
    """``text`` shown literally (:func:`literal`), cut to ``limit`` characters and quoted,
    for a message that echoes a name, a save or a typed word (the front ends' quoting; the
    rules engines' input errors use :func:`gameshelf.core.inputs.quote`, a ``repr`` that
    names a long text's length).

    Example:
        >>> quoted("Ann"), quoted("a" * 50, 10), quoted("\\x1b]0;x\\x07")
        ("'Ann'", "'aaaaaaaaa…'", "'\\\\x1b]0;x\\\\x07'")
    """
    return f"'{clip(literal(text), limit)}'"


def error_line(message: object, limit: int = 300) -> str:
    """One line for an error message: blanks (line breaks too) run together, control
    characters shown literally, and at most ``limit`` characters, the middle cut with ``…``
    so that the end, which says what is wrong, stays.

    Example:
        >>> error_line("bad\\n  name 'x\\x1b'")
        "bad name 'x\\\\x1b'"
    """
    return clip(literal(" ".join(str(message).split())), limit, tail=limit // 3)


def shell_word(word: str) -> str:
    r"""``word`` quoted for a POSIX shell so that pasting it gives back exactly ``word``,
    with nothing in it a terminal would act on.

    A word with no control characters is quoted by :func:`shlex.quote`; a word holding any
    (or a lone surrogate, an undecodable byte of an argument, or a character that shows
    nothing where real text does not need it, as :func:`literal` shows it: a save an earlier
    version named ``Ann`` and U+034F) is written in dollar-single quotes (``$'...'``,
    POSIX.1-2024) with each such character as its escape: ``\xHH`` below U+0080 and for the
    surrogates U+DC80..U+DCFF (the original byte), ``\uHHHH`` above (``\UHHHHHHHH`` above
    U+FFFF).

    Example:
        >>> print(shell_word("game-5"), shell_word("it's mine"), shell_word("$(rm -rf x)"))
        game-5 'it'"'"'s mine' '$(rm -rf x)'
        >>> print(shell_word("a\x1b[2Jb'"), shell_word("n\udcff"))
        $'a\x1b[2Jb\'' $'n\xff'
    """
    unkept = _unkept(word)
    if word.translate(_VISIBLE) == word and not unkept:
        return shlex.quote(word)
    out = []
    for i, ch in enumerate(word):
        code = ord(ch)
        if ch in "\\'":
            out.append("\\" + ch)
        elif 0xDC80 <= code <= 0xDCFF:
            out.append(f"\\x{code - 0xDC00:02x}")
        elif code in _VISIBLE:
            out.append(f"\\x{code:02x}" if code < 0x80 else f"\\u{code:04x}")
        elif i in unkept:
            out.append(_escape(ch))
        else:
            out.append(ch)
    return "$'" + "".join(out) + "'"


def command_line(*words: str, names: tuple[str, ...] | list[str] = ()) -> str:
    """A command for the player to type or paste (``Resume with: gameshelf yatz resume
    NAME``), every word shell-quoted by :func:`shell_word`: a save named ``it's mine`` or
    ``$(rm -rf x)`` gives a command that works and does nothing else. Every command hint of
    the command line and the screens is made here.

    Args:
        words: the command's words (``"gameshelf", "yatz", "resume"``).
        names: operands from people or files (save names) put last; when one begins with
            ``-`` an ``--`` goes before them, so that it is not read as an option.

    Example:
        >>> print(command_line("gameshelf", "yatz", "resume", "it's mine"))
        gameshelf yatz resume 'it'"'"'s mine'
        >>> print(command_line("gameshelf", "yatz", "resume", names=["-x"]))
        gameshelf yatz resume -- -x
    """
    tail = ["--", *names] if any(n.startswith("-") for n in names) else list(names)
    return " ".join(shell_word(w) for w in (*words, *tail))


def resume_command(game: str, name: str) -> str:
    """``gameshelf GAME resume NAME``, quoted by :func:`command_line`: the hint every game
    gives for continuing a saved game."""
    return command_line("gameshelf", game, "resume", names=[name])


def saved_as(game: str, name: str) -> str:
    """``Saved as 'NAME'. Resume with: gameshelf GAME resume NAME``: what every front end
    says of a game left unfinished (the prompts at quit, the screens at s, the command line
    after a screen opened by ``play``/``resume --tui`` closes)."""
    return f"Saved as {quoted(name)}. Resume with: {resume_command(game, name)}"


def left_saved(game: str, name: str) -> str:
    """``Game saved as 'NAME'. Resume it from the menu or with: gameshelf GAME resume NAME``:
    what a game screen says of the game in progress it leaves (Esc, Ctrl+Q)."""
    return (f"Game saved as {quoted(name)}. Resume it from the menu or with: "
            f"{resume_command(game, name)}")


def listed(words: list[str] | tuple[str, ...], last: str = "and", none: str = "none") -> str:
    """``Yatz, Muggins and Pig``: the words joined by commas, ``last`` before the last one;
    the one word alone; ``none`` for no word."""
    if not words:
        return none
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def a_number(n: int) -> str:
    """``n`` after the article English reads it with: ``a 5``, ``an 8``, ``an 11``,
    ``an 18``, ``an 80``.

    Example:
        >>> a_number(5), a_number(8), a_number(11), a_number(18), a_number(100)
        ('a 5', 'an 8', 'an 11', 'an 18', 'a 100')
    """
    digits = str(abs(n))
    vowel = digits.startswith("8") or (digits in ("11", "18") or (
        len(digits) in (5, 8) and digits[:2] in ("11", "18")))
    return f"{'an' if vowel else 'a'} {n}"


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun agreeing with it, thousands grouped: ``1 action``, ``2 actions``,
    ``0 actions``, ``1,000 actions``; ``plural`` for a noun not made plural by ``s``
    (``count(3, "match", "matches")``). Every count shown to a player is written here.

    Example:
        >>> count(1, "action"), count(2, "action"), count(0, "point"), count(1200, "game")
        ('1 action', '2 actions', '0 points', '1,200 games')
        >>> count(1, "box", "boxes"), count(3, "box", "boxes")
        ('1 box', '3 boxes')
    """
    return f"{n:,} {noun if n == 1 else plural or noun + 's'}"


def when(stamp: object) -> str:
    """A moment the store keeps (an ISO 8601 text, UTC: ``2026-11-30T08:21:05+00:00``) as
    every listing shows it: the player's local time to the minute, ``2026-11-30 09:21``.
    A date without a time shows as the date (``2026-11-30``); anything else (a damaged or
    foreign row) is shown literally (:func:`literal`), cut to 16 characters.

    Example:
        >>> import os, time; os.environ["TZ"] = "UTC"; time.tzset()
        >>> when("2026-11-30T08:21:05+00:00"), when("2026-11-30"), when("yesterday\\x1b")
        ('2026-11-30 08:21', '2026-11-30', 'yesterday\\\\x1b')
    """
    text = str(stamp).strip()
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return clip(literal(text), 16)
    if len(text) <= 10:   # a date alone
        return moment.date().isoformat()   # a four-digit year always (strftime drops zeros)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    with contextlib.suppress(OverflowError, ValueError):   # year 1 or 9999 near the edge
        moment = moment.astimezone()
    return moment.replace(tzinfo=None).isoformat(" ", "minutes")
