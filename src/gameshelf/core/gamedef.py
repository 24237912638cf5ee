"""A game as the layers above the rules see it, and the registry that finds games by key.

Every game lives in one package (``gameshelf.games.<key>``) whose ``__init__`` holds one
:class:`GameDef` named ``GAME``: the game's key, its title and menu line, and where its
*parts* are, each written ``"module:attribute"`` (the module relative to the game's package
when it starts with a dot). The layers above the rules (menu, command line, replay,
statistics, server, research adapters) never import a game: they ask the
:class:`Registry` for a game by key and load the part they need, so a game's modules are
imported only when that game is used.

The parts are a closed set (:data:`PARTS`: what each is and must be); a game key is a short
lowercase word (:data:`KEY`) that is none of the command line's own commands
(:data:`RESERVED`). A badly made game is refused with one :class:`GameDefError`: a bad key or
a key taken when it is added, a part name or path of the wrong shape when its ``GAME`` is
made, a package without ``GAME`` (or with another game's) or whose import fails in any way
(a syntax error, an exception, a missing dependency) when it is first asked for, and a part's
missing module or attribute, failing import or wrong kind when the part is loaded. A shell
that walks the games asks :meth:`Registry.working`: the games that work and the broken ones
each with its line, so one badly made game never stops the others.

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
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from gameshelf.core.errors import BadInputError, GameshelfError
from gameshelf.core.options import GameOptions, Option


@dataclass(frozen=True)
class Part:
    """What one part of a game is: in words, and the kind of object it must be.

    Attributes:
        what: what it is, in words.
        kind: ``"callable"``, ``"instance"`` (of ``base``) or ``"class"`` (a subclass of
            ``base``).
        base: ``"module:Class"`` for an instance or a class; looked up among the modules
            imported already, never imported here: an object of a class of a module not
            imported cannot be of that class (and core imports no shell).
    """

    what: str
    kind: str = "callable"
    base: str = ""


#: The parts a game may offer: name -> what it is and must be.
PARTS: Mapping[str, Part] = MappingProxyType({
    "cli": Part("the Typer app of its sub-commands (gameshelf KEY ...)", "instance",
                "typer:Typer"),
    "screen": Part("a function () -> Screen: the screen the menu opens"),
    "replay_screen": Part("a function (replay, exit_app=...) -> Screen: its screen in "
                          "replay mode"),
    "replay": Part("a function (record) -> gameshelf.session.replay.Replay"),
    "stats": Part("a function (store, player) -> figures over the finished games kept"),
    "stats_view": Part("how the statistics screen draws them", "instance",
                       "gameshelf.tui.stats:StatsView"),
    "end": Part("what its end writes", "instance", "gameshelf.session.ending:EndRules"),
    "rl": Part("the research spec class", "class", "gameshelf.rl.spec:GameSpec"),
    "server": Part("the game server's adapter class", "class", "gameshelf.server.games:Game"),
    "online": Part("the online client's side", "instance",
                   "gameshelf.session.remote:OnlineGame"),
    "options": Part("its options class: each option described once and read by one "
                    "validator, and the computer players' levels", "class",
                    "gameshelf.core.options:GameOptions"),
    "web": Part("the page module for the browser", "instance",
                "gameshelf.core.gamedef:WebPage"),
})
#: A game key: a lowercase letter, then lowercase letters and digits, 20 at most (no '-' or
#: '_', so ``gameshelf_KEY`` and ``KEY(...)`` read back unambiguously). Every parser of game
#: keys uses this one pattern.
KEY = re.compile(r"[a-z][a-z0-9]{0,19}")
#: The command line's own top-level commands and options (without "--"): no game key.
RESERVED = frozenset({"help", "menu", "online", "serve", "version", "web"})
#: A part's place: ``module:attribute``, the module relative to the game's package with ``.``.
PLACE = re.compile(r"\.?[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*:[A-Za-z_]\w*")


class UnknownGameError(BadInputError):
    """A game key that no registered game has, or a part a game does not offer."""


class GameDefError(GameshelfError):
    """A badly made game: a bad key, an unknown part or a part's place of the wrong shape or
    that is not there, a package without its ``GAME`` (the command line: one line, exit 2)."""


def imported(module: str, what: str) -> Any:
    """``module``, imported.

    Raises:
        GameDefError: ``what`` (the game and its part) and why, in one line, when the module
            is not there, or importing it fails in any way (a module it imports is missing,
            a syntax error, an exception raised at import): a badly made game.
    """
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if f"{module}.".startswith(f"{exc.name}."):
            raise GameDefError(f"{what}: no module {module}") from None
        raise GameDefError(f"{what}: {module} imports {exc.name}, which is not installed"
                           ) from None
    except GameDefError:
        raise  # a GameDef badly made as the module is run: its own line
    except SyntaxError as exc:
        raise GameDefError(f"{what}: {module} has a syntax error (line {exc.lineno})"
                           ) from None
    except Exception as exc:  # any fault at import is the game's, said in one line
        said = str(exc).splitlines()[0] if str(exc) else ""
        raise GameDefError(f"{what}: importing {module} fails: {type(exc).__name__}"
                           + (f": {said}" if said else "")) from None


def attribute(where: str, what: str) -> Any:
    """The object ``where`` (``module:attribute``, the module absolute) names, imported.

    Raises:
        GameDefError: ``what`` and why in one line: the module or the attribute is not
            there, or importing the module fails.
    """
    module, _, name = where.partition(":")
    found = imported(module, what)
    if not hasattr(found, name):
        raise GameDefError(f"{what}: {module} has no {name}")
    return getattr(found, name)


def of_kind(part: str, found: object) -> bool:
    """True when ``found`` is what part ``part`` must be (its :data:`PARTS` row)."""
    how, where = PARTS[part].kind, PARTS[part].base
    if how == "callable":
        return callable(found)
    module, _, name = where.partition(":")
    base = getattr(sys.modules.get(module), name, None)
    if not isinstance(base, type):
        return False  # its module is not imported: nothing is of its class
    if how == "instance":
        return isinstance(found, base)
    return isinstance(found, type) and issubclass(found, base)


def kind_words(part: str) -> str:
    """What part ``part`` must be, in words (``a subclass of Game``)."""
    how, name = PARTS[part].kind, PARTS[part].base.partition(":")[2]
    article = "an" if name[:1] in "AEIOU" else "a"
    return {"callable": "a function", "instance": f"{article} {name}",
            "class": f"a subclass of {name}"}[how]


@dataclass(frozen=True)
class GameDef:
    """One game: its key, its names and where its parts are.

    Attributes:
        package: the game's package (``gameshelf.games.yatz``); relative part paths are
            read from it.
        key: the game's key on the command line, in records and in the store (``yatz``).
        parts: part name (one of :data:`PARTS`) -> ``"module:attribute"``, read-only.

    Raises:
        GameDefError: a part name not in :data:`PARTS`, or a place not ``module:attribute``.
    """

    package: str
    key: str
    title: str
    blurb: str
    parts: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for part, where in self.parts.items():
            if part not in PARTS:
                raise GameDefError(f"{self.package}: no part is named {part!r}; the parts are "
                                   f"{', '.join(PARTS)}")
            if not PLACE.fullmatch(where):
                raise GameDefError(f"{self.package}: part {part!r} is at {where!r}, not at "
                                   "'module:attribute'")
        object.__setattr__(self, "parts", MappingProxyType(dict(self.parts)))

    def has(self, part: str) -> bool:
        """True when the game offers ``part``."""
        return part in self.parts

    def load(self, part: str) -> Any:
        """The object named by ``part``, its module imported on first use.

        Raises:
            UnknownGameError: when the game does not offer ``part``.
            GameDefError: when the part's module or attribute is not there, importing its
                module fails, or it is not of its kind (:data:`PARTS`); one line.
        """
        try:
            where = self.parts[part]
        except KeyError:
            raise UnknownGameError(f"{self.title} has no {part}") from None
        module, _, attr = where.partition(":")
        if module.startswith("."):
            module = self.package + module
        made = attribute(f"{module}:{attr}", f"{self.title}'s {part} part")
        if not of_kind(part, made):
            raise GameDefError(f"{self.title}'s {part} part: {module}:{attr} is "
                               f"{type(made).__name__}, not {kind_words(part)}")
        return made


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
    game, whose ``over`` message was sent before); it may also return ``refused(error)``,
    called with the ``error`` message when the server refuses an action as ``illegal`` (a
    bill whose serial the rules do not read, say), returning true when it said the refusal
    beside what sent it (the frame then does not say it again), and ``focusTarget()``, the
    control the focus goes to when a move left it nowhere. An ``update`` that plays
    something out (Dollar's trace, step by step) returns a promise of its end: the frame
    holds the moves' words, the prompt and the game's end until then.

    Attributes:
        folder: the folder holding the files.
        script: the module's file name (``yatz.js``).
        styles: its style sheets' file names.
        levels: the computer players' levels a room may seat, in the game's own words,
            the quick one first.
        default_level: the level the page's setup has chosen first, one of ``levels``: the
            game's ``DEFAULT_LEVEL`` (:class:`~gameshelf.core.options.GameOptions`), the
            terminal's ``cpu`` ("": the first of ``levels``).
        players: the fewest and most seats a room of the game has.
        options: the room's options the page asks for (the game's options' ``FIELDS``).
        data: the static data the module draws from (Showdown's deck: its cards' names,
            points and speeds), a function giving it as JSON-ready values, called once
            when first asked for; served beside the module as :data:`DATA_FILE` (None: no
            data).
        hidden_hands: the game has hands a seat keeps from the others (Muggins' rack,
            Showdown's hand): several people at one device are shown a "pass the device"
            cover before a seat's hand is shown.
        rules: the game's rules in words for the page's help, Markdown (the help text its
            terminal screens show, without their keys), a function called once when first
            asked for; served beside the module as :data:`RULES_FILE` (None: no help).
    """

    folder: Path
    script: str
    styles: tuple[str, ...] = ()
    levels: tuple[str, ...] = ()
    default_level: str = ""
    players: tuple[int, int] = (1, 1)
    options: tuple[Option, ...] = ()
    data: Callable[[], Any] | None = None
    hidden_hands: bool = False
    rules: Callable[[], str] | None = None

    def files(self) -> tuple[str, ...]:
        """Every file of the folder the page may ask for (nothing else of it is served)."""
        return (self.script, *self.styles)


