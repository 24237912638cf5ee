"""A game's options as one validated value: declared once in the game's ``options`` part
(``games/<key>/options.py``) and read there, whether they come from a command line, a room's
``create`` message, a research spec's parameters or a record.

A game's options class subclasses :class:`GameOptions` (a frozen dataclass whose fields are
the options) and describes each field with an :class:`Option` in ``FIELDS``, and its computer
players' levels in ``LEVELS``. The generic shells (``online create``, the online lobby, the
server's help, the page) are built from these descriptions and never name an option; the
one validator, :meth:`GameOptions.from_json`, says the same words for the same bad input
wherever it came from.

Example:
    >>> from dataclasses import dataclass
    >>> from typing import ClassVar
    >>> @dataclass(frozen=True)
    ... class RaceOptions(GameOptions):
    ...     target: int = 100
    ...     FIELDS: ClassVar = (NumberOption("target", "Target", "the points that win",
    ...                                      100, 10, 1000),)
    >>> RaceOptions.from_texts({"target": " 50"}).to_json()
    {'target': 50}
    >>> RaceOptions.from_texts({"target": "5"})
    Traceback (most recent call last):
    ...
    gameshelf.core.errors.BadInputError: --target must be 10 to 1,000 points, got 5
    >>> RaceOptions.from_json({"target": 5.0})
    Traceback (most recent call last):
    ...
    gameshelf.core.errors.BadInputError: the option target must be a whole number of points, got 5.0
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from gameshelf.core.errors import BadInputError
from gameshelf.core.inputs import tidy_name, whole_number
from gameshelf.core.safeload import as_json


@dataclass(frozen=True)
class Option:
    """One option of a game: its key in the JSON options (and ``--key`` on a command line),
    its name for people, the help a command line gives and its default.

    Attributes:
        name: the key (``target``).
        label: the field's name on a page (``Target (points)``).
        help: what it is, for a command line's help (``the points that end the game``).
        default: its value when none is given.
    """

    name: str
    label: str
    help: str
    default: Any

    @property
    def flag(self) -> str:
        """The command line's option (``--target``); also how messages name it."""
        return "--" + self.name.replace("_", "-")

    def read(self, value: object, what: str, typed: bool) -> Any:
        """``value`` checked and made the option's value: text a person typed when
        ``typed``, else a JSON value; ``what`` names it in messages (``--target`` on a
        command line, ``the option target`` elsewhere).

        Raises:
            BadInputError: a value the option does not take.
        """
        raise NotImplementedError

    def parser(self) -> Callable[[str], Any]:
        """A command line's parser of the option (Typer's ``parser=``): :meth:`read` of the
        typed text, naming the option by its flag, so that every command line taking it
        refuses the same inputs in the same words."""
        def parse(text: str) -> Any:
            return self.read(text, self.flag, typed=True)
        parse.__name__ = type(self.default).__name__
        return parse

    def describe(self) -> str:
        """The help with the values taken and the default (``the points that end the game
        (5 to 10,000; default 500)``)."""
        return f"{self.help} (default {self.default})"

    def to_page(self) -> dict[str, Any]:
        """The option as a page asks for it (``/games.json``)."""
        return {"name": self.name, "label": self.label, "default": self.default}


@dataclass(frozen=True)
class NumberOption(Option):
    """An option that is a whole number within bounds (Muggins' ``target``): typed as ASCII
    digits only, or a JSON whole number (never ``true``, ``5.0``, ``+5`` nor ``1_000``).

    Attributes:
        minimum, maximum: its bounds, inclusive; unit: what it counts (``points``).
    """

    minimum: int = 0
    maximum: int = 0
    unit: str = "points"

    def read(self, value: object, what: str, typed: bool) -> int:
        """The whole number ``value`` is (typed: ASCII digits with blanks around, or the int
        a command line's default is; JSON: an int, ``5.0`` being refused).

        Raises:
            BadInputError: not a whole number (``5.0``, ``+5``, ``1_000``, ``true``, ``²``)
                or out of the bounds, in one line naming the option and its bounds.
        """
        if not isinstance(value, (str, int) if typed else int) or isinstance(value, bool):
            raise BadInputError(f"{what} must be a whole number of {self.unit}, "
                                f"got {as_json(value)}")
        number = whole_number(value, what)
        if not self.minimum <= number <= self.maximum:
            raise BadInputError(f"{what} must be {self.bounds()} {self.unit}, got {number}")
        return number

    def bounds(self) -> str:
        """The values taken, as help and messages write them (``5 to 10,000``)."""
        return f"{self.minimum:,} to {self.maximum:,}"

    def describe(self) -> str:
        return f"{self.help} ({self.bounds()}; default {self.default:,})"

    def to_page(self) -> dict[str, Any]:
        return {**super().to_page(), "min": self.minimum, "max": self.maximum,
                "unit": self.unit}


