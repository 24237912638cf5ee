"""The lines under the table: what the person to act may do now, with a button for each
action (or who is playing, or the game's end), a refused action's reason in red; and the box
any action can be typed in (``bid P07 2``)."""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Input, Static

from gameshelf.core.text import count, literal, possessive, said
from gameshelf.games.showdown.actions import Bid, Buy, Speed, card_text
from gameshelf.games.showdown.play import ShowdownMatch
from gameshelf.games.showdown.table import BUY_COST, Phase, PlayerView
from gameshelf.games.showdown.tui.layout import LARGE
from gameshelf.tui.widgets import plain

#: The buttons of the bar and the screen's actions they run (with their arguments).
BUTTONS: dict[str, tuple[str, tuple[int, ...]]] = {
    "btn-offer": ("enter", ()), "btn-take": ("enter", ()), "btn-bid": ("bid", ()),
    "btn-more": ("tokens", (1,)), "btn-less": ("tokens", (-1,)), "btn-speed": ("speed", ()),
    "btn-buy": ("buy", ()), "btn-done": ("done", ()),
    **{f"btn-flip-{k}": ("flip", (k,)) for k in range(21)}}


class ActionBar(Vertical):
    """The prompt (``#sd-prompt``) and the buttons of the actions it names
    (``#sd-buttons``); a pressed button is reported up as :class:`ActionBar.Chosen`."""

    class Chosen(Message):
        """A button was pressed: the screen runs ``action_<action>(*args)``."""

        def __init__(self, action: str, args: tuple[int, ...]) -> None:
            super().__init__()
            self.action = action
            self.args = args

    def compose(self) -> ComposeResult:
        yield Static(id="sd-prompt")
        yield Horizontal(id="sd-buttons")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        chosen = BUTTONS.get(event.button.name or "")
        if chosen is not None:
            event.stop()
            self.post_message(self.Chosen(*chosen))

    def say(self, text: Text) -> None:
        """Show ``text`` as the prompt, with no buttons."""
        self.query_one("#sd-prompt", Static).update(text)
        self.query_one("#sd-buttons", Horizontal).remove_children()

    def replay(self, name: str | None, more: bool) -> None:
        """A replay's line: its keys, whose hand is shown (``name``; None: none) and, when
        ``more``, that ``c`` shows another."""
        who = "no hand shown" if name is None else f"{possessive(literal(name))} hand"
        self.say(plain(f"Replay: →/n next move, ←/p back · {who}"
                       + (" · c another hand" if more else "")))

    def complain(self, message: str) -> None:
        """Show why an action was refused (the buttons stay)."""
        self.query_one("#sd-prompt", Static).update(plain(message, "bold red", lines=True))

    def draw(self, game: ShowdownMatch, st: PlayerView, v: PlayerView | None, *,
             can_act: bool, zone: str, chosen: int | None, tokens: int) -> None:
        """The prompt for the table ``st``: the person on screen (``v``) to act, who may
        (``can_act``), with the card ``chosen`` in ``zone`` and ``tokens`` for a bid."""
        prompt = self.query_one("#sd-prompt", Static)
        buttons = self.query_one("#sd-buttons", Horizontal)
        buttons.remove_children()
        if st.is_terminal():
            winners = " and ".join(literal(game.seats[w].name) for w in st.winners())
            prompt.update(Text(f"Game over. Winner: {winners}. Esc leaves.",
                               style="bold green"))
            return
        seat = st.current_player()
        if seat < 0 or not game.seats[seat].is_human:
            who = game.seats[seat].name if seat >= 0 else "the dealer"
            prompt.update(Text(f"{literal(said(who, 'is'))} playing…", style="italic"))
            return
        if not can_act or v is None:
            prompt.update(Text(f"Waiting for {literal(game.seats[seat].name)}…",
                               style="italic"))
            return
        me = literal(game.seats[seat].name)
        sel_name = (f"{card_text(chosen)} {literal(st.cards[chosen].device)}"
                    if chosen is not None else "no card")
        if st.pending_return is not None:
            back = st.pending_return[1]
            prompt.update(Text(f"{me}: you were outbid and get {count(back, 'token')} back. "
                               f"Flip how many to speed? (keys 0-{min(back, 9)})",
                               style="bold"))
            for k in range(back + 1):
                buttons.mount(Button(str(k), name=f"btn-flip-{k}", compact=True))
            return
        if st.phase is Phase.OFFER:
            prompt.update(Text(f"{me}: step 1 — offer a card (chosen: {sel_name}). "
                               "Enter offers it.", style="bold"))
            buttons.mount(Button("Offer", name="btn-offer", variant="primary", compact=True))
        elif st.phase is Phase.CONTROL:
            self._draw_control(game, st, seat, me, zone, chosen, sel_name, tokens)
        elif st.phase is Phase.TAKE:
            prompt.update(Text(f"{me}: step 3 — no bid: take a card (chosen: {sel_name}). "
                               "Enter takes it.", style="bold"))
            buttons.mount(Button("Take", name="btn-take", variant="primary", compact=True))

    def _draw_control(self, game: ShowdownMatch, st: PlayerView, seat: int, me: str,
                      zone: str, chosen: int | None, sel_name: str, tokens: int) -> None:
        """Step 2: what Enter does with the card under the cursor (or that there is none);
        only what the rules allow now is offered (no Speed+1 or Buy without 2 tokens)."""
        speed, ctl = st.speed[seat], st.control[seat]
        legal = game.legal_actions()
        can_speed = any(isinstance(a, Speed) for a in legal)
        can_buy = any(isinstance(a, Buy) for a in legal)
        bidding = zone == "faceup" and chosen is not None and any(
            isinstance(a, Bid) and a.card == chosen for a in legal)
        buying = zone == "discard" and chosen is not None and can_buy
        if buying:
            doing = f"Buy {sel_name} for {BUY_COST} tokens? (u or Enter)"
        elif bidding:
            doing = f"Bid {tokens} on {sel_name}? (b or Enter; +/- tokens)"
        elif st.has_bid[seat]:
            doing = "You have bid this turn."
        else:
            doing = "Left/Right: choose a card."
        # under 40 rows the buttons alone name Speed+1 and Done: the rows go to the hand
        named = self.screen.size.height >= LARGE[1]
        hints = (["v: speed +1 (costs 2)"] if can_speed and named else []) \
            + (["Right to the discard pile to buy"] if can_buy and not buying else []) \
            + (["d: done."] if named else [])
        head = f"{me}: step 2 — speed {speed}, control {ctl}."
        # whole lines at any width: each part on the line before it while it fits
        width = self.content_region.width or 78
        lines = [head]
        for part in (doing, ", ".join(hints)) if hints else (doing,):
            if cell_len(f"{lines[-1]} {part}") <= width:
                lines[-1] = f"{lines[-1]} {part}"
            else:
                lines.append(part)
        text = Text(lines[0][:len(head)], style="bold")
        text.append(lines[0][len(head):])
        for line in lines[1:]:
            text.append("\n" + line)
        self.query_one("#sd-prompt", Static).update(text)
        buttons = self.query_one("#sd-buttons", Horizontal)
        if bidding:
            buttons.mount(Button("-", name="btn-less", compact=True))
            buttons.mount(Button(f"Bid {tokens}", name="btn-bid", variant="primary",
                                 compact=True))
            buttons.mount(Button("+", name="btn-more", compact=True))
        if can_speed:
            buttons.mount(Button("Speed+1", name="btn-speed", compact=True))
        if buying and chosen is not None:
            buttons.mount(Button(f"Buy {card_text(chosen)}", name="btn-buy", compact=True))
        buttons.mount(Button("Done", name="btn-done", variant="success", compact=True))


class CommandInput(Input):
    """The action box; Esc leaves it (back to the single-key commands)."""

    BINDINGS = [Binding("escape", "leave_box", "Leave the box", show=False)]

    def action_leave_box(self) -> None:
        self.screen.set_focus(None)
