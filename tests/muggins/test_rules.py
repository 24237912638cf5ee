"""The Muggins rules: each ruling R-MG-1..R-MG-8 by number and the issue's test list."""

from __future__ import annotations

import pytest

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadInputError, IllegalMoveError
from gameshelf.core.state import CHANCE
from gameshelf.games.muggins.game import (
    Draw,
    MugginsState,
    Pass,
    Phase,
    Play,
    Side,
    Take,
    parse_action,
    resolve_chance,
)
from gameshelf.games.muggins.match import Match
from gameshelf.games.muggins.tiles import ALL_TILES, DOUBLE_BLANK, parse_tile, round_to_five, tile

from .helpers import position, tiles


def P(text: str) -> Play:  # noqa: N802 - short helper
    a = parse_action(text)
    assert isinstance(a, Play)
    return a


# ----- R-MG-1: the set and the deal ---------------------------------------------------------
def test_r_mg_1_double_nine_set_has_55_distinct_tiles_and_495_pips() -> None:
    assert len(ALL_TILES) == 55 == len(set(ALL_TILES))
    assert sum(t.pips for t in ALL_TILES) == 495
    assert ALL_TILES[0] == DOUBLE_BLANK and str(ALL_TILES[-1]) == "9-9"


@pytest.mark.parametrize("seed", [0, 1, 42, 2024])
def test_r_mg_1_deal_leaves_40_tiles_in_the_boneyard(seed: int) -> None:
    state = MugginsState()
    assert state.current_player() == CHANCE
    resolve_chance(state, Chance(seed))
    assert len(state.hands[0]) == len(state.hands[1]) == 7
    assert len(state.boneyard) == 40
    assert DOUBLE_BLANK not in state.boneyard | state.hands[0] | state.hands[1]
    assert state.left == [] and state.right == [] and state.end_total() == 0


@pytest.mark.parametrize("text,expected", [("3-5", "3-5"), ("5-3", "3-5"), ("9:9", "9-9"),
                                           ("07", "0-7"), (" 4 - 2 ", "2-4")])
def test_tile_text_form_parses_back(text: str, expected: str) -> None:
    t = parse_tile(text)
    assert str(t) == expected and parse_tile(str(t)) == t


@pytest.mark.parametrize("bad", ["", "3-", "10-1", "a-b", "3-5-6", "123"])
def test_bad_tile_text_is_refused(bad: str) -> None:
    with pytest.raises(BadInputError):
        parse_tile(bad)


@pytest.mark.parametrize("text", ["3-5 L", "3-5 R", "draw", "pass", "take 0-9"])
def test_action_text_forms_parse_back(text: str) -> None:
    assert str(parse_action(text)) == text
    assert parse_action(str(parse_action(text))) == parse_action(text)


@pytest.mark.parametrize("text", ["left 3-5", "3-5 left", "R 5-3", "DRAW"])
def test_action_text_aliases(text: str) -> None:
    assert parse_action(text) in (Play(tile(3, 5), Side.LEFT), Play(tile(3, 5), Side.RIGHT),
                                  Draw())


@pytest.mark.parametrize("bad", ["", "3-5", "3-5 X", "take", "jump", "3-5 L R"])
def test_bad_action_text_is_refused(bad: str) -> None:
    with pytest.raises(BadInputError):
        parse_action(bad)


# ----- R-MG-2: two chains from the 0-0 ------------------------------------------------------
def test_r_mg_2_first_play_needs_a_blank_and_fits_both_chains() -> None:
    s = position("0-5 3-4 6-6", "1-2")
    assert set(s.legal_actions()) == {P("0-5 L"), P("0-5 R")}


def test_r_mg_2_a_tile_matching_the_open_end_fits_that_chain_only() -> None:
    s = position("4-8 2-3", "1-2", left=("0-4",), right=("0-2",))
    assert set(s.legal_actions()) == {P("4-8 L"), P("2-3 R")}
    with pytest.raises(IllegalMoveError, match="does not fit the right chain"):
        s.apply_action(P("4-8 R"))


def test_r_mg_2_tile_orientation_leaves_the_other_half_open() -> None:
    s = position("4-8 1-1", "1-2", left=("0-4",), right=("0-2",))
    s.apply_action(P("4-8 L"))
    assert s.ends() == (8, 2)


def test_r_mg_2_first_play_always_possible_after_drawing() -> None:
    for seed in range(30):
        m = Match.new(seed)
        while m.state.current_player() == 0 and not any(
                isinstance(a, Play) for a in m.state.legal_actions()):
            m.apply(Draw())
        assert any(isinstance(a, Play) for a in m.state.legal_actions())