@dataclass(frozen=True)
class GameOptions:
    """Base of a game's options value: a frozen dataclass, one field per :class:`Option`
    of ``FIELDS`` (same name, same default).

    Class attributes:
        FIELDS: the options, as command lines and pages offer them.
        LEVELS: the game's computer players' levels in the one order every front end lists
            them (the terminal's setup, the prompt's help, the page's level select), the
            game's own: weakest first.
        QUICK_LEVEL: the server's level for open seats, computer seats given no level,
            and stand-ins, one of ``LEVELS`` ("": the first of ``LEVELS``).
        DEFAULT_LEVEL: the level a person setting up a game is offered first (chosen in
            the list, not moved to its top), one of ``LEVELS``: what the terminal's ``cpu``
            plays and the page's setup has chosen ("": the first of ``LEVELS``).
        COMPUTER_NAME: what a computer seat given no name is called, in every front end
            (the terminal's setup and command line, the game server's rooms, so the page
            and the online lobby): :meth:`computer_name`. Its level is never in its name;
            the front ends say it beside the name.
        COMPUTER_NUMBERED: the name is numbered, ``CPU 1``, ``CPU 2``, counting the
            game's computer seats (False: a game with one computer seat at most, whose
            computer is a character, Muggins' ``Mugsy``).
    """

    FIELDS: ClassVar[tuple[Option, ...]] = ()
    LEVELS: ClassVar[tuple[str, ...]] = ()
    QUICK_LEVEL: ClassVar[str] = ""
    DEFAULT_LEVEL: ClassVar[str] = ""
    COMPUTER_NAME: ClassVar[str] = "CPU"
    COMPUTER_NUMBERED: ClassVar[bool] = True

    @classmethod
    def computer_name(cls, number: int, taken: Collection[str] = ()) -> str:
        """The name of the ``number``-th computer seat (from 1) given no name: ``CPU 1``
        (or ``Mugsy``), the next number on while the name is one of ``taken`` (the seats'
        names so far, as typed: compared tidied, :func:`~gameshelf.core.inputs.tidy_name`,
        and in any case, as the names of one game's seats are): ``CPU 2``, ``Mugsy 2``.
        The one place a computer's name is chosen against the names taken, so a person
        typed ``CPU  1`` or ``cpu\u00a01`` never shares a name with a computer.

        Example:
            >>> GameOptions.computer_name(1), GameOptions.computer_name(1, {" cpu  1"})
            ('CPU 1', 'CPU 2')
        """
        folded = {tidy_name(name).casefold() for name in taken}
        name = f"{cls.COMPUTER_NAME} {number}" if cls.COMPUTER_NUMBERED else cls.COMPUTER_NAME
        n = number if cls.COMPUTER_NUMBERED else 1
        while name.casefold() in folded:
            n += 1
            name = f"{cls.COMPUTER_NAME} {n}"
        return name

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """The options ``data`` gives (JSON values: a room's ``create``, a research spec's
        parameters), defaults for the rest.

        Raises:
            BadInputError: an option the game does not take, or a bad value, in one line
                (``the option target must be 5 to 10,000 points, got 3``).
        """
        return cls._read(data, lambda o: f"the option {o.name}", typed=False)

    @classmethod
    def from_texts(cls, texts: Mapping[str, str]) -> Self:
        """The options typed on a command line (option key -> text), defaults for the rest:
        the same checks as :meth:`from_json`, naming each option by its flag.

        Raises:
            BadInputError: as :meth:`from_json` (``--target must be 5 to 10,000 points, got
                3``).
        """
        return cls._read(texts, lambda o: o.flag, typed=True)

    @classmethod
    def _read(cls, data: Mapping[str, Any], what: Callable[[Option], str],
              typed: bool) -> Self:
        names = [o.name for o in cls.FIELDS]
        extra = sorted(set(data) - set(names))
        if extra:
            raise BadInputError(f"unknown option {as_json(extra[0])} (this game takes "
                                f"{', '.join(names) or 'none'})")
        return cls(**{o.name: o.read(data[o.name], what(o), typed)
                      for o in cls.FIELDS if o.name in data})

    @classmethod
    def of_record(cls, options: Mapping[str, Any]) -> Self:
        """The options kept in a record's ``options`` (which hold more: names, levels...);
        defaults for those it does not keep.

        Raises:
            BadInputError: a bad value.
        """
        return cls.from_json({o.name: options[o.name] for o in cls.FIELDS if o.name in options})

    def to_json(self) -> dict[str, Any]:
        """Every option, by its key, as a record and a room keep them."""
        return {o.name: getattr(self, o.name) for o in self.FIELDS}


__all__ = ["GameOptions", "NumberOption", "Option"]
