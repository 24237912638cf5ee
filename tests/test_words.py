"""Words a player reads (issue 11, section 4): verbs agreeing with "You", no rule codes in
player-facing text, the version, the JSON and messages the README promises."""

from __future__ import annotations

import ast
import doctest
import io
import re
import tomllib
from pathlib import Path

import pytest

import gameshelf
from gameshelf.cli import app
from gameshelf.core import text
from gameshelf.core.text import possessive, said, verb_for
from tests.cli_helpers import run

SRC = Path(gameshelf.__file__).parent
ROOT = SRC.parent.parent




# ----- verbs and possessives agree with the seat called "You" ---------------------------------
@pytest.mark.parametrize(("name", "verb", "expected"), [
    ("You", "scores", "You score"), ("You", "has", "You have"), ("You", "is", "You are"),
    ("You", "misses", "You miss"), ("You", "passes", "You pass"), ("You", "wins", "You win"),
    ("You", "does", "You do"), ("You", "tries", "You try"), ("You", "reaches", "You reach"),
    ("you", "loses", "you lose"), ("Mugsy", "scores", "Mugsy scores"),
    ("Young", "has", "Young has"), ("Ann", "misses", "Ann misses")])
def test_said_agrees_with_you(name: str, verb: str, expected: str) -> None:
    assert said(name, verb) == expected
    assert f"{name} {verb_for(name, verb)}" == expected


def test_text_helpers_doctests() -> None:
    assert doctest.testmod(text).failed == 0
    assert possessive("You") == "Your" and possessive("Bob") == "Bob's"


def test_muggins_round_summary_says_you_have_and_you_score() -> None:
    """Issue 11: "You has the lower total", "You scores 65"."""
    from gameshelf.games.muggins.game import RoundResult
    from gameshelf.games.muggins.tui.summary import round_summary

    blocked = round_summary(RoundResult(3, "blocked", 0, (9, 22), 20, 0, 20, (20, 0)))
    assert "You have the lower total" in blocked and "You score 20." in blocked
    assert "You has" not in blocked and "You scores" not in blocked
    mugsy = round_summary(RoundResult(3, "blocked", 1, (22, 9), 20, 0, 20, (0, 20)))
    assert "Mugsy has the lower total" in mugsy and "Mugsy scores 20." in mugsy


def test_showdown_log_says_you_miss_not_you_misse() -> None:
    from tests.showdown.helpers import deal

    state = deal(2)
    state.names = ["You", "Ann"]
    assert state.said(0, "misses") == "You miss" and state.said(1, "misses") == "Ann misses"


_VERB = re.compile(r"^ (is|has|was|scores|wins|plays|draws|passes|takes|bids|buys|rolls|holds|"
                   r"fills|goes|gets|leads|loses|keeps|claims|discards|offers|reveals|flips|"
                   r"drains|completes|misses|increases|cannot|does|needs|must)\b|^'s\b")
_SEAT = re.compile(r"name|who|seat|winner|loser|player")


def _sources() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


def test_no_message_glues_a_seat_name_to_a_verb() -> None:
    """Every f-string that puts a seat's name (``{name}``, ``{who}``, ``{names[i]}``...)
    right before a third-person verb or ``'s`` goes through ``said``/``possessive`` instead,
    in every game, on the command line and on screen (quoted names, ``{name!r}`` and
    ``{quoted(name)}``, are save names, not seats)."""
    found = []
    for path in _sources():
        if path == SRC / "core" / "text.py":   # the helpers themselves
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.JoinedStr):
                continue
            for a, b in zip(node.values, node.values[1:], strict=False):
                if (isinstance(a, ast.FormattedValue) and a.conversion != ord("r")
                        and not ast.unparse(a.value).startswith("quoted(")
                        and _SEAT.search(ast.unparse(a.value))
                        and isinstance(b, ast.Constant) and isinstance(b.value, str)
                        and _VERB.match(b.value)):
                    found.append(f"{path.relative_to(SRC)}:{node.lineno}: "
                                 f"{{{ast.unparse(a.value)}}}{b.value[:20]}")
    assert found == []


# ----- rule codes stay in docstrings, tests and docs -----------------------------------------
_CODE = re.compile(r"\bR-[A-Z]{2}-\d")


def test_no_rule_code_in_a_player_facing_string() -> None:
    """Every string in the package that is not a docstring (messages, errors, help screens,
    option help) says the rule in words, never "R-PS-4"."""
    found = []
    for path in _sources():
        tree = ast.parse(path.read_text())
        docs = {id(n.body[0].value) for n in ast.walk(tree)
                if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                  ast.AsyncFunctionDef))
                and n.body and isinstance(n.body[0], ast.Expr)
                and isinstance(n.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and id(node) not in docs and _CODE.search(node.value)):
                found.append(f"{path.relative_to(SRC)}:{node.lineno}")
    assert found == []


