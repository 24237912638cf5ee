"""The learned correction of the triple-state value: features, the shipped file, the
compiled and Python paths agreeing, and the recording self-play loop."""

from __future__ import annotations

import numpy as np
import pytest

from gameshelf.core.errors import BadInputError
from gameshelf.games.yatz import dice as D
from gameshelf.games.yatz.scoring import YATZ_RULES, Box
from gameshelf.games.yatz.selfplay import play_games, record_games, state_features
from gameshelf.games.yatz.strategy import (
    ColumnState,
    Correction,
    Strategy,
    dump_correction,
    load_correction,
)
from gameshelf.games.yatz.turn_kernels import NFEATURES

FULL = (1 << 13) - 1


def _feats(masks: tuple[int, int, int], ups: tuple[int, int, int]) -> np.ndarray:
    return state_features(np.array([masks]), np.array([ups]))[0]


@pytest.mark.parametrize(("masks", "ups", "ones"), [
    # empty card: every box open in 3 columns, races 0..5 -> 63 - 0 - 63 = 0 -> bin 3,
    # no Yatz box filled, 39 turns left -> bin 9, every column box open
    ((0, 0, 0), (0, 0, 0),
     {0, *(1 + 4 * b + 3 for b in range(13)), 66 + 3, 72 + 3, 78 + 3, 84, 98,
      *range(99, 138)}),
    # x1 full with its bonus earned, x2 only Yatz box and all upper boxes filled, bonus lost;
    # x3 empty: 6 + 13 = 19 turns left -> bin 4
    ((FULL, (1 << Box.YATZ) | 0b111111, 0), (63, 40, 0),
     {0, *(1 + 4 * b + 1 for b in range(6)), 1 + 4 * Box.YATZ + 1,
      *(1 + 4 * b + 2 for b in range(6, 13) if b != Box.YATZ),
      66 + 0, 72 + 1, 78 + 3, 86, 89 + 4,
      *(99 + 13 + b for b in range(6, 13) if b != Box.YATZ), *range(125, 138)}),
])
def test_features_one_hot_parts(masks: tuple[int, int, int], ups: tuple[int, int, int],
                                ones: set[int]) -> None:
    f = _feats(masks, ups)
    assert f.shape == (NFEATURES,)
    left = sum(13 - bin(m).count("1") for m in masks)
    for i in range(NFEATURES):
        if 53 <= i < 66:   # open count times the fraction of the game left
            k = sum(1 for m in masks if not m >> (i - 53) & 1)
            assert f[i] == pytest.approx(k * left / 39)
        elif i == 88:      # Wild Yatz faces need all three Yatz boxes filled
            assert f[i] == 0.0
        else:
            assert f[i] == (1.0 if i in ones else 0.0), i


def test_upper_race_bins_and_wild_faces() -> None:
    yatz_and_sixes = (1 << Box.YATZ) | (1 << Box.SIXES)
    f = _feats((yatz_and_sixes, yatz_and_sixes, yatz_and_sixes), (30, 10, 0))
    # open faces 1-5: par 45; needed 33 -> -12 (bin 2), 53 -> +8 (bin 5), 63 -> +18 (bin 5)
    assert [f[66 + 6 * c + k] for c in range(3) for k in range(6)].count(1.0) == 3
    assert f[66 + 2] == f[72 + 5] == f[78 + 5] == 1.0
    assert f[87] == 1.0 and f[88] == pytest.approx(1 / 6)


def test_shipped_correction_loads_and_round_trips() -> None:
    corr = load_correction()
    assert corr.rules == YATZ_RULES.name
    assert len(corr.weights) == NFEATURES and len(corr.discount) == 3
    assert "yatz_fit_correction.py" in corr.note
    assert load_correction(dump_correction(corr)) == corr
    odd = Correction("yatz", (1.0, 0.5, 0.25), tuple(float(i) for i in range(NFEATURES)),
                     'a "quoted" \\ note')
    assert load_correction(dump_correction(odd)) == odd


_W = "[" + ", ".join(["0.5"] * NFEATURES) + "]"


@pytest.mark.parametrize("text", [
    "", "rules = 3", 'rules = "yatz"\ndiscount = [1.0]\nweights = [1.0]', "not toml [",
    f'rules = 3\ndiscount = [1, 1, 1]\nweights = {_W}',
    f'rules = "yatz"\ndiscount = [1, inf, 1]\nweights = {_W}',
    f'rules = "yatz"\ndiscount = [1, 1, 1]\nweights = {_W.replace("0.5", "true", 1)}',
    f'rules = "yatz"\ndiscount = [1, 1, 1]\nweights = {_W.replace("0.5", "1e308", 1)}',
    'rules = "yatz"\ndiscount = [1, 1, 1]\n[weights]\n"0" = 1.0',
    "a = " + "[" * 5000 + "]" * 5000])
def test_bad_correction_file_is_refused(text: str) -> None:
    with pytest.raises(BadInputError):
        load_correction(text)


def test_strategy_refuses_bad_weights() -> None:
    with pytest.raises(BadInputError):
        Strategy(YATZ_RULES, weights=[1.0, 2.0])
    with pytest.raises(BadInputError):
        Strategy(YATZ_RULES, weights=[float("nan")] * NFEATURES)


