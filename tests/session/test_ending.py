"""Every game's end is computed and written by one path (:mod:`gameshelf.session.ending`):
a game finished at this keyboard and the same game finished in a server room write the
same kinds of rows (top-20 scores, results, the history), with the same points, outcomes
and details, each through one :meth:`Ending.write` (one transaction)."""

from __future__ import annotations

import importlib
import json
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from gameshelf.core.store import SaveHandle, Store
from gameshelf.games import REGISTRY
from gameshelf.server.app import record_finished
from gameshelf.server.games import SeatPlan, game_class
from gameshelf.server.room import Room
from gameshelf.server.room import Seat as RoomSeat
from gameshelf.session.ending import Ending, EndRules, EndSeat, ending, outcomes, rules_of

#: Each game's own session class, whose ``resume`` of a finished save writes its end.
SESSIONS = {
    "yatz": "gameshelf.games.yatz.session:YatzSession",
    "muggins": "gameshelf.games.muggins.session:Session",
    "showdown": "gameshelf.games.showdown.session:ShowdownSession",
    "pig": "tests.games.pig.session:Session",
}
GAMES = [*REGISTRY.keys(), "pig"]


@pytest.fixture
def game(request: pytest.FixtureRequest) -> Iterator[str]:
    """The game's key, Pig registered for the test's length."""
    key: str = request.param
    if key == "pig":
        REGISTRY.add("pig", "tests.games.pig")
    try:
        yield key
    finally:
        if key == "pig":
            REGISTRY.remove("pig")


@pytest.fixture
def writes(monkeypatch: pytest.MonkeyPatch) -> list[Ending]:
    """Every end written, in order (through the one writer)."""
    seen: list[Ending] = []
    write = Ending.write

    def spy(self: Ending, store: Store, *, save: SaveHandle | None = None,
            key: str | None = None) -> list[int] | None:
        seen.append(self)
        return write(self, store, save=save, key=key)

    monkeypatch.setattr(Ending, "write", spy)
    return seen


def rows(home: Path) -> dict[str, Any]:
    """The rows a game's end wrote into the store at ``home``."""
    with sqlite3.connect(home / "gameshelf.db") as c:
        out = {
            "scores": [(r[0], r[1], json.loads(r[2])) for r in c.execute(
                "SELECT name, score, detail FROM scores ORDER BY id")],
            "results": [(r[0], r[1], r[2], json.loads(r[3])) for r in c.execute(
                "SELECT player, opponent, outcome, detail FROM results ORDER BY id")],
            "history": [(r[0], json.loads(r[1])) for r in c.execute(
                "SELECT source, players FROM history ORDER BY id")],
            "saves": c.execute("SELECT COUNT(*) FROM saves").fetchone()[0],
        }
    c.close()
    return out


def kinds(found: dict[str, Any]) -> tuple[bool, bool, int]:
    return bool(found["scores"]), bool(found["results"]), len(found["history"])


def played(key: str, seed: int) -> tuple[Any, list[RoomSeat]]:
    """A server room's game played to its end: a person (played for by the game's stand-in)
    and a computer at the default level."""
    cls = game_class(key)
    seats = [RoomSeat("person", "Ann"), RoomSeat("computer", cls.computer_name(1))]
    g = cls.new([SeatPlan(s.kind, s.name, s.level) for s in seats], cls.kept_options({}),
                seed)
    while not g.is_over():
        if not g.step():
            g.play(g.to_act(), g.stand_in(g.to_act()))
    return g, seats


