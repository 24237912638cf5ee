"""The Yatz game-over screen: the final ranking, new top-20 scores marked."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, DataTable, Static

from gameshelf.games.yatz.game import COLUMNS
from gameshelf.games.yatz.match import Match
from gameshelf.games.yatz.play import LocalYatz, YatzMatch
from gameshelf.games.yatz.tui.top import HighScoresScreen
from gameshelf.tui.widgets import GameFooter, HelpScreen, plain


class GameOverScreen(Screen[None]):
    """The final ranking, new high scores marked."""

    BINDINGS = [
        Binding("t", "scores", "Top 20"),
        Binding("v", "review", "Review"),
        Binding("escape,q,enter", "close", "Back"),
        Binding("f1,question_mark", "help", "Help"),
    ]
    DEFAULT_CSS = Path(__file__).with_name("over.tcss").read_text(encoding="utf-8")

    def __init__(self, match: YatzMatch | Match, new: dict[int, int]) -> None:
        super().__init__()
        #: the finished game (a bare match is read through the match interface)
        self.match: YatzMatch = match if isinstance(match, YatzMatch) else LocalYatz(match)
        #: Seats whose score entered the top 20, with their table row ids.
        self.new = new

    def compose(self) -> ComposeResult:
        with Vertical():
            seed = self.match.seed
            yield Static(f"Game over · game number {seed}" if seed is not None
                         else f"Game over · {self.match.title}", id="title")
            table: DataTable[str | Text] = DataTable(id="ranking", cursor_type="none")
            yield table
            notes = ["★ = a new top-20 score"] if self.new else []
            if any(self.match.undos):
                notes.append("Undos = boxes taken back")
            yield Static(" · ".join(notes), id="note")
            with Horizontal():
                yield Button("Top 20 (t)", id="top")
                yield Button("Review (v)", id="review")
                yield Button("Back (Enter)", id="back", variant="primary")
        yield GameFooter()

    def on_mount(self) -> None:
        table = self.query_one("#ranking", DataTable)
        undos = any(self.match.undos)
        table.add_columns("Place", "Player", "x1", "x2", "x3", "Total",
                          *(("Undos",) if undos else ()), "")
        st = self.match.state
        for place, i, pts in self.match.ranking():
            seat = self.match.seats[i]
            cols = [str(st.column_total(i, c) * (c + 1)) for c in range(COLUMNS)]
            star = Text("★ new high", style="bold yellow") if i in self.new else ""
            mark = (Text(str(self.match.undos[i] or ""), justify="right"),) if undos else ()
            table.add_row(str(place), plain(seat.name), *cols, Text(str(pts), style="bold"),
                          *mark, star)
        table.can_focus = False
        self.query_one("#back", Button).focus()

    @on(Button.Pressed, "#top")
    def action_scores(self) -> None:
        self.app.push_screen(HighScoresScreen(highlight=set(self.new.values())))

    @on(Button.Pressed, "#review")
    def action_review(self) -> None:
        """List every choice that cost expected points (when this terminal saw the whole
        game)."""
        # start-up: the review loads the strong player's tables (numba) when first used
        from gameshelf.games.yatz.tui.hints import ReviewScreen

        actions = self.match.played_actions()
        if actions is None:
            self.notify("The review needs the whole game, and this terminal joined it after "
                        "its start.", markup=False, severity="warning")
            return
        m = self.match
        self.app.push_screen(ReviewScreen(actions, [s.name for s in m.seats],
                                          [s.is_human for s in m.seats], m.rules))

    @on(Button.Pressed, "#back")
    def action_close(self) -> None:
        self.dismiss(None)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen("# Game over\n\nThe ranking of the game; a star "
                                        "marks a score that entered the top-20 table.\n\n"
                                        "* **t** the top-20 table\n* **v** review: every "
                                        "choice that cost expected points\n"
                                        "* **Enter**/**Esc** back"))
