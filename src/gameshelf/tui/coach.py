"""The coach's two windows, shared by Muggins and Pinball Showdown (issue 16): a hint for the
seat to act and a review of a finished game. Each game's module (:mod:`.muggins_coach`,
:mod:`.showdown_coach`) gives the words and the coach to ask.

Both compute in a worker thread (:class:`~gameshelf.games.yatz.tui.hints.InfoScreen`) and end with
the game's sentence saying that their figures are estimates.
"""

from __future__ import annotations

from rich.text import Text

from gameshelf.core.records import GameRecord
from gameshelf.games.yatz.tui.hints import InfoScreen


class CoachHintScreen(InfoScreen):
    """The advice: its first line (the best move) in bold green, then each option's
    estimate and the game's :attr:`ESTIMATES` when something was estimated."""

    #: the paragraph that says how the figures were estimated
    ESTIMATES = ""

    def advice(self) -> list[str]:
        """The coach's lines (the game's ``hint(...).lines()``)."""
        raise NotImplementedError

    def compute(self) -> Text:
        lines = self.advice()
        text = Text(lines[0], style="bold green")
        if len(lines) > 1:   # something was estimated
            text.append("\n" + "\n".join(lines[1:]) + self.ESTIMATES)
        return text


class CoachReviewScreen(InfoScreen):
    """The review of ``record``: its heading in bold, then each costly decision worst
    first, then :attr:`ESTIMATES`.

    Args:
        record: the finished game.
        samples: samples per decision (None: the coach's default).
    """

    ESTIMATES = ""

    def __init__(self, record: GameRecord, samples: int | None = None) -> None:
        super().__init__()
        self.record = record
        self.samples = samples

    def judged(self) -> list[str]:
        """The coach's review lines (the game's ``review(...).lines()``)."""
        raise NotImplementedError

    def compute(self) -> Text:
        lines = self.judged()
        text = Text(lines[0] + "\n", style="bold")
        text.append("\n".join(lines[1:]) + self.ESTIMATES)
        return text
