"""Issue 10 for Yatz: every write path (prompt play, save at the prompt, resume, import, the
setup screen, the game screen's autosave) goes through the session layer and the store's
operations. Kill points at every commit of a game's end lose and double nothing; two
sessions never share a save; intact and damaged saves of the names a path would use stay as
they were; a read-only store is said at the start; another program's database is refused
byte for byte; a lock held past the autosave's wait loses nothing."""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path

import pytest

from gameshelf.core.errors import SaveNameTakenError, StoreError
from gameshelf.core.records import GameRecord
from gameshelf.core.store import Store
from gameshelf.games.yatz.game import GAME, Score
from gameshelf.games.yatz.match import Match, Seat
from gameshelf.games.yatz.scoring import Box
from gameshelf.games.yatz.session import YatzSession
from gameshelf.games.yatz.tui.screen import GameScreen
from gameshelf.games.yatz.tui.setup import SetupScreen
from gameshelf.session import base as session_base
from gameshelf.tui.app import GameshelfApp
from tests.cli_helpers import run
from tests.faults import FaultyStore, Killed, ReadOnlyStore, faulty_store

from .helpers import GameApp


def _person(match: Match) -> str:
    """A fixed policy for the person's seat: roll once, fill the first open box."""
    st = match.state
    if not st.dice:
        return "roll"
    col = next(c for c in range(3) if st.filled[st.seat][c] != (1 << 13) - 1)
    box = next(b for b in Box if not st.filled[st.seat][col] >> b & 1)
    return f"score x{col + 1} {box.text}"


def _play_on(session: YatzSession) -> None:
    while True:
        session.run_computers()
        if session.match.is_over():
            return
        session.act(_person(session.match))


def _seats() -> list[Seat]:
    return [Seat("Ann"), Seat("Bot", "greedy")]


@pytest.fixture(scope="module")
def sweep() -> tuple[GameRecord, dict[str, int]]:
    """Game 9 of Ann and greedy at Ann's last turn, and its final totals."""
    m = Match(_seats(), 9)
    cut = None
    while not m.is_over():
        if m.is_computer_turn():
            m.step_computer()
        elif m.state.turns_taken(0) == 38 and not m.state.dice and cut is None:
            cut = m.record()
        else:
            m.act(_person(m))
    assert cut is not None
    return cut, {s.name: m.state.grand_total(i) for i, s in enumerate(m.seats)}


def _scores() -> list[tuple[str, int]]:
    with Store() as s:
        return sorted((r.name, r.score) for r in s.top_scores(GAME))


@pytest.mark.parametrize("mode", ["fail", "kill"])
def test_a_fault_at_every_commit_of_a_games_end_loses_and_doubles_nothing(
        mode: str, sweep: tuple[GameRecord, dict[str, int]], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 10.1: resumed at Ann's last turn, the k-th commit (every k, up to the last one
    of the game: the saves after each action and the end) fails like a full disk or the
    program dies right after it; then 'yatz resume sweep' (if the save is still there) and
    'yatz scores': each seat's score once, the save gone."""
    record, totals = sweep
    k = 0
    while True:
        k += 1
        monkeypatch.setenv("GAMESHELF_HOME", str(tmp_path / f"{mode}-{k}"))
        with Store() as s:
            s.replace_save("sweep", record)
        with faulty_store(monkeypatch) as faulty:
            faulty.arm(k, mode)
            try:
                _play_on(YatzSession.resume("sweep"))
            except (Killed, StoreError):
                pass
            commits = faulty.commits
        with Store() as s:
            left = s.save_names(GAME)
        assert left <= {"sweep"}
        if left:   # resumable: played to its end (or its end written at once)
            _play_on(YatzSession.resume("sweep"))
        code, out, _ = run(["yatz", "scores", "--json"], capsys, monkeypatch)
        assert code == 0
        assert sorted((r["name"], r["score"]) for r in json.loads(out)) == sorted(
            totals.items()), f"fault at commit {k}"
        with Store() as s:
            assert s.save_names(GAME) == set()
        if commits < k:   # the run made fewer commits: every one was hit
            break
    assert k > 4


