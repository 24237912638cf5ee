"""Mugsy: fair (player view only), every level plays legal moves, ``even`` adapts."""

from __future__ import annotations

import pytest

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadInputError
from gameshelf.core.estimate import wilson
from gameshelf.games.muggins.game import Draw, Pass, Play, parse_action
from gameshelf.games.muggins.match import Match
from gameshelf.games.muggins.mugsy import (
    LEVELS,
    Mugsy,
    even_share,
    even_strength,
    parse_level,
    sample_hidden,
)
from gameshelf.games.muggins.sim import play_game, series_levels, tally
from gameshelf.games.muggins.tiles import ALL_TILES, parse_tile
from gameshelf.games.muggins.view import MugginsView

from .helpers import position


class CountingChance(Chance):
    """A generator that counts how often it is used."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.calls = 0

    def random(self) -> float:
        self.calls += 1
        return super().random()

    def sample(self, items, k):  # type: ignore[no-untyped-def]
        self.calls += 1
        return super().sample(items, k)

    def choice(self, items):  # type: ignore[no-untyped-def]
        self.calls += 1
        return super().choice(items)


def test_the_view_hides_the_opponents_tiles_and_the_boneyard() -> None:
    """Two games that differ only in which hidden tiles the person holds look the same to
    Mugsy, so Mugsy decides the same: it never sees hidden tiles."""
    a = position("1-2 3-3 4-8", "0-5 2-6 5-9", left=("0-4",), right=("0-1",))
    b = position("1-3 3-4 7-8", "0-5 2-6 5-9", left=("0-4",), right=("0-1",))
    a.to_move = b.to_move = 1
    assert MugginsView.of(a, 1) == MugginsView.of(b, 1)
    for level in LEVELS:
        ma = Mugsy(level, Chance(3)).choose(MugginsView.of(a, 1))
        mb = Mugsy(level, Chance(3)).choose(MugginsView.of(b, 1))
        assert ma == mb
    v = MugginsView.of(a, 1)
    assert v.opponent_count == 3 and v.boneyard_count == 54 - 3 - 3 - 2
    assert not (v.unseen & v.hand)
    assert parse_tile("1-2") in v.unseen


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_only_legal_moves_to_the_end(level: str) -> None:
    m = Match.new(17, target=150)
    bot = Mugsy(level, Chance(1), determinizations=6, seat=1)
    other = Mugsy("easy", Chance(2), seat=0)
    while not m.state.is_terminal():
        seat = m.state.current_player()
        view = MugginsView.of(m.state, seat)
        action = (bot if seat == 1 else other).choose(view)
        assert action in m.state.legal_actions()
        m.apply(action)
    assert max(m.state.scores) >= 150


def test_easy_takes_the_most_points_now() -> None:
    # left end 5, right end 4: 5-6 L makes 6 + 4 = 10; 4-9 R makes 5 + 9 = 14 (nothing)
    s = position("5-6 4-9 2-3", "0-1 0-2", left=("0-5",), right=("0-4",))
    assert Mugsy("easy", Chance(0), seat=0).choose(MugginsView.of(s, 0)) == parse_action("5-6 L")
    # 5-5 L: 10 + 4 = 14 (0); 4-6 R: 5 + 6 = 11 (0); 4-5 L: 4 + 4 = 8; 4-5 R: 5 + 5 = 10
    s2 = position("5-5 4-6 4-5", "0-1 0-2", left=("0-5",), right=("0-4",))
    assert Mugsy("easy", Chance(0), seat=0).choose(MugginsView.of(s2, 0)) == parse_action("4-5 R")


@pytest.mark.parametrize("level", ["easy", "normal", "strong", "even"])
def test_forced_moves_are_not_searched(level: str) -> None:
    s = position("3-4", "1-2", left=("0-5",), right=("0-6",), boneyard="8-8")
    rng = CountingChance(1)
    assert Mugsy(level, rng, seat=0).choose(MugginsView.of(s, 0)) == Draw()
    s2 = position("3-4", "1-2", left=("0-5",), right=("0-6",), boneyard="")
    assert Mugsy(level, rng, seat=0).choose(MugginsView.of(s2, 0)) == Pass()
    s3 = position("5-9 1-1", "1-2", left=("0-5",), right=("0-6",))
    assert Mugsy(level, rng, seat=0).choose(MugginsView.of(s3, 0)) == parse_action("5-9 L")
    assert rng.calls == 0


def test_mirror_image_first_plays_are_one_choice() -> None:
    """On the bare double-blank, L and R lead to mirror boards: no search."""
    s = position("0-5 3-4", "1-2")
    rng = CountingChance(1)
    assert Mugsy("strong", rng, seat=0).choose(MugginsView.of(s, 0)) == parse_action("0-5 L")
    assert rng.calls == 0


def test_strong_takes_the_winning_play_r_mg_8() -> None:
    s = position("3-9 3-5 1-2", "4-4 6-6", left=("0-1",), right=("0-3",), scores=(490, 400))
    # 3-9 R: 1 + 9 = 10 reaches 500; 3-5 R: 6 scores nothing; 1-2 L: 5 is not enough
    view = MugginsView.of(s, 0)
    action = Mugsy("strong", Chance(5), seat=0, determinizations=4).choose(view)
    assert isinstance(action, Play)
    s.apply_action(action)
    assert action == parse_action("3-9 R")
    assert s.is_terminal() and s.winner == 0


def test_sample_hidden_respects_counts_and_known_voids() -> None:
    s = position("1-2", "3-4 5-6", left=("0-7",), right=("0-8",))
    s.void[1] = {7, 8}
    view = MugginsView.of(s, 0)
    rng = Chance(4)
    for _ in range(50):
        opp, bone = sample_hidden(view, rng)
        assert len(opp) == 2 and len(bone) == view.boneyard_count
        assert not set(opp) & set(bone)
        assert all(not ALL_TILES[t].has(7) and not ALL_TILES[t].has(8) for t in opp)


def test_void_is_learned_from_draws_and_passes() -> None:
    s = position("3-4", "1-2", left=("0-5",), right=("0-6",), boneyard="7-8 5-9")
    s.apply_action(Draw())
    from gameshelf.games.muggins.game import Take
    s.apply_action(Take(parse_tile("7-8")))
    assert MugginsView.of(s, 1).opponent_void == {5, 6}


@pytest.mark.parametrize("results,expected", [
    ([], 0.5),
    (["win"] * 20, 1.0),
    (["loss"] * 20, 0.05),
    (["win", "loss"] * 10, 0.5),
])
def test_even_strength_follows_the_persons_results(results: list[str],
                                                  expected: float) -> None:
    assert even_strength(results) == pytest.approx(expected)


def test_even_strength_moves_the_right_way() -> None:
    assert even_strength(["win"] * 4) > even_strength([]) > even_strength(["loss"] * 4)


def test_even_share_weakens_when_mugsy_leads() -> None:
    s = position("1-2", "3-4", scores=(100, 300))
    view = MugginsView.of(s, 1)
    assert even_share([], view, 1) < 0.5
    s2 = position("1-2", "3-4", scores=(300, 100))
    assert even_share([], MugginsView.of(s2, 1), 1) > 0.5


@pytest.mark.parametrize("bad", ["", "hard", "EASYY"])
def test_unknown_level_is_refused(bad: str) -> None:
    with pytest.raises(BadInputError):
        parse_level(bad)
    with pytest.raises(BadInputError):
        Mugsy(bad, Chance(0))


def test_sim_is_deterministic_and_tallies_by_seat() -> None:
    a = [play_game(i, series_levels(i, "easy", "normal"), target=100) for i in range(4)]
    b = [play_game(i, series_levels(i, "easy", "normal"), target=100) for i in range(4)]
    assert a == b
    t = tally("easy", "normal", a)
    assert t.wins_a + t.wins_b == 4
    lo, hi = wilson(t.wins_a, 4)
    assert 0 <= lo <= t.rate_a <= hi <= 1


def test_wilson_interval() -> None:
    lo, hi = wilson(650, 1000)
    assert lo == pytest.approx(0.620, abs=1e-3) and hi == pytest.approx(0.679, abs=1e-3)
