"""Property tests: random legal games to the end keep the invariants."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gameshelf.core.chance import Chance
from gameshelf.core.state import CHANCE, TERMINAL
from gameshelf.games.muggins.game import Draw, MugginsState, Pass, Play
from gameshelf.games.muggins.match import MUGSY, Match
from gameshelf.games.muggins.tiles import ALL_TILES, DOUBLE_BLANK
from tests.examples import examples


def _all_tiles(state: MugginsState) -> list[object]:
    return [*state.hands[0], *state.hands[1], *state.boneyard,
            *(p.tile for p in state.left), *(p.tile for p in state.right)]


def _check_conserved(state: MugginsState) -> None:
    tiles = _all_tiles(state)
    assert len(tiles) == len(set(tiles)) == 54
    assert set(tiles) | {DOUBLE_BLANK} == set(ALL_TILES)


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 2**32), pick=st.randoms(use_true_random=False),
       target=st.sampled_from([50, 150, 500]))
def test_random_games_conserve_tiles_and_score_in_fives(seed: int, pick: object,
                                                        target: int) -> None:
    """Tiles conserved after every action; scores only grow, by multiples of 5 (R-MG-4..6);
    chains always connect (R-MG-2); the game ends at the target (R-MG-8)."""
    import random

    assert isinstance(pick, random.Random)
    state = MugginsState(target=target)
    chance = Chance(seed)
    steps = 0
    while not state.is_terminal():
        before = list(state.scores)
        if state.current_player() == CHANCE:
            state.apply_action(chance.choice([a for a, _ in state.chance_outcomes()]))
        else:
            legal = state.legal_actions()
            assert legal
            # R-MG-3: draw or pass only when no tile fits
            if any(isinstance(a, Play) for a in legal):
                assert all(isinstance(a, Play) for a in legal)
            else:
                assert legal in ([Draw()], [Pass()])
                assert (legal == [Draw()]) == bool(state.boneyard)
            state.apply_action(pick.choice(legal))
        for s in (0, 1):
            gained = state.scores[s] - before[s]
            assert gained >= 0 and gained % 5 == 0
        if state.phase.value in ("play", "draw"):
            _check_conserved(state)
            for chain in (state.left, state.right):
                end = 0
                for p in chain:
                    assert p.inner == end and p.tile.has(end)
                    end = p.outer
        steps += 1
        assert steps < 20_000
    assert state.current_player() == TERMINAL
    assert max(state.scores) >= target and state.winner is not None
    assert state.scores[state.winner] == max(state.scores)


@settings(max_examples=examples(10), deadline=None)
@given(seed=st.integers(0, 10**9), n=st.integers(0, 120))
def test_record_replays_to_the_same_state(seed: int, n: int) -> None:
    """Save/resume: a record replayed through the rules gives the same game, and play goes
    on with the same tiles as an uninterrupted game. Mugsy's moves are Mugsy's own (a record
    with other moves for Mugsy is refused)."""
    a = Match.new(seed, options={"level": "easy"})
    for _ in range(n):
        if a.state.is_terminal():
            break
        a.apply(a.mugsy_action() if a.state.current_player() == MUGSY
                else a.state.legal_actions()[-1])
    b = Match.from_record(a.record())
    assert b.state.hands == a.state.hands and b.state.scores == a.state.scores
    assert b.state.left == a.state.left and b.state.boneyard == a.state.boneyard
    for _ in range(30):
        if a.state.is_terminal():
            break
        act = (a.mugsy_action() if a.state.current_player() == MUGSY
               else a.state.legal_actions()[0])
        ta, tb = a.apply(act), b.apply(act)
        assert ta == tb
    assert a.actions == b.actions


def test_same_seed_same_deal_and_other_seed_other_deal() -> None:
    a, b, c = Match.new(99), Match.new(99), Match.new(100)
    assert a.state.hands == b.state.hands
    assert a.state.hands != c.state.hands
