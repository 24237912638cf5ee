"""Matches: seats, records (save = seed + text actions), resume by replay, refusals."""

from __future__ import annotations

import pytest

from gameshelf.core.errors import BadInputError, IllegalMoveError, RecordError
from gameshelf.core.records import GameRecord
from gameshelf.core.text import verb_for
from gameshelf.games.showdown.cards import default_deck_text
from gameshelf.games.showdown.match import Match, parse_players


def test_parse_players() -> None:
    seats = parse_players(" Ann , cpu,search ")
    assert [(s.name, s.kind) for s in seats] == [("Ann", "human"), ("CPU 1", "heuristic"),
                                                  ("CPU 2", "search")]
    for bad in ("Ann", "a,b,c,d,e", "Ann,,cpu", "Ann,ANN", "x" * 30 + ",cpu"):
        with pytest.raises(BadInputError):
            parse_players(bad)


def _half_played(seed: int = 4) -> Match:
    match = Match(parse_players("Ann,cpu,cpu"), seed)
    for _ in range(12):
        match.run_until_human()
        if match.state.is_terminal():
            break
        match.play(str(match.state.legal_actions()[0]))
    return match


def test_record_round_trip_resumes_the_same_game() -> None:
    match = _half_played()
    text = match.record().to_json()
    again = Match.from_record(GameRecord.from_json(text, game="showdown"))
    assert again.actions == match.actions
    assert again.state.view(0) == match.state.view(0)
    # the future is the same too: chance is keyed by the action count
    match.run_until_human()
    again.run_until_human()
    assert again.actions == match.actions


def test_records_that_do_not_replay_are_refused() -> None:
    match = _half_played()
    rec = match.record()
    bad = GameRecord(rec.game, rec.rules_version, rec.options, rec.seed,
                     (*rec.actions[:3], "take P01", *rec.actions[3:]))
    with pytest.raises(RecordError, match="cannot be replayed"):
        Match.from_record(bad)
    wrong = GameRecord(rec.game, rec.rules_version + 1, rec.options, rec.seed, rec.actions)
    with pytest.raises(RecordError, match="rules version"):
        Match.from_record(wrong)
    broken = GameRecord(rec.game, rec.rules_version, {"players": "Ann"}, rec.seed, ())
    with pytest.raises(RecordError, match="players"):
        Match.from_record(broken)


def test_a_custom_deck_travels_with_the_record() -> None:
    text = default_deck_text().replace("gameshelf reconstruction", "house deck")
    match = Match(parse_players("Ann,cpu"), 9, deck_text=text)
    match.run_until_human()
    again = Match.from_record(match.record())
    assert again.deck.name == "house deck" and again.actions == match.actions


def test_people_cannot_move_for_the_computer() -> None:
    match = Match(parse_players("cpu,cpu"), 1)
    with pytest.raises(IllegalMoveError):
        match.play("done")


@pytest.mark.parametrize(("seed", "players", "message"), [
    (-1, [("Ann", "human"), ("Bob", "human")], "game number"),
    (2**53, [("Ann", "human"), ("Bob", "human")], "game number"),
    (4, [("Ann", "human"), ("ann", "human")], "same name"),
])
def test_records_with_a_bad_seed_or_twin_names_are_refused(
        seed: int, players: list[tuple[str, str]], message: str) -> None:
    """A tampered record with a checksum that still matches: refused, never replayed."""
    record = GameRecord("showdown", 1, {"players": [{"name": n, "kind": k}
                                                    for n, k in players]}, seed, ())
    with pytest.raises(RecordError, match=message):
        Match.from_record(GameRecord.from_json(record.to_json()))


def test_log_speaks_to_the_seat_called_you_in_the_second_person() -> None:
    match = Match(parse_players("You,cpu"), 5)
    match.run_until_human()
    match.play(str(match.state.legal_actions()[0]))
    match.run_until_human()
    log = match.state.log or []
    assert "You offer a card." in log and "CPU 1 offers a card." in log
    assert not [line for line in log if line.startswith("You ") and
                line.split()[1] in {"offers", "is", "claims", "takes", "bids", "buys",
                                    "increases", "drains", "flips", "completes"}]


@pytest.mark.parametrize(("name", "verb", "said"), [
    ("You", "offers", "offer"), ("you", "is", "are"), ("You", "increases", "increase"),
    ("Ann", "offers", "offers"), ("Young", "claims", "claims"), ("You", "has", "have")])
def test_verb_for_agrees_with_you(name: str, verb: str, said: str) -> None:
    assert verb_for(name, verb) == said
