"""A person's turn on the Yatz screen: rolls, holds, boxes, undo, in both key maps.

Every key or click becomes an action in its text form played through the match; a refusal
is said in the message line, with the bell. The default keys fill a box at Enter (or a
second click; a box that would score 0 asks first); the classic keys (the 1991 manual)
choose a box at the first Enter and count it at the second, any other key correcting the
choice, and move the focus between the dice and the score board (F2).
"""

from __future__ import annotations

from typing import Protocol

from textual.app import App
from textual.coordinate import Coordinate

from gameshelf.core.errors import GameshelfError
from gameshelf.core.text import count, error_line, literal, possessive
from gameshelf.games.yatz.game import HOLDS, ROLL, Action, Score
from gameshelf.games.yatz.play import YatzMatch
from gameshelf.games.yatz.tui import offers
from gameshelf.games.yatz.tui.card import CardTable
from gameshelf.games.yatz.tui.dice_row import DiceRow
from gameshelf.games.yatz.tui.keeping import Keeping
from gameshelf.tui.replay import REFUSED
from gameshelf.tui.widgets import ConfirmScreen


class Table(Protocol):
    """What a person's turn needs of the game screen."""

    game: YatzMatch
    classic: bool
    #: The box chosen by a first Enter, counted by the second (classic keys).
    pending: Coordinate | None
    #: The seat whose card is shown instead of the seat on turn's, if any.
    viewed: int | None
    keeping: Keeping

    @property
    def app(self) -> App[object]:
        """The app (for the bell and the zero box's question)."""

    @property
    def card(self) -> CardTable:
        """The score board."""

    @property
    def dice(self) -> DiceRow:
        """The dice."""

    def say(self, text: str, *, bell: bool = False) -> None:
        """Show ``text`` in the message line."""

    def refresh_view(self) -> None:
        """Draw the table again."""

    def draw_card(self) -> None:
        """Draw the card shown again."""

    def log_event(self, text: str) -> None:
        """Add a line to the play log."""

    def take_moves(self, boxes_only: bool = False) -> str:
        """Log the moves made since the last look; the last one's line."""

    def schedule(self) -> None:
        """Go on with whoever is to act next."""


