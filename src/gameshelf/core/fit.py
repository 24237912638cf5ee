"""What a text prompt prints on standard output, fitted to 80 columns (or a narrower
terminal), so nothing the terminal would wrap mid-word is printed: a longer line is
broken at spaces, its next lines indented under the text they continue (a table row or a
help line under its last column, a bullet under its text, other lines under their own
indent). Widths are terminal cells (a wide character counts two); a word wider than the
line (an address, a path) is never split but stands whole on a line of its own, and so
does a ``gameshelf ...`` command a line ends with (the hint to resume a game).

Example:
    >>> fit_line("  roll (r)   roll the dice: their sum adds to this turn's points", 40)
    ['  roll (r)   roll the dice: their sum', "             adds to this turn's points"]
    >>> fit_line("short")
    ['short']
"""

from __future__ import annotations

import functools
import re
import shutil
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, ParamSpec, TextIO, TypeVar

from rich.cells import cell_len

P = ParamSpec("P")
R = TypeVar("R")

#: The widest line a prompt prints (characters).
WIDTH = 80

# a table row or help line: its first column, then two or more spaces, then the text
_COLUMN = re.compile(r"^\s*\S.*?\s{2,}(?=\S)")
_BULLET = re.compile(r"^\s*[*-] ")
# a word with the blanks before it
_WORD = re.compile(r"\s*\S+")
# a command the line ends with, for the player to type or copy (``Resume with: gameshelf
# yatz resume 'my game'``): kept whole, its quoted names and all
_COMMAND = re.compile(r"(?:^|(?<=\s))gameshelf \S.*$")


def fit_line(line: str, width: int = WIDTH) -> list[str]:
    """``line`` broken at spaces into lines of at most ``width`` cells (a word wider than
    that stands whole on its own line), each next line indented under the text it
    continues."""
    if cell_len(line) <= width:
        return [line]
    found = _COLUMN.match(line) or _BULLET.match(line)
    indent = len(found.group(0)) if found else len(line) - len(line.lstrip())
    if indent > width // 2:
        indent = len(line) - len(line.lstrip())
        indent = indent if indent <= width // 2 else 0
    line = line.rstrip()
    command = _COMMAND.search(line)
    head = line if command is None else line[:command.start()]
    words = _WORD.findall(head.rstrip())
    if command is not None:
        words.append(head[len(head.rstrip()):] + command.group(0))
    pieces: list[str] = []
    now = ""
    for word in words:
        if now.strip() and cell_len(now + word) > width:
            pieces.append(now)
            now = " " * indent + word.lstrip()
        else:
            now += word
    return [*pieces, now]


class _Fitted:
    """A text stream that writes each line fitted (:func:`fit_line`) to ``out`` at once,
    holding nothing back: a part line (a prompt waiting for its answer) is fitted too, its
    last piece left open for the answer, and what a later write adds to it is written as
    it comes."""

    def __init__(self, out: TextIO, width: int) -> None:
        self._out = out
        self._width = width
        self._open = False   # the last write left a part line

    def write(self, text: str) -> int:
        *lines, tail = text.split("\n")
        done = []   # one write for one write, as the stream below would have had
        for line in lines:
            done.append((line if self._open else "\n".join(fit_line(line, self._width)))
                        + "\n")
            self._open = False
        if tail:
            if not self._open:
                pieces = fit_line(tail, self._width)
                if len(pieces) > 1 and tail.endswith(" "):
                    pieces[-1] += " "
                tail = "\n".join(pieces)
            done.append(tail)
            self._open = True
        self._out.write("".join(done))
        return len(text)

    def answered(self) -> None:
        """The person's answer ended the open line (their Enter): what comes next starts
        a line of its own."""
        self._open = False

    def flush(self) -> None:
        self._out.flush()

    def __getattr__(self, name: str) -> Any:   # encoding, isatty, fileno... of the stream
        if name == "buffer":   # no way around the fitting (Click writes to a buffer it finds)
            raise AttributeError(name)
        return getattr(self._out, name)


class _Answers:
    """Standard input that tells the fitted output when an answer is read (it ends the
    prompt's line); everything else is the stream's own."""

    def __init__(self, source: TextIO, out: _Fitted) -> None:
        self._in = source
        self._fitted = out

    def readline(self, *args: Any) -> str:
        line = self._in.readline(*args)
        self._fitted.answered()
        return line

    def __iter__(self) -> _Answers:
        return self

    def __next__(self) -> str:
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def __getattr__(self, name: str) -> Any:   # fileno, isatty, encoding... of the stream
        return getattr(self._in, name)


def width_now() -> int:
    """:data:`WIDTH`, or the terminal's width when it is narrower."""
    return min(WIDTH, shutil.get_terminal_size((WIDTH, 24)).columns)


@contextmanager
def fitted_output(width: int | None = None) -> Iterator[None]:
    """Within the block, standard output is fitted to ``width`` (default
    :func:`width_now`). Standard error is left alone: an error stays one line."""
    w = width_now() if width is None else width
    old, old_in = sys.stdout, sys.stdin
    out = _Fitted(old, w)
    sys.stdout = out   # type: ignore[assignment]
    sys.stdin = _Answers(old_in, out)   # type: ignore[assignment]
    try:
        yield
    finally:
        try:
            out.flush()
        finally:
            sys.stdout, sys.stdin = old, old_in


def fitted(func: Callable[P, R]) -> Callable[P, R]:
    """``func`` (a prompt loop) run with its output fitted (:func:`fitted_output`)."""
    @functools.wraps(func)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        with fitted_output():
            return func(*args, **kwargs)
    return run
