"""The triple-game strategy, the strong player, hints, the review and ``yatz solve``."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from gameshelf.games.yatz import solver
from gameshelf.games.yatz.game import SCORES, Hold, Roll, Score, YatzState, parse_action
from gameshelf.games.yatz.match import Match, Seat
from gameshelf.games.yatz.players import PLAYERS, default_player, make_player
from gameshelf.games.yatz.scoring import YATZ_RULES, Box, score
from gameshelf.games.yatz.strategy import ColumnState, Strategy, wild_faces
from gameshelf.games.yatz.strong import StrongPlayer, hint, hold_mask, review, strategy_for

from .helpers import fill, with_dice

FULL = (1 << 13) - 1


@pytest.fixture(scope="module")
def plain() -> Strategy:
    """The strategy with undiscounted column values (the plain sum)."""
    return Strategy(YATZ_RULES, discount=(1.0, 1.0, 1.0))


@pytest.mark.parametrize("column", [0, 1, 2])
@pytest.mark.parametrize(("mask", "upper"), [(FULL & ~(1 << Box.YATZ | 1 << Box.CHANCE), 0),
                                             (FULL & ~(1 << Box.SIXES | 1 << Box.FIVES), 40),
                                             (FULL & ~(0b111 << Box.FULL_HOUSE), 12)])
def test_one_open_column_turn_equals_the_solver(plain: Strategy, column: int, mask: int,
                                                upper: int) -> None:
    """With the other two columns full the triple game is one column times its multiplier:
    the exact turn solve must give the solver's value (multiplier included)."""
    cols = [ColumnState(FULL, 63), ColumnState(FULL, 63), ColumnState(FULL, 63)]
    cols[column] = ColumnState(mask, upper)
    plan = plain.plan(cols)
    want = (column + 1) * plain.table.value(mask, upper)
    assert plan.turn == pytest.approx(want, rel=1e-9)


def test_r_yz_4_wild_yatz_needs_all_three_columns(plain: Strategy) -> None:
    """R-YZ-4: five fives score a Large Straight only when all three Yatz boxes and all
    three Fives boxes are filled."""
    need = 1 << Box.YATZ | 1 << Box.FIVES
    wild_cols = [ColumnState(need), ColumnState(need), ColumnState(need)]
    assert wild_faces([c.mask for c in wild_cols]) == (False,) * 4 + (True, False)
    advice = plain.advise(wild_cols, (5, 5, 5, 5, 5), 0)
    ls = [o for o in advice.options if o.box is Box.LARGE_STRAIGHT]
    assert sorted(o.points for o in ls) == [40, 80, 120]
    half = [ColumnState(need), ColumnState(need), ColumnState(1 << Box.YATZ)]
    advice = plain.advise(half, (5, 5, 5, 5, 5), 0)
    assert all(o.points == 0 for o in advice.options if o.box is Box.LARGE_STRAIGHT)


def test_decide_agrees_with_advise_and_options_are_complete(plain: Strategy) -> None:
    cols = [ColumnState(0b1010, 5, 5), ColumnState(1 << Box.CHANCE, 0, 20), ColumnState(0)]
    for dice, left in [((1, 2, 3, 4, 6), 2), ((6, 6, 6, 2, 2), 1), ((3, 3, 4, 5, 1), 0),
                       ((5, 5, 5, 5, 5), 2)]:
        advice = plain.advise(cols, dice, left)
        hold, col, box = plain.decide(cols, dice, left)
        assert (advice.best.hold, advice.best_box.column, advice.best_box.box) == (
            hold, col, box) or advice.best.hold == hold and advice.best.is_score
        scores = [o for o in advice.options if o.is_score]
        assert len(scores) == 39 - 3   # every empty box of the three columns
        assert all(o.points == (o.column + 1) * score(dice, o.box) for o in scores
                   if not o.box.is_upper)
        expected = [o.expected for o in advice.options]
        assert expected == sorted(expected, reverse=True)
        holds = [o for o in advice.options if not o.is_score]
        assert (len(holds) > 0) == (left > 0)
        assert all(advice.cost(o) >= 0 for o in advice.options)


