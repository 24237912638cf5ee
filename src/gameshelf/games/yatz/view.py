"""The Yatz table as JSON (docs/online.md, "Views"): everyone sees all of it. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from gameshelf.core.codec import Default, Size, Within, decode, encode
from gameshelf.core.errors import GameshelfError
from gameshelf.core.safeload import array
from gameshelf.core.text import count
from gameshelf.games.yatz.game import COLUMNS as YATZ_COLUMNS
from gameshelf.games.yatz.game import MAX_PLAYERS, MIN_PLAYERS, YatzState
from gameshelf.games.yatz.match import Match
from gameshelf.games.yatz.scoring import DICE, Box, rule_set
from gameshelf.session.remote import OnlineError, reason_of

#: The most points a box of a view may hold: past any box's (the most is a Yatz's 50, or a
#: bonus Yatz's), short of numbers no screen can show.
MAX_BOX = 1_000
#: A box's points (null while empty), a column of 13 boxes and a card of ``COLUMNS``.
Points = Annotated[int, Within(0, MAX_BOX)]
Column = Annotated[Sequence[Points | None], Size(len(Box))]
Card = Annotated[Sequence[Column], Size(YATZ_COLUMNS)]


@dataclass(frozen=True)
class YatzTable:
    """The Yatz table as a view's JSON holds it (docs/online.md, "Views"); its fields' types
    say how (:mod:`gameshelf.core.codec`), the context's ``cards`` being the seats.

    Attributes:
        names: the seats' names; rules: the rule set's name.
        seat: the seat on turn; dice: the faces (five, or none before the turn's first
            roll); held: the held dice (1 to 5); rolls_left: 0 to 3; turns_done: turns
            completed in the whole game.
        boxes: ``boxes[seat][column][box]`` points or None; totals: each seat's total.
        bonus: each column's upper bonus (R-YZ-5) by seat (``bonus[seat][column]``).
        points: what the dice score in each of the 13 boxes for the seat on turn (Wild
            Yatz applied, R-YZ-4; ``()`` before the turn's first roll).
    """

    names: Sequence[str]
    rules: Annotated[str, Default("yatz")]
    seat: Annotated[int, Within(0, lambda c: c["cards"] - 1)]
    dice: tuple[Annotated[int, Within(1, 6)], ...]
    held: frozenset[Annotated[int, Within(1, lambda c: len(c["dice"]))]]
    rolls_left: Annotated[int, Within(0, 3)]
    turns_done: Annotated[int, Within(0, lambda c: c["cards"] * YATZ_COLUMNS * len(Box))]
    boxes: Sequence[Card]
    totals: Sequence[int]
    # added within version 1 (a server may send none)
    bonus: Annotated[Sequence[Sequence[int]], Default(())]
    points: Annotated[Sequence[int], Default(())]


def yatz_view(match: Match) -> dict[str, Any]:
    """The Yatz table (everyone sees all of it, :class:`YatzTable`) as JSON."""
    st, seats = match.state, range(len(match.seats))
    return {"game": "yatz", **encode(YatzTable(
        [s.name for s in match.seats], match.rules, st.seat, st.dice,
        frozenset(i + 1 for i in range(len(st.dice)) if st.held >> i & 1), st.rolls_left,
        st.turns_done, st.boxes, [st.grand_total(i) for i in seats],
        [[st.bonus(i, c) for c in range(YATZ_COLUMNS)] for i in seats],
        st.box_points() if st.dice else ()))}


# ----- reading a view (the client's side) ---------------------------------------------
def decode_yatz_view(data: dict[str, Any]) -> YatzState:
    """The Yatz table in a ``state`` message's ``view`` (docs/online.md, "Views"; every seat
    sees all of it) as a :class:`~gameshelf.games.yatz.game.YatzState`: the boxes, dice and
    holds as sent, the running totals made from the boxes as the rules make them.

    Every field is checked for its kind and its range (:class:`YatzTable`): 1 to 9 cards
    (seats) of ``COLUMNS`` columns of 13 boxes, each box's points 0 to :data:`MAX_BOX` or
    null; ``seat`` a card's; dice 1 to 6, five or none; held dice 1 to 5, each once;
    ``rolls_left`` 0 to 3; ``turns_done`` 0 to the boxes there are.

    Raises:
        OnlineError: the view is not one (a server of another kind; nothing is shown).
    """
    try:
        if not isinstance(data, dict):
            raise TypeError("the view is not an object")
        cards = len(array(data.get("boxes"), "boxes"))
        if not MIN_PLAYERS <= cards <= MAX_PLAYERS:
            raise ValueError(f"{count(cards, 'card')}; a table has {MIN_PLAYERS} to "
                             f"{MAX_PLAYERS}")
        table = decode(YatzTable, data, context={"cards": cards})
        if table.dice and len(table.dice) != DICE:
            raise ValueError(f"dice {list(table.dice)}")
        st = YatzState(cards, rule_set(table.rules))
        for seat, card in enumerate(table.boxes):
            for col, column in enumerate(card):
                for box, points in zip(Box, column, strict=True):
                    if points is not None:
                        st.fill(seat, col, box, points)
        st.seat, st.dice, st.rolls_left = table.seat, table.dice, table.rolls_left
        st.held = sum(1 << (k - 1) for k in table.held)
        st.turns_done = table.turns_done
        return st
    except (TypeError, ValueError, GameshelfError) as exc:
        raise OnlineError(f"the server sent a Yatz view this program cannot read "
                          f"({reason_of(exc)})") from None
