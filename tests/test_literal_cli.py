"""Every listing and output command shows stored names, saves, records and deck files
literally (issue 10 point 8): no raw control byte reaches stdout or stderr, and an error line
that echoes a huge name is cut with an ellipsis."""

from __future__ import annotations

import dataclasses
import io
import json
from pathlib import Path

import pytest

from gameshelf.cli import main
from gameshelf.core.store import ResultEntry, Store
from gameshelf.core.text import clip, error_line, literal, quoted
from gameshelf.games.muggins.options import MugginsOptions
from gameshelf.games.muggins.session import Session
from gameshelf.games.showdown.cards import default_deck_text
from gameshelf.games.showdown.match import Match as ShowdownMatch
from gameshelf.games.showdown.match import Seat as ShowdownSeat
from gameshelf.games.yatz.match import Match as YatzMatch
from gameshelf.games.yatz.match import Seat as YatzSeat
from tests.hostile import (
    DECK_SHOWN,
    HOSTILE,
    NAMES,
    assert_clean,
    hostile_deck,
    renamed,
    store_record,
    store_scores,
    visible,
)


def run(args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        stdin: str = "") -> tuple[int, str, str]:
    """Run ``gameshelf ARGS``; both streams are checked for raw control characters."""
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    with pytest.raises(SystemExit) as exc:
        main(args)
    out = capsys.readouterr()
    assert_clean(out.out, f"(stdout of {args[:3]})")
    assert_clean(out.err, f"(stderr of {args[:3]})")
    return int(exc.value.code or 0), out.out, out.err


def test_literal_shows_controls_as_escapes_and_keeps_the_rest() -> None:
    for name, shown in HOSTILE.items():
        assert literal(name) == shown
    assert literal("a\tb\nc\r") == "a\\tb\\nc\\r"
    assert literal("a\nb\x1b", lines=True) == "a\nb\\x1b"
    assert literal("\udcff\u2028\ufeff") == "\\udcff\\u2028\\ufeff"
    assert literal(12) == "12"


def test_quoted_and_error_lines_are_cut_with_an_ellipsis() -> None:
    assert quoted("x" * 100) == "'" + "x" * 39 + "…'"
    assert clip("abc", 3) == "abc" and clip("abcd", 3) == "ab…"
    line = error_line("name '" + "a" * 100_000 + "' is longer than 20 characters")
    assert len(line) == 300 and "…" in line and line.endswith("longer than 20 characters")


def _yatz(names: list[str], seed: int, player: str = "human") -> YatzMatch:
    match = YatzMatch([YatzSeat(f"P{i}", player) for i in range(len(names))], seed)
    renamed(match, names)
    return match


