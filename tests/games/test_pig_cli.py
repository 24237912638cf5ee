"""Pig through the command line, registered by one line and no other change: a game at
the text prompt (``gameshelf pig play --text``), its replay (``gameshelf pig replay FILE
--json`` and ``last``), the history and the statistics (``gameshelf pig stats``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gameshelf.core.gamedef import GameDef
from gameshelf.core.store import Store
from tests.cli_helpers import run

#: Enough moves for any game to 30 against the computer: roll twice, hold, again and again.
MOVES = "roll\nroll\nhold\n" * 80


def play(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
         seed: int = 7) -> str:
    code, out, err = run(["pig", "play", "--text", "--seed", str(seed), "--target", "30",
                          "--you", "Ann"], capsys, monkeypatch, MOVES)
    assert code == 0, err
    return out


def test_the_root_lists_pig_and_its_help_loads_it(pig: GameDef, capsys: pytest.CaptureFixture[
        str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert "Pig: two dice" in run(["--help"], capsys, monkeypatch)[1]
    code, out, _ = run(["pig", "--help"], capsys, monkeypatch)
    assert code == 0 and "play" in out and "replay" in out and "stats" in out


def test_a_game_at_the_prompt_is_played_to_its_end_and_kept(
        pig: GameDef, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    out = play(capsys, monkeypatch)
    assert "Ann rolls" in out and "Ann holds" in out and "Hog rolls" in out
    assert " wins, " in out or "A draw" in out
    with Store() as store:
        rows = store.finished_records("pig")
        assert not store.save_names("pig")      # the end removed the save
    assert len(rows) == 1 and [p.name for p in rows[0].players] == ["Ann", "Hog"]
    assert rows[0].record is not None and rows[0].record.options["target"] == 30


def test_a_refused_move_is_said_and_quit_keeps_the_save(
        pig: GameDef, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["pig", "play", "--text", "--seed", "3"], capsys, monkeypatch,
                       "hold\njump\nquit\n")
    assert code == 0 and out.count("refused: ") == 2
    with Store() as store:
        assert store.save_names("pig") == {"game-3"}
    code, out, _ = run(["pig", "resume", "--text"], capsys, monkeypatch, "quit\n")
    assert code == 0 and "game 3" in out


def test_a_finished_game_replays_from_its_file_and_as_the_last(
        pig: GameDef, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    play(capsys, monkeypatch)
    with Store() as store:
        record = store.finished_records("pig")[0].record
    assert record is not None
    path = tmp_path / "pig.json"
    path.write_text(record.to_json())
    code, out, err = run(["pig", "replay", str(path), "--json"], capsys, monkeypatch)
    assert code == 0, err
    listing = json.loads(out)
    assert listing["game"] == "pig" and listing["finished"] and listing["seed"] == 7
    assert listing["players"] == ["Ann", "Hog"]
    assert sum(len(s["text"]) > 0 for s in listing["steps"]) == len(listing["steps"]) > 0
    assert [s["seat"] for s in listing["steps"][:1]] == [0]
    assert run(["pig", "replay", "last", "--json"], capsys, monkeypatch)[1] == out
    path.write_text(record.to_json().replace('"dice', '"dice ', 1))
    code, _, err = run(["pig", "replay", str(path), "--json"], capsys, monkeypatch)
    assert code == 2 and "checksum" in err


def test_the_history_and_the_statistics_list_the_games(
        pig: GameDef, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["pig", "stats"], capsys, monkeypatch)
    assert code == 0 and out.strip() == "No finished Pig game is kept yet."
    play(capsys, monkeypatch, seed=7)
    play(capsys, monkeypatch, seed=8)
    code, out, _ = run(["pig", "history"], capsys, monkeypatch)
    assert code == 0 and out.count("Ann") == 2 and "Hog (hold20)" in out
    code, out, _ = run(["pig", "stats", "--json"], capsys, monkeypatch)
    figures = json.loads(out)
    assert figures["games"] == 2 and [p["player"] for p in figures["players"]] == [
        "Ann", "cpu (hold20)"]
    assert sum(p["won"] + p["drawn"] for p in figures["players"]) >= 2
    text = run(["pig", "stats", "--player", "Ann"], capsys, monkeypatch)[1]
    assert text.startswith("Pig: 2 finished games") and "cpu (" not in text


def test_pig_is_gone_once_the_fixture_ends(capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = run(["pig", "--help"], capsys, monkeypatch)
    assert code == 2 and "No such command 'pig'" in err
