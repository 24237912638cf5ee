"""One seat's view of a game of Muggins, and its one JSON codec (docs/online.md, "Views").

:class:`MugginsView` is all one seat may know: its own rack, the chains, the counts of the
other rack and of the boneyard, the scores, the finished rounds and the numbers the other
seat is known to lack; never the other rack's tiles nor the boneyard's. Mugsy and the coach
decide from it, the screen and the prompt draw it, the game server sends it as JSON
(:meth:`MugginsView.to_json`, tiles written ``5-3``) and the remote client reads that back
(:meth:`MugginsView.from_json`); the web page reads the same JSON. Pure: no I/O.

Example:
    >>> from gameshelf.games.muggins.match import Match
    >>> state = Match.new(seed=3).state
    >>> view = MugginsView.of(state, 0)
    >>> len(view.rack), view.opponent_count, view.boneyard_count, len(view.unseen)
    (7, 7, 40, 47)
    >>> MugginsView.from_json(view.to_json(["Ann", "Mugsy"]), 0, view.to_move,
    ...                       [str(a) for a in view.legal]) == view
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from functools import cached_property
from typing import Annotated, Any

from gameshelf.core.codec import Default, Form, Within, decode, encode, text
from gameshelf.core.errors import BadInputError
from gameshelf.core.safeload import as_json
from gameshelf.core.state import TERMINAL
from gameshelf.games.muggins.game import (
    MAX_POINTS,
    MAX_TARGET,
    MIN_TARGET,
    Action,
    Chains,
    MugginsState,
    Placed,
    Points,
    RoundResult,
    SeatNo,
    parse_action,
)
from gameshelf.games.muggins.tiles import ALL_TILES, DEALT_TILES, MAX_PIPS, Tile, parse_tile

#: A tile as a view writes it (``3-5``), a chain's tile (``5-3``: 5 touches the chain), and
#: a count of tiles (0 to 55, the double-nine set).
TileText = Annotated[Tile, Form(str, lambda v, c: parse_tile(text(v, "a tile like 5-3")))]
PlacedText = Annotated[Placed, Form(lambda p: f"{p.inner}-{p.outer}", lambda v, c: _placed(v))]
TileCount = Annotated[int, Within(0, len(ALL_TILES))]


@dataclass(frozen=True)
class MugginsView(Chains):
    """What one seat sees of a Muggins game; the board reads it as it would the state (the
    chains' rules of :class:`~gameshelf.games.muggins.game.Chains` included).

    Attributes:
        seat: the viewer (0 or 1).
        hand: the viewer's tiles (:attr:`rack` in order).
        left, right: the chains from the spinner out.
        boneyard_count, opponent_count: tiles left to draw; tiles in the other rack.
        scores: both scores (points); target: the score that ends the game (R-MG-8).
        round_no: the round (1-based); leader: the seat that led it (R-MG-7).
        to_move: the seat to act, or ``CHANCE`` / ``TERMINAL``.
        passes: passes in a row so far.
        rounds: the finished rounds' results, oldest first.
        opponent_void: numbers the other seat is known not to hold (it drew or passed while
            they were the open ends and has taken no tile since but those it drew then).
        legal: the viewer's legal actions when it is to act, else empty.
    """

    seat: SeatNo
    hand: frozenset[TileText]
    left: tuple[PlacedText, ...]
    right: tuple[PlacedText, ...]
    boneyard_count: TileCount
    opponent_count: TileCount
    scores: tuple[Points, Points]
    target: Annotated[int, Within(MIN_TARGET, MAX_TARGET)]
    round_no: Annotated[int, Within(1, MAX_POINTS)]
    leader: Annotated[int, Within(0, 1), Default(0)]
    to_move: Annotated[int, Within(TERMINAL, 1)]
    passes: Annotated[int, Within(0, 2)]
    rounds: tuple[RoundResult, ...]
    opponent_void: Annotated[frozenset[Annotated[int, Within(0, MAX_PIPS)]],
                             Default(frozenset())]
    legal: tuple[Action, ...]

    @classmethod
    def of(cls, state: MugginsState, seat: int, *, legal: bool = True) -> MugginsView:
        """``seat``'s view of a game state (``legal=False``: its ``legal`` left empty, as
        a view written to JSON leaves it out)."""
        to_move = state.current_player()
        return cls(seat, frozenset(state.hands[seat]), tuple(state.left), tuple(state.right),
                   len(state.boneyard), len(state.hands[1 - seat]),
                   (state.scores[0], state.scores[1]), state.target, state.round_no,
                   state.leader, to_move, state.passes, tuple(state.rounds),
                   frozenset(state.void[1 - seat]),
                   tuple(state.legal_actions()) if legal and to_move == seat else ())

    # ----- what follows from it ----------------------------------------------------------
    @property
    def rack(self) -> tuple[Tile, ...]:
        """The viewer's tiles in order (``0-1`` before ``0-2`` before ``1-1``)."""
        return tuple(sorted(self.hand))

    @cached_property
    def unseen(self) -> frozenset[Tile]:
        """The tiles the viewer cannot see: the other rack and the boneyard together (every
        dealt tile neither on the chains nor in the rack)."""
        board = {p.tile for p in self.left} | {p.tile for p in self.right}
        return frozenset(t for t in DEALT_TILES if t not in board and t not in self.hand)

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` or ``TERMINAL``."""
        return self.to_move

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.to_move == TERMINAL

    @property
    def winner(self) -> int | None:
        """The winner once the game is over (the higher score; seat 0 on equal ones, as
        the rules engine decides), else None."""
        if not self.is_terminal():
            return None
        return 0 if self.scores[0] >= self.scores[1] else 1

    @property
    def last_round(self) -> RoundResult | None:
        """The last finished round's result, if any."""
        return self.rounds[-1] if self.rounds else None

    # ----- the JSON codec ----------------------------------------------------------------
    def to_json(self, names: Sequence[str]) -> dict[str, Any]:
        """The view as the game server sends it (docs/online.md, "Views"), with both seats'
        ``names``: its fields (:mod:`gameshelf.core.codec`), tiles as ``5-3``, chains from
        the spinner out with each tile written inner half first; and what the rules make of
        the chains for a page that has no rules engine: ``left_end``, ``right_end``,
        ``left_double``, ``right_double``, ``end_total`` (the ends' count, R-MG-4) and
        ``ends_alike`` (a tile fitting both chains leaves the same game on either, R-MG-2).
        ``legal`` is not in it (the ``state`` message carries it)."""
        (lft, rgt), (left_double, right_double) = self.ends(), self.doubles()
        return {"game": "muggins", "names": list(names), **encode(self, skip=("legal",)),
                "left_end": lft, "right_end": rgt, "left_double": left_double,
                "right_double": right_double, "end_total": self.end_total(),
                "ends_alike": self.ends_alike()}

    @classmethod
    def from_json(cls, data: dict[str, Any], seat: int, to_act: int,
                  legal: Sequence[str] = ()) -> MugginsView:
        """The view in a ``state`` message's ``view`` (``seat``, ``to_act`` and ``legal``
        from the message); the fields the rules make of the chains are not read but made
        again.

        Every field is checked for its kind and its range (its type), so that no screen
        indexes past what the rules allow: seats (``seat``, ``leader``, a round's
        ``winner``) 0 or 1; tile counts 0 to 55 (the double-nine set); ``target`` within
        the options' bounds (R-MG-8); ``passes`` 0 to 2; scores, points and round numbers 0
        (1 for a round) to :data:`~gameshelf.games.muggins.game.MAX_POINTS`; lists where
        lists are due; every tile once across the hand and the chains; ``opponent_void``
        numbers 0 to 9.

        Raises:
            BadInputError: the data is not a Muggins view (its cause says what is wrong).
        """
        try:
            view = decode(cls, dict(data, seat=seat, to_move=to_act),
                          given={"legal": tuple(parse_action(t) for t in legal)})
            tiles = [*view.hand, *(p.tile for p in view.left), *(p.tile for p in view.right)]
            if len(set(tiles)) != len(tiles):
                twice = next(str(t) for t in tiles if tiles.count(t) > 1)
                raise ValueError(f"the tile {twice} is in the hand and chains twice")
            return view
        except (TypeError, ValueError) as exc:
            raise BadInputError(f"not a Muggins view: {exc}") from exc


#: The view fields that differ from seat to seat (the rest is the same board and scores).
_OWN = ("seat", "hand", "opponent_count", "opponent_void")
_SHARED = tuple(f.name for f in fields(MugginsView) if f.name not in _OWN)


def muggins_views(state: MugginsState, seats: Sequence[int],
                  names: Sequence[str]) -> list[dict[str, Any]]:
    """:meth:`MugginsView.to_json` of each of ``seats``' views, the board written once:
    the fields that are the same for both seats are the same objects in every view, only
    :data:`_OWN` are written per seat, from that seat's own view."""
    if not seats:
        return []
    first = MugginsView.of(state, seats[0], legal=False).to_json(names)
    return [first, *({**first, **encode(MugginsView.of(state, seat, legal=False), _SHARED)}
                     for seat in seats[1:])]


def _placed(value: Any) -> Placed:
    """A chain tile as a view writes it: ``5-3``, 5 touching the chain."""
    if not isinstance(value, str) or len(value.split("-")) != 2:
        raise ValueError(f"not a placed tile: {as_json(value)}")
    inner, outer = (int(x) for x in value.split("-"))
    return Placed(parse_tile(value), inner, outer)
