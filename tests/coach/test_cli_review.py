"""``gameshelf muggins|showdown review NAME|FILE`` and ``hint`` at the text prompts
(issue 16): bad input is one line on stderr and exit code 2, nothing stored changes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gameshelf.core.store import Store
from gameshelf.games.muggins.match import Match as MugginsMatch
from gameshelf.games.showdown.match import Match as ShowdownMatch
from gameshelf.games.showdown.match import parse_players
from tests.cli_helpers import run


@pytest.mark.parametrize("game", ["muggins", "showdown"])
@pytest.mark.parametrize(("source", "args", "message"), [
    ("nosuch", [], "no saved"),
    ("FOLDER", [], "it is a folder"),
    ("EMPTY", [], "not a game record"),
    ("OTHER", [], "record"),
    ("game-1", ["--samples", "2"], "--samples must be 4 to 512"),
    ("game-1", ["--samples", "x"], "--samples"),
])
def test_review_bad_input(game: str, source: str, args: list[str], message: str,
                          tmp_path: Path, capsys: pytest.CaptureFixture[str],
                          monkeypatch: pytest.MonkeyPatch) -> None:
    other = ShowdownMatch(parse_players("cpu,cpu"), seed=1) if game == "muggins" else \
        MugginsMatch.new(seed=1)
    files = {"FOLDER": str(tmp_path), "EMPTY": str(tmp_path / "empty.json"),
             "OTHER": str(tmp_path / "other.json")}
    (tmp_path / "empty.json").write_text("{}")
    (tmp_path / "other.json").write_text(other.record().to_json())
    with Store() as store:
        store.replace_save("game-1", MugginsMatch.new(seed=1).record() if game == "muggins"
                        else ShowdownMatch(parse_players("Ann,cpu"), seed=1).record())
        before = store.list_saves(game)
    code, out, err = run([game, "review", files.get(source, source), *args], capsys,
                         monkeypatch)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert err.startswith("gameshelf: error:") and message in err
    with Store() as store:
        assert store.list_saves(game) == before


def test_muggins_review_of_a_save_and_of_a_file(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["muggins", "play", "--text", "--seed", "42", "--target", "100"],
                       capsys, monkeypatch, "hint\n0-9 L\nquit\n")
    assert code == 0
    assert "0-9 on the left: 0 now; about" in out and "Estimates from 64 samples" in out
    code, out, err = run(["muggins", "review", "game-42", "--samples", "8"], capsys,
                         monkeypatch)
    assert code == 0 and err == ""
    assert "estimates" in out and out.strip().endswith("the estimate's noise.")
    with Store() as store:
        record = store.load_save("muggins", "game-42")
    path = tmp_path / "game.json"
    path.write_text(record.to_json())
    code, out, _ = run(["muggins", "review", str(path), "--samples", "8", "--json"], capsys,
                       monkeypatch)
    data = json.loads(out)
    assert code == 0 and data["game"] == "muggins" and data["samples"] == 8
    assert isinstance(data["mistakes"], list)


def test_showdown_hint_at_the_prompt_and_review(capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["showdown", "play", "--text", "--seed", "4", "--players", "Ann,cpu"],
                       capsys, monkeypatch, "hint\noffer P54\nquit\n")
    assert code == 0
    assert "Offer P54 Loop 7,500: ahead in" in out and "Estimates from 32 sampled" in out
    code, out, err = run(["showdown", "review", "game-4", "--samples", "4", "--json"], capsys,
                         monkeypatch)
    data = json.loads(out)
    assert code == 0 and err == "" and data["seats"] == ["Ann"]
    assert data["decisions"] >= 0 and data["mistakes"] == []


@pytest.mark.parametrize("game", ["muggins", "showdown"])
@pytest.mark.parametrize("source", ["save", "file", "last"])
def test_review_of_a_record_that_does_not_replay_names_it(
        game: str, source: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A record whose actions do not replay (an action of no game inserted) is refused as
    replay refuses it: one line naming the save, finished game or file, exit code 2."""
    import dataclasses

    from gameshelf.core.store import HistoryEntry
    good = MugginsMatch.new(seed=1).record() if game == "muggins" else \
        ShowdownMatch(parse_players("Ann,cpu"), seed=1).record()
    bad = dataclasses.replace(good, actions=[*good.actions, "zzz 9"])
    path = tmp_path / "bad.json"
    path.write_text(bad.to_json())
    with Store() as store:
        if source == "save":
            store.replace_save("bad-1", bad)
        elif source == "last":
            store.add_finished_record(HistoryEntry(bad))
        before = (store.list_saves(game), store.finished_records(game))
    which = {"save": "bad-1", "file": str(path), "last": "last"}[source]
    code, out, err = run([game, "review", which, "--samples", "4"], capsys, monkeypatch)
    assert code == 2 and out == "" and err.count("\n") == 1, err
    named = {"save": "bad-1", "file": "the file", "last": "the finished game #1"}[source]
    assert named in err and "does not replay" in err and "zzz 9" in err, err
    with Store() as store:
        assert (store.list_saves(game), store.finished_records(game)) == before


def test_muggins_hint_at_the_prompt_says_what_to_type_and_it_is_taken(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint said "0-7 on the left" on the opening double, and typing 0-7 was refused as
    fitting both chains: the prompt's hint ends with the move as the prompt reads it."""
    code, out, _ = run(["muggins", "play", "--text", "--seed", "42", "--target", "100"],
                       capsys, monkeypatch, "hint\n0-9 L\nquit\n")
    assert code == 0
    assert "To play it, type: 0-9 L" in out and "refused" not in out


def test_yatz_review_of_a_save_a_file_and_bad_input(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """``gameshelf yatz review`` (there was none: the review was only on the game-over
    screen): the same lines as the screen's, as JSON too; bad input one line, exit 2."""
    code, out, _ = run(["yatz", "play", "--seed", "7", "--players", "Ann"], capsys,
                       monkeypatch, "roll\nscore x1 ones\nroll\nscore x1 chance\nquit\n")
    assert code == 0
    code, out, err = run(["yatz", "review", "game-7"], capsys, monkeypatch)
    assert code == 0 and err == ""
    assert "turn 1, roll 1 [3 2 4 6 1]: score x1 Ones (1); best:" in out
    assert "Ann: 2 of 2 choices (holds and boxes) cost expected points" in out
    with Store() as store:
        record = store.load_save("yatz", "game-7")
    path = tmp_path / "game.json"
    path.write_text(record.to_json())
    code, out, _ = run(["yatz", "review", str(path), "--json"], capsys, monkeypatch)
    data = json.loads(out)
    assert code == 0 and data["game"] == "yatz" and data["seats"] == ["Ann"]
    assert [m["turn"] for m in data["mistakes"]] == [1, 2] and data["decisions"] == 2
    (tmp_path / "other.json").write_text(MugginsMatch.new(seed=1).record().to_json())
    for source, message in (("nosuch", "no saved"), (str(tmp_path), "it is a folder"),
                            (str(tmp_path / "other.json"), "record")):
        code, out, err = run(["yatz", "review", source], capsys, monkeypatch)
        assert code == 2 and out == "" and err.count("\n") == 1 and message in err, err
