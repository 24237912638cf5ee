"""A round of One Dollar Pinball at a table of seats (a game server's room): the actions' text
(R-DP-1 to R-DP-3), the driver (bills in seat order, a computer's bill drawn from the seed,
records that replay), each seat's view (its own bill and its district's exact distribution,
R-DP-10; the others' bills hidden until every bill is in) and the server's rooms."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gameshelf.core.errors import BadInputError, IllegalMoveError, RecordError
from gameshelf.core.records import GameRecord
from gameshelf.core.store import Store
from gameshelf.games.dollar.match import Match
from gameshelf.games.dollar.odds import distribution
from gameshelf.games.dollar.replay import dollar_replay
from gameshelf.games.dollar.text import Draw, EnterBill, parse_action
from gameshelf.games.dollar.view import dollar_view, odds_json
from gameshelf.server import protocol as p
from gameshelf.server.app import record_finished
from gameshelf.server.room import Refused
from gameshelf.server.rooms import Lobby
from gameshelf.server.storage import SQLiteRoomStore


@pytest.mark.parametrize(("text", "canonical"), [
    ("bill L40000002A series 1902", "bill L40000002A series 1902"),
    ("BILL l 40000002 a  SERIES 1902", "bill L40000002A series 1902"),
    ("bill L-40000002-★ series SERIES 2017 a", "bill L40000002* series 2017A"),
    ("bill ML12345678B", "bill ML12345678B"),
    ("  draw ", "draw"),
])
def test_r_dp_1_r_dp_3_actions_read_and_parse_back(text: str, canonical: str) -> None:
    action = parse_action(text)
    assert str(action) == canonical
    assert parse_action(str(action)) == action


@pytest.mark.parametrize(("text", "said"), [
    ("bill L4000002A series 1902", "a serial has exactly 8 digits, got 7 in 'L4000002A'"),
    ("bill L40000002", "has no suffix letter or star"),
    ("bill M40000002A", "district letters are A to L"),
    ("bill 40000002 series 1902", "give the serial '40000002' with its letters"),
    ("bill  series 1902", "the bill is empty"),
    ("bill L40000002A series 19021", "series must be a 4-digit year"),
    ("score L40000002A", "enter a bill as 'bill L12345678A series 2017', or 'draw'"),
    ("bill L40000002A series series 2017", "the word 'series' is given twice"),
    ("bill L40000002A SERIES Series 2017", "the word 'series' is given twice"),
])
def test_r_dp_1_bad_bills_are_refused_in_the_rules_words(text: str, said: str) -> None:
    with pytest.raises(BadInputError, match=None) as err:
        parse_action(text)
    assert said in str(err.value)


def test_bills_come_in_seat_order_and_a_computer_draws_the_same_bill_each_time() -> None:
    m = Match.new(["Ann", "Bob", "CPU 1"], ["", "", "random"], seed=5)
    with pytest.raises(IllegalMoveError, match="Ann's bill now"):
        m.apply(1, "bill B12345678C")
    with pytest.raises(BadInputError):
        m.apply(0, "bill L4000002A")
    assert m.actions == [] and m.to_act() == 0          # nothing changed
    assert m.apply(0, "bill L40000002A series 1902").score == 88_000_000
    m.apply(1, "draw")
    assert m.actions[1] == str(m.drawn(1)) and isinstance(m.drawn(1), EnterBill)
    m.apply(2, "draw")
    assert m.is_over() and m.to_act() == -2
    with pytest.raises(IllegalMoveError, match="over"):
        m.apply(0, "draw")
    again = Match.from_record(GameRecord.from_json(m.record().to_json()))
    assert again.actions == m.actions
    assert [e.score for e in again.entries] == [e.score for e in m.entries]
    assert Match.new(["A", "B"], ["", ""], seed=5).drawn(1) == m.drawn(1)
    assert isinstance(parse_action("draw"), Draw)


def test_a_table_record_that_does_not_replay_is_refused() -> None:
    good = Match.new(["Ann", "Bob"], ["", ""], seed=1).record()
    for record, said in [
        (GameRecord("dollar", 1, {"names": ["Ann"], "levels": "x"}, 1), "has no seats"),
        (GameRecord("dollar", 1, good.options, 1, ("bill L4000002A",)), "bill 1 of this"),
        (GameRecord("dollar", 1, good.options, 1, ("draw", "draw", "draw")), "bill 3"),
        (GameRecord("dollar", 1, {"names": [], "levels": []}, 1), "1 to 8 players"),
        (GameRecord("dollar", 2, good.options, 1), "version 2"),
    ]:
        with pytest.raises(RecordError, match=said):
            Match.from_record(record)
    with pytest.raises(RecordError, match="not over: only 1 of 2 bills in"):
        dollar_replay(GameRecord("dollar", 1, good.options, 1, ("draw",)))
    done = GameRecord("dollar", 1, good.options, 1, ("bill L40000002A series 1902", "draw"))
    replay = dollar_replay(done)
    assert replay.entries[0].score == 88_000_000    # type: ignore[attr-defined]


def test_r_dp_10_the_view_places_the_bill_in_its_districts_exact_distribution() -> None:
    m = Match.new(["Ann", "Bob"], ["", ""], seed=2)
    m.apply(0, "bill L40000002A series 1902")
    mine = dollar_view(m, 0)["bills"][0]
    assert mine["score"] == 88_000_000 and mine["district"] == 12
    assert [s["digits"] for s in mine["steps"]] == ["4", "00", "00", "00", "2"]
    assert [s["score"] for s in mine["steps"]][-1] == 84_000_000
    odds = mine["odds"]
    exact = distribution(12, 2)
    assert odds["total"] == 10**8 == sum(n for _, n in odds["scores"])
    assert odds["max"] == exact.max == 88_000_000
    assert (odds["below"], odds["same"], odds["above"]) == (10**8 - 4, 4, 0)
    assert odds_json(12, 2) is odds_json(12, 2)        # made once
    assert len(json.dumps(odds_json(12, 2))) < 4000     # the chart's numbers are small


def test_another_seats_bill_is_hidden_until_every_bill_is_in() -> None:
    m = Match.new(["Ann", "Bob"], ["", ""], seed=2)
    m.apply(0, "bill B12345678C series 2017A")
    bob = dollar_view(m, 1)
    assert bob["bills"] == [{"seat": 0, "hidden": True}, None]
    assert "12345678" not in json.dumps(bob) and bob["places"] == []
    m.apply(1, "bill F11111111A")
    for seat in (0, 1):
        view = dollar_view(m, seat)
        assert [b["bill"] for b in view["bills"]] == ["B12345678C", "F11111111A"]
        assert view["places"] == [2, 1] and view["to_act"] == -2


def test_a_room_plays_a_round_hides_bills_refuses_bad_ones_and_comes_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMESHELF_HOME", str(tmp_path / "home"))
    lobby = Lobby(SQLiteRoomStore(tmp_path / "s.db"), seed_source=lambda: 9)
    seats = (p.SeatSpec("host", "Ann"), p.SeatSpec("open"), p.SeatSpec("computer"))
    room, _, ann = lobby.create(p.Create("dollar", seats), 0)
    _, _, bob, _ = lobby.join(p.Join(room.code, "Bob"), 0)
    for seat in (0, 1):         # both connected (a seat with no connection is told nothing)
        lobby.connected(room, seat)
    lobby.start(p.Start(room.code, ann), 0)
    with pytest.raises(Refused) as err:
        lobby.act(p.Act(room.code, ann, "bill L4000002A series 1902"), 0)
    assert (err.value.code, err.value.message) == (
        "illegal", "a serial has exactly 8 digits, got 7 in 'L4000002A'")
    with pytest.raises(Refused) as err:
        lobby.act(p.Act(room.code, bob, "draw"), 0)
    assert err.value.code == "not_your_turn"
    out = lobby.act(p.Act(room.code, ann, "bill L40000002A series 1902"), 0)
    to_bob = [p.dump(m) for seat, m in out if seat == 1]
    assert to_bob and not any("40000002" in text for text in to_bob)
    assert any("Ann entered a bill." in text for text in to_bob)
    state = next(m for seat, m in out if seat == 1 and isinstance(m, p.State))
    assert state.to_act == 1 and list(state.legal) == ["draw"]
    out = lobby.act(p.Act(room.code, bob, "draw"), 0)      # then CPU 1 draws: the end
    over = next(m for _, m in out if isinstance(m, p.GameOver))
    assert over.scores[0].name == "Ann" and over.scores[0].score == 88_000_000
    told = [p.dump(m) for seat, m in out if seat == 1]
    assert any("Ann's bill L40000002A (series 1902): 88,000,000 points." in t for t in told)
    assert any("Every bill is in: Ann wins with 88,000,000 points." in t for t in told)
    record = lobby.record(p.GetRecord(room.code, bob), 0).record
    assert len(dollar_replay(GameRecord.from_json(json.dumps(record))).entries) == 3  # type: ignore[attr-defined]

    record_finished(room)          # the server's store: the top table, as a round here
    with Store() as store:
        top = store.top_scores("dollar", 5)
    assert (top[0].name, top[0].score, top[0].detail["online"]) == ("Ann", 88_000_000, room.code)

    again = Lobby(SQLiteRoomStore(tmp_path / "s.db"))   # a restart rebuilds the room
    rebuilt = again.room(room.code)
    assert rebuilt.game is not None and rebuilt.game.view(1) == room.game.view(1)  # type: ignore[union-attr]
