"""Random text, bytes and names fed to every prompt parser, every prompt loop and every record
reader (issue 10): the answer is a clean result or a GameshelfError with a one-line message,
never another exception, and refused input changes no stored data."""

from __future__ import annotations

import io
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gameshelf.cli import main
from gameshelf.core.errors import GameshelfError
from gameshelf.core.records import GameRecord
from gameshelf.core.store import ScoreEntry, Store
from tests.examples import examples

#: Any character, lone surrogates (undecodable bytes) and control characters included.
ANY_TEXT = st.text(st.characters(codec=None, categories=None), max_size=60)
#: Text made of what the parsers look for, so that it gets past the first checks.
NEAR_TEXT = st.lists(st.sampled_from(
    list("0123456789 -,:|/=xXpPcCLR") + ["²", "٣", "１", "ı", "ﬁ", "\x1b", "\udcff", "★",
                                        "roll", "hold", "score", "dice", "card", "take",
                                        "bid", "offer", "speed", "flip", "deal", "draw"]),
    max_size=12).map("".join)
TEXT = st.one_of(ANY_TEXT, NEAR_TEXT)
FUZZ = settings(max_examples=examples(60), deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


def _parsers() -> dict[str, Callable[[str], object]]:
    from gameshelf.core.chance import parse_seed
    from gameshelf.core.inputs import check_name, whole_number
    from gameshelf.core.keymaps import parse_key_map
    from gameshelf.games.dollar.bill import parse_bill, parse_district, parse_series
    from gameshelf.games.dollar.game import make_entry
    from gameshelf.games.muggins import game as mg
    from gameshelf.games.muggins.mugsy import parse_level
    from gameshelf.games.muggins.tiles import parse_tile
    from gameshelf.games.showdown import actions as sa
    from gameshelf.games.showdown.match import parse_players
    from gameshelf.games.yatz import game as yg
    from gameshelf.games.yatz.match import parse_seats
    from gameshelf.games.yatz.scoring import Box
    return {
        "yatz action": yg.parse_action, "yatz box": Box.parse, "yatz column": yg.parse_column,
        "yatz seats": parse_seats, "muggins action": mg.parse_action, "tile": parse_tile,
        "level": parse_level, "showdown action": sa.parse_action, "card": sa.parse_card,
        "showdown players": parse_players, "bill": parse_bill, "series": parse_series,
        "district": parse_district, "dollar name": lambda t: make_entry(t, "L40000002A"),
        "seed": parse_seed, "number": lambda t: whole_number(t, "n"), "name": check_name,
        "key map": parse_key_map,
    }


PARSERS = _parsers()


@pytest.mark.parametrize("parser", sorted(PARSERS))
@FUZZ
@given(text=TEXT)
def test_every_prompt_parser_answers_a_result_or_a_one_line_error(parser: str,
                                                                  text: str) -> None:
    try:
        PARSERS[parser](text)
    except GameshelfError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 400


def _records() -> dict[str, GameRecord]:
    from gameshelf.games.muggins.match import MUGSY
    from gameshelf.games.muggins.match import Match as MMatch
    from gameshelf.games.showdown.match import Match as SMatch
    from gameshelf.games.showdown.match import parse_players
    from gameshelf.games.yatz.match import Match as YMatch
    from gameshelf.games.yatz.match import Seat
    y = YMatch([Seat("Ann"), Seat("", "greedy")], 3)
    for line in ("roll", "hold 1 2", "roll", "score x1 chance"):
        y.act(line)
    y.play_computers()
    y.act("roll")
    m = MMatch.new(3, target=100, options={"level": "easy"})
    for _ in range(25):
        m.apply(m.mugsy_action() if m.state.current_player() == MUGSY
                else m.state.legal_actions()[0])
    s = SMatch(parse_players("Ann,cpu"), 3)
    for _ in range(4):
        s.run_until_human()
        s.play(str(s.state.legal_actions()[0]))
    return {"yatz": y.record(), "muggins": m.record(), "showdown": s.record()}


RECORDS = _records()


def _replay(game: str, record: GameRecord) -> object:
    from gameshelf.games.muggins.match import Match as MMatch
    from gameshelf.games.showdown.match import Match as SMatch
    from gameshelf.games.yatz.match import Match as YMatch
    return {"yatz": YMatch, "muggins": MMatch, "showdown": SMatch}[game].from_record(record)


@pytest.mark.parametrize("game", sorted(RECORDS))
@FUZZ
@given(data=st.data())
def test_records_with_random_actions_and_options_replay_or_are_refused(
        game: str, data: st.DataObject) -> None:
    """The checksum is made right, so the replay itself meets the random text."""
    rec = RECORDS[game]
    actions = list(rec.actions)
    options: dict[str, Any] = dict(rec.options)
    how = data.draw(st.sampled_from(["replace", "insert", "option", "seed"]))
    if how == "replace":
        actions[data.draw(st.integers(0, len(actions) - 1))] = data.draw(TEXT)
    elif how == "insert":
        actions.insert(data.draw(st.integers(0, len(actions))), data.draw(TEXT))
    elif how == "option":
        key = data.draw(st.sampled_from(sorted(options) + ["history", "deck", "x"]))
        options[key] = data.draw(st.one_of(
            TEXT, st.integers(), st.lists(TEXT, max_size=3), st.none(),
            st.lists(st.dictionaries(st.sampled_from(["name", "player", "kind"]),
                                     st.one_of(TEXT, st.sampled_from(
                                         ["human", "greedy", "strong", "heuristic"]))),
                     max_size=5)))
    else:
        text = rec.to_json().replace(f'"seed": {rec.seed}',
                                     f'"seed": {data.draw(st.integers(-(10**20), 10**20))}')
        try:
            _replay(game, GameRecord.from_json(text))
        except GameshelfError:
            pass
        return
    try:
        forged = GameRecord(rec.game, rec.rules_version, options, rec.seed, tuple(actions))
        _replay(game, GameRecord.from_json(forged.to_json()))
    except GameshelfError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 600


@FUZZ
@given(data=st.one_of(st.binary(max_size=200), TEXT.map(
    lambda t: t.encode("utf-8", "surrogatepass"))))
def test_random_bytes_to_every_record_reader(data: bytes) -> None:
    from gameshelf.games.showdown.cards import parse_deck
    from gameshelf.games.yatz.strategy import load_correction
    readers: list[Callable[[], object]] = [
        lambda: GameRecord.from_json(data),
        lambda: parse_deck(data.decode("utf-8", "surrogateescape"), "deck"),
        lambda: load_correction(data.decode("utf-8", "surrogateescape")),
    ]
    for game in RECORDS:  # a valid record's JSON with random bytes spliced in
        text = RECORDS[game].to_json().encode()
        cut = len(data) % max(1, len(text))
        readers.append(lambda g=game, t=text[:cut] + data + text[cut:]:  # type: ignore[misc]
                       _replay(g, GameRecord.from_json(t)))
    for read in readers:
        try:
            read()
        except GameshelfError as exc:
            assert "\n" not in str(exc)


def _dump() -> list[tuple[object, ...]]:
    with Store() as store:
        conn = sqlite3.connect(store.path)
        try:
            return [(t, *r) for t in ("saves", "scores", "results")
                    for r in conn.execute(f"SELECT * FROM {t} ORDER BY id")]
        finally:
            conn.close()


def _run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
         args: list[str], stdin: bytes = b"") -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    try:
        main(args)
    except SystemExit as exc:
        code = int(exc.code or 0)
    err = capsys.readouterr().err
    return code, err


