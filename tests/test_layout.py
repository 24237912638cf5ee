"""The layout rules of one game, one folder, read from the source (docs: shared DESIGN notes).

Every module of ``src/gameshelf`` is parsed (never imported) and its syntax tree walked:

- outside a game's folder ``games/<key>/`` (the registry, ``games/__init__.py``, aside), no
  string constant is a game's key (``"yatz"``) or names a game's modules
  (``"gameshelf.games.yatz.cli"``), and no import reaches into a game's folder; inside a
  game's folder, none of this names another game;
- no import circle among the modules of ``src/``, imports inside functions (and under
  ``TYPE_CHECKING``) counted: importing ``a.b`` counts as importing ``a`` too.

Docstrings and messages may speak of the games (a string constant that is more than a key
is not one); only a constant equal to a key, or to a dotted name in a game's package, is.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "gameshelf"
GAMES = PACKAGE / "games"
REGISTRY_MODULE = "gameshelf.games"


def game_keys() -> tuple[str, ...]:
    """The games: every package folder under ``games/`` (read from the tree, so a game
    added without a registry line is held to the rules too)."""
    return tuple(sorted(p.parent.name for p in GAMES.glob("*/__init__.py")))


@dataclass
class Module:
    """One module of ``src/``: its dotted name, its file, and the games it names."""

    name: str
    path: Path
    tree: ast.Module
    #: the game whose folder holds it, else None
    owner: str | None
    #: every ``gameshelf...`` name its imports reach, with the line
    imports: list[tuple[str, int]] = field(default_factory=list)
    #: every string constant, with the line
    strings: list[tuple[str, int]] = field(default_factory=list)

    @property
    def package(self) -> str:
        """The package its relative imports start from."""
        return self.name if self.path.name == "__init__.py" else self.name.rpartition(".")[0]

    @property
    def where(self) -> str:
        return str(self.path.relative_to(SRC))


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def parse(name: str, path: Path, text: str, owner: str | None) -> Module:
    """The module ``name`` (file ``path``, source ``text``) with its imports and strings."""
    mod = Module(name, path, ast.parse(text, str(path)), owner)
    for node in ast.walk(mod.tree):
        if isinstance(node, ast.Import):
            mod.imports += [(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = mod.package.split(".")
                up = up[: len(up) - node.level + 1]
                base = ".".join([*up, *([node.module] if node.module else [])])
            mod.imports.append((base, node.lineno))
            mod.imports += [(f"{base}.{a.name}", node.lineno) for a in node.names]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            mod.strings.append((node.value, node.lineno))
    return mod


KEYS = game_keys()


def read_modules() -> dict[str, Module]:
    keys = set(KEYS)
    found: dict[str, Module] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(GAMES).parts if path.is_relative_to(GAMES) else ()
        owner = rel[0] if len(rel) > 1 and rel[0] in keys else None
        mod = parse(module_name(path), path, path.read_text("utf-8"), owner)
        found[mod.name] = mod
    return found


MODULES = read_modules()


def games_named(text: str) -> Iterator[str]:
    """The games ``text`` names as a key or as a dotted name in a game's package."""
    for key in KEYS:
        if text == key or text == f"gameshelf.games.{key}" \
                or text.startswith(f"gameshelf.games.{key}."):
            yield key


def test_the_games_are_found() -> None:
    assert {"dollar", "yatz", "muggins", "showdown"} <= set(KEYS)
    assert REGISTRY_MODULE in MODULES and len(MODULES) > 100


def test_no_module_outside_a_games_folder_names_a_game() -> None:
    """A shell finds games in the registry: a key written in it (a branch per game, a list
    of games) is a fifth game's missing line."""
    named = [f"{m.where}:{line} names {key!r} ({text!r})"
             for m in MODULES.values() if m.name != REGISTRY_MODULE
             for text, line in m.strings for key in games_named(text) if key != m.owner]
    assert named == []


def test_no_module_outside_a_games_folder_imports_one() -> None:
    reached = [f"{m.where}:{line} imports {target}"
               for m in MODULES.values() if m.name != REGISTRY_MODULE
               for target, line in m.imports for key in games_named(target)
               if key != m.owner]
    assert reached == []


def resolve(name: str, modules: dict[str, Module]) -> str | None:
    """The module an imported name lands in (``a.b.f`` -> ``a.b``), or None (not ours)."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def import_graph(modules: dict[str, Module]) -> dict[str, set[str]]:
    """Module -> the modules it imports (anywhere in it: inside functions too). Importing
    ``a.b.c`` runs ``a`` and ``a.b`` first: those count too, except the importer's own
    packages (they run before it in any case)."""
    edges: dict[str, set[str]] = {name: set() for name in modules}
    for m in modules.values():
        for target, _ in m.imports:
            landed = resolve(target, modules) if target.startswith("gameshelf") else None
            if landed is None or landed == m.name:
                continue
            edges[m.name].add(landed)
            while "." in landed:
                landed = landed.rpartition(".")[0]
                mine = landed == m.name or m.name.startswith(landed + ".")
                if landed in modules and not mine:
                    edges[m.name].add(landed)
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            node, nexts = work[-1]
            step = next(nexts, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on.add(step)
                    work.append((step, iter(sorted(edges[step]))))
                elif step in on:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    top = stack.pop()
                    on.discard(top)
                    group.append(top)
                    if top == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_circles_are_found() -> None:
    """The check itself: a circle through a function's import, and one through a
    package's ``__init__``."""
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_imports_inside_functions_are_counted() -> None:
    """The graph holds an import made inside a function, and a package's own
    ``__init__`` imported by its submodule (a circle when the package imports it back)."""
    pkg, sub = Path("gameshelf/x/__init__.py"), Path("gameshelf/x/y.py")
    modules = {
        "gameshelf.x": parse("gameshelf.x", pkg, "def f():\n    from gameshelf.x import y\n",
                             None),
        "gameshelf.x.y": parse("gameshelf.x.y", sub, "from gameshelf.x import NAME\n", None),
    }
    edges = import_graph(modules)
    assert edges == {"gameshelf.x": {"gameshelf.x.y"}, "gameshelf.x.y": {"gameshelf.x"}}
    assert circles(edges) == [["gameshelf.x", "gameshelf.x.y"]]


def test_no_import_circle() -> None:
    assert circles(import_graph(MODULES)) == []
