"""The Yatz engine: rulings R-YZ-1 to R-YZ-6, the traps other programs fell into, actions."""

from __future__ import annotations

import pytest

from gameshelf.core.errors import BadInputError, IllegalMoveError
from gameshelf.core.state import CHANCE, TERMINAL
from gameshelf.games.yatz.game import (
    HOLDS,
    MAX_GAME,
    ROLL,
    ROLL_OUTCOMES,
    SCORES,
    Dice,
    Hold,
    Roll,
    Score,
    YatzState,
    parse_action,
    scorecard,
)
from gameshelf.games.yatz.scoring import Box
from tests.yatz.helpers import fill, play_turn, with_dice

# ----- R-YZ-1: players, columns, turns, end ---------------------------------------------


@pytest.mark.parametrize("players", [0, 10, -1])
def test_r_yz_1_one_to_nine_players(players: int) -> None:
    """R-YZ-1: fewer than one or more than nine players is refused."""
    with pytest.raises(BadInputError, match="1 to 9"):
        YatzState(players)


def test_r_yz_1_seat_order_and_39_turns_each() -> None:
    """R-YZ-1: seats play in order; the game ends when all 39 boxes of each card are full."""
    s = YatzState(2)
    seats = []
    for turn in range(78):
        seats.append(s.current_player())
        col, box = divmod(turn // 2, 13)
        play_turn(s, (1, 2, 3, 4, 6), col, Box(box))
    assert seats == [0, 1] * 39
    assert s.is_terminal() and s.current_player() == TERMINAL
    assert s.legal_actions() == []
    assert all(s.filled[p][c] == (1 << 13) - 1 for p in range(2) for c in range(3))
    with pytest.raises(IllegalMoveError, match="over"):
        s.apply_action(ROLL)


# ----- R-YZ-2: the turn ----------------------------------------------------------------


def test_r_yz_2_first_roll_is_all_five_then_only_unheld() -> None:
    """R-YZ-2: the first roll throws five dice; later rolls only the dice not held."""
    s = YatzState(1)
    assert s.legal_actions() == [ROLL]
    s.apply_action(ROLL)
    assert s.current_player() == CHANCE and s.rolled_count() == 5
    s.apply_action(Dice((1, 2, 3, 4, 5)))
    s.apply_action(parse_action("hold 2 4"))
    s.apply_action(ROLL)
    assert s.rolled_count() == 3
    s.apply_action(Dice((6, 6, 6)))
    assert s.dice == (6, 2, 6, 4, 6)
    assert s.roll_number() == 2


def test_r_yz_2_must_score_after_third_roll() -> None:
    """R-YZ-2: at most three rolls; after the third only score actions are legal."""
    s = with_dice((1, 1, 2, 3, 5))
    for faces in ((4, 4, 4, 4, 4), (6, 6, 6, 6, 6)):
        s.apply_action(ROLL)
        s.apply_action(Dice(faces))
    assert s.rolls_left == 0
    assert all(isinstance(a, Score) for a in s.legal_actions())
    assert len(s.legal_actions()) == 39
    with pytest.raises(IllegalMoveError, match="no rolls left"):
        s.apply_action(ROLL)
    with pytest.raises(IllegalMoveError, match="no rolls left"):
        s.apply_action(HOLDS[3])


def test_r_yz_2_may_score_after_any_roll_and_zero_is_allowed() -> None:
    """R-YZ-2: a box can be filled after the first roll, and with 0 points."""
    s = with_dice((1, 2, 3, 4, 6))
    s.apply_action(parse_action("score x2 yatz"))
    assert s.boxes[0][1][Box.YATZ] == 0
    assert s.filled[0][1] == 1 << Box.YATZ


def test_r_yz_2_exactly_one_box_per_turn_and_no_refill() -> None:
    """R-YZ-2: a filled box cannot be filled again; a turn fills one box, then passes on."""
    s = YatzState(2)
    play_turn(s, (5, 5, 5, 2, 2), 0, Box.FULL_HOUSE)
    assert s.seat == 1 and s.dice == () and s.rolls_left == 3
    play_turn(s, (1, 1, 1, 1, 2), 0, Box.ONES)
    s.apply_action(ROLL)
    s.apply_action(Dice((3, 3, 3, 2, 2)))
    with pytest.raises(IllegalMoveError, match="already filled"):
        s.apply_action(SCORES[0][Box.FULL_HOUSE])


def test_r_yz_2_no_score_or_hold_before_the_first_roll() -> None:
    """R-YZ-2: a turn starts with a roll."""
    s = YatzState(1)
    with pytest.raises(IllegalMoveError, match="roll first"):
        s.apply_action(SCORES[0][Box.CHANCE])
    with pytest.raises(IllegalMoveError, match="roll first"):
        s.apply_action(HOLDS[1])


# ----- R-YZ-3: scoring -----------------------------------------------------------------

SCORING = [
    # dice, box, points
    ((3, 3, 3, 2, 1), Box.THREES, 9),
    ((6, 6, 6, 4, 3), Box.THREE_KIND, 25),
    ((6, 6, 6, 6, 3), Box.FOUR_KIND, 27),
    ((6, 6, 6, 4, 3), Box.FOUR_KIND, 0),
    ((5, 5, 5, 1, 1), Box.FULL_HOUSE, 25),
    ((2, 3, 4, 5, 5), Box.SMALL_STRAIGHT, 30),
    ((2, 3, 4, 5, 6), Box.LARGE_STRAIGHT, 40),
    ((4, 4, 4, 4, 4), Box.YATZ, 50),
    ((1, 2, 3, 4, 6), Box.CHANCE, 16),
]


@pytest.mark.parametrize(("dice", "box", "points"), SCORING)
def test_r_yz_3_box_scores(dice: tuple[int, ...], box: Box, points: int) -> None:
    """R-YZ-3: each box's points through the engine."""
    assert with_dice(dice).points(box) == points


def test_r_yz_3_no_extra_yatz_bonus() -> None:
    """R-YZ-3: a second Yatz earns nothing beyond its box."""
    s = YatzState(1)
    play_turn(s, (2, 2, 2, 2, 2), 0, Box.YATZ)
    play_turn(s, (2, 2, 2, 2, 2), 1, Box.YATZ)
    assert s.grand_total(0) == 50 + 100


# ----- the traps other programs fell into -------------------------------------------------


def test_trap_1_2_3_3_4_is_a_small_straight() -> None:
    assert with_dice((1, 2, 3, 3, 4)).points(Box.SMALL_STRAIGHT) == 30


def test_trap_3_4_4_6_6_is_no_straight() -> None:
    s = with_dice((3, 4, 4, 6, 6))
    assert s.points(Box.SMALL_STRAIGHT) == 0 and s.points(Box.LARGE_STRAIGHT) == 0


def test_trap_1_3_4_5_6_small_but_6_5_4_3_1_no_large() -> None:
    assert with_dice((1, 3, 4, 5, 6)).points(Box.SMALL_STRAIGHT) == 30
    assert with_dice((6, 5, 4, 3, 1)).points(Box.LARGE_STRAIGHT) == 0


def test_trap_2_2_2_2_3_is_no_full_house() -> None:
    assert with_dice((2, 2, 2, 2, 3)).points(Box.FULL_HOUSE) == 0


@pytest.mark.parametrize("face", range(1, 7))
def test_trap_five_of_a_kind_full_house_kinds_and_upper(face: int) -> None:
    """R-YZ-3: five of a kind is a Full House (25), 3 and 4 of a kind (the sum), its face."""
    s = with_dice((face,) * 5)
    assert s.points(Box.FULL_HOUSE) == 25
    assert s.points(Box.THREE_KIND) == s.points(Box.FOUR_KIND) == 5 * face
    assert s.points(Box(face - 1)) == 5 * face
    assert s.points(Box.YATZ) == 50


def test_trap_kinds_add_all_five_dice() -> None:
    assert with_dice((4, 4, 4, 1, 6)).points(Box.THREE_KIND) == 19
    assert with_dice((2, 5, 5, 5, 5)).points(Box.FOUR_KIND) == 22


def test_trap_holding_keeps_exactly_the_held_dice() -> None:
    s = with_dice((1, 2, 3, 4, 5))
    s.apply_action(parse_action("hold 1 3 5"))
    s.apply_action(ROLL)
    s.apply_action(Dice((6, 6)))
    assert s.dice == (1, 6, 3, 6, 5)
    s.apply_action(parse_action("hold"))
    s.apply_action(ROLL)
    assert s.rolled_count() == 5
    s.apply_action(Dice((2, 2, 2, 2, 2)))
    assert s.dice == (2, 2, 2, 2, 2)


def test_trap_wrong_number_of_dice_is_refused() -> None:
    s = with_dice((1, 2, 3, 4, 5))
    s.apply_action(parse_action("hold 1 2"))
    s.apply_action(ROLL)
    with pytest.raises(IllegalMoveError, match="3 dice"):
        s.apply_action(Dice((1, 2)))


def test_trap_last_open_box_can_always_be_filled() -> None:
    """Whatever the dice, the last empty box is a legal (maybe zero) score."""
    for last in Box:
        s = YatzState(1)
        for c in range(3):
            for b in Box:
                if not (c == 2 and b == last):
                    fill(s, 0, c, b, 0)
        s.turns_done = 38
        s.apply_action(ROLL)
        s.apply_action(Dice((1, 1, 2, 2, 6)))
        assert s.legal_actions()[-1] == SCORES[2][last]
        s.apply_action(SCORES[2][last])
        assert s.is_terminal()


# ----- R-YZ-4: Wild Yatz over the whole triple card -----------------------------------------


def _wild_ready(face: int, *, skip: tuple[int, Box] | None = None) -> YatzState:
    s = YatzState(1)
    for c in range(3):
        for b in (Box.YATZ, Box(face - 1)):
            if skip != (c, b):
                fill(s, 0, c, b, 0)
    s.apply_action(ROLL)
    s.apply_action(Dice((face,) * 5))
    return s


def test_r_yz_4_wild_yatz_scores_straights_in_any_column() -> None:
    """R-YZ-4: all Yatz boxes and the face's three upper boxes filled: straights at full value."""
    s = _wild_ready(5)
    assert s.wild()
    assert s.points(Box.SMALL_STRAIGHT) == 30
    assert s.points(Box.LARGE_STRAIGHT) == 40
    assert s.points(Box.FULL_HOUSE) == 25
    assert s.points(Box.CHANCE) == 25
    s.apply_action(SCORES[2][Box.LARGE_STRAIGHT])
    assert s.boxes[0][2][Box.LARGE_STRAIGHT] == 40


@pytest.mark.parametrize("missing", [(0, Box.YATZ), (1, Box.YATZ), (2, Box.YATZ),
                                     (0, Box.FIVES), (1, Box.FIVES), (2, Box.FIVES)])
def test_r_yz_4_not_wild_while_any_of_the_six_boxes_is_empty(missing: tuple[int, Box]) -> None:
    """R-YZ-4 is checked over the whole triple card: one empty box of the six and no joker."""
    s = _wild_ready(5, skip=missing)
    assert not s.wild()
    assert s.points(Box.SMALL_STRAIGHT) == 0 and s.points(Box.LARGE_STRAIGHT) == 0


def test_r_yz_4_other_faces_upper_boxes_do_not_count() -> None:
    """R-YZ-4: the face that was rolled is the one whose upper boxes must be filled."""
    s = YatzState(1)
    for c in range(3):
        fill(s, 0, c, Box.YATZ, 50)
        fill(s, 0, c, Box.SIXES, 18)
    s.apply_action(ROLL)
    s.apply_action(Dice((5, 5, 5, 5, 5)))
    assert not s.wild()


def test_r_yz_4_wild_is_per_player() -> None:
    """R-YZ-4: another player's card does not make my roll wild."""
    s = YatzState(2)
    for c in range(3):
        fill(s, 1, c, Box.YATZ, 0)
        fill(s, 1, c, Box.TWOS, 0)
    s.apply_action(ROLL)
    s.apply_action(Dice((2, 2, 2, 2, 2)))
    assert not s.wild() and s.wild(1)


# ----- R-YZ-5 and R-YZ-6: bonus, rows, totals --------------------------------------------


def test_r_yz_5_bonus_at_63_is_multiplied_with_its_column() -> None:
    """R-YZ-5: 35 for an upper total of 63 or more, doubled in x2, tripled in x3."""
    s = YatzState(1)
    for b, pts in zip(Box, (3, 6, 9, 12, 15, 18), strict=False):
        fill(s, 0, 1, b, pts)
    assert s.upper[0][1] == 63 and s.bonus(0, 1) == 35
    assert s.grand_total(0) == 2 * (63 + 35)
    s2 = YatzState(1)
    for b, pts in zip(Box, (3, 6, 9, 12, 15, 17), strict=False):
        fill(s2, 0, 2, b, pts)
    assert s2.bonus(0, 2) == 0 and s2.grand_total(0) == 3 * 62


def test_r_yz_6_twenty_rows_and_the_highest_game() -> None:
    """R-YZ-6: rows 1-20 in order; a perfect card totals 2,250."""
    s = YatzState(1)
    best = {Box.ONES: 5, Box.TWOS: 10, Box.THREES: 15, Box.FOURS: 20, Box.FIVES: 25,
            Box.SIXES: 30, Box.THREE_KIND: 30, Box.FOUR_KIND: 30, Box.FULL_HOUSE: 25,
            Box.SMALL_STRAIGHT: 30, Box.LARGE_STRAIGHT: 40, Box.YATZ: 50, Box.CHANCE: 30}
    for c in range(3):
        for b, pts in best.items():
            fill(s, 0, c, b, pts)
    rows = scorecard(s, 0)
    assert [r.number for r in rows] == list(range(1, 21))
    assert [r.box for r in rows if r.box is not None] == list(Box)
    by = {r.number: r.values for r in rows}
    assert by[7] == (105,) * 3 and by[8] == (35,) * 3 and by[9] == (140,) * 3
    assert by[17] == (235,) * 3 and by[18] == (375,) * 3
    assert by[19] == (375, 750, 1125)
    assert by[20][0] == MAX_GAME == 2250 == s.grand_total(0)


# ----- actions: text forms, legality, chance outcomes ---------------------------------------


@pytest.mark.parametrize("text", ["roll", "hold 1 3 5", "hold", "score x2 full-house",
                                  "score x1 ones", "score x3 chance", "dice 3 4 1",
                                  "hold 1 2 3 4 5", "dice 6 6 6 6 6"])
def test_action_text_round_trips(text: str) -> None:
    a = parse_action(text)
    assert str(a) == text
    assert parse_action(str(a)) == a


def test_every_action_round_trips() -> None:
    actions: list[Roll | Hold | Score] = [ROLL, *HOLDS, *(a for col in SCORES for a in col)]
    for a in actions:
        assert parse_action(str(a)) == a


@pytest.mark.parametrize(("text", "expected"), [
    ("score 2 fh", "score x2 full-house"), ("hold 135", "hold 1 3 5"),
    ("SCORE X3 Large Straight", "score x3 large-straight"), ("keep 5,4", "hold 4 5"),
    ("r", "roll"), ("hold none", "hold")])
def test_action_aliases(text: str, expected: str) -> None:
    assert str(parse_action(text)) == expected


@pytest.mark.parametrize("text", ["", "jump", "hold 6", "hold 1 1", "score x4 chance",
                                  "score x1", "score x1 nothing", "roll 3", "dice 7",
                                  "dice 1 2 3 4 5 6"])
def test_bad_action_text_is_a_clear_error(text: str) -> None:
    with pytest.raises(BadInputError):
        parse_action(text)


def test_legal_actions_after_a_roll() -> None:
    s = with_dice((1, 2, 3, 4, 5))
    legal = s.legal_actions()
    assert legal[0] == ROLL
    assert sum(isinstance(a, Hold) for a in legal) == 32  # every hold, the current one too
    assert sum(isinstance(a, Score) for a in legal) == 39
    s.apply_action(HOLDS[31])
    assert ROLL not in s.legal_actions()
    with pytest.raises(IllegalMoveError, match="all five dice are held"):
        s.apply_action(ROLL)


def test_chance_outcomes_sum_to_one() -> None:
    for k in range(1, 6):
        assert abs(sum(p for _, p in ROLL_OUTCOMES[k]) - 1) < 1e-12
    assert len(ROLL_OUTCOMES[5]) == 252
    s = YatzState(1)
    s.apply_action(ROLL)
    assert len(s.chance_outcomes()) == 252
    assert s.legal_actions() == []
    with pytest.raises(IllegalMoveError, match="rolling"):
        s.apply_action(SCORES[0][0])


def test_clone_is_independent() -> None:
    s = with_dice((1, 2, 3, 4, 5))
    c = s.clone()
    c.apply_action(SCORES[0][Box.LARGE_STRAIGHT])
    assert s.filled[0][0] == 0 and c.filled[0][0] == 1 << Box.LARGE_STRAIGHT
    assert s.dice == (1, 2, 3, 4, 5)
