"""The Pinball Showdown game screen: the table, the hand, the log, hot-seat hand-offs.

For people sharing one terminal, a hand-off screen hides the table whenever the person to
act changes; computer seats play in a worker, one action at a time. The keys are
:mod:`.keys`'s (the footer names only those of the step on screen). A replay is a read-only
match (:class:`~gameshelf.games.showdown.replay.ShowdownReplay`) in the same screen.

The screen coordinates the table's widgets: it draws them from the match's views and plays
what they report (a card chosen, a button pressed, an action typed).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual import work
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Input, Static

from gameshelf.core.errors import GameshelfError
from gameshelf.core.text import error_line
from gameshelf.games.showdown.actions import DONE, Action, Bid, Buy, Done, Flip, Speed
from gameshelf.games.showdown.match import Match
from gameshelf.games.showdown.play import LocalShowdown, ShowdownMatch
from gameshelf.games.showdown.replay import ShowdownReplay
from gameshelf.games.showdown.session import ShowdownSession
from gameshelf.games.showdown.table import PlayerView
from gameshelf.games.showdown.tui.cards import CardChosen
from gameshelf.games.showdown.tui.choice import Choice
from gameshelf.games.showdown.tui.handoff import HandOffScreen
from gameshelf.games.showdown.tui.help import showdown_help
from gameshelf.games.showdown.tui.howto import howto
from gameshelf.games.showdown.tui.keys import REPLAY_KEEPS, TABLE_KEYS, TURN_ACTIONS, WIDE_FOOTER
from gameshelf.games.showdown.tui.layout import Layout
from gameshelf.games.showdown.tui.log import GameLog
from gameshelf.games.showdown.tui.prompt import ActionBar, CommandInput
from gameshelf.games.showdown.tui.scores import ScoreScreen, end_text
from gameshelf.games.showdown.tui.table import Tabletop, status_text
from gameshelf.games.showdown.tui.windows import TableWindows
from gameshelf.games.showdown.tui.zones import hand_label
from gameshelf.session.base import save_failure
from gameshelf.session.replay import Replay
from gameshelf.tui.base import drawable
from gameshelf.tui.howto import HowToLine, HowToMixin
from gameshelf.tui.news import RoomNews, watch_own_turn
from gameshelf.tui.replay import HIDDEN_FINISHED, HIDDEN_IN_PROGRESS, ReplayKeys
from gameshelf.tui.widgets import (
    GameFooter,
    HelpScreen,
    RefusalMixin,
    plain,
    typed_while_editing,
)


class ShowdownScreen(HowToMixin, RefusalMixin, TableWindows, ReplayKeys, Screen[None]):
    """The table for one match."""

    AUTO_FOCUS = None  # letters are keys, not typing: ':' or Tab focuses the action box
    DEFAULT_CSS = Path(__file__).with_name("screen.tcss").read_text(encoding="utf-8")
    BINDINGS = TABLE_KEYS
    KEEP = REPLAY_KEEPS

    def __init__(self, game: Match | ShowdownSession | ShowdownMatch, *,
                 exit_app: bool = False) -> None:
        """``exit_app``: leaving a replay ends the app (it was opened alone, from the command
        line)."""
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
        #: a replay shown: the cursor (None while a game is played)
        self.replay = self.game.replay if isinstance(self.game, ShowdownReplay) else None
        self.exit_app = exit_app
        #: online: the room's news (joined, left, came back), logged as it comes
        self.room_news = RoomNews()

    # ----- layout ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="sd-status")
        yield Tabletop(id="sd-main")
        yield HowToLine("", id="howto")
        yield ActionBar(id="sd-act")
        command = CommandInput(placeholder=": types a move here (offer P07, bid P07 2, buy P12, "
                               "done), Enter plays it", id="sd-cmd", compact=True)
        command.disabled = self.replay is not None   # nothing is typed in a replay
        command.display = not command.disabled
        yield command
        yield GameFooter()

    def on_mount(self) -> None:
        self.query_one(Tabletop).lay_out(self.table_layout())
        self.refresh_table()
        if self.replay is None:
            watch_own_turn(self, self.game, idle=lambda: not self.busy, came=self._news_came)
            self.advance()
        else:   # no computer moves in a replay: the step is drawn
            self.set_focus(None)
            self.replay_moved()

    def table_layout(self) -> Layout:
        """The table's columns at the screen's size."""
        return Layout(self.size.width, self.size.height)

    def on_resize(self) -> None:
        self.query_one(Tabletop).lay_out(self.table_layout())
        self.refresh_table()

    # ----- who sees what -----------------------------------------------------------------
    def viewer(self) -> int | None:
        """The human whose hand may be shown now (in a replay: the replay's choice)."""
        if isinstance(self.game, ShowdownReplay):
            return self.game.shown()
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
                self._show_news()
                if not moved:  # online: no move yet
                    self._show_errors()
                    continue
                self._settle()  # after every action: a stop or a crash loses nothing
                if match.keeps_saves:   # the cards are redrawn once the computers are done
                    self.query_one(Tabletop).follow(match, self.table(), self.table_layout())
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

    def _show_news(self) -> None:
        """Online: log the room's news (who joined, left, came back) as it comes."""
        if drawable(self):
            for line in self.room_news.take(self.game):
                self.query_one(GameLog).add(plain(line, "italic"))

    def _news_came(self, moved: bool) -> None:
        """Online, on this seat's own turn: news, a failure or a move came (the server
        played for this seat while away, the game ended, the connection went)."""
        self._show_news()
        self._show_errors()
        if moved:
            self.refresh_table()
            self.advance()    # another seat's turn now, or the game's end

    def _handed_to(self, seat: int) -> None:
        self.shown_seat = seat
        self.choice.reset(self.table(), self.view())
        self.refresh_table()

    def _finish(self) -> None:
        if self._finished_shown:
            return
        self._finished_shown = True
        self._settle()  # the end written (once; a resumed finished game was written then)
        text, unrecorded = end_text(self.game)
        if unrecorded:
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
        return (self.replay is None and not self.busy and not m.finished()
                and m.here_to_act() and m.to_act() == self.viewer())

    def _not_now(self) -> bool:
        """Say why nobody on screen may act now (a replay, another's turn, or the game's
        end); False when the person on screen may."""
        if self.replay is not None:
            self.refuse_play()
        elif self.can_act():
            return False
        else:
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
        w = message.widget
        done = "" if self.busy else self.choice.click(w.zone, w.index, self.table(),
                                                      self.view(), self.can_act())
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
        if not self._not_now():   # "choose a card" would be wrong while another acts
            self._play(self.choice.enter(self.table(), self.view(), self.game.legal_actions()))

    def action_bid(self) -> None:
        self._play(self.choice.bid(self.view()))

    def _play(self, what: Action | str) -> None:
        """Play ``what``, or say why nothing is played (a text)."""
        if isinstance(what, str):
            self._complain(what)
        else:
            self.act(what)

    def action_tokens(self, step: int) -> None:
        self.choice.more(step, self.view())
        self.refresh_table()

    def action_speed(self) -> None:
        self.act(Speed(1))

    def action_buy(self) -> None:
        self._play(self.choice.buy(self.view()))

    def action_done(self) -> None:
        self.act(DONE)

    def action_flip(self, n: int) -> None:
        st = self.table()
        if st.pending_return is not None:
            self.act(Flip(n))
        elif self.choice.flip_keys(n, st, self.view()):
            self.refresh_table()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        if text and self.act(text):
            self.set_focus(None)

    def on_action_bar_chosen(self, message: ActionBar.Chosen) -> None:
        getattr(self, f"action_{message.action}")(*message.args)

    # ----- windows, saving, leaving ------------------------------------------------------
    def action_help(self) -> None:
        if self.replay is not None:
            self.show_replay_help(_hidden(self.replay.finished))
        else:
            online = not self.game.keeps_saves   # only what a room's seat can do
            self.app.push_screen(HelpScreen(showdown_help(online), online))


    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer offers only what can be done now (``False`` hides a binding): a turn's
        action while the person on screen is to act and the rules allow one of its kind; no
        Save and no typing once the game is over; in a replay, its own keys and ``c``."""
        if self.replay is not None:
            if action == "replay_hand":
                return len(self.game.here()) > 1
            return self.replay_offers(action, parameters)
        if action in ("replay", "replay_hand"):
            return False
        if typed_while_editing(self, action, parameters):
            return False   # the command box has the focus: s, b, v... are typed there
        kind = TURN_ACTIONS.get(action)
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
            return self.can_act() and (self.size.width >= WIDE_FOOTER or not any(
                isinstance(a, (Bid, Speed, Buy, Done)) for a in self.game.legal_actions()))
        if action == "piles":   # 80 columns: p still shows them (the help names it)
            return self.size.width >= WIDE_FOOTER
        if action == "review":
            return self.match is not None and self.game.finished()
        return True

    # ----- a replay ----------------------------------------------------------------------
    def shown_replay(self) -> Replay[Any] | None:
        return self.replay

    def action_replay_hand(self) -> None:
        """c: the next seat's hand (among the seats this replay may show)."""
        if isinstance(self.game, ShowdownReplay):
            self.game.next_hand()
            self.replay_moved()

    def replay_moved(self) -> None:
        """Draw the replay's step afresh, its log from the first line."""
        self.query_one(GameLog).restart()
        self.refresh_table()

    # ----- drawing -----------------------------------------------------------------------
    def refresh_table(self) -> None:
        """Redraw everything from the match state (not while the screen is not on, or the
        app is closing: a resize or a computer's move then would mount into removed
        containers)."""
        if not drawable(self):
            return
        v, st, layout, can = self.view(), self.table(), self.table_layout(), self.can_act()
        self.refresh_bindings()
        self.query_one("#sd-status", Static).update(
            status_text(self.game, st, layout.width) if self.replay is None
            else self.banner())
        table = self.query_one(Tabletop)
        table.draw(self.game, st, v, layout, hand_label(
            self.game, v, self.choice.hand_number(v) if can else None, self._humans))
        table.mark(self.choice.zone, self.selected() if can else None, st, v)
        bar = self.query_one(ActionBar)
        bar.draw(self.game, st, v, can_act=can, zone=self.choice.zone, chosen=self.selected(),
                 tokens=self.choice.tokens)
        seat, to_act = self.viewer(), st.current_player()
        self.show_howto("" if self.replay is not None else howto(
            st, seat, can, self.game.seats[to_act].name if to_act >= 0 else "the dealer",
            self.game.finished(), layout.short), self.game)
        if self.replay is not None:   # the replay's line over the prompt
            bar.replay(None if seat is None else self.game.seats[seat].name,
                       len(self.game.here()) > 1)


def _hidden(finished: bool) -> str:
    """What a replay's help says of hidden information."""
    return (HIDDEN_FINISHED if finished else HIDDEN_IN_PROGRESS) + (
        " The hand shown is that of the player who moved; `c` shows the next player's hand"
        + (" (any player's: the game is over)." if finished else
           " (only the people's: the computers' stay hidden)."))


def replay_screen(replay: Replay[Any], *, exit_app: bool = False) -> ShowdownScreen:
    """The Showdown table showing ``replay``, read-only, at its start (the game's replay
    screen; ``exit_app``: leaving ends the app)."""
    return ShowdownScreen(ShowdownReplay(replay), exit_app=exit_app)