def test_strategy_refuses_bad_input(plain: Strategy) -> None:
    from gameshelf.core.errors import BadInputError
    cols = [ColumnState(0)] * 3
    with pytest.raises(BadInputError):
        plain.advise(cols, (1, 2, 3), 1)
    with pytest.raises(BadInputError):
        plain.advise(cols, (1, 2, 3, 4, 5), 3)
    with pytest.raises(BadInputError):
        plain.plan([ColumnState(FULL)] * 3)
    with pytest.raises(BadInputError):
        plain.plan(cols[:2])


def test_strong_is_registered_and_the_default_computer_seat() -> None:
    assert "strong" in PLAYERS and default_player() == "strong"
    assert isinstance(make_player("cpu"), StrongPlayer)
    assert {"greedy", "casual"} <= set(PLAYERS)   # weaker players stay selectable


def test_hold_mask_prefers_held_dice() -> None:
    assert hold_mask((3, 5, 3, 1, 3), (3, 3), held=0b10100) == 0b10100
    assert hold_mask((3, 5, 3, 1, 3), (3, 3)) == 0b00101
    assert hold_mask((6, 6, 6, 6, 6), ()) == 0


@settings(max_examples=3, deadline=None)
@given(hs.integers(0, 10**6))
def test_strong_plays_legal_whole_games_and_never_regrets_itself(seed: int) -> None:
    """A whole solitaire game of the strong player is legal (the engine checks every
    action), and the review finds no costly choice in it."""
    m = Match([Seat("S", "strong")], seed=seed)
    m.play_computers()
    assert m.is_over() and 600 < m.state.grand_total(0) <= 2250
    rev = review([parse_action(a) for a in m.actions], 1, YATZ_RULES)
    assert rev.decisions >= 39 and rev.mistakes == []


def test_review_lists_the_greedy_players_costly_choices() -> None:
    m = Match([Seat("G", "greedy")], seed=77)
    m.play_computers()
    rev = review([parse_action(a) for a in m.actions], 1, YATZ_RULES)
    assert rev.mistakes and rev.total_cost > 0
    for mk in rev.mistakes:
        assert mk.cost > 0 and mk.best.expected - mk.chosen.expected == pytest.approx(mk.cost)
        assert 1 <= mk.turn <= 39 and 1 <= mk.roll <= 3
        assert "best" in mk.describe()


def test_review_judges_a_needless_zero() -> None:
    """Scoring 6 6 6 6 6 as a zero in x3 Ones costs expected points."""
    s = with_dice((6, 6, 6, 6, 6))
    actions = [Roll(), parse_action("dice 6 6 6 6 6"), Score(2, Box.ONES)]
    rev = review(actions, 1, YATZ_RULES)
    assert len(rev.mistakes) == 1
    mk = rev.mistakes[0]
    assert mk.chosen.box is Box.ONES and mk.cost > 100
    assert mk.best.box is Box.YATZ and mk.best.column == 2
    assert s.dice == (6, 6, 6, 6, 6)


def test_hint_best_hold_and_best_box() -> None:
    s = with_dice((2, 3, 4, 5, 1))
    h = hint(s)
    assert h.best.is_score and h.best.box is Box.LARGE_STRAIGHT and h.best.column == 2
    assert h.best_box is h.best
    assert h.best_hold is not None and h.best_hold.expected <= h.best.expected
    lines = h.lines()
    assert lines[0].startswith("Best: score x3 Lg. Straight (40; 120 with x3)")
    s2 = with_dice((6, 6, 6, 1, 2))
    fill(s2, 0, 2, Box.SIXES, 24)
    h2 = hint(s2)
    assert h2.best.hold is not None and 6 in h2.best.hold


