"""``gameshelf muggins``: sim, stats, the text prompt loop, resume, bad input."""

from __future__ import annotations

import json

import pytest

from gameshelf.cli import main
from gameshelf.core.store import Store
from gameshelf.muggins.match import GAME


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(list(args))
    out = capsys.readouterr()
    code = exc.value.code
    return (code if isinstance(code, int) else 0), out.out, out.err


def test_sim_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "muggins", "sim", "--games", "4", "--players", "easy,normal",
                       "--target", "100", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 4 and sum(data["wins"]) == 4
    assert data["players"] == ["easy", "normal"]
    lo, hi = data["interval95"][0]
    assert 0 <= lo <= data["win_rate"][0] <= hi <= 1


def test_sim_text_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    a = run(capsys, "muggins", "sim", "--games", "2", "--players", "easy,easy",
            "--target", "60", "--seed", "9")
    b = run(capsys, "muggins", "sim", "--games", "2", "--players", "easy,easy",
            "--target", "60", "--seed", "9")
    assert a == b and "95%" in a[1]


@pytest.mark.parametrize("args", [
    ["muggins", "sim", "--players", "easy"],
    ["muggins", "sim", "--players", "easy,godlike"],
    ["muggins", "sim", "--games", "0"],
    ["muggins", "sim", "--target", "3"],
    ["muggins", "play", "--level", "hard"],
    ["muggins", "play", "--seed", "-4"],
    ["muggins", "play", "--target", "x"],
    ["muggins", "resume"],
])
def test_bad_input_is_one_line_exit_2(capsys: pytest.CaptureFixture[str],
                                      args: list[str]) -> None:
    code, _, err = run(capsys, *args)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("gameshelf: error:")


def test_text_play_quit_then_resume(capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    lines = iter(["9-9 L", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(lines))
    code, out, _ = run(capsys, "muggins", "play", "--text", "--seed", "3", "--level", "easy")
    assert code == 0
    assert "game number 3" in out and "refused:" in out and "saved" in out
    with Store() as store:
        record = store.load_save(GAME, "current")
    assert record.seed == 3
    lines2 = iter(["quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(lines2))
    code, out, _ = run(capsys, "muggins", "resume", "--text")
    assert code == 0 and "your tiles:" in out


def test_play_never_silently_drops_a_saved_game(capsys: pytest.CaptureFixture[str],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    run(capsys, "muggins", "play", "--text", "--seed", "3", "--level", "easy")
    with Store() as store:
        before = store.load_save(GAME, "current")
    code, _, err = run(capsys, "muggins", "play", "--text", "--seed", "4")
    assert code == 2 and "unfinished game is saved" in err and err.count("\n") == 1
    with Store() as store:
        assert store.load_save(GAME, "current") == before
    code, _, _ = run(capsys, "muggins", "play", "--text", "--seed", "4", "--new")
    assert code == 0
    with Store() as store:
        assert store.load_save(GAME, "current").seed == 4


def test_text_play_to_the_end_counts_in_stats(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Answers every prompt with each tile of the rack in turn until one is accepted."""
    from gameshelf.muggins.tiles import ALL_TILES

    answers = iter([f"{t} {s}" for _ in range(400) for t in ALL_TILES for s in "LR"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    code, out, _ = run(capsys, "muggins", "play", "--text", "--seed", "5", "--target", "20",
                       "--level", "easy")
    assert code == 0 and ("You win" in out or "Mugsy wins" in out)
    code, out, _ = run(capsys, "muggins", "stats", "--json")
    stats = json.loads(out)
    assert stats["easy"]["win"] + stats["easy"]["loss"] == 1
    code, out, _ = run(capsys, "muggins", "stats")
    assert "easy" in out and "even" in out
