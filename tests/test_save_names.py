"""Every ``--name`` of every command checks a new save's name the same way (issue 10 point 8,
the breaker's re-run: ``muggins play --name`` stored ESC, BEL and bidirectional overrides and
printed them raw, where Yatz refused them). One helper, ``cli.saves.save_name_option``.

The test finds every command with a ``--name`` option in the command tree, so a new one is
walked too (it fails until it is added to ``ARGS``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import typer

from gameshelf.cli import app
from gameshelf.core.store import Store
from gameshelf.games.yatz.match import Match, parse_seats
from tests.cli_helpers import run, sub_commands

#: Look-alikes of "Ann" and names that show nothing, one of each kind of character that
#: shows nothing (tests/test_name_form.py walks every one of them).
INVISIBLE_NAMES = ["Ann\u034f", "A\u00adnn", "\u3164", "\u115f\u1160", "\u2800", "Ann\ufe0f",
                   "A\U000e0067nn", "Ann\U000e0100", "A\u17b4nn", "\u2800 \u3164", "Ann\U0001d159"]

BAD_NAMES = ["\x1b]0;PWN\x07", "a\x07b", "x\u202ey", "c\x9b1m", "n\x00", "z" * 5000, "   ",
             "a\x1cb", "a\u2028b", "A\u200bnn", "\ufeffAnn", "a\u2060b",
             # characters that show nothing (look-alikes of "Ann", names that show nothing)
             *INVISIBLE_NAMES]


def _yatz_record(tmp_path: Path) -> str:
    path = tmp_path / "rec.json"
    path.write_text(Match(parse_seats("Ann"), 5).record().to_json())
    return str(path)


#: The command (its words) and its other arguments, for every command with --name.
ARGS = {
    ("yatz", "play"): lambda _p: ["-p", "Ann,greedy", "--seed", "9"],
    ("yatz", "import"): lambda p: [_yatz_record(p)],
    ("muggins", "play"): lambda _p: ["--text", "--seed", "3"],
}


def _commands_with_name() -> set[tuple[str, ...]]:
    root = typer.main.get_command(app)
    found: set[tuple[str, ...]] = set()

    def walk(cmd: typer.core.TyperGroup | typer.core.TyperCommand,
             path: tuple[str, ...]) -> None:
        if hasattr(cmd, "commands"):   # a group
            for name, sub in sub_commands(cmd):
                walk(sub, (*path, name))
        elif any("--name" in p.opts for p in cmd.params):
            found.add(path)
    walk(root, ())
    return found


#: Commands whose --name is a player's name (online: the seat's name in a room), not a
#: save's: refused the same way (one line, nothing raw), checked below.
PLAYER_NAMES = {("online", "create"): ["showdown", "--seats", "me,cpu"],
                ("online", "join"): ["K7QX"]}


def test_every_command_with_a_name_option_is_walked() -> None:
    assert _commands_with_name() == set(ARGS) | set(PLAYER_NAMES)


@pytest.mark.parametrize("words", list(PLAYER_NAMES), ids=" ".join)
@pytest.mark.parametrize("bad", BAD_NAMES, ids=range(len(BAD_NAMES)))
def test_a_bad_player_name_online_is_refused_in_one_line_before_any_connection(
        words: tuple[str, ...], bad: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    args = [*words, *PLAYER_NAMES[words], "--server", "ws://127.0.0.1:9/ws", "--name", bad]
    code, out, err = run(args, capsys, monkeypatch, stdin="quit\n")
    assert code == 2 and err.count("\n") == 1, (code, out, err)
    assert "name" in err and "cannot reach" not in err
    assert "\x1b" not in err + out and "\x07" not in err + out


@pytest.mark.parametrize("words", list(ARGS), ids=" ".join)
@pytest.mark.parametrize("bad", BAD_NAMES, ids=range(len(BAD_NAMES)))
def test_a_bad_save_name_is_refused_in_one_line_and_nothing_is_saved(
        words: tuple[str, ...], bad: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    args = [*words, *ARGS[words](tmp_path), "--name", bad]
    code, out, err = run(args, capsys, monkeypatch, stdin="quit\n")
    assert code == 2 and err.count("\n") == 1, (code, out, err)
    assert "save name" in err and "\x1b" not in err + out and "\x07" not in err + out
    with Store() as s:
        assert s.list_saves(words[0]) == []


@pytest.mark.parametrize("words", list(ARGS), ids=" ".join)
def test_a_save_name_is_kept_in_one_form_however_it_was_typed(
        words: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``café`` typed with ``e`` and a combining accent is saved as the composed ``café``
    (NFC): typed either way it names one save."""
    args = [*words, *ARGS[words](tmp_path), "--name", "cafe\u0301"]
    code, out, err = run(args, capsys, monkeypatch, stdin="quit\n")
    assert code == 0, (code, out, err)
    with Store() as s:
        assert [row.name for row in s.list_saves(words[0])] == ["caf\u00e9"]
        assert s.load_save(words[0], "cafe\u0301").game == words[0]


