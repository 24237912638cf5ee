"""The game's log on the table: it wraps its lines again when its width changes."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.events import Resize
from textual.widgets import RichLog

from gameshelf.tui.widgets import plain


class ReflowLog(RichLog):
    """A log that keeps its lines as text and wraps them again when its width changes (a
    RichLog wraps a line once, when written: after a resize from 80x24 to 120x40 the old
    lines stayed wrapped at the old width)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(wrap=True, markup=False, **kwargs)  # type: ignore[arg-type]
        self._texts: list[Text] = []
        self._wrapped_at = 0

    @property
    def texts(self) -> list[str]:
        """The lines added, as plain text, oldest first."""
        return [t.plain for t in self._texts]

    def add(self, text: Text) -> None:
        """Append ``text`` (kept, so that a resize wraps it again)."""
        self._texts.append(text)
        self.write(text)

    def on_resize(self, event: Resize) -> None:
        width = self.scrollable_content_region.width
        if not self._size_known or width == self._wrapped_at:
            self._wrapped_at = width if self._size_known else self._wrapped_at
            return
        self._wrapped_at = width
        self.clear()
        for text in self._texts:
            self.write(text)


class GameLog(ReflowLog):
    """The public log of the match: the lines not shown yet are added, turns in bold,
    Wizard Mode in magenta, drains in red."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._seen = 0

    def follow(self, lines: Sequence[str]) -> None:
        """Add the lines of ``lines`` (the whole log, oldest first) not shown yet."""
        for line in lines[self._seen:]:
            style = "bold magenta" if "Wizard" in line else (
                "bold red" if " drain" in line else
                "bold" if line.startswith("Turn ") else "")
            self.add(plain(line, style))
        self._seen = len(lines)

    def restart(self) -> None:
        """Empty, the kept lines too: the next :meth:`follow` shows its log from the first
        line (a replay's step shown afresh)."""
        self._texts.clear()
        self.clear()
        self._seen = 0
