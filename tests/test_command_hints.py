"""Every command suggested to the player is shell-quoted (issue 10): a hint such as
``Resume with: gameshelf yatz resume NAME`` built from a save named ``it's mine`` or
``$(rm -rf x)`` pastes into a shell as exactly that name and runs nothing else, and no raw
control character of a stored name reaches the terminal. All hints are made by
:func:`gameshelf.core.text.command_line`; a walk over the sources finds none made by hand."""

from __future__ import annotations

import re
import shlex
import shutil
import subprocess
from pathlib import Path

import pytest

from gameshelf.core.text import command_line, resume_command, shell_word
from gameshelf.games.showdown.match import Match as ShowdownMatch
from gameshelf.games.showdown.match import Seat as ShowdownSeat
from tests.cli_helpers import run
from tests.hostile import NAMES, assert_clean, store_record

#: Names a shell would read otherwise: quotes, expansions, globs, blanks, an option.
SHELL_HOSTILE = ["it's mine", "$(rm -rf x)", "`id`", "a;b|c&d", "*", "~root", "!x", "-x",
                 "--force", 'say "hi"', "back\\slash", "a  b", "#c", "x>y", "{a,b}", "é ü"]
SRC = Path(__file__).resolve().parent.parent / "src" / "gameshelf"


def _round_trip(word: str) -> bytes:
    """What bash makes of ``word`` pasted as an argument (the bytes it passes on)."""
    bash = shutil.which("bash")
    assert bash is not None
    out = subprocess.run([bash, "-c", f"printf %s {word}"], capture_output=True, check=True)
    return out.stdout


@pytest.mark.parametrize("name", SHELL_HOSTILE + NAMES + ["n\udcff", "\u202e", "a\nb"])
def test_every_name_comes_back_exactly_from_the_shell(name: str) -> None:
    hint = resume_command("yatz", name)
    assert_clean(hint, f"in the hint for {name!r}")
    assert hint.isprintable()
    words = shlex.split(hint)
    if "$'" not in hint:  # dollar-single quotes are read by the shell, not by shlex
        assert words[:3] == ["gameshelf", "yatz", "resume"] and words[-1] == name
        assert (words[3] == "--") == name.startswith("-")
    if shutil.which("bash") and "\x00" not in name:  # no argument can hold a NUL
        assert _round_trip(shell_word(name)) == name.encode("utf-8", "surrogateescape")


def test_plain_names_stay_plain() -> None:
    assert command_line("gameshelf", "yatz", "resume", names=["game-5"]) == (
        "gameshelf yatz resume game-5")
    assert command_line("gameshelf", "muggins", "resume", "it's") == (
        "gameshelf muggins resume 'it'\"'\"'s'")


#: A command hint written by hand: ``gameshelf GAME VERB {`` in an f-string.
_HAND_MADE = re.compile(r"gameshelf \w+ \w+ (--\s*)?\{")


def test_no_command_hint_is_made_by_hand_in_the_sources() -> None:
    found = [f"{path.relative_to(SRC)}:{n}: {line.strip()}"
             for path in sorted(SRC.rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if _HAND_MADE.search(line)]
    assert not found, "hints not made by command_line:\n" + "\n".join(found)


def _hint_name(text: str, game: str) -> str:
    """The name that the resume hint in ``text`` gives back when pasted."""
    line = next(ln for ln in text.splitlines() if f"gameshelf {game} resume " in ln)
    hint = line[line.index(f"gameshelf {game} resume "):]
    words = shlex.split(hint, posix=True)
    operands = words[3:]
    return operands[-1] if operands[0] != "--" else operands[1]


@pytest.mark.parametrize("name", ["it's $(rm -rf x) mine", "-x", "`id`;*"])
def test_quitting_each_game_on_the_command_line_gives_a_hint_that_works(
        name: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["yatz", "play", "-p", "Ann", "--seed", "3", f"--name={name}"],
                       capsys, monkeypatch, "quit\n")
    assert code == 0 and _hint_name(out, "yatz") == name
    code, out, err = run(["yatz", "play", "-p", "Ann", "--seed", "3", f"--name={name}"],
                         capsys, monkeypatch, "")
    assert code == 2 and _hint_name(err, "yatz") == name  # taken: go on with it
    code, out, _ = run(["muggins", "play", "--text", "--seed", "3", f"--name={name}"],
                       capsys, monkeypatch, "quit\n")
    assert code == 0 and _hint_name(out, "muggins") == name
    # Showdown has no --name: a save of that name, as an older version could store.
    match = ShowdownMatch([ShowdownSeat("Ann", "human"), ShowdownSeat("Bo", "human")], 5)
    store_record(name, match.record())
    code, out, _ = run(["showdown", "resume", "--text", "--", name], capsys, monkeypatch,
                       "quit\n")
    assert code == 0 and _hint_name(out, "showdown") == name


def test_a_stored_name_with_control_characters_gives_a_clean_hint(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    name = "T\x1b]0;x\x07 [/]"
    match = ShowdownMatch([ShowdownSeat("Ann", "human"), ShowdownSeat("Bo", "human")], 6)
    store_record(name, match.record())
    code, out, err = run(["showdown", "resume", "--text", name], capsys, monkeypatch,
                         "quit\n")
    assert code == 0
    assert_clean(out + err)
    assert resume_command("showdown", name) in out
