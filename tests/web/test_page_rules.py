"""The page's Rules of each game (the tree served at /games/KEY/rules.json) say only what
is true of the page: the game's rules and the page's own controls, never a terminal's key
(F1, Esc, a bold letter to press), its screens or its drawing (the blue box, one-line tiles,
brackets, the how-to line). Pure: the trees are built as the server builds them."""

from __future__ import annotations

import re
from typing import Any

import pytest

from gameshelf.core.gamedef import WebPage
from gameshelf.games import REGISTRY
from gameshelf.web.rules import tree

#: A terminal's key names (as the terminal's help writes them, capitalised).
KEYS = re.compile(r"\b(F\d{1,2}|Esc|Escape|Enter|Tab|Space|Delete|PageUp|PageDown|Ctrl|"
                  r"Up|Down|Left / Right)\b")
#: A terminal's words for its screens, keys and drawing.
TERMINAL = re.compile(r"\b(keys?|press|presses|footer|screens?|window|terminal|cursor|"
                      r"highlighted|blue box|red box|one-line|brackets|dotted rule|red pips|"
                      r"how-to line|line under the board|line over the messages|"
                      r"game-over screen)\b", re.IGNORECASE)


def _text(node: Any) -> str:
    return node if isinstance(node, str) else " ".join(_text(c) for c in node[1:])


def _keys_pressed(node: Any) -> list[str]:
    """The bold or code texts of one letter or sign (``**v**``, ```d```): a key to press."""
    if isinstance(node, str):
        return []
    tag, *children = node
    if tag in ("strong", "code") and len(children) == 1 and isinstance(children[0], str) \
            and len(children[0].strip()) == 1:
        return [children[0]]
    return [k for child in children for k in _keys_pressed(child)]


def _pages() -> list[tuple[str, WebPage]]:
    return [(g.key, page) for g in REGISTRY.with_part("web")
            if (page := g.load("web")) is not None and page.rules is not None]


def test_every_game_with_a_page_has_its_rules() -> None:
    assert {key for key, _ in _pages()} >= {"yatz", "muggins", "showdown", "dollar"}


@pytest.mark.parametrize("key", ["yatz", "muggins", "showdown", "dollar"])
def test_the_rules_name_no_terminal_key_screen_or_drawing(key: str) -> None:
    page = dict(_pages())[key]
    assert page.rules is not None
    nodes = tree(page.rules())
    words = " ".join(map(_text, nodes))
    assert words.strip()
    assert not KEYS.findall(words), (key, KEYS.findall(words))
    assert not TERMINAL.findall(words), (key, TERMINAL.findall(words))
    assert not [k for n in nodes for k in _keys_pressed(n)], key


def test_the_check_finds_what_the_terminal_help_says() -> None:
    """The same check on the terminal's own help text finds its keys and drawing (the
    words the page's rules once held)."""
    from gameshelf.games.muggins.tui.keys import HELP_RULES
    from gameshelf.games.yatz.tui.keys import GAME_RULES

    yatz = tree(GAME_RULES)
    assert [k for n in yatz for k in _keys_pressed(n)] == ["v"]
    assert TERMINAL.search(" ".join(map(_text, yatz)))
    muggins = " ".join(map(_text, tree(HELP_RULES)))
    assert {m.lower() for m in TERMINAL.findall(muggins)} >= {"blue box", "one-line"}
    assert KEYS.search(muggins)
