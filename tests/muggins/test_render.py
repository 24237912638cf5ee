"""The board drawing: decoding the pips back from the text gives the chains, in order, at
every width (long chains snake over several rows)."""

from __future__ import annotations

import pytest

from gameshelf.core.chance import Chance
from gameshelf.muggins.game import MugginsState, resolve_chance
from gameshelf.muggins.mugsy import Mugsy
from gameshelf.tui.muggins_render import CENTER_W, PIP, TILE_W, board_text, half_rows


def _long_round(seed: int) -> MugginsState:
    """A round played by two easy Mugsys, stopped with many tiles on the board."""
    state = MugginsState(target=10_000)
    chance = Chance(seed)
    bots = [Mugsy("easy", Chance(seed + s), seat=s) for s in (0, 1)]
    best = state.clone()
    while state.round_no == 1:
        resolve_chance(state, chance)
        if state.round_no > 1:
            break
        if len(state.left) + len(state.right) > len(best.left) + len(best.right):
            best = state.clone()
        seat = state.current_player()
        state.apply_action(bots[seat].choose(state.view(seat)))
    return best


def _decode(lines: list[str], col: int, row: int) -> tuple[int, int]:
    block = [lines[row * 4 + r][col:col + TILE_W].ljust(TILE_W) for r in range(3)]
    first = sum(b[0:3].count(PIP) for b in block)
    second = sum(b[4:7].count(PIP) for b in block)
    assert all(b[3] == "│" for b in block)
    return first, second


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("width", [60, 78, 116, 200])
def test_board_decodes_back_to_the_chains(seed: int, width: int) -> None:
    state = _long_round(seed)
    assert len(state.left) + len(state.right) >= 10
    lines = board_text(state, width).plain.split("\n")
    half = (width - CENTER_W) // 2
    per_row = half // (TILE_W + 1)
    off = half - per_row * (TILE_W + 1)
    base = half + CENTER_W
    for i, p in enumerate(state.left):
        row, k = divmod(i, per_row)
        if row % 2 == 0:
            assert _decode(lines, off + (per_row - 1 - k) * 8, row) == (p.outer, p.inner)
        else:
            assert _decode(lines, off + k * 8, row) == (p.inner, p.outer)
    for i, p in enumerate(state.right):
        row, k = divmod(i, per_row)
        if row % 2 == 0:
            assert _decode(lines, base + 1 + k * 8, row) == (p.inner, p.outer)
        else:
            assert _decode(lines, base + 1 + (per_row - 1 - k) * 8, row) == (p.outer, p.inner)
    assert str(state.end_total()) in lines[1][half:half + CENTER_W]


@pytest.mark.parametrize("n", range(10))
def test_pip_fields_show_the_number(n: int) -> None:
    assert sum(r.count(PIP) for r in half_rows(n)) == n
