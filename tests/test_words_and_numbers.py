"""Words and numbers a player reads (issue 11 section 4): every listing writes a moment the
same way (core.text.when: local time to the minute, ``2026-11-30 09:21``; three formats
existed: the store's ISO text, its first 16 and its first 10 characters) and every count
agrees with its number (core.text.count: "1 action", "2 actions"; ``showdown saves`` said
"1 actions")."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gameshelf.core.store import ScoreEntry, Store
from gameshelf.core.text import count, when
from gameshelf.games.showdown.match import Match as ShowdownMatch
from gameshelf.games.showdown.match import parse_players
from gameshelf.tui.saves import save_line
from tests.cli_helpers import run

STAMP = "2026-11-30T08:21:05+00:00"
SHOWN = "2026-11-30 08:21"
ISO = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d|\+00:00")
SRC = Path(__file__).resolve().parent.parent / "src" / "gameshelf"


@pytest.fixture(autouse=True)
def _utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_count_agrees_with_its_number() -> None:
    assert [count(n, "action") for n in (0, 1, 2, 1000)] == [
        "0 actions", "1 action", "2 actions", "1,000 actions"]
    assert count(1, "match", "matches") == "1 match" and count(2, "match", "matches") == (
        "2 matches")


def test_when_writes_every_moment_one_way(monkeypatch: pytest.MonkeyPatch) -> None:
    assert when(STAMP) == SHOWN and when("2026-11-30 08:21:59") == SHOWN
    assert when("2026-11-30") == "2026-11-30"
    assert when("2026\x1b[2J") == "2026\\x1b[2J"   # a foreign row: literally, never raw
    monkeypatch.setenv("TZ", "Europe/Berlin")
    time.tzset()
    assert when(STAMP) == "2026-11-30 09:21"      # the player's own clock


def _stamp_everything() -> None:
    """Saves of three games and scores of two, all at STAMP."""
    with Store() as store:
        store.finish_game("yatz", scores=[ScoreEntry("Ann", 300, seed=1,
                                                     detail={"player": "human"})])
        store.finish_game("dollar", scores=[ScoreEntry(
            "Bo", 88_000_000, seed=2, detail={"bill": "L40000002A", "series": "1902"})])
        store._conn.execute("UPDATE scores SET date = ?", (STAMP,))
        store._conn.execute("UPDATE saves SET updated = ?", (STAMP,))
        store._conn.commit()


def test_every_listing_writes_the_same_moment_and_counts_agree(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    match = ShowdownMatch(parse_players("Ann,Bo"), 7)
    with Store() as store:
        store.replace_save("one", match.record())
    run(["yatz", "play", "-p", "Ann", "--seed", "3", "--name", "y"], capsys, monkeypatch,
        "quit\n")
    run(["muggins", "play", "--text", "--seed", "3", "--name", "m"], capsys, monkeypatch,
        "quit\n")
    _stamp_everything()
    for args in (["yatz", "saves"], ["muggins", "saves"], ["showdown", "saves"],
                 ["yatz", "scores"], ["dollar", "best"]):
        code, out, _ = run(args, capsys, monkeypatch)
        assert code == 0 and SHOWN in out and not ISO.search(out), (args, out)
    _, out, _ = run(["showdown", "saves"], capsys, monkeypatch)
    assert not re.search(r"\b1 [a-z]+s\b", out), out
    with Store() as store:
        rows = store.list_saves("showdown")
    line = save_line(rows[0], lambda r: (False, "a game"))
    assert SHOWN in line and "UTC" not in line and not ISO.search(line)


#: A count written by hand: ``{len(...)} things``, ``{pts} points`` or ``{n} token(s)``.
_HAND_COUNT = re.compile(r"\{(len\([^}]*\)|pts|n|games|bills|count)(:,)?\} [a-z]+s\b"
                         r"|\} [a-z ]*[a-z]\(s\)")


def test_no_count_is_written_by_hand_in_the_sources() -> None:
    found = [f"{path.relative_to(SRC)}:{n}: {line.strip()}"
             for path in sorted(SRC.rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if _HAND_COUNT.search(line) and not line.lstrip().startswith("#")]
    assert not found, "counts not made by core.text.count:\n" + "\n".join(found)


# a noun chosen by hand for a count in a page module: `n === 1 ? "card" : "cards"`
_PAGE_HAND_COUNT = re.compile(r"=== 1 \?\s*\"[a-z ]+\"\s*:\s*\"[a-z ]+\"")


def test_no_page_module_writes_a_count_by_hand() -> None:
    """Every count a page shows is made by the frame's kit.js ``count`` (as the terminal's
    by core.text.count): the same agreement and grouping in every game's page."""
    scripts = sorted(SRC.rglob("*.js"))
    assert any(p.name == "kit.js" for p in scripts) and len(scripts) > 4
    found = [f"{path.relative_to(SRC)}:{n}: {line.strip()}"
             for path in scripts if path.name != "kit.js"
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if _PAGE_HAND_COUNT.search(line)]
    assert not found, "counts not made by kit.js count:\n" + "\n".join(found)
