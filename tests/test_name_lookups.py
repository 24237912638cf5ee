"""A name a person types is taken in one form at the write and at every look-up
(:func:`gameshelf.core.inputs.tidy_name`): ``--name "c "`` saved as ``c`` and then
``resume "c "`` found nothing. Every command of the tree that takes a save's or a player's
name is walked (a new one fails until it is added here): the name typed with blanks
around it and inside finds what the tidy name finds."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path

import pytest
import typer

from gameshelf.cli import app
from gameshelf.core.errors import BadInputError
from gameshelf.core.inputs import check_name, tidy_name
from gameshelf.core.records import GameRecord
from gameshelf.core.store import Store
from gameshelf.games import REGISTRY
from gameshelf.games.yatz.match import Match, parse_seats
from gameshelf.server.games import SeatPlan
from tests.cli_helpers import run, sub_commands

#: The save's name as written (tidy), and as a person types it when looking it up.
TIDY, TYPED = "c d", "  c   d "

#: Names on the command line that are not a save's nor a player's (a computer player's
#: kind, seats, a server's room count, a room's code).
NOT_NAMES = {("serve", "rooms"), ("yatz", "play", "players"), ("yatz", "sim", "player"),
             ("muggins", "sim", "players"), ("showdown", "play", "players"),
             ("showdown", "sim", "players"), ("online", "join", "code")}
#: Names written by the command (checked and tidied with check_name: tests/test_save_names.py)
WRITES = {("yatz", "play", "name"), ("yatz", "import", "name"), ("muggins", "play", "name"),
          ("online", "create", "name"), ("online", "join", "name")}


def _finished(tmp_path: Path) -> str:
    """A finished Yatz game of Ann's, as a record file."""
    m = Match(parse_seats("Ann"), 5)
    while not m.is_over():
        m.act("roll")
        m.act(m.state.score_actions()[0])
    path = tmp_path / "done.json"
    path.write_text(m.record().to_json())
    return str(path)


def _saved(game: str) -> Callable[[Path, pytest.CaptureFixture[str], pytest.MonkeyPatch],
                                   None]:
    """Make a save of ``game`` named :data:`TIDY`, typed as :data:`TYPED` at ``--name``."""
    play = {"yatz": (["-p", "Ann", "--seed", "3"], "roll\nquit\n"),
            "muggins": (["--text", "--seed", "3"], "quit\n")}

    def make(tmp_path: Path, capsys: pytest.CaptureFixture[str],
             monkeypatch: pytest.MonkeyPatch) -> None:
        args, stdin = play[game]
        code, out, err = run([game, "play", *args, "--name", TYPED], capsys, monkeypatch,
                             stdin=stdin)
        assert code == 0 and f"Saved as '{TIDY}'" in out, (out, err)
    return make


def _history(tmp_path: Path, capsys: pytest.CaptureFixture[str],
             monkeypatch: pytest.MonkeyPatch) -> None:
    """A finished game of Ann's in the history (imported, then its end recorded)."""
    code, out, err = run(["yatz", "import", _finished(tmp_path)], capsys, monkeypatch)
    assert code == 0, (out, err)
    code, out, err = run(["yatz", "resume", "game-5"], capsys, monkeypatch)
    assert code == 0 and "recorded" in out, (out, err)


#: (command words, parameter) -> (what to make first, the arguments with the name ``{}``,
#: what the output must hold).
LOOKUPS = {
    ("yatz", "resume", "name"): (_saved("yatz"), ["{}"], "Ann"),
    ("yatz", "review", "source"): (_saved("yatz"), ["{}"], ""),
    ("yatz", "export", "name"): (_saved("yatz"), ["{}", "{out}"], ""),
    ("yatz", "replay", "which"): (_saved("yatz"), ["{}", "--text"], "Ann"),
    ("yatz", "delete", "names"): (_saved("yatz"), ["{}", "--yes"], f"Deleted '{TIDY}'."),
    ("yatz", "stats", "player"): (_history, ["--player", "{}"], "1 finished game"),
    ("muggins", "resume", "name"): (_saved("muggins"), ["{}", "--text"], ""),
    ("muggins", "review", "source"): (_saved("muggins"), ["{}"], ""),
    ("muggins", "replay", "which"): (_saved("muggins"), ["{}", "--text"], ""),
    ("muggins", "delete", "names"): (_saved("muggins"), ["{}", "--yes"],
                                     f"Deleted '{TIDY}'."),
}
#: Look-ups walked alike by the same code as one above (the shared saves and stats commands).
SHARED = {("showdown", "resume", "name"), ("showdown", "delete", "names"),
          ("showdown", "review", "source"), ("showdown", "replay", "which"),
          ("showdown", "stats", "player"), ("muggins", "stats", "player"),
          ("dollar", "stats", "player"), ("dollar", "replay", "which")}


