"""Pig on a game server (``gameshelf serve`` on 127.0.0.1 and a free port), registered by
one line and no other change: two clients play a room to its end, each through Pig's remote
match; the server keeps the record (it replays through ``Match.from_record``) and the
finished game in its history; the prompt plays a room against the computer."""

from __future__ import annotations

import io
import json
import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, Select

from gameshelf.cli import main
from gameshelf.core.gamedef import GameDef
from gameshelf.core.records import GameRecord
from gameshelf.core.store import Store
from gameshelf.server import protocol as p
from gameshelf.session.remote import Room, parse_seats
from gameshelf.tui.app import GameshelfApp
from gameshelf.tui.online import OnlineScreen
from tests.games.pig.game import Hold
from tests.games.pig.match import Match
from tests.games.pig.online import RemotePig
from tests.games.pig.tui.screen import PigScreen
from tests.server.helpers import Running, running


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    home = tmp_path_factory.mktemp("pig-server-home")
    with running(Path(home) / "server.db", rate=10_000.0, burst=10_000.0) as srv:
        yield srv


def bot(game: RemotePig, hold_at: int) -> None:
    """Roll until the turn holds ``hold_at`` points (or must hold), then hold; to the end."""
    while not game.finished():
        if not game.here_to_act():
            game.advance()
            continue
        view = game.view(game.seat)
        assert list(view.legal) == game.legal_actions()
        must = view.legal == (Hold(),)
        game.play("hold" if must or view.turn_total >= hold_at else "roll")


def test_two_people_play_a_room_to_its_end(pig: GameDef, server: Running) -> None:
    host = Room.create(server.url, "pig", parse_seats("me,?", "Ann"), {"target": 30})
    guest = Room.join(server.url, host.code, "Bob")
    while any(s.kind == "open" for s in host.info.seats):
        host.wait(0.1)
    host.start()
    games: dict[int, RemotePig] = {}
    starters = [threading.Thread(target=lambda r=r: games.__setitem__(r.seat, RemotePig(r)))
                for r in (host, guest)]
    for t in starters:
        t.start()
    for t in starters:
        t.join(30)
    players = [threading.Thread(target=bot, args=(games[s], 8 + 4 * s)) for s in (0, 1)]
    for t in players:
        t.start()
    for t in players:
        t.join(120)
    ann, bob = games[0], games[1]
    assert ann.finished() and bob.finished() and not ann.errors and not bob.errors
    assert ann.view(0).scores == bob.view(1).scores and max(ann.view(0).scores) >= 30
    assert any(line.startswith("You roll") for line in ann.log())
    assert any(line.startswith("Bob rolls") for line in ann.log())
    assert any(line.startswith("Ann holds") for line in bob.log())
    answer = ann.room.link.request(p.GetRecord(code=ann.room.code, token=ann.room.token),
                                   p.Record)
    record = GameRecord.from_json(json.dumps(answer.record), game="pig")
    assert Match.from_record(record).state.scores == list(ann.view(0).scores)
    with Store() as store:
        kept = store.finished_records("pig")
    assert [r.source for r in kept] == ["online"] and kept[0].record == record
    assert [(pl.name, pl.kind) for pl in kept[0].players] == [("Ann", "remote"),
                                                              ("Bob", "remote")]
    ann.close()
    bob.close()


def test_the_prompt_plays_a_room_against_the_computer(
        pig: GameDef, server: Running, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("roll\nhold\n" * 200))
    with pytest.raises(SystemExit) as exc:
        main(["online", "create", "pig", "--seats", "me,cpu:hold15", "--name", "Ann",
              "--target", "20", "--server", server.url])
    out = capsys.readouterr()
    assert int(exc.value.code or 0) == 0, out.err
    assert re.search(r"Room [A-Z0-9]+ on ", out.out)
    assert "Hog rolls" in out.out and re.search(r"(wins|A draw), \d+ to \d+\.", out.out)
    with Store() as store:
        kept = store.finished_records("pig")
    assert [(pl.name, pl.kind, pl.level) for pl in kept[0].players] == [
        ("Ann", "remote", None), ("Hog", "computer", "hold15")]


async def test_play_online_from_the_menu_on_the_pig_screen(
        pig: GameDef, server: Running, monkeypatch: pytest.MonkeyPatch) -> None:
    """The menu's Play online creates a Pig room against the computer; the lobby opens
    Pig's own screen over the remote match, played there to the end."""
    monkeypatch.setattr(PigScreen, "pace", 0.0)
    app = GameshelfApp()
    async with app.run_test(size=(100, 30)) as pilot:
        options = app.screen.query_one("#games", OptionList)
        options.highlighted = options.option_count - 1          # Play online
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, OnlineScreen)
        app.screen.query_one("#on-server", Input).value = server.url
        app.screen.query_one("#on-name", Input).value = "Ann"
        app.screen.query_one("#on-game", Select).value = "pig"
        await pilot.pause()
        assert app.screen.query_one("#on-seats", Input).value == "me,open"
        app.screen.query_one("#on-seats", Input).value = "me,cpu"
        await pilot.click("#on-create")
        for _ in range(400):
            await pilot.pause(0.05)
            if isinstance(app.screen, PigScreen):
                break
        screen = app.screen
        assert isinstance(screen, PigScreen) and isinstance(screen.game, RemotePig)
        assert not screen.check_action("save", ())
        for _ in range(3000):
            await pilot.pause(0.02)
            if screen.game.finished():
                break
            if screen.game.here_to_act() and not screen.busy:
                view = screen.game.view(0)
                screen.act("hold" if view.turn_total >= 10 or view.legal == (Hold(),)
                           else "roll")
        assert screen.game.finished() and screen.game.end_problem() is None
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, OnlineScreen)
