"""``gameshelf yatz``: play at the prompt, resume, saves, scores, sim, export and import."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gameshelf.core.records import GameRecord
from gameshelf.core.store import Store
from gameshelf.games.yatz.game import GAME
from gameshelf.games.yatz.match import Match, Seat, parse_seats
from gameshelf.games.yatz.scoring import Box
from tests.cli_helpers import run


def assert_one_line_error(code: int, err: str) -> None:
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("gameshelf: error:")


def test_play_at_the_prompt_then_quit_saves_and_resume_goes_on(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["yatz", "play", "--players", "Ann,cpu", "--seed", "5"], capsys,
                       monkeypatch, "roll\nhold 1 2\nroll\nscore x3 chance\nroll\nquit\n")
    assert code == 0
    assert "game number 5" in out and "Ann: " in out and "CPU 1: " in out
    assert "Saved as 'game-5'" in out
    with Store() as store:
        saved = Match.from_record(store.load_save(GAME, "game-5"))
    assert saved.state.roll_number() == 1 and saved.state.turns_taken(0) == 1
    code, out, _ = run(["yatz", "resume"], capsys, monkeypatch, "score x1 chance\n")
    assert code == 0 and "Ann: " in out and "in x1 Chance" in out
    code, out, _ = run(["yatz", "saves"], capsys, monkeypatch)
    assert "game-5" in out and "turn 3 of 39" in out


def test_prompt_refuses_bad_input_and_asks_before_a_zero(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    m = Match([Seat("Ann")], seed=8)
    m.act("roll")
    zero = next(b for b in range(13) if m.state.box_points()[b] == 0)
    from gameshelf.games.yatz.scoring import Box
    box = Box(zero).text
    code, out, err = run(["yatz", "play", "-p", "Ann", "--seed", "8"], capsys, monkeypatch,
                         f"jump\nhold 7\nroll\nscore x1 {box}\nno\nscore x1 {box}\ny\nq\n")
    assert code == 0
    assert "unknown action" in err and "numbered 1 to 5" in err
    assert "Not filled." in out and "Ann: 0 in x1" in out


@pytest.mark.parametrize(("answer", "filled"), [("", True), ("Y", True), ("yes", True),
                                               ("x", False), ("n", False)])
def test_prompt_a_zero_box_is_confirmed_with_enter(
        answer: str, filled: bool, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17, the manual: "Press <ENTER> to confirm you want to zero out a score box";
    Enter (or y) fills the box with 0, any other answer corrects the choice."""
    m = Match([Seat("Ann")], seed=8)
    m.act("roll")
    box = next(b for b in Box if m.state.box_points()[b] == 0).text
    code, out, _ = run(["yatz", "play", "-p", "Ann", "--seed", "8"], capsys, monkeypatch,
                       f"roll\nscore x2 {box}\n{answer}\nq\n")
    assert code == 0 and "Fill it with 0? [Y/n]" in out
    assert ("Ann: 0 in x2" in out) is filled and ("Not filled." in out) is not filled


