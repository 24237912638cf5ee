"""Issue 15, replay on the command line: ``gameshelf <game> replay NAME|FILE`` (--text,
--json); an unknown name, a damaged file, another game's or another program's file: one line
on stderr, exit code 2, nothing stored changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gameshelf.core.store import Store
from gameshelf.session.base import SaveSlot
from tests.cli_helpers import run

from .games import dollar_round, muggins_record, showdown_record, yatz_record


def test_text_and_json_of_a_save_and_of_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    record = yatz_record(turns=3, names=("Ann", "Bob"))
    SaveSlot("yatz").claim("mine", record, exact=True)
    code, out, err = run(["yatz", "replay", "mine", "--text"], capsys, monkeypatch)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("Yatz game 11, in progress")
    assert lines[1].strip().startswith("1  Ann rolls the dice: ")
    path = tmp_path / "game.json"
    path.write_text(muggins_record().to_json())
    code, out, err = run(["muggins", "replay", str(path), "--json"], capsys, monkeypatch)
    assert code == 0, err
    data = json.loads(out)
    assert data["game"] == "muggins" and data["finished"] is True
    assert data["steps"][0]["step"] == 1 and data["steps"][0]["player"] == "You"
    path.write_text(dollar_round().to_json())
    code, out, err = run(["dollar", "replay", str(path), "--json"], capsys, monkeypatch)
    assert code == 0 and json.loads(out)["players"] == ["Ann", "Bob"]


def test_without_a_terminal_the_screen_says_so(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    SaveSlot("showdown").claim("sd", showdown_record(moves=3), exact=True)
    code, out, err = run(["showdown", "replay", "sd"], capsys, monkeypatch)
    assert code == 2 and "need a terminal" in err and "--text" in err


@pytest.mark.parametrize("content, why", [
    (None, "no saved Yatz game named 'nosuch'"),
    ("{not json", "cannot be replayed: not a game record"),
    ("", "cannot be replayed: not a game record"),
    ("muggins", "this record is for 'muggins', not 'yatz'"),
    ("changed", "checksum does not match"),
    ("PK\x03\x04 a zip file, another program's", "not a game record"),
])
def test_bad_names_and_files(tmp_path: Path, content: str | None, why: str,
                             capsys: pytest.CaptureFixture[str],
                             monkeypatch: pytest.MonkeyPatch) -> None:
    SaveSlot("yatz").claim("kept", yatz_record(turns=2), exact=True)
    with Store() as store:
        before = store.list_saves("yatz")
    if content is None:
        which = "nosuch"
    else:
        path = tmp_path / "rec.json"
        if content == "muggins":
            content = muggins_record(moves=2).to_json()
        elif content == "changed":
            content = yatz_record(turns=2).to_json().replace('"seed": 11', '"seed": 12')
        path.write_text(content)
        which = str(path)
    code, out, err = run(["yatz", "replay", which, "--text"], capsys, monkeypatch)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and why in err, err
    with Store() as store:
        assert store.list_saves("yatz") == before


def test_last_and_numbered_finished_games(capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """`replay last`: the newest finished game kept in the history; `#N` one by its number;
    a number of another game's, or none kept: one line, exit 2."""
    from gameshelf.core.store import HistoryEntry
    from gameshelf.games.yatz.match import Match
    from gameshelf.games.yatz.session import ENDING
    from gameshelf.session.ending import ending

    code, out, err = run(["yatz", "replay", "last", "--text"], capsys, monkeypatch)
    assert code == 2 and "no finished Yatz game is kept yet" in err
    old, new = yatz_record(3), yatz_record(4)
    with Store() as store:
        for record in (old, new):
            store.add_finished_record(ending(ENDING, Match.from_record(record)).history)
        store.add_finished_record(HistoryEntry(dollar_round(77)))
        ids = {r.record.seed if r.record else None: r.id
               for r in store.finished_records()}
    code, out, err = run(["yatz", "replay", "last", "--json"], capsys, monkeypatch)
    assert code == 0, err
    assert json.loads(out)["seed"] == 4 and json.loads(out)["finished"] is True
    code, out, err = run(["yatz", "replay", f"#{ids[3]}", "--text"], capsys, monkeypatch)
    assert code == 0 and out.startswith("Yatz game 3, finished")
    code, out, err = run(["yatz", "replay", f"#{ids[77]}"], capsys,
                         monkeypatch)
    assert code == 2 and "is a One Dollar Pinball game, not a Yatz one" in err
