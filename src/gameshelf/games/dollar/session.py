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

from gameshelf.core.errors import StoreError
from gameshelf.core.records import GameRecord
from gameshelf.core.store import HistoryEntry, HistoryPlayer, ScoreEntry, ScoreRow
from gameshelf.games.dollar.game import RULES_VERSION, Entry, winners
from gameshelf.session.base import SaveSlot, open_store

GAME = "dollar"


def score_entry(entry: Entry, seed: int) -> ScoreEntry:
    """The high-score row of one bill played in game ``seed`` (points; the bill, serial,
    district, series and match in the detail)."""
    return ScoreEntry(entry.name, entry.score, seed=seed, detail={
        "bill": str(entry.bill), "serial": entry.bill.serial, "district": entry.district,
        "series": None if entry.series is None else str(entry.series),
        "match": entry.result.match, "rules_version": RULES_VERSION})


def round_record(entries: Sequence[Entry], seed: int) -> GameRecord:
    """A round as a game record: no actions, the bills in its options, in seat order
    (``{"players": [{"name", "bill", "district", "series"}]}``; ``series`` None when the
    match is not checked). Scoring each bill again gives the round."""
    return GameRecord(GAME, RULES_VERSION, {"players": [
        {"name": e.name, "bill": str(e.bill), "district": e.district,
         "series": None if e.series is None else str(e.series)} for e in entries]}, seed)


def history_entry(entries: Sequence[Entry], seed: int) -> HistoryEntry:
    """What the history keeps of a round: its record (:func:`round_record`) and each
    player's points; the highest score wins, equal scores share it (a draw)."""
    best = set(winners(entries))
    return HistoryEntry(round_record(entries, seed), [
        HistoryPlayer(e.name, "person", None, e.score,
                      None if len(entries) < 2 else
                      ("win" if len(best) == 1 else "draw") if i in best else "loss")
        for i, e in enumerate(entries)])


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

    def finish(self, entries: Sequence[Entry] | None = None) -> bool:
        """Keep every bill of the round (``entries``, default :attr:`entries`) in one
        transaction, once. Returns True when it wrote them now.

        Raises:
            StoreError: nothing could be written (nothing was; calling again tries again).
        """
        if self.slot.finished:
            return False
        bills = list(self.entries if entries is None else entries)
        if not bills:
            raise StoreError("a round with no bill has nothing to keep")
        return self.slot.finish(scores=[score_entry(e, self.seed) for e in bills],
                                history=history_entry(bills, self.seed)) is not None