def test_strong_player_acts_through_the_engine() -> None:
    s = YatzState(1)
    p = StrongPlayer(strategy_for(YATZ_RULES))
    from gameshelf.core.chance import Chance
    assert isinstance(p.choose(s, Chance(1)), Roll)
    s2 = with_dice((5, 5, 5, 5, 5))
    assert p.choose(s2, Chance(1)) == SCORES[2][Box.YATZ]
    s3 = with_dice((6, 6, 1, 2, 4))
    a = p.choose(s3, Chance(1))
    assert isinstance(a, Hold) and a.positions[:2] == (1, 2)
    s3.apply_action(a)
    assert isinstance(p.choose(s3, Chance(1)), Roll)


def _cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    from gameshelf.cli import main
    try:
        main(args)
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_cli_solve_prints_six_decimals_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    table = solver.column_table(YATZ_RULES)
    code, out, _ = _cli(["yatz", "solve"], capsys)
    assert code == 0 and f"{table.expected_score:.6f}" in out and "yatz" in out
    code, out, _ = _cli(["yatz", "solve", "--rules", "yatz", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["rules"] == "yatz"
    assert data["expected_score"] == round(table.expected_score, 6)
    assert data["states"] == 357632


def test_cli_solve_bad_rules_is_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _cli(["yatz", "solve", "--rules", "nonsense"], capsys)
    assert code == 2 and out == "" and err.count("\n") == 1 and "nonsense" in err



def test_prompt_hint(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``hint`` at the prompt: refused before the first roll, then the best choice and the
    options with their expected final scores."""
    import io
    monkeypatch.setattr("sys.stdin", io.StringIO("hint\nroll\nhint\nquit\n"))
    code, out, err = _cli(["yatz", "play", "--players", "Ann", "--seed", "5"], capsys)
    assert code == 0 and "roll first" in err
    assert "Best: " in out and "Expected final score" in out and " best " in out


def test_hint_names_positions_to_type_and_faces_to_keep() -> None:
    """The hint's hold text names the faces it keeps as values ("the 5 5") and the dice
    by position ("dice 1 4", what the ``hold`` action and the hold keys take), never a
    bare number that could be either; the same option without dice names faces only."""
    from gameshelf.games.yatz.strategy import Option

    opt = Option(hold=(5, 5), column=None, box=None, expected=1500.0)
    assert opt.describe() == "keep the 5 5, roll the other three"
    text = opt.describe((5, 2, 3, 5, 1), held=0)
    assert text == "keep the 5 5 (dice 1 4), roll dice 2 3 5"
    # dice already held are preferred, so an unchanged choice keeps the same positions
    assert (opt.describe((5, 5, 3, 5, 1), held=0b1010)
            == "keep the 5 5 (dice 2 4), roll dice 1 3 5")
    one = Option(hold=(6, 6, 6, 2), column=None, box=None, expected=1500.0)
    assert (one.describe((6, 6, 1, 6, 2))
            == "keep the 6 6 6 2 (dice 1 2 4 5), roll die 3")
    positions = text.split("(dice ")[1].split(")")[0].split()
    assert len(one.describe((6, 6, 1, 6, 2))) <= 43
    assert sorted((5, 2, 3, 5, 1)[int(p) - 1] for p in positions) == [5, 5]


def test_computer_preparer_solves_the_turn_plan_ahead() -> None:
    """A screen can let the strong player think in a thread: the preparer works on the
    columns of the moment, and the plan it makes is the one the decisions then use."""
    from gameshelf.games.yatz.strong import columns_of
    m = Match([Seat("S", "strong"), Seat("G", "greedy"), Seat("Ann")], seed=11)
    prep = m.computer_preparer()
    assert prep is not None
    cols = columns_of(m.state, 0)
    plan = prep()
    m.step_computer()                         # the strong seat rolls; then decides
    m.step_computer()
    assert strategy_for(YATZ_RULES).plan(cols) is plan
    while m.state.seat == 0:
        m.step_computer()
    assert m.computer_preparer() is None      # greedy has nothing to prepare
    while m.is_computer_turn():
        m.step_computer()
    assert m.computer_preparer() is None      # a person's turn
