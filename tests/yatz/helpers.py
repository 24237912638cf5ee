"""Helpers for the Yatz tests: set up a state with given dice and filled boxes; an app
showing one game screen."""

from __future__ import annotations

from textual.app import App

from gameshelf.games.yatz.game import ROLL, SCORES, Dice, YatzState
from gameshelf.games.yatz.match import Match
from gameshelf.games.yatz.scoring import Box
from gameshelf.games.yatz.session import YatzSession
from gameshelf.games.yatz.tui.screen import GameScreen


def with_dice(dice: tuple[int, ...], players: int = 1) -> YatzState:
    """A fresh game whose first player has rolled ``dice``."""
    s = YatzState(players)
    s.apply_action(ROLL)
    s.apply_action(Dice(dice))
    return s


def fill(state: YatzState, seat: int, column: int, box: Box, points: int) -> None:
    """Mark a box filled with ``points`` directly (test setup only)."""
    state.boxes[seat][column][box] = points
    state.filled[seat][column] |= 1 << box
    if box <= Box.SIXES:
        state.upper[seat][column] += points
    else:
        state.lower[seat][column] += points


def play_turn(state: YatzState, dice: tuple[int, ...], column: int, box: Box) -> None:
    """Roll ``dice`` and score them in ``box`` of ``column`` for the seat on turn."""
    state.apply_action(ROLL)
    state.apply_action(Dice(dice))
    state.apply_action(SCORES[column][box])


class GameApp(App[None]):
    """An app showing one game screen (of a session, or of a bare match whose first save
    claims ``test-save``)."""

    def __init__(self, match: Match | YatzSession, keys: str = "default") -> None:
        super().__init__()
        self.match = match
        self.keys = keys

    def on_mount(self) -> None:
        self.push_screen(GameScreen(self.match, "test-save", keys=self.keys))
