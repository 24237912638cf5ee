"""The scorer and its trace (R-DP-4 to R-DP-10), table-driven, plus properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameshelf.core.errors import BadInputError
from gameshelf.games.dollar import odds
from gameshelf.games.dollar.scorer import MILLION, Rule, score_serial
from tests.examples import examples

M = MILLION

# serial, district, series digit (None: not checked), total in millions, balls left, unread.
# Every expected total is worked out by hand in the comment.
CASES = [
    # 8 x 1M, 3 balls
    ("11111111", 1, None, 11, 3, ""),
    # 1, double 2, +3=5, jackpot 1 -> 6, extra ball (4), warning, 7 drains (3), last 8 drains (2)
    ("12345678", 1, None, 8, 2, ""),
    ("12345678", 1, 8, 9, 2, ""),
    ("12345678", 1, 7, 8, 2, ""),
    # 777 SPECIAL, 777 SPECIAL, 77 save: 10 + 3 balls
    ("77777777", 5, None, 13, 3, ""),
    # 00 x 4 = 40 + 3
    ("00000000", 5, None, 43, 3, ""),
    # 00 00 00 = 30, 0 then 1: +1, the 1 read: +1 -> 32 + 3
    ("00000001", 5, None, 35, 3, ""),
    # 1, 00 00 00 -> 31, a last 0 scores 0 -> 31 + 3
    ("10000000", 5, None, 34, 3, ""),
    # 0 then 7: 7, 77 save, 00 00 -> 27, last 0: 0 -> 27 + 3
    ("07700000", 5, None, 30, 3, ""),
    # 0 then 9: 9, 9 drains (2), 00 00 00 -> 39, + 2 balls
    ("09000000", 5, None, 41, 2, ""),
    # 0 then 9: 9, 9 drains (2), 00 00 -> 29, a last 0 scores 0 -> 29 + 2
    ("0900000", 5, None, 31, 2, ""),
    # extra ball (4), double 0, six later 2s: 6 + 4
    ("52222222", 5, None, 10, 4, ""),
    # 4, double 8, three later 2s: 11 + 3
    ("11112222", 5, None, 14, 3, ""),
    # jackpot 5, seven later 4s: 12 + 3
    ("44444444", 5, None, 15, 3, ""),
    # three drains: game over after the 3rd digit, the rest unread
    ("78978978", 5, None, 0, 0, "78978"),
    ("78978978", 5, 8, 1, 0, "78978"),
    # six 6s: a ball lost every second 6; the 6th is a tilt
    ("66666666", 5, None, 0, 0, "66"),
    # 12 + 00 00 00 = 42, doubled 84, + 3 balls + match
    ("40000002", 12, 2, 88, 3, ""),
    ("40000002", 12, None, 87, 3, ""),
    # short serials (the scorer takes any length)
    ("12", 1, None, 5, 3, ""),
    ("24", 12, None, 15, 3, ""),
    ("42", 12, None, 27, 3, ""),
    ("7777", 1, None, 7, 2, ""),
    ("77777", 1, None, 8, 3, ""),
    ("1234567", 1, None, 9, 3, ""),
    ("12345677", 1, None, 10, 4, ""),
    ("0", 1, 0, 4, 3, ""),
]


@pytest.mark.parametrize(("serial", "district", "digit", "total", "balls", "unread"), CASES)
def test_scoring_table(serial: str, district: int, digit: int | None, total: int, balls: int,
                       unread: str) -> None:
    r = score_serial(serial, district, digit)
    assert (r.score, r.balls_left, r.unread) == (total * M, balls, unread)
    assert r.score == r.play_score + r.end_bonus + r.match_bonus


def rules(serial: str, district: int = 1) -> list[Rule]:
    return [s.rule for s in score_serial(serial, district).steps]


def test_r_dp_4_start_and_order() -> None:
    """R-DP-4: 3 balls, 2 tilt warnings, score 0; digits read left to right."""
    r = score_serial("5", 1)
    assert (r.steps[0].balls, r.steps[0].tilt_warnings, r.play_score) == (4, 2, 0)
    r = score_serial("13", 1)
    assert [s.score for s in r.steps] == [1 * M, 4 * M]
    assert [s.position for s in r.steps] == [1, 2]


def test_r_dp_4_game_ends_at_once_when_balls_reach_zero() -> None:
    """R-DP-4: the remaining digits are not read once the ball count is 0."""
    r = score_serial("79811111", 1)
    assert r.unread == "11111"
    assert [s.rule for s in r.steps] == [Rule.DRAIN] * 3
    assert r.play_score == 0 and r.ended_early


def test_r_dp_5_zero() -> None:
    """R-DP-5: last 0 scores 0; 0 then d > 0 scores d million and d is read; 00 scores 10M."""
    assert rules("0") == [Rule.MILLION_PLUS_LAST]
    assert score_serial("0", 1).play_score == 0
    assert rules("03") == [Rule.MILLION_PLUS, Rule.THREE_MILLION]
    assert score_serial("03", 1).play_score == 6 * M
    r = score_serial("000", 1)
    assert [(s.digits, s.rule, s.points) for s in r.steps] == [
        ("00", Rule.MILLION_PLUS_TEN, 10 * M), ("0", Rule.MILLION_PLUS_LAST, 0)]
    # the digit after 0 is read again: here a 2 doubles 0 + 2 million
    assert score_serial("02", 1).play_score == 4 * M
    # a 0 followed by 7 scores 7 and the 7 drains a ball
    r = score_serial("07", 1)
    assert (r.play_score, r.balls_left) == (7 * M, 2)


def test_r_dp_6_first_two_doubles_first_four_jackpot() -> None:
    """R-DP-6: first 2 doubles the score as it stands, later 2s 1M; first 4 jackpot, later 1M."""
    r = score_serial("3222", 1)
    assert [s.score for s in r.steps] == [3 * M, 6 * M, 7 * M, 8 * M]
    assert [s.rule for s in r.steps][1:] == [Rule.DOUBLE, Rule.LATER_TWO, Rule.LATER_TWO]
    r = score_serial("444", 9)
    assert [s.points for s in r.steps] == [9 * M, M, M]
    assert [s.rule for s in r.steps] == [Rule.JACKPOT, Rule.LATER_FOUR, Rule.LATER_FOUR]
    # a 2 before any points doubles nothing, and stays used
    assert score_serial("242", 12).play_score == 13 * M


def test_r_dp_7_tilt() -> None:
    """R-DP-7: each 6 uses a warning; with none left a ball is lost and warnings reset to 2;
    losing the last ball this way is a tilt that ends the game."""
    r = score_serial("666666", 1)
    assert [(s.balls, s.tilt_warnings) for s in r.steps] == [
        (3, 1), (2, 2), (2, 1), (1, 2), (1, 1), (0, 2)]
    assert [s.rule for s in r.steps][-1] is Rule.TILT
    assert rules("66")[-1] is Rule.TILT_BALL_LOST
    r = score_serial("6666661", 1)
    assert r.unread == "1" and r.score == 0
    # extra balls keep the game going
    assert score_serial("5666666", 1).balls_left == 1


def test_r_dp_8_drain_save_special() -> None:
    """R-DP-8: single 7/8/9 drains, two equal are a save, three a SPECIAL (5M), no ball lost;
    the extra digits are used up; only digits still in the serial count."""
    r = score_serial("8", 1)
    assert (r.balls_left, r.steps[0].rule) == (2, Rule.DRAIN)
    r = score_serial("88", 1)
    assert (r.balls_left, [s.rule for s in r.steps]) == (3, [Rule.SAVE])
    r = score_serial("888", 1)
    assert (r.balls_left, r.play_score, [s.rule for s in r.steps]) == (3, 5 * M, [Rule.SPECIAL])
    r = score_serial("8888", 1)
    assert [s.rule for s in r.steps] == [Rule.SPECIAL, Rule.DRAIN]
    assert [s.position for s in r.steps] == [1, 4]
    # different drain digits do not pair
    assert rules("78") == [Rule.DRAIN, Rule.DRAIN]
    # at the end of the serial: a pair is still a save, a single still drains
    assert score_serial("12345677", 1).balls_left == 4
    assert score_serial("12345617", 1).balls_left == 3


def test_r_dp_9_end_bonus_and_match() -> None:
    """R-DP-9: 1M per ball left, then 1M for a Match (even after an early end); whole points."""
    r = score_serial("55111111", 1, 1)
    assert (r.end_bonus, r.match, r.match_bonus, r.score) == (5 * M, True, M, 12 * M)
    r = score_serial("55111111", 1, 2)
    assert (r.match, r.match_bonus, r.score) == (False, 0, 11 * M)
    r = score_serial("55111111", 1, None)
    assert (r.match, r.match_bonus) == (None, 0)
    r = score_serial("78900001", 1, 1)  # game over after three digits, match still counts
    assert (r.unread, r.end_bonus, r.match, r.score) == ("00001", 0, True, M)
    assert isinstance(r.score, int)


def test_r_dp_10_maximum_bill() -> None:
    """R-DP-10: 40000002, district 12, series 1902 scores 88,000,000 and no serial of district
    12 scores more; the DP's maximum is reached only by the serials it lists."""
    r = score_serial("40000002", 12, 2)
    assert r.score == 88_000_000
    dist = odds.distribution(12, 2)
    assert dist.max == 88_000_000
    best = odds.max_serials(12, 2)
    assert (12, "40000002") in best
    assert len(best) == dist.counts[dist.max]
    for district, serial in best:
        assert score_serial(serial, district, 2).score == 88_000_000
    # every bill of the list is a distinct serial
    assert len({s for _d, s in best}) == len(best)


