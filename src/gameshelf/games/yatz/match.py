"""A Yatz match: the seats, the seeded dice, the record, and the computer seats.

The match is the driver of :class:`~gameshelf.games.yatz.game.YatzState`: it owns the match's
:class:`~gameshelf.core.chance.Chance` made from the seed (the game number), answers every
chance node with dice drawn from it, and keeps the record of every action (the dice
included) in text form. A record is a save: :meth:`Match.from_record` replays it through the
rules, redrawing the dice from the game number and checking they match, so a game resumed at
any moment, mid-turn too, goes on exactly as it would have.

Computer seats choose with a generator derived from the seed and the number of actions so
far (an undone box and its ``undo`` not counted), so their choices too are the same after a
resume, and after an undo followed by the same fill.

A person may take back the box just filled (:meth:`Match.undo`, the rule is there); the
record keeps the fill and the ``undo`` both, and a replay checks an ``undo`` like any other
action.

Example:
    >>> m = Match([Seat("Ann", "human"), Seat("Cpu", "greedy")], seed=7)
    >>> m.act("roll")
    >>> m.state.roll_number()
    1
    >>> Match.from_record(m.record()).state.dice == m.state.dice
    True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gameshelf.core.chance import MAX_SEED, Chance
from gameshelf.core.errors import BadInputError, GameshelfError, IllegalMoveError, RecordError
from gameshelf.core.inputs import check_name, quote
from gameshelf.core.records import GameRecord
from gameshelf.core.seats import DEFAULT, seat_word
from gameshelf.core.text import count, is_you, possessive, said, with_level
from gameshelf.games.yatz.game import (
    GAME,
    MAX_PLAYERS,
    RULES_VERSION,
    UNDO,
    Action,
    Dice,
    Hold,
    Roll,
    Score,
    Undo,
    YatzState,
    max_actions,
    parse_action,
)
from gameshelf.games.yatz.options import YatzOptions
from gameshelf.games.yatz.players import PLAYERS, Player, default_player, make_player
from gameshelf.games.yatz.scoring import FACES, RULE_SETS, rule_set

HUMAN = "human"
#: The longest seat name (characters).
MAX_NAME_LENGTH = 20


@dataclass(frozen=True)
class Seat:
    """A seat: the player's name and ``human`` or a registered computer player's name."""

    name: str
    player: str = HUMAN

    @property
    def is_human(self) -> bool:
        """True for a person at the keyboard."""
        return self.player == HUMAN


def parse_seats(text: str) -> list[Seat]:
    """Parse ``"Ann,Bob,cpu"``: names of people; ``cpu``, ``computer``, ``ai`` (or a player
    name such as ``greedy``) for a computer; ``Name:player`` for a named computer seat. The
    seat words are read by :func:`gameshelf.core.seats.seat_word`, as in every game.

    Raises:
        BadInputError: no seats, more than 9, an empty name, a name holding a character
            no name may hold (:func:`~gameshelf.core.inputs.check_name`, as typed), an
            unknown computer player, a person's name that names a computer player.
    """
    # each part checked as typed (check_name), before its blanks are folded: U+001C or
    # U+2028, which str.strip takes for blanks, are refused, not dropped; its length is
    # the name's, checked once the seat word is read (name_seats)
    parts = [check_name(p, "player name", max_len=4 * len(p) + 4) for p in text.split(",")]
    if not text.strip() or any(not p for p in parts):
        raise BadInputError("players: give 1 to 9 names separated by commas, e.g. Ann,Bob,cpu")
    seats: list[Seat] = []
    for p in parts:
        name, player = seat_word(p, PLAYERS)
        if player is None:
            seats.append(Seat(name, HUMAN))
        else:
            kind = default_player() if player == DEFAULT else player
            make_player(kind)  # raises on an unknown name
            seats.append(Seat(name, kind))
    return name_seats(seats)


def name_seats(seats: Sequence[Seat], *, stored: bool = False) -> list[Seat]:
    """Check the seats and give unnamed seats names: a computer the game's computer name
    (:meth:`YatzOptions.computer_name <gameshelf.core.options.GameOptions.computer_name>`:
    ``CPU 1``, ``CPU 2``..., counting the computer seats), a person ``Player N``.
    ``stored``: the seats are a record's, their names checked as stored names are
    (:func:`~gameshelf.core.inputs.check_name`), so an old save still loads.

    Raises:
        BadInputError: no seats or more than 9; a name longer than
            :data:`MAX_NAME_LENGTH` characters or with control characters.
    """
    if not 1 <= len(seats) <= MAX_PLAYERS:
        raise BadInputError(f"Yatz is for 1 to 9 players, got {len(seats)}")
    out: list[Seat] = []
    # every name checked and tidied first, so a name given is taken as the seat shows it
    # (any case): a person typed "CPU  1" keeps the computer's ``CPU 1`` from it
    names = [check_name(s.name, "player name", max_len=MAX_NAME_LENGTH, stored=stored)
             for s in seats]
    taken = {name.casefold() for name in names if name}
    computers = 0
    for i, (s, name) in enumerate(zip(seats, names, strict=True)):
        computers += not s.is_human
        if not name and not s.is_human:
            name = YatzOptions.computer_name(computers, taken)
        elif not name:
            base = f"Player {i + 1}"
            name, n = base, 1
            while name.casefold() in taken:
                n += 1
                name = f"{base}.{n}"
        taken.add(name.casefold())
        out.append(Seat(name, s.player))
    return out


def ranking(state: YatzState) -> list[tuple[int, int, int]]:
    """``(place, seat index, points)`` best first; equal totals share a place.

    Example:
        >>> ranking(YatzState(2))
        [(1, 0, 0), (1, 1, 0)]
    """
    totals = [(state.grand_total(i), i) for i in range(state.players)]
    totals.sort(key=lambda t: (-t[0], t[1]))
    out: list[tuple[int, int, int]] = []
    for n, (pts, i) in enumerate(totals):
        place = out[-1][0] if out and out[-1][2] == pts else n + 1
        out.append((place, i, pts))
    return out


class Match:
    """One game of Yatz being played.

    Args:
        seats: 1 to 9 seats in seat order (R-YZ-1).
        seed: the game number.
        rules: the rule set's name (``yatz``).

    Attributes:
        seats: the seats in order.
        seed: the game number.
        state: the :class:`~gameshelf.games.yatz.game.YatzState` (read it; act through the match).
        log: every action applied so far, the chance outcomes (dice) included, and each
            ``undo`` after the box it took back.
        undos: ``undos[seat]`` boxes the seat took back so far (:meth:`undo`).

    Raises:
        BadInputError: bad seats, seed or rule set.
    """

    def __init__(self, seats: Sequence[Seat], seed: int, rules: str = "yatz", *,
                 stored: bool = False) -> None:
        self.seats = tuple(name_seats(seats, stored=stored))
        if not 0 <= seed <= MAX_SEED:
            raise BadInputError(f"game number must be between 0 and {MAX_SEED}")
        self.seed = int(seed)
        self.rules = rule_set(rules).name
        self.state = YatzState(len(self.seats), rule_set(rules))
        self._dice = Chance(self.seed)
        self._base = Chance(self.seed)
        self.log: list[Action | Undo] = []
        self.undos = [0] * len(self.seats)
        # The last fill, for an undo: the seat, the box, the state before it (None for a
        # computer seat), and why it can no longer be taken back (None while it can).
        self._fill: tuple[int, Score, YatzState | None] | None = None
        self._closed: str | None = None
        self._undone_turn = -1     # turns_done of the last turn an undo went back into
        self._undone_actions = 0   # log entries of undone boxes and their undos
        self._players: dict[int, Player] = {}
        for i, s in enumerate(self.seats):
            if not s.is_human:
                self._players[i] = make_player(s.player)

    @property
    def actions(self) -> list[str]:
        """Every action so far (the dice included) in text form, in order."""
        return [str(a) for a in self.log]

    # --- playing --------------------------------------------------------------------------
    def act(self, action: Action | str) -> None:
        """Apply a player's action (an action or its text); a ``roll`` is answered at once
        with dice from the match's generator.

        Raises:
            BadInputError: the text is not an action, or names dice (they are rolled).
            IllegalMoveError: the action is not legal now.
        """
        a = parse_action(action) if isinstance(action, str) else action
        if isinstance(a, Dice):
            raise BadInputError("the dice are rolled, not chosen: use roll")
        self._apply(a)
        if isinstance(a, Hold) and self.log and isinstance(self.log[-1], Hold):
            self.log[-1] = a  # a hold sets exactly which dice are held: the last one counts
        else:
            self.log.append(a)
        if self.state.is_chance_node():
            self._roll()

    def _apply(self, a: Action) -> None:
        """Apply a player's action to the state and keep what an undo needs."""
        seat = self.state.seat
        before = (self.state.clone() if isinstance(a, Score) and self.seats[seat].is_human
                  else None)
        self.state.apply_action(a)
        if isinstance(a, Score):
            self._fill, self._closed = (seat, a, before), None
        elif isinstance(a, Roll) and self._fill is not None and self._closed is None:
            self._closed = (f"{said(self.seats[seat].name, 'has')} rolled since "
                            f"{self._filled_text()} was filled; a box can be taken back "
                            "only until the next roll")

    def _filled_text(self) -> str:
        assert self._fill is not None
        seat, score, _ = self._fill
        name = self.seats[seat].name
        whose = possessive("you" if is_you(name) else name)
        return f"{whose} x{score.column + 1} {score.box.label}"

    # --- undo -----------------------------------------------------------------------------
    def undo_refusal(self) -> str | None:
        """Why :meth:`undo` would be refused now (one line), or None when it is allowed."""
        if self.is_over():
            return "the game is over: its last box counts"
        if self._fill is None:
            return "no box has been filled yet"
        before = self._fill[2]
        what = self._filled_text()
        what = what[0].upper() + what[1:]
        if self._closed is not None:
            return self._closed
        if before is None:
            return f"{what} was filled by a computer player; computer players never undo"
        if self._undone_turn == before.turns_done:
            return f"{what} was filled after an undo; a turn takes back one box at most"
        return None

    def can_undo(self) -> bool:
        """True when :meth:`undo` is allowed now."""
        return self.undo_refusal() is None

    def undo(self) -> Score:
        """Take back the box just filled; returns the fill taken back.

        The rule of undo: a person who has just filled a box may take it back until the
        next roll: the next player's first roll, or in solitaire the player's own next
        roll. The seat is then back at the moment before the fill, with the same dice,
        holds and rolls left: it may fill any empty box (the same one too), or roll again
        if rolls are left. A turn takes back one box at most; computer seats never undo;
        the last box of the game counts at once (the game is over). No dice are drawn or
        put back: the game number's dice go on as if the box had never been filled, and a
        computer seat's choices after an undo and the same fill are those it makes without
        the undo. The log (the record) keeps the fill and an ``undo`` after it; the
        seat's count in :attr:`undos` goes up by one.

        Raises:
            IllegalMoveError: no undo now; the message says why (:meth:`undo_refusal`).
        """
        why = self.undo_refusal()
        if why is not None:
            raise IllegalMoveError(f"undo: {why}")
        assert self._fill is not None
        seat, score, before = self._fill
        assert before is not None
        self.state.restore(before)
        self._fill = (seat, score, None)
        what = self._filled_text()
        self._closed = f"{what[0].upper()}{what[1:]} is taken back already; fill a box"
        self._undone_turn = before.turns_done
        self._undone_actions += 2
        self.undos[seat] += 1
        self.log.append(UNDO)
        return score

    def played_actions(self) -> list[Action]:
        """The actions of the game as it stands: each box taken back and its ``undo`` left
        out (what a review of the choices replays)."""
        out: list[Action] = []
        for a in self.log:
            if isinstance(a, Undo):
                while not isinstance(out.pop(), Score):
                    pass
            else:
                out.append(a)
        return out

    def _draw(self) -> Dice:
        k = self.state.rolled_count()
        return Dice(tuple(self._dice.randint(1, FACES) for _ in range(k)))

    def _roll(self) -> None:
        outcome = self._draw()
        self.state.apply_action(outcome)
        self.log.append(outcome)

    @property
    def seat(self) -> Seat:
        """The seat on turn."""
        return self.seats[self.state.seat]

    def is_over(self) -> bool:
        """True once every box of every card is filled."""
        return self.state.is_terminal()

    def is_computer_turn(self) -> bool:
        """True when a computer seat is to act."""
        return not self.is_over() and not self.seat.is_human

    def computer_action(self) -> Action:
        """The action the computer seat on turn chooses (not applied).

        Raises:
            IllegalMoveError: the seat on turn is a person, or the game is over.
        """
        if not self.is_computer_turn():
            raise IllegalMoveError("it is not a computer player's turn")
        done = len(self.log) - self._undone_actions
        rng = self._base.derive(f"cpu/{self.state.seat}/{done}")
        return self._players[self.state.seat].choose(self.state, rng)

    def computer_preparer(self) -> Callable[[], object] | None:
        """For the computer seat on turn: a function that does its slow thinking ahead of
        its decision (safe to run in another thread: it works on a snapshot), or None when
        it is not a computer's turn or the player has nothing to prepare."""
        if not self.is_computer_turn():
            return None
        prep = getattr(self._players[self.state.seat], "preparer", None)
        return prep(self.state) if callable(prep) else None

    def step_computer(self) -> Action:
        """Let the computer seat on turn act once; returns its action."""
        a = self.computer_action()
        self.act(a)
        return a

    def play_computers(self) -> None:
        """Let computer seats act until a person is to act or the game is over."""
        while self.is_computer_turn():
            self.step_computer()

    def ranking(self) -> list[tuple[int, int, int]]:
        """``(place, seat index, points)`` best first; equal totals share a place."""
        return ranking(self.state)

    # --- records --------------------------------------------------------------------------
    def options(self) -> dict[str, Any]:
        """The match options as stored in its record."""
        return {"rules": self.rules,
                "players": [{"name": s.name, "player": s.player} for s in self.seats]}

    def record(self) -> GameRecord:
        """The game so far as a record (a save, resumable at this very moment)."""
        return GameRecord(GAME, RULES_VERSION, self.options(), self.seed, tuple(self.actions))

    @classmethod
    def from_record(cls, record: GameRecord) -> Match:
        """Rebuild a match by replaying ``record`` through the rules.

        Every chance outcome and every computer seat's move is checked: the dice must be
        those the game number rolls and a computer's move the one that player makes; an
        ``undo`` must be one :meth:`undo` allows there.

        Raises:
            RecordError: another game or rules version, bad options, more actions than
                :func:`~gameshelf.games.yatz.game.max_actions` allows, an illegal action, dice that
                are not those of the record's game number, a move of a computer seat that
                is not the one it makes, or an ``undo`` the rule does not allow.
        """
        record.check(GAME, RULES_VERSION, "Yatz")
        opts = record.options
        players = opts.get("players")
        rules = opts.get("rules", "yatz")
        if (not isinstance(players, list) or not isinstance(rules, str)
                or rules not in RULE_SETS
                or not all(isinstance(p, dict) and isinstance(p.get("name"), str)
                           and isinstance(p.get("player"), str) for p in players)):
            raise RecordError("this Yatz record's options are damaged (players or rules)")
        seats = [Seat(p["name"], p["player"]) for p in players]
        for s in seats:
            if not s.is_human and s.player not in PLAYERS:
                raise RecordError(f"this game has a computer player {s.player!r} that this "
                                  "program does not know")
        try:
            m = cls(seats, record.seed, rules, stored=True)
        except GameshelfError as exc:
            raise RecordError(f"this Yatz record cannot be set up: {exc}") from None
        m.replay(record.actions)
        return m

    def replay(self, texts: Sequence[str]) -> None:
        """Apply the actions ``texts`` (a record's, recorded after this match's own) as
        :meth:`from_record` replays a record, each checked: the dice must be those of the
        game number, a computer seat's move the one it makes, an ``undo`` one
        :meth:`undo` allows. A roll left without its dice at the end is answered with
        them. Each action is appended to :attr:`log` as written (a hold after a hold
        too). On a refusal the match is left part-way: rebuild it.

        Raises:
            RecordError: more actions in all than
                :func:`~gameshelf.games.yatz.game.max_actions` allows, an illegal action,
                dice that are not those of the game number, a computer seat's move that is
                not the one it makes, or an ``undo`` the rule does not allow.
        """
        most = max_actions(len(self.seats))
        if len(self.log) + len(texts) > most:
            raise RecordError(f"this Yatz record holds "
                              f"{count(len(self.log) + len(texts), 'action')}; a game of "
                              f"{len(self.seats)} can have at most {most:,}")
        pending = self.state.is_chance_node()
        for n, text in enumerate(texts, start=len(self.log) + 1):
            try:
                if text.strip().lower() == "undo":
                    if pending:
                        raise IllegalMoveError("a roll without its dice")
                    self.undo()
                    continue
                a = parse_action(text)
                if isinstance(a, Dice):
                    if not pending:
                        raise IllegalMoveError("dice without a roll")
                    drawn = self._draw()
                    if drawn != a:
                        raise RecordError(f"action {n} ({quote(text)}): these are not the dice "
                                          f"of game number {self.seed}")
                    self.state.apply_action(a)
                    pending = False
                else:
                    if pending:
                        raise IllegalMoveError("a roll without its dice")
                    if self.is_computer_turn() and a != (mine := self.computer_action()):
                        raise RecordError(
                            f"action {n} ({quote(text)}) is not the move of the computer "
                            f"player {with_level(self.seat.name, self.seat.player)}, who plays "
                            f"{str(mine)!r} there")
                    self._apply(a)
                    pending = self.state.is_chance_node()
            except RecordError:
                raise
            except GameshelfError as exc:
                raise RecordError(f"action {n} ({quote(text)}) of this record is not legal: "
                                  f"{exc}") from None
            self.log.append(a)
        if pending:
            self._roll()

    @classmethod
    def from_json(cls, text: str | bytes) -> Match:
        """Check and replay a record's JSON text.

        Raises:
            RecordError: a corrupt, truncated, tampered or foreign record.
        """
        return cls.from_record(GameRecord.from_json(text, game=GAME,
                                                    rules_version=RULES_VERSION))

    def describe(self) -> str:
        """One line: the seats and the progress (``Ann, Bob · game 7 · turn 5 of 39``)."""
        names = ", ".join(s.name for s in self.seats)
        if self.is_over():
            return f"{names} · game {self.seed} · over"
        turn = self.state.turns_taken(self.state.seat) + 1
        return f"{names} · game {self.seed} · turn {turn} of 39"
