"""Result words agree with the names (a win shared with the local player read "Ann and You
share"), and nothing is said twice and taken: an option given twice on any command of the
tree (Click kept the last one without a word)."""

from __future__ import annotations

from typing import Any

import pytest
import typer

from gameshelf.cli import app
from gameshelf.core.text import win_words
from gameshelf.games.dollar.match import Match
from gameshelf.games.dollar.server import DollarGame
from tests.cli_helpers import run, sub_commands


@pytest.mark.parametrize(("names", "words"), [
    (["Ann"], "Ann wins"), (["You"], "You win"), (["you"], "you win"),
    (["Ann", "You"], "Ann and you share the win"),
    (["You", "Ann"], "You and Ann share the win"),
    (["Ann", "Bob", "You"], "Ann, Bob and you share the win"),
    (["Ann", "Bob"], "Ann and Bob share the win")])
def test_win_words_agree_with_the_names(names: list[str], words: str) -> None:
    assert win_words(names) == words


def test_a_dollar_round_tied_with_the_viewer_says_who_shares_the_win() -> None:
    game = DollarGame(Match.new(["Ann", "Bob"], ["", ""], 9))
    for seat in (0, 1):
        game.match.apply(seat, "bill L40000002A series 1902")
    last = game.words(1, 1)[-1]
    assert last == "Every bill is in: Ann and you share the win with 88,000,000 points."
    assert game.words(1, 0)[-1] == ("Every bill is in: You and Bob share the win with "
                                    "88,000,000 points.")


def _options_with_a_value() -> list[tuple[tuple[str, ...], str, str]]:
    """(command words, option, a value) for every option of every command that takes one
    value and may not be repeated."""
    found: list[tuple[tuple[str, ...], str, str]] = []

    def walk(cmd: object, path: tuple[str, ...]) -> None:
        subs = sub_commands(cmd)
        for name, sub in subs:
            walk(sub, (*path, name))
        for p in getattr(cmd, "params", []):
            if (isinstance(p, typer.core.TyperOption) and not p.is_flag and not p.multiple
                    and not p.count and p.opts[0].startswith("--")):
                found.append((path, p.opts[0], "1"))
    walk(typer.main.get_command(app), ())
    return found


OPTIONS = _options_with_a_value()


def test_the_walk_finds_the_commands_options() -> None:
    assert len(OPTIONS) > 40 and (("yatz", "play"), "--seed", "1") in OPTIONS


def test_every_command_of_the_tree_refuses_repeats() -> None:
    """The rule is set where the tree is built (cli.lazy), so every command has it, those
    with no option of one value too."""
    unchecked: list[str] = []

    def walk(cmd: Any, path: tuple[str, ...]) -> None:
        for name, sub in sub_commands(cmd):
            walk(sub, (*path, name))
        if path and "refuse_repeats" not in cmd.make_parser.__qualname__:
            unchecked.append(" ".join(path))
    walk(typer.main.get_command(app), ())
    assert not unchecked


@pytest.mark.parametrize("where", OPTIONS, ids=lambda w: " ".join((*w[0], w[1])))
def test_an_option_given_twice_is_refused_in_one_line(
        where: tuple[tuple[str, ...], str, str], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    words, option, value = where
    code, out, err = run([*words, option, value, option, value], capsys, monkeypatch)
    assert code == 2 and err == (f"gameshelf: error: {option} is given twice (see "
                                 f"'gameshelf {' '.join(words)} --help')\n"), (out, err)
