"""``gameshelf muggins``: sim, stats, the text prompt loop, resume, bad input."""

from __future__ import annotations

import json

import pytest

from gameshelf.cli import main
from gameshelf.core.store import Store
from gameshelf.games.muggins.match import GAME


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(list(args))
    out = capsys.readouterr()
    code = exc.value.code
    return (code if isinstance(code, int) else 0), out.out, out.err


def test_sim_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "muggins", "sim", "--games", "4", "--players", "easy,normal",
                       "--target", "100", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 4 and sum(data["wins"]) == 4
    assert data["players"] == ["easy", "normal"]
    lo, hi = data["interval95"][0]
    assert 0 <= lo <= data["win_rate"][0] <= hi <= 1


def test_sim_text_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    a = run(capsys, "muggins", "sim", "--games", "2", "--players", "easy,easy",
            "--target", "60", "--seed", "9")
    b = run(capsys, "muggins", "sim", "--games", "2", "--players", "easy,easy",
            "--target", "60", "--seed", "9")
    assert a == b and "95%" in a[1]


@pytest.mark.parametrize("args", [
    ["muggins", "sim", "--players", "easy"],
    ["muggins", "sim", "--players", "easy,godlike"],
    ["muggins", "sim", "--games", "0"],
    ["muggins", "sim", "--target", "3"],
    ["muggins", "play", "--level", "hard"],
    ["muggins", "play", "--seed", "-4"],
    ["muggins", "play", "--target", "x"],
    ["muggins", "resume"],
])
def test_bad_input_is_one_line_exit_2(capsys: pytest.CaptureFixture[str],
                                      args: list[str]) -> None:
    code, _, err = run(capsys, *args)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("gameshelf: error:")


