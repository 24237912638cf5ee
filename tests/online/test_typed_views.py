"""Every whole number and every true/false of a seat's view (docs/online.md, "Views") is
read as exactly that: a server sending ``true``, ``1.5`` or ``"1"`` for a whole number, or
``1`` for ``true``, gets the client's one-line "cannot read" (``OnlineError``), never a view
read as something it did not say (``int(1.5)`` is 1, ``bool("false")`` is true).

The views are real ones: each game played a few moves by the server's own game adapters,
then every leaf of its view changed in turn."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from gameshelf.games.muggins.online import decode_muggins_view
from gameshelf.games.showdown.cards import default_deck
from gameshelf.games.showdown.view import decode_showdown_view
from gameshelf.games.yatz.view import decode_yatz_view
from gameshelf.server.games import SeatPlan, game_class
from gameshelf.session.remote import OnlineError

SEATS = {"yatz": [SeatPlan("person", "Ann"), SeatPlan("computer", "Cpu", "greedy")],
         "muggins": [SeatPlan("person", "Ann"), SeatPlan("computer", "Mugsy", "normal")],
         "showdown": [SeatPlan("person", "Ann"), SeatPlan("computer", "Cpu", "heuristic"),
                      SeatPlan("computer", "Bob", "heuristic")]}


def _played(key: str, moves: int) -> Any:
    game = game_class(key).new(SEATS[key], {}, 7)
    for _ in range(moves):
        if game.is_over():
            break
        if not game.step():
            game.play(0, game.stand_in(0))
    return game


def _decoder(key: str, game: Any) -> Callable[[dict[str, Any]], object]:
    if key == "yatz":
        return decode_yatz_view
    if key == "muggins":
        return lambda view: decode_muggins_view(view, 0, game.to_act(), game.legal(0))
    deck = default_deck()
    return lambda view: decode_showdown_view({"seat": 0, "n": len(SEATS[key]), **view}, deck)


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))
    else:
        yield path, value


def _with(view: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    changed = copy.deepcopy(view)
    target: Any = changed
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return changed


def _same(a: object, b: object) -> bool:
    """Equal values (a Yatz state, which has no ``==`` of its own, by its slots)."""
    if a == b:
        return True
    slots = getattr(type(a), "__slots__", ())
    return type(a) is type(b) and bool(slots) and all(
        getattr(a, name) == getattr(b, name) for name in slots)


@pytest.mark.parametrize("key", sorted(SEATS))
@pytest.mark.parametrize("moves", [3, 25])
def test_a_mistyped_number_or_flag_in_a_view_is_never_read_as_another(key: str,
                                                                     moves: int) -> None:
    game = _played(key, moves)
    view = game.view(0)
    decode = _decoder(key, game)
    read = decode(view)
    checked = 0
    for path, value in _leaves(view):
        if isinstance(value, bool):
            wrong: list[Any] = [int(value), str(value).lower(), None]
        elif isinstance(value, int):
            wrong = [value + 0.5, float(value), str(value), value == 1]
        else:
            continue
        for bad in wrong:
            checked += 1
            try:
                again = decode(_with(view, path, bad))
            except OnlineError as exc:
                assert "\n" not in str(exc) and "cannot read" in str(exc)
            else:   # a field the client does not read: nothing read differently
                assert _same(again, read), (key, path, bad)
    assert checked > 10


@pytest.mark.parametrize("key", sorted(SEATS))
@pytest.mark.parametrize("moves", [3, 25, 60])
def test_a_number_out_of_range_or_a_list_that_is_not_one_is_never_read(key: str,
                                                                        moves: int) -> None:
    """A hostile server's count or seat -3 or 10^19, or ``""`` for a list: the client's
    one "cannot read" line, or (a field the client does not read) nothing read otherwise."""
    game = _played(key, moves)
    view = game.view(0)
    decode = _decoder(key, game)
    read = decode(view)
    refused = 0

    def lists(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
        if isinstance(value, dict):
            for k, v in value.items():
                yield from lists(v, (*path, k))
        elif isinstance(value, list):
            yield path
            for i, v in enumerate(value):
                yield from lists(v, (*path, i))

    changes = [(path, bad) for path, value in _leaves(view)
               if isinstance(value, int) and not isinstance(value, bool)
               for bad in (-3, 10 ** 19)]
    changes += [(path, "") for path in lists(view) if path]
    for path, bad in changes:
        try:
            again = decode(_with(view, path, bad))
        except OnlineError as exc:
            assert "\n" not in str(exc) and "cannot read" in str(exc)
            refused += 1
        else:
            assert _same(again, read), (key, path, bad)
    assert refused > 10
