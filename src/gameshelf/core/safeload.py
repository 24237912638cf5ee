"""The one reader of JSON and TOML text in the program: what it returns is plain data that
every later step (a checker, a codec, ``json.dumps``, a walk over it) can handle, and what it
refuses is one :class:`DataError` with a one-line message, never another exception.

Every JSON and TOML text the program reads goes through :func:`read_json` or
:func:`read_toml` (``tests/core/test_safeload.py`` fails when a module calls ``json.loads``
or ``tomllib`` itself). The rules they apply:

- **Nesting**: at most :data:`MAX_DEPTH` levels of arrays and objects (tables), whatever the
  size (Python's parsers, and later code walking the value, end in ``RecursionError`` near
  1,000). TOML's dotted keys and headers are counted before ``tomllib`` reads the text, which
  takes time and memory growing as the square of a key's parts.
- **Numbers**: whole numbers of at most :data:`MAX_DIGITS` digits (``int`` works
  quadratically up to its 4,300-digit limit); ``NaN``, ``Infinity`` and any number not
  finite once read (``1e999``; TOML's ``inf`` and ``nan``) are refused.
- **Text**: a string holding an unpaired surrogate (JSON's ``"\\ud800"``) is refused.
- **Keys**: an object naming one key twice (``{"seat": 0, "seat": 1}``) is refused, where
  Python's parser keeps the last silently (TOML refuses it by itself).

Example:
    >>> read_json('{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> read_json("[" * 100 + "]" * 100)
    Traceback (most recent call last):
    ...
    gameshelf.core.safeload.DataError: nested too deeply (more than 64 levels of arrays and objects)
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from typing import Any

from gameshelf.core.text import count

#: The most levels of arrays and objects (TOML: arrays and tables) a text may nest. The
#: program's own data nests 6 levels at most (a protocol ``state`` message's view).
MAX_DEPTH = 64
#: Digits a whole number may have (every number the program keeps fits in 18 digits).
MAX_DIGITS = 18


class DataError(ValueError):
    """Text that :func:`read_json` or :func:`read_toml` refuses; the message is one line
    saying why (and where, for bad syntax)."""


class _Refused(ValueError):
    """Raised inside the JSON parser's hooks; becomes a :class:`DataError`."""


def _json_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise _Refused(_too_long(text.lstrip("-")))
    return int(text)


def _too_long(digits: str) -> str:
    return f"a number has {count(len(digits), 'digit')}; at most {MAX_DIGITS} are accepted"


def _json_constant(constant: str) -> Any:
    raise _Refused(f"{constant} is not JSON")


def _json_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                shown = repr(key) if len(key) <= 40 else f"{key[:40]!r}..."
                raise _Refused(f"not valid JSON (the key {shown} is given twice in one "
                               "object)")
            seen.add(key)
    return found


def _one_line(text: object, limit: int = 80) -> str:
    return " ".join(str(text).split())[:limit]


def read_json(text: str | bytes, *, max_depth: int = MAX_DEPTH) -> Any:
    """The value of the JSON text ``text`` (``bytes`` are read as UTF-8, -16 or -32, as
    ``json.loads`` does).

    Raises:
        DataError: not JSON (the message says where), nested deeper than ``max_depth``, a
            whole number of more than :data:`MAX_DIGITS` digits, ``NaN`` or ``Infinity``, an
            unpaired surrogate, a key given twice in one object, or bytes that are not
            UTF-8 text.
    """
    try:
        value = json.loads(text, parse_int=_json_int, parse_constant=_json_constant,
                           object_pairs_hook=_json_object)
    except RecursionError:
        raise _too_deep(max_depth) from None
    except _Refused as exc:
        raise DataError(str(exc)) from None
    except json.JSONDecodeError as exc:
        raise DataError(f"not valid JSON ({exc.msg}, line {exc.lineno} column {exc.colno})"
                        ) from None
    except UnicodeDecodeError:
        raise DataError("not UTF-8 text") from None
    except ValueError as exc:   # anything else json or int() refuses
        raise DataError(f"not valid JSON ({_one_line(exc)})") from None
    _check(value, max_depth, "arrays and objects")
    return value


#: One part of a TOML key: bare (letters, digits, ``_``, ``-``), "basic" or 'literal'.
_KEY_PART = r"""(?:[A-Za-z0-9_-]++|"(?:[^"\\\n]|\\.)*+"|'[^'\n]*+')"""