# ----- R-MG-3: must play, draw until a tile fits, pass --------------------------------------
def test_r_mg_3_a_player_who_can_play_may_not_draw_or_pass() -> None:
    s = position("0-5 3-4", "1-2")
    with pytest.raises(IllegalMoveError, match="must play"):
        s.apply_action(Draw())
    with pytest.raises(IllegalMoveError):
        s.apply_action(Pass())


def test_r_mg_3_draws_one_by_one_until_a_tile_fits_then_plays_it() -> None:
    s = position("3-4", "1-2", left=("0-5",), right=("0-6",), boneyard="7-8 1-9 5-9")
    assert s.legal_actions() == [Draw()]
    s.apply_action(Draw())
    assert s.current_player() == CHANCE
    s.apply_action(Take(tile(7, 8)))
    assert s.legal_actions() == [Draw()]
    s.apply_action(Draw())
    s.apply_action(Take(tile(5, 9)))
    assert s.legal_actions() == [P("5-9 L")]
    with pytest.raises(IllegalMoveError, match="must play"):
        s.apply_action(Draw())
    s.apply_action(P("5-9 L"))
    assert s.hands[0] == tiles("3-4 7-8") and s.to_move == 1


def test_r_mg_3_pass_with_an_empty_boneyard() -> None:
    s = position("3-4", "1-2 5-7", left=("0-5",), right=("0-6",), boneyard="")
    assert s.legal_actions() == [Pass()]
    with pytest.raises(IllegalMoveError, match="boneyard is empty"):
        s.apply_action(Draw())
    s.apply_action(Pass())
    assert s.to_move == 1 and s.passes == 1


def test_r_mg_3_cannot_pass_while_the_boneyard_has_tiles() -> None:
    s = position("3-4", "1-2", left=("0-5",), right=("0-6",), boneyard="8-8")
    with pytest.raises(IllegalMoveError, match="draw"):
        s.apply_action(Pass())


def test_r_mg_3_take_only_at_a_chance_node() -> None:
    s = position("3-4", "1-2", left=("0-5",), right=("0-6",), boneyard="8-8")
    with pytest.raises(IllegalMoveError):
        s.apply_action(Take(tile(8, 8)))


def test_holding_a_tile_is_required() -> None:
    s = position("0-5", "0-1")
    with pytest.raises(IllegalMoveError, match="do not hold 0-1"):
        s.apply_action(P("0-1 L"))


# ----- R-MG-4: scoring the ends ------------------------------------------------------------
@pytest.mark.parametrize("left,right,play,points", [
    ((), (), "0-5 L", 5),                       # 5 + the 0-0 (0)
    ((), (), "0-3 R", 0),                       # 3: no score
    (("0-1",), ("0-7",), "7-7 R", 15),          # a double at an end counts both halves
    (("0-6",), ("0-9",), "6-6 L", 30),          # double six + double nine... after 9-9
    (("0-4",), ("0-1",), "4-9 L", 10),
    (("0-4",), ("0-6",), "4-8 L", 0),           # 14
])
def test_r_mg_4_end_totals_table(left: tuple[str, ...], right: tuple[str, ...], play: str,
                                 points: int) -> None:
    if play == "6-6 L":
        s = position("6-6 1-1", "1-2", left=left, right=(*right, "9-9"))
    else:
        s = position(f"{play.split()[0]} 1-1", "1-2", left=left, right=right)
    s.apply_action(P(play))
    assert s.scores[0] == points


def test_r_mg_4_double_at_an_end_counts_both_halves() -> None:
    s = position("5-5 1-1", "1-2", left=("0-5",), right=())
    s.apply_action(P("5-5 L"))
    assert s.end_total() == 10 and s.scores[0] == 10


def test_r_mg_4_highest_single_score_is_30() -> None:
    s = position("9-9 1-1", "1-2", left=("0-6", "6-6"), right=("0-9",))
    s.apply_action(P("9-9 R"))
    assert s.scores[0] == 30


# ----- R-MG-5: going out and the rounding ---------------------------------------------------
@pytest.mark.parametrize("pips,rounded", [(0, 0), (1, 0), (2, 0), (3, 5), (4, 5), (5, 5),
                                          (6, 5), (7, 5), (8, 10), (12, 10), (13, 15),
                                          (17, 15), (18, 20), (47, 45), (48, 50)])
def test_r_mg_5_rounding_table(pips: int, rounded: int) -> None:
    assert round_to_five(pips) == rounded


def test_r_mg_5_going_out_scores_25_plus_opponents_pips_rounded() -> None:
    s = position("3-4", "1-2 5-6 0-1", left=("0-3",), right=("0-6",))
    s.apply_action(P("3-4 L"))   # ends 4 + 6 = 10: 10 points, then out
    assert s.scores[0] == 10 + 25 + 15  # pips 3 + 11 + 1 = 15
    r = s.last_round
    assert r is not None and r.kind == "domino" and r.winner == 0
    assert r.pips == (0, 15) and r.rounded == 15 and r.bonus == 25 and r.points == 40
    assert s.round_no == 2 and s.current_player() == CHANCE


