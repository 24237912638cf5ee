"""Muggins (All Fives with two chains), the game state.

Rules summary (``shared/rules/muggins.txt`` with rulings R-MG-1..R-MG-8): two players, a
double-nine set. Each round the 0-0 starts the board (not dealt) and each player gets 7 tiles;
40 stay in the boneyard (R-MG-1). Two chains, left and right, grow from the 0-0; a tile is
added to a chain when one of its halves equals that chain's open number (R-MG-2). A player
who can play must; one who cannot draws until a tile fits and plays it, or passes when the
boneyard is empty (R-MG-3). After each play the two open ends are added (a double counts both
halves) and a positive multiple of 5 is scored (R-MG-4). Going out wins the round: 25 plus
the opponent's pips rounded to 5 (R-MG-5). Blocked: the lower pip total scores the
opponent's pips rounded; equal totals score nothing (R-MG-6). The human (seat 0) leads the
first round, then the lead alternates (R-MG-7). The game ends as soon as a player reaches the
target, 500 by default, even mid-round (R-MG-8).

Chance is explicit: while tiles are dealt and after each ``draw`` the state is a chance node
whose outcomes are ``take T`` for every tile ``T`` in the boneyard, all equally likely
(:func:`resolve_chance` picks them with a seeded generator).

Action text forms (they parse back, ``parse_action(str(a)) == a``):
``3-5 L`` / ``3-5 R`` play a tile on the left/right chain, ``draw``, ``pass``, and the chance
outcome ``take 3-5`` (the tile drawn or dealt goes to the player being served).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Annotated

from gameshelf.core.chance import Chance
from gameshelf.core.codec import Within
from gameshelf.core.errors import BadInputError, IllegalMoveError
from gameshelf.core.inputs import quote
from gameshelf.core.state import CHANCE, TERMINAL
from gameshelf.games.muggins.tiles import (
    ALL_TILES,
    DEALT_TILES,
    MAX_PIPS,
    Tile,
    parse_tile,
    round_to_five,
)

#: Rules version written into game records; records of another version are refused.
RULES_VERSION = 1
#: Default target score (R-MG-8): the rulebook's, for every game here and on a game server.
DEFAULT_TARGET = 500
#: The targets the engine accepts (R-MG-8 leaves the target to the players), in points.
MIN_TARGET, MAX_TARGET = 5, 10_000
#: Tiles dealt to each player per round (R-MG-1).
HAND_SIZE = 7
#: Bonus for going out (R-MG-5).
DOMINO_BONUS = 25
#: Seat names: seat 0 is the person, seat 1 is Mugsy (R-MG-7).
SEATS = 2
#: Actions of one round at most (R-MG-1, R-MG-3): 14 tiles dealt, each of the 40 boneyard
#: tiles drawn (a ``draw`` and its ``take``), every one of the 54 tiles played, and a
#: ``pass`` after each play once the boneyard is empty, plus the pass that blocks.
ACTIONS_PER_ROUND = 2 * HAND_SIZE + 2 * 40 + 54 + 55
#: Rounds in which nobody scores (a block with equal pip totals, R-MG-6) that a record may
#: hold beyond those that score: far more than any game ever has.
SCORELESS_ROUNDS = 25


def max_actions(target: int) -> int:
    """The most actions a record of a game to ``target`` points can hold: a round that
    scores gives someone at least 5 points (R-MG-4..6), so at most ``2 * target / 5 + 1``
    rounds score before one player reaches the target (R-MG-8), plus
    :data:`SCORELESS_ROUNDS`; each round holds at most :data:`ACTIONS_PER_ROUND`."""
    return (2 * target // 5 + 1 + SCORELESS_ROUNDS) * ACTIONS_PER_ROUND


class Side(enum.Enum):
    """Which chain a tile goes on."""

    LEFT = "L"
    RIGHT = "R"

    @property
    def word(self) -> str:
        """``left`` or ``right``."""
        return "left" if self is Side.LEFT else "right"


@dataclass(frozen=True)
class Play:
    """Play ``tile`` on the chain ``side``. Text form ``3-5 L``."""

    tile: Tile
    side: Side

    def __str__(self) -> str:
        return f"{self.tile} {self.side.value}"


@dataclass(frozen=True)
class Draw:
    """Draw one tile from the boneyard (only when no tile fits, R-MG-3). Text ``draw``."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Pass:
    """Pass: no tile fits and the boneyard is empty (R-MG-3). Text ``pass``."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Take:
    """Chance outcome: ``tile`` leaves the boneyard for the player being served (a deal or a
    draw). Text ``take 3-5``."""

    tile: Tile

    def __str__(self) -> str:
        return f"take {self.tile}"


Action = Play | Draw | Pass | Take


def parse_action(text: str) -> Action:
    """Parse an action's text form.

    Accepts ``3-5 L``, ``3-5 left``, ``L 3-5``, ``draw``, ``pass``, ``take 3-5`` (any case).

    Raises:
        BadInputError: anything else.
    """
    words = str(text).strip().lower().split()
    if words == ["draw"]:
        return Draw()
    if words == ["pass"]:
        return Pass()
    if len(words) == 2 and words[0] == "take":
        return Take(parse_tile(words[1]))
    sides = {"l": Side.LEFT, "left": Side.LEFT, "r": Side.RIGHT, "right": Side.RIGHT}
    if len(words) == 2:
        a, b = words
        if b in sides:
            return Play(parse_tile(a), sides[b])
        if a in sides:
            return Play(parse_tile(b), sides[a])
    raise BadInputError(f"not a Muggins action: {quote(text)} (try '3-5 L', '3-5 R', 'draw' "
                        f"or 'pass')")


@dataclass(frozen=True)
class Placed:
    """A tile on a chain: ``inner`` touches the chain, ``outer`` is open."""

    tile: Tile
    inner: int
    outer: int


class Phase(enum.Enum):
    """What the state waits for."""

    DEAL = "deal"      # chance: dealing the round's tiles
    PLAY = "play"      # a player chooses play / draw / pass
    DRAW = "draw"      # chance: the tile a player draws
    OVER = "over"      # the game is over


#: The most a score, a round's points or a round number read from a view may be: far past
#: any game's (the largest target is 10,000), short of numbers no screen can show.
MAX_POINTS = 1_000_000
#: A seat (0 or 1) and a count of points, as a view's JSON must hold them.
SeatNo = Annotated[int, Within(0, 1)]
Points = Annotated[int, Within(0, MAX_POINTS)]


@dataclass(frozen=True)
class RoundResult:
    """How a round ended.

    Attributes:
        round_no: 1-based round number.
        kind: ``domino`` (a player went out), ``blocked`` or ``target`` (a player reached
            the target mid-round, R-MG-8; nothing more is scored).
        winner: the seat that won the round, or None (equal blocked totals, or ``target``).
        pips: each seat's pips left in hand.
        rounded: the pips scored, rounded to 5 (R-MG-5/6), before the bonus.
        bonus: 25 for a domino, else 0.
        points: points the winner scored for the round's end (``rounded + bonus``).
        scores: both scores after the round.
    """

    round_no: Annotated[int, Within(1, MAX_POINTS)]
    kind: str
    winner: SeatNo | None
    pips: tuple[Points, Points]
    rounded: Points
    bonus: Points
    points: Points
    scores: tuple[Points, Points]


@dataclass(frozen=True)
class Event:
    """One public happening, for screens and logs: ``seat`` did ``kind`` (``play``, ``draw``,
    ``pass``, ``deal``, ``round``) with ``tile`` (known only to the drawer for draws)
    scoring ``points``."""

    seat: int
    kind: str
    tile: Tile | None = None
    side: Side | None = None
    points: int = 0


def end_count(number: int, double: bool) -> int:
    """What an open end showing ``number`` counts: the number, both halves for a double
    (R-MG-4); the bare 0-0 counts 0 (its number is 0)."""
    return 2 * number if double else number


def end_value(chain: Sequence[Placed]) -> int:
    """The count of a chain's open end: its number, both halves for a double, 0 for the
    bare 0-0 (R-MG-4)."""
    if not chain:
        return 0
    last = chain[-1]
    return end_count(last.outer, last.tile.is_double)


def play_points(total: int) -> int:
    """Points for an end total: the total when it is a positive multiple of 5, else 0
    (R-MG-4)."""
    return total if total > 0 and total % 5 == 0 else 0


def domino_points(opponent_pips: int) -> int:
    """Points for going out: the bonus plus the opponent's pips rounded to 5 (R-MG-5)."""
    return DOMINO_BONUS + round_to_five(opponent_pips)