@pytest.mark.parametrize("game", GAMES, indirect=True)
def test_a_game_ends_here_and_online_through_the_one_path(
        game: str, writes: list[Ending], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert isinstance(REGISTRY.get(game).load("end"), EndRules)
    if not REGISTRY.get(game).has("server"):
        pytest.skip("not played online")
    g, seats = played(game, 11)
    # in a server room
    monkeypatch.setenv("GAMESHELF_HOME", str(online := tmp_path / "online"))
    record_finished(Room("ABCD", game, {}, seats, 0, 60.0, 11, "over", g))
    if game not in SESSIONS:    # One Dollar Pinball: a round played here has no save
        remote = rows(online)
        assert [e.game for e in writes] == [game] and remote["history"][0][0] == "online"
        assert [s for _, s, _ in remote["scores"]] == list(rules_of(game).points(g.match))
        return
    # here: the same record saved, then resumed by the game's own session (which finds the
    # game over and writes its end; a Showdown save is marked as one whose end is pending)
    monkeypatch.setenv("GAMESHELF_HOME", str(here := tmp_path / "here"))
    record = g.record()
    if game == "showdown":
        record = replace(record, options={**record.options, "end_pending": True})
    with Store() as store:
        store.claim_save(game, "kept", record, exact=True)
    module, _, name = SESSIONS[game].partition(":")
    getattr(importlib.import_module(module), name).resume("kept")

    assert [e.game for e in writes] == [game, game]
    local, remote = rows(here), rows(online)
    assert kinds(local) == kinds(remote) and kinds(local)[2] == 1
    assert local["saves"] == 0
    assert [h[0] for h in (*local["history"], *remote["history"])] == ["local", "online"]
    mine, theirs = local["history"][0][1], remote["history"][0][1]
    assert [p["kind"] for p in mine] == ["person", "computer"]
    assert [p["kind"] for p in theirs] == ["remote", "computer"]
    assert [(p["score"], p["outcome"], p["level"]) for p in mine] == [
        (p["score"], p["outcome"], p["level"]) for p in theirs]
    assert all(d == {**e, "online": "ABCD"} for (_, _, e), (_, _, d) in
               zip(local["scores"], remote["scores"], strict=True))
    assert [(o, w, {**d, "online": "ABCD"}) for _, o, w, d in local["results"]] == [
        (o, w, d) for _, o, w, d in remote["results"]]
    assert [s for _, s, _ in local["scores"]] == [s for _, s, _ in remote["scores"]]


def test_the_end_of_a_round_of_dollar_is_written_by_the_one_path(writes: list[Ending]) -> None:
    from gameshelf.games.dollar.game import make_entry
    from gameshelf.games.dollar.session import DollarRound

    assert DollarRound(7, [make_entry("Ann", "L40000002A"), make_entry("Bob", "B12345678C")]
                       ).finish()
    assert [(len(e.scores), len(e.results)) for e in writes] == [(2, 0)]
    found = rows(Path(os.environ["GAMESHELF_HOME"]))
    assert [p["kind"] for p in found["history"][0][1]] == ["person", "person"]


def test_outcomes_and_seats_come_from_the_rules_and_the_seats_given() -> None:
    """The winners a game names win (several: a draw) even on equal points; a person's
    result against a computer seat names it as the game does; every row gets the detail
    given."""
    class Duel:
        points = [10, 10]

        def record(self) -> Any:
            from gameshelf.core.records import GameRecord
            return GameRecord("duel", 1, {}, 3, ())

    rules = EndRules(seats=lambda m: [EndSeat.here("Ann"), EndSeat.here("Bot", "hard")],
                     points=lambda m: m.points, winners=lambda m: [1],
                     versus=lambda m: {"n": 1}, opponent=lambda level: f"bot-{level}",
                     top=lambda m, seat: {}, top_people=True)
    end = ending(rules, Duel(), detail={"online": "X"})
    assert [(p.name, p.outcome) for p in end.history.players] == [("Ann", "loss"),
                                                                 ("Bot", "win")]
    assert [(r.player, r.opponent, r.outcome, r.detail) for r in end.results] == [
        ("Ann", "bot-hard", "draw", {"n": 1, "online": "X"})]
    assert [(s.name, s.detail) for s in end.scores] == [("Ann", {"online": "X"})]
    room = ending(rules, Duel(), [EndSeat("Ann", "remote"), EndSeat("Cy", "remote")])
    assert [(r.player, r.opponent) for r in room.results] == [("Ann", "Cy"), ("Cy", "Ann")]
    assert len(room.scores) == 2
    assert outcomes([7]) == [None]