def test_yatz_saves_scores_resume_export_and_import(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    for i, name in enumerate(NAMES):
        store_record(name, _yatz(NAMES[i:i + 2] or NAMES[:1], 30 + i).record())
    store_scores("yatz", {"player": "human"})
    with Store() as store:  # a hostile date, as a tampered or foreign row would hold
        store._conn.execute("UPDATE scores SET date = ? WHERE name = ?",
                            ("2026\x1b[2J", NAMES[0]))
        store._conn.commit()
    for args in (["yatz", "saves"], ["yatz", "scores"]):
        code, out, _ = run(args, capsys, monkeypatch)
        assert code == 0
        for name in NAMES:
            assert visible(name) in out, (args, name)
    code, out, _ = run(["yatz", "scores"], capsys, monkeypatch)
    assert "2026\\x1b[2J" in out
    for args in (["yatz", "saves", "--json"], ["yatz", "scores", "--json"]):
        code, out, _ = run(args, capsys, monkeypatch)
        assert code == 0 and {r["name"] for r in json.loads(out)} == set(NAMES)
    for name in NAMES:
        code, out, err = run(["yatz", "resume", name], capsys, monkeypatch,
                             "totals\ncard 1\nroll\nhold 1\nquit\n")
        # Played on, or refused in one line (the input side may refuse such old names).
        assert (f"Saved as {quoted(name)}" in out) if code == 0 else (
            code == 2 and err.startswith("gameshelf: error:") and err.count("\n") == 1), err
    target = tmp_path / "game.json"
    code, out, err = run(["yatz", "export", NAMES[7], str(target)], capsys, monkeypatch)
    assert code == 0 and visible(NAMES[7]) in out, err
    code, out, err = run(["yatz", "import", str(target), "--name", "T\x1b]0;y\x07"], capsys,
                         monkeypatch)
    assert (code == 0 and "'T\\x1b]0;y\\x07'" in out) or (
        code == 2 and err.startswith("gameshelf: error:") and err.count("\n") == 1), err
    code, out, err = run(["yatz", "delete", NAMES[8], NAMES[9]], capsys, monkeypatch, "y\n")
    assert code == 0 and quoted(NAMES[8]) in out and quoted(NAMES[9]) in out, err
    code, out, err = run(["yatz", "delete", NAMES[8], "--yes"], capsys, monkeypatch)
    assert code == 2 and quoted(NAMES[8]) in err


def test_yatz_play_with_hostile_names_and_a_huge_name(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    for name in NAMES:
        # Refused (one clean line) or played: either way nothing raw reaches the terminal.
        code, out, err = run(["yatz", "play", "-p", f"{name},greedy", "--seed", "3",
                              "--name", name], capsys, monkeypatch, "roll\nquit\n")
        assert code in (0, 2)
        assert (visible(name) in out) if code == 0 else err.startswith("gameshelf: error:")
    code, out, err = run(["yatz", "play", "-p", "a" * 100_000], capsys, monkeypatch)
    assert code == 2 and err.count("\n") == 1 and len(err) < 400
    assert "…" in err or "..." in err


def test_showdown_saves_resume_and_a_hostile_deck(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    deck = hostile_deck(default_deck_text())
    for i in range(0, len(NAMES), 2):
        match = ShowdownMatch([ShowdownSeat("A", "human"), ShowdownSeat("B", "human")],
                              20 + i, deck)
        renamed(match, NAMES[i:i + 2])
        match.run_until_human()
        store_record(NAMES[i], match.record())
    code, out, _ = run(["showdown", "saves"], capsys, monkeypatch)
    assert code == 0
    for name in NAMES:
        assert visible(name) in out
    for i in range(0, len(NAMES), 2):
        code, out, err = run(["showdown", "resume", NAMES[i], "--text"], capsys, monkeypatch,
                             "\ntable\nlegal\nnot-an-action\x1b[2J\nquit\n")
        # Played on, or refused in one line (the input side may refuse such old names).
        assert (visible(NAMES[i]) in out and "not-an-action\\x1b[2J" in out) if code == 0 else (
            code == 2 and err.startswith("gameshelf: error:") and err.count("\n") == 1), err
    path = tmp_path / "deck.toml"
    path.write_text(deck, "utf-8")
    code, out, err = run(["showdown", "play", "--text", "--deck", str(path), "-p", "Ann,cpu",
                          "--seed", "3"], capsys, monkeypatch, "table\nquit\n")
    assert code == 0, err
    assert any(t in out for t in DECK_SHOWN)
    code, out, err = run(["showdown", "play", "--text", "--seed", "3", "--deck", str(path),
                          "-p", "Ann,cpu"], capsys, monkeypatch,
                         "take P01\nbid P01 1\noffer P01\nquit\n")
    assert code == 0, err


def test_a_blank_deck_device_is_not_shown_as_empty_brackets(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    text = default_deck_text().replace('device = "Drop Target"', 'device = " "', 1)
    path = tmp_path / "deck.toml"
    path.write_text(text, "utf-8")
    code, _, err = run(["showdown", "play", "--text", "--deck", str(path)], capsys,
                       monkeypatch)
    assert code == 2 and "( )" not in err and "()" not in err
    assert "playfield entry 1: field 'device' must be non-empty text" in err


def test_muggins_stats_and_a_hostile_save(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    with Store() as store:
        for name in NAMES:
            store.finish_game("muggins", results=[ResultEntry("person", name, "win", seed=1)])
    record = Session.new("easy", MugginsOptions(61), 7).match.record()
    store_record("game-7", dataclasses.replace(
        record, options={**record.options, "level": "[/]\x1b[2J\x9b"}))
    for args in (["muggins", "stats"], ["muggins", "stats", "--json"],
                 ["muggins", "resume", "--text"], ["muggins", "play", "--text"]):
        code, _, err = run(args, capsys, monkeypatch, "quit\n")
        assert code in (0, 2), err


def test_dollar_best_bills_and_a_hostile_bill(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    store_scores("dollar", {"bill": "L\x1b[2J[/]", "series": "[b]\x07"})
    code, out, _ = run(["dollar", "best", "-n", "20"], capsys, monkeypatch)
    assert code == 0 and "L\\x1b[2J[/]" in out and "[b]\\x07" in out
    for name in NAMES:
        assert visible(name)[:16] in out
    code, out, _ = run(["dollar", "best", "--json"], capsys, monkeypatch)
    assert code == 0 and len(json.loads(out)) == 10
    code, _, err = run(["dollar", "score", "L1234\x1b[2J\x9b5678A"], capsys, monkeypatch)
    assert code == 2 and err.startswith("gameshelf: error:")
