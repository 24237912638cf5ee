"""Files the program writes (issue 10, point 9): regular files only, through a temporary file
of our own, nothing left behind on failure; every writer goes through core.files.

A full disk is a real fault made by the process's file-size limit (RLIMIT_FSIZE: writes fail
with EFBIG, as root too, since Python ignores SIGXFSZ); a folder that cannot be written is a
path under a regular file (``somefile/sub``), which fails for root as well.
"""

from __future__ import annotations

import os
import re
import resource
import stat
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np
import pytest

from gameshelf.cli import main
from gameshelf.core.errors import BadInputError
from gameshelf.core.files import write_file
from gameshelf.games.yatz import solver
from gameshelf.games.yatz.scoring import YATZ_RULES

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def full_disk() -> Iterator[None]:
    """Every write past 0 bytes fails (EFBIG) while the body runs: a full disk."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))


def _full_disk_in_child() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, hard))


def gs(*args: str, cwd: Path, input: str | None = None, limit: bool = False
       ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gameshelf", *args], capture_output=True,
                          text=True, timeout=120, cwd=cwd, input=input,
                          preexec_fn=_full_disk_in_child if limit else None)


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    """An empty folder to export into, with the Yatz save ``game-9`` in the store."""
    folder = tmp_path / "out"
    folder.mkdir()
    out = gs("yatz", "play", "-p", "Ann,greedy", "--seed", "9", cwd=folder,
             input="roll\nquit\n")
    assert out.returncode == 0, out.stderr
    return folder


def _one_error_line(out: subprocess.CompletedProcess[str], *words: str) -> None:
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("gameshelf: error:")
    for w in words:
        assert w in out.stderr


def test_export_to_an_empty_path_is_one_line(saved: Path) -> None:
    _one_error_line(gs("yatz", "export", "game-9", "", "--force", cwd=saved), "empty")
    assert sorted(p.name for p in saved.iterdir()) == []


def test_export_on_a_full_disk_leaves_nothing(saved: Path) -> None:
    (saved / "keep.json").write_text("mine\n")
    for force in ([], ["--force"]):
        target = "new.json" if not force else "keep.json"
        out = gs("yatz", "export", "game-9", target, *force, cwd=saved, limit=True)
        _one_error_line(out, "cannot write")
        assert sorted(p.name for p in saved.iterdir()) == ["keep.json"]
        assert (saved / "keep.json").read_text() == "mine\n"


def test_export_never_touches_another_file_named_like_a_temporary(saved: Path) -> None:
    (saved / "X.json.tmp").write_text("someone else's\n")
    out = gs("yatz", "export", "game-9", "X.json", "--force", cwd=saved)
    assert out.returncode == 0, out.stderr
    assert (saved / "X.json.tmp").read_text() == "someone else's\n"
    assert '"game"' in (saved / "X.json").read_text()
    assert sorted(p.name for p in saved.iterdir()) == ["X.json", "X.json.tmp"]


def test_export_force_never_replaces_what_is_not_a_regular_file(saved: Path) -> None:
    os.mkfifo(saved / "pipe")
    (saved / "folder").mkdir()
    targets = ["pipe", "folder"]
    if os.geteuid() == 0:   # a device node like /dev/full (made here, not the real one)
        os.mknod(saved / "full", 0o666 | stat.S_IFCHR, os.makedev(1, 7))
        targets.append("full")
    before = {t: os.lstat(saved / t) for t in targets}
    for t in targets:
        _one_error_line(gs("yatz", "export", "game-9", t, "--force", cwd=saved),
                        "regular file" if t != "folder" else "folder")
        after = os.lstat(saved / t)
        assert (after.st_mode, after.st_ino, after.st_rdev) == (
            before[t].st_mode, before[t].st_ino, before[t].st_rdev)
    assert sorted(p.name for p in saved.iterdir()) == sorted(targets)


def test_export_into_a_folder_that_cannot_exist_is_one_line(saved: Path) -> None:
    (saved / "somefile").write_text("x")
    _one_error_line(gs("yatz", "export", "game-9", "somefile/sub.json", cwd=saved),
                    "cannot write")
    assert (saved / "somefile").read_text() == "x"


def test_write_file_keeps_the_mode_follows_links_and_refuses_without_overwrite(
        tmp_path: Path) -> None:
    target = tmp_path / "a.txt"
    target.write_text("old")
    target.chmod(0o640)
    with pytest.raises(BadInputError, match="exists"):
        write_file(target, b"new")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    write_file(link, b"new", overwrite=True)
    assert link.is_symlink() and target.read_bytes() == b"new"
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.txt", "link.txt"]


def test_write_file_removes_its_temporary_file_on_any_failure(tmp_path: Path) -> None:
    def broken(fh: object) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        write_file(tmp_path / "a.bin", broken)
    with full_disk(), pytest.raises(BadInputError, match="cannot write"):
        write_file(tmp_path / "b.bin", b"x" * 10_000)
    assert list(tmp_path.iterdir()) == []


def _fake_solve(rules: object, progress: object = None) -> np.ndarray:
    return np.zeros((solver.NMASKS, solver.NUPPER))   # the real solve is tested elsewhere


@pytest.mark.parametrize("fault", ["cache folder under a file", "full disk"])
def test_solve_fresh_with_a_cache_that_cannot_be_written_warns_and_answers(
        fault: str, _gameshelf_home: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(solver, "solve", _fake_solve)
    monkeypatch.setattr(solver, "_MEMORY", {})
    _gameshelf_home.mkdir(parents=True)
    if fault == "full disk":
        (_gameshelf_home / "cache").mkdir()
        with full_disk(), pytest.raises(SystemExit) as exc:
            main(["yatz", "solve", "--fresh"])
        assert list((_gameshelf_home / "cache").iterdir()) == []
    else:
        (_gameshelf_home / "cache").write_text("a file, not a folder")
        with pytest.raises(SystemExit) as exc:
            main(["yatz", "solve", "--fresh"])
        assert (_gameshelf_home / "cache").read_text() == "a file, not a folder"
    assert exc.value.code == 0
    out, err = capsys.readouterr()
    assert "expected score of optimal single-column play" in out
    lines = [line for line in err.splitlines() if line.strip()]  # the progress bar's end
    assert len(lines) == 1 and lines[0].startswith("gameshelf: warning: cannot ")


def test_save_cached_refuses_a_cache_path_that_is_not_a_regular_file(tmp_path: Path) -> None:
    os.mkfifo(solver.cache_path(YATZ_RULES, tmp_path))
    with pytest.raises(BadInputError, match="regular file"):
        solver.save_cached(_fake_solve(YATZ_RULES), YATZ_RULES, tmp_path)
    assert stat.S_ISFIFO(os.lstat(solver.cache_path(YATZ_RULES, tmp_path)).st_mode)


# np.save*(fh, ...) writes into the file object write_file hands over: allowed
WRITES = re.compile(r"\.write_text\(|\.write_bytes\(|mkstemp\(|NamedTemporaryFile"
                    r"|np\.save\w*\((?!fh\b)"
                    r"|open\([^)]*['\"][wax]b?\+?['\"]|os\.open\(")


def test_every_file_writer_goes_through_core_files() -> None:
    """The kind, not the case: no module of the program or the benchmarks writes a file by
    itself (the store's SQLite file and the output streams aside)."""
    allowed = {ROOT / "src/gameshelf/core/files.py", ROOT / "src/gameshelf/core/output.py",
               ROOT / "src/gameshelf/core/inputs.py"}   # the last: os.open to read only
    found = []
    for folder in ("src", "benchmarks"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path in allowed:
                continue
            for n, line in enumerate(path.read_text("utf-8").splitlines(), 1):
                if WRITES.search(line.split("#")[0]):
                    found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert found == []
