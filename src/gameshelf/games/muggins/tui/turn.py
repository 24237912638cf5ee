"""The person's moves on the Muggins board, a mixin of
:class:`~gameshelf.games.muggins.tui.screen.MugginsScreen` (which holds the selection and the
match, draws, and plays the other seat's turns): the keys and clicks of a turn, each checked
against the seat's table (R-MG-3: a tile that fits must be played; draw only when nothing
fits, pass only with the boneyard empty) before it goes to the match. Starting, saving
and leaving a game are :mod:`.leaving`'s, a mixin over this one."""

from __future__ import annotations

from gameshelf.core.errors import GameshelfError
from gameshelf.core.text import count, error_line, possessive, with_level
from gameshelf.games.muggins.game import Draw, MugginsState, Pass, Play, Side
from gameshelf.games.muggins.play import LocalMuggins, MugginsMatch
from gameshelf.games.muggins.session import Session
from gameshelf.games.muggins.tiles import Tile
from gameshelf.games.muggins.tui.coach import MugginsHintScreen
from gameshelf.games.muggins.view import MugginsView
from gameshelf.session.base import save_failure
from gameshelf.session.waiting import not_lost
from gameshelf.tui.widgets import RefusalMixin, ScreenMixin


class TurnActions(RefusalMixin, ScreenMixin):
    """The person's actions on the board (see the module docstring)."""

    game: MugginsMatch | None
    #: the rack's chosen tile (an index); the tile being placed when it fits both chains;
    #: the tile a first click chose; the tile just drawn
    selected: int
    choosing: Tile | None
    _clicked: Tile | None
    fresh: Tile | None
    #: the tile just played (marked on the board)
    board_fresh: Tile | None
    #: True while the other seat's turns are played
    busy: bool
    last_message: str
    shown_rounds: int
    #: opened on its level screen (leaving a game comes back there); leaving ends the app
    from_setup: bool
    exit_app: bool
    _told: int
    _errors_seen: int

    # ----- what the screen provides ------------------------------------------------------
    @property
    def rack_columns(self) -> int:
        raise NotImplementedError

    def say(self, message: str, bell: bool = False) -> None:
        raise NotImplementedError

    def refresh_all(self) -> None:
        raise NotImplementedError

    def howto_says(self, words: str) -> bool:
        raise NotImplementedError

    def advance(self) -> object:
        raise NotImplementedError

    def _show_game_over(self) -> None:
        raise NotImplementedError

    # ----- what the seat on screen sees ---------------------------------------------------
    @property
    def session(self) -> Session | None:
        """The local game's session (its save), or None (none yet, or played online)."""
        return self.game.session if isinstance(self.game, LocalMuggins) else None

    @property
    def state(self) -> MugginsState:
        """The local game's state (tests; the screen itself reads :attr:`table`)."""
        assert self.session is not None
        return self.session.match.state

    @property
    def me(self) -> int:
        """The seat played on this screen."""
        assert self.game is not None
        here = self.game.here()
        return here[0] if here else 0

    @property
    def table(self) -> MugginsView:
        """What this screen's seat sees now (a match must exist)."""
        assert self.game is not None
        return self.game.view(self.me)

    def names(self) -> tuple[str, str]:
        """Both seats' names as this screen says them (its own seat is ``You``)."""
        assert self.game is not None
        return self.game.names(self.me)

    def other_name(self) -> str:
        """The other seat as named on this screen: ``Mugsy (normal)`` or a person's name."""
        assert self.game is not None
        return with_level(self.names()[1 - self.me], self.game.level)

    def rack(self) -> list[Tile]:
        """The person's tiles in order."""
        return list(self.table.rack)

    def my_turn_now(self) -> bool:
        """True when this screen's seat is to act."""
        return self.game is not None and self.game.here_to_act()

    # ----- what can be done now ----------------------------------------------------------
    def turn_offers(self, action: str, parameters: tuple[object, ...]) -> bool:
        """The footer offers only what can be done now (``False`` hides a binding): on the
        person's turn, Left and Right only when the tile chosen fits both chains and their
        ends differ (a choice: else Enter plays it where it goes, and L / R still say why
        not), Draw or Pass when nothing fits; none of them on Mugsy's turn or after the
        game."""
        if action == "save":
            return self.game is None or self.game.keeps_saves
        if action not in ("play", "side", "draw", "pass_turn", "hint") or self.game is None:
            return True
        if action == "hint":
            return not self.busy and self.my_turn_now()
        if self.busy or not self.my_turn_now():
            return action == "play"   # Enter still says whose turn it is
        legal = list(self.table.legal)
        if action == "draw":
            return legal == [Draw()]
        if action == "pass_turn":
            return legal == [Pass()]
        if action == "side":   # only a real choice: the tile fits both chains, ends differ
            tiles = self.rack()
            if legal in ([Draw()], [Pass()]) or not tiles:
                return False
            t = self.choosing or tiles[min(self.selected, len(tiles) - 1)]
            return len(self.table.choices(t)) == 2
        return True

    def say_turn(self) -> None:
        """Say what the person must do when no tile fits (draw, or pass), after the other
        seat's moves; a "Wait: it is Mugsy's turn" said meanwhile goes (it is theirs now)."""
        if self.last_message.startswith("Wait: it is"):   # a refusal of then: it is now
            self.say("Your turn.")
        legal = list(self.table.legal)
        if legal == [Draw()] and not self.howto_says("draws"):
            self.say(self.last_message + "  Your turn: no tile fits, draw (D or Enter).")
        elif legal == [Pass()] and not self.howto_says("passes"):
            self.say("No tile fits and the boneyard is empty: pass (P or Enter).")

    def _my_turn(self) -> bool:
        if self.game is None:
            return False
        if self.busy or not self.my_turn_now():
            self.say(f"Wait: it is {possessive(self.names()[1 - self.me])} turn."
                     if not self.game.finished() else self.game.over_line(), bell=True)
            return False
        return True

    def action_move(self, step: int) -> None:
        if self.game is None:
            return
        n = len(self.table.rack)
        if n:
            self.selected = (self.selected + step) % n
            self.choosing = None
            self.refresh_all()

    def action_move_row(self, step: int) -> None:
        """Classic keys: the red box to the tile above (-1) or below (1) in the rack."""
        if self.game is None:
            return
        target = self.selected + step * self.rack_columns
        if 0 <= target < len(self.table.rack):
            self.selected = target
            self.choosing = None
            self.refresh_all()

    def click_tile(self, t: Tile) -> None:
        """A click on a rack tile selects it; a second click on the tile it selected plays
        it (as Enter does), so a stray click never plays a tile."""
        tiles = self.rack()
        if t not in tiles:
            return
        if self._clicked == t and tiles.index(t) == self.selected:
            self._clicked = None
            self.choosing = None
            self.action_play()
            return
        self._clicked = t
        self.selected = tiles.index(t)
        self.choosing = None
        self.refresh_all()
        self.say(f"{t} chosen: Enter or a second click plays it.")

    def action_play(self) -> None:
        """Play the selected tile (asking for the chain only when it fits both and the two
        lead to different games, R-MG-2); draw or pass when nothing fits."""
        if not self._my_turn():
            return
        st = self.table
        legal = list(st.legal)
        if legal == [Draw()]:
            self.action_draw()
            return
        if legal == [Pass()]:
            self.action_pass_turn()
            return
        tiles = self.rack()
        t = tiles[self.selected]
        sides = st.choices(t)   # one chain when both ends are alike: nothing to ask
        if not sides:
            lft, rgt = st.ends()
            self.choosing = None
            self.refresh_all()
            self.say(f"{t} does not fit: left end {lft}, right end {rgt}.", bell=True)
            return
        if len(sides) == 2:
            self.choosing = t
            self.refresh_all()
            self.say(f"{t} fits both chains: press L or R (or click Left / Right).")
            return
        self._play(Play(t, sides[0]))

    def action_side(self, side: str) -> None:
        """Play the selected tile (or the one being placed) on chain ``side``."""
        if not self._my_turn():
            return
        tiles = self.rack()
        if not tiles:
            return
        t = self.choosing or tiles[self.selected]
        play = Play(t, Side(side))
        st = self.table
        legal = list(st.legal)
        if play not in legal:
            if legal in ([Draw()], [Pass()]):
                msg = f"No tile fits: {'draw (D)' if legal == [Draw()] else 'pass (P)'}."
            else:
                end = st.ends()[0 if side == "L" else 1]
                word = play.side.word
                msg = f"{t} does not fit the {word} chain ({word} end {end})."
            self.say(msg, bell=True)
            return
        self._play(play)

    def _play(self, play: Play) -> None:
        pts = self.table.score_of(play)
        if not self.act(str(play)):
            return
        self.choosing = None
        self.fresh = None
        self.board_fresh = play.tile
        self.say(f"You played {play.tile} on the {play.side.word} chain" +
                 (f": {count(pts, 'point')}!" if pts else "."))
        self.refresh_all()
        self.advance()

    def act(self, text: str) -> bool:
        """Play the person's action through the match (saved, or committed by the server,
        before it returns); a refusal or a failure is said. True when it was played."""
        assert self.game is not None
        try:
            self.game.play(text)
        except GameshelfError as exc:
            if self.game.cut_off() is not None:   # the server is gone: said once, there
                self.say("")
                self._show_errors()
                self.refresh_all()
                self._show_game_over()
                return False
            self.say(error_line(exc), bell=True)
            self._show_errors()
            return False
        self._told = len(self.game.log())   # one's own move is said by the caller
        self._show_errors()
        return True

    def _show_errors(self) -> None:
        """Say the match's new failures (a store that cannot be written; online, the
        server's refusals), once each; a lost connection is said once, by the game-over
        window (:func:`~gameshelf.session.waiting.not_lost`)."""
        if self.game is None:
            return
        self._errors_seen = min(self._errors_seen, len(self.game.errors))  # some were said
        for message in not_lost(self.game, self.game.errors[self._errors_seen:]):
            self.say(save_failure(message) if self.game.keeps_saves else message, bell=True)
        self._errors_seen = len(self.game.errors)

    def action_draw(self) -> None:
        """Draw one tile (only when nothing fits)."""
        if not self._my_turn():
            return
        legal = list(self.table.legal)
        if legal != [Draw()]:
            self.say("You can play, so you must play: no drawing." if legal != [Pass()]
                     else "The boneyard is empty: pass (P).", bell=True)
            return
        before = set(self.table.hand)
        if not self.act("draw"):
            return
        st = self.table
        new = sorted(set(st.hand) - before)
        t = new[-1] if new else None
        self.fresh = t
        self.choosing = None
        if t is not None:
            tiles = self.rack()
            self.selected = tiles.index(t)
        self.refresh_all()     # the how-to line first: the message does not repeat it
        if t is not None:
            said = self.howto_says("draws" if st.boneyard_count else "passes")
            self.say(f"You drew {t}: " + ("it fits, play it (Enter)." if st.fits(t) else
                     "it does not fit." if said else
                     "it does not fit, draw again (D)." if st.boneyard_count else
                     "it does not fit and the boneyard is empty: pass (P)."))

    def action_pass_turn(self) -> None:
        """Pass (only with nothing to play and an empty boneyard)."""
        if not self._my_turn():
            return
        legal = list(self.table.legal)
        if legal != [Pass()]:
            self.say("You cannot pass: " + ("draw (D)." if legal == [Draw()]
                                            else "a tile fits, play it."), bell=True)
            return
        if not self.act("pass"):
            return
        self.say("You pass.")
        self.refresh_all()
        self.advance()

    def action_hint(self) -> None:
        """The coach's hint for the person's tiles (a window; only on the person's turn)."""
        if not self._my_turn():
            return
        self.app.push_screen(MugginsHintScreen(self.table))