def blocked_points(pips0: int, pips1: int) -> tuple[int | None, int]:
    """A blocked round's ``(winner, points)`` from both seats' pips: the lower total scores
    the other's rounded to 5; equal totals: ``(None, 0)`` (R-MG-6)."""
    if pips0 == pips1:
        return None, 0
    return (0, round_to_five(pips1)) if pips0 < pips1 else (1, round_to_five(pips0))


def reaches(score: int, target: int) -> bool:
    """True when ``score`` reaches or passes the target: the game ends at once (R-MG-8)."""
    return score >= target


#: The rules' scoring as tables for fast play-outs (Mugsy's rollouts), built from the
#: functions above: ``OPENS[10 * i + n]`` is ``(number, count)`` of the open end left by tile
#: id ``i`` (:attr:`Tile.index`) played on an end showing ``n``, None when the tile has no
#: ``n`` (R-MG-2, R-MG-4); ``POINTS[total]`` is :func:`play_points` of each end total, 0 to
#: 36 (two 9-9 doubles).
OPENS: tuple[tuple[int, int] | None, ...] = tuple(
    (t.other(n), end_count(t.other(n), t.is_double)) if t.has(n) else None
    for t in ALL_TILES for n in range(MAX_PIPS + 1))
POINTS: tuple[int, ...] = tuple(play_points(total) for total in range(4 * MAX_PIPS + 1))


