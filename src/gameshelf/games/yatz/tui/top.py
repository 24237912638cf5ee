"""The Yatz top-20 table (R-YZ-7), a window over any Yatz screen."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, DataTable, Static

from gameshelf.core.errors import GameshelfError
from gameshelf.core.store import Store
from gameshelf.core.text import error_line, when
from gameshelf.games.yatz.game import GAME
from gameshelf.games.yatz.highscores import TOP, UNDO_NOTE, undo_mark
from gameshelf.tui.base import quit_binding
from gameshelf.tui.widgets import GameFooter, HelpScreen, help_binding, plain

TOP_HELP = """\
# Yatz · top 20

The best twenty scores of finished games: name, score, date and game number. **Undos**
says how many boxes the player took back (undo) in that game; blank: none. A star marks a
score of the game just finished.

* **Enter**, **Esc**, **q** or **t** close the table
"""


class HighScoresScreen(ModalScreen[None]):
    """The top-20 table (R-YZ-7): name, score, date, game number, and the boxes the player
    took back in that game (``Undos``, blank for none; the frame's foot says so). The title
    and that note sit in the frame, and below 30 lines the Close button is left out (the
    footer names Esc), so all 20 rows show at 80x24."""

    BINDINGS = [Binding("escape,q,enter,t", "close", "Close"), help_binding(),
                quit_binding()]
    DEFAULT_CSS = Path(__file__).with_name("top.tcss").read_text(encoding="utf-8")
    #: Lines the frame, the footer and the Close button take besides the table.
    _AROUND, _BUTTON = 3, 3

    def __init__(self, highlight: set[int] | None = None) -> None:
        """``highlight``: row ids to mark as new (from the game just finished)."""
        super().__init__()
        self.highlight = highlight or set()

    def compose(self) -> ComposeResult:
        with Vertical() as frame:
            frame.border_title = "Yatz · top 20"
            yield Static("", id="title", markup=False)
            yield DataTable(id="top", cursor_type="none")
            yield Button("Close", id="close", variant="primary")
        yield GameFooter()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """Show the Close button only where the rows leave room for it; the table takes the
        height left."""
        room = self.size.height - self._AROUND - (1 if self.query_one("#title").display
                                                  else 0)
        button = self.query_one("#close", Button)
        button.display = room - self._BUTTON >= TOP + 1
        self.query_one("#top", DataTable).styles.max_height = max(
            3, room - (self._BUTTON if button.display else 0))

    def on_mount(self) -> None:
        table = self.query_one("#top", DataTable)
        table.can_focus = False  # Enter, t and Esc close the table
        self.query_one("#close", Button).focus()
        table.add_columns("#", "Name", "Score", "Date", "Game", "Undos", "")
        try:
            with Store() as store:
                rows = store.top_scores(GAME, TOP)
        except GameshelfError as exc:
            self.query_one("#title", Static).update(plain(f"Top 20 unavailable: {error_line(exc)}"))
            self._fit()
            return
        title = self.query_one("#title", Static)
        title.display = not rows
        table.display = bool(rows)   # no empty frame of headings: the line says it
        if not rows:
            title.update("No scores yet: finished games enter the table.")
        for i, r in enumerate(rows, start=1):
            mark = Text("★ new", style="bold yellow") if r.id in self.highlight else ""
            table.add_row(str(i), plain(r.name), plain(r.score), plain(when(r.date)),
                          plain(r.seed), Text(undo_mark(r.detail), justify="right"), mark)
        if any(undo_mark(r.detail) for r in rows):
            self.query_one(Vertical).border_subtitle = UNDO_NOTE
        self._fit()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(TOP_HELP))

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.dismiss(None)
