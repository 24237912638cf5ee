"""The generic prompt's steps (:class:`gameshelf.session.prompt.PromptLoop`) over the test
game Pig played here: a quit word leaves, a help word prints the help here, a command of
the table runs, any other line is played (a refused one said in one line), the log told
once."""

from __future__ import annotations

import pytest

from gameshelf.core.seats import HUMAN
from gameshelf.session.prompt import PromptLoop
from tests.games.pig.match import Match
from tests.games.pig.play import LocalPig
from tests.games.pig.session import Session


def _loop(**kw: object) -> PromptLoop:
    game = LocalPig(Session.new(Match.new(7, ["You", "Hog"], [HUMAN, "hold20"])))
    return PromptLoop(game, help_here="HERE", help_online="ONLINE", **kw)


def test_words_are_answered_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    ran: list[str] = []
    loop = _loop(commands={"look": lambda: ran.append("look")})
    assert not loop.online and loop.help == "HERE"
    assert loop.answer("QUIT") is False and loop.answer("q") is False
    assert loop.answer("Help") and loop.answer("LOOK") and ran == ["look"]
    assert loop.answer("jump")
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "HERE" and out[1].startswith("refused: ") and len(out) == 2


def test_a_move_is_played_and_its_log_told_once(capsys: pytest.CaptureFixture[str]) -> None:
    loop = _loop(bell=True, refused="! ")
    assert loop.answer("roll")
    assert loop.told == 0 and loop.game.log()
    loop.tell_moves()
    out = capsys.readouterr().out
    assert out.splitlines() == list(loop.game.log())
    loop.tell_moves()
    assert capsys.readouterr().out == ""
    loop.answer("nonsense")
    out = capsys.readouterr().out
    assert out.startswith("! ") and out.endswith("\a\n")
