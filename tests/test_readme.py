"""README and behaviour agree: every command example in README.md's code blocks runs and ends
with exit code 0 and no traceback (issue 11).

The examples run in README order in one temporary GAMESHELF_HOME and working folder, through
the same entry point as the ``gameshelf`` command. Adjustments, all listed here:

* ``[...]`` parts are optional: each example runs without them, and once with each part that
  is an option (``[--json]``, ``[--tui]``, ``[--rules classic-no-bonus]``);
* ``--games N`` becomes a small number (the figures are checked elsewhere);
* prompt loops read ``quit`` from stdin, ``delete`` reads ``y``; the screens (``--tui``,
  ``muggins play``, ``showdown play``, the menu) open headless, settle and close;
* files and saves an example needs are made first (``my-deck.toml`` from the shipped deck;
  ``game-4242`` and ``game-42``, which the README makes on screen);
* the examples that take long (the exact odds of all 12 districts, the Yatz solver) run in a
  slow test.
"""

from __future__ import annotations

import re
import shlex
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import gameshelf
from gameshelf.cli import main

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
#: README lines that are not ``gameshelf`` commands, with why the test does not run them.
NOT_RUN = {
    "make": "builds .venv and runs the whole suite (make test would run this test again)",
    "source": "activates the virtual environment of an interactive shell",
    "pip": "installs an optional extra (make test installs them before the tests)",
    "python": "the research example scripts, run by tests/rl/test_examples.py",
    "ray": "starts or stops Ray cluster processes on a machine",
    "export": "sets a variable of the shell (the cluster's authentication)",
}
#: An option whose examples need a Ray cluster (tests/cluster/test_ray.py runs every sim on
#: a local one).
ON_A_CLUSTER = "--ray"
#: Examples that take long: run only by the slow test.
SLOW = (("dollar", "odds"), ("yatz", "solve"))
SLOW_FAST_ENOUGH = ("--district",)   # odds of one district is quick


def _code_lines() -> Iterator[str]:
    """Every command line of README.md's shell code blocks, comments removed."""
    for block in re.findall(r"```(?:sh|bash|console)\n(.*?)```", README.read_text(), re.S):
        for line in block.splitlines():
            if shlex.split(line, comments=True):
                yield line.split("#")[0].strip()


def _variants(line: str) -> list[list[str]]:
    """The example without its ``[...]`` parts, then with each optional option."""
    parts = re.findall(r"\[([^\]]+)\]", line)
    bare = re.sub(r"\s*\[[^\]]+\]", "", line)
    out = [shlex.split(bare)]
    out += [shlex.split(f"{bare} {p}") for p in parts if p.startswith("--")]
    return out


def examples() -> list[list[str]]:
    """The README's ``gameshelf`` command examples, each as its argument list (without the
    leading ``gameshelf``), in README order."""
    found = []
    for line in _code_lines():
        words = shlex.split(line)
        if words[0] in NOT_RUN or ON_A_CLUSTER in words:
            continue
        assert words[0] == "gameshelf", f"README example not understood: {line!r}"
        found += [v[1:] for v in _variants(line)]
    return found


def _small(args: list[str]) -> list[str]:
    out = list(args)
    for i, a in enumerate(out[:-1]):
        if a in ("--games", "-n"):
            out[i + 1] = "2"
    return out


def _is_slow(args: list[str]) -> bool:
    return tuple(args[:2]) in SLOW and not any(a in args for a in SLOW_FAST_ENOUGH)


def _run(args: list[str], capsys: pytest.CaptureFixture[str],
         monkeypatch: pytest.MonkeyPatch, stdin: str = "quit\n") -> tuple[int, str]:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    try:
        main(args)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    else:  # pragma: no cover - main always exits
        code = 0
    out = capsys.readouterr()
    return code, out.out + out.err


