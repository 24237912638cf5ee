"""What the game screens share in saving and leaving a game (the game's own words around
it stay in its folder): why ``s`` saves nothing now, and the line an online game left says.
"""

from __future__ import annotations

from typing import Any

from gameshelf.session.match import GameMatch


def nothing_to_save(game: GameMatch[Any, Any], over: str, online: str) -> str | None:
    """Why ``s`` saves nothing now: ``over`` once the game is over (the lost connection's
    line when it was cut off), ``online`` when a server keeps the game; None when it may be
    saved."""
    if game.finished():
        return over if game.cut_off() is None else game.over_line()
    return None if game.keeps_saves else online


def left_room(title: str, room: str) -> str:
    """What leaving an online game says: ``Left Yatz room K7QX: the server keeps your
    seat; join again with the same name to play on.``"""
    return (f"Left {title} room {room}: the server keeps your seat; join again with the same "
            "name to play on.")