@pytest.mark.parametrize(("lookahead", "endgame"), [(0, 0), (1, 0), (0, 39)])
def test_compiled_plan_and_advice_agree_under_a_correction(lookahead: int,
                                                           endgame: int) -> None:
    """The turn plan (compiled) and the option list (Python) add the same correction: the
    best box's value in the plan is the best score option of the advice (also when the
    plan looks a turn ahead)."""
    w = np.random.default_rng(5).normal(0.0, 20.0, NFEATURES)
    st = Strategy(YATZ_RULES, weights=w, lookahead=lookahead, endgame=endgame)
    plain = Strategy(YATZ_RULES, lookahead=lookahead, endgame=endgame)
    cols = [ColumnState(0b1010, 5, 5), ColumnState(1 << Box.CHANCE, 0, 20), ColumnState(0)]
    changed = False
    for dice in [(1, 2, 3, 4, 6), (6, 6, 6, 2, 2), (3, 3, 4, 5, 1), (5, 5, 5, 5, 5)]:
        advice = st.advise(cols, dice, 0)
        plan = st.plan(cols)
        start = 5 + 2 * 20 + plan.base
        r = D.keep_index(dice)
        assert advice.best.expected - start == pytest.approx(plan.final[r])
        assert st.decide(cols, dice, 0)[1:] == (advice.best.column, advice.best.box)
        changed |= plain.decide(cols, dice, 0) != st.decide(cols, dice, 0)
        a = {(o.column, o.box): o.expected for o in advice.options}
        b = {(o.column, o.box): o.expected for o in plain.advise(cols, dice, 0).options}
        changed |= any(abs(a[k] - b[k]) > 1e-6 for k in a)
    assert changed


def test_record_games_states_follow_the_play() -> None:
    st = Strategy(YATZ_RULES)
    finals, masks, ups, points = record_games(st, 3, seed=3)
    assert np.array_equal(finals, play_games(st, 3, seed=3))
    assert masks.shape == ups.shape == (3, 39, 3) and points.shape == (3, 39)
    assert not masks[:, 0].any() and not points[:, 0].any()
    filled = np.array([[sum(bin(int(m)).count("1") for m in t) for t in g] for g in masks])
    assert np.array_equal(filled, np.tile(np.arange(39), (3, 1)))   # one box per turn
    assert np.all(np.diff(points, axis=1) >= 0) and np.all(finals >= points[:, -1])
    assert np.all(ups <= 63)


def test_strong_player_uses_the_shipped_correction(monkeypatch: pytest.MonkeyPatch) -> None:
    from gameshelf.games.yatz import strong
    corr = load_correction()
    st = strong._make_strategy(YATZ_RULES)
    assert np.array_equal(st.weights, np.array(corr.weights)) and st.weights.any()
    assert np.allclose(st.discount[:, 0], corr.discount)
    other = Correction("other-rules", corr.discount, corr.weights)
    monkeypatch.setattr(strong, "load_correction", lambda: other)
    assert not strong._make_strategy(YATZ_RULES).weights.any()   # fitted for other rules


def test_lookahead_adds_nothing_where_the_column_sum_is_exact() -> None:
    """With two boxes open (in different columns) the plain sum of column values after the
    first turn is exact, so looking one turn further must give the same values."""
    cols = [ColumnState(FULL & ~(1 << Box.SIXES), 50, 200),
            ColumnState(FULL & ~(1 << Box.LARGE_STRAIGHT), 63, 240), ColumnState(FULL)]
    flat = Strategy(YATZ_RULES, discount=(1.0, 1.0, 1.0))
    deep = Strategy(YATZ_RULES, discount=(1.0, 1.0, 1.0), lookahead=1)
    a, b = flat.plan(cols), deep.plan(cols)
    assert b.turn == pytest.approx(a.turn, abs=1e-9)
    assert np.allclose(a.ev1, b.ev1) and np.array_equal(a.final_box, b.final_box)


def test_lookahead_at_counts_open_boxes() -> None:
    st = Strategy(YATZ_RULES, lookahead=1, endgame=5)
    assert st.lookahead_at([0, 0, 0]) == 1
    assert st.lookahead_at([FULL, FULL, FULL & ~0b11111]) == 2
    assert st.lookahead_at([FULL, FULL, FULL & ~0b111111]) == 1
    for bad in ({"lookahead": -1}, {"lookahead": 3}, {"lookahead": 1.5},
                {"lookahead": float("nan")}, {"endgame": float("nan")}, {"endgame": 40},
                {"lookahead": "1"}, {"lookahead": True}, {"lookahead": 2, "endgame": 3},
                {"discount": [float("inf"), 1, 1]}, {"discount": [True] * 3},
                {"discount": "abc"}, {"weights": [True] * NFEATURES}):
        with pytest.raises(BadInputError):
            Strategy(YATZ_RULES, **bad)   # type: ignore[arg-type]


def test_paired_games_share_dice_for_one_seed_only() -> None:
    """``paired``: the same seed replays the same dice; another seed (even one that agrees
    in its low bits) gives other games."""
    st = Strategy(YATZ_RULES)
    a = play_games(st, 4, seed=0, paired=True)
    assert np.array_equal(a, play_games(st, 4, seed=0, paired=True))
    assert not np.array_equal(a, play_games(st, 4, seed=2**25, paired=True))
    b = play_games(st, 400, seed=21307, paired=True)
    assert not np.isin(a, b).all()
