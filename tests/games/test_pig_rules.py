"""Pig's rules and its driver (P-1..P-5): the chance node, the record and its checks, the
computer player, and the doctests of every module of the folder."""

from __future__ import annotations

import doctest
import importlib
import random
from collections.abc import Callable
from pathlib import Path

import pytest

from gameshelf.core.errors import IllegalMoveError, RecordError
from gameshelf.core.records import GameRecord
from gameshelf.core.state import CHANCE, TERMINAL
from tests.games.pig.game import MAX_TURNS, Dice, Hold, PigState, Roll, max_actions
from tests.games.pig.match import Match, computer_choice

FOLDER = Path(__file__).parent / "pig"
MODULES = sorted("tests.games.pig." + ".".join(p.relative_to(FOLDER).with_suffix("").parts)
                 for p in FOLDER.rglob("*.py") if p.name != "__init__.py")


@pytest.mark.parametrize("module", MODULES)
def test_doctests(module: str) -> None:
    failed, _ = doctest.testmod(importlib.import_module(module))
    assert failed == 0


def rolled(st: PigState, a: int, b: int) -> None:
    st.apply_action(Roll())
    assert st.current_player() == CHANCE and len(st.chance_outcomes()) == 36
    assert abs(sum(p for _, p in st.chance_outcomes()) - 1) < 1e-12
    st.apply_action(Dice(a, b))


def test_p2_a_roll_adds_to_the_turn_and_p4_hold_banks_it() -> None:
    st = PigState()
    assert st.legal_actions() == [Roll()]          # P-4: a turn starts with a roll
    rolled(st, 3, 5)
    rolled(st, 6, 6)
    assert st.turn_total == 20 and st.legal_actions() == [Roll(), Hold()]
    st.apply_action(Hold())
    assert st.scores == [20, 0] and st.seat == 1 and st.turn_total == 0


def test_p3_a_single_one_loses_the_turn_and_snake_eyes_the_score() -> None:
    st = PigState(scores=[40, 0])
    rolled(st, 4, 4)
    rolled(st, 1, 6)
    assert st.scores == [40, 0] and st.seat == 1 and st.events[-1].kind == "one"
    st.seat = 0
    rolled(st, 5, 5)
    rolled(st, 1, 1)
    assert st.scores == [0, 0] and st.events[-1].kind == "snake"
    assert st.events[-1].points == 50


def test_p4_reaching_the_target_must_hold_and_p5_wins() -> None:
    st = PigState(target=20, scores=[12, 0])
    rolled(st, 4, 4)
    assert st.legal_actions() == [Hold()]
    with pytest.raises(IllegalMoveError):
        st.apply_action(Roll())
    st.apply_action(Hold())
    assert st.current_player() == TERMINAL and st.winner == 0 and st.returns() == [20.0, 0.0]


def test_p5_the_turns_run_out_in_a_draw() -> None:
    st = PigState(turns=MAX_TURNS - 1)
    rolled(st, 1, 2)
    assert st.is_terminal() and st.winner is None


def test_random_games_end_within_the_bound() -> None:
    pick = random.Random(3)
    for _ in range(30):
        st, n = PigState(target=30), 0
        while not st.is_terminal():
            st.apply_action(pick.choice(st.legal_actions()))
            n += 1
        assert n <= max_actions(30)


def test_the_computer_holds_at_twenty() -> None:
    st = PigState()
    rolled(st, 6, 6)
    assert computer_choice(st, "hold20") == Roll()
    rolled(st, 4, 4)
    assert computer_choice(st, "hold20") == Hold()


def test_a_computer_game_replays_from_its_record_only() -> None:
    m = Match.new(11, ["Hog", "Sow"], ["hold20", "hold15"], 50)
    while m.step():
        pass
    assert m.state.is_terminal()
    again = Match.from_record(GameRecord.from_json(m.record().to_json()))
    assert again.state == m.state and again.actors == m.actors


@pytest.mark.parametrize("change, why", [
    (lambda a: a[:1] + ["dice 6 6"] + a[2:], "rolls"),
    (lambda a: a + ["hold"] * 3, "action"),
])
def test_a_record_with_other_dice_or_moves_is_refused(
        change: Callable[[list[str]], list[str]], why: str) -> None:
    m = Match.new(5, ["Ann", "Hog"], ["human", "hold20"], 30)
    m.apply("roll")
    record = m.record()
    if record.actions[1] == "dice 6 6":
        pytest.skip("the game number rolls 6 6 here")
    bad = GameRecord(record.game, record.rules_version, record.options, record.seed,
                     tuple(change(list(record.actions))))
    with pytest.raises(RecordError, match=why):
        Match.from_record(bad)


def test_a_record_of_another_game_or_with_bad_options_is_refused() -> None:
    with pytest.raises(RecordError, match="not 'pig'"):
        Match.from_record(GameRecord("yatz", 1, {}, 1, ()))
    with pytest.raises(RecordError, match="two"):
        Match.from_record(GameRecord("pig", 1, {"names": ["A"], "players": [], "target": 9},
                                     1, ()))
