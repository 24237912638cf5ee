"""The Muggins round summary and game-over window: how the round ended, the pips and their
rounding, the points (R-MG-5, R-MG-6); after the game, play again, leave or review."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from gameshelf.core.records import GameRecord
from gameshelf.core.text import count, possessive, said
from gameshelf.games.muggins.game import RoundResult
from gameshelf.games.muggins.tiles import round_to_five
from gameshelf.games.muggins.tui.coach import MugginsReviewScreen
from gameshelf.games.muggins.tui.keys import HELP
from gameshelf.tui.base import quit_binding
from gameshelf.tui.widgets import GameFooter, HelpScreen, help_binding, plain


class SummaryScreen(ModalScreen[bool]):
    """The round summary (True: continue) or the game-over screen (True: play again). Its
    footer names its own keys: Enter (or Space) the next round; after the game y (Enter,
    Space) plays again, n (Esc) leaves; F1 / ? the help, Ctrl+Q quits."""

    DEFAULT_CSS = (Path(__file__).parent / "summary.tcss").read_text(encoding="utf-8")
    BINDINGS = [
        Binding("enter", "next_round", "Next round"),
        Binding("space", "next_round", "Next round", show=False),
        Binding("y", "next_round", "Next round", show=False),
        Binding("y", "again", "Play again"),
        Binding("enter,space", "again", "Play again", show=False),
        Binding("n", "leave", "Leave"),
        Binding("escape", "leave", "Leave", show=False),
        Binding("r", "review", "Review"),
        help_binding(),
        quit_binding(),
    ]

    def __init__(self, text: str, game_over: bool, help_text: str = HELP,
                 record: GameRecord | None = None, again: bool = True) -> None:
        super().__init__()
        self._text, self.game_over, self._help = text, game_over, help_text
        #: the finished game, for the review (r)
        self.record = record
        #: a new game can be started from here (not online: the room is over)
        self.again = again

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(plain(self._text, lines=True), id="summary")
            with Horizontal():
                buttons = ([Button("Play again (y)", id="yes", variant="primary"),
                            Button("Leave (n)", id="no", variant="warning")]
                           if self.game_over and self.again
                           else [Button("Leave (n)", id="no", variant="warning")]
                           if self.game_over
                           else [Button("Next round (Enter)", id="yes", variant="primary")])
                for button in buttons:
                    button.can_focus = False   # Enter is the screen's key, named in the footer
                    yield button
        yield GameFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Next round (Enter) between rounds; Play again (y) or Leave (n) after the game."""
        if action == "next_round":
            return not self.game_over
        if action == "again":
            return self.game_over and self.again
        if action == "leave":
            return self.game_over
        if action == "review":
            return self.game_over and self.record is not None
        return True

    def action_review(self) -> None:
        """The coach's review of the finished game (a window over this one)."""
        if self.game_over and self.record is not None:
            self.app.push_screen(MugginsReviewScreen(self.record))

    def action_next_round(self) -> None:
        self.dismiss(True)

    def action_again(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        self.dismiss(False)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self._help))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


def round_summary(r: RoundResult, names: tuple[str, str] = ("You", "Mugsy")) -> str:
    """The text of a round summary: how it ended, the pips, the rounding, the points."""
    lines = [f"Round {r.round_no}: " + ("DOMINO!" if r.kind == "domino" else "BLOCKED"
                                          if r.kind == "blocked" else "target reached")]
    lines.append(f"Pips left: {names[0]} {r.pips[0]}, {names[1]} {r.pips[1]}")
    if r.winner is None:
        lines.append("Equal pip totals: nobody scores." if r.kind == "blocked" else "")
    else:
        loser = 1 - r.winner
        raw = r.pips[loser]
        rounded = round_to_five(raw)
        how = ("exact" if rounded == raw else
               f"remainder {raw % 5} rounds {'down' if rounded < raw else 'up'}")
        if r.kind == "domino":
            lines.append(f"{names[r.winner]} went out: bonus {r.bonus}.")
        else:
            lines.append(f"Nobody can play; {said(names[r.winner], 'has')} the lower total.")
        lines.append(f"{possessive(names[loser])} {count(raw, 'pip')} -> "
                     f"{rounded} ({how}).")
        lines.append(f"{said(names[r.winner], 'scores')} {r.points}.")
    lines.append(f"Score: {names[0]} {r.scores[0]}, {names[1]} {r.scores[1]}")
    return "\n".join(x for x in lines if x)


def game_over_text(names: tuple[str, str], me: int, winner: int | None,
                   scores: tuple[int, int], target: int, cut: bool, problem: str | None,
                   again: bool) -> str:
    """The game-over window's text for seat ``me``: who won and the final score (``cut``: the
    connection was lost, the game goes on on the server), the line saying where the end is
    when it was not recorded (``problem``), and "Play again?" when a new game can start
    here (``again``)."""
    text = ("The game is not over: it goes on on the server.\n\n" if cut else
            ("You win!" if winner == me else f"{said(names[1 - me], 'wins')}.") +
            f"\n\nFinal score: {names[0]} {scores[0]}, {names[1]} {scores[1]} "
            f"(target {target}).\n")
    if problem is not None:
        text += problem[0].upper() + problem[1:] + ".\n"
    return text + ("Play again?" if again else "")
