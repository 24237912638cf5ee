"""Property tests: random legal games of 1 to 9 players to the end; save and resume."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gameshelf.core.chance import Chance
from gameshelf.core.records import GameRecord
from gameshelf.games.yatz.game import (
    MAX_GAME,
    MULTIPLIERS,
    YatzState,
    scorecard,
)
from gameshelf.games.yatz.match import Match, Seat
from gameshelf.games.yatz.players import PLAYERS
from gameshelf.games.yatz.scoring import upper_bonus
from tests.examples import examples

SETTINGS = settings(max_examples=examples(12), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _random_game(players: int, seed: int) -> YatzState:
    """Play uniformly random legal actions (dice from a seeded Chance) to the end."""
    rng = Chance(seed)
    s = YatzState(players)
    steps = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(rng.choice([o for o, _ in s.chance_outcomes()]))
        else:
            s.apply_action(rng.choice(s.legal_actions()))
        steps += 1
        assert steps < 100_000
    return s


def _check_totals(s: YatzState) -> None:
    for p in range(s.players):
        total = 0
        for c in range(3):
            vals = s.boxes[p][c]
            assert all(v is not None for v in vals)  # 39 boxes each
            up = sum(v for v in vals[:6] if v is not None)
            low = sum(v for v in vals[6:] if v is not None)
            assert up == s.upper[p][c] and low == s.lower[p][c]
            total += MULTIPLIERS[c] * (up + upper_bonus(up) + low)
        assert total == s.grand_total(p) <= MAX_GAME
        assert scorecard(s, p)[19].values[0] == total
        assert s.turns_taken(p) == 39


@SETTINGS
@given(players=st.integers(1, 9), seed=st.integers(0, 2**32))
def test_random_legal_games_end_with_recomputed_totals(players: int, seed: int) -> None:
    """R-YZ-1, R-YZ-6: any legal game fills 39 boxes each; totals equal the boxes' sums."""
    s = _random_game(players, seed)
    _check_totals(s)
    assert s.returns() == [float(s.grand_total(p)) for p in range(players)]


@SETTINGS
@given(players=st.integers(1, 9), seed=st.integers(0, 2**32),
       kinds=st.lists(st.sampled_from(sorted(PLAYERS)), min_size=9, max_size=9))
def test_computer_games_of_1_to_9_players(players: int, seed: int, kinds: list[str]) -> None:
    """Registered computer players play only legal actions, to the end."""
    m = Match([Seat("", kinds[i]) for i in range(players)], seed=seed)
    while not m.is_over():
        a = m.computer_action()
        assert a in m.state.legal_actions()
        m.act(a)
    _check_totals(m.state)


@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 2**40), cut=st.floats(0, 1), players=st.integers(1, 4))
def test_save_and_resume_at_a_random_moment_equals_playing_on(
        seed: int, cut: float, players: int) -> None:
    """A record saved at any moment (mid-turn too) and replayed goes on the same way."""
    kinds = ["greedy", "casual", "greedy", "casual"][:players]
    whole = Match([Seat("", k) for k in kinds], seed=seed)
    whole.play_computers()
    stop = int(cut * len(whole.actions))
    part = Match([Seat("", k) for k in kinds], seed=seed)
    while len(part.actions) < stop:
        part.step_computer()
    text = part.record().to_json()
    resumed = Match.from_record(GameRecord.from_json(text))
    assert resumed.state.dice == part.state.dice and resumed.state.held == part.state.held
    assert resumed.state.rolls_left == part.state.rolls_left
    resumed.play_computers()
    assert resumed.actions == whole.actions
    assert resumed.state.returns() == whole.state.returns()


def test_people_resume_mid_turn_with_dice_and_holds() -> None:
    m = Match([Seat("Ann"), Seat("Bob")], seed=99)
    m.act("roll")
    m.act("hold 2 4")
    m.act("roll")
    m.act("hold 1 2 4")
    r = Match.from_json(m.record().to_json())
    assert (r.state.dice, r.state.held, r.state.rolls_left) == (
        m.state.dice, m.state.held, m.state.rolls_left)
    assert r.state.held_positions() == (1, 2, 4)
    # Playing on gives the same dice either way.
    for x in (m, r):
        x.act("hold 1")
        x.act("roll")
    assert r.state.dice == m.state.dice
    assert r.record() == m.record()
