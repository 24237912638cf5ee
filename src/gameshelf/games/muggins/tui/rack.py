"""The person's rack: a grid of tiles, the chosen one marked; a click on a tile is reported
upward (:class:`TileView.Clicked`), the screen decides what it does."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.containers import Grid
from textual.message import Message
from textual.widgets import Static

from gameshelf.games.muggins.tiles import Tile
from gameshelf.games.muggins.tui.render import (
    CLASSIC_SELECTED_STYLE,
    HUGE_FROM,
    HUGE_H,
    HUGE_W,
    NEW_STYLE,
    SELECTED_STYLE,
    TILE_STYLE,
    TILE_W,
    tile_lines,
)

#: Columns kept for the status, ends and messages beside the rack (classic layout).
INFO_W = 30
#: A tile's cell in the rack: the tile and one blank column.
SLOT = TILE_W + 1
#: The screen (columns, lines) from which the rack draws the big tiles (:data:`HUGE_W`).
BIG_RACK = (HUGE_FROM, 46)


def big_rack(width: int, height: int) -> bool:
    """Whether a screen ``width`` x ``height`` draws the rack's big tiles."""
    return width >= BIG_RACK[0] and height >= BIG_RACK[1]


class TileView(Static):
    """One tile of the rack; a click on it is reported (:class:`TileView.Clicked`)."""

    DEFAULT_CSS = """
    TileView { width: 9; height: 4; }
    """

    class Clicked(Message):
        """A tile of the rack was clicked."""

        def __init__(self, tile: Tile) -> None:
            super().__init__()
            self.tile = tile

    def __init__(self, tile: Tile, selected: bool, fresh: bool, classic: bool = False,
                 big: bool = False) -> None:
        super().__init__(self.render_tile(tile, selected, fresh, classic, big))
        self.tile = tile
        self.big(big)

    def big(self, big: bool) -> None:
        """Size the view for the big tiles (``big``) or the usual ones."""
        self.styles.width = HUGE_W if big else TILE_W
        self.styles.height = HUGE_H + 1 if big else 4

    @staticmethod
    def render_tile(tile: Tile, selected: bool, fresh: bool, classic: bool = False,
                    big: bool = False) -> Text:
        """3 lines of tile (``big``: 5, wider) and a marker line under the selected one
        (``classic``: the selected tile in the manual's blinking red box)."""
        style = ((CLASSIC_SELECTED_STYLE if classic else SELECTED_STYLE) if selected
                 else NEW_STYLE if fresh else TILE_STYLE)
        width = HUGE_W if big else TILE_W
        lines = tile_lines(tile.low, tile.high, style, big=big)
        lines.append(Text(f"▲{str(tile):^{width - 2}}▲",
                          "bold blink red" if classic else "bold red") if selected
                     else Text(f"{str(tile):^{width}}", "dim"))
        return Text("\n").join(lines)

    def on_click(self, event: events.Click) -> None:
        self.post_message(self.Clicked(self.tile))


class Rack(Grid):
    """The person's tiles in rows (``classic``: a block in the upper right corner, the rest
    of the width for the status, ends and messages)."""

    #: Tiles in a row (the up and down keys of the classic map move a row).
    columns = 1

    def show(self, tiles: list[Tile], selected: int, fresh: Tile | None, classic: bool,
             width: int, big: bool = False) -> None:
        """Draw ``tiles`` (``selected``: the index marked; ``fresh``: the tile just drawn)
        for a screen ``width`` columns wide (``big``: the big tiles of a large screen);
        the tiles' views are kept while the tiles are the same."""
        slot = HUGE_W + 1 if big else SLOT
        if classic:
            self.columns = max(1, min(len(tiles), (width - INFO_W) // slot))
            self.styles.width = self.columns * slot + 1
        else:
            self.columns = max(1, (width - 2) // slot)
        self.styles.grid_size_columns = self.columns
        self.styles.grid_columns = str(slot - 1)
        self.styles.grid_rows = str(HUGE_H + 1 if big else 4)
        self.styles.max_height = 2 * (HUGE_H + 1) if big else 12
        views = list(self.query(TileView))
        if [v.tile for v in views] == tiles:
            for i, (v, t) in enumerate(zip(views, tiles, strict=True)):
                v.update(TileView.render_tile(t, i == selected, t == fresh, classic, big))
                v.big(big)
            return
        self.remove_children()
        self.mount_all([TileView(t, i == selected, t == fresh, classic, big)
                        for i, t in enumerate(tiles)])


def rack_title(tiles: int, classic: bool, width: int) -> str:
    """The line over the rack: how many tiles and the keys that play them (the mouse too
    when the line has room)."""
    if classic:
        return f"Your tiles ({tiles}): arrows move the red box · Enter plays"
    title = (f"Your tiles ({tiles}): ←/→ choose · Enter play · L/R chain · "
             f"D draw · P pass")
    if width >= len(title) + len(" · click a tile") + 2:
        title += " · click a tile"
    return title
