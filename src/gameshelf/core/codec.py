"""One JSON codec for the values a game sends and reads (a seat's view, docs/online.md
"Views"), driven by a dataclass's fields and their types, so that a field is declared once.

A field's type says how it is written and read: ``bool`` (``true``/``false`` only), ``int``
(a JSON whole number, never ``true`` nor ``1.0``), ``str``, an ``Enum`` (by its value),
``float`` (any JSON number), a ``Literal`` (one of its values), ``dict`` (any JSON object,
as it is), ``X | None`` (``null``), ``tuple[X, ...]`` and ``Sequence[X]`` (an array, read as
a tuple), ``tuple[X, Y]`` (an array of that
many), ``frozenset[X]`` (an array of different items, written sorted) and a dataclass (an
object of its fields).
``Annotated`` adds what a type alone cannot say:

- :class:`Within`: a whole number's bounds; :class:`Size`: an array's length.
- :class:`Form`: a value's own JSON form in place of its type's (a tile ``5-3``, a card
  ``P41``, the bids of a table).
- :class:`Default`: the value of a field a sender may leave out.

Bounds and sizes may be functions of the *context*: the values :func:`decode` is given, and
the top object's fields read so far (its field order). Whatever is wrong in the data is one
:class:`CodecError` whose one line names the field (``hand[2]``) and says why.

Example:
    >>> from dataclasses import dataclass
    >>> from typing import Annotated
    >>> @dataclass(frozen=True)
    ... class Roll:
    ...     dice: Annotated[tuple[Annotated[int, Within(1, 6)], ...], Size(5)]
    ...     held: Annotated[bool, Default(False)]
    >>> encode(Roll((1, 2, 3, 4, 5), True))
    {'dice': [1, 2, 3, 4, 5], 'held': True}
    >>> decode(Roll, {"dice": [1, 2, 3, 4, 5]})
    Roll(dice=(1, 2, 3, 4, 5), held=False)
    >>> decode(Roll, {"dice": [1, 2, 3, 4, 7]})
    Traceback (most recent call last):
    ...
    gameshelf.core.codec.CodecError: dice[4] must be 1 to 6, got 7
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal, TypeVar

from gameshelf.core.errors import BadInputError, GameshelfError
from gameshelf.core.safeload import array, as_json, flag, ranged, whole

T = TypeVar("T")
#: What bounds and sizes are worked out from: the values given and the fields read so far.
Context = Mapping[str, Any]
#: A bound or a size: a number, or a function of the context.
Bound = int | Callable[[Context], int]
_Reader = Callable[[Any, dict[str, Any], str], Any]
_Writer = Callable[[Any], Any]


class CodecError(BadInputError):
    """Data that is not a value of its type: one line naming the field and what is wrong."""


@dataclass(frozen=True)
class Within:
    """A whole number's bounds, inclusive."""

    low: Bound
    high: Bound


@dataclass(frozen=True)
class Size:
    """An array's length."""

    n: Bound


@dataclass(frozen=True)
class Form:
    """A value's own JSON form: ``write(value) -> JSON``, ``read(JSON, context) -> value``
    (raising ``ValueError`` or ``TypeError`` for data that is not one)."""

    write: Callable[[Any], Any]
    read: Callable[[Any, Context], Any]


@dataclass(frozen=True)
class Default:
    """The value of a field left out of the data."""

    value: Any


def text(value: object, what: str = "text") -> str:
    """``value`` when it is a JSON string (``what`` names it in the message).

    Raises:
        TypeError: anything else.
    """
    if not isinstance(value, str):
        raise TypeError(f"must be {what}, got {as_json(value)}")
    return value


def encode(value: Any, skip: Collection[str] = ()) -> dict[str, Any]:
    """The dataclass value ``value`` as a JSON object, its fields in order, less ``skip``."""
    cls: Any = type(value)
    return {name: write(getattr(value, name)) for name, write in _writers(cls, frozenset(skip))}


def decode(cls: type[T], data: Any, given: Context | None = None,
           context: Context | None = None) -> T:
    """The ``cls`` value the JSON object ``data`` holds, every field checked by its type.

    Args:
        given: fields not in the data, taken as they are (a deck, the legal actions).
        context: more values the bounds and sizes are worked out from.

    Raises:
        CodecError: a field missing or not of its type, a number out of bounds, an array
            of another length: one line naming the field.
    """
    ctx: dict[str, Any] = {**(context or {}), **(given or {})}
    try:
        return typing.cast(T, _read_object(cls, data, ctx, "", given or {}))
    except (KeyError, TypeError, ValueError, IndexError, GameshelfError) as exc:
        raise CodecError(str(exc)) from exc


def _bound(bound: Bound, ctx: Context) -> int:
    return bound(ctx) if callable(bound) else bound


def _split(hint: Any) -> tuple[Any, tuple[Any, ...]]:
    """The type under ``Annotated`` and its marks."""
    if typing.get_origin(hint) is Annotated:
        return hint.__origin__, hint.__metadata__
    return hint, ()


def _mark(marks: tuple[Any, ...], kind: type[T]) -> T | None:
    return next((m for m in marks if isinstance(m, kind)), None)


def _origin(tp: Any) -> tuple[Any, tuple[Any, ...]]:
    """The kind of a generic type and its arguments, ``tuple[X, ...]`` as ``Sequence[X]``."""
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    return (Sequence, args[:1]) if origin is tuple and args[-1:] == (...,) else (origin, args)


def _optional(tp: Any) -> Any | None:
    """``X`` for ``X | None``; None for any other type."""
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        rest = [a for a in typing.get_args(tp) if a is not type(None)]
        return rest[0] if len(rest) == 1 else None
    return None


