"""A real PostgreSQL server for the tests, from Debian's packages: ``initdb`` and ``pg_ctl``
on a temporary folder, listening on a free 127.0.0.1 port (and a socket in that folder),
stopped and removed at the end.

Run as root (this machine, CI), the cluster belongs to the ``postgres`` user (PostgreSQL
refuses to run as root). A machine without the binaries skips the tests that need them,
with the install line, unless ``GAMESHELF_REQUIRE_POSTGRES=1`` (``.ci/run`` sets it after
installing ``postgresql``): then they fail.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest

#: How a developer gets the binaries.
INSTALL = "sudo apt-get install postgresql"


def bindir() -> Path | None:
    """The folder of ``initdb`` and ``pg_ctl`` (the newest Debian version), or None."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


def postgres_or_skip() -> Path:
    """The binaries' folder; skips the test without them (fails when
    ``GAMESHELF_REQUIRE_POSTGRES=1``)."""
    found = bindir()
    if found is None or not (found / "pg_ctl").exists():
        why = f"PostgreSQL is not installed (initdb, pg_ctl): {INSTALL}"
        if os.environ.get("GAMESHELF_REQUIRE_POSTGRES") == "1":
            pytest.fail(why + " (GAMESHELF_REQUIRE_POSTGRES=1: it must run here)")
        pytest.skip(why)
    return found


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Cluster:
    """A running PostgreSQL: its port and superuser, and how to make a database."""

    bin: Path
    folder: Path
    port: int
    user: str = "postgres"

    @property
    def options(self) -> str:
        """The server's options (``pg_ctl -o``): its port, socket folder, loopback only,
        no waiting for the disk (a test's data is thrown away)."""
        return (f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
                " -c full_page_writes=off -c synchronous_commit=off")

    def url(self, db: str = "postgres") -> str:
        """``postgresql://postgres@127.0.0.1:PORT/DB``."""
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{db}"

    def ctl(self, *args: str) -> None:
        """``pg_ctl ARGS`` on this cluster (``stop -m fast``, ``start``, ``restart``)."""
        data = self.folder / "data"
        more = ["-o", self.options] if args[:1] == ("start",) else []
        subprocess.run(_as_postgres([str(self.bin / "pg_ctl"), "-D", str(data), "-w",
                                     "-l", str(self.folder / "log"), *args, *more]),
                       check=True, capture_output=True, timeout=90)

    def create_db(self, name: str) -> str:
        """A new empty database ``name``; returns its URL."""
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)


def _as_postgres(cmd: list[str]) -> list[str]:
    """``cmd`` run as the ``postgres`` user when we are root (initdb refuses root)."""
    if os.geteuid() != 0:
        return cmd
    return ["runuser", "-u", "postgres", "--", *cmd]


@contextmanager
def cluster() -> Iterator[Cluster]:
    """A fresh PostgreSQL on a free loopback port (trust authentication, loopback only);
    stopped and its folder removed at the end. Skips without the binaries."""
    bin_ = postgres_or_skip()
    folder = Path(tempfile.mkdtemp(prefix="gameshelf-pg-"))
    data = folder / "data"
    try:
        if os.geteuid() == 0:
            owner = pwd.getpwnam("postgres")
            os.chown(folder, owner.pw_uid, owner.pw_gid)
        subprocess.run(_as_postgres([str(bin_ / "initdb"), "-D", str(data), "-U", "postgres",
                                     "--auth=trust", "-E", "UTF8", "--no-sync"]),
                       check=True, capture_output=True, timeout=120)
        found: Cluster | None = None
        for _ in range(5):    # a port taken between the pick and the start: pick again
            found = Cluster(bin_, folder, _free_port())
            started = subprocess.run(_as_postgres([
                str(bin_ / "pg_ctl"), "-D", str(data), "-w", "-t", "60",
                "-l", str(folder / "log"), "-o", found.options, "start"]),
                capture_output=True, timeout=90)
            if started.returncode == 0:
                break
        else:
            log = (folder / "log").read_text(errors="replace")[-2000:]
            raise RuntimeError(f"PostgreSQL did not start: {log}")
        assert found is not None
        try:
            yield found
        finally:
            subprocess.run(_as_postgres([str(bin_ / "pg_ctl"), "-D", str(data), "-m",
                                         "immediate", "-w", "stop"]),
                           capture_output=True, timeout=60)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
