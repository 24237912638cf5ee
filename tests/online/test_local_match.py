"""The one match interface (``session.match``) over a game played here: a seat's view
answers what the screen and prompt ask (legal actions, scores, winners) exactly as the rules
state does, and a whole game played through :class:`LocalShowdown` is saved and ends as the
session's game does."""

from __future__ import annotations

import random

from gameshelf.core.store import Store
from gameshelf.games.showdown.match import Match, parse_players
from gameshelf.games.showdown.play import LocalShowdown
from gameshelf.games.showdown.session import ShowdownSession


def test_a_seats_view_answers_as_the_state_does() -> None:
    """At every position of three computer games (2, 3 and 4 players), the view of the seat
    to act lists the state's legal actions, every view the same scores and winners."""
    for players, seed in (("cpu,cpu", 1), ("cpu,random,cpu", 2), ("cpu,cpu,random,cpu", 3)):
        match = Match(parse_players(players), seed)
        while True:
            st = match.state
            seat = st.current_player()
            views = [st.view(s) for s in range(st.n)]
            if seat >= 0:
                assert views[seat].legal_actions() == st.legal_actions()
                assert all(v.legal_actions() == [] for v in views if v.seat != seat)
            for v in views:
                assert [v.score(s) for s in range(st.n)] == [st.score(s) for s in range(st.n)]
                assert v.current_player() == seat and v.is_terminal() == st.is_terminal()
            if st.is_terminal():
                assert all(v.winners() == st.winners() for v in views)
                break
            match.step()


def test_a_whole_game_through_the_local_match_is_saved_and_ends_once() -> None:
    """A person and a computer play to the end through the interface: the person's seat is
    the one played here, the game is saved after the first moves, and the end writes the
    score and removes the save, once."""
    game = LocalShowdown(ShowdownSession.new(Match(parse_players("Ann,cpu"), 5)))
    assert [s.name for s in game.seats] == ["Ann", "CPU 1"] and game.here() == [0]
    assert game.title == "game 5" and game.keeps_saves
    pick = random.Random(5)
    while not game.finished():
        while not game.finished() and not game.here_to_act():
            assert game.advance()
        game.settle()
        if game.finished():
            break
        assert game.name in Store().save_names("showdown")
        legal = game.legal_actions()
        assert legal and game.view(0).legal_actions() == legal
        game.play(str(pick.choice(legal)))
    assert game.end_problem() is None and game.to_act() < 0 and not game.advance()
    table = game.table()
    top = Store().top_scores("showdown")
    assert [(e.name, e.score) for e in top] == [("Ann", table.score(0).total)]
    assert Store().save_names("showdown") == set()