def _name_params() -> set[tuple[str, ...]]:
    """Every (command words..., parameter) of the tree whose parameter names something."""
    found: set[tuple[str, ...]] = set()

    def walk(cmd: object, path: tuple[str, ...]) -> None:
        subs = sub_commands(cmd)
        for name, sub in subs:
            walk(sub, (*path, name))
        if subs:
            return
        for p in getattr(cmd, "params", []):
            shown = f"{p.name} {getattr(p, 'metavar', '') or ''}"
            if any(w in shown.lower() for w in ("name", "player", "which", "code", "room")):
                found.add((*path, str(p.name)))
    walk(typer.main.get_command(app), ())
    return found


def test_every_command_taking_a_name_is_walked() -> None:
    assert _name_params() == set(LOOKUPS) | SHARED | WRITES | NOT_NAMES


def test_tidy_name_is_the_form_check_name_keeps() -> None:
    assert tidy_name(TYPED) == TIDY and tidy_name("\tAnn\u00a0 Lee ") == "Ann Lee"


@pytest.mark.parametrize("where", list(LOOKUPS), ids=" ".join)
def test_a_name_typed_with_blanks_finds_what_its_tidy_form_finds(
        where: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    make, args, holds = LOOKUPS[where]
    make(tmp_path, capsys, monkeypatch)
    typed = TYPED if where[-1] != "player" else " Ann  "
    words = [a.format(typed, out=tmp_path / "out.json") for a in args]
    code, out, err = run([*where[:-1], *words], capsys, monkeypatch, stdin="quit\n")
    assert code == 0, (out, err)
    assert holds in out and "no saved" not in err, (out, err)
    if where[1] == "delete":
        with Store() as store:
            assert TIDY not in store.save_names(where[0])


#: A save's name and a player's that earlier versions took and typing refuses today (U+034F
#: shows nothing: ``Ann`` followed by it is a look-alike of ``Ann``), as an earlier version
#: stored them.
OLD_NAME, OLD_PLAYER = "c\u034f d", "Ann\u034f"
#: How the saves list, the messages and the screens show it (gameshelf.core.text.literal).
SHOWN = "c\\u034f d"


def _renamed(record: GameRecord) -> GameRecord:
    """``record`` with its first player (Yatz: ``Ann``) named :data:`OLD_PLAYER`."""
    players = record.options.get("players")
    if not isinstance(players, list):
        return record
    players = [{**players[0], "name": OLD_PLAYER}, *players[1:]]
    return dataclasses.replace(record, options={**record.options, "players": players})


def _old_save(game: str) -> Callable[[Path, pytest.CaptureFixture[str], pytest.MonkeyPatch],
                                     None]:
    """A save of ``game`` named :data:`OLD_NAME` (its first player :data:`OLD_PLAYER`),
    written to the store as an earlier version wrote it."""
    def make(tmp_path: Path, capsys: pytest.CaptureFixture[str],
             monkeypatch: pytest.MonkeyPatch) -> None:
        _saved(game)(tmp_path, capsys, monkeypatch)
        with Store() as store:
            record = store.load_save(game, TIDY)
            assert store.delete_save(game, TIDY)
            store.replace_save(OLD_NAME, _renamed(record))
    return make


def _old_history(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A finished game of :data:`OLD_PLAYER`'s in the history."""
    path = Path(_finished(tmp_path))
    path.write_text(_renamed(GameRecord.from_json(path.read_text())).to_json())
    code, out, err = run(["yatz", "import", str(path)], capsys, monkeypatch)
    assert code == 0, (out, err)
    code, out, err = run(["yatz", "resume", "game-5"], capsys, monkeypatch)
    assert code == 0 and "recorded" in out, (out, err)


@pytest.mark.parametrize("where", list(LOOKUPS), ids=" ".join)
def test_a_name_an_earlier_version_stored_is_still_found(
        where: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A save or a player named with a character typing refuses today is found by every
    look-up as it was stored, and the save loads (its players' names read back as stored
    names: :func:`gameshelf.core.inputs.check_name`, ``stored``): never a lost save."""
    with pytest.raises(BadInputError):
        check_name(OLD_NAME)
    player = where[-1] == "player"
    (_old_history if player else _old_save(where[0]))(tmp_path, capsys, monkeypatch)
    _, args, holds = LOOKUPS[where]
    words = [a.format(OLD_PLAYER if player else OLD_NAME, out=tmp_path / "out.json")
             for a in args]
    code, out, err = run([*where[:-1], *words], capsys, monkeypatch, stdin="quit\n")
    assert code == 0, (out, err)
    assert holds.replace(TIDY, SHOWN) in out and "no saved" not in err, (out, err)
    if where[1] == "delete":
        with Store() as store:
            assert store.save_names(where[0]) == set()


@pytest.mark.parametrize("game", ["yatz", "muggins"])
def test_a_save_an_earlier_version_named_is_listed_as_stored(
        game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The saves list names it undamaged, the character that shows nothing as its escape
    (never seen as the look-alike ``c d``), and in JSON as stored; the resume hint a game
    stopped in it gives is a command that finds it (the name in dollar-single quotes)."""
    _old_save(game)(tmp_path, capsys, monkeypatch)
    code, out, err = run([game, "saves"], capsys, monkeypatch)
    assert code == 0 and SHOWN in out and "damaged" not in out, (out, err)
    assert OLD_NAME not in out and TIDY not in out, out
    code, out, err = run([game, "saves", "--json"], capsys, monkeypatch)
    rows = json.loads(out)
    assert code == 0 and [r["name"] for r in rows] == [OLD_NAME], out
    assert not any(r.get("damaged") for r in rows), out
    play = ["--text"] if game == "muggins" else []
    code, out, err = run([game, "resume", OLD_NAME, *play], capsys, monkeypatch,
                         stdin="quit\n")
    assert code == 0 and "resume $'c\\u034f d'" in out, (out, err)
    assert OLD_NAME not in out, out


def _named(value: object) -> object:
    """``value`` (a record's options) with every ``"Ann"`` in it :data:`OLD_PLAYER`."""
    if isinstance(value, dict):
        return {k: _named(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_named(v) for v in value]
    return OLD_PLAYER if value == "Ann" else value


@pytest.mark.parametrize("key", [g.key for g in REGISTRY.with_part("server")])
def test_every_game_loads_a_record_whose_player_an_earlier_version_named(key: str) -> None:
    """Every game's record (as a room keeps it) with a person named as an earlier version
    took and typing refuses today loads again, each move replayed: a room or a save is never
    lost over a name."""
    cls = REGISTRY.get(key).load("server")
    seats = [SeatPlan("person", "Ann"), SeatPlan("computer", "CPU 1")]
    cls.check_setup(seats, {})
    game = cls.new(seats, cls.kept_options({}), 3)
    for _ in range(3):
        while game.step():
            pass
        if game.to_act() == 0:
            game.play(0, game.legal(0)[0])
    record = game.record()
    assert record.actions, key
    old = dataclasses.replace(record, options=_named(record.options))
    assert old.options != record.options, key
    again = cls.from_record(old)
    assert OLD_PLAYER in again.names() and list(again.actions) == list(game.actions), key


@pytest.mark.parametrize("key", [g.key for g in REGISTRY.with_part("server")])
@pytest.mark.parametrize("status", ["lobby", "playing"])
def test_every_game_s_room_with_a_seat_an_earlier_version_named_is_rebuilt_and_plays(
        key: str, status: str, tmp_path: Path) -> None:
    """A room in the server's store whose person an earlier version named as typing refuses
    today (:data:`OLD_PLAYER`) is read again after a restart, started when it was still in
    its lobby, and played: the server checks its seats' names as stored names, never as
    typed (a room lost over a name had every message about it refused ``internal``)."""
    import sqlite3

    from gameshelf.server import protocol as p
    from gameshelf.server.rooms import Lobby
    from gameshelf.server.storage import SQLiteRoomStore

    db = tmp_path / "rooms.db"
    first = Lobby(SQLiteRoomStore(db))
    room, _, ann = first.create(p.Create(key, (p.SeatSpec("host", "Ann"),
                                               p.SeatSpec("computer"))), 0.0)
    if status == "playing":
        first.start(p.Start(room.code, ann), 0.0)
    first.store.close()
    with sqlite3.connect(db) as conn:      # as an earlier version stored it
        seats = json.loads(conn.execute("SELECT seats FROM rooms WHERE code = ?",
                                        (room.code,)).fetchone()[0])
        assert seats[0]["name"] == "Ann"
        seats[0]["name"] = OLD_PLAYER
        conn.execute("UPDATE rooms SET seats = ? WHERE code = ?",
                     (json.dumps(seats), room.code))
    again = Lobby(SQLiteRoomStore(db))
    assert again.load_unfinished(1.0) == [room.code]
    if status == "lobby":
        again.start(p.Start(room.code, ann), 1.0)
    rebuilt = again.rooms[room.code]
    assert rebuilt.game is not None and rebuilt.seats[0].name == OLD_PLAYER
    assert OLD_PLAYER in rebuilt.game.names()
    while rebuilt.game.step():
        pass
    if rebuilt.game.to_act() == 0:
        again.act(p.Act(room.code, ann, rebuilt.game.legal(0)[0]), 1.0)
    assert rebuilt.seq >= 1
