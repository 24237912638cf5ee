"""The Yatz game screen: a coordinator of the dice, the score board and the panels.

The screen is an adapter over the one match interface (:class:`~gameshelf.games.yatz.play.
YatzMatch`): a game played here (:class:`~gameshelf.games.yatz.play.LocalYatz`, its save under
it) or on a game server (:class:`~gameshelf.games.yatz.online.RemoteYatz`, this terminal's
seat). Every key or click becomes an action in its text form played through the match; the
widgets (:mod:`.dice_row`, :mod:`.card`, :mod:`.panels`) only draw what the screen hands
them and report clicks upward. Computer seats of a game played here act one step at a time
on a timer whose pace the player sets (``+``/``-``, :mod:`.pace`); ``k`` plays the computers'
turns out at once. Online the server plays them; the screen waits for its news in a worker.
"""

from __future__ import annotations

from pathlib import Path

from textual import events, on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.coordinate import Coordinate
from textual.screen import Screen
from textual.widgets import Button, DataTable, Header, Static

from gameshelf.core.keymaps import parse_key_map
from gameshelf.core.text import literal, possessive
from gameshelf.games.yatz.game import YatzState
from gameshelf.games.yatz.making import table_cached
from gameshelf.games.yatz.match import Match
from gameshelf.games.yatz.play import LocalYatz, YatzMatch
from gameshelf.games.yatz.replay import ReplayedYatz
from gameshelf.games.yatz.scoring import DICE
from gameshelf.games.yatz.session import YatzSession
from gameshelf.games.yatz.tui import offers
from gameshelf.games.yatz.tui.card import CardTable
from gameshelf.games.yatz.tui.dice_row import (
    LEFT_BIG,
    LEFT_SMALL,
    DiceRow,
    DieWidget,
    big_screen,
)
from gameshelf.games.yatz.tui.howto import howto
from gameshelf.games.yatz.tui.keeping import Keeping
from gameshelf.games.yatz.tui.keys import CLASSIC, DEFAULT, YATZ_KEYS, game_help
from gameshelf.games.yatz.tui.pace import DEFAULT_PACE, PACES, OthersTurns
from gameshelf.games.yatz.tui.panels import PaceLine, PlayLog, RollInfo, StatusLine, Totals
from gameshelf.games.yatz.tui.replaying import HIDDEN, REPLAY_EXTRA, ReplayView
from gameshelf.games.yatz.tui.turn import PersonTurn
from gameshelf.games.yatz.tui.windows import GameWindows
from gameshelf.session.replay import Replay
from gameshelf.tui.base import drawable
from gameshelf.tui.howto import HowToLine, HowToMixin
from gameshelf.tui.keymaps import use_bindings
from gameshelf.tui.news import RoomNews, waiting_for, watch_own_turn
from gameshelf.tui.replay import use_replay_bindings
from gameshelf.tui.widgets import GameFooter, HelpScreen, RefusalMixin, plain


