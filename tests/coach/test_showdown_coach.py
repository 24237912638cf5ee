"""The Pinball Showdown coach (issue 16): the hint is the search player's own choice, it
sees only the seat's view, and a review of search play finds nothing beyond the noise."""

from __future__ import annotations

import pytest

from gameshelf.core.chance import Chance
from gameshelf.core.errors import GameshelfError, RecordError
from gameshelf.core.records import GameRecord
from gameshelf.core.state import CHANCE
from gameshelf.games.showdown import coach
from gameshelf.games.showdown.actions import DONE, Bid, Offer
from gameshelf.games.showdown.game import ShowdownState
from gameshelf.games.showdown.match import Match, parse_players
from gameshelf.games.showdown.players import SearchPlayer, determinize


@pytest.fixture(scope="module")
def positions() -> list[ShowdownState]:
    """Decisions with a choice, from a 3-seat game of heuristic players (every 3rd one)."""
    m = Match(parse_players("cpu,cpu,cpu"), seed=12)
    out = []
    k = 0
    while not m.state.is_terminal() and len(out) < 10:
        p = m.state.current_player()
        if p != CHANCE and len(m.state.legal_actions()) > 1:
            k += 1
            if k % 3 == 0:
                out.append(m.state.clone(keep_log=False))
        m.step()
    return out


def test_hint_is_the_search_players_move(positions: list[ShowdownState]) -> None:
    assert len(positions) == 10
    for k, st in enumerate(positions):
        seat = st.current_player()
        view, legal = st.view(seat), st.legal_actions()
        move = SearchPlayer(Chance(k)).choose(view, legal)
        h = coach.hint(view, legal, samples=8, chance=Chance(k))
        assert h.best.action == move
        assert [o.margin for o in h.options] == sorted((o.margin for o in h.options),
                                                      reverse=True)
        assert all(0 <= o.win <= 1 and o.win_spread >= 0 for o in h.options)


def test_hint_sees_only_the_seats_view(positions: list[ShowdownState]) -> None:
    """Other hands, face-down offers and the deck dealt anew from the unseen cards: the
    view is the same, and so is the hint."""
    moved = 0
    for k, st in enumerate(positions[:5]):
        seat = st.current_player()
        view, legal = st.view(seat), st.legal_actions()
        before = coach.hint(view, legal, samples=4)
        for j in range(2):
            alt = determinize(view, Chance(10 * k + j))
            moved += any(alt.hands[s] != st.hands[s] for s in range(st.n) if s != seat)
            assert alt.view(seat) == view and alt.legal_actions() == legal
            assert coach.hint(alt.view(seat), alt.legal_actions(), samples=4) == before
    assert moved


def test_hint_words(positions: list[ShowdownState]) -> None:
    st = positions[0]
    seat = st.current_player()
    h = coach.hint(st.view(seat), st.legal_actions(), samples=4)
    text = h.sentence()
    assert text[0].isupper() and "ahead in" in text and "±" in text
    assert "Estimates from 4 sampled worlds" in h.lines()[1]
    view = st.view(seat)
    assert coach.action_words(view, DONE).startswith("done")
    assert coach.action_words(view, Bid(6, 2)).startswith("bid 2 tokens on P07 ")
    assert coach.action_words(view, Offer(0)).startswith("offer P01 ")


def test_hint_refuses_a_seat_not_to_act(positions: list[ShowdownState]) -> None:
    st = positions[0]
    with pytest.raises(GameshelfError):
        coach.hint(st.view(st.current_player()), [])


def _game(players: str, seed: int, turns: int) -> Match:
    m = Match(parse_players(players), seed=seed)
    while not m.state.is_terminal() and m.state.turn <= turns:
        m.step()
    return m


def test_review_of_search_play_finds_no_costly_decision() -> None:
    m = _game("search,search", 3, 2)
    rev = coach.review(m.record(), samples=8)
    assert rev.seats == (0, 1)  # no person played: every seat
    assert rev.decisions > 5
    assert rev.mistakes == []
    assert "No costly decision" in rev.lines()[0]


def test_review_lists_costly_decisions_worst_first() -> None:
    """A person who offers their best card and then stops at once is reviewed."""
    m = Match(parse_players("Ann,search"), seed=9)
    while not m.state.is_terminal() and m.state.turn <= 3:
        m.run_until_human()
        if m.state.is_terminal() or m.state.turn > 3:
            break
        legal = m.state.legal_actions()
        cards = m.state.cards
        offers = [a for a in legal if isinstance(a, Offer)]
        m.play(str(max(offers, key=lambda a: cards[a.card].points) if offers else
                   DONE if DONE in legal else legal[0]))
    rev = coach.review(m.record(), samples=8)
    assert rev.seats == (0,)
    assert rev.mistakes
    costs = [x.cost for x in rev.mistakes]
    assert costs == sorted(costs, reverse=True)
    for x in rev.mistakes:
        assert x.seat == 0 and coach.costly(x.cost, x.spread)
        assert x.best.action != x.chosen.action
    assert "worst first" in rev.lines()[0]


def test_review_refuses_a_record_that_does_not_replay() -> None:
    rec = _game("cpu,cpu", 5, 1).record()
    bad = GameRecord(rec.game, rec.rules_version, rec.options, rec.seed,
                     (*rec.actions, "buy P99"))
    with pytest.raises(RecordError):
        coach.review(bad)