def _dotted_keys(parts: int) -> re.Pattern[str]:
    """A run of more than ``parts`` key parts joined by dots (blanks allowed around them),
    found in time linear in the text (possessive quantifiers; a bare part starts only where
    no bare-key character is before it). Text in strings that looks so is counted too: it
    errs on refusing."""
    return re.compile(rf"(?<![A-Za-z0-9_-]){_KEY_PART}(?:[ \t]*+\.[ \t]*+{_KEY_PART})"
                      rf"{{{parts},}}")


_TOO_MANY_PARTS = _dotted_keys(MAX_DEPTH)


def read_toml(text: str, *, max_depth: int = MAX_DEPTH) -> dict[str, Any]:
    """The table of the TOML text ``text``; dotted keys and headers count as levels
    (``a.b.c = 1`` is three).

    Raises:
        DataError: not TOML (the message says where), nested deeper than ``max_depth``, a
            whole number of more than :data:`MAX_DIGITS` digits, or an unpaired surrogate.
    """
    parts = _TOO_MANY_PARTS if max_depth == MAX_DEPTH else _dotted_keys(max_depth)
    if parts.search(text):
        raise DataError(f"nested too deeply (a dotted key of more than {max_depth} parts)")
    try:
        value = tomllib.loads(text)
    except RecursionError:
        raise _too_deep(max_depth, "arrays and tables") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"not a valid TOML file ({_one_line(exc, 120)})") from None
    except ValueError as exc:   # int() past Python's digit limit, among others
        raise DataError(f"not a valid TOML file ({_one_line(exc)})") from None
    _check(value, max_depth, "arrays and tables")
    return value


def as_json(value: object, limit: int = 40) -> str:
    """``value`` written as JSON (``true``, ``null``, ``{"a": 1}``, ``"text"``), for messages
    about a value received as JSON: the words a websocket client or a page sent, never
    Python's ``repr``. Cut to ``limit`` characters with ``...``; a value JSON cannot write
    (a TOML date) is written as its text.

    Example:
        >>> as_json(True), as_json(None), as_json({"a": 1}), as_json("x" * 50, 10)
        ('true', 'null', '{"a": 1}', '"xxxxxx...')
    """
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[:max(limit - 3, 1)] + "..."


def whole(value: object) -> int:
    """``value`` when it is a JSON whole number, as a protocol or file field must be.

    Raises:
        ValueError: anything else: ``true`` and ``false`` (Python's ``int`` subclass),
            ``1.0``, ``"1"``, ``null``.
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    raise ValueError(f"{as_json(value)} is not a whole number")


def ranged(value: object, field: str, low: int, high: int) -> int:
    """``value`` when it is a JSON whole number from ``low`` to ``high``, as a view's or
    message's field ``field`` must be.

    Raises:
        ValueError: not a whole number (:func:`whole`), or out of range (naming ``field``).
    """
    number = whole(value)
    if not low <= number <= high:
        raise ValueError(f"{field} must be {low:,} to {high:,}, got {as_json(number)}")
    return number


def array(value: object, field: str, size: int | None = None) -> list[Any]:
    """``value`` when it is a JSON array (of ``size`` items when given), as field ``field``
    must be.

    Raises:
        TypeError: anything else, naming ``field``.
    """
    if not isinstance(value, list) or (size is not None and len(value) != size):
        what = "an array" if size is None else f"an array of {size}"
        raise TypeError(f"{field} must be {what}, got {as_json(value)}")
    return value


def flag(value: object) -> bool:
    """``value`` when it is JSON's ``true`` or ``false``.

    Raises:
        ValueError: anything else (``1``, ``"false"``, ``null``).
    """
    if isinstance(value, bool):
        return value
    raise ValueError(f"{as_json(value)} is not true or false")


def _too_deep(max_depth: int, kinds: str = "arrays and objects") -> DataError:
    return DataError(f"nested too deeply (more than {max_depth} levels of {kinds})")


def _check(value: object, max_depth: int, kinds: str) -> None:
    """Walk ``value`` without recursion: its depth, its whole numbers and its text."""
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth >= max_depth:
                raise _too_deep(max_depth, kinds)
            children = item.items() if isinstance(item, dict) else enumerate(item)
            for key, child in children:
                if isinstance(key, str):
                    _check_text(key)
                stack.append((child, depth + 1))
        elif isinstance(item, str):
            _check_text(item)
        elif isinstance(item, float) and not math.isfinite(item):
            raise DataError("a number is not finite (inf, nan, or beyond 1.8e308, which "
                            "reads as infinite)")
        elif isinstance(item, int) and not isinstance(item, bool) \
                and abs(item) >= 10 ** MAX_DIGITS:
            # TOML's whole numbers (JSON's are refused as they are read)
            raise DataError(_too_long(str(abs(item))))


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise DataError("a string holds an unpaired surrogate (\\ud800-\\udfff), which is "
                        "not text") from None
