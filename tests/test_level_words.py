"""A computer seat's level is named beside its name only where the name does not say it
already: ``CPU 1 (strong)``, but ``Strong``, never ``Strong (strong)``. Every front end
names it through one rule, core.text's ``with_level`` / ``names_level`` (the page's kit.js
``namesLevel``, read the same way): the sources are walked for a level put in brackets by
hand, the two rules are checked against one table, and the places a new user sees are
read with a seat of each kind."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from gameshelf.core.store.history import HistoryPlayer
from gameshelf.core.text import level_note, names_level, with_level
from gameshelf.games.yatz.match import Match, parse_seats
from gameshelf.games.yatz.text import totals_text
from gameshelf.server.tables import seat_name

SRC = Path(__file__).resolve().parents[1] / "src" / "gameshelf"
KIT = SRC / "web" / "frame" / "kit.js"

#: (name, level, whether the name says the level)
CASES = [("Strong", "strong", True), ("strong", "strong", True), ("STRONG", "strong", True),
         ("Greedy 2", "greedy", True), ("Mugsy the strong", "strong", True),
         ("CPU 1", "strong", False), ("Strongman", "strong", False),
         ("Ann", "hold20", False), ("Ann (x)", "x", True), ("CPU 1", "", True),
         ("Zoë", "ë", False), ("C++ 1", "c++", True)]

# a level (or a computer kind) put in brackets after a name by hand, in a Python f-string
# (`f"{name} ({seat.level})"`) or a page module's template (`(${seat.level})`)
_HAND_PY = re.compile(r"\(\{[^}]*(\blevel\b|\w\.player\b)[^}]*\}\)")
_HAND_JS = re.compile(r"\(\$\{[^}]*\blevel\b[^}]*\}\)")


def test_no_source_puts_a_level_in_brackets_by_hand() -> None:
    found = []
    for path in sorted(SRC.rglob("*")):
        if path.suffix not in (".py", ".js") or path.name in ("text.py", "kit.js"):
            continue
        pattern = _HAND_PY if path.suffix == ".py" else _HAND_JS
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line) and not line.lstrip().startswith(("#", "//")):
                found.append(f"{path.relative_to(SRC)}:{n}: {line.strip()}")
    assert not found, "a level named by hand (use core.text.with_level):\n" + "\n".join(found)


@pytest.mark.parametrize(("name", "level", "says"), CASES)
def test_the_rule_reads_a_name(name: str, level: str, says: bool) -> None:
    assert names_level(name, level) is says
    assert with_level(name, level) == name + level_note(name, level)
    assert level_note(name, level) == ("" if says else " (" + level + ")")


def test_the_page_reads_a_name_as_the_terminal_does() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("no node to run kit.js")
    script = (f"import {{ levelNote, namesLevel }} from {json.dumps(KIT.as_uri())};\n"
              f"const cases = {json.dumps([[n, lv] for n, lv, _ in CASES])};\n"
              "console.log(JSON.stringify(cases.map(([n, lv]) => "
              "[namesLevel(n, lv), levelNote(n, lv)])));\n")
    out = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True,
                         text=True, timeout=60, check=True).stdout
    assert json.loads(out) == [[says, level_note(n, lv)] for n, lv, says in CASES]


def test_the_yatz_prompt_and_the_servers_tables_name_the_level_once() -> None:
    match = Match(parse_seats("Ann,Strong:strong,CPU 1:strong"), 7)
    lines = totals_text(match).splitlines()
    assert re.search(r"\bStrong +0", lines[1]) and "(strong)" not in lines[1], lines
    assert "CPU 1 (strong)" in lines[2], lines
    assert seat_name(HistoryPlayer("Strong", "computer", "strong")) == "Strong"
    assert seat_name(HistoryPlayer("Mugsy", "computer", "strong")) == "Mugsy (strong)"
    assert seat_name(HistoryPlayer("Strong", "person")) == "Strong"
