"""Issue 15 with issue 10 point 8: the replay screens show the seats' names literally
(markup as typed, never read), and a record whose names no game accepts (control
characters) is refused with a message that shows them as escapes, on the command line and
on a saves list."""

from __future__ import annotations

import pytest

from gameshelf.core.errors import GameshelfError, RecordError
from gameshelf.core.inputs import check_name
from gameshelf.core.records import GameRecord
from gameshelf.games.showdown.match import Match as ShowdownMatch
from gameshelf.games.showdown.match import Seat as ShowdownSeat
from gameshelf.games.showdown.replay import showdown_replay
from gameshelf.games.showdown.tui.screen import replay_screen
from gameshelf.games.yatz.match import Match as YatzMatch
from gameshelf.games.yatz.match import Seat as YatzSeat
from gameshelf.games.yatz.replay import yatz_replay
from gameshelf.games.yatz.tui.screen import replay_screen as yatz_replay_screen
from gameshelf.tui.app import GameshelfApp
from tests.cli_helpers import run
from tests.hostile import NAMES, assert_clean, renamed
from tests.tui.test_literal_screens import check, settle


def _accepted(name: str) -> bool:
    try:
        check_name(name, "player name", max_len=20)
    except GameshelfError:
        return False
    return True


SHOWN = [n for n in NAMES if _accepted(n)]
REFUSED = [n for n in NAMES if not _accepted(n)]


def _yatz(names: list[str], seed: int) -> GameRecord:
    m = YatzMatch([YatzSeat(f"P{i}") for i in range(len(names))], seed)
    renamed(m, names)
    m.act("roll")
    m.act("score x1 chance")
    return m.record()


async def test_replay_screens_show_names_literally() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        names = SHOWN[:4]
        app.push_screen(yatz_replay_screen(yatz_replay(_yatz(names, 3)), review=False))
        await settle(app, pilot)
        await pilot.press("end")
        await settle(app, pilot)
        check(app, names[:1], width=12)
        await pilot.press("escape")
        sd = ShowdownMatch([ShowdownSeat(f"P{i}", "random") for i in range(2)], 4)
        renamed(sd, SHOWN[4:6])
        sd.run_until_human()
        app.push_screen(replay_screen(showdown_replay(sd.record())))
        await settle(app, pilot)
        await pilot.press("end")
        await settle(app, pilot)
        check(app, SHOWN[4:6], width=8)


@pytest.mark.parametrize("name", REFUSED[:3])
def test_a_record_with_control_characters_is_refused_literally(
        name: str, tmp_path: object, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    record = _yatz([name], 5)
    with pytest.raises(RecordError):
        yatz_replay(record)
    path = tmp_path / "r.json"  # type: ignore[operator]
    path.write_text(record.to_json())
    code, out, err = run(["yatz", "replay", str(path), "--text"], capsys, monkeypatch)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert_clean(err)
    assert "control character" in err
