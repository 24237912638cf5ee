"""The Yatz table as JSON (docs/online.md, "Views"): everyone sees all of it. Pure: no I/O.
"""

from __future__ import annotations

from typing import Any

from gameshelf.core.errors import GameshelfError
from gameshelf.core.safeload import array, whole
from gameshelf.core.text import count
from gameshelf.games.yatz.game import COLUMNS as YATZ_COLUMNS
from gameshelf.games.yatz.game import MAX_PLAYERS, MIN_PLAYERS, YatzState
from gameshelf.games.yatz.match import Match
from gameshelf.games.yatz.scoring import DICE, Box, rule_set
from gameshelf.session.remote import OnlineError, reason_of


def yatz_view(match: Match) -> dict[str, Any]:
    """The Yatz table (everyone sees all of it): the dice, holds, boxes and totals; each
    column's upper bonus (R-YZ-5) by seat (``bonus[seat][column]``, points), and what the
    current dice score in each of the 13 boxes for the seat on turn (``points``, Wild
    Yatz applied, R-YZ-4; ``[]`` before the turn's first roll)."""
    st = match.state
    return {
        "game": "yatz", "names": [s.name for s in match.seats], "rules": match.rules,
        "seat": st.seat, "dice": list(st.dice),
        "held": [i + 1 for i in range(len(st.dice)) if st.held >> i & 1],
        "rolls_left": st.rolls_left, "turns_done": st.turns_done,
        "boxes": [[list(col) for col in card] for card in st.boxes],
        "totals": [st.grand_total(i) for i in range(len(match.seats))],
        "bonus": [[st.bonus(i, c) for c in range(YATZ_COLUMNS)]
                  for i in range(len(match.seats))],
        "points": list(st.box_points()) if st.dice else [],
    }


# ----- reading a view (the client's side) ---------------------------------------------
#: The most points a box of a view may hold: past any box's (the most is a Yatz's 50, or a
#: bonus Yatz's), short of numbers no screen can show.
MAX_BOX = 1_000


def decode_yatz_view(data: dict[str, Any]) -> YatzState:
    """The Yatz table in a ``state`` message's ``view`` (docs/online.md, "Views"; every seat
    sees all of it) as a :class:`~gameshelf.games.yatz.game.YatzState`: the boxes, dice and holds
    as sent, the running totals made from the boxes as the rules make them.

    Every field is checked for its kind and its range: 1 to 9 cards (seats) of
    ``COLUMNS`` columns of 13 boxes, each box's points 0 to :data:`MAX_BOX` or null;
    ``seat`` a card's; dice 1 to 6, five or none; held dice 1 to 5, each once, only with
    dice; ``rolls_left`` 0 to 3; ``turns_done`` 0 to the boxes there are.

    Raises:
        OnlineError: the view is not one (a server of another kind; nothing is shown).
    """
    try:
        if not isinstance(data, dict):
            raise TypeError("the view is not an object")
        boxes = array(data["boxes"], "boxes")
        if not MIN_PLAYERS <= len(boxes) <= MAX_PLAYERS:
            raise ValueError(f"{count(len(boxes), 'card')}; a table has {MIN_PLAYERS} to "
                             f"{MAX_PLAYERS}")
        st = YatzState(len(boxes), rule_set(str(data.get("rules", "yatz"))))
        for seat, card in enumerate(boxes):
            if len(array(card, "a card")) != YATZ_COLUMNS:
                raise ValueError("a card of another size")
            for col, column in enumerate(card):
                if len(array(column, "a column")) != len(Box):
                    raise ValueError("a column of another size")
                for box, value in zip(Box, column, strict=True):
                    if value is None:
                        continue
                    points = whole(value)
                    if not 0 <= points <= MAX_BOX:
                        raise ValueError(f"a box of {points} points")
                    st.boxes[seat][col][box] = points
                    st.filled[seat][col] |= 1 << box
                    if box <= Box.SIXES:
                        st.upper[seat][col] += points
                    else:
                        st.lower[seat][col] += points
        st.seat = whole(data["seat"])
        st.dice = tuple(whole(d) for d in array(data["dice"], "dice"))
        if st.dice and (len(st.dice) != DICE or any(not 1 <= d <= 6 for d in st.dice)):
            raise ValueError(f"dice {list(st.dice)}")
        held = [whole(k) for k in array(data["held"], "held")]
        if len(set(held)) != len(held) or any(not 1 <= k <= len(st.dice) for k in held):
            raise ValueError(f"held dice {held} of {len(st.dice)}")
        st.held = sum(1 << (k - 1) for k in held)
        st.rolls_left = whole(data["rolls_left"])
        st.turns_done = whole(data["turns_done"])
        if not 0 <= st.seat < st.players or not 0 <= st.rolls_left <= 3:
            raise ValueError("a seat or rolls left out of range")
        if not 0 <= st.turns_done <= st.players * YATZ_COLUMNS * len(Box):
            raise ValueError(f"{st.turns_done} turns done")
        # added within version 1 (a server may send none): read as whole numbers all the same
        for points in [*data.get("points", []), *(b for row in data.get("bonus", [])
                                                  for b in row)]:
            whole(points)
        return st
    except (KeyError, TypeError, ValueError, IndexError, GameshelfError) as exc:
        raise OnlineError(f"the server sent a Yatz view this program cannot read "
                          f"({reason_of(exc)})") from None