def test_resume_of_a_save_whose_game_is_over_records_its_scores_once(
        sweep: tuple[GameRecord, dict[str, int]], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The old failure: the save reads "over" and the scores were never written. Resuming it
    writes them (once) and removes it."""
    record, totals = sweep
    m = Match.from_record(record)
    while not m.is_over():
        m.step_computer() if m.is_computer_turn() else m.act(_person(m))
    with Store() as s:
        s.replace_save("sweep", m.record())
    code, out, _ = run(["yatz", "resume", "sweep"], capsys, monkeypatch)
    assert code == 0 and "scores are recorded now" in out
    code, _, err = run(["yatz", "resume", "sweep"], capsys, monkeypatch)
    assert code == 2
    assert _scores() == sorted(totals.items())


def test_two_sessions_of_one_game_number_get_two_saves() -> None:
    """Issue 10.2: two 'yatz play --seed 5' at once: game-5 and game-5-2, each its own."""
    a = YatzSession.new(Match([Seat("Ann")], 5))
    b = YatzSession.new(Match([Seat("Bob")], 5))
    assert (a.name, b.name) == ("game-5", "game-5-2")
    a.act("roll")
    b.act("roll")
    b.act("hold 1")
    assert a.save() == "game-5" and b.save() == "game-5-2"
    with Store() as s:
        assert s.load_save(GAME, "game-5") == a.match.record()
        assert s.load_save(GAME, "game-5-2") == b.match.record()
    with pytest.raises(SaveNameTakenError):
        YatzSession.new(Match([Seat("Cy")], 6), "game-5")


def test_two_sessions_resuming_one_save_never_overwrite_each_other() -> None:
    a = YatzSession.new(Match([Seat("Ann")], 5), "mine")
    a.act("roll")
    a.save()
    b = YatzSession.resume("mine")
    b.act("hold 2")
    b.save()
    a.act("hold 3")
    with pytest.raises(StoreError, match="taken over"):
        a.save()
    assert not a.autosave() and "taken over" in a.errors[-1]
    with Store() as s:
        assert s.load_save(GAME, "mine") == b.match.record()


def _two_saves(intact: str, damaged: str) -> list[tuple[object, ...]]:
    """An intact and a damaged save; returns the rows (to compare after)."""
    with Store() as s:
        s.replace_save(intact, Match([Seat("Old")], 77).record())
        s.replace_save(damaged, Match([Seat("Old")], 78).record())
        s._conn.execute("UPDATE saves SET record='{damaged' WHERE name=?", (damaged,))
    return _rows(intact, damaged)


def _rows(*names: str) -> list[tuple[object, ...]]:
    with Store() as s:
        return [s._conn.execute("SELECT * FROM saves WHERE name=?", (n,)).fetchone()
                for n in names]


def test_prompt_play_and_its_names_leave_intact_and_damaged_saves_alone(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """yatz play (default name and --name), 'save NAME' at the prompt."""
    before = _two_saves("game-5", "game-5-2")
    code, out, _ = run(["yatz", "play", "-p", "Ann", "--seed", "5"], capsys, monkeypatch,
                       "roll\nquit\n")
    assert code == 0 and "Saved as 'game-5-3'" in out
    for taken in ("game-5", "game-5-2"):
        code, _, err = run(["yatz", "play", "-p", "Ann", "--name", taken], capsys,
                           monkeypatch, "roll\nquit\n")
        assert code == 2 and "exists" in err
    code, out, err = run(["yatz", "play", "-p", "Ann", "--seed", "6"], capsys, monkeypatch,
                         "roll\nsave game-5\nsave game-5-2\nhold 1\nsave mine\nquit\n")
    assert code == 0 and err.count("exists") == 2 and "Saved as 'mine'" in out
    assert _rows("game-5", "game-5-2") == before
    with Store() as s:   # the game moved to 'mine'; no copy left as game-6
        assert s.save_names(GAME) == {"game-5", "game-5-2", "game-5-3", "mine"}
        assert s.load_save(GAME, "mine").actions[-1] == "hold 1"


def test_import_leaves_intact_and_damaged_saves_alone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    before = _two_saves("game-5", "mine")
    path = tmp_path / "g.json"
    path.write_text(Match([Seat("Ann")], 5).record().to_json())
    for args in ([], ["--name", "mine"]):
        code, _, err = run(["yatz", "import", str(path), *args], capsys, monkeypatch)
        assert code == 2 and "exists" in err
    assert _rows("game-5", "mine") == before
    code, out, _ = run(["yatz", "import", str(path), "--name", "mine", "--force"], capsys,
                       monkeypatch)
    assert code == 0 and _rows("game-5") == before[:1]


def test_resume_of_a_damaged_save_changes_nothing(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    before = _two_saves("game-5", "bad")
    code, _, err = run(["yatz", "resume", "bad"], capsys, monkeypatch)
    assert code == 2
    code, out, _ = run(["yatz", "saves"], capsys, monkeypatch)
    assert "bad" in out and "damaged" in out   # listed, marked
    code, out, _ = run(["yatz", "saves", "--json"], capsys, monkeypatch)
    assert {d["name"]: d["damaged"] for d in json.loads(out)} == {"game-5": False, "bad": True}
    assert _rows("game-5", "bad") == before


async def test_setup_screen_with_a_taken_game_number_claims_a_free_name() -> None:
    """Issue 10.2: the setup screen with game number 5 when game-5 exists (and game-5-2 is
    damaged): the new game is game-5-3; both saves unchanged, at once and after moves."""
    before = _two_saves("game-5", "game-5-2")
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.click("#fewer")
        from textual.widgets import Input
        app.screen.query_one("#seed", Input).value = "5"
        await pilot.click("#start")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.save_name == "game-5-3"
        await pilot.press("r")
        await pilot.press("s")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
    assert _rows("game-5", "game-5-2") == before
    with Store() as s:
        assert s.load_save(GAME, "game-5-3").actions[0] == "roll"


async def test_game_screen_autosave_never_takes_another_games_save() -> None:
    before = _two_saves("test-save", "test-save-2")
    match = Match([Seat("Ann")], 3)
    app = GameApp(match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.session.act("score x1 chance")   # the autosave after a filled box
        assert screen.save_name == "test-save-3"
        await pilot.press("r")
        await pilot.press("s")
        await pilot.pause()
        assert screen.save_name == "test-save-3"
    assert _rows("test-save", "test-save-2") == before


def test_a_read_only_store_is_said_at_the_start(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 10.3: before the first prompt, one line, exit 2."""
    Store().close()
    monkeypatch.setattr("gameshelf.core.store.Store", ReadOnlyStore)
    code, out, err = run(["yatz", "play", "-p", "Ann", "--seed", "5"], capsys, monkeypatch,
                         "roll\nquit\n")
    assert code == 2 and "read-only" in err and "game number" not in out


async def test_a_read_only_store_is_said_on_the_setup_screen(
        monkeypatch: pytest.MonkeyPatch) -> None:
    Store().close()
    monkeypatch.setattr("gameshelf.core.store.Store", ReadOnlyStore)
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "read-only" in str(app.screen.query_one("#setupmsg").render())


@pytest.mark.parametrize("args", [["yatz", "play", "-p", "Ann", "--seed", "5"],
                                  ["yatz", "saves"], ["yatz", "scores"],
                                  ["yatz", "resume"]])
def test_another_programs_database_is_refused_and_left_byte_for_byte(
        args: list[str], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 10.5: a SQLite file with its own saves table."""
    path = Store().path
    path.unlink()
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE saves (id INTEGER PRIMARY KEY, title TEXT)")
    conn.execute("INSERT INTO saves (title) VALUES ('theirs')")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    code, _, err = run(args, capsys, monkeypatch, "roll\nquit\n")
    assert code == 2 and "left as it is" in err
    assert path.read_bytes() == before


class _QuickStore(Store):
    """Gives up a try after 10 ms (the lock tests)."""

    tries = 0

    def __init__(self, path: Path | None = None, *, timeout: float = 0.01,
                 wait: float = 600.0) -> None:
        super().__init__(path, timeout=timeout, wait=wait)

    def _retrying(self, fn):  # type: ignore[no-untyped-def]
        type(self).tries += 1
        return super()._retrying(fn)


def test_a_lock_held_past_the_autosave_wait_loses_no_turn(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 10.4 (the lock): another program holds the store; the autosave gives up for
    now and says so, the game goes on; the next save catches up with every action."""
    session = YatzSession.new(Match([Seat("Ann")], 5))
    monkeypatch.setattr("gameshelf.core.store.Store", _QuickStore)
    monkeypatch.setattr(session_base, "AUTOSAVE_WAIT", 0.0)
    other = sqlite3.connect(Store().path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    session.act("roll")
    session.act(_person(session.match))            # a filled box: the autosave fails
    assert session.slot.unsaved and "locked" in session.errors[-1]
    session.act("roll")
    other.execute("ROLLBACK")
    session.act(_person(session.match))            # the next one writes it all
    assert not session.slot.unsaved
    with Store() as s:
        assert s.load_save(GAME, session.name) == session.match.record()
    other.close()


def test_quitting_waits_out_a_lock_held_longer_than_one_try(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The save at quit retries until the other program lets go (released only after a
    retry was seen: no timing)."""
    Store().close()
    monkeypatch.setattr("gameshelf.core.store.Store", _QuickStore)
    other = sqlite3.connect(Store().path, isolation_level=None, check_same_thread=False)
    session = YatzSession.new(Match([Seat("Ann")], 5))
    session.act("roll")
    other.execute("BEGIN IMMEDIATE")
    start = _QuickStore.tries

    def release() -> None:
        while _QuickStore.tries <= start:
            threading.Event().wait(0.01)
        threading.Event().wait(0.05)
        other.execute("ROLLBACK")

    t = threading.Thread(target=release)
    t.start()
    assert session.save() == "game-5"
    t.join()
    with Store() as s:
        assert s.load_save(GAME, "game-5") == session.match.record()
    other.close()


def test_the_end_is_written_once_even_when_finish_is_called_again() -> None:
    m = Match([Seat("Bot", "greedy")], 12)
    session = YatzSession.new(m)
    session.run_computers()
    assert session.top is not None and m.is_over()
    assert session.finish() == session.top
    assert isinstance(session.match.log[-1], Score)
    with Store() as s:
        assert len(s.top_scores(GAME)) == 1 and s.save_names(GAME) == set()
    assert FaultyStore.fail_at is None


def _wait_for_saves(count: int) -> set[str]:
    """The save names once there are ``count`` (a hang guard, not a timing check)."""
    import time
    end = time.monotonic() + 120
    while time.monotonic() < end:
        with Store() as s:
            names = s.save_names(GAME)
        if len(names) >= count:
            return names
        time.sleep(0.05)
    raise AssertionError(f"never {count} saves")


def test_two_processes_playing_one_game_number_at_once_keep_two_saves(
        _gameshelf_home: Path) -> None:
    """Issue 10.2 as reported: two 'yatz play --seed 5' at once, both open, then both
    play and quit: game-5 and game-5-2, each holding its own game."""
    import os
    import subprocess
    import sys

    env = dict(os.environ, GAMESHELF_HOME=str(_gameshelf_home),
               PYTHONPATH=os.pathsep.join(sys.path))
    code = "from gameshelf.cli import main; main(['yatz', 'play', '-p', '{}', '--seed', '5'])"
    procs = []
    for i, name in enumerate(("Ann", "Bob")):
        procs.append(subprocess.Popen([sys.executable, "-c", code.format(name)],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, env=env))
        _wait_for_saves(i + 1)   # the first holds its save before the second starts
    outs = [p.communicate(moves.encode(), timeout=120)[0].decode()
            for p, moves in zip(procs, ("roll\nquit\n", "roll\nhold 1\nquit\n"), strict=True)]
    assert [p.returncode for p in procs] == [0, 0]
    assert "Saved as 'game-5'" in outs[0] and "Saved as 'game-5-2'" in outs[1]
    with Store() as s:
        ann, bob = s.load_save(GAME, "game-5"), s.load_save(GAME, "game-5-2")
    assert ann.options["players"][0]["name"] == "Ann" and ann.actions[-1] != "hold 1"
    assert bob.options["players"][0]["name"] == "Bob" and bob.actions[-1] == "hold 1"


def test_a_game_saved_on_purpose_before_its_first_roll_is_kept_on_leaving() -> None:
    """Fresh user: on the screen, s before the first roll said "Saved as 'game-N'. Resume
    ... with: gameshelf yatz resume game-N", then Esc dropped the save (a new game left
    before its first roll is not kept) and the resume it promised failed. A game saved on
    purpose is kept; one left unsaved before its first roll is still dropped."""
    from gameshelf.games.yatz.match import Match, parse_seats

    kept = YatzSession.new(Match(parse_seats("Ann"), 31))
    name = kept.save()
    assert kept.leave() == name
    dropped = YatzSession.new(Match(parse_seats("Bo"), 32))
    assert dropped.leave() is None
    with Store() as s:
        assert s.save_names("yatz") == {name}