@FUZZ
@given(data=st.binary(max_size=300), name=st.one_of(ANY_TEXT, st.just("")))
def test_yatz_import_of_random_bytes_changes_nothing(
        data: bytes, name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    with Store() as store:
        if not store.save_names("yatz"):
            store.replace_save("game-3", RECORDS["yatz"])
            store.finish_game("yatz", scores=[ScoreEntry("Ann", 300, seed=3)])
    before = _dump()
    path = tmp_path / "r.json"
    path.write_bytes(data)
    args = ["yatz", "import", str(path), "--force"] + (["--name", name] if name else [])
    code, err = _run(monkeypatch, capsys, args)
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert _dump() == before


LINES = st.lists(st.one_of(st.binary(max_size=20), NEAR_TEXT.map(
    lambda t: t.encode("utf-8", "surrogateescape"))), max_size=8)


@pytest.mark.parametrize("args", [
    ["yatz", "play", "-p", "Ann,greedy", "--seed", "3"],
    ["muggins", "play", "--text", "--level", "easy", "--seed", "3"],
    ["showdown", "play", "--text", "-p", "Ann,random", "--seed", "3"],
])
@settings(max_examples=examples(15), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=LINES)
def test_random_lines_at_every_prompt_loop(
        args: list[str], lines: list[bytes], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Whatever is typed, the loop answers and goes on; the end of input saves the game."""
    stdin = b"\n".join(line.replace(b"\n", b" ").replace(b"\r", b" ") for line in lines)
    with Store() as store:
        for game in ("yatz", "muggins", "showdown"):
            for name in store.save_names(game):
                store.delete_save(game, name)
    code, err = _run(monkeypatch, capsys, [*args, "--new"] if args[0] == "muggins" else args,
                     stdin + b"\n")
    assert code == 0 and "Traceback" not in err, err
