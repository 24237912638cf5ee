"""gameshelf: four classic games brought back from their rule sheets.

Games: One Dollar Pinball (:mod:`gameshelf.games.dollar`), Yatz (:mod:`gameshelf.games.yatz`),
Muggins (:mod:`gameshelf.games.muggins`) and Pinball Showdown (:mod:`gameshelf.games.showdown`).
Each rules package is pure (no I/O); :mod:`gameshelf.cli` and :mod:`gameshelf.tui` are
adapters over them, and :mod:`gameshelf.core` holds what every game shares.
"""

__version__ = "0.1.0"