# ----- R-MG-6: blocked rounds --------------------------------------------------------------
def test_r_mg_6_blocked_lower_total_scores_opponents_pips_rounded() -> None:
    s = position("1-2", "7-8 3-3", left=("0-5",), right=("0-6",), boneyard="", scores=(5, 5))
    s.apply_action(Pass())
    s.apply_action(Pass())
    r = s.last_round
    assert r is not None and r.kind == "blocked" and r.winner == 0
    assert r.pips == (3, 21) and r.rounded == 20 and r.bonus == 0
    assert s.scores == [25, 5]


def test_r_mg_6_blocked_equal_totals_score_nothing() -> None:
    s = position("1-2", "0-3", left=("0-5",), right=("0-6",), boneyard="", to_move=1)
    s.apply_action(Pass())
    s.apply_action(Pass())
    r = s.last_round
    assert r is not None and r.kind == "blocked" and r.winner is None and r.points == 0
    assert s.scores == [0, 0]


def test_both_players_passing_ends_the_round_but_one_pass_does_not() -> None:
    s = position("1-2", "6-8", left=("0-5",), right=("0-6",), boneyard="")
    s.apply_action(Pass())
    assert s.round_no == 1 and s.to_move == 1
    s.apply_action(P("6-8 R"))  # a play resets the passes: and this one goes out
    assert s.last_round is not None and s.last_round.kind == "domino"


def test_a_play_between_passes_resets_the_count() -> None:
    s = position("1-2", "6-8 4-4", left=("0-5",), right=("0-6",), boneyard="")
    s.apply_action(Pass())
    s.apply_action(P("6-8 R"))
    assert s.passes == 0 and s.round_no == 1
    s.apply_action(Pass())
    assert s.round_no == 1 and s.passes == 1


# ----- R-MG-7: the lead --------------------------------------------------------------------
def test_r_mg_7_person_leads_first_round_then_lead_alternates() -> None:
    m = Match.new(5, target=10_000)
    leaders = []
    while m.state.round_no <= 4:
        if m.state.round_no > len(leaders):
            leaders.append(m.state.leader)
            assert m.state.to_move == m.state.leader
        m.apply(m.state.legal_actions()[0])
    assert leaders == [0, 1, 0, 1]


# ----- R-MG-8: the target ends the game at once --------------------------------------------
def test_r_mg_8_reaching_the_target_mid_round_ends_the_game() -> None:
    s = position("0-5 1-2 3-4", "1-3", scores=(495, 0))
    s.apply_action(P("0-5 L"))
    assert s.is_terminal() and s.winner == 0 and s.scores == [500, 0]
    assert s.hands[0] == tiles("1-2 3-4")   # the round was not finished
    assert s.legal_actions() == []
    with pytest.raises(IllegalMoveError, match="over"):
        s.apply_action(P("1-2 L"))


def test_r_mg_8_passing_the_target_with_round_points_ends_the_game() -> None:
    s = position("3-4", "1-2 5-6", left=("0-3",), right=("0-6",), scores=(480, 0), target=500)
    s.apply_action(P("3-4 L"))
    assert s.is_terminal() and s.scores[0] == 480 + 10 + 25 + 15 and s.winner == 0


def test_r_mg_8_other_target() -> None:
    s = position("0-5 1-2", "1-3", scores=(0, 0), target=5)
    s.apply_action(P("0-5 R"))
    assert s.is_terminal() and s.returns() == [5.0, 0.0]


@pytest.mark.parametrize("target", [0, 4, 10_001])
def test_target_out_of_range_is_refused(target: int) -> None:
    with pytest.raises(BadInputError):
        MugginsState(target=target)


def test_chance_outcomes_are_the_boneyard_equally_likely() -> None:
    s = position("3-4", "1-2", left=("0-5",), right=("0-6",), boneyard="7-8 1-9")
    s.apply_action(Draw())
    outs = s.chance_outcomes()
    assert [str(a) for a, _ in outs] == ["take 1-9", "take 7-8"]
    assert all(p == 0.5 for _, p in outs)
    assert s.phase is Phase.DRAW


def test_state_follows_the_game_state_contract() -> None:
    from gameshelf.core.state import GameState

    state = MugginsState()
    assert isinstance(state, GameState)
    resolve_chance(state, Chance(3))
    assert state.current_player() == 0 and not state.is_terminal()
    assert state.returns() == [0.0, 0.0]
