"""A seat's view has one shape: the value the screens, Mugsy and the coach read is the one
the server's JSON carries and the remote client reads back; its fields the rules make of
the chains (the ends' count, whether they are alike) are the rules' own."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadInputError
from gameshelf.games.muggins.game import MugginsState, Play, Side
from gameshelf.games.muggins.match import Match
from gameshelf.games.muggins.mugsy import Mugsy, as_listed, distinct_plays
from gameshelf.games.muggins.online import decode_muggins_view
from gameshelf.games.muggins.tiles import parse_tile
from gameshelf.games.muggins.view import MugginsView
from gameshelf.session.remote import OnlineError

from .helpers import position


def _states(seed: int, target: int = 80) -> list[MugginsState]:
    """A game between two easy Mugsys: its state after every action (copies)."""
    match = Match.new(seed, target=target, options={"level": "easy"})
    bot = Mugsy("easy", Chance(seed), seat=0)
    out = []
    while not match.state.is_terminal():
        out.append(match.state.clone())
        seat = match.state.current_player()
        match.apply(match.mugsy_action() if seat == 1 else
                    bot.choose(MugginsView.of(match.state, seat)))
    out.append(match.state.clone())
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_json_view_reads_back_as_the_same_view(seed: int) -> None:
    for state in _states(seed):
        for seat in (0, 1):
            view = MugginsView.of(state, seat)
            sent = json.loads(json.dumps(view.to_json(["Ann", "Bob"])))
            back = MugginsView.from_json(sent, seat, view.to_move,
                                         [str(a) for a in view.legal])
            assert back == view
            assert back.unseen == view.unseen == frozenset(
                state.hands[1 - seat] | state.boneyard)
            assert sent["end_total"] == state.end_total()
            assert sent["ends_alike"] == state.ends_alike()
            assert sent["hand"] == [str(t) for t in sorted(state.hands[seat])]


def test_r_mg_2_r_mg_4_a_double_and_a_single_end_of_one_number_are_not_alike() -> None:
    s = position("0-5 3-4", "1-2", left=("0-1", "1-5", "5-5"), right=("0-2", "2-5"))
    view = MugginsView.of(s, 0)
    sent = view.to_json(["Ann", "Bob"])
    assert (sent["left_end"], sent["left_double"], sent["right_end"]) == (5, True, 5)
    assert sent["end_total"] == 15 and sent["ends_alike"] is False
    left, right = Play(parse_tile("0-5"), Side.LEFT), Play(parse_tile("0-5"), Side.RIGHT)
    assert (view.score_of(left), view.score_of(right)) == (5, 10)   # 0 + 5; 10 + 0
    assert distinct_plays(view) == [left, right]   # a real choice: both listed
    mirror = MugginsView.of(position("3-5 1-1", "1-2", left=("0-5",), right=("0-4", "4-5")), 0)
    three = Play(parse_tile("3-5"), Side.LEFT)
    assert mirror.ends_alike() and distinct_plays(mirror) == [three]
    assert as_listed(mirror, Play(three.tile, Side.RIGHT)) == three


def test_a_view_that_is_not_one_is_refused() -> None:
    view = MugginsView.of(Match.new(4).state, 0).to_json(["Ann", "Bob"])
    for broken in ({**view, "hand": ["9-10"]}, {**view, "left": [3]},
                   {k: v for k, v in view.items() if k != "scores"}):
        with pytest.raises(BadInputError, match="not a Muggins view"):
            MugginsView.from_json(broken, 0, 0)


def _round_view() -> dict[str, object]:
    """A view with a finished round (so that a round's fields are there to break)."""
    for state in _states(5, target=300):
        if state.rounds and state.left and not state.is_terminal():
            return json.loads(json.dumps(MugginsView.of(state, 0).to_json(["Ann", "Bob"])))
    raise AssertionError("no round finished")


#: Every field a view's reader keeps, with values of the right kind out of its range (or of
#: a list's shape where a list is due).
OUT_OF_RANGE: list[tuple[tuple[object, ...], object]] = [
    (("leader",), 99), (("leader",), -1), (("target",), -1), (("target",), 4),
    (("target",), 10_001), (("boneyard_count",), -1), (("boneyard_count",), 56),
    (("opponent_count",), -1), (("opponent_count",), 10 ** 19), (("passes",), 3),
    (("passes",), -1), (("round_no",), 0), (("round_no",), 10 ** 19), (("scores",), [0]),
    (("scores",), "00"), (("scores", 0), -5), (("scores", 1), 10 ** 19), (("hand",), ""),
    (("hand",), "0-1"), (("left",), "0-1"), (("right",), {}), (("rounds",), ""),
    (("opponent_void",), [10]), (("opponent_void",), "5"), (("rounds", 0), []),
    (("rounds", 0, "winner"), 2), (("rounds", 0, "round_no"), 0),
    (("rounds", 0, "pips"), [1]), (("rounds", 0, "pips", 0), -1),
    (("rounds", 0, "points"), 10 ** 19), (("rounds", 0, "scores", 1), -1),
    (("rounds", 0, "bonus"), -25), (("rounds", 0, "rounded"), -5), (("rounds", 0, "kind"), 3)]


@pytest.mark.parametrize(("path", "bad"), OUT_OF_RANGE)
def test_every_field_out_of_its_range_is_refused_in_one_line(path: tuple[object, ...],
                                                              bad: object) -> None:
    view = _round_view()
    assert MugginsView.from_json(view, 0, 0)
    broken = json.loads(json.dumps(view))
    target: Any = broken
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = bad
    with pytest.raises(BadInputError, match="not a Muggins view") as refused:
        MugginsView.from_json(broken, 0, 0)
    assert "\n" not in str(refused.value)
    with pytest.raises(OnlineError, match="cannot read"):
        decode_muggins_view(broken, 0, 0)


def test_a_tile_twice_and_seats_out_of_range_are_refused() -> None:
    view = _round_view()
    hand, left = list(view["hand"]), list(view["left"])  # type: ignore[call-overload]
    inner, outer = left[0].split("-")
    for broken, seat, to_act in (({**view, "hand": [hand[0], hand[0]]}, 0, 0),
                                 ({**view, "hand": [*hand, f"{outer}-{inner}"]}, 0, 0),
                                 (view, 2, 0), (view, -1, 0), (view, 0, 5), (view, 0, -3)):
        with pytest.raises(BadInputError, match="not a Muggins view"):
            MugginsView.from_json(broken, seat, to_act)
