"""The table's geometry at a terminal's size: cards drawn as cards from :data:`LARGE` up,
one line per card below ("compact"); the left column keeps one width, so dividers line up."""

from __future__ import annotations

from dataclasses import dataclass

#: the columns of the left column (players table, cards) on small terminals: a card's line
#: and the players table fit whole
COMPACT_LEFT = 47
#: from this many columns the hand is drawn five cards to a row (four below)
WIDE = 150
#: the smallest terminal (columns, rows) drawing the cards as cards
LARGE = (120, 40)


@dataclass(frozen=True)
class Layout:
    """The columns of the table on a terminal of ``width`` x ``height`` cells."""

    width: int
    height: int

    @property
    def large(self) -> bool:
        """True when the terminal is big enough to draw the cards as cards."""
        return self.width >= LARGE[0] and self.height >= LARGE[1]

    @property
    def compact(self) -> bool:
        """One line per card (a terminal smaller than :data:`LARGE`)."""
        return not self.large

    @property
    def short(self) -> bool:
        """Fewer rows than :data:`LARGE` has: the combinations scroll."""
        return self.height < LARGE[1]

    @property
    def columns(self) -> int:
        """The hand's cards to a row when cards are drawn as cards (4, or 5 from WIDE)."""
        return 5 if self.width >= WIDE else 4

    @property
    def left_outer(self) -> int:
        """The columns of the left column (players table, face-up cards, hand), padding
        included: the card grid's width, or COMPACT_LEFT on small terminals; the right
        column (combinations, discard pile, log) has the rest."""
        if self.compact:
            return max(20, min(COMPACT_LEFT, self.width - 30))
        k = self.columns
        return 16 * k + (k - 1) + 2

    @property
    def left_width(self) -> int:
        """The cells inside the left column."""
        return self.left_outer - 2

    @property
    def right_width(self) -> int:
        """The cells inside the right column (discard pile), less a scroll bar."""
        return max(12, self.width - self.left_outer - 1 - 2 - 2)
