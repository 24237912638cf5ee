"""The Pinball Showdown coach on screen (issue 16): the hint window (``h`` when a person is
to act) and the review window (``r`` once the game is over), over
:mod:`gameshelf.showdown.coach`.

Both compute in a worker thread (:class:`~gameshelf.tui.yatz_hints.InfoScreen`) and say that
their figures are estimates. Names and card texts come out of the coach already shown
literally.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from gameshelf.core.records import GameRecord
from gameshelf.showdown.actions import Action
from gameshelf.showdown.coach import hint, review
from gameshelf.showdown.game import PlayerView
from gameshelf.tui.yatz_hints import InfoScreen

ESTIMATES = ("\n\nThese figures are estimates: the search player plays each option out in "
             "many worlds drawn from what you can see (never the hidden hands or the deck), "
             "to the end of the turn, and values the result; ± is the spread across the "
             "worlds.")


class ShowdownHintScreen(InfoScreen):
    """The search player's advice for the seat to act, from that seat's view only."""

    TITLE_TEXT = "Hint · the search player's estimates (Esc closes)"
    THINKING = "thinking… (sampling the cards you cannot see)"
    HELP_TEXT = ("# Hint\n\nThe search player's advice for the player to act: which card to "
                 "offer, bid on or take, how many tokens, whether to speed up, buy or stop. "
                 "Each option shows the share of sampled worlds in which it leaves you ahead "
                 "(the estimated win chance) and the estimated final margin over the best "
                 "opponent, in points, against the best option. It uses only what this "
                 "player may see.\n\n* **Esc**, **q** or Enter on Close closes it\n"
                 "* **Ctrl+Q** quits (the game is kept saved)")

    def __init__(self, view: PlayerView, legal: Sequence[Action]) -> None:
        super().__init__()
        self.view, self.legal = view, list(legal)

    def compute(self) -> Text:
        lines = hint(self.view, self.legal).lines()
        text = Text(lines[0], style="bold green")
        if len(lines) > 1:   # something was estimated
            text.append("\n" + "\n".join(lines[1:]) + ESTIMATES)
        return text


class ShowdownReviewScreen(InfoScreen):
    """Each decision of the people (every seat's when no person played) that cost final
    margin by the search player's estimate, worst first, with the better one."""

    TITLE_TEXT = "Review · decisions that cost margin, worst first (arrows scroll, Esc closes)"
    THINKING = "thinking… (judging every decision of the game)"
    HELP_TEXT = ("# Review\n\nEvery decision of the people at this game where another "
                 "option was worth more by the search player's estimate (as the hint judges "
                 "it), worst first, with the better option and how many points of final "
                 "margin it was worth. A decision is listed only when the difference is "
                 "beyond the estimate's noise.\n\n* **Up**/**Down** scroll\n"
                 "* **Esc**, **q** or Enter on Close closes it\n* **Ctrl+Q** quits")

    def __init__(self, record: GameRecord, samples: int | None = None) -> None:
        super().__init__()
        self.record = record
        #: samples per decision (None: the coach's default)
        self.samples = samples

    def compute(self) -> Text:
        rev = (review(self.record) if self.samples is None
               else review(self.record, samples=self.samples))
        lines = rev.lines()
        text = Text(lines[0] + "\n", style="bold")
        text.append("\n".join(lines[1:]) + ESTIMATES)
        return text