class PersonTurn:
    """The actions of a person at ``table`` (the game screen)."""

    def __init__(self, table: Table) -> None:
        self._t = table
        #: The line naming the box a person here filled last and its points, kept in the
        #: message line until their next action; None when none.
        self.result: str | None = None
        #: The seat whose card stays shown after its box until the others' first move.
        self.result_seat: int | None = None
        #: The message line offers the box's undo (taken away once it no longer holds).
        self.undo_said = False

    def on_turn(self) -> bool:
        """True when a person here may act now; else says why not (a replay: that nothing
        can be played there)."""
        if self._t.game.read_only:
            self._t.app.notify(REFUSED, markup=False)
            return False
        why = offers.not_on_turn(self._t.game)
        if why is not None:
            self._t.say(why, bell=self._t.game.finished())
        return why is None

    def _do(self, action: Action) -> bool:
        t = self._t
        seat = t.game.state.seat
        try:
            t.game.play(str(action))
        except GameshelfError as exc:
            if t.game.cut_off() is not None:   # the server is gone: said as such
                t.keeping.end()
            else:
                t.say(error_line(exc), bell=True)
            return False
        t.say("")
        t.keeping.store_said()   # the action was saved (a stop or crash loses nothing)
        t.pending = None
        self.result = self.result_seat = None
        self.undo_said = False
        line = t.take_moves()
        if isinstance(action, Score):
            t.viewed = None
            t.card.armed = None
            self._filled(seat, line)
        t.refresh_view()
        if self.result is not None:
            self.undo_said = t.game.can_undo()
            t.say(f"{line}: u takes it back until the next roll." if self.undo_said
                  else f"{line}.")
        return True

    def _filled(self, seat: int, line: str) -> None:
        """``seat`` filled a box (``line`` names it and its points): the line is kept until
        the person's next action; while the seats not here play next, ``seat``'s card stays
        shown until their first move (:meth:`others_moved`)."""
        self.result = line
        if self._t.game.others_turn() and not self._t.game.finished():
            self.result_seat = self._t.viewed = seat

    def others_moved(self, note: str | None = None) -> None:
        """The seats not here moved: the card shown after a person's box goes back to the
        seat on turn; the box's line loses its undo (no longer true after their roll);
        ``note`` follows it in the message line."""
        t = self._t
        if self.result_seat is not None and t.viewed == self.result_seat:
            t.viewed = None
        self.result_seat = None
        stale = self.undo_said and not t.game.can_undo()
        if stale:
            self.undo_said = False
        if stale or note is not None:
            t.say(" ".join(s for s in (f"{self.result}." if self.result else "", note or "")
                           if s))

    def can_fill(self) -> bool:
        """Whether a box can be filled now: a person's turn here with dice rolled, their own
        card shown."""
        game = self._t.game
        return (not game.read_only and game.here_to_act() and bool(game.state.dice)
                and self._t.viewed is None)

    def roll(self) -> None:
        """Roll the dice not held (classic keys: after the third roll the board takes over,
        as the manual says)."""
        t = self._t
        if self.on_turn() and self._do(ROLL) and t.classic and t.game.state.rolls_left == 0:
            t.card.focus()
            t.say("Third roll: choose a box on the score board and press Enter.")

    def hold(self, index: int) -> None:
        """Hold or release die ``index`` (0-4)."""
        if not self.on_turn():
            return
        why = offers.hold_refusal(self._t.game)
        if why is not None:
            self._t.say(why, bell=True)
            return
        self._do(HOLDS[self._t.game.state.held ^ (1 << index)])

    def undo(self) -> None:
        """Take back the box just filled, while the rule allows it: the seat is back at its
        dice, the computer's turn waiting for it called off."""
        t = self._t
        try:
            score = t.game.undo()
        except GameshelfError as exc:
            t.say(error_line(exc), bell=True)
            return
        t.keeping.store_said()
        t.pending = None
        t.viewed = None
        self.result = self.result_seat = None
        self.undo_said = False
        t.card.armed = None
        t.card.to_box(score.column, score.box)
        name = t.game.on_turn.name
        where = f"x{score.column + 1} {score.box.label}"
        t.log_event(f"{literal(name)}: {where} taken back")
        t.refresh_view()
        again = " or roll again" if t.game.state.rolls_left else ""
        t.say(f"{literal(possessive(name))} {where} is taken back: fill a box{again}.")
        t.schedule()   # the computer's timer stops

    def dice_enter(self) -> None:
        """Classic Enter on the dice: roll at the start of a turn, else hold or release the
        die under the arrow (after the third roll: over to the score board)."""
        t = self._t
        if not self.on_turn():
            return
        st = t.game.state
        if not st.dice:
            self.roll()
        elif st.rolls_left == 0:
            t.card.focus()
            t.say("No rolls left: choose a box on the score board.", bell=True)
        else:
            self.hold(t.dice.arrow)

    def switch(self) -> None:
        """F2: from the dice to the score board and back (back only while rolls are
        left)."""
        t = self._t
        st = t.game.state
        if t.dice.has_focus:
            t.card.focus()
            return
        if st.dice and st.rolls_left == 0 and not t.game.finished():
            t.say("No rolls left: fill a box.", bell=True)
            return
        t.dice.focus()

    def set_pending(self, coord: Coordinate | None) -> None:
        """Choose the box under ``coord`` (None: none) as a first Enter does (classic)."""
        self._t.pending = coord
        self._t.draw_card()

    def clicked(self, coord: Coordinate) -> None:
        """A click selected a box: say what it scores (classic keys: chosen, as a first
        Enter); a second click or Enter fills it."""
        if self._t.classic:
            self.choose_box(coord)
            return
        action = self._box_action(coord)
        if action is not None:
            pts = self._t.game.state.points(action.box)
            self._t.say(f"x{action.column + 1} {action.box.label}: {count(pts, 'point')}. "
                        "Click it again or press Enter to fill it.")

    def choose_box(self, coord: Coordinate) -> None:
        """Fill the box under ``coord`` (asking first when it would score 0). With the
        classic keys the first Enter chooses the box and the second counts it."""
        t = self._t
        action = self._box_action(coord)
        if action is None:
            return
        pts = t.game.state.points(action.box)
        where = f"x{action.column + 1} {action.box.label}"
        if t.classic:
            if t.pending != coord:
                self.set_pending(coord)
                t.say(f"{where} scores 0! Enter zeroes it out; any other key corrects."
                      if not pts else f"{where}: {count(pts, 'point')}. Enter counts them; any "
                      "other key corrects.", bell=not pts)
                return
            t.pending = None
            self.score(action)
            return
        if pts == 0:
            def answer(yes: bool | None) -> None:
                if yes:
                    self.score(action)
                else:
                    t.say("Not filled.")
            t.app.push_screen(ConfirmScreen(
                f"{where} scores 0 with these dice.\n"
                "Fill it with 0 anyway?", yes="Fill with 0", no="Cancel"), answer)
            return
        self.score(action)

    def _box_action(self, coord: Coordinate) -> Score | None:
        """The action filling the box under ``coord``; None (with a message) when it cannot
        be filled now."""
        if not self.on_turn():
            return None
        action = offers.box_action(self._t.game, self._t.viewed, CardTable.box_at(coord))
        if isinstance(action, str):
            self._t.say(action, bell=True)
            return None
        return action

    def score(self, action: Score) -> None:
        """Fill a box (the session saves the game, or writes its end), then go on."""
        if self._do(action):
            self._t.schedule()
