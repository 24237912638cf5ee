"""Yatz online on the one screen and the one prompt: the Yatz screen (Pilot) plays turns of
a RemoteYatz room against a person elsewhere (a bot client), showing that person's moves as
they come; ``gameshelf online create yatz`` and ``online join`` play at the Yatz prompt, where
a refused action says the server's words and changes nothing."""

from __future__ import annotations

import io
import random
import re
import threading
import time

import pytest
from textual.widgets import Static

from gameshelf.cli import main
from gameshelf.games.yatz.game import SCORES, Score
from gameshelf.games.yatz.online import RemoteYatz
from gameshelf.games.yatz.tui.screen import GameScreen
from gameshelf.session.remote import Room, parse_seats
from gameshelf.tui.app import GameshelfApp
from tests.online.test_yatz_remote import play_turn, yatz_pair
from tests.server.helpers import Running


def _bot(game: RemoteYatz, turns: int) -> None:
    """Play ``turns`` turns of this client's seat, then leave the game to the away rule."""
    pick = random.Random(7)
    while not game.finished() and turns > 0:
        if game.here_to_act():
            play_turn(game, pick)
            turns -= 1
        else:
            game.advance()


async def test_the_yatz_screen_plays_turns_online(server: Running) -> None:
    ann, bob = yatz_pair(server.url)
    other = threading.Thread(target=_bot, args=(bob, 2), daemon=True)
    other.start()
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = GameScreen(ann)
        app.push_screen(screen)
        await pilot.pause()
        assert "Room " in str(screen.query_one("#status", Static).render())
        assert not screen.check_action("save", ()) and not screen.check_action("undo", ())
        await pilot.press("s")            # the server keeps it: said, nothing saved here
        assert "server keeps" in str(screen.query_one("#message", Static).render())
        played = 0
        for _ in range(1500):
            await pilot.pause(0.02)
            if played == 2:
                break
            if not ann.here_to_act():
                continue
            await pilot.press("r")        # roll: the server's dice
            await pilot.pause()
            assert ann.state.dice and ann.here_to_act()
            box = next(a for a in ann.legal_actions() if isinstance(a, Score))
            screen.turn.score(SCORES[box.column][box.box])
            played += 1
        assert played == 2 and ann.state.turns_taken(0) == 2
        other.join(30)
        for _ in range(200):                # Bob's two boxes reach the screen's log
            await pilot.pause(0.02)
            if ann.state.turns_taken(1) == 2:
                break
        await pilot.pause(0.1)
        log = "\n".join(screen.log_lines)
        assert log.count("Ann: ") and log.count(" in x") >= 4, log
        assert re.search(r"Bob: roll → \d \d \d \d \d", log), log
        await pilot.press("escape")           # leaves; the server keeps the seat
        await pilot.pause()
        assert not isinstance(app.screen, GameScreen)
    bob.close()


def _run(args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
         stdin: str | io.StringIO = "") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin) if isinstance(stdin, str) else stdin)
    with pytest.raises(SystemExit) as exc:
        main(args)
    out = capsys.readouterr()
    return int(exc.value.code or 0), out.out, out.err


def test_the_yatz_prompt_online_refusals_change_nothing(
        server: Running, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    lines = ["roll", "score x9 chance", "score x1 chance", "roll", "undo", "save mine",
             "score x1 chance", "totals", "score x2 chance", "quit"]
    code, out, err = _run(["online", "create", "yatz", "--seats", "me,greedy", "--name",
                           "Ann", "--server", server.url], capsys, monkeypatch,
                          "\n".join(lines) + "\n")
    assert code == 0, err
    room = re.search(r"Room ([A-Z0-9]+) on ", out)
    assert room is not None and f"Yatz, room {room.group(1)}: Ann, " in out
    errs = err.splitlines()
    assert any("x9" in e for e in errs), err                      # not a column: said here
    assert any("already filled" in e for e in errs), err          # the server's words
    assert any("cannot be taken back in a game played online" in e for e in errs), err
    assert any("server keeps room" in e for e in errs), err
    assert re.search(r"CPU 1: score x\d \S+ \(\d+ points?\); total \d+", out), out
    assert re.search(r"Ann: \d+ in x2 Chance; total \d+", out), out   # play went on
    assert out.count("Ann: ") >= 2 and f"Left room {room.group(1)}" in out
    assert len(errs) == 4, err


def test_join_plays_yatz_at_the_prompt_seeing_the_hosts_moves(
        server: Running, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    host = Room.create(server.url, "yatz", parse_seats("me,?", "Ann"))
    games: list[RemoteYatz] = []

    def ann() -> None:
        while any(s.kind == "open" for s in host.info.seats):
            host.wait(0.1)
        host.start()
        games.append(RemoteYatz(host))
        _bot(games[0], 3)      # Ann plays first: Bob quits at his third turn

    class Typed(io.StringIO):
        """Bob's moves typed ahead (kept for his turns), his quit once Ann saw them all."""

        def readline(self, size: int | None = -1) -> str:
            line = super().readline()
            if line == "quit\n":
                end = time.monotonic() + 30
                while time.monotonic() < end and not (games and sum(
                        m.seat == 1 and isinstance(m.action, Score)
                        for m in games[0].moves) >= 2):
                    time.sleep(0.05)
            return line

    thread = threading.Thread(target=ann, daemon=True)
    thread.start()
    code, out, err = _run(["online", "join", host.code, "--name", "Bob", "--server",
                           server.url], capsys, monkeypatch,
                          Typed("roll\nscore x3 chance\nroll\nscore x2 chance\nquit\n"))
    thread.join(30)
    assert code == 0, err
    assert f"Joined room {host.code} as Bob." in out and "Bob: " in out
    assert re.search(r"Ann: roll -> 1: \d", out), out        # the host's moves, as they come
    assert re.search(r"Ann: score x\d \S+ \(\d+ points?\)", out), out
    assert re.search(r"Bob: \d+ in x3 Chance; total \d+", out), out
    games[0].close()