#: The name a page module's static data (:attr:`WebPage.data`) is served under, beside it.
DATA_FILE = "data.json"
#: The name a page module's rules (:attr:`WebPage.rules`) are served under, beside it: the
#: Markdown read into the tree of elements the page builds (:mod:`gameshelf.web.rules`).
RULES_FILE = "rules.json"


def options_of(game: GameDef) -> type[GameOptions]:
    """The options class of ``game`` (its ``options`` part); :class:`GameOptions` itself,
    no option and no level, for a game without that part."""
    found: type[GameOptions] = game.load("options") if game.has("options") else GameOptions
    return found


class Registry:
    """The games, in menu order, each loaded from its package when first asked for.

    ``add(key, package)`` names a game; :meth:`get` imports the package and returns its
    ``GAME``. Iterating yields every game's :class:`GameDef` in the order added (raising
    GameDefError at a badly made one: shells use :meth:`working` or :meth:`with_part`).
    """

    def __init__(self) -> None:
        self._where: dict[str, str] = {}
        self._defs: dict[str, GameDef] = {}

    def add(self, key: str, package: str) -> None:
        """Register the game ``key`` whose package ``package`` holds its ``GAME``.

        Raises:
            GameDefError: a key not of :data:`KEY`'s shape, one of :data:`RESERVED`, or one
                registered already.
        """
        if not KEY.fullmatch(key):
            raise GameDefError(f"a game key is a lowercase word of letters and digits "
                               f"(20 at most), not {key!r}")
        if key in RESERVED or key in self._where:
            what = "a command of gameshelf" if key in RESERVED else "another game's"
            raise GameDefError(f"{key!r} cannot be a game's key: it is {what}")
        self._where[key] = package

    def remove(self, key: str) -> None:
        """Forget the game ``key`` (tests register a game of their own for a while)."""
        self._where.pop(key, None)
        self._defs.pop(key, None)

    def keys(self) -> tuple[str, ...]:
        """Every game's key, in order, without importing any game."""
        return tuple(self._where)

    def title(self, key: str) -> str:
        """Game ``key``'s title (``Yatz``), the words every game's messages name it by; the
        key itself for a game not registered (a row left by one)."""
        return self.get(key).title if key in self._where else key

    def __contains__(self, key: object) -> bool:
        return key in self._where

    def get(self, key: str) -> GameDef:
        """The game ``key``.

        Raises:
            UnknownGameError: for a key no game has (the message lists the games).
            GameDefError: the game's package is not there, or its ``GAME`` is missing, badly
                made or another game's.
        """
        found = self._defs.get(key)
        if found is not None:
            return found
        if key not in self._where:
            raise UnknownGameError(f"no game {key!r}; the games are {', '.join(self._where)}")
        package = self._where[key]
        try:
            game = getattr(imported(package, f"game {key!r}"), "GAME", None)
        except GameDefError as exc:
            if str(exc) == f"game {key!r}: no module {package}":
                raise GameDefError(f"game {key!r}: no package {package}") from None
            if not str(exc).startswith(f"game {key!r}: "):  # its GameDef's own line
                raise GameDefError(f"game {key!r}: {exc}") from None
            raise
        if not isinstance(game, GameDef) or game.key != key:
            raise GameDefError(f"game {key!r}: {package} has no GAME, the GameDef keyed "
                               f"{key!r}")
        self._defs[key] = game
        return game

    def __iter__(self) -> Iterator[GameDef]:
        return (self.get(k) for k in self.keys())

    def with_part(self, part: str) -> tuple[GameDef, ...]:
        """The games that offer ``part``, in order; a game whose ``GAME`` does not load is
        left out (:meth:`working` says why)."""
        return self.working(part, load=False).games

    def working(self, part: str | None = None, *, load: bool = True) -> Working:
        """The games that work, and the badly made ones each with its one line.

        Args:
            part: None: every game whose ``GAME`` loads; else the games that offer ``part``
                and (``load``) whose part loads and is of its kind. A game without the part
                is in neither list.
            load: False: do not load the part (only whether the game offers it).
        """
        games: list[GameDef] = []
        broken: dict[str, str] = {}
        for key in self.keys():
            try:
                g = self.get(key)
                if part is not None and g.has(part) and load:
                    g.load(part)
            except GameDefError as exc:
                broken[key] = str(exc)
                continue
            if part is None or g.has(part):
                games.append(g)
        return Working(tuple(games), MappingProxyType(broken))


@dataclass(frozen=True)
class Working:
    """What :meth:`Registry.working` found: the games that work, in order, and the badly
    made ones (key -> the one line of what is wrong)."""

    games: tuple[GameDef, ...]
    broken: Mapping[str, str]
