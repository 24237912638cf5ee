"""The first hint after a fresh install waits for the strong player's tables (made the
first time: about 30 s, the solver compiled, then solved): the prompt says so before the
wait (with a progress bar on a terminal), and the hint window shows the solve's share done
instead of a bare "thinking...". A table already cached is loaded unsaid, at the prompt's
hint and at the replay's review key alike."""

from __future__ import annotations

import io
import threading
from collections.abc import Iterator

import pytest
from textual.widgets import Static

from gameshelf.cli import main
from gameshelf.games.yatz import strong
from gameshelf.games.yatz.match import Match, Seat
from gameshelf.games.yatz.replay import ReplayedYatz, yatz_replay
from gameshelf.games.yatz.scoring import YATZ_RULES, RuleSet
from gameshelf.games.yatz.strategy import Strategy
from gameshelf.games.yatz.tui.hints import HintScreen
from tests.replay.games import yatz_record
from tests.tui.test_resume_draws import OneScreen


@pytest.fixture
def unmade(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[int, int]]]:
    """The strategy not made yet, nor its table cached: making it reports a solve in three
    steps (the real strategy, made beforehand, is what it then gives); yields the steps
    reported."""
    real = strong.strategy_for(YATZ_RULES)
    strong.solver.cache_path(YATZ_RULES).unlink(missing_ok=True)   # this test's own home
    steps: list[tuple[int, int]] = []

    def make(rules: RuleSet, progress: strong.solver.Progress | None = None) -> Strategy:
        for done in (0, 5, 10):
            steps.append((done, 10))
            if progress is not None:
                progress(done, 10)
        return real
    monkeypatch.setattr(strong, "_STRATEGIES", {})
    monkeypatch.setattr(strong, "_make_strategy", make)
    yield steps


def test_the_prompt_says_the_first_hint_waits_for_the_tables(
        unmade: list[tuple[int, int]], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("roll\nhint\nhint\nquit\n"))
    with pytest.raises(SystemExit):
        main(["yatz", "play", "--players", "Ann", "--seed", "5"])
    out = capsys.readouterr().out
    assert out.count("hint: loading the strong player's tables") == 1   # the first only
    assert out.count("Expected final score") == 2 and unmade == [(0, 10), (5, 10), (10, 10)]


def test_the_prompt_says_nothing_of_the_tables_when_they_are_cached(
        unmade: list[tuple[int, int]], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The table in the cache (a run before made it): the first hint loads it in a second
    or so, and the prompt does not announce a making that will not happen."""
    strong.solver.save_cached(strong.solver.column_table(YATZ_RULES).values, YATZ_RULES)
    monkeypatch.setattr("sys.stdin", io.StringIO("roll\nhint\nquit\n"))
    with pytest.raises(SystemExit):
        main(["yatz", "play", "--players", "Ann", "--seed", "5"])
    out = capsys.readouterr().out
    assert "tables" not in out and out.count("Expected final score") == 1, out


def test_the_hint_window_shows_the_share_solved() -> None:
    m = Match([Seat("Ann")], seed=5)
    m.act("roll")
    screen = HintScreen(m.state)
    assert screen.waiting() is None
    strong._LOADING[YATZ_RULES.name] = (0, 0)
    try:
        assert screen.waiting() == "thinking… loading the strong player's tables"
        # the first step compiles the solver: 0% all that while, and said
        strong._LOADING[YATZ_RULES.name] = (0, 8)
        assert "compiling the solver for the strong player's tables (first time only, " \
            "about 30 s): 0%" in str(screen.waiting())
        strong._LOADING[YATZ_RULES.name] = (3, 8)
        assert "solving the strong player's tables (first time only, about 30 s): 37%" in str(
            screen.waiting())
        # said at once, before the tables are looked for
        assert "about 30 s" in HintScreen.THINKING
    finally:
        del strong._LOADING[YATZ_RULES.name]


async def test_the_hint_window_draws_the_progress_while_it_waits(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """While another thread makes the strategy, the open hint window draws its share."""
    real = strong.strategy_for(YATZ_RULES)
    go, started = threading.Event(), threading.Event()

    def make(rules: RuleSet, progress: strong.solver.Progress | None = None) -> Strategy:
        assert progress is not None
        progress(4, 10)
        started.set()
        go.wait(10)
        return real
    monkeypatch.setattr(strong, "_STRATEGIES", {})
    monkeypatch.setattr(strong, "_make_strategy", make)
    maker = threading.Thread(target=strong.strategy_for, args=(YATZ_RULES,))
    maker.start()
    started.wait(10)
    m = Match([Seat("Ann")], seed=5)
    m.act("roll")
    app = OneScreen(lambda: HintScreen(m.state))
    try:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause(0.6)
            body = str(app.screen.query_one("#body", Static).render())
            assert "40%" in body
            go.set()
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert "Expected final score" in str(app.screen.query_one("#body", Static).render())
    finally:
        go.set()
        maker.join(10)


def test_the_replays_review_key_says_the_wait_only_when_the_table_is_not_cached(
        unmade: list[tuple[int, int]]) -> None:
    replayed = ReplayedYatz(yatz_replay(yatz_record(turns=2)))
    replayed.replay.forward()
    assert "about a minute" in replayed.note()
    strong.solver.save_cached(strong.solver.column_table(YATZ_RULES).values, YATZ_RULES)
    assert replayed.note() == "v: the review's cost of each choice"