class GameScreen(HowToMixin, RefusalMixin, GameWindows, ReplayView, Screen[None]):
    """A Yatz game: dice, the scorecard of the player on turn, everyone's totals; or a
    replay of one, read-only, with the replay's keys (:class:`~.replaying.ReplayView`)."""

    BINDINGS = YATZ_KEYS.bindings()   # the default map; another is set per screen
    #: The actions of the game screen a replay keeps (the next player's card, the review).
    KEEP = frozenset({"next_card", "replay_review"})
    DEFAULT_CSS = Path(__file__).with_name("screen.tcss").read_text(encoding="utf-8")

    def __init__(self, session: YatzMatch | YatzSession | Match, save_name: str | None = None,
                 keys: str = DEFAULT, *, exit_app: bool = False) -> None:
        """``session``: the game: a match interface (played here or on a server), or a game
        played here (a bare match gets a session whose first save claims ``save_name``, or
        ``save_name-2``... beside another game's save). ``keys``: the key
        map, ``default`` or ``classic`` (as the 1991 manual: Enter and F1 roll, F2 moves
        between the dice and the score board, Enter twice fills a box). A replay
        (:class:`~gameshelf.games.yatz.replay.ReplayedYatz`) is shown read-only with the
        replay's keys; ``exit_app``: leaving it ends the app (it was opened alone).

        Raises:
            BadInputError: ``keys`` is not a key map.
        """
        super().__init__()
        self.keys = parse_key_map(keys)
        use_bindings(self, YATZ_KEYS, self.keys)
        #: The classic flow: the dice take the focus, a box counts at the second Enter.
        self.classic = self.keys == CLASSIC
        #: The box chosen by a first Enter, counted by the second (classic keys).
        self.pending: Coordinate | None = None
        #: the match interface the screen plays through (here or on a server)
        self.game: YatzMatch = (session if isinstance(session, YatzMatch)
                                else LocalYatz(session, save_name))
        self.pace_index = DEFAULT_PACE
        #: online: the room's news (joined, left, came back) and whom the game waits for
        self.room_news = RoomNews()
        #: The turns of the seats not here (computers on a timer, the server's news).
        self.others = OthersTurns(self, self)
        #: Saving, leaving and the game's end.
        self.keeping = Keeping(self, self)
        #: A person's actions.
        self.turn = PersonTurn(self)
        #: The replay shown (a read-only match), else None.
        self.replayed = self.game if isinstance(self.game, ReplayedYatz) else None
        self.exit_app = exit_app
        if self.replayed is not None:
            use_replay_bindings(self, REPLAY_EXTRA)
        #: The seat whose card is shown instead of the seat on turn's (c), if any.
        self.viewed: int | None = None
        #: Boxes filled when the screen opened, until the strong player's table is asked for.
        self._boxes_seen: int | None = None

    @property
    def session(self) -> YatzSession:
        """The session of a game played here (its save); AttributeError for another."""
        if not isinstance(self.game, LocalYatz):
            raise AttributeError("a game played online has no session here")
        return self.game.session

    @property
    def match(self) -> Match:
        """The match of a game played here (read it; play through :attr:`game`);
        AttributeError for another."""
        if not isinstance(self.game, LocalYatz):
            raise AttributeError("a game played online has no match here")
        return self.game.match

    # --- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        yield StatusLine("", id="status", markup=False)
        with Horizontal(id="body"):
            with Vertical(id="left"):
                with DiceRow(id="dice", classic=self.classic):
                    for i in range(DICE):
                        yield DieWidget(i)
                with Horizontal(id="rollrow"):
                    roll = Button(f"Roll ({YATZ_KEYS.display('roll', self.keys)})", id="roll",
                                  variant="success")
                    roll.can_focus = False   # the card keeps the focus: Enter fills a box
                    yield roll
                    yield RollInfo("", id="rollinfo", markup=False)
                yield HowToLine("", id="howto")
                yield Static("", id="message", markup=False)
                yield Totals(id="totals")
                yield PlayLog(id="log", seen=len(self.game.moves))
                yield PaceLine("", id="pace", markup=False)
            yield CardTable(id="card", cursor_type="cell", zebra_stripes=True)
        yield GameFooter()

    def on_mount(self) -> None:
        table = self.query_one(CardTable)
        table.lay_out(self.game.state)
        table.fillable = self.turn.can_fill
        table.focus()
        if isinstance(self.game, LocalYatz) and self.game.match.log:
            self.log_event(f"Game {self.game.seed} resumed.")
        elif not self.game.keeps_saves and self.replayed is None:
            me = self.game.here()
            self.log_event(f"Room {self.game.name}: you play "
                           f"{literal(self.game.seats[me[0]].name) if me else 'no seat'}.")
        self.take_moves()
        self._boxes_seen = self.boxes_filled()
        if self.replayed is not None:
            self.warm_up()
        else:   # online, on this seat's own turn: the room's news as it comes
            watch_own_turn(self, self.game, idle=self._news_idle, came=self._news_came)
        self.refresh_view()
        self.schedule()

    def _news_idle(self) -> bool:
        """True when no worker of this screen waits for the server (the others' turns)."""
        return not any(w.group == "yatz-online" and not w.is_finished and w.node is self
                       for w in self.app.workers)

    def _news_came(self, moved: bool) -> None:
        """Online, on this seat's own turn: news, a failure or a move (the server played
        for this seat, the game ended) came; the screen shows it and goes on."""
        if moved:
            self.moves_made()
        else:
            self.store_said()
            self.show_news()
        self.schedule()

    def boxes_filled(self) -> int:
        """How many boxes the game has filled, over every seat."""
        st = self.game.state
        return sum(st.turns_taken(seat) for seat in range(len(self.game.seats)))

    def warm_up(self) -> None:
        """Load (or solve) the strong player's table in a thread, for hints, strong moves and
        the review: once the first box is filled after the screen opens (:meth:`schedule`),
        not at once, as a thread loading it slows every key of the turn being played (a
        first roll took 1.3-2.5 s instead of 0.4-0.6 s on a busy machine). A computer's
        turn that needs it first loads it itself, its wait said on the pace line (:mod:`.pace`);
        a hint says its own. A replay: its review, when the table is cached (else ``v``)."""
        if self.replayed is not None:
            if self.replayed.costs is None and table_cached(self.game.rules):
                self.action_replay_review()
            return
        # start-up: the strong player's tables (numba) load only when a game screen needs them
        from gameshelf.games.yatz.tui.hints import warm_up

        rules = self.game.rules
        self.run_worker(lambda: warm_up(rules), thread=True, exit_on_error=False)

    # --- drawing --------------------------------------------------------------------------
    def viewed_seat(self) -> int:
        if self.viewed is not None and not self.game.finished():
            return self.viewed
        return self.game.state.seat

    def refresh_view(self) -> None:
        """Redraw dice, card, totals and the status line from the match."""
        m = self.game
        st = m.state
        if self.replayed is not None:
            self.query_one(PlayLog).set_lines(self.replayed.log())
        self.draw_dice()
        self.query_one(StatusLine).show(m)
        self.refresh_bindings()
        self.query_one(RollInfo).show(st, m.finished())
        self.query_one("#roll", Button).disabled = (
            not m.here_to_act() or st.rolls_left == 0
            or (bool(st.dice) and st.held == (1 << DICE) - 1))
        self.draw_card()
        self.query_one(Totals).show(m)
        self.query_one(PlayLog).redraw()
        self.show_news()
        self.show_howto("" if self.replayed is not None else howto(m, self.classic), m)
        if self.replayed is not None:   # the replay's lines over the table
            self.query_one(PaceLine).display = False
            self.query_one(StatusLine).update(self.banner())
            self.say(self.replayed.note())

    def draw_dice(self) -> None:
        """Draw the five dice; nothing once the screen is being taken down (a blur on
        leaving asks for one last redraw)."""
        rows = list(self.query("#dice").results(DiceRow))
        if drawable(self) and rows:
            rows[0].show(self.game.state, big=self.has_class("-big"))

    @on(DiceRow.FocusMoved)
    def _dice_focus_moved(self) -> None:
        self.draw_dice()

    def draw_card(self) -> None:
        """Draw the card of the seat shown."""
        seat = self.viewed_seat()
        header = literal(f"{possessive(self.game.seats[seat].name)} card")
        self.card.show(self.game.state, seat, header, self.pending)

    def on_resize(self) -> None:
        """A new size: big dice and a wider dice column from :data:`.dice_row.BIG_SCREEN`
        on, the card's columns widened into the room left, the footer's entries chosen."""
        big = big_screen(self.size.width, self.size.height)
        if big != self.has_class("-big"):
            self.set_class(big, "-big")
            self.draw_dice()
        self.query_one(CardTable).fit(self.size.width, LEFT_BIG if big else LEFT_SMALL)
        self.query_one(PlayLog).redraw()
        self.refresh_bindings()   # the footer's entries depend on the width

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer offers only what can be done now (``False`` hides a binding; a hidden
        twin binding, ``refuse(...)``, then runs the action, whose checks say why not):
        see :func:`~gameshelf.games.yatz.tui.offers.offered`; a replay's, its own keys and
        the review until it is computed or under way."""
        if self.replayed is not None:
            if action == "replay_review":
                return self.replayed.costs is None and not self.replayed.reviewing
            return self.replay_offers(action, parameters)
        return offers.offered(self.game, action, self.keys, self.size.width)

    @property
    def log_lines(self) -> list[str]:
        """The play log, oldest first."""
        return self.query_one(PlayLog).lines

    def log_event(self, text: str) -> None:
        """Add a line to the play log (the newest lines show when space is short)."""
        self.query_one(PlayLog).add(text)

    def say(self, text: str, *, bell: bool = False) -> None:
        """Show ``text`` in the message line (and ring the bell)."""
        self.query_one("#message", Static).update(plain(text, lines=True))
        if bell:
            self.app.bell()

    # --- people's actions (:mod:`.turn`) ------------------------------------------------
    @property
    def card(self) -> CardTable:
        """The score board."""
        return self.query_one(CardTable)

    @property
    def dice(self) -> DiceRow:
        """The dice."""
        return self.query_one(DiceRow)

    @property
    def save_name(self) -> str:
        """The game's save name (the room's code online)."""
        return self.game.save_name

    def show_news(self) -> None:
        """Online: log the room's news (joined, left, came back) in the play log and say
        whom the game waits for on the pace line (nothing while the screen is taken down: a
        news worker may still be finishing). The pace line is one line of the left column:
        the news goes to the log, where it is not cut at 80 columns."""
        for said in self.room_news.take(self.game):
            for log in self.query(PlayLog):
                log.add(said)
        for line in self.query(PaceLine):
            line.show(self.game, PACES[self.pace_index], waiting_for(self.game))

    def store_said(self) -> bool:
        """Show a store failure kept since the last look (:meth:`.Keeping.store_said`)."""
        return self.keeping.store_said()

    def take_moves(self, boxes_only: bool = False) -> str:
        """Log the moves made since the last look (``boxes_only``: only the boxes filled);
        returns the last one's line ("" when none)."""
        return self.query_one(PlayLog).take_moves(self.game, boxes_only)

    def action_roll(self) -> None:
        self.turn.roll()

    def action_undo(self) -> None:
        """Take back the box just filled (u), while the rule allows it (:meth:`Match.undo`)."""
        self.turn.undo()

    def action_hold_die(self, index: int) -> None:
        self.turn.hold(index)

    def action_dice_enter(self) -> None:
        self.turn.dice_enter()

    def action_die_arrow(self, step: int) -> None:
        """Move the arrow to the previous (-1) or next (1) die (classic keys)."""
        self.dice.arrow = (self.dice.arrow + step) % DICE
        self.draw_dice()

    def action_switch(self) -> None:
        self.turn.switch()

    def on_key(self, event: events.Key) -> None:
        """Classic keys: after Enter on a box, any key but Enter corrects the choice."""
        if self.pending is not None and event.key != "enter":
            event.stop()
            event.prevent_default()
            self.turn.set_pending(None)
            self.say("Corrected: move to the box you want and press Enter.")

    @on(DataTable.CellHighlighted, "#card")
    def _cell_moved(self, event: DataTable.CellHighlighted) -> None:
        if self.card.armed is not None and event.coordinate != self.card.armed:
            self.card.armed = None   # moved away from the clicked box: a click selects again
        if self.pending is not None and event.coordinate != self.pending:
            self.turn.set_pending(None)   # a click elsewhere corrects the choice too
        if drawable(self):
            self.draw_card()   # the marker follows the cursor

    @on(CardTable.Chosen)
    def _cell_clicked(self, event: CardTable.Chosen) -> None:
        self.turn.clicked(event.coordinate)

    @on(DataTable.CellSelected, "#card")
    def _cell_selected(self, event: DataTable.CellSelected) -> None:
        self.turn.choose_box(event.coordinate)

    @on(DieWidget.Toggled)
    def _die_clicked(self, event: DieWidget.Toggled) -> None:
        self.turn.hold(event.index)

    @on(Button.Pressed, "#roll")
    def _roll_pressed(self) -> None:
        self.turn.roll()

    # --- the turns of others -------------------------------------------------------------
    def schedule(self) -> None:
        """Go on with whoever is to act next: the game's end, the others' turns (:mod:`.pace`),
        or a person's turn here (the cursor on an empty box; classic keys: the focus on the
        dice while rolls are left, Enter rolls first, else on the board). A replay: the step
        shown (nothing has the focus)."""
        if self.replayed is not None:
            self.card.can_focus = False
            self.set_focus(None)
            self.replay_moved()
            return
        if self.game.finished():
            self.others.stop()
            self.keeping.end()
            return
        if self._boxes_seen is not None and self.boxes_filled() > self._boxes_seen:
            self._boxes_seen = None   # once: the table loads while the turn passes
            self.warm_up()
        if not self.others.go_on():
            if self.viewed is not None:
                self.viewed = None
                self.refresh_view()
            table = self.query_one(CardTable)
            table.cursor_to_empty(self.game.state.filled[self.game.state.seat])
            if self.classic:
                (self.query_one(DiceRow) if self.game.state.rolls_left else table).focus()

    def moves_made(self, boxes_only: bool = False, note: str | None = None) -> None:
        """Show the moves made since the last look (``boxes_only``: log only the boxes
        filled; ``note`` in the message line), then any store failure."""
        self.take_moves(boxes_only)
        self.turn.others_moved(note)   # a person's box just filled: the view moves on
        self.refresh_view()
        self.store_said()

    def on_screen_resume(self) -> None:
        """Back on top (a help or table closed): computer play goes on."""
        self.others.resume()

    def action_skip(self) -> None:
        """Play computer turns out at once, up to the next person's turn."""
        self.others.skip()

    def action_pace(self, delta: int) -> None:
        self.pace_index = max(0, min(len(PACES) - 1, self.pace_index + delta))
        self.refresh_view()

    # --- the help (saving, leaving, the hint, the scores: :mod:`.windows`) --------------
    def action_help(self) -> None:
        if self.replayed is None:
            self.app.push_screen(HelpScreen(game_help(self.keys, not self.game.keeps_saves),
                                              not self.game.keeps_saves))
        else:
            self.show_replay_help(HIDDEN)


def replay_screen(replay: Replay[YatzState], *, exit_app: bool = False,
                  review: bool = True) -> GameScreen:
    """The Yatz screen over ``replay``, at its start, read-only.

    Args:
        exit_app: leaving ends the app (the screen was opened alone, from the command line).
        review: compute the review's cost of each choice (in a thread, when the strong
            player's table is cached; else ``v`` asks for it).
    """
    return GameScreen(ReplayedYatz(replay, review=review), exit_app=exit_app)
