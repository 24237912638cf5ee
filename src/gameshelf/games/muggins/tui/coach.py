"""The Muggins coach's windows (:mod:`gameshelf.tui.coach`'s): the hint (``h`` on the
board) and the review (``r`` on the game-over window)."""

from __future__ import annotations

from typing import Any

from gameshelf.games.muggins.coach import hint, review
from gameshelf.tui.coach import CoachHintScreen, CoachReviewScreen

ESTIMATES = ("\n\nThese figures are estimates: strong Mugsy plays each tile out in many "
             "samples of the tiles you cannot see (never the real ones); ± is the spread "
             "across the samples.")
EXACT = ("\n\nThese figures are exact: the boneyard is empty, so the tiles you cannot see "
         "are Mugsy's rack, and strong Mugsy searches every way the round can still go, "
         "both players at their best.")


class MugginsHintScreen(CoachHintScreen):
    """The best tile and chain end for the person's view (a
    :class:`~gameshelf.games.muggins.game.PlayerView`), and every play's estimate."""

    TITLE_TEXT = "Hint · strong Mugsy's advice (Esc closes)"
    THINKING = "thinking… (weighing every play)"
    HELP_TEXT = ("# Hint\n\nStrong Mugsy's advice for your tiles: the best tile and chain "
                 "end, the points it scores now, and what each play is worth to the end of "
                 "the round (points now plus the expected point difference after it), "
                 "against the best one. The figures are estimates from samples of the tiles "
                 "you cannot see; **±** is the spread across the samples. Once the boneyard "
                 "is empty every tile is known, and the figures are exact: strong Mugsy "
                 "searches the rest of the round.\n\n"
                 "* **Esc**, **q** or Enter on Close closes it")

    ESTIMATES = ESTIMATES
    advise = staticmethod(hint)

    def footnote(self, advice: Any) -> str:
        """:data:`EXACT` under an exact hint, else :data:`ESTIMATES`."""
        return EXACT if advice.exact else ESTIMATES


class MugginsReviewScreen(CoachReviewScreen):
    """Each of the person's plays that cost points by strong Mugsy's estimate, worst
    first, with the better play."""

    TITLE_TEXT = "Review · plays that cost points, worst first (arrows scroll, Esc closes)"
    THINKING = "thinking… (judging every play of the game)"
    HELP_TEXT = ("# Review\n\nEvery play of yours where another tile or end was worth more "
                 "by strong Mugsy's estimate (as the hint judges it), worst first, with the "
                 "better play and how many points it was worth. A play is listed only when "
                 "the difference is beyond the estimate's noise.\n\n* **Up**/**Down** scroll"
                 "\n* **Esc**, **q** or Enter on Close closes it\n* **Ctrl+Q** quits")

    ESTIMATES = ESTIMATES
    judge = staticmethod(review)
