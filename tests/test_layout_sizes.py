"""The size rule of the screens, read from the source (docs: shared DESIGN notes).

No screen class is over :data:`MAX_LINES` lines: every class of ``src/gameshelf`` that is a
Textual screen or widget, or a mixin of one. Read from the syntax trees (never imported): a
class counts when its module lies in a ``tui/`` folder (the screens, their widgets and
mixins), or when one of its bases is a name imported from ``textual`` or a class that counts
(by name, across ``src/``). A class's size is its lines from ``class`` to its last line,
docstring, comments and blank lines included.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "gameshelf"
#: The most lines a screen class, a widget or a mixin of one may have.
MAX_LINES = 400


@dataclass(frozen=True)
class ClassSize:
    """One class of ``src/``: where it is, its name, its bases' names, its lines."""

    where: str
    name: str
    bases: tuple[str, ...]
    lines: int
    in_tui: bool

    def __str__(self) -> str:
        return f"{self.where} {self.name}: {self.lines} lines"


def _base_name(node: ast.expr) -> str:
    """The last name of a base (``Screen[None]`` -> ``Screen``, ``w.Static`` -> ``Static``)."""
    if isinstance(node, ast.Subscript):
        return _base_name(node.value)
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def classes() -> tuple[list[ClassSize], set[str]]:
    """Every class of ``src/gameshelf``, and the names imported from ``textual``."""
    found: list[ClassSize] = []
    textual: set[str] = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        in_tui = "tui" in path.relative_to(PACKAGE).parts[:-1]
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "textual":
                textual.update(a.asname or a.name for a in node.names)
            elif isinstance(node, ast.ClassDef):
                assert node.end_lineno is not None
                found.append(ClassSize(str(path.relative_to(SRC)), node.name,
                                       tuple(_base_name(b) for b in node.bases),
                                       node.end_lineno - node.lineno + 1, in_tui))
    return found, textual


def screen_classes() -> list[ClassSize]:
    """The classes the rule holds: under a ``tui/`` folder, or built on Textual's classes
    (directly or through another such class of ``src/``)."""
    found, textual = classes()
    counted = {c.name for c in found if c.in_tui}
    grew = True
    while grew:
        more = {c.name for c in found if c.name not in counted
                and any(b in textual or b in counted for b in c.bases)}
        counted |= more
        grew = bool(more)
    return [c for c in found if c.in_tui or c.name in counted]


def test_the_rule_sees_the_screens_their_widgets_and_mixins() -> None:
    names = {c.name for c in screen_classes()}
    # the game screens and the shared mixins are found: the walk is not empty by mistake
    assert {"ShowdownScreen", "GameScreen", "MugginsScreen", "DollarScreen"} <= names
    assert {"TurnActions", "ReplayKeys", "HowToMixin"} <= names


def test_no_screen_class_is_over_400_lines() -> None:
    over = sorted((c for c in screen_classes() if c.lines > MAX_LINES),
                  key=lambda c: -c.lines)
    assert not over, (f"over {MAX_LINES} lines (move a cohesive part, a widget, a helper "
                      "module or a mixin, into its own module): "
                      + "; ".join(map(str, over)))
