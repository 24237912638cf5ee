"""A game as the layers above the rules see it, and the registry that finds games by key.

Every game lives in one package (``gameshelf.games.<key>``) whose ``__init__`` holds one
:class:`GameDef` named ``GAME``: the game's key, its title and menu line, and where its
*parts* are, each written ``"module:attribute"`` (the module relative to the game's package
when it starts with a dot). The layers above the rules (menu, command line, replay,
statistics, server, research adapters) never import a game: they ask the
:class:`Registry` for a game by key and load the part they need, so a game's modules are
imported only when that game is used.

Parts, by name (a game offers those that apply to it):

- ``cli``: the game's Typer app of sub-commands (``gameshelf <key> ...``);
- ``screen``: a function ``() -> Screen`` giving the screen the menu opens;
- ``stats``: a function ``(store, player) -> figures`` over the finished games kept;
- ``rl``: the research spec class (:class:`gameshelf.rl.spec.GameSpec`);
- ``server``: the game server's adapter class (:class:`gameshelf.server.games.Game`);
- ``end``: what the game's end writes, read from its match driver
  (:class:`gameshelf.session.ending.EndRules`: who enters the top 20, results, winners);
- ``options``: the game's options class (:class:`gameshelf.core.options.GameOptions`):
  each option described once (``online create``, pages, help) and read by one validator,
  and the computer players' levels;
- ``web``: the game's page module for the browser (:class:`WebPage`), served by the game
  server beside its WebSocket.

Example:
    >>> reg = Registry()
    >>> reg.add("yatz", "gameshelf.games.yatz")
    >>> reg.keys()
    ('yatz',)
    >>> reg.get("yatz").title
    'Yatz'
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gameshelf.core.errors import BadInputError
from gameshelf.core.options import GameOptions, Option


class UnknownGameError(BadInputError):
    """A game key that no registered game has, or a part a game does not offer."""


@dataclass(frozen=True)
class GameDef:
    """One game: its key, its names and where its parts are.

    Attributes:
        package: the game's package (``gameshelf.games.yatz``); relative part paths are
            read from it.
        key: the game's key on the command line, in records and in the store (``yatz``).
        parts: part name -> ``"module:attribute"`` (see the module's docstring).
    """

    package: str
    key: str
    title: str
    blurb: str
    parts: Mapping[str, str] = field(default_factory=dict)

    def has(self, part: str) -> bool:
        """True when the game offers ``part``."""
        return part in self.parts

    def load(self, part: str) -> Any:
        """The object named by ``part``, its module imported on first use.

        Raises:
            UnknownGameError: when the game does not offer ``part``.
        """
        try:
            where = self.parts[part]
        except KeyError:
            raise UnknownGameError(f"{self.title} has no {part}") from None
        module, _, name = where.partition(":")
        if module.startswith("."):
            module = self.package + module
        return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class WebPage:
    """A game's page module for the browser: plain JavaScript modules and styles in one
    folder of the game's own (``games/<key>/web/``), served as they are (no build step).

    The module (``script``) exports ``mount(root, api)``: it draws the seat's view (the
    ``view`` of the protocol's ``state`` message, the game's own view codec) inside
    ``root`` and sends the game's action texts through ``api.act(text)``, the same texts
    the terminal client sends. It returns ``{update(state), results(state)}``: ``update``
    is called with every ``state`` message, ``results`` gives each seat's ``{seat, name,
    score, place}`` from a finished game's view (shown when a page comes back to a finished
    game, whose ``over`` message was sent before).

    Attributes:
        folder: the folder holding the files.
        script: the module's file name (``yatz.js``).
        styles: its style sheets' file names.
        levels: the computer players' levels a room may seat, in the game's own words,
            the default (a quick one) first.
        players: the fewest and most seats a room of the game has.
        options: the room's options the page asks for (the game's options' ``FIELDS``).
    """

    folder: Path
    script: str
    styles: tuple[str, ...] = ()
    levels: tuple[str, ...] = ()
    players: tuple[int, int] = (1, 1)
    options: tuple[Option, ...] = ()

    def files(self) -> tuple[str, ...]:
        """Every file the page may ask for (nothing else of the folder is served)."""
        return (self.script, *self.styles)


def options_of(game: GameDef) -> type[GameOptions]:
    """The options class of ``game`` (its ``options`` part); :class:`GameOptions` itself,
    no option and no level, for a game without that part."""
    found: type[GameOptions] = game.load("options") if game.has("options") else GameOptions
    return found


class Registry:
    """The games, in menu order, each loaded from its package when first asked for.

    ``add(key, package)`` names a game; :meth:`get` imports the package and returns its
    ``GAME``. Iterating yields every game's :class:`GameDef` in the order added.
    """

    def __init__(self) -> None:
        self._where: dict[str, str] = {}
        self._defs: dict[str, GameDef] = {}

    def add(self, key: str, package: str) -> None:
        """Register the game ``key`` whose package ``package`` holds its ``GAME``.

        Raises:
            ValueError: when ``key`` is registered already.
        """
        if key in self._where:
            raise ValueError(f"game {key!r} is registered already")
        self._where[key] = package

    def remove(self, key: str) -> None:
        """Forget the game ``key`` (tests register a game of their own for a while)."""
        self._where.pop(key, None)
        self._defs.pop(key, None)

    def keys(self) -> tuple[str, ...]:
        """Every game's key, in order, without importing any game."""
        return tuple(self._where)

    def __contains__(self, key: object) -> bool:
        return key in self._where

    def get(self, key: str) -> GameDef:
        """The game ``key``.

        Raises:
            UnknownGameError: for a key no game has (the message lists the games).
        """
        found = self._defs.get(key)
        if found is not None:
            return found
        if key not in self._where:
            raise UnknownGameError(f"no game {key!r}; the games are {', '.join(self._where)}")
        game = importlib.import_module(self._where[key]).GAME
        if not isinstance(game, GameDef) or game.key != key:
            raise ValueError(f"{self._where[key]}.GAME is not the GameDef of {key!r}")
        self._defs[key] = game
        return game

    def __iter__(self) -> Iterator[GameDef]:
        return (self.get(k) for k in self.keys())

    def with_part(self, part: str) -> tuple[GameDef, ...]:
        """The games that offer ``part``, in order."""
        return tuple(g for g in self if g.has(part))
