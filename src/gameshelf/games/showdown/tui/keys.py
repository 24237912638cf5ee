"""The keys of the Showdown table: the game's, then a replay's (each hidden while the
screen shows the other kind of match), and what each turn action needs to be offered."""

from __future__ import annotations

from textual.binding import Binding, BindingType

from gameshelf.games.showdown.actions import Bid, Buy, Done, Speed
from gameshelf.tui.howto import howto_binding
from gameshelf.tui.replay import REPLAY_BINDINGS
from gameshelf.tui.widgets import help_binding, refusal

TABLE_KEYS: list[BindingType] = [
    Binding("escape", "leave", "Leave"),
    help_binding(),
    Binding("s,ctrl+s", "save", "Save"),
    Binding("colon,slash", "type", "Type", key_display=":"),
    howto_binding(),
    Binding("p", "piles", "Piles"),
    Binding("pageup", "scroll_log(-1)", "Log up", show=False),
    Binding("pagedown", "scroll_log(1)", "Log down", show=False),
    Binding("left", "move(-1)", "Card ←", show=False),
    Binding("right", "move(1)", "Card →", show=False),
    Binding("enter", "enter", "Offer/take", show=False),
    Binding("b", "bid", "Bid"),
    Binding("plus,equals_sign", "tokens(1)", "+token", show=False),
    Binding("minus", "tokens(-1)", "-token", show=False),
    Binding("v", "speed", "Speed+1"),
    Binding("u", "buy", "Buy"),
    Binding("d", "done", "Done"),
    Binding("h", "hint", "Hint"),
    Binding("r", "review", "Review"),
    *[Binding(str(k), f"flip({k})", show=False) for k in range(10)],
    # the turn's keys while the footer hides them: each says why it cannot be done now
    refusal("b", "bid"), refusal("v", "speed"), refusal("u", "buy"), refusal("d", "done"),
    refusal("s,ctrl+s", "save"), refusal("h", "hint"), refusal("r", "review"),
    refusal("p", "piles"),
    # a replay's: moving through it, and ``c`` for another seat's hand
    *REPLAY_BINDINGS,
    Binding("c", "replay_hand", "Hand"),
]

#: The screen's turn actions and the kind of legal action each needs (``tokens`` sets a
#: bid's tokens, so it goes with bidding).
TURN_ACTIONS: dict[str, type[Bid | Speed | Buy | Done]] = {
    "bid": Bid, "tokens": Bid, "speed": Speed, "buy": Buy, "done": Done}
#: The game screen's actions a replay keeps: scrolling the log (``p`` is the replay's Back,
#: so the piles are not shown in a replay).
REPLAY_KEEPS = frozenset({"scroll_log"})
#: From this many columns the footer names Hint beside the control step's keys, and Piles.
WIDE_FOOTER = 100
