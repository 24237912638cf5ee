"""Nothing at the text prompt wraps at 80 columns: each game's prompt (and the test game
Pig's) is played through its usual commands (help, hints, the card or table, moves,
refused moves, save, quit; a whole round or more), the prompt and the typed line echoed as
a terminal shows them, and no line printed on standard output is wider than 80
characters. (An error on standard error stays one line, whatever its length: the rule of
every command's errors.)"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterator

import pytest

from gameshelf.cli import main
from gameshelf.core.fit import WIDTH, fitted_output
from gameshelf.core.gamedef import GameDef
from gameshelf.core.seats import MAX_NAME_LENGTH
from gameshelf.core.store import Store
from gameshelf.games.muggins import cli as muggins_cli
from gameshelf.games.muggins.match import GAME as MUGGINS
from gameshelf.games.muggins.match import Match as MugginsMatch
from gameshelf.games.muggins.view import MugginsView
from gameshelf.games.showdown import cli as showdown_cli
from gameshelf.games.showdown.match import GAME as SHOWDOWN
from gameshelf.games.showdown.match import Match as ShowdownMatch
from gameshelf.games.showdown.match import parse_players
from gameshelf.games.yatz import prompt as yatz_prompt
from tests.games.pig import cli as pig_cli


def _moves_of(game: str, name: str) -> Callable[[], str | None]:
    """The person's next move, read from the game's save (written after every move): a
    legal action of the state saved (None once the game is over or gone)."""
    def move() -> str | None:
        with Store() as store:
            if name not in store.save_names(game):
                return None
            record = store.load_save(game, name)
        state = (MugginsMatch.from_record(record).state if game == MUGGINS
                 else ShowdownMatch.from_record(record).state)
        legal = [] if state.is_terminal() else state.legal_actions()
        return str(legal[-1 if game == MUGGINS else 0]) if legal else None
    return move


def _walk(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
          args: list[str], script: Iterator[str], then: Callable[[], str | None] | None,
          moves: int) -> list[str]:
    """Run ``gameshelf ARGS`` at the prompt, typing the lines of ``script``, then up to
    ``moves`` lines from ``then`` (None: nothing more), then ``quit``; every prompt is
    echoed with its answer, as on a terminal. Returns every line printed on stdout."""
    left = [moves]

    def typed(prompt: str = "") -> str:
        line = next(script, None)
        if line is None and "again" in prompt.lower():
            line = "n"
        if line is None and then is not None and left[0] > 0:
            left[0] -= 1
            line = then()
        if line is None:
            line = "quit"
        sys.stdout.write(f"{prompt}{line}\n")
        return line

    monkeypatch.setattr("builtins.input", typed)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    with pytest.raises(SystemExit):
        main(args)
    return capsys.readouterr().out.splitlines()


def _wide(lines: list[str]) -> list[str]:
    return [f"{len(line)}: {line}" for line in lines if len(line) > WIDTH]


def test_yatz_prompt_fits_80_columns(capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    boxes = ["chance", "yatz", "ls", "ss", "fh", "4k", "3k", "sixes", "fives", "fours",
             "threes", "twos", "ones"]
    script = ["help", "hint", "roll", "hold 1 3", "hint", "roll", "card", "card 2",
              "totals", "score x9 nothing", "jump"]
    for n, box in enumerate(boxes[:6]):
        script += ["roll", f"score x{n % 3 + 1} {box}", "", "y"]
    script += ["undo", "save", "save evening"]
    lines = _walk(capsys, monkeypatch, ["yatz", "play", "-p", "Ann,cpu", "--seed", "4242"],
                  iter(script), None, 0)
    assert any("Expected final score" in line for line in lines)
    assert not _wide(lines), _wide(lines)


def test_muggins_prompt_fits_80_columns(capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    script = ["help", "hint", "9-9 L", "jump", "draw", "pass"]
    lines = _walk(capsys, monkeypatch, ["muggins", "play", "--text", "--seed", "3",
                                        "--level", "easy"], iter(script),
                  _moves_of(MUGGINS, "game-3"), 120)
    assert any("round" in line.lower() for line in lines)
    assert not _wide(lines), _wide(lines)


def test_showdown_prompt_fits_80_columns(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    script = ["help", "hint", "table", "piles", "offer P99", "fly away"]
    lines = _walk(capsys, monkeypatch, ["showdown", "play", "--players", "Ann,cpu,cpu",
                                        "--seed", "1", "--text"], iter(script),
                  _moves_of(SHOWDOWN, "game-1"), 150)
    assert not _wide(lines), _wide(lines)


def test_pig_prompt_fits_80_columns(pig: GameDef, capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    script = ["help", "jump"] + ["roll", "roll", "hold"] * 40
    lines = _walk(capsys, monkeypatch, ["pig", "play", "--text", "--seed", "7", "--target",
                                        "30", "--you", "Ann"], iter(script), None, 0)
    assert not _wide(lines), _wide(lines)


def test_a_long_prompt_is_fitted_and_left_open_for_the_answer(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A prompt wider than 80 columns (Showdown's control question) is broken like any
    line, its last piece left on the line where the answer is typed."""
    ask = "Ann: speed 3, control 2: bid, speed, buy or done? " * 2 + "(bid P07 1 | done)> "
    with fitted_output(WIDTH):
        sys.stdout.write(ask)
        sys.stdout.write("done\n")
    out = capsys.readouterr().out
    assert out.endswith("(bid P07 1 | done)> done\n")
    assert max(len(line) for line in out.splitlines()) <= WIDTH
    assert " ".join(out.split()) == " ".join((ask + "done").split())


