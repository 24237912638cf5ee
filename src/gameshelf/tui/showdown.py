"""The showdown screen of the terminal app (not built yet)."""

from __future__ import annotations

from textual.screen import Screen

#: False until this game's screen exists; the menu says "not built yet".
BUILT = False


def make_screen() -> Screen[None]:
    """The game's first screen."""
    raise NotImplementedError("showdown is not built yet")