def _commands(group: object, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    import typer.main

    click_group = typer.main.get_command(group) if not hasattr(group, "commands") else group
    out = [path]
    for name in list(getattr(click_group, "commands", {})):
        sub = click_group.get_command(None, name)   # a lazy sub-command loads here
        out += _commands(sub, (*path, name)) if hasattr(sub, "commands") else [(*path, name)]
    return out


#: The walk of every command's ``--help`` in this many parts, for the suite's workers.
HELP_SHARDS = 4


@pytest.mark.parametrize("shard", range(HELP_SHARDS))
def test_no_rule_code_in_any_command_help(shard: int, capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Command docstrings are the ``--help`` a player reads: no rule codes there either
    (every ``HELP_SHARDS``-th command from ``shard`` on: the parts together walk them all)."""
    commands = _commands(app)
    assert ("yatz", "scores") in commands and ("muggins", "sim") in commands
    assert len(commands) >= 4 * HELP_SHARDS
    for cmd in commands[shard::HELP_SHARDS]:
        code, out, err = run([*cmd, "--help"], capsys, monkeypatch)
        assert code == 0 and not _CODE.search(out), (cmd, out)


def test_showdown_second_bid_is_refused_in_words() -> None:
    from gameshelf.core.errors import IllegalMoveError
    from gameshelf.games.showdown.actions import Bid
    from tests.showdown.helpers import deal, offer_all

    state = deal(2)
    offer_all(state, [state.hands[0][0], state.hands[1][0]])
    state.apply_action(Bid(state.faceup[0], 1))
    with pytest.raises(IllegalMoveError) as exc:
        state.apply_action(Bid(state.faceup[1], 1))
    assert "once a turn" in str(exc.value) and not _CODE.search(str(exc.value))


# ----- the version, the JSON and the messages the README promises ---------------------------
def test_version(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["--version"], capsys, monkeypatch)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert code == 0 and out == f"gameshelf {project}\n" == f"gameshelf {gameshelf.__version__}\n"


def test_yatz_import_over_a_taken_name_says_choose_another_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from gameshelf.core.store import Store
    from gameshelf.games.yatz.game import GAME
    from gameshelf.games.yatz.match import Match, Seat

    m = Match([Seat("Ann")], seed=3)
    m.act("roll")
    with Store() as store:
        store.replace_save("mine", m.record())
        store.replace_save("game-3", m.record())
    path = tmp_path / "g.json"
    path.write_text(m.record().to_json())
    code, _, err = run(["yatz", "import", str(path), "--name", "mine"], capsys, monkeypatch)
    assert code == 2 and err.count("\n") == 1
    assert "choose another --name" in err and "use --name or" not in err
    code, _, err = run(["yatz", "import", str(path)], capsys, monkeypatch)
    assert code == 2 and "give another name with --name NAME" in err
    with Store() as store:
        assert store.save_names(GAME) >= {"mine", "game-3"}


# ----- progress on long work: stderr only, never in the way of --json ---------------------
SIMS = [["muggins", "sim", "--games", "3", "--players", "easy,easy", "--target", "30"],
        ["showdown", "sim", "--games", "3", "--players", "random,random"],
        ["yatz", "sim", "--games", "3", "--player", "greedy"]]


@pytest.mark.parametrize("args", SIMS, ids=lambda a: a[0])
def test_every_sim_shows_progress_on_stderr_when_asked_and_json_stays_clean(
        args: list[str], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    code, out, err = run([*args, "--json", "--progress"], capsys, monkeypatch)
    assert code == 0 and "3/3 (100%)" in err
    assert json.loads(out)["games"] == 3
    quiet_code, quiet_out, quiet_err = run([*args, "--json"], capsys, monkeypatch)
    assert quiet_code == 0 and quiet_err == ""          # stderr is not a terminal here
    assert json.loads(quiet_out) == json.loads(out)


def test_progress_on_a_terminal_is_a_live_bar_and_off_elsewhere() -> None:
    from gameshelf.core.progress import progress, wanted

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    tty, pipe = Tty(), io.StringIO()
    assert wanted(None, tty) and not wanted(None, pipe) and wanted(True, pipe)
    with progress("games", 20, stream=tty) as advance:
        advance(20)
    with progress("games", 20, stream=pipe) as advance:
        advance(20)
    assert "20/20" in tty.getvalue() and pipe.getvalue() == ""


BENCHMARKS = sorted((ROOT / "benchmarks").glob("[!_]*.py"))   # _name.py: a shared helper


@pytest.mark.parametrize("script", BENCHMARKS, ids=lambda p: p.name)
def test_every_benchmark_offers_progress(script: Path) -> None:
    """Issue 11: ``benchmarks/muggins_strength.py`` ran over 5 minutes without a word.
    Every script takes ``--progress/--no-progress`` (on by itself on a terminal)."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, str(script), "--help"], capture_output=True,
                         text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 0 and "--progress" in out.stdout and "--no-progress" in out.stdout


def test_a_benchmark_shows_progress_on_stderr_only() -> None:
    import subprocess
    import sys

    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "showdown_strength.py"),
                          "--games", "2", "--workers", "1", "--progress"],
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert out.returncode == 0
    assert "2/2 (100%)" in out.stderr and "2/2" not in out.stdout
    assert out.stdout.startswith("games: 2 two-player")