class Chains:
    """The two chains' open ends, for the game state and for one seat's table alike: a class
    with ``left`` and ``right`` (the chains from the spinner out) gets these methods."""

    left: Sequence[Placed]
    right: Sequence[Placed]

    def ends(self) -> tuple[int, int]:
        """The open numbers of the left and right chains (0 while a chain is empty)."""
        return (self.left[-1].outer if self.left else 0,
                self.right[-1].outer if self.right else 0)

    def doubles(self) -> tuple[bool, bool]:
        """Whether the left and right chains end in a double (it counts both halves)."""
        return (bool(self.left) and self.left[-1].tile.is_double,
                bool(self.right) and self.right[-1].tile.is_double)

    def end_total(self) -> int:
        """The total of the two open ends, doubles counting both halves (R-MG-4)."""
        return end_value(self.left) + end_value(self.right)

    def score_of(self, play: Play) -> int:
        """The points ``play`` scores at once: the open ends' total after it when a positive
        multiple of 5, else 0 (R-MG-4).

        Raises:
            IllegalMoveError: the tile does not fit that chain (R-MG-2).
        """
        lft, rgt = self.ends()
        opened = OPENS[10 * play.tile.index + (lft if play.side is Side.LEFT else rgt)]
        if opened is None:
            raise IllegalMoveError(f"{play.tile} does not fit the {play.side.word} chain")
        other = end_value(self.right if play.side is Side.LEFT else self.left)
        return POINTS[opened[1] + other]

    def fits(self, t: Tile) -> list[Side]:
        """The chains tile ``t`` fits (R-MG-2)."""
        lft, rgt = self.ends()
        return [s for s, e in ((Side.LEFT, lft), (Side.RIGHT, rgt)) if t.has(e)]

    def ends_alike(self) -> bool:
        """True when the two open ends are alike: the same number counted the same way (both
        doubles or neither; both chains bare at a round's start). A tile that fits both
        chains then scores the same on either and leaves the same game, mirrored (R-MG-2,
        R-MG-4): there is nothing to choose."""
        lft, rgt = self.ends()
        return lft == rgt and end_value(self.left) == end_value(self.right)

    def choices(self, t: Tile) -> list[Side]:
        """The chains a player chooses between for tile ``t``: those it fits (R-MG-2), but
        only one when the ends are alike (:meth:`ends_alike`): the shorter chain, the left
        one when both are as long."""
        sides = self.fits(t)
        if len(sides) == 2 and self.ends_alike():
            return [Side.RIGHT if len(self.right) < len(self.left) else Side.LEFT]
        return sides