@pytest.mark.parametrize("players", ["", "Ann,,Bob", "A,B,C,D,E,F,G,H,I,J", "Ann:wizard"])
def test_bad_players_are_one_line_exit_2(players: str, capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = run(["yatz", "play", "--players", players], capsys, monkeypatch)
    assert_one_line_error(code, err)


def test_parse_seats() -> None:
    seats = parse_seats("Ann, cpu,Bob:casual,greedy")
    assert [s.player for s in seats] == ["human", "strong", "casual", "greedy"]
    assert [s.name for s in seats] == ["Ann", "CPU 1", "Bob", "CPU 3"]


def test_sim_json_and_text(capsys: pytest.CaptureFixture[str],
                           monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["yatz", "sim", "--games", "30", "--player", "casual", "--seed", "3",
                        "--json"], capsys, monkeypatch)
    assert code == 0
    stats = json.loads(out)
    assert stats["games"] == 30 and stats["player"] == "casual"
    assert stats["min"] <= stats["percentiles"]["50"] <= stats["max"] <= 2250
    assert abs(stats["stderr"] - stats["sd"] / 30 ** 0.5) < 1e-9
    assert set(stats["bonus_rate"]) == {"x1", "x2", "x3"}
    code, out2, _ = run(["yatz", "sim", "-n", "30", "--player", "casual", "--seed", "3",
                         "--workers", "2"], capsys, monkeypatch)
    assert code == 0 and f"mean   {stats['mean']:.2f}" in out2 and "upper bonus" in out2


@pytest.mark.parametrize("args", [["--games", "0"], ["--player", "nobody"],
                                  ["--seed", "x"], ["--workers", "0"]])
def test_sim_bad_options(args: list[str], capsys: pytest.CaptureFixture[str],
                         monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = run(["yatz", "sim", *args], capsys, monkeypatch)
    assert_one_line_error(code, err)


def _saved(name: str = "g") -> GameRecord:
    m = Match([Seat("Ann"), Seat("Cpu", "greedy")], seed=31)
    m.act("roll")
    m.act("hold 1")
    with Store() as store:
        store.replace_save(name, m.record())
    return m.record()


def test_export_import_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    record = _saved()
    path = tmp_path / "g.json"
    assert run(["yatz", "export", "g", str(path)], capsys, monkeypatch)[0] == 0
    assert GameRecord.from_json(path.read_text()) == record
    code, _, err = run(["yatz", "export", "g", str(path)], capsys, monkeypatch)
    assert_one_line_error(code, err)  # no overwrite without --force
    code, out, _ = run(["yatz", "import", str(path), "--name", "copy"], capsys, monkeypatch)
    assert code == 0 and "Imported as 'copy'" in out
    with Store() as store:
        assert store.load_save(GAME, "copy") == record


def _damaged(record: GameRecord) -> dict[str, bytes]:
    text = record.to_json()
    data = json.loads(text)
    data["actions"][1] = "dice 6 6 6 6 6"  # edited by hand: the checksum no longer matches
    foreign = GameRecord("muggins", 1, {}, 1, ()).to_json()
    return {"truncated": text[: len(text) // 2].encode(), "tampered": json.dumps(data).encode(),
            "not json": b"hello", "foreign": foreign.encode(), "empty": b"",
            "binary": b"\xff\xfe\x00\x01"}


@pytest.mark.parametrize("kind", ["truncated", "tampered", "not json", "foreign", "empty",
                                  "binary"])
def test_import_refuses_damaged_files_and_changes_nothing(
        kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    record = _saved()
    path = tmp_path / "bad.json"
    path.write_bytes(_damaged(record)[kind])
    db = Store().path
    before = db.read_bytes()
    code, _, err = run(["yatz", "import", str(path), "--name", "g", "--force"], capsys,
                       monkeypatch)
    assert_one_line_error(code, err)
    assert db.read_bytes() == before
    with Store() as store:
        assert store.load_save(GAME, "g") == record


def test_import_refuses_dice_that_are_not_the_game_numbers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A record re-checksummed after its dice were changed is still refused on replay."""
    record = _saved()
    forged = GameRecord(record.game, record.rules_version, record.options, record.seed,
                        (record.actions[0], "dice 6 6 6 6 6", *record.actions[2:]))
    path = tmp_path / "forged.json"
    path.write_text(forged.to_json())
    code, _, err = run(["yatz", "import", str(path)], capsys, monkeypatch)
    assert_one_line_error(code, err)
    assert "not the dice of game number 31" in err


def test_resume_and_export_of_missing_saves(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    for args in (["yatz", "resume"], ["yatz", "resume", "nope"],
                 ["yatz", "export", "nope", "x.json"]):
        code, _, err = run(args, capsys, monkeypatch)
        assert_one_line_error(code, err)


def test_scores_table(capsys: pytest.CaptureFixture[str],
                      monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["yatz", "scores"], capsys, monkeypatch)
    assert code == 0 and "No Yatz high scores" in out
    code, out, _ = run(["yatz", "play", "-p", "cpu,casual", "--seed", "12"], capsys,
                       monkeypatch)
    assert code == 0 and "Game over." in out
    code, out, _ = run(["yatz", "scores", "--json"], capsys, monkeypatch)
    rows = json.loads(out)
    assert [r["rank"] for r in rows] == [1, 2]
    assert rows[0]["score"] >= rows[1]["score"] and rows[0]["game"] == 12


@pytest.mark.parametrize("args", [
    ["yatz", "sim", "-n", "9999999999999"],
    ["yatz", "sim", "-n", "3", "--seed", "9007199254740991"],
    ["yatz", "play", "-p", "Ann", "--name", "   "],
])
def test_sim_bounds_and_blank_save_names_are_refused(
        args: list[str], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = run(args, capsys, monkeypatch, "quit\n")
    assert_one_line_error(code, err)
    with Store() as store:
        assert store.list_saves(GAME) == []


def test_play_never_overwrites_another_save(capsys: pytest.CaptureFixture[str],
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A second game with the same number is saved beside the first; a --name that is taken
    is refused (one line, exit 2) and the save is left as it was."""
    code, out, _ = run(["yatz", "play", "-p", "Ann", "--seed", "4242"], capsys, monkeypatch,
                       "roll\nquit\n")
    assert code == 0 and "Saved as 'game-4242'" in out
    with Store() as store:
        first = store.load_save(GAME, "game-4242")
    code, out, _ = run(["yatz", "play", "-p", "Zed", "--seed", "4242"], capsys, monkeypatch,
                       "quit\n")
    assert code == 0 and "Saved as 'game-4242-2'" in out
    code, _, err = run(["yatz", "play", "-p", "Zed", "--name", "game-4242"], capsys,
                       monkeypatch, "quit\n")
    assert_one_line_error(code, err)
    assert "exists" in err
    with Store() as store:
        assert store.load_save(GAME, "game-4242") == first


def test_import_will_not_replace_a_damaged_save_unasked(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    rec = Match(parse_seats("Ann"), 9).record()
    path = tmp_path / "g.json"
    path.write_text(rec.to_json())
    with Store() as store:
        store.replace_save("mine", rec)
        store._conn.execute("UPDATE saves SET record = '{}' WHERE name = 'mine'")
        store._conn.commit()
    code, _, err = run(["yatz", "import", str(path), "--name", "mine"], capsys, monkeypatch)
    assert_one_line_error(code, err)
    with Store() as store:
        assert store._conn.execute("SELECT record FROM saves WHERE name='mine'").fetchone() \
            == ("{}",)


def test_a_finished_record_imported_again_is_not_recorded_twice(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Breaker: a finished record imported under three names and resumed three times put
    its scores in the top 20 three times. A finished game is the same game however often it
    is imported: while it is saved, a second import is refused; once its scores are
    recorded, an import is refused too, and the scores stay there once."""
    from gameshelf.games.yatz.match import parse_seats

    m = Match(parse_seats("A:greedy"), 4)
    while not m.is_over():
        m.act(m.computer_action())
    path = tmp_path / "done.json"
    path.write_text(m.record().to_json())
    assert run(["yatz", "import", str(path), "--name", "a"], capsys, monkeypatch)[0] == 0
    code, _, err = run(["yatz", "import", str(path), "--name", "b"], capsys, monkeypatch)
    assert_one_line_error(code, err)
    assert "saved already, as 'a'" in err
    assert run(["yatz", "resume", "a"], capsys, monkeypatch)[0] == 0
    for args in (["--name", "c"], ["--name", "c", "--force"]):
        code, _, err = run(["yatz", "import", str(path), *args], capsys, monkeypatch)
        assert_one_line_error(code, err)
        assert "not recorded twice" in err
    with Store() as s:
        assert len(s.top_scores("yatz")) == 1 and s.list_saves("yatz") == []
