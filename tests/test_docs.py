"""The docs are complete in themselves: every relative link and every file path quoted in
README.md, docs/ and benchmarks/README.md points at a file in the repository (issue 11: the
rules pages pointed at ``shared/RULINGS.md`` and ``rules/yatz.txt``, which are not in it)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = sorted([ROOT / "README.md", ROOT / "benchmarks" / "README.md",
                *(ROOT / "docs").rglob("*.md")])
_LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
_QUOTED = re.compile(r"`([A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.-]+)+\.(?:md|txt|py|toml|json))`")
_HEADING = re.compile(r"^#+\s+(.*)$", re.M)


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, blanks to ``-``."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(page: Path) -> None:
    text = page.read_text()
    broken = []
    for target in _LINK.findall(text):
        if re.match(r"[a-z]+:", target):   # http:, https:, mailto:
            continue
        path, _, anchor = target.partition("#")
        dest = (page.parent / path).resolve() if path else page
        if not dest.is_file() or ROOT not in dest.parents:
            broken.append(target)
        elif anchor and anchor not in {_slug(h) for h in _HEADING.findall(dest.read_text())}:
            broken.append(target)
    assert broken == []


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_quoted_file_path_is_in_the_repository(page: Path) -> None:
    """A path written as code (`docs/rulings.md`, `gameshelf/games/yatz/solver.py`) names a file of
    the repository, from its root, from ``src/`` or from the page's folder."""
    missing = [p for p in _QUOTED.findall(page.read_text())
               if not any((base / p).is_file() for base in (ROOT, ROOT / "src", page.parent))]
    assert missing == []


def test_readme_links_every_rules_page_and_the_rulings() -> None:
    readme = ROOT / "README.md"
    links = {(ROOT / t.partition("#")[0]).resolve() for t in _LINK.findall(readme.read_text())}
    pages = set((ROOT / "docs" / "rules").glob("*.md"))
    assert len(pages) == 4 and pages <= links
    assert (ROOT / "docs" / "rulings.md") in links


def test_every_ruling_a_page_marks_is_in_the_rulings() -> None:
    """The rules pages and the code mark rulings by number; docs/rulings.md states each one."""
    stated = set(re.findall(r"\*\*(R-[A-Z]{2}-\d+) ", (ROOT / "docs" / "rulings.md").read_text()))
    marked = {m for page in (ROOT / "docs" / "rules").glob("*.md")
              for m in re.findall(r"R-[A-Z]{2}-\d+", page.read_text())}
    assert len(stated) == 10 + 7 + 8 + 13
    assert marked <= stated
