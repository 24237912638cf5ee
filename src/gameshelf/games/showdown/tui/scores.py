"""The scores of a match as text and the window that shows them: the end-of-game breakdown
and everyone's scoring piles (``p``)."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from gameshelf.core.text import literal
from gameshelf.games.showdown.match import Match
from gameshelf.games.showdown.play import LocalShowdown, ShowdownMatch
from gameshelf.games.showdown.steps import MAX_TURNS


class ScoreScreen(ModalScreen[None]):
    """A text modal: the scoring breakdown at the end of the game, or the piles (``p``)."""

    DEFAULT_CSS = Path(__file__).with_name("scores.tcss").read_text(encoding="utf-8")
    BINDINGS = [Binding("escape,enter,q", "close", "Close")]

    def __init__(self, text: Text) -> None:
        super().__init__()
        self._text = text

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll(id="breakdown-scroll"):   # Up/Down, PageUp/PageDown scroll
                yield Static(self._text, id="breakdown")
            yield Button("Close (Enter)", id="close", variant="success")

    def on_mount(self) -> None:
        self.on_resize()
        self.query_one("#breakdown-scroll").focus()

    def on_resize(self) -> None:
        """The text scrolls in the height the terminal leaves (the piles of four players
        ran off the top at 80x24), the Close button in sight."""
        self.query_one("#breakdown-scroll").styles.max_height = max(3, self.size.height - 10)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


def piles_text(match: ShowdownMatch) -> Text:
    """Every player's scoring piles, card by card, and their Combination cards."""
    st = match.table()
    out = Text("Scoring piles (2X pile cards count double at the end)\n\n", style="bold")
    for s, seat in enumerate(match.seats):
        out.append(f"{literal(seat.name)}\n", style="bold underline")
        regular = ", ".join(f"{literal(st.cards[c].device)} {st.cards[c].points:,}"
                            for c in st.piles[s])
        double = ", ".join(f"{literal(st.cards[c].device)} {st.cards[c].points:,}"
                           for c in st.piles2x[s])
        combos = ", ".join(literal(st.deck.combinations[c].name) for c in st.combos_won[s])
        out.append(f"  pile: {regular or '-'}\n  2X pile: {double or '-'}\n"
                   f"  combinations: {combos or '-'}\n")
    return out


def score_table(match: ShowdownMatch | Match) -> Text:
    """The end-of-game breakdown: each source per player, the total and the winners."""
    match = match if isinstance(match, ShowdownMatch) else LocalShowdown(match)
    st = match.table()
    why = "a drain after turn 5" if st.end_reason == "drain" else f"{MAX_TURNS} turns"
    out = Text(f"Game over after turn {st.turn} ({why})\n\n", style="bold")
    head = f"{'player':<14}{'cards':>9}{'2X pile':>9}{'drop tgt':>9}{'combos':>9}" \
           f"{'tokens':>8}{'total':>9}\n"
    out.append(head, style="underline")
    winners = st.winners()
    for s, seat in enumerate(match.seats):
        sc = st.score(s)
        line = (f"{literal(seat.name):<14}{sc.cards:>9,}{sc.two_x:>9,}{sc.drop_bonus:>9,}"
                f"{sc.combos:>9,}{sc.tokens:>8,}{sc.total:>9,}")
        out.append(line + (" ★" if s in winners else "") + "\n",
                   style="bold green" if s in winners else "")
    out.append("★ wins" if len(winners) == 1 else "★ share the win", style="dim")
    if len(winners) > 1:
        out.append("\nA tie on points and tokens: they share the win.\n")
    return out


def end_text(match: ShowdownMatch) -> tuple[Text, bool]:
    """What the end of ``match`` shows: the scores (or, when the connection to the server
    was lost, that the game goes on there), with the line saying where the game is when its
    end could not be recorded; True with that line (the bell rings)."""
    told = match.end_problem()
    text = (Text("The game is not over: it goes on on the server.", style="bold")
            if match.cut_off() is not None   # connection lost
            else score_table(match))
    if told is not None:
        text.append("\n\n" + told[0].upper() + told[1:] + ".", style="bold red")
    return text, told is not None