@pytest.mark.parametrize("bad", ["", "12a4", "１２", " 12"])
def test_scorer_refuses_non_digits(bad: str) -> None:
    with pytest.raises(BadInputError):
        score_serial(bad, 1)


@pytest.mark.parametrize(("district", "digit"), [(0, None), (13, None), (1, 10), (1, -1)])
def test_scorer_refuses_out_of_range(district: int, digit: int | None) -> None:
    with pytest.raises(BadInputError):
        score_serial("1", district, digit)


@given(st.text(alphabet="0123456789", min_size=1, max_size=40),
       st.integers(1, 12), st.one_of(st.none(), st.integers(0, 9)))
@settings(max_examples=examples(300), deadline=None)
def test_trace_invariants(serial: str, district: int, digit: int | None) -> None:
    """Any length: the trace uses every read digit once, in order; the running score never
    goes down; the total is play score + end bonus + match; trace=False scores the same."""
    r = score_serial(serial, district, digit)
    assert "".join(s.digits for s in r.steps) + r.unread == serial
    pos = 1
    for s in r.steps:
        assert s.position == pos
        pos += len(s.digits)
    scores = [0] + [s.score for s in r.steps]
    assert all(a <= b for a, b in zip(scores, scores[1:], strict=False))
    assert all(s.score == prev + s.points for prev, s in zip(scores, r.steps, strict=False))
    assert r.score == r.play_score + r.end_bonus + r.match_bonus
    assert r.balls_left >= 0 and (not r.unread or r.balls_left == 0)
    assert r.end_bonus == r.balls_left * M
    assert r.match == (None if digit is None else int(serial[-1]) == digit)
    assert score_serial(serial, district, digit, trace=False).score == r.score
    assert all(s.note for s in r.steps)


@given(st.text(alphabet="0123456789", min_size=1, max_size=40), st.integers(1, 12),
       st.one_of(st.none(), st.integers(0, 9)))
@settings(max_examples=examples(300), deadline=None)
def test_dp_automaton_agrees_with_scorer_on_long_serials(serial: str, district: int,
                                                         digit: int | None) -> None:
    """The DP's automaton (written apart) folds any serial to the scorer's total."""
    state = odds.INITIAL
    for ch in serial[:-1]:
        state = odds.step(state, int(ch))
    a, c, balls = odds.finish(odds.step(state, int(serial[-1])))
    total = a + c * district + balls + (1 if digit is not None and int(serial[-1]) == digit
                                        else 0)
    assert total * M == score_serial(serial, district, digit).score
