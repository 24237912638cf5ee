"""What the reviews and hints say they measured, in a player's words: a Muggins review
counts the seat's plays and those with a choice, and a missed win of the game is said as
such, never as "0.0 points"; a Yatz cost too small for one decimal is never "-0.0"; a
Showdown share of sampled worlds is never a bare "100% (± 0%)"."""

from __future__ import annotations

import math

from gameshelf.games.muggins.coach import Mistake, Option, Review
from gameshelf.games.muggins.game import Play, Side
from gameshelf.games.muggins.tiles import Tile
from gameshelf.games.showdown.coach import ahead_words, chance_range, wins_of
from gameshelf.games.yatz.strong import points_lost


def _play(a: int, b: int) -> Play:
    return Play(Tile(min(a, b), max(a, b)), Side.RIGHT)


def test_a_missed_win_is_the_game_not_zero_points() -> None:
    chosen = Option(_play(5, 3), 0, None, 0.0)
    best = Option(_play(6, 4), 10, None, 0.0, True)
    rev = Review(0, decisions=2, plays=8,
                 mistakes=[Mistake(3, 7, (40, 45), (6, 4), chosen, best, math.inf, 0.0)])
    head = rev.lines()[0]
    assert head.startswith("2 of your 8 plays had a choice of tile or end; 1 play missed a "
                           "tile that reached the target and won the game at once")
    assert "0.0 points" not in head and "reviewed" not in head


def test_points_and_a_missed_win_both_said() -> None:
    chosen = Option(_play(5, 3), 0, 1.0, 0.5)
    best = Option(_play(6, 4), 10, 6.0, 0.5)
    won = Option(_play(6, 4), 10, None, 0.0, True)
    rev = Review(0, decisions=3, plays=9, mistakes=[
        Mistake(1, 2, (0, 0), (6, 4), chosen, won, math.inf, 0.0),
        Mistake(1, 4, (0, 0), (6, 4), chosen, best, 5.0, 0.5)])
    head = rev.lines()[0]
    assert "3 of your 9 plays had a choice" in head
    assert "1 play cost about 5.0 points in all" in head and "1 play missed a tile" in head


def test_no_choice_and_no_costly_play_say_what_was_counted() -> None:
    assert Review(0, decisions=0, plays=4).lines() == [
        "Nothing to review: of your 4 plays none had a choice (one tile, one way, fitted "
        "each time)."]
    assert Review(0, decisions=2, plays=5).lines()[0].startswith(
        "No costly play: 2 of your 5 plays had a choice of tile or end")


def test_a_yatz_cost_below_one_decimal_is_not_zero() -> None:
    assert points_lost(0.02) == "0.02" and points_lost(4.25) == "4.2"


def test_every_sampled_world_agreeing_is_said_with_an_interval() -> None:
    on = "on the estimated final margin"
    assert ahead_words(1.0, 32) == (f"ahead in every one of the 32 sampled worlds {on} (89% "
                                    "or more of such worlds)")
    assert ahead_words(0.0, 32).startswith(f"ahead in none of the 32 sampled worlds {on} (11% "
                                           "or less of such worlds")
    assert ahead_words(20 / 32, 32) == (f"ahead in 20 of the 32 sampled worlds {on} (45-77% of "
                                        "such worlds)")
    assert "win chance" not in ahead_words(0.5, 32)
    assert wins_of(1.0, 16) == "16/16" and chance_range(1.0, 16) == "81-100%"
