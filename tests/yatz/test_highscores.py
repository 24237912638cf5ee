"""R-YZ-7: the top-20 table of finished games."""

from __future__ import annotations

import pytest

from gameshelf.core.store import Store
from gameshelf.games.yatz.game import GAME
from gameshelf.games.yatz.highscores import TOP
from gameshelf.games.yatz.match import Match, Seat
from gameshelf.games.yatz.session import YatzSession


def _finished(seed: int, *players: str) -> Match:
    m = Match([Seat("", p) for p in players], seed=seed)
    m.play_computers()
    return m


def add_high_scores(store: Store, m: Match) -> dict[int, int]:
    """The game's end written (every seat's row, as any Yatz game ends): ``{seat: row id}``
    of the seats that made the top 20."""
    return YatzSession(m).finish()


def test_r_yz_7_rows_have_name_score_date_and_seed() -> None:
    """R-YZ-7: each row holds the player's name, score, date and the game's seed."""
    m = _finished(40, "greedy", "casual")
    with Store() as store:
        new = add_high_scores(store, m)
        rows = store.top_scores(GAME, TOP)
    assert set(new) == {0, 1}
    assert {(r.name, r.score) for r in rows} == {
        (m.seats[i].name, m.state.grand_total(i)) for i in range(2)}
    assert all(r.seed == 40 and r.date[:2] == "20" for r in rows)


def test_r_yz_7_best_20_and_equal_scores_keep_the_earlier_game_first() -> None:
    """R-YZ-7: only the best 20; a tie keeps the earlier game above the later one."""
    with Store() as store:
        first = add_high_scores(store, _finished(7, "greedy"))
        again = add_high_scores(store, _finished(7, "greedy"))  # the same game: same score
        rows = store.top_scores(GAME, TOP)
        assert rows[0].score == rows[1].score
        assert [rows[0].id, rows[1].id] == [first[0], again[0]]
        for seed in range(100, 125):
            add_high_scores(store, _finished(seed, "casual"))
        rows = store.top_scores(GAME, TOP)
        assert len(rows) == TOP
        scores = [r.score for r in rows]
        assert scores == sorted(scores, reverse=True)
        # A game scoring below the 20th place is stored but not in the table.
        low = _finished(999, "casual")
        new = add_high_scores(store, low)
        in_table = low.state.grand_total(0) > rows[-1].score
        assert (0 in new) == in_table


def test_r_yz_7_only_finished_games() -> None:
    m = Match([Seat("Ann")], seed=1)
    with Store() as store, pytest.raises(ValueError, match="finished"):
        add_high_scores(store, m)
