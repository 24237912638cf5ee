"""The list of saved Yatz games (the one saves list of every game, with Yatz's words)."""

from __future__ import annotations

from gameshelf.core.records import GameRecord
from gameshelf.games.yatz.game import GAME
from gameshelf.games.yatz.match import Match
from gameshelf.tui import saves


def describe_save(record: GameRecord) -> tuple[bool, str]:
    """What the saves list says of a Yatz save: ``(over, "Ann, Bob · game 7 · turn 5 of 39")``.

    Raises:
        GameshelfError: the record does not replay (listed as damaged).
    """
    match = Match.from_record(record)
    return match.is_over(), match.describe()


class SavesScreen(saves.SavesScreen):
    """Pick a saved game to resume; returns its name. ``d`` deletes the highlighted save
    (the one saves list of every game: :mod:`gameshelf.tui.saves`)."""

    def __init__(self) -> None:
        super().__init__(GAME, "Yatz", describe_save)
