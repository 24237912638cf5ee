"""``gameshelf showdown``: sim, play --text, resume, bad input (one line, exit 2)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from gameshelf.cli import main
from gameshelf.core.store import Store
from gameshelf.games.showdown.cards import default_deck_text
from gameshelf.games.showdown.match import Match, parse_players
from tests.showdown.test_cards import NAMED_RULE_CASES


def _run(args: list[str], capsys: pytest.CaptureFixture[str],
         monkeypatch: pytest.MonkeyPatch | None = None, stdin: str = "") -> tuple[int, str, str]:
    if monkeypatch is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    with pytest.raises(SystemExit) as exc:
        main(args)
    out = capsys.readouterr()
    return int(exc.value.code or 0), out.out, out.err


def test_sim_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["showdown", "sim", "--games", "4", "--players", "heuristic,random",
                         "--json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 4 and data["players"] == ["heuristic", "random"]
    assert abs(sum(data["win_rate"]) - 1.0) < 1e-9


def test_sim_text_with_another_deck(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "house.toml"
    deck.write_text(default_deck_text().replace("gameshelf reconstruction", "house"))
    code, out, _ = _run(["showdown", "sim", "--games", "2", "--players", "cpu,cpu,cpu",
                         "--deck", str(deck)], capsys)
    assert code == 0 and "mean length" in out


@pytest.mark.parametrize(("args", "message"), [
    (["showdown", "sim", "--players", "heuristic,wizard"], "unknown player kind"),
    (["showdown", "sim", "--players", "heuristic"], "2 to 4"),
    (["showdown", "play", "--players", "Ann,Bob,Cy,Di,Ed", "--text"], "2 to 4 players"),
    (["showdown", "play", "--players", "Ann,ann", "--text"], "two players are called"),
    (["showdown", "play", "--seed", "x", "--text"], "game number"),
    (["showdown", "play", "--deck", "/nonexistent/deck.toml", "--text"], "cannot read"),
    (["showdown", "resume", "nothing-here", "--text"], "no saved Pinball Showdown game"),
    (["showdown", "sim", "-n", "2", "--seed", "9007199254740991"], "past the last game number"),
])
def test_bad_input_is_one_line_exit_2(args: list[str], message: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(args, capsys)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("gameshelf: error:") and message in err


def test_bad_deck_file_is_one_line_exit_2(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "bad.toml"
    deck.write_text(default_deck_text().replace("points = 700", "points = -1"))
    code, _, err = _run(["showdown", "play", "--deck", str(deck), "--text"], capsys)
    assert code == 2 and err.count("\n") == 1
    assert "Standup Target" in err and "'points'" in err


@pytest.mark.parametrize(("text", "message"), NAMED_RULE_CASES)
def test_a_deck_contradicting_a_named_card_rule_is_one_line_exit_2(
        text: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 17: ``showdown play --deck`` refuses a deck that contradicts a rule the rulebook
    fixes for a named card, in one line naming the entry and the rule, exit code 2."""
    deck = tmp_path / "house.toml"
    deck.write_text(text)
    code, _, err = _run(["showdown", "play", "--deck", str(deck), "--text"], capsys)
    assert code == 2 and err.count("\n") == 1 and err.startswith("gameshelf: error:")
    assert re.search(message, err)


def test_text_play_save_and_resume(capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    probe = Match(parse_players("Ann,cpu"), 5)
    probe.run_until_human()
    first = str(probe.state.legal_actions()[0])
    code, out, _ = _run(["showdown", "play", "--players", "Ann,cpu", "--seed", "5", "--text"],
                        capsys, monkeypatch, f"bogus move\n{first}\nquit\n")
    assert code == 0
    assert "! not an action" in out and "Saved as 'game-5'" in out
    with Store() as store:
        record = store.load_save("showdown", "game-5")
    assert first in record.actions
    code, out, _ = _run(["showdown", "resume", "--text"], capsys, monkeypatch, "quit\n")
    assert code == 0 and "Saved as 'game-5'" in out
    code, out, _ = _run(["showdown", "saves"], capsys)
    assert "game-5" in out and "Ann" in out


def test_text_play_to_the_end(capsys: pytest.CaptureFixture[str],
                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A person who always plays the first legal action finishes a whole game."""
    match = Match(parse_players("Ann,cpu"), 8)
    lines = []
    while True:
        match.run_until_human()
        if match.state.is_terminal():
            break
        action = str(match.state.legal_actions()[-1] if match.state.phase.value == "control"
                     else match.state.legal_actions()[0])
        lines.append(action)
        match.play(action)
    code, out, _ = _run(["showdown", "play", "--players", "Ann,cpu", "--seed", "8", "--text"],
                        capsys, monkeypatch, "\n".join(lines) + "\n")
    assert code == 0
    assert "Game over" in out and "Winner:" in out and "tokens" in out


def test_a_deck_file_with_a_byte_order_mark_is_read(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "bom.toml"
    deck.write_bytes(b"\xef\xbb\xbf" + default_deck_text().encode())
    code, out, err = _run(["showdown", "sim", "--games", "1", "--players", "random,random",
                           "--deck", str(deck)], capsys)
    assert code == 0, err
    assert "1 game, seeds" in out   # the count agrees (core.text.count)


def test_deeply_nested_deck_file_is_one_line_exit_2(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "deep.toml"
    deck.write_text("a = " + "[" * 5000 + "]" * 5000 + "\n")
    code, _, err = _run(["showdown", "play", "--deck", str(deck), "--text"], capsys)
    assert code == 2 and err.count("\n") == 1 and "nested too deeply" in err


def test_saves_lists_a_save_with_damaged_players(capsys: pytest.CaptureFixture[str]) -> None:
    from gameshelf.core.records import GameRecord
    with Store() as store:
        store.replace_save("odd", GameRecord("showdown", 1, {"players": "Ann"}, 3, ()))
    code, out, _ = _run(["showdown", "saves"], capsys)
    assert code == 0 and re.search(r"^odd +\S+ \S+  damaged: \(players damaged\) · ", out, re.M)


def test_text_prompt_says_what_is_asked_in_every_step(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """After being outbid it asked only ``Ann (control)>``, in the take phase ``Ann (take)>``:
    each step's prompt now says what is asked and the command that answers it."""
    moves = ["offer P43", "bid P39 1", "done", "offer P04", "bid P47 1", "done", "flip 0",
             "quit"]
    code, out, _ = _run(["showdown", "play", "--players", "Ann,cpu,cpu", "--seed", "1",
                         "--text"], capsys, monkeypatch, "\n".join(moves) + "\n")
    assert code == 0
    assert "(offer)>" not in out and "(control)>" not in out and "(take)>" not in out
    assert "Ann: offer which card of your hand? (offer P" in out
    assert re.search(r"Ann: speed \d+, control \d+: bid, speed(, buy)? or done\? \(bid P\d\d 1 "
                     r"\| speed 1 .*\| done\)> ", out)
    assert "Ann: you were outbid and get 1 token back: flip how many to speed? (flip 0-1)> " \
        in out
    assert "Ann: you have no bid: take which unclaimed card? (take P" in out