def test_text_play_quit_then_resume(capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    lines = iter(["9-9 L", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(lines))
    code, out, _ = run(capsys, "muggins", "play", "--text", "--seed", "3", "--level", "easy")
    assert code == 0
    assert "game number 3" in out and "refused:" in out
    assert "Saved as 'game-3'. Resume with: gameshelf muggins resume game-3" in out
    with Store() as store:
        record = store.load_save(GAME, "game-3")
    assert record.seed == 3
    lines2 = iter(["quit"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(lines2))
    code, out, _ = run(capsys, "muggins", "resume", "--text")
    assert code == 0 and "your tiles:" in out


def test_every_game_keeps_its_own_save(capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 11 section 1: Muggins keeps more than one unfinished game, as named saves; a
    second game never takes the first one's slot (issue 10 point 2), ``--new`` drops
    nothing, ``resume`` goes on with the newest or the one named, ``saves`` lists them."""
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    run(capsys, "muggins", "play", "--text", "--seed", "3", "--level", "easy")
    with Store() as store:
        first = store.load_save(GAME, "game-3")
    code, out, _ = run(capsys, "muggins", "play", "--text", "--seed", "4")
    assert code == 0 and "Saved as 'game-4'. Resume with:" in out
    code, out, _ = run(capsys, "muggins", "play", "--text", "--seed", "3", "--new")
    assert code == 0 and "Saved as 'game-3-2'. Resume with:" in out
    code, _, err = run(capsys, "muggins", "play", "--text", "--seed", "5", "--name", "game-4")
    assert code == 2 and "'game-4' exists" in err and err.count("\n") == 1
    with Store() as store:
        assert store.save_names(GAME) == {"game-3", "game-4", "game-3-2"}
        assert store.load_save(GAME, "game-3") == first
    code, out, _ = run(capsys, "muggins", "saves")
    assert code == 0
    assert sorted(line.split()[0] for line in out.splitlines()) == [
        "game-3", "game-3-2", "game-4"]
    assert "Mugsy (easy) · game 3 · you 0, Mugsy 0" in out
    code, out, _ = run(capsys, "muggins", "resume", "--text", "game-4")
    assert code == 0 and "game number 4" in out and "Saved as 'game-4'" in out


def test_text_play_to_the_end_counts_in_stats(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Answers every prompt with each tile of the rack in turn until one is accepted."""
    from gameshelf.games.muggins.tiles import ALL_TILES

    answers = iter([f"{t} {s}" for _ in range(400) for t in ALL_TILES for s in "LR"])
    monkeypatch.setattr("builtins.input", lambda prompt="": "n" if prompt.startswith(
        "Play again") else next(answers))
    code, out, _ = run(capsys, "muggins", "play", "--text", "--seed", "5", "--target", "20",
                       "--level", "easy")
    assert code == 0 and ("You win" in out or "Mugsy wins" in out)
    code, out, _ = run(capsys, "muggins", "stats", "--json")
    stats = json.loads(out)
    easy = next(lv for lv in stats["levels"] if lv["level"] == "easy")
    assert easy["won"] + easy["lost"] == 1
    code, out, _ = run(capsys, "muggins", "stats")
    assert "easy" in out and "even" in out


def test_sim_with_workers_gives_the_same_results_as_one(capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    args = ["muggins", "sim", "--games", "6", "--players", "easy,normal", "--target", "60",
            "--seed", "11", "--json"]
    one = run(capsys, *args)
    two = run(capsys, *args, "--workers", "2")
    assert one[0] == two[0] == 0
    assert json.loads(one[1]) == json.loads(two[1])


def test_run_series_is_independent_of_workers_and_shows_progress_on_stderr(
        capsys: pytest.CaptureFixture[str]) -> None:
    from gameshelf.games.muggins.cli import run_series
    from gameshelf.games.muggins.sim import play_game, series_levels

    alone = run_series(5, 5, "easy", "normal", 60, workers=1, show=True)
    err = capsys.readouterr().err
    assert "easy vs normal" in err and "5/5" in err
    shared = run_series(5, 5, "easy", "normal", 60, workers=3)   # stderr is no terminal
    assert capsys.readouterr().err == ""
    assert alone == shared
    assert alone == [play_game(5 + i, series_levels(i, "easy", "normal"), target=60)
                     for i in range(5)]


def test_sim_text_output_has_a_progress_bar_on_stderr(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    code, out, err = run(capsys, "muggins", "sim", "--games", "2", "--players",
                         "easy,easy", "--target", "30", "--progress")
    assert code == 0 and "95%" in out and "2/2" in err and "2/2" not in out


@pytest.mark.parametrize("workers", ["0", "-1", "100000"])
def test_sim_bad_workers_is_one_line_exit_2(capsys: pytest.CaptureFixture[str],
                                            workers: str) -> None:
    code, out, err = run(capsys, "muggins", "sim", "--games", "2", "--workers", workers)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "--workers" in err


def test_resume_without_a_save_says_how_to_start(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "muggins", "resume", "--text")
    assert code == 2
    assert err == ("gameshelf: error: no saved Muggins game to resume; start one with "
                   "'gameshelf muggins play'\n")


def test_text_help_and_a_tile_not_held(capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """``help`` lists the commands; a bare tile not held and the same tile with L get the
    same answer."""
    from gameshelf.games.muggins.tiles import ALL_TILES, parse_tile

    seen: list[str] = []
    answers: list[str] = []

    def answer(prompt: str = "") -> str:
        seen.append(capsys.readouterr().out)
        hand = {parse_tile(w) for w in
                seen[-1].rsplit("your tiles:", 1)[1].split()}
        missing = next(t for t in ALL_TILES if t not in hand)
        plan = ["help", str(missing), f"{missing} L", "quit"]
        answers.append(plan[len(answers)])
        return answers[-1]

    monkeypatch.setattr("builtins.input", answer)
    code, out, _ = run(capsys, "muggins", "play", "--text", "--seed", "3", "--level", "easy")
    text = "".join(seen) + out
    assert code == 0 and answers[-1] == "quit"
    assert "commands:" in text and "3-5 L" in text and "draw" in text and "quit" in text
    missing = answers[1]
    assert text.count(f"refused: you do not hold {missing}") == 2
    assert "not a Muggins action" not in text


def test_sim_refuses_game_numbers_past_the_last(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "muggins", "sim", "--games", "2", "--target", "5",
                       "--players", "easy,easy", "--seed", "9007199254740991")
    assert code == 2 and "past the largest" in err and err.count("\n") == 1



def _to_the_end_then(answers: list[str], monkeypatch: pytest.MonkeyPatch,
                     second_game: tuple[str, ...] = ()) -> list[str]:
    """Fake input: in the first game every tile of the set at each move prompt until one is
    accepted; ``answers`` at the other prompts; once a game is over, ``second_game`` at the
    move prompts; the end of the input after that. Returns the prompts shown."""
    from gameshelf.games.muggins.tiles import ALL_TILES

    first = iter([f"{t} {s}" for _ in range(400) for t in ALL_TILES for s in "LR"])
    later, after = iter(second_game), iter(answers)
    prompts: list[str] = []

    def fake(prompt: str = "") -> str:
        over = any(p.startswith("Play again") for p in prompts)
        prompts.append(prompt)
        line = next(later if over else first) if prompt == "your move> " else next(after, None)
        if line is None:
            raise EOFError
        return line
    monkeypatch.setattr("builtins.input", fake)
    return prompts


@pytest.mark.parametrize("no", ["N", "no", None])
def test_text_play_asks_to_play_again_and_n_leaves(
        no: str | None, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17: at the end of a game the prompt asks "Play again? (Y/N)", as the manual and
    the screen do; anything but Y or N asks again; N (or the end of the input) leaves."""
    prompts = _to_the_end_then(["maybe", ""] + ([no] if no else []), monkeypatch)
    code, out, _ = run(capsys, "muggins", "play", "--text", "--seed", "5", "--target", "5",
                       "--level", "easy")
    assert code == 0 and ("You win" in out or "Mugsy wins" in out)
    assert prompts.count("Play again? (Y/N) ") == 3 and out.count("Answer Y or N.") == 2
    assert out.count("Muggins against Mugsy") == 1
    with Store() as store:
        assert store.save_names(GAME) == set()  # the finished game is not kept


def test_text_play_again_y_starts_a_new_game(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Y starts a new game at the same level and target (a new game number), as on the
    screen; quitting it keeps it saved for 'resume'."""
    _to_the_end_then(["y"], monkeypatch, second_game=("quit",))
    code, out, _ = run(capsys, "muggins", "play", "--text", "--seed", "5", "--target", "5",
                       "--level", "easy")
    assert code == 0 and out.count("Muggins against Mugsy (easy)") == 2
    assert ". Resume with: gameshelf muggins resume game-" in out
    with Store() as store:
        (row,) = store.list_saves(GAME)   # the first game finished: only the second is kept
    record = row.record
    assert record is not None and record.seed != 5 and record.options.get("target") == 5