@functools.cache
def _fields(cls: Any) -> tuple[tuple[str, Any, Any], ...]:
    """Each field's name, type and default (``dataclasses.MISSING`` when none)."""
    # empty locals: each class's annotations are read in its module's globals (a bound's
    # lambda sees that module's names, not the class's)
    hints = typing.get_type_hints(cls, localns={}, include_extras=True)
    out = []
    for f in dataclasses.fields(cls):
        default = _mark(_split(hints[f.name])[1], Default)
        if default is None and f.default_factory is not dataclasses.MISSING:
            default = Default(f.default_factory())
        out.append((f.name, hints[f.name], f.default if default is None else default.value))
    return tuple(out)


@functools.cache
def _writers(cls: Any, skip: frozenset[str]) -> tuple[tuple[str, _Writer], ...]:
    return tuple((name, _writer(hint)) for name, hint, _ in _fields(cls) if name not in skip)


def _same(value: Any) -> Any:
    return value


@functools.cache
def _writer(hint: Any) -> _Writer:
    """How a value of type ``hint`` is written."""
    tp, marks = _split(hint)
    form, inner, origin, args = _mark(marks, Form), _optional(tp), *_origin(tp)
    if form is not None:
        return form.write
    if inner is not None:
        some = _writer(inner)
        return _same if some is _same else lambda v: None if v is None else some(v)
    if origin is Sequence:
        item = _writer(args[0])
        return list if item is _same else lambda v: [item(x) for x in v]
    if origin is tuple:
        items = tuple(_writer(a) for a in args)
        return lambda v: [w(x) for w, x in zip(items, v, strict=True)]
    if origin is frozenset:
        item = _writer(args[0])
        return lambda v: [item(x) for x in sorted(v)]
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return lambda v: v.value
    if dataclasses.is_dataclass(tp):
        return encode
    return _same


def _read_object(cls: Any, data: Any, ctx: dict[str, Any], where: str,
                 given: Context) -> Any:
    if not isinstance(data, dict):
        raise TypeError(f"{where or 'the value'} must be an object, got {as_json(data)}")
    values: dict[str, Any] = {}
    for name, read, default in _readers(cls):
        path = f"{where}.{name}" if where else name
        if given and name in given:
            values[name] = given[name]
            continue
        if name in data:
            values[name] = read(data[name], ctx, path)
        elif default is not dataclasses.MISSING:
            values[name] = default
        else:
            raise ValueError(f"{path} is missing")
        if not where:
            ctx[name] = values[name]
    return cls(**values)


@functools.cache
def _readers(cls: Any) -> tuple[tuple[str, _Reader, Any], ...]:
    return tuple((name, _reader(hint), default) for name, hint, default in _fields(cls))


@functools.cache
def _reader(hint: Any) -> _Reader:
    """How a value of type ``hint`` is read and checked."""
    tp, marks = _split(hint)
    form, inner, origin, args = _mark(marks, Form), _optional(tp), *_origin(tp)
    within, size = _mark(marks, Within), _mark(marks, Size)
    if form is not None:
        return lambda v, c, w: _named(lambda x: form.read(x, c), v, w)
    if inner is not None:
        some = _reader(inner)
        return lambda v, c, w: None if v is None else some(v, c, w)
    if tp is bool:  # each a quick look first: most data is right
        return lambda v, c, w: v if type(v) is bool else _named(flag, v, w)
    if tp is int and within is not None:
        return lambda v, c, w: ranged(v, w, _bound(within.low, c), _bound(within.high, c))
    if tp is int:
        return lambda v, c, w: v if type(v) is int else _named(whole, v, w)
    if tp is str:
        return lambda v, c, w: v if type(v) is str else _named(text, v, w)
    if tp is float:
        return lambda v, c, w: float(_named(_number, v, w))
    if origin is dict or tp is dict:
        return lambda v, c, w: v if isinstance(v, dict) else _named(_object, v, w)
    if origin is Literal:
        return lambda v, c, w: _named(lambda x: _one_of(x, args), v, w)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return lambda v, c, w: _named(tp, v, w)
    if origin in (tuple, frozenset, Sequence):
        kind = frozenset if origin is frozenset else tuple
        items = [_reader(a) for a in args]
        fixed = len(args) if origin is tuple else None

        def read(v: Any, c: dict[str, Any], w: str) -> Any:
            n = fixed if size is None else _bound(size.n, c)
            got = array(v, w, n)
            out = kind(items[i if fixed else 0](x, c, f"{w}[{i}]") for i, x in enumerate(got))
            if len(out) != len(got):
                raise ValueError(f"{w} holds an item twice (a set's items are all different)")
            return out
        return read
    if dataclasses.is_dataclass(tp):
        return lambda v, c, w: _read_object(typing.cast(type, tp), v, c, w, {})
    return lambda v, c, w: _named(_no_form, hint, w)  # a field only ever given


def _no_form(hint: Any) -> Any:
    raise TypeError(f"{hint!r} has no JSON form")


def _number(value: Any) -> int | float:
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    raise ValueError(f"must be a number, got {as_json(value)}")


def _object(value: Any) -> dict[str, Any]:
    raise TypeError(f"must be an object, got {as_json(value)}")


def _one_of(value: Any, values: tuple[Any, ...]) -> Any:
    if any(value == v and type(value) is type(v) for v in values):
        return value
    raise ValueError(f"must be one of {', '.join(map(str, values))}, got {as_json(value)}")


def _named(check: Callable[[Any], T], value: Any, where: str) -> T:
    try:
        return check(value)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{where}: {exc}") from None


__all__ = ["CodecError", "Default", "Form", "Size", "Within", "decode", "encode", "text"]
