"""The Muggins screen: the board, the rack, the scores, Mugsy's moves at a readable pace
(keys: :mod:`.keys`). It coordinates its widgets (:mod:`.board`, :mod:`.rack`, :mod:`.level`,
:mod:`.summary`) and talks only to a match: a game here, a room on a game server, or a
replay (read-only: the footer offers only the replay's keys)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual import events, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Header, Static

from gameshelf.core.keymaps import parse_key_map, remembered_key_map
from gameshelf.core.text import level_note, possessive, quoted, said, with_level
from gameshelf.games.muggins.game import RoundResult
from gameshelf.games.muggins.match import GAME, joined_draws, last_play
from gameshelf.games.muggins.options import MugginsOptions
from gameshelf.games.muggins.play import LocalMuggins, MugginsMatch
from gameshelf.games.muggins.replay import ReplayMuggins
from gameshelf.games.muggins.session import Session
from gameshelf.games.muggins.tiles import Tile
from gameshelf.games.muggins.tui.board import BoardScroll, Sides
from gameshelf.games.muggins.tui.howto import howto
from gameshelf.games.muggins.tui.keys import CLASSIC, DEFAULT, MUGGINS_KEYS, muggins_help
from gameshelf.games.muggins.tui.leaving import GameKeeping
from gameshelf.games.muggins.tui.rack import Rack, TileView, big_rack, rack_title
from gameshelf.games.muggins.tui.render import BIG, ends_bar
from gameshelf.games.muggins.tui.summary import SummaryScreen, game_over_text, round_summary
from gameshelf.games.muggins.view import MugginsView
from gameshelf.session.replay import Replay
from gameshelf.tui.base import drawable
from gameshelf.tui.howto import HowToLine, HowToMixin
from gameshelf.tui.keymaps import use_bindings
from gameshelf.tui.news import RoomNews, watch_own_turn
from gameshelf.tui.replay import (
    HIDDEN_FINISHED,
    HIDDEN_IN_PROGRESS,
    ReplayKeys,
    use_replay_bindings,
)
from gameshelf.tui.widgets import ConfirmScreen, GameFooter, HelpScreen, plain

#: Below this many lines the title bar is hidden, its line given to the board.
SHORT_H = 30
#: What a Muggins replay's help says of hidden information (after the general sentence).
REPLAY_HIDDEN = (" In a finished game the lines under the board list Mugsy's tiles and the "
                 "boneyard's.")


def status_line(game: MugginsMatch, table: MugginsView, me: int, my_turn: bool,
                lost: bool, width: int = 0) -> str:
    """The line over the board: the round, whose turn, both scores (Mugsy's level beside
    Mugsy's), the target, the boneyard, the other rack's count and the game (``#number``
    here, the room online); ``lost``: another session has the save. ``width`` > 0: the
    line never wraps at that many columns: shorter words first (``Mugsy holds 7``), then
    the least needed parts left out (the game, the level, the target, the round, the
    other rack)."""
    names = game.names(me)
    other = names[1 - me]
    turn = ("connection lost" if game.cut_off() is not None else "game over"
            if table.is_terminal() or game.finished() else "your turn"
            if my_turn else f"{possessive(other)} turn")
    level = level_note(other, game.level)
    game_part = f"#{game.seed}" if isinstance(game, LocalMuggins) else f"room {game.name}"

    def line(short: bool, with_level: bool, dropped: tuple[str, ...]) -> str:
        lv = level if with_level else ""
        parts = {
            "round": f"Round {table.round_no}", "turn": turn.upper(),
            "first": f"{names[0]} {table.scores[0]}{lv if me == 1 else ''}",
            "second": f"{names[1]} {table.scores[1]}{lv if me == 0 else ''}",
            "target": f"to {table.target}", "boneyard": f"boneyard {table.boneyard_count}",
            "tiles": (f"{said(other, 'holds')} {table.opponent_count}" if short
                      else f"{possessive(other)} tiles {table.opponent_count}"),
            "game": game_part,
            "lost": ("" if not lost else "NOT SAVED HERE" if short
                     else "NOT SAVED HERE (resumed elsewhere)")}
        return " · ".join(t for k, t in parts.items() if t and k not in dropped)

    less = ("game", "target", "round", "tiles")
    tries = [line(False, True, ()), line(True, True, ()), line(True, True, less[:1])]
    tries += [line(True, False, less[:n]) for n in range(1, len(less) + 1)]
    return next((t for t in tries if not width or len(t) <= width), tries[-1])


class MugginsScreen(HowToMixin, GameKeeping, ReplayKeys, Screen[None]):
    """A game of Muggins here, in a room on a game server, or a replay: the screen talks
    only to the match interface.

    Args:
        session: the game to show (a local session, or a match: local, remote or a
            replay); None: offer to resume the save or start a new game.
        level, rules, seed: for a new game when ``session`` is None and ``ask`` is False
            (``rules``: the game's options, the target...).
        ask: ask (resume? which level?) when mounted without a session.
        pace: seconds between Mugsy's steps (0 in tests).
    """

    BINDINGS = MUGGINS_KEYS.bindings()   # the default map; another is set per screen
    DEFAULT_CSS = (Path(__file__).parent / "muggins.tcss").read_text(encoding="utf-8")

    pace: float = 0.7

    def __init__(self, session: Session | MugginsMatch | None = None, *,
                 level: str = "normal",
                 rules: MugginsOptions = MugginsOptions(), seed: int | None = None,
                 ask: bool = True,
                 pace: float | None = None, exit_app: bool = False,
                 keys: str = DEFAULT) -> None:
        super().__init__()
        #: the match on screen (local: its session and save under it; online: a room)
        self.game: MugginsMatch | None = (LocalMuggins(session) if isinstance(session, Session)
                                          else session)
        self.keys = DEFAULT
        self.classic = False
        self._use_keys(keys)
        self._level, self._rules, self._seed, self._ask = level, rules, seed, ask
        self.selected = 0
        self.choosing: Tile | None = None
        self._clicked: Tile | None = None   # the tile a first click chose
        self.busy = False
        self.fresh: Tile | None = None
        self.board_fresh: Tile | None = None
        self.shown_rounds = 0
        self.exit_app = exit_app
        #: Opened on its level screen (from the menu): leaving a game comes back there.
        self.from_setup = session is None and ask and not exit_app
        self.last_message = ""
        #: log lines already told in a message (the other seat's moves are told once)
        self._told = 0
        #: the match's failures already shown
        self._errors_seen = 0
        #: online: the room's news (joined, left, came back) and whom the game waits for
        self.room_news = RoomNews()
        #: online: the looks at the server on this seat's own turn (news as it comes)
        self._watch: Timer | None = None
        #: the game-over window was shown (once)
        self._over_shown = False
        #: The board's tiles as last drawn: big (pips) or small (one line, digits).
        self.board_geometry = BIG
        if pace is not None:
            self.pace = pace

    # ----- layout ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="mg-status")
        if self.classic:   # the 1991 manual: your tiles in the upper right corner
            with Horizontal(id="mg-top"):
                with Vertical(id="mg-info"):
                    yield Static("", id="mg-rack-title")
                    yield Static("", id="mg-ends")
                    yield Sides(id="mg-sides")
                yield Rack(id="mg-rack")
            yield BoardScroll(id="mg-board-scroll")
        else:
            yield BoardScroll(id="mg-board-scroll")
            yield Static("", id="mg-ends")
            yield Static("", id="mg-rack-title")
            yield Rack(id="mg-rack")
            yield Sides(id="mg-sides")
        yield HowToLine("", id="howto")
        with Horizontal(id="mg-bottom"):
            yield Static("", id="mg-msg")
            yield Static("", id="mg-log")
        yield GameFooter()

    def _use_keys(self, keys: str) -> None:
        self.keys = parse_key_map(keys)
        self.classic = self.keys == CLASSIC
        self.set_class(self.classic, "-classic")
        use_bindings(self, MUGGINS_KEYS, self.keys)
        if self.shown_replay() is not None:
            use_replay_bindings(self)

    async def set_keys(self, keys: str) -> None:
        """Change the key map (and with it the layout) of a shown screen.

        Raises:
            BadInputError: ``keys`` is not a key map.
        """
        if parse_key_map(keys) == self.keys:
            return
        self._use_keys(keys)
        self.refresh_bindings()
        await self.recompose()
        self.refresh_all()
        self.say(self.last_message)

    @property
    def online(self) -> bool:
        """True for a room on a game server (its help offers only what online play can do)."""
        return self.game is not None and not self.game.keeps_saves

    @property
    def rack_columns(self) -> int:
        """Tiles in a row of the rack (the up and down keys of the classic map move a row)."""
        return self.query_one("#mg-rack", Rack).columns if self.is_mounted else 1

    # ----- starting ----------------------------------------------------------------------
    def on_mount(self) -> None:
        # the title bar is the app's ("gameshelf — four classic games"), as on every screen
        if self.game is not None:
            self._begin()
            return
        if not self._ask:
            self.start_new(self._level, self._rules, self._seed)
            return
        saved = self._saved()
        if saved is not None:
            name, record = saved

            def answer(yes: bool | None) -> None:
                if yes:
                    self.resume_save(name)
                else:
                    self.ask_level()
            s = record.options
            self.app.push_screen(ConfirmScreen(
                f"Resume your saved game {quoted(name)} against "
                f"{with_level('Mugsy', str(s.get('level', 'normal')))}, game number "
                f"{record.seed}? (A new game "
                "keeps it saved.)", yes="Resume", no="New game"), answer)
        else:
            self.ask_level()

    def _begin(self) -> None:
        assert self.game is not None
        if isinstance(self.game, ReplayMuggins):   # the replay's start: nothing moves
            self.replay_moved()
            return
        self.shown_rounds = len(self.table.rounds)
        self.selected = 0
        self.choosing = None
        self._over_shown = False
        self._told = len(self.game.log())
        self._errors_seen = len(self.game.errors)
        self.refresh_all()
        other = self.other_name()
        st = self.table     # the double-blank alone down: said once (how-to or here)
        down = ("" if st.left or st.right or self.howto_says("double-blank")
                else "; the double-blank is down")
        self.say(f"Game number {self.game.seed} against {other}{down}."
                 if isinstance(self.game, LocalMuggins) else
                 f"Room {self.game.name} against {other}{down}.")
        if self._watch is None:
            self._watch = watch_own_turn(self, self.game, idle=lambda: not self.busy,
                                         came=self._news_came)
        self.advance()

    def _news_came(self, moved: bool) -> None:
        """Online, on this seat's own turn: the room's news, a failure or a move came
        (the server played for this seat, the game ended, the connection went)."""
        if self.game is None:
            return
        self._show_errors()
        self.room_news.take(self.game)
        if moved:
            self._tell_moves()
            self.refresh_all()
            self.advance()     # the other seat's turn now, or the game's end
        else:
            self.say(self.last_message)

    # ----- what is shown -----------------------------------------------------------------
    def shown_replay(self) -> Replay[Any] | None:
        """The replay shown (a read-only match), else None."""
        game = getattr(self, "game", None)
        return game.replay if isinstance(game, ReplayMuggins) else None

    def replay_moved(self) -> None:
        """The replay's step drawn: its tile marked on the board, its lines under it."""
        assert isinstance(self.game, ReplayMuggins)
        self.board_fresh = self.game.fresh_tile()
        self.refresh_all()

    def refresh_all(self) -> None:
        """Redraw status, board, ends, rack (a replay: its banner and lines over them)."""
        if self.game is None:
            return
        self.refresh_bindings()
        st = self.table
        # a short terminal (80x24) gives the title bar's line to the board
        self.set_class(0 < self.size.height < SHORT_H, "-short")
        session = self.session
        replaying = isinstance(self.game, ReplayMuggins)
        self.query_one("#mg-status", Static).update(self.banner() if replaying else plain(
            status_line(self.game, st, self.me, self.my_turn_now(),
                        session is not None and session.slot.lost, self.size.width - 2)))
        self.board_geometry = self.query_one("#mg-board-scroll", BoardScroll).show(
            st, max(40, self.size.width - 4), self.choosing is not None, self.board_fresh)
        self.query_one("#mg-ends", Static).update(
            ends_bar(st, last_play(self.game.log()), self.size.width - 2))
        self.query_one("#mg-log", Static).update(
            plain("\n".join(joined_draws(list(self.game.log()))[-3:]), lines=True))
        self.query_one("#mg-sides").set_class(self.choosing is not None, "-shown")
        tiles = self.rack()
        if tiles:
            self.selected = max(0, min(self.selected, len(tiles) - 1))
        self.query_one("#mg-rack-title", Static).update(
            f"Your tiles ({len(tiles)})" if replaying
            else rack_title(len(tiles), self.classic, self.size.width))
        self.query_one("#mg-rack", Rack).show(tiles, self.selected, self.fresh, self.classic,
                                              self.size.width,
                                              big_rack(*self.size) and not self.classic)
        self.show_howto("" if replaying else howto(
            st, self.my_turn_now() and not self.busy, self.game.finished(),
            self.choosing is not None, self.other_name()), self.game)
        if isinstance(self.game, ReplayMuggins):
            self.say(self.game.notes())

    def on_resize(self, event: events.Resize) -> None:
        if drawable(self):
            self.refresh_all()

    def say(self, message: str, bell: bool = False) -> None:
        """Show a message (and ring the bell for a refusal); online the room's news and
        ``(waiting for NAME...)`` follow it (:class:`~gameshelf.tui.news.RoomNews`)."""
        self.last_message = message
        news = self.room_news.text(self.game) if self.game is not None else ""
        shown = "\n".join(t for t in (message, news) if t)
        self.query_one("#mg-msg", Static).update(plain(shown, lines=True))
        if bell:
            self.app.bell()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """What the footer offers: a turn's keys as :meth:`turn_offers` says, in a replay
        only the replay's keys."""
        if self.shown_replay() is not None:
            return self.replay_offers(action, parameters)
        return self.turn_offers(action, parameters)

    def action_help(self) -> None:
        replay = self.shown_replay()
        if replay is not None:
            self.show_replay_help((HIDDEN_FINISHED if replay.finished
                                   else HIDDEN_IN_PROGRESS) + REPLAY_HIDDEN)
            return
        self.app.push_screen(HelpScreen(muggins_help(self.keys, self.online), self.online))

    # ----- Mugsy and the flow of the game ------------------------------------------------
    @work(exclusive=True, group="muggins-flow")
    async def advance(self) -> None:
        """Play the other seat's turns (Mugsy's here at a readable pace; online, the
        server's news as it comes), saying each, then show round ends and the game's end."""
        game = self.game
        if game is None or isinstance(game, ReplayMuggins):   # nobody moves in a replay
            return
        self.busy = True
        first = True
        try:
            while True:
                st = self.table
                if len(st.rounds) > self.shown_rounds:
                    self.shown_rounds = len(st.rounds)
                    self._show_round(st.rounds[-1])
                    return
                if game.finished() or game.here_to_act():
                    break
                if self.pace and first and game.keeps_saves:
                    first = False   # let the person read the message about their own move
                    await asyncio.sleep(self.pace)
                moved = (await asyncio.to_thread(game.advance) if self.pace or
                         not game.keeps_saves else game.advance())
                game.settle()
                self._show_errors()
                if self.room_news.take(game):   # online: joined, left, came back
                    self.say(self.last_message)
                if not moved:
                    if game.keeps_saves:   # nothing to play here: a bug, never a hang
                        break
                    continue               # online: no news from the server yet
                self._tell_moves()
                self.refresh_all()
                if self.pace and game.keeps_saves:
                    last = self.last_message
                    await asyncio.sleep(self.pace * (1.6 if " played " in last else 1))
                await asyncio.sleep(0)
        finally:
            self.busy = False
        if game.finished():
            self._show_game_over()
            return
        self.refresh_all()
        self.say_turn()    # after the how-to line is drawn: it is not said twice

    def _tell_moves(self) -> None:
        """Say the other seat's moves not told yet (from the match's log), the newest
        tile played marked on the board."""
        assert self.game is not None
        log = list(self.game.log())
        new = joined_draws(log[self._told:])
        self._told = len(log)
        if new:
            self.say("; ".join(new) + ".")
        st = self.table
        played = {p.tile for p in st.left} | {p.tile for p in st.right}
        for line in reversed(new):
            words = line.split()
            if "played" in words:
                tile = words[words.index("played") + 1]
                self.board_fresh = next((t for t in played if str(t) == tile), None)
                break

    def _show_round(self, r: RoundResult) -> None:
        st = self.table
        if st.is_terminal() and r == st.rounds[-1] and r.kind == "target":
            self._show_game_over()
            return

        def next_round(_: bool | None) -> None:
            self.board_fresh = None
            self.fresh = None
            self.refresh_all()
            if self.game is None:
                return
            if self.game.finished():
                self._show_game_over()
                return
            now = self.table
            lead = ("You lead" if now.leader == self.me
                    else said(self.names()[now.leader], "leads"))
            self.say(f"Round {now.round_no}: {lead}.")
            self.advance()
        self.app.push_screen(SummaryScreen(round_summary(r, self.names()), False,
                                           muggins_help(self.keys, self.online)), next_round)

    def _show_game_over(self) -> None:
        game = self.game
        if game is None or self._over_shown:
            return
        self._over_shown = True
        game.settle()
        st = self.table
        cut = game.cut_off() is not None    # the connection lost: the server plays on
        told = game.end_problem()
        local = isinstance(game, LocalMuggins)
        text = game_over_text(self.names(), self.me, st.winner, st.scores, st.target, cut,
                              told, local)
        if told is not None and (self.session is None or not self.session.slot.lost):
            self.app.bell()
        self.say(self.last_message)   # online: no longer "(waiting for NAME...)"
        self.refresh_all()

        def again(yes: bool | None) -> None:
            if yes and isinstance(self.game, LocalMuggins):
                self.start_new(self.game.level, self.game.session.match.rules, None)
            else:
                self._leave()
        self.app.push_screen(SummaryScreen(text, True, muggins_help(self.keys, self.online),
                                           record=None if cut else game.record(),
                                           again=local), again)

    # ----- what the widgets report -------------------------------------------------------
    def on_tile_view_clicked(self, event: TileView.Clicked) -> None:
        if self.shown_replay() is not None:
            self.refuse_play()
        else:
            self.click_tile(event.tile)

    def on_sides_chosen(self, event: Sides.Chosen) -> None:
        if self.shown_replay() is not None:
            self.refuse_play()    # the board's buttons play: not here
        else:
            self.action_side(event.side)


def replay_screen(replay: Replay[Any], *, exit_app: bool = False) -> MugginsScreen:
    """The Muggins board over ``replay``, at its start, read-only (the default keys' layout;
    ``exit_app``: leaving ends the app)."""
    return MugginsScreen(ReplayMuggins(replay), ask=False, pace=0, exit_app=exit_app)


def make_screen() -> Screen[None]:
    """The game's first screen: offers to resume the saved game, else asks for a level (the
    keys chosen last)."""
    return MugginsScreen(keys=remembered_key_map(GAME))

