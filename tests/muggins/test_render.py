"""The board drawing: decoding the pips back from the text gives the chains, in order, at
every width (long chains snake over several rows)."""

from __future__ import annotations

import pytest

from gameshelf.core.chance import Chance
from gameshelf.games.muggins.game import MugginsState, resolve_chance
from gameshelf.games.muggins.mugsy import Mugsy
from gameshelf.games.muggins.tui.render import (
    CENTER_W,
    DIVIDER,
    EDGE,
    PIP,
    TILE_W,
    board_text,
    half_rows,
    tile_lines,
    tile_row,
)
from gameshelf.games.muggins.view import MugginsView

SLOT = TILE_W + 1


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
        state.apply_action(bots[seat].choose(MugginsView.of(state, seat)))
    return best


def _decode(lines: list[str], col: int, row: int) -> tuple[int, int]:
    """The tile drawn at column ``col`` of row ``row`` (under the line naming the chains)."""
    lines = lines[1:]
    block = [lines[row * 4 + r][col:col + TILE_W].ljust(TILE_W) for r in range(3)]
    first = sum(b[1:4].count(PIP) for b in block)
    second = sum(b[5:8].count(PIP) for b in block)
    assert all(b[0] == EDGE and b[4] == DIVIDER and b[8] == EDGE for b in block)
    # a blank column (or the board's edge) on both sides: tiles never touch
    for r in range(3):
        line = lines[row * 4 + r]
        assert col == 0 or line[col - 1] == " "
        assert col + TILE_W >= len(line) or line[col + TILE_W] == " "
    return first, second


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("width", [40, 60, 76, 96, 116, 200])
def test_board_decodes_back_to_the_chains(seed: int, width: int) -> None:
    state = _long_round(seed)
    assert len(state.left) + len(state.right) >= 10
    lines = board_text(state, width).plain.split("\n")
    half = (width - CENTER_W) // 2
    per_row = half // SLOT
    off = half - per_row * SLOT
    base = half + CENTER_W
    for i, p in enumerate(state.left):
        row, k = divmod(i, per_row)
        if row % 2 == 0:
            assert _decode(lines, off + (per_row - 1 - k) * SLOT, row) == (p.outer, p.inner)
        else:
            assert _decode(lines, off + k * SLOT, row) == (p.inner, p.outer)
    for i, p in enumerate(state.right):
        row, k = divmod(i, per_row)
        if row % 2 == 0:
            assert _decode(lines, base + 1 + k * SLOT, row) == (p.inner, p.outer)
        else:
            assert _decode(lines, base + 1 + (per_row - 1 - k) * SLOT, row) == (p.outer, p.inner)
    # the double-blank drawn as the blank double it is, never the ends' total
    assert [line[half + 1:half + CENTER_W - 1] for line in lines[1:4]] == \
        [t.plain for t in tile_lines(0, 0)]
    assert "LEFT chain" in lines[0][:half] and "RIGHT chain" in lines[0][half + CENTER_W:]
    # tile_row (used to scroll to the tile just played) names the row each tile is drawn in
    for chain in (state.left, state.right):
        for i, p in enumerate(chain):
            assert tile_row(state, width, p.tile) == i // per_row
    assert tile_row(state, width, None) is None


@pytest.mark.parametrize("n", range(10))
def test_pip_fields_show_the_number(n: int) -> None:
    assert sum(r.count(PIP) for r in half_rows(n)) == n


def test_a_tile_has_edges_and_a_divider_distinct_from_them() -> None:
    lines = [line.plain for line in tile_lines(3, 9)]
    assert len(lines) == 3 and all(len(line) == TILE_W for line in lines)
    assert all(line[0] == line[-1] == EDGE and line[4] == DIVIDER for line in lines)
    assert EDGE != DIVIDER
    assert sum(line[1:4].count(PIP) for line in lines) == 3
    assert sum(line[5:8].count(PIP) for line in lines) == 9
