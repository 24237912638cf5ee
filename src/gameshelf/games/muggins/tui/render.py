"""Drawing Muggins tiles and the board as Rich text (no widgets, easy to test).

A tile is 3 lines by 9 columns: heavy edges ``┃`` on both sides, two 3x3 pip fields (0 to 9
pips) and a dashed divider ``╎`` between them, so tiles side by side (one blank column apart)
never read as one tile, even without colours. The board puts the double-blank in the middle,
drawn as the blank double it is (the total of the two open ends is a named number on the
line under the board, :func:`ends_bar`); the left chain runs leftwards from it and the
right chain rightwards; a chain longer than its half of the board turns the
corner and snakes back on the next row, so every tile stays visible and touches its
neighbour. The open half of each chain's last tile has red pips.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

from gameshelf.core.text import possessive
from gameshelf.games.muggins.game import Chains, Placed, end_value, play_points
from gameshelf.games.muggins.tiles import Tile

#: Pip positions (row, column) in a 3x3 field for 0-9 pips.
PIP_LAYOUT: dict[int, frozenset[tuple[int, int]]] = {
    0: frozenset(),
    1: frozenset({(1, 1)}),
    2: frozenset({(0, 0), (2, 2)}),
    3: frozenset({(0, 0), (1, 1), (2, 2)}),
    4: frozenset({(0, 0), (0, 2), (2, 0), (2, 2)}),
    5: frozenset({(0, 0), (0, 2), (1, 1), (2, 0), (2, 2)}),
    6: frozenset({(0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2)}),
    7: frozenset({(0, 0), (1, 0), (2, 0), (0, 2), (1, 2), (2, 2), (1, 1)}),
    8: frozenset({(r, c) for r in range(3) for c in range(3)} - {(1, 1)}),
    9: frozenset({(r, c) for r in range(3) for c in range(3)}),
}
PIP = "●"
EDGE = "┃"
DIVIDER = "╎"
TILE_W = 9
TILE_H = 3
IVORY = "rgb(238,232,213)"
TILE_STYLE = f"black on {IVORY}"
DOUBLE_STYLE = "black on rgb(250,222,160)"
SELECTED_STYLE = "black on rgb(255,196,70)"
#: The selected tile with the classic keys: the 1991 manual's red box.
CLASSIC_SELECTED_STYLE = "bold white on rgb(200,30,30)"
NEW_STYLE = "black on rgb(170,220,255)"


def half_rows(n: int, big: bool = False) -> list[str]:
    """The 3 rows (3 characters each) of a half showing ``n`` pips; ``big``: 5 rows of 5,
    the pips one cell apart (the big tiles of a large screen, :data:`HUGE`)."""
    cells = PIP_LAYOUT[n]
    if big:
        return ["".join(PIP if r % 2 == 0 and c % 2 == 0 and (r // 2, c // 2) in cells
                        else " " for c in range(5)) for r in range(5)]
    return ["".join(PIP if (r, c) in cells else " " for c in range(3)) for r in range(3)]


def tile_lines(first: int, second: int, style: str = TILE_STYLE,
               first_style: str | None = None, second_style: str | None = None,
               big: bool = False) -> list[Text]:
    """A tile as 3 lines of 9 cells (edge, half, divider, half, edge), ``first`` on the left;
    ``big``: 5 lines of :data:`HUGE_W` cells."""
    a, b = half_rows(first, big), half_rows(second, big)
    out = []
    for r in range(len(a)):
        line = Text()
        line.append(EDGE, style)
        line.append(a[r], first_style or style)
        line.append(DIVIDER, style)
        line.append(b[r], second_style or style)
        line.append(EDGE, style)
        out.append(line)
    return out


def _style_of(p: Placed) -> str:
    return DOUBLE_STYLE if p.tile.is_double else TILE_STYLE


def _placed_lines(p: Placed, leftwards: bool, is_end: bool, fresh: bool,
                  geo: Geometry | None = None) -> list[Text]:
    style = NEW_STYLE if fresh else _style_of(p)
    open_style = f"bold red on {style.split(' on ')[1]}" if is_end else None
    small = geo is not None and geo.tile_h == 1
    big = geo is not None and geo.tile_h == HUGE_H
    if leftwards:   # the open (outer) half on the left
        if small:
            return [small_tile(p.outer, p.inner, style, first_style=open_style)]
        return tile_lines(p.outer, p.inner, style, first_style=open_style, big=big)
    if small:
        return [small_tile(p.inner, p.outer, style, second_style=open_style)]
    return tile_lines(p.inner, p.outer, style, second_style=open_style, big=big)


def center_lines(marks: bool = False, big: bool = False) -> list[Text]:
    """The double-blank (the spinner) as the double it is: a blank tile in the doubles'
    colour, 11 columns with the blinking L and R marks beside it (``marks``). The ends'
    total is never drawn on it (it read as a tile changing value): :func:`ends_bar` says
    it, named."""
    lines = []
    tiles = tile_lines(0, 0, DOUBLE_STYLE, big=big)
    middle = len(tiles) // 2
    for r, tile in enumerate(tiles):
        line = Text()
        line.append("L" if marks and r == middle else " ", "bold blink yellow")
        line.append_text(tile)
        line.append("R" if marks and r == middle else " ", "bold blink yellow")
        lines.append(line)
    return lines


CENTER_W = TILE_W + 2
#: The big tiles of a large screen: 5 lines of 13 cells (5x5 pip fields).
HUGE_W, HUGE_H = 13, 5
#: The screen width from which the board and the rack may draw the big tiles.
HUGE_FROM = 120

#: The small board's tiles: one line, the halves as digits (``3│5``), for a board whose big
#: tiles would not fit the space it has (80x24 with long chains).
SMALL_W = 3
#: The small board's double-blank (with the L/R marks): ``L 0│0 R``.
SMALL_CENTER_W = 7
#: The line between the two chains (down the middle of the board, under the double-blank).
RULE = "┊"
RULE_STYLE = "dim"


@dataclass(frozen=True)
class Geometry:
    """How big the board's pieces are: a tile ``tile_w`` x ``tile_h`` cells, the double-blank
    ``centre_w`` wide, and a line between two rows of a chain (``turn_lines``, with a
    connector where the chain turns the corner) or none."""

    tile_w: int
    tile_h: int
    centre_w: int
    turn_lines: bool

    @property
    def row_lines(self) -> int:
        """Lines from one row of tiles to the next."""
        return self.tile_h + (1 if self.turn_lines else 0)


BIG = Geometry(TILE_W, TILE_H, CENTER_W, True)
SMALL = Geometry(SMALL_W, 1, SMALL_CENTER_W, False)
HUGE = Geometry(HUGE_W, HUGE_H, HUGE_W + 2, True)


def small_tile(first: int, second: int, style: str = TILE_STYLE,
               first_style: str | None = None, second_style: str | None = None) -> Text:
    """A tile on one line, ``first`` on the left: ``3│5``."""
    out = Text()
    out.append(str(first), first_style or style)
    out.append("│", style)
    out.append(str(second), second_style or style)
    return out


def _rows(chain: Sequence[Placed], per_row: int) -> list[list[Placed]]:
    return [list(chain[i:i + per_row]) for i in range(0, len(chain), per_row)] or [[]]


def _per_row(width: int, geo: Geometry = BIG) -> tuple[int, int]:
    """``(half, per_row)``: the columns of each half of a board ``width`` wide and the tiles
    each row of a chain holds."""
    width = max(width, 40)
    half = (width - geo.centre_w) // 2
    return half, max(1, half // (geo.tile_w + 1))


def tile_row(state: Chains, width: int, tile: Tile | None,
             geo: Geometry = BIG) -> int | None:
    """The row (0 = the double-blank's) where ``tile`` is drawn on a board ``width`` wide;
    it starts at line ``1 + row * geo.row_lines`` (under the chains' names). None: not on
    the board."""
    _, per_row = _per_row(width, geo)
    for chain in (state.left, state.right):
        for i, p in enumerate(chain):
            if p.tile == tile:
                return i // per_row
    return None


def board_height(state: Chains, width: int, geo: Geometry = BIG) -> int:
    """The lines :func:`board_text` draws for a board ``width`` wide."""
    _, per_row = _per_row(width, geo)
    nrows = max(len(_rows(state.left, per_row)), len(_rows(state.right, per_row)))
    return 1 + nrows * geo.row_lines - (1 if geo.turn_lines else 0)


def choose_geometry(state: Chains, width: int, height: int) -> Geometry:
    """The largest tiles with which the whole board fits ``width`` x ``height`` cells: the
    big ones of a large screen (:data:`HUGE`, from :data:`HUGE_FROM` columns), the pips
    (:data:`BIG`), else the one-line tiles (the whole board in view beats big tiles in
    part)."""
    if width >= HUGE_FROM - 4 and board_height(state, width, HUGE) <= height:
        return HUGE
    return BIG if board_height(state, width, BIG) <= height else SMALL


def _chain_names(state: Chains, half: int, geo: Geometry) -> Text:
    """The line over the board: the left chain's name over the left half, the right's over
    the right half, so the two are never read as one."""
    def one(chain: Sequence[Placed]) -> str:
        n = len(chain)
        return f"{n} tile{'s' if n != 1 else ''}"
    left = f"◀ LEFT chain · {one(state.left)}"
    right = f"RIGHT chain · {one(state.right)} ▶"
    line = Text()
    line.append(f"{left[:half]:>{half}}", "bold")
    line.append_text(_gap(geo))
    line.append(f" {right[:half]:<{half}}", "bold")
    return line


def _small_centre(marks: bool) -> Text:
    line = Text()
    line.append("L" if marks else " ", "bold blink yellow")
    line.append(" ")
    line.append_text(small_tile(0, 0, DOUBLE_STYLE))
    line.append(" ")
    line.append("R" if marks else " ", "bold blink yellow")
    return line


def _gap(geo: Geometry) -> Text:
    """The middle of a row under the double-blank: blank, the rule down its centre."""
    line = Text(" " * (geo.centre_w // 2))
    line.append(RULE, RULE_STYLE)
    line.append(" " * (geo.centre_w - geo.centre_w // 2 - 1))
    return line


def board_text(state: Chains, width: int, marks: bool = False,
               fresh: Tile | None = None, geo: Geometry = BIG) -> Text:
    """The board for a given width (columns): the chains' names on the first line, then the
    double-blank in the middle, the left chain running leftwards from it and the right chain
    rightwards, each snaking back in rows when long, a rule down the middle between them.

    Args:
        width: columns available (at least 40 are used).
        marks: show the blinking L and R beside the double-blank (choosing a chain).
        fresh: a tile to show in light blue (just played).
        geo: :data:`BIG` tiles (3 lines, pips), :data:`HUGE` ones (5 lines) or
            :data:`SMALL` ones (one line, digits).
    """
    width = max(width, 40)
    half, per_row = _per_row(width, geo)
    slot = geo.tile_w + 1
    span = per_row * slot
    left_rows = _rows(state.left, per_row)
    right_rows = _rows(state.right, per_row)
    nrows = max(len(left_rows), len(right_rows))
    out: list[Text] = [_chain_names(state, half, geo)]
    for row in range(nrows):
        block = [Text() for _ in range(geo.tile_h)]
        # left half: even rows run leftwards from the centre, odd rows back rightwards
        lrow = left_rows[row] if row < len(left_rows) else []
        l_cells = [_placed_lines(p, row % 2 == 0, p is state.left[-1],
                                 fresh is not None and p.tile == fresh, geo) for p in lrow]
        l_pad = span - len(l_cells) * slot
        if row % 2 == 0:   # runs leftwards: padding before the tiles
            _append_cells(block, l_cells[::-1], half - span + l_pad, 0, space_after=True)
        else:
            _append_cells(block, l_cells, half - span, l_pad, space_after=True)
        if row == 0:
            centre = ([_small_centre(marks)] if geo.tile_h == 1
                      else center_lines(marks, big=geo is HUGE))
        else:
            centre = [_gap(geo) for _ in range(geo.tile_h)]
        for r in range(geo.tile_h):
            block[r].append_text(centre[r])
        rrow = right_rows[row] if row < len(right_rows) else []
        r_cells = [_placed_lines(p, row % 2 == 1, p is state.right[-1],
                                 fresh is not None and p.tile == fresh, geo) for p in rrow]
        if row % 2 == 1:   # runs back leftwards: padding before the tiles
            _append_cells(block, r_cells[::-1], span - len(r_cells) * slot, 0,
                          space_after=False)
        else:
            _append_cells(block, r_cells, 0, 0, space_after=False)
        out.extend(block)
        if geo.turn_lines and row + 1 < nrows:
            out.append(_turn_line(half, span, row, len(left_rows), len(right_rows), geo))
    return Text("\n").join(out)


def _append_cells(block: list[Text], cells: Sequence[Sequence[Text]], lead: int, tail: int,
                  *, space_after: bool) -> None:
    """Append tiles (each ``len(block)`` lines) side by side to the lines of ``block``:
    ``lead`` spaces, the tiles each with one space after (left half) or before (right half),
    then ``tail`` spaces."""
    for r in range(len(block)):
        block[r].append(" " * lead)
        for c in cells:
            if not space_after:
                block[r].append(" ")
            block[r].append_text(c[r])
            if space_after:
                block[r].append(" ")
        block[r].append(" " * tail)


def _turn_line(half: int, span: int, row: int, nleft: int, nright: int,
               geo: Geometry = BIG) -> Text:
    """The line between two rows, with a connector where a chain turns the corner and the
    rule down the middle."""
    slot, mid = geo.tile_w + 1, geo.tile_w // 2
    cells = [" "] * (half + geo.centre_w + span + 1)
    if row + 1 < nleft:   # under the middle of the row's last tile
        col = (half - span) + (mid if row % 2 == 0 else span - slot + mid)
        cells[col] = "┃"
    if row + 1 < nright:
        col = half + geo.centre_w + 1 + (span - slot + mid if row % 2 == 0 else mid)
        cells[min(col, len(cells) - 1)] = "┃"
    rule = half + geo.centre_w // 2
    text = "".join(cells).rstrip()
    line = Text(text[:rule].ljust(rule), f"bold {IVORY}")
    line.append(RULE, RULE_STYLE)
    line.append(text[rule + 1:], f"bold {IVORY}")
    return line


def ends_bar(state: Chains, last: tuple[str, str] | None = None, width: int = 0) -> Text:
    """The open ends and their total, named, for a line that never scrolls away:
    ``◀ left end 4 · ends total 22 · right end 9 (double: 18) ▶``. A scoring total (5, 10
    ... 30) names the play that made it: ``last`` is who played the last tile (as the
    screen names the seats: ``You``, ``Mugsy``) and that tile, ``Mugsy's 0-5 scored 5``;
    unknown (None), no score is claimed. ``width`` > 0: shorter words when the long ones
    do not fit (``left end 9 double``, then ``total`` for ``ends total``, then the score's
    play without its number, the total beside it); the ends are
    always ``left end`` and ``right end``, the words of every other line and page."""
    def one(name: str, chain: Sequence[Placed], short: bool) -> str:
        if not chain:
            return f"{name} end 0" if short else f"{name} end 0 (the double-blank)"
        p = chain[-1]
        if short:
            return f"{name} end {p.outer}" + (" double" if p.tile.is_double else "")
        return f"{name} end {p.outer}" + (f" (double: {end_value(chain)})"
                                          if p.tile.is_double else "")
    total = state.end_total()
    scored = brief = ""
    if last is not None and play_points(total):
        scored = f" · {possessive(last[0])} {last[1]} scored {total}"
        brief = f" · {possessive(last[0])} {last[1]} scored"    # (the total is beside it)
    for short, total_word, said in ((False, "ends total", scored), (True, "ends total", scored),
                                    (True, "total", scored), (True, "total", brief)):
        out = Text()
        out.append(f"◀ {one('left', state.left, short)} · {total_word} ")
        out.append(f" {total} ", "bold white on blue")
        out.append(said, "bold")
        out.append(f" · {one('right', state.right, short)} ▶")
        if not width or out.cell_len <= width:
            break
    return out
