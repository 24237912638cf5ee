"""The Pinball Showdown game screen: the table, the hand, the log, hot-seat hand-offs.

For people sharing one terminal: whenever the person to act changes, a hand-off screen hides
the table until the next person presses Enter, so nobody sees another's hand. Computer seats
play in a worker, one action at a time, and the log shows what they did.

Keys: Left/Right choose a card, Enter offers or takes it, ``b`` bids on it (``+``/``-`` set the
number of tokens), ``v`` increases speed by one, ``u`` buys the chosen discarded card, ``d``
ends your use of control tokens, ``0``-``9`` flip returned tokens; every action can also be
typed (``bid P07 2``). ``s`` (or ``Ctrl+S``) saves, F1 or ``?`` shows help, Esc leaves (the
game is saved). The footer names only the keys of the step on screen.

The screen coordinates the table's widgets (:mod:`.cards`, :mod:`.card_line`, :mod:`.zones`,
:mod:`.table`, :mod:`.log`, :mod:`.prompt`, :mod:`.command`): it draws them from the match's
views and plays what they report (a card chosen, a button pressed, an action typed).
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Button, Input, Static

from gameshelf.core.errors import GameshelfError
from gameshelf.core.text import error_line, literal, quoted, saved_as
from gameshelf.games.showdown.actions import DONE, Action, Bid, Buy, Done, Flip, Offer, Speed, Take
from gameshelf.games.showdown.game import Phase, PlayerView
from gameshelf.games.showdown.match import Match
from gameshelf.games.showdown.play import LocalShowdown, ShowdownMatch
from gameshelf.games.showdown.session import ShowdownSession
from gameshelf.games.showdown.tui.cards import CardChosen
from gameshelf.games.showdown.tui.choice import Choice, after_bid
from gameshelf.games.showdown.tui.coach import ShowdownHintScreen, ShowdownReviewScreen
from gameshelf.games.showdown.tui.command import CommandInput
from gameshelf.games.showdown.tui.handoff import HandOffScreen
from gameshelf.games.showdown.tui.help import HELP
from gameshelf.games.showdown.tui.layout import Layout
from gameshelf.games.showdown.tui.log import GameLog
from gameshelf.games.showdown.tui.prompt import ActionBar
from gameshelf.games.showdown.tui.scores import ScoreScreen, piles_text, score_table
from gameshelf.games.showdown.tui.table import Tabletop, status_text
from gameshelf.games.showdown.tui.zones import hand_label
from gameshelf.session.base import save_failure
from gameshelf.tui.base import drawable
from gameshelf.tui.widgets import GameFooter, HelpScreen, RefusalMixin, help_binding, refusal

#: The screen's turn actions and the kind of legal action each needs (``tokens`` sets a
#: bid's tokens, so it goes with bidding).
_TURN_ACTIONS: dict[str, type[Bid | Speed | Buy | Done]] = {
    "bid": Bid, "tokens": Bid, "speed": Speed, "buy": Buy, "done": Done}
#: The buttons of the action bar and the actions they run.
_BUTTONS = {"btn-offer": "enter", "btn-take": "enter", "btn-bid": "bid", "btn-speed": "speed",
            "btn-buy": "buy", "btn-done": "done"}


class ShowdownScreen(RefusalMixin, Screen[None]):
    """The table for one match."""

    AUTO_FOCUS = None  # letters are keys, not typing: ':' or Tab focuses the action box
    DEFAULT_CSS = Path(__file__).with_name("screen.tcss").read_text(encoding="utf-8")
    #: from this many columns the footer names Hint beside the control step's keys
    WIDE_FOOTER = 100
    BINDINGS = [
        Binding("escape", "leave", "Leave"),
        help_binding(),
        Binding("s,ctrl+s", "save", "Save"),
        Binding("colon,slash", "type", "Type"),
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
    ]

    def __init__(self, game: Match | ShowdownSession | ShowdownMatch) -> None:
        super().__init__()
        #: the match interface the screen plays through: a game here (its session and save
        #: under it; a bare match gets a session whose first save claims ``game-<number>``)
        #: or a game on a server (this terminal's seat only)
        self.game = game if isinstance(game, ShowdownMatch) else LocalShowdown(game)
        #: a game played here: its session and match (None online)
        self.session = self.game.session if isinstance(self.game, LocalShowdown) else None
        self.match = self.game.match if isinstance(self.game, LocalShowdown) else None
        self.shown_seat: int | None = None  # the human whose hand is on screen
        self.choice = Choice()
        self.busy = False
        self._finished_shown = False
        #: the people at this terminal (a hand-off between turns when more than one)
        self._humans = len(self.game.here())
        self._errors_seen = len(self.game.errors)

    # ----- layout ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="sd-status")
        yield Tabletop(id="sd-main")
        yield ActionBar(id="sd-act")
        yield CommandInput(placeholder="type an action (offer P07, bid P07 2, buy P12, done) "
                                       "and Enter", id="sd-cmd", compact=True)
        yield GameFooter()

    def on_mount(self) -> None:
        self.lay_out()
        self.refresh_table()
        self.advance()

    def table_layout(self) -> Layout:
        """The table's columns at the screen's size."""
        return Layout(self.size.width, self.size.height)

    def large(self) -> bool:
        """True when the terminal is big enough to draw the cards as cards."""
        return self.table_layout().large

    def lay_out(self) -> None:
        """Size the columns for the terminal: cards as cards from LARGE (four or five to a
        row), one line per card below it; the log and the discard pile get what is left."""
        layout = self.table_layout()
        self.set_class(layout.compact, "compact")
        self.set_class(layout.short, "short")
        self.query_one(Tabletop).lay_out(layout)

    def on_resize(self) -> None:
        self.lay_out()
        self.refresh_table()

    # ----- who sees what -----------------------------------------------------------------
    def viewer(self) -> int | None:
        """The human whose hand may be shown now."""
        if self._humans == 1:
            return self.game.here()[0]
        return self.shown_seat

    def view(self) -> PlayerView | None:
        seat = self.viewer()
        return None if seat is None else self.game.view(seat)

    def table(self) -> PlayerView:
        """The table as the person on screen sees it (public parts only are read from it
        but their hand)."""
        seat = self.viewer()
        return self.game.table() if seat is None else self.game.view(seat)

    # ----- the game loop -----------------------------------------------------------------
    @work(exclusive=True, group="showdown-cpu")
    async def advance(self) -> None:
        """Play chance and computer moves (one at a time, so the log follows) until a person
        must act; then hand over if another person's turn begins."""
        self.busy = True
        try:
            match = self.game
            while not match.finished() and not match.here_to_act():
                moved = await asyncio.to_thread(match.advance)
                if not moved:  # online: no news yet
                    self._show_errors()
                    continue
                self._settle()  # after every action: a stop or a crash loses nothing
                if match.keeps_saves:   # the cards are redrawn once the computers are done
                    self.query_one(Tabletop).draw_players(match.seats, self.table(),
                                                          self.table_layout())
                    self.query_one(GameLog).follow(match.log())
                else:  # online: a person elsewhere takes their time; show each move whole
                    self.refresh_table()
                await asyncio.sleep(0)
            if isinstance(match, LocalShowdown) and match.unsaved:
                self._settle()   # a game's first save, or a catch-up after a failed one
        finally:
            self.busy = False
        if match.finished():
            self.refresh_table()
            self._finish()
            return
        seat = match.to_act()
        if self._humans > 1 and seat != self.shown_seat:
            self.shown_seat = None
            self.refresh_table()
            self.app.push_screen(HandOffScreen(match.seats[seat].name),
                                 lambda ready, s=seat: self._handed_to(s) if ready
                                 else self.action_leave())
        else:
            self.shown_seat = seat
            self.choice.keep(self.table(), self.view())
            self.refresh_table()

    def _handed_to(self, seat: int) -> None:
        self.shown_seat = seat
        self.choice.reset(self.table(), self.view())
        self.refresh_table()

    def _finish(self) -> None:
        if self._finished_shown:
            return
        self._finished_shown = True
        self._settle()  # the end written (once; a resumed finished game was written then)
        told = self.game.end_problem()
        text = (Text("The game is not over: it goes on on the server.", style="bold")
                if self.game.cut_off() is not None   # connection lost
                else score_table(self.game))
        if told is not None:
            text.append("\n\n" + told[0].upper() + told[1:] + ".", style="bold red")
            self.app.bell()
        self.app.push_screen(ScoreScreen(text))

    def _settle(self) -> None:
        """Save the game (or write its end); a store failure is shown, never raised."""
        self.game.settle()
        self._show_errors()

    def _show_errors(self) -> None:
        """Show the match's new failures (a store that cannot be written; online, a lost
        connection), once each."""
        for message in self.game.errors[self._errors_seen:]:
            self.notify(save_failure(message) if self.game.keeps_saves else message,
                        severity="error", markup=False)
        self._errors_seen = len(self.game.errors)

    # ----- acting ------------------------------------------------------------------------
    def can_act(self) -> bool:
        """True when the person on screen is to act (and no computer is thinking)."""
        m = self.game
        return (not self.busy and not m.finished() and m.here_to_act()
                and m.to_act() == self.viewer())

    def _not_now(self) -> bool:
        """Say why nobody on screen may act now (another's turn, or the game's end); False
        when the person on screen may."""
        if self.can_act():
            return False
        self._complain("Wait: it is not your turn." if not self.game.finished()
                       else self.game.over_line())
        return True

    def act(self, action: Action | str) -> bool:
        """Apply a person's action; a bad one shows a message and rings the bell."""
        if self._not_now():
            return False
        try:
            self.game.play(str(action))
        except GameshelfError as exc:
            self._complain(error_line(exc))
            if self.game.cut_off() is not None:   # the server is gone: said as such
                self.refresh_table()
                self._finish()
            return False
        self._settle()  # at once, before the computers move
        if self.game.here_to_act() and self.game.to_act() == self.viewer():
            self.choice.played(self.table(), self.view())
        if not self.game.keeps_saves:
            self.refresh_table()  # online: the move shown at once, while others think
        self.advance()  # saves, plays the computers and redraws
        return True

    def _complain(self, message: str) -> None:
        self.app.bell()
        self.query_one(ActionBar).complain(message)

    def selected(self) -> int | None:
        """The card chosen (None: none in its zone)."""
        return self.choice.selected(self.view())

    def on_card_chosen(self, message: CardChosen) -> None:
        """Choose the card a click landed on; a second click on it plays it (offer, bid,
        buy, take), as Enter does. A single click never plays, even on the card the keys
        had chosen."""
        if self.busy:
            return
        widget = message.widget
        done = self.choice.click(widget.zone, widget.index, self.table(), self.view(),
                                 self.can_act())
        if done == "claimed":
            self._complain("That card has been claimed already.")
        elif done == "play":
            self.action_enter()
        elif done:
            self.refresh_table()

    def action_move(self, step: int) -> None:
        if not self.busy:
            self.choice.move(step, self.table(), self.view())
            self.refresh_table()

    def action_enter(self) -> None:
        if self._not_now():   # "choose a card" would be wrong while another acts
            return
        c, zone = self.selected(), self.choice.zone
        ph = self.table().phase
        if c is None:
            self._complain("Choose a card first (Left/Right or a click).")
        elif ph is Phase.OFFER and zone == "hand":
            self.act(Offer(c))
        elif ph is Phase.TAKE and zone == "faceup":
            self.act(Take(c))
        elif ph is Phase.CONTROL and zone == "faceup":
            if any(isinstance(a, Bid) for a in self.game.legal_actions()):
                self.action_bid()
            else:   # Enter again after a bid: say what is left, not the rules' refusal
                self._complain(after_bid(self.game.legal_actions()))
        elif ph is Phase.CONTROL and zone == "discard":
            self.action_buy()
        else:
            self._complain("Nothing to do with that card now.")

    def action_bid(self) -> None:
        c = self.selected()
        if self.choice.zone != "faceup" or c is None:
            self._complain("Choose a face-up card to bid on.")
            return
        self.act(Bid(c, self.choice.tokens))

    def action_tokens(self, step: int) -> None:
        self.choice.more(step, self.view())
        self.refresh_table()

    def action_speed(self) -> None:
        self.act(Speed(1))

    def action_buy(self) -> None:
        c = self.selected()
        if self.choice.zone != "discard" or c is None:
            self._complain("Choose a card of the discard pile to buy (Right past the "
                           "face-up cards).")
            return
        self.act(Buy(c))

    def action_done(self) -> None:
        self.act(DONE)

    def action_flip(self, n: int) -> None:
        st = self.table()
        if st.pending_return is None:
            if st.phase is Phase.CONTROL and self.choice.zone == "faceup":
                self.choice.tokens = max(self.choice.least_bid(self.view()), n)
                self.refresh_table()
            return
        self.act(Flip(n))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        if text and self.act(text):
            self.set_focus(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        name = event.button.name or ""
        if name in ("btn-more", "btn-less"):
            self.action_tokens(1 if name == "btn-more" else -1)
        elif name.startswith("btn-flip-"):
            self.act(Flip(int(name.removeprefix("btn-flip-"))))
        elif name in _BUTTONS:
            getattr(self, f"action_{_BUTTONS[name]}")()

    # ----- windows, saving, leaving ------------------------------------------------------
    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(HELP))

    def action_scroll_log(self, direction: int) -> None:
        log = self.query_one(GameLog)
        if direction < 0:
            log.scroll_page_up()
        else:
            log.scroll_page_down()

    def action_hint(self) -> None:
        """The coach's hint for the person to act, from their view only (a window; here or
        online alike)."""
        if self._not_now():
            return
        seat = self.game.to_act()
        self.app.push_screen(ShowdownHintScreen(self.game.view(seat),
                                                self.game.legal_actions()))

    def action_review(self) -> None:
        """The coach's review of a finished game played here (a window)."""
        if self.match is None:
            self._complain("The review needs the game's record: it is kept on the server.")
            return
        if not self.game.finished():
            self._complain("The review comes after the game: H gives a hint now.")
            return
        self.app.push_screen(ShowdownReviewScreen(self.match.record()))

    def action_piles(self) -> None:
        self.app.push_screen(ScoreScreen(piles_text(self.game)))

    def action_type(self) -> None:
        self.query_one("#sd-cmd", Input).focus()

    def action_save(self) -> None:
        if self.game.finished():
            self._complain("The game is over: its scores are kept, there is nothing to save."
                           if self.game.cut_off() is None else self.game.over_line())
            return
        if not self.game.keeps_saves:
            self._complain("The server keeps this game: every move is stored there.")
            return
        try:
            name = self.game.save()
        except GameshelfError as exc:
            self.notify(f"could not save: {error_line(exc)}", severity="error", markup=False)
            return
        self.notify(saved_as("showdown", name), markup=False)

    def keep_game(self) -> None:
        """Ctrl+Q: keep the game saved (see ``gameshelf.tui.base``)."""
        if not self.game.finished():
            self._settle()

    def action_leave(self) -> None:
        """Esc: save and leave the game screen (back to the start screen, or out of the app
        when ``gameshelf showdown play``/``resume`` opened it, as in the other games), saying
        ``Game saved as 'NAME'.`` on the way out as Yatz and Muggins do (a failed save says
        why instead)."""
        game = self.game
        if not game.finished() and isinstance(game, LocalShowdown):
            before = len(game.errors)
            self._settle()
            if len(game.errors) == before and not game.unsaved:
                self.app.notify(f"Game saved as {quoted(game.name or '')}.",
                                title="Pinball Showdown", markup=False)
        elif not game.finished():
            self.app.notify(f"Left room {game.name or ''}: the server keeps your seat; "
                            "join again with the same name to play on.",
                            title="Pinball Showdown", markup=False)
        game.close()
        self.dismiss(None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer offers only what can be done now (``False`` hides a binding): a turn's
        action while the person on screen is to act and the rules allow one of its kind
        (no Bid once they have bid this turn, no Buy without a discard pile or 2 tokens, no
        Speed+1 without 2 tokens), nothing of a turn, no Save and no typing once the game is
        over."""
        kind = _TURN_ACTIONS.get(action)
        if kind is not None:
            if not self.can_act():
                return False
            return any(isinstance(a, kind) for a in self.game.legal_actions())
        if action in ("type", "save") and self.game.finished():
            return False
        if action == "save" and not self.game.keeps_saves:
            return False
        if action == "hint":
            # 80 columns hold the control step's keys or Hint, not both: there the footer
            # leaves Hint out, and h still opens it (its refusal binding; the help names it)
            return self.can_act() and (self.size.width >= self.WIDE_FOOTER or not any(
                isinstance(a, (Bid, Speed, Buy, Done)) for a in self.game.legal_actions()))
        if action == "review":
            return self.match is not None and self.game.finished()
        return True

    # ----- drawing -----------------------------------------------------------------------
    def refresh_table(self) -> None:
        """Redraw everything from the match state (not while the screen is not on, or the
        app is closing: a resize or a computer's move then would mount into removed
        containers)."""
        if not drawable(self):
            return
        v, st, layout, can = self.view(), self.table(), self.table_layout(), self.can_act()
        self.refresh_bindings()
        self.query_one("#sd-status", Static).update(status_text(self.game, st, layout.width))
        table = self.query_one(Tabletop)
        table.draw(self.game.seats, st, v, layout, self._hand_label(v, can))
        table.mark(self.choice.zone, self.selected() if can else None, st, v)
        self.query_one(GameLog).follow(self.game.log())
        self.query_one(ActionBar).draw(self.game, st, v, can_act=can, zone=self.choice.zone,
                                       chosen=self.selected(), tokens=self.choice.tokens)

    def _hand_label(self, v: PlayerView | None, can_act: bool) -> Text | str:
        """Over the hand: whose it is and the card chosen, or why no hand is shown."""
        if v is None:
            return ("Connection lost: the game goes on on the server"
                    if self.game.cut_off() is not None
                    else ("Game over: p shows the piles, r the review" if self.match
                          else "Game over: p shows the piles") if self.game.finished()
                    else "Computers only: no hand shown" if not self._humans
                    else "Hand hidden: pass the terminal")
        cursor = self.choice.cursor
        chosen = (cursor + 1 if self.choice.zone == "hand" and can_act
                  and 0 <= cursor < len(v.hand) else None)
        return hand_label(literal(self.game.seats[v.seat].name), v, chosen)
