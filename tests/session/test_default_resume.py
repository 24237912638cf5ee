"""``resume`` without a name takes the newest save that replays (the breaker's re-run of issue
10): a newest save whose record reads but does not replay (a changed die, draw or deal) was
refused as damaged and blocked the default resume, while one of unreadable text was passed
over. Every game with saves, through its command line; the damaged save is left as it was."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

import pytest

from gameshelf.core.records import GameRecord
from gameshelf.core.store import Store
from tests.cli_helpers import run


def _first_flipped(actions: list[str]) -> list[str]:
    a = actions[0]
    return [a.replace("first=0", "first=1") if "first=0" in a else a.replace("first=1", "first=0"),
            *actions[1:]]


#: game: (play args, stdin for the second game, a change that makes a record not replay)
GAMES: dict[str, tuple[list[str], str, Callable[[list[str]], list[str]]]] = {
    "yatz": (["yatz", "play", "-p", "A,cpu"], "roll\nquit\n",
             lambda a: [a[0], "dice 6 6 6 6 6", *a[2:]]),
    "muggins": (["muggins", "play", "--text"], "quit\n",
                lambda a: ["take 9-9" if a[0] != "take 9-9" else "take 0-0", *a[1:]]),
    "showdown": (["showdown", "play", "--text", "-p", "A,cpu"], "quit\n", _first_flipped),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_default_resume_passes_over_a_newest_save_that_does_not_replay(
        game: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    play, second, change = GAMES[game]
    assert run([*play, "--seed", "5"], capsys, monkeypatch, stdin="quit\n")[0] == 0
    assert run([*play, "--seed", "6"], capsys, monkeypatch, stdin=second)[0] == 0
    path = Store().path
    conn = sqlite3.connect(path)
    with conn:
        text = conn.execute("SELECT record FROM saves WHERE game=? AND name='game-6'",
                            (game,)).fetchone()[0]
        rec = GameRecord.from_json(text)
        forged = GameRecord(rec.game, rec.rules_version, rec.options, rec.seed,
                            tuple(change(list(rec.actions)))).to_json()
        conn.execute("UPDATE saves SET record=?, updated='2099-01-01' WHERE game=? AND "
                     "name='game-6'", (forged, game))
    before = conn.execute("SELECT * FROM saves WHERE name='game-6'").fetchall()
    resume = ["muggins", "resume", "--text"] if game == "muggins" else (
        ["showdown", "resume", "--text"] if game == "showdown" else ["yatz", "resume"])
    code, out, err = run(resume, capsys, monkeypatch, stdin="quit\n")
    assert code == 0, err
    assert "game-5" in out and "damaged" not in out + err
    assert conn.execute("SELECT * FROM saves WHERE name='game-6'").fetchall() == before
    code, _, err = run([*resume, "game-6"], capsys, monkeypatch, stdin="quit\n")
    assert code == 2 and "game-6" in err and "damaged" in err
    conn.close()
