"""The names of the key maps a game screen offers, shared by the command line and the app.

``default`` is the program's own keys; ``classic`` works as the game's old manual says. The
keys themselves are defined by the terminal app (:mod:`gameshelf.tui.keymaps`); this module
knows the names and keeps the one chosen last in the store (setting ``keys.<game>``).
"""

from __future__ import annotations

from gameshelf.core.errors import BadInputError, GameshelfError
from gameshelf.core.inputs import quote
from gameshelf.core.store import Store

#: The key maps, the default first.
KEY_MAPS = ("default", "classic")
DEFAULT_KEY_MAP = KEY_MAPS[0]


def parse_key_map(text: str) -> str:
    """The key map named ``text`` (any case, spaces around ignored).

    Raises:
        BadInputError: not a key map's name.
    """
    name = text.strip().lower()
    if name not in KEY_MAPS:
        raise BadInputError(f"unknown key map {quote(text)}: choose {' or '.join(KEY_MAPS)}")
    return name


def setting_name(game: str) -> str:
    """The store setting that remembers a game's key map: ``keys.<game>``."""
    return f"keys.{game}"


def remembered_key_map(game: str) -> str:
    """The key map last chosen for ``game`` (kept in the store): ``default`` when none was
    chosen, when the store cannot be read, or when it holds no key map's name."""
    try:
        with Store() as store:
            value = store.get_setting(setting_name(game))
        return parse_key_map(value) if value is not None else DEFAULT_KEY_MAP
    except GameshelfError:
        return DEFAULT_KEY_MAP


def remember_key_map(game: str, key_map: str) -> None:
    """Keep ``key_map`` as ``game``'s key map for the next runs.

    Raises:
        BadInputError: not a key map's name.
        StoreError: the store cannot be written.
    """
    name = parse_key_map(key_map)
    with Store() as store:
        store.set_setting(setting_name(game), name)
