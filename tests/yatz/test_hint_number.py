"""The Yatz hint's number says what it is, and is the same everywhere it is shown: this
seat's expected final score if the strong player plays on from here (about 1,700 at the
first roll, as the strong player averages 1,702), at the prompt, on the screen, in the
help texts, the README and docs/yatz-strategy.md; the differences between options stay
the strategy's own."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from gameshelf.cli import main
from gameshelf.core.errors import BadInputError
from gameshelf.games.yatz import prompt
from gameshelf.games.yatz.match import Match, Seat
from gameshelf.games.yatz.scoring import YATZ_RULES, Box, rule_set
from gameshelf.games.yatz.strategy import (
    FULL,
    ColumnState,
    Estimate,
    dump_estimate,
    load_estimate,
)
from gameshelf.games.yatz.strong import advise, estimate_for, hint, strategy_for
from gameshelf.games.yatz.tui.hints import HintScreen, hint_text
from gameshelf.games.yatz.tui.keys import YATZ_KEYS

ROOT = Path(__file__).resolve().parents[2]
MEANING = "if the strong player plays on from here"


def _first_roll(seed: int = 4242) -> Match:
    m = Match([Seat("Ann")], seed=seed)
    m.act("roll")
    return m


def test_the_first_rolls_figure_is_the_strong_players_level() -> None:
    """At the first roll the best option's figure is within 40 points of the strong
    player's mean of 1,702 (it was 1,480, the sum of three single-column games), and every
    option moves by the same amount, so the differences are the strategy's."""
    for seed in (4242, 5, 77):
        m = _first_roll(seed)
        h = hint(m.state)
        a = advise(m.state)
        assert h.fitted and 1_660 <= h.best.expected <= 1_740, (seed, h.best.expected)
        shifts = {round(o.expected - p.expected, 9) for o, p in zip(h.options, a.options,
                                                                        strict=True)}
        assert len(shifts) == 1
        assert h.best_box.expected - h.best.expected == pytest.approx(
            a.best_box.expected - a.best.expected)


def test_the_last_turns_are_exact() -> None:
    """With only one Chance box open, the points to come are Chance's optimal 23.33 times
    the column's multiplier (the fit alone said 12.3 in x1)."""
    st = strategy_for(YATZ_RULES)
    est = estimate_for(YATZ_RULES)
    assert est is not None
    for c in range(3):
        cols = [ColumnState(FULL, 63, 0) for _ in range(3)]
        cols[c] = ColumnState(FULL & ~(1 << Box.CHANCE), 63, 0)
        assert st.to_come(cols, est) == pytest.approx(70 / 3 * (c + 1))
    assert st.to_come([ColumnState(FULL, 63, 0)] * 3, est) == 0.0


def test_the_estimate_file_round_trips_and_bad_ones_are_refused() -> None:
    est = load_estimate()
    assert est.rules == "yatz" and len(est.level) == 138
    assert load_estimate(dump_estimate(est)) == est
    bad = Estimate("yatz", est.level[:-1], 1.0)
    with pytest.raises(BadInputError, match="138 numbers"):
        load_estimate(dump_estimate(bad))
    with pytest.raises(BadInputError, match="missing"):
        load_estimate('rules = "yatz"\n')
    assert estimate_for(rule_set("classic-no-bonus")) is None


def test_other_rules_say_their_figure_is_the_strategys_own() -> None:
    m = Match([Seat("Ann")], seed=3, rules="classic-no-bonus")
    m.act("roll")
    h = hint(m.state)
    assert not h.fitted and "one column's tables" in h.lines()[1]


def test_every_place_says_the_same(capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The prompt's ``hint``, the screen's hint window, the help texts, the README and the
    strategy notes: one figure, named the same way, never the old 1,480 as the hint's."""
    m = _first_roll()
    h = hint(m.state)
    said = f"Expected final score {h.best.expected:,.1f} {MEANING}"
    assert said in h.lines()
    assert said in str(hint_text(h))
    assert said in str(HintScreen(m.state).compute())
    monkeypatch.setattr("sys.stdin", io.StringIO("roll\nhint\nquit\n"))
    with pytest.raises(SystemExit):
        main(["yatz", "play", "--players", "Ann", "--seed", "4242"])
    out = capsys.readouterr().out
    assert said in out and max(len(line) for line in out.splitlines()) <= 80
    helps = [prompt.PROMPT_HELP, prompt.ONLINE_HELP, HintScreen.HELP_TEXT,
             HintScreen.TITLE_TEXT, next(k.does for k in YATZ_KEYS.keys if k.action == "hint")]
    assert all("expected final score" in " ".join(t.split()).lower() for t in helps)
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert f"expected final score of each option (this seat's final score {MEANING}" in readme
    notes = " ".join((ROOT / "docs/yatz-strategy.md").read_text(encoding="utf-8").split())
    assert f"this seat's final score {MEANING}" in notes
    assert not re.search(r"hint[^.]*1,48\d", readme)
    page = (ROOT / "src/gameshelf/games/yatz/web/yatz.js").read_text(encoding="utf-8")
    assert "expected" not in page.lower()   # the page shows no hint (yet): nothing to agree
