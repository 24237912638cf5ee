"""Issue 10 points 6, 7 and 12: every number, name, typed line, file and record of every game.

- 6: numbers are ASCII digits with a length cap (``²``, Arabic-Indic digits, 5,000-digit
  numbers refused with one line); names have a cap and no control characters; undecodable
  bytes in arguments and typed lines get one clear line, never a traceback.
- 7: files are read only when regular, up to a size cap (``/dev/zero``, a FIFO: refused at
  once); a record with more actions than its game's rules allow is refused.
- 12: every chance outcome and every computer move in a record must be the one its seed and
  players produce (Yatz, Muggins, Showdown).
"""

from __future__ import annotations

import io
import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from gameshelf.cli import main
from gameshelf.core.errors import BadInputError, DeckError, GameshelfError, RecordError
from gameshelf.core.records import GameRecord
from gameshelf.core.store import ResultEntry, ScoreEntry, Store

HUGE = "9" * 5000
#: core.inputs.MAX_RECORD_BYTES (the module is new: the tests of the old program import
#: nothing from it at the top, so each case fails on its own there)
MAX_RECORD_BYTES = 1 << 20


def run(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str],
        stdin: bytes = b"") -> tuple[int, str, str]:
    """Run the command with ``stdin`` as raw bytes (decoded as a terminal's UTF-8 would be,
    strictly: undecodable bytes are the program's to handle)."""
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    with pytest.raises(SystemExit) as exc:
        main(args)
    out = capsys.readouterr()
    return int(exc.value.code or 0), out.out, out.err


def one_line_error(code: int, err: str, fragment: str = "") -> None:
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("gameshelf: error:"), err
    assert "Traceback" not in err and fragment in err, err


def store_dump() -> list[tuple[object, ...]]:
    """Every row of the store (to check that refused input changed nothing)."""
    with Store() as store:
        conn = sqlite3.connect(store.path)
        try:
            rows: list[tuple[object, ...]] = []
            for table in ("saves", "scores", "results"):
                rows += [(table, *r) for r in conn.execute(f"SELECT * FROM {table}")]
            return rows
        finally:
            conn.close()


# ----- 6: whole numbers ------------------------------------------------------------------

@pytest.mark.parametrize("text", ["²", "٣", "１", "-1", "+1", "1.0", "", " ", "1 2", HUGE,
                                  "0" * 19, "\udcff"])
def test_whole_number_takes_ascii_digits_with_a_cap(text: str) -> None:
    from gameshelf.core.inputs import whole_number

    with pytest.raises(BadInputError) as exc:
        whole_number(text, "n")
    assert "\n" not in str(exc.value) and len(str(exc.value)) < 200


def test_whole_number_reads_ascii_digits_and_checks_the_range() -> None:
    from gameshelf.core.inputs import whole_number

    assert whole_number(" 0042 ", "n") == 42
    assert whole_number("1,000", "n", separators=",") == 1000
    with pytest.raises(BadInputError, match="n must be 1 to 5, got 6"):
        whole_number("6", "n", low=1, high=5)


@pytest.mark.parametrize("line", ["hold ²", "hold ٣", "card ²", "card ٢", f"card {HUGE}",
                                  "dice ²", f"dice {HUGE}", "score x² chance", "score x1 ²",
                                  "hold 1\u00b2", "score x1 \u212ak"])