@dataclass
class MugginsState(Chains):
    """A game of Muggins between seat 0 (the person) and seat 1 (Mugsy).

    Args:
        target: the score that ends the game (R-MG-8), 5 to 10,000 points.

    Raises:
        BadInputError: a target out of range.
    """

    target: int = DEFAULT_TARGET
    scores: list[int] = field(default_factory=lambda: [0, 0])
    round_no: int = 0
    leader: int = 0
    hands: list[set[Tile]] = field(default_factory=lambda: [set(), set()])
    boneyard: set[Tile] = field(default_factory=set)
    left: list[Placed] = field(default_factory=list)
    right: list[Placed] = field(default_factory=list)
    to_move: int = 0
    receiver: int = 0
    phase: Phase = Phase.DEAL
    passes: int = 0
    drawn_this_turn: int = 0
    rounds: list[RoundResult] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    void: list[set[int]] = field(default_factory=lambda: [set(), set()])
    winner: int | None = None

    def __post_init__(self) -> None:
        if not MIN_TARGET <= int(self.target) <= MAX_TARGET:
            raise BadInputError(f"the target must be {MIN_TARGET} to {MAX_TARGET} points, got "
                                f"{self.target}")
        if self.round_no == 0:
            self._start_round(leader=0)

    # ----- the contract ------------------------------------------------------------------
    def current_player(self) -> int:
        """Seat to act (0 or 1), ``CHANCE`` while dealing or drawing, ``TERMINAL`` at the end."""
        if self.phase is Phase.OVER:
            return TERMINAL
        if self.phase in (Phase.DEAL, Phase.DRAW):
            return CHANCE
        return self.to_move

    def is_terminal(self) -> bool:
        """True once a player reached the target (R-MG-8)."""
        return self.phase is Phase.OVER

    def returns(self) -> list[float]:
        """Both scores (points)."""
        return [float(s) for s in self.scores]

    def chance_outcomes(self) -> list[tuple[Take, float]]:
        """At a chance node: ``take T`` for each boneyard tile, each equally likely."""
        if self.current_player() != CHANCE:
            return []
        tiles = sorted(self.boneyard)
        return [(Take(t), 1.0 / len(tiles)) for t in tiles]

    def playable(self, seat: int) -> list[Play]:
        """Every play open to ``seat`` with its hand, in tile order, left before right."""
        return [Play(t, s) for t in sorted(self.hands[seat]) for s in self.fits(t)]

    def legal_actions(self) -> list[Action]:
        """The legal actions of whoever acts: plays, else ``draw``, else ``pass`` (R-MG-3);
        the chance outcomes at a chance node; nothing at the end."""
        player = self.current_player()
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        plays: list[Action] = list(self.playable(player))
        if plays:
            return plays
        return [Draw()] if self.boneyard else [Pass()]

    def pips(self, seat: int) -> int:
        """Pips left in ``seat``'s hand."""
        return sum(t.pips for t in self.hands[seat])

    # ----- applying actions --------------------------------------------------------------
    def apply_action(self, action: Action | str) -> None:
        """Apply ``action`` (or its text form).

        Raises:
            IllegalMoveError: the action is not legal now (with the reason).
            BadInputError: unreadable text.
        """
        if isinstance(action, str):
            action = parse_action(action)
        player = self.current_player()
        if player == TERMINAL:
            raise IllegalMoveError("the game is over")
        if isinstance(action, Take):
            if player != CHANCE:
                raise IllegalMoveError("a tile is taken from the boneyard only when dealing "
                                       "or drawing")
            if action.tile not in self.boneyard:
                raise IllegalMoveError(f"{action.tile} is not in the boneyard")
            self._take(action.tile)
            return
        if player == CHANCE:
            raise IllegalMoveError("a tile must be taken from the boneyard first")
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalMoveError(self._why_illegal(player, action, legal))
        if isinstance(action, Play):
            self._play(player, action)
        elif isinstance(action, Draw):
            self.phase = Phase.DRAW
            self.receiver = player
            if self.drawn_this_turn == 0:
                lft, rgt = self.ends()
                self.void[player] = {lft, rgt}   # every tile now held lacks both ends
            self.drawn_this_turn += 1
            self.events.append(Event(player, "draw"))
        else:
            self._pass(player)

    def _why_illegal(self, player: int, action: Action, legal: list[Action]) -> str:
        if isinstance(action, Play):
            if action.tile not in self.hands[player]:
                return f"you do not hold {action.tile}"
            fits = self.fits(action.tile)
            lft, rgt = self.ends()
            if not fits:
                return (f"{action.tile} fits neither chain: left end {lft}, "
                        f"right end {rgt}")
            word = action.side.word
            end = lft if action.side is Side.LEFT else rgt
            return f"{action.tile} does not fit the {word} chain ({word} end {end})"
        if isinstance(action, Draw):
            if not self.boneyard:
                return "the boneyard is empty: pass"
            return "you can play, so you must play (no drawing)"
        if any(isinstance(a, Draw) for a in legal):
            return "you cannot pass while the boneyard has tiles: draw"
        return "you can play, so you must play (no passing)"

    def _take(self, t: Tile) -> None:
        self.boneyard.discard(t)
        self.hands[self.receiver].add(t)
        if self.phase is Phase.DEAL:
            if len(self.hands[0]) + len(self.hands[1]) == 2 * HAND_SIZE:
                self.phase = Phase.PLAY
                self.to_move = self.leader
            else:
                self.receiver = 1 - self.receiver
        else:
            # still lacks both ends unless this tile fits (then it is played at once)
            self.phase = Phase.PLAY

    def _play(self, player: int, action: Play) -> None:
        chain = self.left if action.side is Side.LEFT else self.right
        lft, rgt = self.ends()
        end = lft if action.side is Side.LEFT else rgt
        self.hands[player].discard(action.tile)
        chain.append(Placed(action.tile, end, action.tile.other(end)))
        self.passes = 0
        self.drawn_this_turn = 0
        points = play_points(self.end_total())
        self.scores[player] += points
        self.events.append(Event(player, "play", action.tile, action.side, points))
        if self._check_target():
            return
        if not self.hands[player]:
            opp_pips = self.pips(1 - player)
            self.scores[player] += domino_points(opp_pips)
            self._end_round("domino", player, round_to_five(opp_pips), DOMINO_BONUS)
            return
        self.to_move = 1 - player

    def _pass(self, player: int) -> None:
        lft, rgt = self.ends()
        self.void[player] |= {lft, rgt}
        self.passes += 1
        self.drawn_this_turn = 0
        self.events.append(Event(player, "pass"))
        if self.passes >= 2:
            win, rounded = blocked_points(self.pips(0), self.pips(1))
            if win is not None:
                self.scores[win] += rounded
            self._end_round("blocked", win, rounded, 0)
            return
        self.to_move = 1 - player

    def _check_target(self) -> bool:
        """End the game at once when a player reached the target (R-MG-8)."""
        best = max(range(SEATS), key=lambda s: self.scores[s])
        if reaches(self.scores[best], self.target):
            self.winner = best
            self.rounds.append(RoundResult(self.round_no, "target", None,
                                           (self.pips(0), self.pips(1)), 0, 0, 0,
                                           (self.scores[0], self.scores[1])))
            self.phase = Phase.OVER
            return True
        return False

    def _end_round(self, kind: str, winner: int | None, rounded: int, bonus: int) -> None:
        pts = rounded + bonus if winner is not None else 0
        result = RoundResult(self.round_no, kind, winner, (self.pips(0), self.pips(1)),
                             rounded, bonus, pts, (self.scores[0], self.scores[1]))
        self.events.append(Event(-1 if winner is None else winner, "round", points=pts))
        if self._check_target():
            # the target was reached by the round's points: keep the round's own result
            self.rounds[-1] = result
            return
        self.rounds.append(result)
        self._start_round(leader=1 - self.leader)

    def _start_round(self, leader: int) -> None:
        """Clear the board and get ready to deal (R-MG-1, R-MG-7)."""
        self.round_no += 1
        self.leader = leader if self.round_no > 1 else 0
        self.hands = [set(), set()]
        self.boneyard = set(DEALT_TILES)
        self.left, self.right = [], []
        self.passes = 0
        self.drawn_this_turn = 0
        self.void = [set(), set()]
        self.receiver = self.leader
        self.to_move = self.leader
        self.phase = Phase.DEAL

    # ----- helpers -----------------------------------------------------------------------
    @property
    def last_round(self) -> RoundResult | None:
        """The result of the last round that ended, if any."""
        return self.rounds[-1] if self.rounds else None

    def clone(self) -> MugginsState:
        """A deep copy (hands, boneyard, chains, lists)."""
        return MugginsState(
            target=self.target, scores=list(self.scores), round_no=self.round_no,
            leader=self.leader, hands=[set(h) for h in self.hands],
            boneyard=set(self.boneyard), left=list(self.left), right=list(self.right),
            to_move=self.to_move, receiver=self.receiver, phase=self.phase,
            passes=self.passes, drawn_this_turn=self.drawn_this_turn,
            rounds=list(self.rounds), events=list(self.events),
            void=[set(v) for v in self.void], winner=self.winner)


def resolve_chance(state: MugginsState, chance: Chance) -> list[Take]:
    """Apply chance outcomes picked by ``chance`` while the state is a chance node; returns
    them in order (the tiles dealt or drawn)."""
    taken: list[Take] = []
    while state.current_player() == CHANCE:
        outcome = chance.choice([a for a, _ in state.chance_outcomes()])
        state.apply_action(outcome)
        taken.append(outcome)
    return taken
