"""A round of One Dollar Pinball under a front end: its bills and where they are kept.

A round has no save: the bills are entered, then played, and every bill's score is known the
moment play starts. :meth:`DollarRound.finish` keeps them all in the ``dollar`` high-score
table in ONE transaction, once (finishing again writes nothing), so a round is never kept
in part nor twice; the screen calls it when play starts, so a stop or a crash during the
pinball display loses nothing. :func:`best_bills` reads the table for the screen and for
``gameshelf dollar best``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gameshelf.core.errors import StoreError
from gameshelf.core.records import GameRecord
from gameshelf.core.store import ScoreRow
from gameshelf.games.dollar.game import RULES_VERSION, Entry
from gameshelf.session.base import SaveSlot, open_store
from gameshelf.session.ending import EndRules, EndSeat, ending

GAME = "dollar"


def round_record(entries: Sequence[Entry], seed: int) -> GameRecord:
    """A round as a game record: no actions, the bills in its options, in seat order
    (``{"players": [{"name", "bill", "district", "series"}]}``; ``series`` None when the
    match is not checked). Scoring each bill again gives the round."""
    return GameRecord(GAME, RULES_VERSION, {"players": [
        {"name": e.name, "bill": str(e.bill), "district": e.district,
         "series": None if e.series is None else str(e.series)} for e in entries]}, seed)


def _bill(played: DollarRound, seat: int) -> dict[str, Any]:
    """The detail of a bill's high-score row: the bill, serial, district, series and
    match."""
    e = played.entries[seat]
    return {"bill": str(e.bill), "serial": e.bill.serial, "district": e.district,
            "series": None if e.series is None else str(e.series),
            "match": e.result.match, "rules_version": RULES_VERSION}


def best_bills(limit: int = 10) -> list[ScoreRow]:
    """The best ``limit`` bills ever kept, highest first.

    Raises:
        StoreError: the store cannot be read.
    """
    with open_store() as store:
        return store.top_scores(GAME, limit)


@dataclass
class DollarRound:
    """One round: the game number and the bills entered (in seat order).

    Attributes:
        seed: the game number (random bills are drawn from it).
        entries: the players' bills (the front end adds and removes them before play).
        slot: marks the round kept (a round has no save; its key makes keeping idempotent).
    """

    seed: int
    entries: list[Entry] = field(default_factory=list)
    slot: SaveSlot = field(default_factory=lambda: SaveSlot(GAME))

    @staticmethod
    def check_writable() -> None:
        """Raise StoreError when the store cannot be written (said before a round is
        played)."""
        SaveSlot.check_writable()

    @property
    def kept(self) -> bool:
        """True once the round's bills are kept."""
        return self.slot.finished

    def finish(self) -> bool:
        """Keep every bill of the round in one transaction, once. Returns True when it
        wrote them now.

        Raises:
            StoreError: nothing could be written (nothing was; calling again tries again).
        """
        if self.slot.finished:
            return False
        if not self.entries:
            raise StoreError("a round with no bill has nothing to keep")
        return self.slot.finish(ending(ENDING, self)) is not None


#: The end of a round (its ``end`` part): every bill enters the ``dollar`` high-score table
#: (points); the highest score wins, equal scores share it (a draw). The tables count rounds
#: and list bills.
ENDING = EndRules(seats=lambda r: [EndSeat(e.name) for e in r.entries],
                  points=lambda r: [e.score for e in r.entries], top=_bill,
                  record=lambda r: round_record(r.entries, r.seed), noun="round",
                  top_noun="bill")
