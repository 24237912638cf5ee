"""What a seat sees of a game of Pig, and its one JSON codec (the server encodes it, the
remote client decodes it, the local screen shows the same value). Pig hides nothing: every
seat sees the whole table. Pure: no I/O.

Example:
    >>> from tests.games.pig.match import GAME, Match
    >>> m = Match.new(7, ["Ann", "Hog"], ["human", "hold20"])
    >>> view = PigView.of(m, 0)
    >>> decode(encode(view), 0, view.to_move, ["roll"]) == view
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gameshelf.core.errors import GameshelfError
from gameshelf.core.state import TERMINAL
from gameshelf.session.remote import OnlineError, reason_of
from tests.games.pig.game import Action, Dice, parse_action
from tests.games.pig.match import GAME, Match


@dataclass(frozen=True)
class PigView:
    """The table as ``seat`` sees it.

    Attributes:
        seat: the viewer.
        names: both seats' names.
        scores: both banked scores; target: the points that win.
        turn_total: the points of the turn under way; to_move: the seat to act, or
            ``CHANCE`` / ``TERMINAL``; turn: whose turn it is.
        last: the last dice rolled (None before the first roll).
        turns: the turns ended so far.
        legal: the viewer's moves when it is to act, else none.
    """

    seat: int
    names: tuple[str, str]
    scores: tuple[int, int]
    target: int
    turn_total: int
    to_move: int
    turn: int
    last: Dice | None
    turns: int
    legal: tuple[Action, ...]

    @classmethod
    def of(cls, match: Match, seat: int) -> PigView:
        """``seat``'s view of ``match``."""
        st = match.state
        rolled = [e.dice for e in st.events if e.dice is not None]
        a, b = match.names
        return cls(seat, (a, b), (st.scores[0], st.scores[1]), st.target, st.turn_total,
                   st.current_player(), st.seat, rolled[-1] if rolled else None, st.turns,
                   tuple(st.legal_actions()) if st.current_player() == seat else ())

    @property
    def winner(self) -> int | None:
        """The seat ahead once the game is over (None: a draw, or not over)."""
        if self.to_move != TERMINAL or self.scores[0] == self.scores[1]:
            return None
        return 0 if self.scores[0] > self.scores[1] else 1


def encode(view: PigView) -> dict[str, Any]:
    """The view as JSON values (``legal`` goes in the server's ``state`` message)."""
    return {"game": GAME, "seat": view.seat, "names": list(view.names),
            "scores": list(view.scores), "target": view.target,
            "turn_total": view.turn_total, "turn": view.turn, "turns": view.turns,
            "last": None if view.last is None else [view.last.a, view.last.b]}


def decode(data: dict[str, Any], seat: int, to_act: int, legal: Sequence[str]) -> PigView:
    """The view in a ``state`` message (``to_act`` and ``legal`` from the message).

    Raises:
        OnlineError: not a view of Pig (nothing is shown).
    """
    try:
        a, b = (str(n) for n in data["names"])
        last = data["last"]
        return PigView(seat, (a, b), (int(data["scores"][0]), int(data["scores"][1])),
                       int(data["target"]), int(data["turn_total"]), to_act,
                       int(data["turn"]), None if last is None else Dice(*map(int, last)),
                       int(data["turns"]), tuple(parse_action(t) for t in legal))
    except (KeyError, TypeError, ValueError, IndexError, GameshelfError) as exc:
        raise OnlineError(f"the server sent a Pig view this program cannot read "
                          f"({reason_of(exc)})") from None