@pytest.fixture
def readme_world(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, _gameshelf_home: Path,
                 _session_home: Path) -> Path:
    """A working folder with the files the examples name; the screens run headless; the
    Yatz solver's tables come from the session's cache (solved once per test run)."""
    from textual.app import App

    (_session_home / "cache").mkdir(parents=True, exist_ok=True)
    _gameshelf_home.mkdir(parents=True, exist_ok=True)
    (_gameshelf_home / "cache").symlink_to(_session_home / "cache")
    monkeypatch.chdir(tmp_path)
    shutil.copy(Path(gameshelf.__file__).parent / "games" / "showdown" / "deck.toml",
                tmp_path / "my-deck.toml")
    real_run = App.run

    async def settle_and_close(pilot: Any) -> None:
        await pilot.pause()
        await pilot.pause()
        pilot.app.exit()

    def headless_run(self: App[Any], *args: Any, **kwargs: Any) -> Any:
        return real_run(self, headless=True, size=(120, 40), auto_pilot=settle_and_close)

    monkeypatch.setattr(App, "run", headless_run)
    # headless needs no terminal (the check itself: tests/test_output.py)
    monkeypatch.setattr("gameshelf.tui.base.on_a_terminal", lambda: True)
    return tmp_path


#: Saves the README makes on screen; the test makes them at the prompt before the example
#: that uses them.
NEEDS = {
    ("yatz", "export", "game-4242"): ["yatz", "play", "-p", "Ann,greedy", "--seed", "4242"],
    ("showdown", "resume", "game-42"): ["showdown", "play", "--players", "Ann,Bob", "--seed",
                                        "42", "--text"],
}


#: Examples that fail for a reason another change of issue 11 removes: (the failure's start,
#: a fragment of its message). None left: Muggins keeps every game as its own save.
PENDING: list[tuple[str, str]] = []


def _run_examples(chosen: list[list[str]], capsys: pytest.CaptureFixture[str],
                  monkeypatch: pytest.MonkeyPatch) -> list[str]:
    failed = []
    for args in chosen:
        need = NEEDS.get(tuple(args[:3]))
        if need is not None:
            code, text = _run(need, capsys, monkeypatch)
            assert code == 0, (need, text)
        answer = "y\n" if args[1:2] == ["delete"] else "quit\n"   # yes to "Delete ...?"
        code, text = _run(_small(args), capsys, monkeypatch, answer)
        if code != 0 or "Traceback" in text:
            failed.append(f"gameshelf {shlex.join(args)} -> exit {code}: {text[-300:]}")
    return failed


def test_the_readme_has_examples_of_every_game() -> None:
    found = examples()
    assert len(found) >= 30
    for game in ("dollar", "yatz", "muggins", "showdown"):
        assert sum(1 for a in found if a and a[0] == game) >= 5
    assert ["yatz", "scores", "--json"] in found and ["yatz", "resume", "--tui"] in found


#: The README's examples are run a game at a time (each game's in the README's order, in a
#: world of its own), so the suite's workers share them out; the rest (``--help``) last.
EXAMPLE_GROUPS = ("yatz", "muggins", "showdown", "dollar", "other")


def _group(args: list[str]) -> str:
    return args[0] if args and args[0] in EXAMPLE_GROUPS else "other"


def test_every_example_is_in_a_group() -> None:
    assert {_group(a) for a in examples()} <= set(EXAMPLE_GROUPS)
    assert all(any(_group(a) == g for a in examples()) for g in EXAMPLE_GROUPS)


@pytest.mark.parametrize("group", EXAMPLE_GROUPS)
def test_every_readme_example_runs(group: str, readme_world: Path,
                                   capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    chosen = [a for a in examples() if not _is_slow(a) and _group(a) == group]
    assert chosen
    failed = _run_examples(chosen, capsys, monkeypatch)
    pending = [f for f in failed if any(f.startswith(p) and why in f for p, why in PENDING)]
    assert [f for f in failed if f not in pending] == []
    if group == "yatz":
        assert (readme_world / "game.json").is_file()   # yatz export wrote it where it said
    if pending:
        pytest.xfail("waiting for named Muggins saves (issue 11, section 1): "
                     + " | ".join(pending))


@pytest.mark.slow
def test_every_long_readme_example_runs(readme_world: Path, capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    chosen = [a for a in examples() if _is_slow(a)]
    assert len(chosen) >= 3
    assert _run_examples(chosen, capsys, monkeypatch) == []