def test_the_help_texts_are_written_within_80_columns(pig: GameDef) -> None:
    """The prompts' help texts are laid out within 80 columns as written (the fitting would
    break their lines, not reflow their columns)."""
    texts = {"yatz": yatz_prompt.PROMPT_HELP, "yatz online": yatz_prompt.ONLINE_HELP,
             "muggins": muggins_cli.TEXT_HELP, "muggins online": muggins_cli.ONLINE_HELP,
             "showdown": showdown_cli.TEXT_HELP, "showdown online": showdown_cli.ONLINE_HELP,
             "pig": pig_cli.HELP, "pig online": pig_cli.ONLINE_HELP}
    wide = {k: _wide(t.splitlines()) for k, t in texts.items() if _wide(t.splitlines())}
    assert not wide, wide


#: A name as long as a seat takes (:data:`gameshelf.core.seats.MAX_NAME_LENGTH`).
LONG = "Bartholomew Quincey1"


def _rows_whole(lines: list[str], name: str) -> list[str]:
    """The table rows of ``name`` that do not end with their last figure on the line (a
    row broken over two lines)."""
    return [line for line in lines if line.startswith(f"  {name}")
            and not line.rstrip()[-1:].isdigit()]


def test_every_prompt_fits_80_columns_with_the_longest_names(
        pig: GameDef, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each game's prompt with 20-character names (Muggins' seats here are You and Mugsy,
    named in the online test below): no line over 80 columns, and each players table's
    row on one line (Showdown's rows broke under their last column)."""
    assert len(LONG) == MAX_NAME_LENGTH
    walks: dict[str, tuple[list[str], list[str], Callable[[], str | None] | None, int]] = {
        "showdown": (["showdown", "play", "--players", f"{LONG},cpu,cpu", "--seed", "1",
                      "--text"], ["help", "table", "legal"], _moves_of(SHOWDOWN, "game-1"),
                     150),
        "yatz": (["yatz", "play", "-p", f"{LONG},cpu", "--seed", "4242"],
                 ["help", "roll", "card", "totals", "score chance", "", "roll", "totals"],
                 None, 0),
        "pig": (["pig", "play", "--text", "--seed", "7", "--target", "30", "--you", LONG],
                ["help"] + ["roll", "roll", "hold"] * 30, None, 0),
    }
    for what, (args, script, then, moves) in walks.items():
        lines = _walk(capsys, monkeypatch, args, iter(script), then, moves)
        assert any(LONG in line for line in lines), (what, lines)
        assert not _wide(lines), (what, _wide(lines))
        assert not _rows_whole(lines, LONG), (what, _rows_whole(lines, LONG))


def test_the_online_prompts_tables_fit_80_columns_with_the_longest_names() -> None:
    """Online the seats carry people's names: Muggins' table line with two 20-character
    names and Showdown's players table and final scores with four are whole lines of at
    most 80 columns (the same functions the online prompts print)."""
    other = "Wilhelmina Ashcroft2"
    muggins = MugginsMatch.new(3)
    muggins.run_chance()   # the deal
    text = muggins_cli.describe(MugginsView.of(muggins.state, 0), (LONG, other))
    assert not _wide(text.splitlines()), text
    names = [LONG, other, "Maximilian Oberst 33", "Constantinople Z 444"]
    showdown = ShowdownMatch(parse_players(",".join(names)), 1)
    table = showdown_cli.describe(showdown.state.view(0), showdown.seats)
    final = showdown_cli.table_rows(names, ("cards", "2X", "drop targets", "combinations",
                                            "tokens", "total"),
                                    [(123_456, 45_000, 20_000, 21_000, 2_000, 356_456)] * 4)
    for lines in (table.splitlines(), final):
        assert not _wide(lines), lines
        for name in names:
            assert not _rows_whole(lines, name), lines
