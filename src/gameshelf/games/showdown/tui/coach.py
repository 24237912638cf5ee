"""The Pinball Showdown coach's windows (:mod:`gameshelf.tui.coach`'s): the hint (``h``
when a person is to act) and the review (``r`` once the game is over). Names and card texts
come out of the coach already shown literally."""

from __future__ import annotations

from gameshelf.games.showdown.coach import hint, review
from gameshelf.tui.coach import CoachHintScreen, CoachReviewScreen

ESTIMATES = ("\n\nThese figures are estimates: the search player plays each option out in "
             "many worlds drawn from what you can see (never the hidden hands or the deck), "
             "to the end of the turn, and values the result; ± is the spread across the "
             "worlds.")


class ShowdownHintScreen(CoachHintScreen):
    """The search player's advice for the seat to act, from that seat's view only: built
    from the seat's :class:`~gameshelf.games.showdown.table.PlayerView` and its legal
    actions."""

    TITLE_TEXT = "Hint · the search player's estimates (Esc closes)"
    THINKING = "thinking… (sampling the cards you cannot see)"
    HELP_TEXT = ("# Hint\n\nThe search player's advice for the player to act: which card to "
                 "offer, bid on or take, how many tokens, whether to speed up, buy or stop. "
                 "Each option shows the share of sampled worlds in which it leaves you ahead "
                 "on the final margin estimated at the turn's end (not a chance of winning "
                 "the game) and that estimated final margin over the best "
                 "opponent, in points, against the best option. It uses only what this "
                 "player may see.\n\n* **Esc**, **q** or Enter on Close closes it")

    ESTIMATES = ESTIMATES
    advise = staticmethod(hint)


class ShowdownReviewScreen(CoachReviewScreen):
    """Each decision of the people (every seat's when no person played) that cost final
    margin by the search player's estimate, worst first, with the better one."""

    TITLE_TEXT = "Review · decisions that cost margin, worst first (arrows scroll, Esc closes)"
    THINKING = "thinking… (judging every decision of the game)"
    HELP_TEXT = ("# Review\n\nEvery decision of the people at this game where another "
                 "option was worth more by the search player's estimate (as the hint judges "
                 "it), worst first, with the better option and how many points of final "
                 "margin it was worth. A decision is listed only when the difference is "
                 "beyond the estimate's noise.\n\n* **Up**/**Down** scroll\n"
                 "* **Esc**, **q** or Enter on Close closes it")

    ESTIMATES = ESTIMATES
    judge = staticmethod(review)