def test_yatz_prompt_refuses_unicode_and_huge_numbers(
        line: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(capsys, monkeypatch, ["yatz", "play", "-p", "Ann", "--seed", "5"],
                         f"roll\n{line}\nquit\n".encode())
    assert code == 0 and "Traceback" not in err and "Saved as 'game-5'" in out
    assert err.count("\n") == 1 and len(err) < 200  # one line: the refusal


def test_yatz_arabic_indic_digits_do_not_hold_dice() -> None:
    from gameshelf.games.yatz.game import parse_action
    for text in ("hold ١", "hold ٣٥", "dice ٣"):
        with pytest.raises(BadInputError):
            parse_action(text)


@pytest.mark.parametrize("line", ["²-3", "٣-٥", "3-٥ L", "take ٣-٥", f"{HUGE}-1",
                                  "３-５"])
def test_muggins_tiles_are_ascii_digits(
        line: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from gameshelf.games.muggins.game import parse_action
    from gameshelf.games.muggins.tiles import parse_tile
    with pytest.raises(BadInputError):
        parse_action(line)
    with pytest.raises(BadInputError):
        parse_tile(line.split()[0])
    code, out, err = run(capsys, monkeypatch, ["muggins", "play", "--text", "--seed", "3"],
                         f"{line}\nquit\n".encode())
    assert code == 0 and "Traceback" not in err and "refused" in out


@pytest.mark.parametrize("text", ["bid P07 ٣", "bid P٠٧ 3", "speed ²", "flip ٢",
                                  f"speed {HUGE}", f"bid P07 {HUGE}", "offer P²",
                                  "offer \u017f07", "deal first=٠ deck=P01 combos=C01"])
def test_showdown_actions_are_ascii_digits(text: str) -> None:
    from gameshelf.games.showdown.actions import parse_action
    with pytest.raises(BadInputError):
        parse_action(text)


def test_showdown_prompt_refuses_unicode_numbers(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(capsys, monkeypatch,
                         ["showdown", "play", "--text", "-p", "Ann,cpu", "--seed", "3"],
                         f"speed ²\nbid P07 ٣\nspeed {HUGE}\nquit\n".encode())
    assert code == 0 and "Traceback" not in err
    assert out.count("must be a whole number") + out.count("has 5,000 digits") == 3


@pytest.mark.parametrize("args, fragment", [
    (["dollar", "score", "40000002", "--district", HUGE], "5,000 digits"),
    (["dollar", "score", "40000002", "--district", "١٢"], "district"),
    (["dollar", "score", "40000002", "--district", "ı"], "district"),
    (["dollar", "score", "ıl40000002a"], "U+0131"),
    (["dollar", "score", "ﬁ40000002a"], "U+FB01"),
    (["dollar", "score", "L４0000002A"], "U+FF14"),
    (["dollar", "score", "L40000002A", "--series", "2017ı"], "U+0131"),
    (["dollar", "odds", "--band", "٣"], "--band"),
    (["dollar", "odds", "--band", HUGE], "--band"),
    (["dollar", "best", "--limit", "²"], "--limit"),
    (["yatz", "play", "--seed", HUGE], "game number"),
    (["yatz", "play", "--seed", "²"], "game number"),
    (["yatz", "sim", "--games", "٣"], "--games"),
    (["yatz", "sim", "--workers", HUGE], "--workers"),
    (["muggins", "play", "--target", HUGE, "--text"], "--target"),
    (["muggins", "sim", "--games", "²"], "--games"),
    (["muggins", "sim", "--workers", "٢"], "--workers"),
    (["showdown", "sim", "--games", HUGE], "--games"),
    (["showdown", "play", "--seed", "٣", "--text"], "game number"),
])
def test_command_line_numbers_are_one_line_exit_2(
        args: list[str], fragment: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(capsys, monkeypatch, args)
    one_line_error(code, err, fragment)
    assert len(err) < 300


# ----- 6: names and undecodable bytes ----------------------------------------------------

@pytest.mark.parametrize("name", ["a\x1bb", "bell\x07", "csi\x9b31m", "nul\x00", "rtl\u202e",
                                  "x" * 41, "n\udcff", "a\x1cb", "a\x1fb", "a\u2028b",
                                  "a\u2029b", "a\u200bb", "a\u200cb", "a\u200db", "a\u2060b",
                                  "\ufeffAnn", "tab\tin", "new\nline", "a\x85b"])
def test_check_name_refuses_control_characters_long_and_undecodable_names(name: str) -> None:
    from gameshelf.core.inputs import check_name

    with pytest.raises(BadInputError) as exc:
        check_name(name)
    assert len(str(exc.value)) < 200


def test_check_name_keeps_letters_of_every_script() -> None:
    from gameshelf.core.inputs import check_name

    assert check_name(" Ann   Lee ") == "Ann Lee"
    assert check_name("Zoë 李 👩🚀 Ана") == "Zoë 李 👩🚀 Ана"
    assert check_name("Zoe\u0308") == "Zoë"       # one form (NFC) however it was typed


@pytest.mark.parametrize("args", [
    ["yatz", "play", "--name", "n\udcff", "--seed", "3"],
    ["yatz", "resume", "n\udcff"],
    ["yatz", "export", "n\udcff", "x.json"],
    ["yatz", "play", "-p", "Ann\udcff,cpu"],
    ["showdown", "play", "--text", "-p", "Ann\udcff,cpu"],
    ["showdown", "resume", "n\udcff", "--text"],
    ["dollar", "score", "L40000002A\udcff"],
    ["muggins", "play", "--level", "easy\udcff", "--text"],
])
def test_undecodable_command_line_arguments_are_one_line(
        args: list[str], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = run(capsys, monkeypatch, args)
    one_line_error(code, err, "not valid UTF-8")
    assert store_dump() == []


@pytest.mark.parametrize("args", [
    ["yatz", "play", "--name", "a\x1b]0;pwned\x07", "--seed", "3"],
    ["yatz", "play", "--name", "x" * 41, "--seed", "3"],
    ["yatz", "play", "-p", "A\x1b[5mB,cpu", "--seed", "3"],
    ["yatz", "play", "-p", "A\x9bB", "--seed", "3"],
    ["yatz", "play", "-p", "x" * 100_000, "--seed", "3"],
    ["showdown", "play", "--text", "-p", "A\x07,cpu"],
    ["showdown", "play", "--text", "-p", "A\u202eB,cpu"],
])
def test_names_with_control_characters_or_too_long_are_refused(
        args: list[str], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = run(capsys, monkeypatch, args, b"quit\n")
    one_line_error(code, err)
    assert "\x1b" not in err and "\x07" not in err and len(err) < 300
    assert store_dump() == []


def test_dollar_player_names_are_checked() -> None:
    from gameshelf.games.dollar.game import make_entry
    for name in ("a\x1bb", "x" * 25, "n\udcff"):
        with pytest.raises(BadInputError):
            make_entry(name, "L40000002A")
    assert make_entry("  Ann  ", "L40000002A").name == "Ann"


@pytest.mark.parametrize("game_args, lines", [
    (["yatz", "play", "-p", "Ann", "--seed", "5"], [b"roll", b"hold \xff", b"\xfe\xfe",
                                                    b"save n\xff", b"card \xc3"]),
    (["muggins", "play", "--text", "--seed", "3"], [b"\xff", b"3-\xff L"]),
    (["showdown", "play", "--text", "-p", "Ann,cpu", "--seed", "3"], [b"\xff", b"bid \xff"]),
    (["showdown", "play", "--text", "-p", "Ann,Bob", "--seed", "3"], [b"\xff", b"\x80"]),
])
def test_undecodable_bytes_at_every_prompt_get_a_message_and_a_new_prompt(
        game_args: list[str], lines: list[bytes], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(capsys, monkeypatch, game_args, b"\n".join([*lines, b"quit", b""]))
    assert code == 0 and "Traceback" not in err
    assert err.count("not UTF-8 text; type it again") == sum(
        1 for line in lines if not _utf8(line))
    with Store() as store:  # saved under its own name, never an undecodable one
        for game in ("yatz", "muggins", "showdown"):
            assert all(_utf8(n.encode("utf-8", "surrogatepass")) for n in store.save_names(game))


def _utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def test_save_at_the_prompt_refuses_control_characters(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(capsys, monkeypatch, ["yatz", "play", "-p", "Ann", "--seed", "5"],
                         b"save a\x1bb\nsave " + b"y" * 41 + b"\nquit\n")
    assert code == 0 and "control character U+001B" in err and "longer than 40" in err
    with Store() as store:
        assert store.save_names("yatz") == {"game-5"}


# ----- 6: records and data files holding odd numbers --------------------------------------

def _yatz_record(actions: tuple[str, ...], players: list[dict[str, str]] | None = None,
                 seed: int = 5) -> GameRecord:
    return GameRecord("yatz", 1, {"rules": "yatz", "players": players or [
        {"name": "Ann", "player": "human"}]}, seed, actions)


def test_a_record_holding_superscript_two_is_refused_on_import_and_reported_in_saves(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from gameshelf.games.yatz.match import Match
    m = Match.from_record(_yatz_record(()))
    m.act("roll")
    bad = _yatz_record((*m.actions, "hold ²"))
    path = tmp_path / "bad.json"
    path.write_text(bad.to_json())
    code, _, err = run(capsys, monkeypatch, ["yatz", "import", str(path)])
    one_line_error(code, err, "not legal")
    assert store_dump() == []
    with Store() as store:  # one stored damaged anyway (an older program, an edit)
        store.replace_save("damaged", bad)
        store.replace_save("fine", m.record())
    before = store_dump()
    code, out, err = run(capsys, monkeypatch, ["yatz", "saves"])
    assert code == 0 and "fine" in out and "Traceback" not in err
    assert "damaged" in out and "cannot be resumed" in out
    code, _, err = run(capsys, monkeypatch, ["yatz", "resume", "damaged"])
    one_line_error(code, err)
    code, out, err = run(capsys, monkeypatch, ["yatz", "resume", "fine"], b"quit\n")
    assert code == 0 and "Saved as 'fine'" in out
    assert [r for r in store_dump() if r[0] != "saves" or r[3] != "fine"] == \
        [r for r in before if r[0] != "saves" or r[3] != "fine"]


@pytest.mark.parametrize("old, new", [
    ('"seed": 5', f'"seed": {HUGE}'),
    ('"rules": "yatz"', f'"rules": "yatz", "target": {HUGE}'),
    ('"rules_version": 1', '"rules_version": 1000000000000000000000000000000'),
    ('"seed": 5', '"seed": -10000000000000000000'),
])
def test_records_with_huge_numbers_are_record_errors(old: str, new: str) -> None:
    text = _yatz_record(("roll",)).to_json()
    assert old in text
    with pytest.raises(RecordError, match="digits"):
        GameRecord.from_json(text.replace(old, new))


def test_json_and_toml_loaders_turn_every_failure_into_the_given_error() -> None:
    from gameshelf.core.inputs import load_json, load_toml

    for text in ["[" * 100_000, "{" + HUGE, HUGE, "\udcff", b"\xff\xfe", "1e99999x"]:
        with pytest.raises(RecordError):
            load_json(text, "x", RecordError)  # type: ignore[arg-type]
    for text in [f"a = {HUGE}", "a = [" * 100_000, "a = 1 = 2", "b = 10000000000000000000"]:
        with pytest.raises(DeckError):
            load_toml(text, "x", DeckError)


def test_deck_and_correction_files_with_huge_numbers_are_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from gameshelf.games.showdown.cards import default_deck_text, parse_deck
    from gameshelf.games.yatz.strategy import dump_correction, load_correction
    text = default_deck_text().replace("points = ", f"points = {HUGE}", 1)
    with pytest.raises(DeckError, match="digits"):
        parse_deck(text, "deck")
    deck = tmp_path / "huge.toml"
    deck.write_text(text)
    for args in (["showdown", "play", "--text", "--deck", str(deck)],
                 ["showdown", "sim", "-n", "1", "--deck", str(deck)]):
        code, _, err = run(capsys, monkeypatch, args)
        one_line_error(code, err, "digits")
    corr = dump_correction(load_correction()).replace("weights = [\n", f"weights = [\n{HUGE},\n")
    with pytest.raises(BadInputError, match="digits"):
        load_correction(corr)


# ----- 7: unbounded reads ----------------------------------------------------------------

def test_read_file_refuses_devices_fifos_folders_and_large_files(tmp_path: Path) -> None:
    from gameshelf.core.inputs import read_file

    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)  # nobody writes: reading it would hang
    big = tmp_path / "big"
    big.write_bytes(b"x" * 1001)
    for path, fragment in [("/dev/zero", "not a regular file"), (fifo, "not a regular file"),
                           (tmp_path, "folder"), (big, "too large"),
                           (tmp_path / "none", "No such file")]:
        with pytest.raises(BadInputError, match=fragment):
            read_file(path, "the file", max_bytes=1000)
    assert read_file(big, "the file", max_bytes=1001) == b"x" * 1001


@pytest.mark.parametrize("args", [
    ["yatz", "import", "/dev/zero"],
    ["yatz", "import", "FIFO"],
    ["yatz", "import", "BIG"],
    ["showdown", "play", "--text", "--deck", "/dev/zero"],
    ["showdown", "play", "--text", "--deck", "FIFO"],
    ["showdown", "sim", "-n", "1", "--deck", "/dev/zero"],
    ["showdown", "sim", "-n", "1", "--deck", "BIG"],
])
def test_files_given_on_the_command_line_are_regular_and_bounded(
        args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    big = tmp_path / "big"
    with open(big, "wb") as fh:
        fh.truncate(MAX_RECORD_BYTES + 1)  # sparse: large, yet no disk used
    args = [str(fifo) if a == "FIFO" else str(big) if a == "BIG" else a for a in args]
    code, _, err = run(capsys, monkeypatch, args)
    one_line_error(code, err)
    assert "not a regular file" in err or "too large" in err
    assert store_dump() == []


def test_solver_cache_that_is_not_a_regular_file_is_solved_again_not_read(
        tmp_path: Path) -> None:
    from gameshelf.games.yatz import solver
    from gameshelf.games.yatz.scoring import rule_set
    rules = rule_set("yatz")
    path = solver.cache_path(rules, tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    assert solver.load_cached(rules, tmp_path) is None  # at once: never opened for a read


def test_a_yatz_record_of_a_million_actions_is_refused_at_once(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from gameshelf.games.yatz.game import max_actions
    from gameshelf.games.yatz.match import Match
    huge = _yatz_record(("roll",) + ("hold 1",) * 999_999)
    path = tmp_path / "huge.json"
    path.write_text(huge.to_json(indent=None))
    code, _, err = run(capsys, monkeypatch, ["yatz", "import", str(path)])
    one_line_error(code, err, "too large")
    # under the byte cap but past the rules' maximum (468 actions for one seat, undos too)
    m = Match.from_record(_yatz_record(()))
    m.act("roll")
    over = _yatz_record((*m.actions, *("hold 1",) * max_actions(1)))
    path.write_text(over.to_json())
    code, _, err = run(capsys, monkeypatch, ["yatz", "import", str(path)])
    one_line_error(code, err, f"at most {max_actions(1)}")
    with Store() as store:
        store.replace_save("long", over)
    code, out, err = run(capsys, monkeypatch, ["yatz", "saves"])
    assert code == 0 and "long" in out and f"at most {max_actions(1)}" in out


def test_muggins_and_showdown_records_past_the_rules_maximum_are_refused() -> None:
    from gameshelf.games.muggins import game as mg
    from gameshelf.games.muggins.match import Match as MMatch
    from gameshelf.games.showdown import game as sg
    from gameshelf.games.showdown.match import Match as SMatch
    from gameshelf.games.showdown.match import parse_players
    m = MMatch.new(3, target=50)
    rec = m.record()
    long = GameRecord(rec.game, rec.rules_version, rec.options, rec.seed,
                      rec.actions + ("draw",) * mg.max_actions(50))
    with pytest.raises(RecordError, match="at most"):
        MMatch.from_record(long)
    s = SMatch(parse_players("Ann,Bob"), 3)
    s.run_until_human()
    rec = s.record()
    long = GameRecord(rec.game, rec.rules_version, rec.options, rec.seed,
                      rec.actions + ("done",) * sg.max_actions(2))
    with pytest.raises(RecordError, match="at most"):
        SMatch.from_record(long)


def test_real_games_fit_the_rules_maximum() -> None:
    """The maxima hold for games played to the end, with many repeated holds in Yatz (a
    match keeps only the last of a run of holds)."""
    import random

    from gameshelf.games.muggins import game as mg
    from gameshelf.games.muggins.match import MUGSY
    from gameshelf.games.muggins.match import Match as MMatch
    from gameshelf.games.showdown import game as sg
    from gameshelf.games.showdown.match import Match as SMatch
    from gameshelf.games.showdown.match import parse_players
    from gameshelf.games.yatz import game as yg
    from gameshelf.games.yatz.match import Match as YMatch
    from gameshelf.games.yatz.match import Seat
    rng = random.Random(4)
    y = YMatch([Seat("Ann"), Seat("", "greedy")], 9)
    while not y.is_over():
        y.play_computers()
        if y.is_over():
            break
        for _ in range(rng.randint(0, 5)):
            if y.state.rolls_left and y.state.dice:
                y.act(rng.choice(yg.HOLDS))
        y.act(rng.choice(y.state.legal_actions()))
    assert len(y.actions) <= yg.max_actions(2)
    assert YMatch.from_record(y.record()).state.grand_total(0) == y.state.grand_total(0)
    for seed in range(3):
        mm = MMatch.new(seed, target=100, options={"level": "easy"})
        while not mm.state.is_terminal():
            mm.apply(mm.mugsy_action() if mm.state.current_player() == MUGSY
                     else rng.choice(mm.state.legal_actions()))
        assert len(mm.actions) <= mg.max_actions(100)
    for players in ("random,random", "random,random,random,random"):
        s = SMatch(parse_players(players), 5)
        s.run_until_human()
        assert s.state.is_terminal() and len(s.actions) <= sg.max_actions(len(s.seats))


# ----- 12: records are checked against their seed and their computer players ------------

def test_yatz_record_with_a_substituted_computer_move_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from gameshelf.games.yatz.game import SCORES
    from gameshelf.games.yatz.match import Match, Seat
    m = Match([Seat("Ann"), Seat("", "greedy")], 11)
    m.act("roll")
    m.act("score x1 chance")
    m.play_computers()
    rec = m.record()
    k = next(i for i, a in enumerate(rec.actions) if i > 3 and a.startswith("score"))
    mine = str(m.log[k])
    other = next(str(a) for col in SCORES for a in col if str(a) != mine)
    forged = GameRecord(rec.game, rec.rules_version, rec.options, rec.seed,
                        (*rec.actions[:k], other, *rec.actions[k + 1:]))
    path = tmp_path / "forged.json"
    path.write_text(forged.to_json())
    code, _, err = run(capsys, monkeypatch, ["yatz", "import", str(path)])
    one_line_error(code, err, "computer player")
    assert store_dump() == []
    path.write_text(rec.to_json())
    code, out, err = run(capsys, monkeypatch, ["yatz", "import", str(path)])
    assert code == 0 and "Imported" in out


def test_yatz_record_with_a_person_relabelled_as_a_computer_is_refused() -> None:
    from gameshelf.games.yatz.match import Match, Seat
    m = Match([Seat("Ann"), Seat("Bob")], 12)
    for line in ("roll", "hold 1", "roll", "score x2 chance", "roll", "score x3 sixes"):
        m.act(line)
    rec = m.record()
    for seat in (0, 1):
        players = [dict(p) for p in rec.options["players"]]
        players[seat]["player"] = "greedy"
        forged = GameRecord(rec.game, rec.rules_version, {**rec.options, "players": players},
                            rec.seed, rec.actions)
        with pytest.raises(RecordError, match="computer player"):
            Match.from_record(forged)


def test_yatz_record_with_other_dice_is_refused() -> None:
    from gameshelf.games.yatz.match import Match
    m = Match.from_record(_yatz_record(()))
    m.act("roll")
    faces = m.actions[1].split()[1:]
    other = "dice " + " ".join(str(int(f) % 6 + 1) for f in faces)
    with pytest.raises(RecordError, match="not the dice"):
        Match.from_record(_yatz_record(("roll", other)))


def _muggins_played(n: int, level: str = "normal") -> object:
    from gameshelf.games.muggins.match import MUGSY
    from gameshelf.games.muggins.match import Match as MMatch
    m = MMatch.new(21, target=200, options={"level": level})
    for _ in range(n):
        m.apply(m.mugsy_action() if m.state.current_player() == MUGSY
                else m.state.legal_actions()[0])
    return m


def test_muggins_record_with_a_substituted_tile_or_mugsy_move_is_refused() -> None:
    from gameshelf.games.muggins import game as mg
    from gameshelf.games.muggins.game import Play
    from gameshelf.games.muggins.match import MUGSY
    from gameshelf.games.muggins.match import Match as MMatch
    from gameshelf.games.muggins.tiles import DEALT_TILES
    m = _muggins_played(30)
    assert isinstance(m, MMatch)
    rec = m.record()
    assert MMatch.from_record(rec).state.scores == m.state.scores
    # a dealt tile swapped for another
    first = rec.actions[0]
    other = next(f"take {t}" for t in DEALT_TILES if f"take {t}" != first)
    forged = GameRecord(rec.game, rec.rules_version, rec.options, rec.seed,
                        (other, *rec.actions[1:]))
    with pytest.raises(RecordError, match="gives"):
        MMatch.from_record(forged)
    # Mugsy's move replaced by another legal one
    replay = MMatch.new(21, target=200, options={"level": "normal"})
    replay = MMatch(replay.seed, mg.MugginsState(target=200), replay.chance)
    for k, text in enumerate(rec.actions):
        if replay.state.current_player() == MUGSY:
            legal = [str(a) for a in replay.state.legal_actions()
                     if isinstance(a, Play) and str(a) != text]
            if legal:
                forged = GameRecord(rec.game, rec.rules_version, rec.options, rec.seed,
                                    (*rec.actions[:k], legal[0]))
                with pytest.raises(RecordError, match="Mugsy plays"):
                    MMatch.from_record(forged)
                break
        replay.state.apply_action(mg.parse_action(text))
    else:  # pragma: no cover - every game has a Mugsy move with a choice
        pytest.fail("no Mugsy move with a choice")


def test_muggins_even_level_keeps_its_history_in_the_record(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    with Store() as store:
        for outcome in ("win", "win", "loss"):
            store.finish_game("muggins", results=[ResultEntry("you", "mugsy-even", outcome)])
    code, _, err = run(capsys, monkeypatch,
                       ["muggins", "play", "--text", "--level", "even", "--seed", "4"],
                       b"quit\n")
    assert code == 0, err
    with Store() as store:
        rec = store.load_save("muggins", "game-4")
    assert rec.options["history"] == ["loss", "win", "win"]
    forged = GameRecord(rec.game, rec.rules_version, {**rec.options, "history": ["x"]},
                        rec.seed, rec.actions)
    from gameshelf.games.muggins.match import Match as MMatch
    with pytest.raises(RecordError, match="history"):
        MMatch.from_record(forged)


def test_showdown_record_with_a_substituted_deal_or_computer_move_is_refused() -> None:
    from gameshelf.games.showdown.actions import Deal
    from gameshelf.games.showdown.match import Match as SMatch
    from gameshelf.games.showdown.match import Seat, parse_players
    s = SMatch(parse_players("Ann,cpu"), 8)
    for _ in range(6):
        s.run_until_human()
        s.play(str(s.state.legal_actions()[0]))
    s.run_until_human()
    rec = s.record()
    assert SMatch.from_record(rec).actions == s.actions
    from gameshelf.games.showdown.actions import parse_action
    d = parse_action(rec.actions[0])
    assert isinstance(d, Deal)
    other = Deal(d.deck[1:] + d.deck[:1], d.combos, d.first)
    forged = GameRecord(rec.game, rec.rules_version, rec.options, rec.seed,
                        (str(other), *rec.actions[1:]))
    with pytest.raises(RecordError, match="chance event of this game number"):
        SMatch.from_record(forged)
    # a computer seat's move replaced by another legal one
    replay = SMatch(s.seats, 8)
    for k, text in enumerate(rec.actions):
        p = replay.to_act()
        if p >= 0 and not replay.seats[p].is_human:
            legal = [str(a) for a in replay.state.legal_actions() if str(a) != text]
            if legal:
                forged = GameRecord(rec.game, rec.rules_version, rec.options, rec.seed,
                                    (*rec.actions[:k], legal[0]))
                with pytest.raises(RecordError, match="computer player"):
                    SMatch.from_record(forged)
                break
        replay.state.apply_action(parse_action(text))
    else:  # pragma: no cover
        pytest.fail("no computer move with a choice")
    # a person relabelled as a computer
    players = [{"name": "Ann", "kind": "heuristic"}, rec.options["players"][1]]
    forged = GameRecord(rec.game, rec.rules_version, {**rec.options, "players": players},
                        rec.seed, rec.actions)
    with pytest.raises(RecordError, match="computer player"):
        SMatch.from_record(forged)
    assert Seat("Ann", "human").is_human


def test_refused_records_leave_the_store_unchanged(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from gameshelf.games.yatz.match import Match
    m = Match.from_record(_yatz_record(()))
    m.act("roll")
    with Store() as store:
        store.replace_save("game-5", m.record())
        store.finish_game("yatz", scores=[ScoreEntry("Ann", 300, seed=5)])
    before = store_dump()
    for text in ['{"format": "gameshelf-record/1", "seed": ' + HUGE + "}", "²", "\udcff",
                 _yatz_record(("roll", "dice ²")).to_json()]:
        path = tmp_path / "r.json"
        path.write_text(text, errors="surrogateescape")
        code, _, err = run(capsys, monkeypatch, ["yatz", "import", str(path), "--force"])
        one_line_error(code, err)
    assert store_dump() == before


def test_every_error_here_is_a_gameshelf_error() -> None:
    assert issubclass(RecordError, GameshelfError) and issubclass(DeckError, GameshelfError)


@pytest.mark.parametrize("old, new, fragment", [
    ('device = "Spinner"', 'device = "Spin\\u001b[5mner"', "U+001B"),
    ('device = "Spinner"', 'device = "' + "S" * 41 + '"', "longer than 40"),
    ('device = "Spinner"', 'device = "   "', "field 'device' must be non-empty"),
    ('name = "gameshelf reconstruction"', 'name = "deck\\u0007"', "U+0007"),
])
def test_deck_texts_are_checked_like_names(old: str, new: str, fragment: str) -> None:
    from gameshelf.games.showdown.cards import default_deck_text, parse_deck
    text = default_deck_text()
    assert old in text
    with pytest.raises(DeckError) as exc:
        parse_deck(text.replace(old, new, 1), "deck")
    assert fragment in str(exc.value) and "( )" not in str(exc.value)
    assert "\x1b" not in str(exc.value) and "\x07" not in str(exc.value)


# ----- 6: names entered on the setup screens ----------------------------------------------

async def test_setup_screens_refuse_names_with_control_characters() -> None:
    """Yatz, Showdown and Dollar setup: a name with an escape or a bell, or too long, gets a
    message on the screen; no game starts and nothing is stored."""
    from textual.widgets import Input, Static

    from gameshelf.games.dollar.tui.screen import DollarScreen
    from gameshelf.games.showdown.tui.setup import ShowdownStartScreen
    from gameshelf.games.yatz.tui.setup import SetupScreen
    from gameshelf.tui.app import GameshelfApp

    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        app.screen.query_one("#name1", Input).value = "A\x1b]0;x\x07B"
        await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "control character" in str(app.screen.query_one("#setupmsg", Static).render())
        app.pop_screen()
        await pilot.pause()
        await pilot.press("4")
        await pilot.pause()
        assert isinstance(app.screen, ShowdownStartScreen)
        for players in ("Ann\x07,cpu", "x" * 30 + ",cpu"):
            app.screen.query_one("#sd-players", Input).value = players
            await pilot.click("#sd-new")
            await pilot.pause()
            assert isinstance(app.screen, ShowdownStartScreen)
            assert "player name" in str(app.screen.query_one("#sd-msg", Static).render())
        app.pop_screen()
        await pilot.pause()
        screen = DollarScreen(seed=42, step_seconds=3600)
        await app.push_screen(screen)
        await pilot.pause()
        screen.query_one("#name", Input).value = "Ann\x1b[5m"
        screen.query_one("#bill", Input).value = "L40000002A"
        screen.query_one("#bill", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.entries == []
        assert "control character" in str(screen.query_one("#message", Static).render())
    assert store_dump() == []


@pytest.mark.parametrize("bad", ["Ann\u034f", "\u3164", "Ann\ufe0f"])
async def test_setup_screens_refuse_names_that_show_nothing_or_look_like_another(
        bad: str) -> None:
    """Yatz, Showdown and Dollar setup and the online screen: a name holding a character that
    shows nothing (``Ann`` followed by U+034F, a look-alike of ``Ann``; the Hangul filler
    alone) gets a one-line message naming it; no game starts, no room is asked for and
    nothing is stored."""
    from textual.widgets import Input, Static

    from gameshelf.games.dollar.tui.screen import DollarScreen
    from gameshelf.games.showdown.tui.setup import ShowdownStartScreen
    from gameshelf.tui.app import GameshelfApp

    code = f"U+{ord(bad[-1]):04X}"
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        said = await _yatz_setup_says(app, pilot, bad)
        assert "invisible" in said and code in said, said
        app.pop_screen()
        await pilot.pause()
        await pilot.press("4")
        await pilot.pause()
        assert isinstance(app.screen, ShowdownStartScreen)
        app.screen.query_one("#sd-players", Input).value = f"{bad},cpu"
        await pilot.click("#sd-new")
        await pilot.pause()
        assert isinstance(app.screen, ShowdownStartScreen)
        said = str(app.screen.query_one("#sd-msg", Static).render())
        assert "invisible" in said and code in said, said
        app.pop_screen()
        await pilot.pause()
        screen = DollarScreen(seed=42, step_seconds=3600)
        await app.push_screen(screen)
        await pilot.pause()
        screen.query_one("#name", Input).value = bad
        screen.query_one("#bill", Input).value = "L40000002A"
        screen.query_one("#bill", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.entries == []
        said = str(screen.query_one("#message", Static).render())
        assert "invisible" in said and code in said, said
        app.pop_screen()
        await pilot.pause()
        said = await _online_says(app, pilot, bad)
        assert "invisible" in said and code in said and "Creating" not in said, said
    assert store_dump() == []


@pytest.mark.parametrize("bad", ["Ann\u2028", "Ann\x1f", "\u0085Ann"])
async def test_setup_screens_check_a_name_as_typed_before_its_blanks_are_folded(
        bad: str) -> None:
    """Yatz's seat rows and the online screen: a name with a character ``str.strip``
    takes for a blank but no name may hold (U+2028, U+001F, U+0085) at an end is refused
    naming it, never stripped to ``Ann``; no game starts and no room is asked for."""
    from gameshelf.tui.app import GameshelfApp

    code = f"U+{ord(next(c for c in bad if c not in 'Ann')):04X}"
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        said = await _yatz_setup_says(app, pilot, bad)
        assert code in said, said
        app.pop_screen()
        await pilot.pause()
        said = await _online_says(app, pilot, bad)
        assert code in said and "Creating" not in said, said
    assert store_dump() == []


def test_undecodable_bytes_at_the_delete_question_are_not_a_yes(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    with Store() as store:
        store.replace_save("keep", _yatz_record(()))
    before = store_dump()
    code, out, err = run(capsys, monkeypatch, ["yatz", "delete", "keep"], b"\xff\n\xfe\n")
    assert "Traceback" not in err and code != 0
    assert store_dump() == before


async def _yatz_setup_says(app: Any, pilot: Any, name: str) -> str:
    """From the menu, Yatz's setup with ``name`` in its first seat and Start pressed: what
    its message line says (the setup still shown: no game started)."""
    from textual.widgets import Input, Static

    from gameshelf.games.yatz.tui.setup import SetupScreen

    await pilot.press("2")
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    app.screen.query_one("#name1", Input).value = name
    await pilot.click("#start")
    await pilot.pause()
    assert isinstance(app.screen, SetupScreen)
    return str(app.screen.query_one("#setupmsg", Static).render())


async def _online_says(app: Any, pilot: Any, name: str) -> str:
    """The online screen asked to create a room (at a server no one listens on) with
    ``name``: what its message line says."""
    from textual.widgets import Input, Static

    from gameshelf.tui.online import OnlineScreen

    online = OnlineScreen()
    await app.push_screen(online)
    await pilot.pause()
    online.query_one("#on-server", Input).value = "ws://127.0.0.1:9/ws"
    online.query_one("#on-name", Input).value = name
    online.go("create")
    await pilot.pause()
    return str(online.query_one("#on-msg", Static).render())
