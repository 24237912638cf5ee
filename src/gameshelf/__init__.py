"""gameshelf: four classic games brought back from their rule sheets.

Games: One Dollar Pinball (:mod:`gameshelf.dollar`), Yatz (:mod:`gameshelf.yatz`),
Muggins (:mod:`gameshelf.muggins`) and Pinball Showdown (:mod:`gameshelf.showdown`).
Each rules package is pure (no I/O); :mod:`gameshelf.cli` and :mod:`gameshelf.tui` are
adapters over them, and :mod:`gameshelf.core` holds what every game shares.
"""

__version__ = "0.1.0"