@pytest.mark.parametrize("words", list(ARGS), ids=" ".join)
def test_a_save_name_with_what_real_text_needs_is_kept(
        words: tuple[str, ...], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An emoji with its variation selector and England's flag (a tag sequence) are a
    save's name as typed, found again by it."""
    name = ("Team \u2764\ufe0f \U0001f3f4\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067"
            "\U000e007f")
    args = [*words, *ARGS[words](tmp_path), "--name", name]
    code, out, err = run(args, capsys, monkeypatch, stdin="quit\n")
    assert code == 0, (code, out, err)
    with Store() as s:
        assert [row.name for row in s.list_saves(words[0])] == [name]
        assert s.load_save(words[0], name).game == words[0]


#: Commands whose --players names people (with their other arguments); the players of a
#: ``sim`` are computer players' kinds, and ``--player`` of ``stats`` looks a name up
#: (tests/test_name_lookups.py).
PEOPLE = {("yatz", "play"): ["--seed", "3"], ("showdown", "play"): ["--text", "--seed", "3"]}
KINDS_ONLY = {("yatz", "sim"), ("muggins", "sim"), ("showdown", "sim")}


def _commands_with_players() -> set[tuple[str, ...]]:
    found: set[tuple[str, ...]] = set()

    def walk(cmd: typer.core.TyperGroup | typer.core.TyperCommand,
             path: tuple[str, ...]) -> None:
        if hasattr(cmd, "commands"):
            for name, sub in sub_commands(cmd):
                walk(sub, (*path, name))
        elif any(p.name in ("players", "player") for p in cmd.params) and path[-1] != "stats":
            found.add(path)
    walk(typer.main.get_command(app), ())
    return found


def test_every_command_naming_players_is_walked() -> None:
    assert _commands_with_players() == set(PEOPLE) | KINDS_ONLY


@pytest.mark.parametrize("words", list(PEOPLE), ids=" ".join)
@pytest.mark.parametrize("bad", BAD_NAMES[:-1] + INVISIBLE_NAMES, ids=range(len(BAD_NAMES) - 1
                                                                       + len(INVISIBLE_NAMES)))
def test_a_bad_player_name_is_refused_in_one_line_and_nothing_is_saved(
        words: tuple[str, ...], bad: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``-p "Ann͏,cpu"`` (a look-alike of ``Ann``), a name that shows nothing, a control
    character: one line, no game."""
    args = [*words, *PEOPLE[words], "-p", f"{bad},cpu"]
    code, out, err = run(args, capsys, monkeypatch, stdin="quit\n")
    assert code == 2 and err.count("\n") == 1, (code, out, err)
    assert "name" in err and "\x1b" not in err + out and "\x07" not in err + out
    with Store() as s:
        assert s.list_saves(words[0]) == []


@pytest.mark.parametrize("bad", INVISIBLE_NAMES, ids=range(len(INVISIBLE_NAMES)))
def test_a_save_name_typed_at_the_prompt_is_checked_as_every_save_name(
        bad: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Yatz's ``save NAME`` (the one prompt command that names a save) refuses a name that
    shows nothing or looks like another in one line, and the game goes on under its own
    name."""
    code, out, err = run(["yatz", "play", "-p", "Ann", "--seed", "3"], capsys, monkeypatch,
                         stdin=f"save {bad}\nquit\n")
    assert code == 0 and err.count("\n") == 1, (code, out, err)
    assert "save name may not contain invisible characters (U+" in err, err
    with Store() as s:
        assert s.save_names("yatz") == {"game-3"}
