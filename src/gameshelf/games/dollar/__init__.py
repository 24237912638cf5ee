"""One Dollar Pinball: score the serial number of a $1 bill like a pinball game.

Pure rules (no I/O): :mod:`.bill` parses serials, districts and series years (R-DP-1 to
R-DP-3), :mod:`.scorer` plays a serial with a step-by-step trace (R-DP-4 to R-DP-9), and
:mod:`.odds` computes the exact distribution of scores over every serial by dynamic
programming over the digits (R-DP-10).
"""

from gameshelf.games.dollar.bill import (
    DISTRICTS,
    Bill,
    Series,
    district_name,
    parse_bill,
    parse_district,
    parse_series,
    resolve_district,
)
from gameshelf.games.dollar.odds import Distribution, distribution, max_serials
from gameshelf.games.dollar.scorer import MILLION, Result, Rule, Step, score_serial

RULES_VERSION = 1

__all__ = [
    "DISTRICTS",
    "MILLION",
    "RULES_VERSION",
    "Bill",
    "Distribution",
    "Result",
    "Rule",
    "Series",
    "Step",
    "distribution",
    "district_name",
    "max_serials",
    "parse_bill",
    "parse_district",
    "parse_series",
    "resolve_district",
    "score_serial",
]
