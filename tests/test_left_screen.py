"""Leaving a game screen opened by ``play``/``resume --tui`` says where the game is kept, as
the prompts say it at ``quit`` (``Saved as 'game-5'. Resume with: gameshelf yatz resume
game-5``): the command line said nothing after the screen closed. Walks every game with a
screen of its own opened from the command line; the screen is stood in for by a function
that returns at once, as a player leaving with Esc (the game was saved when it began)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.cli_helpers import run


def _nothing(*_: Any, **__: Any) -> None:
    return None


#: game -> (the play command, the screen's entry point that the test stands in for)
SCREENS: dict[str, tuple[list[str], str]] = {
    "yatz": (["yatz", "play", "--tui", "--seed", "5", "--players", "Ann"],
             "gameshelf.games.yatz.tui.setup.run_session"),
    "muggins": (["muggins", "play", "--seed", "5"],
                "gameshelf.games.muggins.tui.app.run_muggins"),
    "showdown": (["showdown", "play", "--seed", "5", "--players", "Ann,cpu"],
                 "gameshelf.games.showdown.tui.setup.run_match_app"),
}


@pytest.mark.parametrize("game", sorted(SCREENS))
def test_leaving_a_screen_opened_from_the_command_line_says_where_the_game_is(
        game: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    args, screen = SCREENS[game]
    monkeypatch.setattr("gameshelf.tui.base.on_a_terminal", lambda: True)
    monkeypatch.setattr(screen, _nothing)
    code, out, err = run(args, capsys, monkeypatch)
    assert code == 0, err
    assert out.strip().endswith(f"Saved as 'game-5'. Resume with: gameshelf {game} resume "
                                "game-5"), out
    code, out, err = run([game, "resume", "game-5", *(["--tui"] if game == "yatz" else [])],
                         capsys, monkeypatch)
    assert code == 0, err
    assert "Resume with: gameshelf" in out and "game-5" in out, out
