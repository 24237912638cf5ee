"""The page's scripts as files: none over the project's 600 lines a module (the frame's
split by what it does: frame.js, setup.js, room.js, asks.js, presence.js, device.js, ...),
and every module of the frame served at ``/assets/``."""

import re
from pathlib import Path

from gameshelf.web.page import ASSETS, FRAME

SRC = Path(__file__).resolve().parents[2] / "src" / "gameshelf"
#: The most lines a module may have (the project's rule for every source module).
MAX_LINES = 600


def test_no_script_is_over_600_lines() -> None:
    """Every ``.js`` file under ``src/gameshelf`` (the frame's and each game's page module)
    has at most :data:`MAX_LINES` lines, counted as ``wc -l`` does."""
    scripts = sorted(SRC.rglob("*.js"))
    assert any(p.name == "frame.js" for p in scripts)
    over = [f"{p.relative_to(SRC)}: {n} lines" for p in scripts
            if (n := p.read_text(encoding="utf-8").count("\n")) > MAX_LINES]
    assert not over, "scripts over 600 lines:\n" + "\n".join(over)


def test_every_frame_module_is_served_and_imported_by_its_address() -> None:
    """Each ``.js`` file of the frame's folder is served (:data:`ASSETS`), and each module a
    frame script imports is one of them."""
    frame = {p.name for p in FRAME.glob("*.js")}
    assert frame <= set(ASSETS)
    for name in sorted(frame):
        text = (FRAME / name).read_text(encoding="utf-8")
        imported = set(re.findall(r'from "(?:\./|/assets/)([a-z]+\.js)"', text))
        imported |= set(re.findall(r'import\("\./([a-z]+\.js)"\)', text))
        assert imported <= frame, (name, imported - frame)
