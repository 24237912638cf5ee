"""A game's rules (Markdown, :attr:`gameshelf.core.gamedef.WebPage.rules`) as the tree of
elements the page builds them from: never markup, so the page's policy (no text made
markup, Trusted Types) holds and no text of the help is ever read as HTML.

A node is ``[TAG, CHILD, ...]``, each child a node or a string (text); the tags are those
of :data:`TAGS` only (headings moved down two levels, under the page's own); anything else
Markdown may make (raw HTML, images, links) is its text.

Example:
    >>> tree("# Yatz\\n\\nRoll **five** dice.")
    [['h3', 'Yatz'], ['p', 'Roll ', ['strong', 'five'], ' dice.']]
"""

from __future__ import annotations

from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token

#: The elements a tree may hold.
TAGS = frozenset({"h3", "h4", "h5", "h6", "p", "ul", "ol", "li", "strong", "em", "code",
                  "table", "thead", "tbody", "tr", "th", "td", "blockquote", "hr", "br"})
#: Headings of the text go this many levels down (a ``#`` is an ``h3`` under the page's
#: ``h2``).
SHIFT = 2

_MD = MarkdownIt("commonmark", {"html": False}).enable("table")


def _tag(token: Token) -> str:
    if token.tag.startswith("h") and token.tag[1:].isdigit():
        return f"h{min(6, int(token.tag[1:]) + SHIFT)}"
    return token.tag


def _inline(tokens: list[Token], into: list[Any]) -> None:
    stack = [into]
    for t in tokens:
        if t.type.endswith("_open"):
            node: list[Any] = [_tag(t)]
            stack[-1].append(node)
            stack.append(node)
        elif t.type.endswith("_close"):
            if len(stack) > 1:
                stack.pop()
        elif t.type == "code_inline":
            stack[-1].append(["code", t.content])
        elif t.type == "softbreak":
            stack[-1].append(" ")
        elif t.type == "hardbreak":
            stack[-1].append(["br"])
        elif t.content:
            stack[-1].append(t.content)


def _clean(node: list[Any]) -> list[Any]:
    """``node`` with every tag not in :data:`TAGS` replaced by its children, and
    neighbouring strings joined."""
    out: list[Any] = [node[0]]
    for child in node[1:]:
        parts = [child] if isinstance(child, str) else (
            [_clean(child)] if child[0] in TAGS else _clean(["x", *child[1:]])[1:])
        for part in parts:
            if isinstance(part, str) and len(out) > 1 and isinstance(out[-1], str):
                out[-1] += part
            else:
                out.append(part)
    return out


def tree(text: str) -> list[Any]:
    """The Markdown ``text`` as a list of nodes (see the module's text)."""
    root: list[Any] = ["root"]
    stack = [root]
    for t in _MD.parse(text):
        if t.nesting == 1 and t.hidden:     # a tight list's paragraph: its text only
            stack.append(stack[-1])
        elif t.nesting == 1:
            node: list[Any] = [_tag(t)]
            stack[-1].append(node)
            stack.append(node)
        elif t.nesting == -1:
            stack.pop()
        elif t.type == "inline":
            _inline(t.children or [], stack[-1])
        elif t.type in ("fence", "code_block"):
            stack[-1].append(["p", ["code", t.content.rstrip("\n")]])
        elif t.type == "hr":
            stack[-1].append(["hr"])
    return _clean(root)[1:]
