"""What the Yatz fitting scripts share (``yatz_fit_estimate.py``, ``yatz_fit_spread.py``):
their options with the checked output file, the one-turn player, and the turn-start states
of self-play games. A helper module, not a script of its own.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np

from gameshelf.core.errors import BadInputError
from gameshelf.core.files import check_target
from gameshelf.core.progress import add_progress_option
from gameshelf.games.yatz.scoring import YATZ_RULES
from gameshelf.games.yatz.selfplay import record_games
from gameshelf.games.yatz.strategy import Strategy, load_correction
from gameshelf.games.yatz.winner import TURNS


def fit_options(doc: str, games: int, seed: int, strong_games: int, strong_seed: int,
                out: Path) -> argparse.Namespace:
    """Parse ``--games --seed --strong-games --strong-seed --out --progress`` with these
    defaults; an ``--out`` that cannot be written ends the script (exit 2, one line)."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--games", type=int, default=games)
    ap.add_argument("--seed", type=int, default=seed)
    ap.add_argument("--strong-games", type=int, default=strong_games)
    ap.add_argument("--strong-seed", type=int, default=strong_seed)
    ap.add_argument("--out", type=Path, default=out)
    add_progress_option(ap)
    args = ap.parse_args()
    try:
        check_target(args.out, overwrite=True)
    except BadInputError as exc:
        ap.error(str(exc))
    return args


def one_turn_player() -> Strategy:
    """The strong player without lookahead, with its learned correction."""
    corr = load_correction()
    return Strategy(YATZ_RULES, discount=corr.discount, weights=corr.weights)


def turn_starts(player: Strategy, games: int,
                seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every turn start of ``games`` self-play games (seed ``seed``), game by game:
    ``(masks, ups, to_come, left)``: column masks and upper totals (capped at 63), each
    (games * 39, 3); the points the game still went on to score and the turns left
    (float), each (games * 39,)."""
    finals, masks, ups, points = record_games(player, games, seed)
    to_come = (finals[:, None] - points).reshape(-1)
    left = np.tile(TURNS - np.arange(TURNS), games).astype(np.float64)
    return masks.reshape(-1, 3), np.minimum(ups.reshape(-1, 3), 63), to_come, left


def column_sum(st: Strategy, masks: np.ndarray, ups: np.ndarray) -> np.ndarray:
    """The discounted sum of ``st``'s single-column values of each state, (n,)."""
    out: np.ndarray = sum(st.discount[c, 0] * st.colvals[c, masks[:, c], ups[:, c]]
                          for c in range(3))
    return out
