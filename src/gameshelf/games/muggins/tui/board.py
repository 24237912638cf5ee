"""The board on screen: the chains in a scroll area that never takes the keys, drawn with
big tiles when the whole board fits and one-line tiles when it does not; and the chain
choice shown when a tile fits both chains (reported upward: :class:`Sides.Chosen`)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.geometry import Region
from textual.message import Message
from textual.widgets import Button, Static

from gameshelf.games.muggins.game import Chains
from gameshelf.games.muggins.tiles import Tile
from gameshelf.games.muggins.tui.render import (
    BIG,
    Geometry,
    board_text,
    choose_geometry,
    tile_row,
)


class BoardScroll(VerticalScroll, can_focus=False):
    """The board's scroll area; it never takes the keys (the arrows choose tiles)."""

    def compose(self) -> ComposeResult:
        yield Static("", id="mg-board")

    def show(self, table: Chains, width: int, marks: bool, fresh: Tile | None) -> Geometry:
        """Draw the chains of ``table`` ``width`` columns wide (``marks``: the chain ends
        named for a tile that fits both; ``fresh``: the tile just played, marked and
        scrolled to). Returns the tiles' geometry used: big when the whole board fits the
        space it has, else one-line tiles."""
        height = self.scrollable_content_region.height
        geo = choose_geometry(table, width, height) if height > 0 else BIG
        self.query_one("#mg-board", Static).update(
            board_text(table, width, marks=marks, fresh=fresh, geo=geo))
        row = tile_row(table, width, fresh, geo)
        if row is not None:   # a board longer than its space scrolls to the tile just played
            self.call_after_refresh(self.scroll_to_region,
                                    Region(0, 1 + row * geo.row_lines, 1, geo.tile_h),
                                    animate=False)
        return geo

    def clear(self) -> None:
        """An empty board (no game)."""
        self.query_one("#mg-board", Static).update("")


class Sides(Horizontal):
    """"It fits both chains": the Left and Right buttons; a press is reported
    (:class:`Sides.Chosen`). Shown only while a tile is being placed (class ``-shown``)."""

    class Chosen(Message):
        """Left (``L``) or right (``R``) was pressed."""

        def __init__(self, side: str) -> None:
            super().__init__()
            self.side = side

    def compose(self) -> ComposeResult:
        yield Static("It fits both chains: ")
        for label, bid in (("◀ Left (L)", "side-L"), ("Right (R) ▶", "side-R")):
            button = Button(label, id=bid)
            button.can_focus = False   # Enter plays the selected tile, never a button
            yield button

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.post_message(self.Chosen(str(event.button.id)[-1]))
