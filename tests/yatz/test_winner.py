"""The player that plays to win (``winner``): its chance of winning, its choices where the
win and the points disagree, and its place among the registered levels."""

from __future__ import annotations

import math

import pytest

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadInputError
from gameshelf.games.yatz.game import COLUMNS, Action, YatzState
from gameshelf.games.yatz.match import Match, Seat, parse_seats
from gameshelf.games.yatz.options import YatzOptions
from gameshelf.games.yatz.players import PLAYERS, make_player
from gameshelf.games.yatz.scoring import Box
from gameshelf.games.yatz.server import YatzGame
from gameshelf.games.yatz.strong import StrongPlayer
from gameshelf.games.yatz.tui.setup import _kind_options
from gameshelf.games.yatz.winner import (
    Spread,
    WinnerPlayer,
    dump_spread,
    load_spread,
    win_chance,
)

from .helpers import fill


def _card(state: YatzState, seat: int, open_: set[tuple[int, Box]], lower: int) -> None:
    """Fill every box of ``seat`` but ``open_`` (column, box): each upper box with three of
    its face (63 in each column: the bonus), each lower box with ``lower`` points."""
    for c in range(COLUMNS):
        for b in Box:
            if (c, b) not in open_:
                fill(state, seat, c, b, 3 * (b + 1) if b.is_upper else lower)


def _position(mine: set[tuple[int, Box]], lower: int, dice: tuple[int, ...],
              rolls_left: int) -> YatzState:
    """Two seats near the end of a game: seat 0 has only its x1 Chance left (its last turn),
    every lower box it filled scored 20; seat 1, on turn, has the boxes ``mine`` left,
    each filled lower box scored ``lower``; seat 1 shows ``dice`` with ``rolls_left``."""
    s = YatzState(2)
    _card(s, 0, {(0, Box.CHANCE)}, 20)
    _card(s, 1, mine, lower)
    s.turns_done = 38 + 39 - len(mine)
    s.seat = 1
    s.dice = dice
    s.rolls_left = rolls_left
    return s


def _both(state: YatzState) -> tuple[str, str]:
    return (str(StrongPlayer().choose(state, Chance(1))),
            str(WinnerPlayer().choose(state, Chance(1))))


def test_far_behind_it_chases_the_x3_yatz() -> None:
    """Two turns left, x3 Full House and x3 Yatz open, 136 points behind a rival with only
    its x1 Chance to come (about 22 points): a Full House (75) does not catch up, a Yatz
    (150) with a Full House next turn does. The strong player takes the sure 75; the
    winner holds the three fives and rolls for the Yatz."""
    s = _position({(2, Box.FULL_HOUSE), (2, Box.YATZ)}, 19, (5, 5, 5, 6, 6), 2)
    assert s.grand_total(0) - s.grand_total(1) == 136
    strong, winner = _both(s)
    assert strong == "score x3 full-house"
    assert winner == "hold 1 2 3"


def test_far_ahead_it_takes_the_sure_points() -> None:
    """Two turns left, x3 Chance and x3 Yatz open, 8 points ahead of a rival with only its
    x1 Chance to come: 87 points in Chance now leave the win all but sure. Four sixes tempt
    the strong player to roll the five for the Yatz (150) and risk a poorer Chance; the
    winner scores the 87."""
    s = _position({(2, Box.CHANCE), (2, Box.YATZ)}, 23, (6, 6, 6, 6, 5), 2)
    assert s.grand_total(1) - s.grand_total(0) == 8
    strong, winner = _both(s)
    assert strong == "hold 1 2 3 4"
    assert winner == "score x3 chance"


def test_with_the_win_sure_it_plays_for_points() -> None:
    """Far enough ahead that every choice wins, the points decide: the strong player's
    choice."""
    s = _position({(2, Box.CHANCE), (2, Box.YATZ)}, 26, (6, 6, 6, 6, 5), 2)
    assert s.grand_total(1) - s.grand_total(0) == 116
    strong, winner = _both(s)
    assert winner == strong


def test_in_solitaire_it_plays_as_strong() -> None:
    m = Match([Seat("", "winner")], seed=3)
    strong, winner = StrongPlayer(), WinnerPlayer()
    for _ in range(60):
        a: Action = winner.choose(m.state, Chance(1))
        assert str(a) == str(strong.choose(m.state, Chance(1)))
        m.act(a)


def test_it_plays_legal_games_of_three_seats() -> None:
    m = Match([Seat("", "winner"), Seat("", "greedy"), Seat("", "winner")], seed=8)
    m.play_computers()
    assert m.is_over()


def test_win_chance_ties_shared_and_rising() -> None:
    """A final score tied with a rival's counts half; the chance rises with the points and
    falls with each rival; against one rival of the same spread it is the normal law of
    the difference."""
    assert win_chance([100.0, 99.0, 101.0], 0.0, [(100.0, 0.0)]).tolist() == [0.5, 0.0, 1.0]
    xs = win_chance([1500.0, 1600.0, 1700.0], 50.0, [(1600.0, 50.0)])
    assert xs[0] < xs[1] < xs[2] and xs[1] == pytest.approx(0.5, abs=1e-6)
    want = 0.5 * math.erfc(-100 / (50 * math.sqrt(2) * math.sqrt(2)))
    assert xs[2] == pytest.approx(want, abs=1e-6)
    two = win_chance([1700.0], 50.0, [(1600.0, 50.0), (1600.0, 50.0)])
    assert two[0] < xs[2]


def test_spread_file_round_trips_and_refuses_bad_data() -> None:
    shipped = load_spread()
    assert shipped.rules == "yatz" and shipped.sd[0] == 0
    assert all(a < b for a, b in zip(shipped.sd[:10], shipped.sd[1:11], strict=True))
    again = load_spread(dump_spread(shipped))
    assert again.sd == pytest.approx(shipped.sd, abs=1e-3) and again.note == shipped.note
    with pytest.raises(BadInputError, match="40 numbers"):
        load_spread(dump_spread(Spread("yatz", (0.0, 1.0))))
    with pytest.raises(BadInputError, match="the first 0"):
        load_spread(dump_spread(Spread("yatz", (5.0,) * 40)))


def test_winner_is_a_level_everywhere() -> None:
    """Registered once, the winner is offered by every front end and the server, and
    counts among the server's slow levels (its turn plans are the strong player's)."""
    assert "winner" in PLAYERS and make_player("winner").name == "winner"
    assert [s.player for s in parse_seats("Ann,winner")] == ["human", "winner"]
    assert "winner" in YatzOptions.LEVELS     # the server's room levels and the page's list
    assert ("Computer: winner", "winner") in _kind_options()   # the setup screen's picker
    assert "winner" in YatzGame.slow_levels


def test_the_turn_is_planned_once_ahead_of_its_decisions() -> None:
    """The preparer (run by a screen in a thread while the computer waits) makes the turn's
    plan; the turn's decisions then find it, on a snapshot taken before the roll."""
    m = Match([Seat("", "winner"), Seat("", "strong")], seed=4)
    p = WinnerPlayer()
    made = p.preparer(m.state)()
    assert made is not None
    m.act(p.choose(m.state, Chance(1)))      # the roll: the dice now show
    assert m.state.dice and p.plan_for(m.state) is made
    assert str(p.choose(m.state, Chance(1))) in {str(a) for a in m.state.legal_actions()}
