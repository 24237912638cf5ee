"""Hostile names and stored data for the literal-text tests (issue 10 point 8): markup of every
kind, escape sequences, control characters, right-to-left and combining characters, each with
the visible form it must have on a screen or a terminal.

The names are stored directly (a match built with plain names then renamed, a row written
through :class:`Store`), as old data would be: the input side may refuse such names today.
"""

from __future__ import annotations

import dataclasses
import re

from gameshelf.core.records import GameRecord
from gameshelf.core.store import ScoreEntry, Store

#: name -> what must be seen of it (control characters as Python escapes, brackets as typed).
HOSTILE: dict[str, str] = {
    "[/]": "[/]",
    "[bold]Bo[/bold]": "[bold]Bo[/bold]",
    "[link=x]Li": "[link=x]Li",
    "[@click=app.quit]Q": "[@click=app.quit]Q",
    "Un[bal": "Un[bal",
    "[$accent]V [B]": "[$accent]V [B]",
    "Tr\\": "Tr\\",
    "Esc\x1b[2J\x1b[5m": "Esc\\x1b[2J\\x1b[5m",
    "T\x1b]0;x\x07": "T\\x1b]0;x\\x07",
    "N\x00B\x07\x7f": "N\\x00B\\x07\\x7f",
    "C\x9b31m": "C\\x9b31m",
    "\u202eRtl": "\\u202eRtl",
    "مرحبا": "مرحبا",
    # a combining character in the one form names are kept in (NFC: a decomposed "e\u0301"
    # is stored composed, so it would not be seen as typed)
    "Zo\u00e9\u0308": "Zo\u00e9\u0308",
}
NAMES = list(HOSTILE)

#: Characters that must never reach a terminal raw (line feeds separate the screen's lines).
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def visible(name: str, width: int = 0) -> str:
    """The visible form of ``name`` (its first ``width`` characters when a column cuts it)."""
    shown = HOSTILE[name]
    return shown[:width] if width else shown


def assert_clean(text: str, where: str = "") -> None:
    """No raw control character (nor a bidirectional override) is in ``text``."""
    raw = RAW.findall(text)
    assert not raw, f"raw control characters {raw!r} reach the terminal {where}"


def renamed(match: object, names: list[str]) -> None:
    """Give the seats of a Yatz or Showdown ``match`` the ``names`` (in place)."""
    seats = [dataclasses.replace(s, name=n)
             for s, n in zip(match.seats, names, strict=True)]  # type: ignore[attr-defined]
    if isinstance(match.seats, tuple):  # type: ignore[attr-defined]
        match.seats = tuple(seats)  # type: ignore[attr-defined]
    else:
        match.seats = seats  # type: ignore[attr-defined]
    state = match.state  # type: ignore[attr-defined]
    if hasattr(state, "names"):
        state.names = list(names)


def store_record(name: str, record: GameRecord) -> None:
    """Store ``record`` as the save ``name``."""
    with Store() as store:
        store.replace_save(name, record)


def store_scores(game: str, detail: dict[str, object] | None = None) -> None:
    """A high score for every hostile name (score 900 down), with a hostile ``detail``."""
    with Store() as store:
        for i, name in enumerate(NAMES):
            store.finish_game(game, scores=[ScoreEntry(name, 900 - i, seed=i + 1,
                                                       detail=dict(detail or {}))])


def hostile_deck(default: str) -> str:
    """The shipped deck text with a deck name, a device and a Combination name in markup
    (deck files with control characters are refused when read)."""
    return (default
            .replace('name = "gameshelf reconstruction"', 'name = "Deck[/][b]"')
            .replace("reconstruction = true", "reconstruction = false")
            .replace('"Slingshot"', '"Sling[b][/]"')
            .replace('name = "Short Hop"', 'name = "Hop[/][@click=app.quit]"'))


#: The visible forms of the hostile deck's texts.
DECK_SHOWN = ("Deck[/][b]", "Sling[b][/]", "Hop[/][@click=app.quit]")
