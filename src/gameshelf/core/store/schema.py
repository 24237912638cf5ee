"""The store's schema: its tables at each version, the check that a file is ours, and the
migration of an older store.

The schema version is kept in ``PRAGMA user_version``: 1 holds saves, scores and results; 2
adds the save's owner and game id, the ``finished`` games and the settings; 3 the
``history`` table (empty after the migration). A file is ours when its tables, indexes,
views, triggers and columns are exactly those the same scripts build in memory
(:func:`reference_shape`).
"""

from __future__ import annotations

import functools
import sqlite3
from pathlib import Path
from typing import Any

from gameshelf.core.errors import StoreError

SCHEMA_VERSION = 3

#: Version 1: saves, scores, results.
SCHEMA_V1 = """
CREATE TABLE IF NOT EXISTS saves (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    record TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    UNIQUE (game, name)
);
CREATE TABLE IF NOT EXISTS scores (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    board TEXT NOT NULL DEFAULT '',
    name TEXT NOT NULL,
    score INTEGER NOT NULL,
    date TEXT NOT NULL,
    seed INTEGER,
    detail TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX IF NOT EXISTS scores_by_board ON scores (game, board, score DESC, id);
CREATE TABLE IF NOT EXISTS results (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    player TEXT NOT NULL,
    opponent TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('win', 'loss', 'draw')),
    date TEXT NOT NULL,
    seed INTEGER,
    detail TEXT NOT NULL DEFAULT '{}'
);
"""

#: ``{version: script}``: what takes a store of that version to the next one.
MIGRATIONS = {
    1: """
ALTER TABLE saves ADD COLUMN owner TEXT NOT NULL DEFAULT '';
ALTER TABLE saves ADD COLUMN game_id TEXT NOT NULL DEFAULT '';
UPDATE saves SET game_id = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX saves_by_game_id ON saves (game_id);
CREATE TABLE finished (
    game TEXT NOT NULL,
    key TEXT NOT NULL,
    date TEXT NOT NULL,
    PRIMARY KEY (game, key)
);
CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
""",
    2: """
CREATE TABLE history (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    key TEXT NOT NULL,
    finished TEXT NOT NULL,
    source TEXT NOT NULL DEFAULT 'local',
    players TEXT NOT NULL DEFAULT '[]',
    record TEXT NOT NULL,
    UNIQUE (game, key)
);
CREATE INDEX history_by_time ON history (game, finished DESC, id DESC);
""",
}


#: What a database holds: its objects ``(type, name, table)`` and each table's columns.
Shape = tuple[frozenset[tuple[str, str, str]], dict[str, tuple[tuple[Any, ...], ...]]]


def shape(conn: sqlite3.Connection) -> Shape:
    """What the database of ``conn`` holds (:data:`Shape`)."""
    objects = frozenset(
        (str(t), str(n), str(tb)) for t, n, tb in conn.execute(
            "SELECT type, name, tbl_name FROM sqlite_master"))
    columns = {name: tuple(tuple(r) for r in conn.execute(
        "SELECT * FROM pragma_table_info(?)", (name,)))
        for t, name, _ in objects if t == "table"}
    return objects, columns


@functools.cache
def reference_shape(version: int) -> Shape:
    """The shape of a gameshelf store of ``version``, built in memory by the same scripts."""
    conn = sqlite3.connect(":memory:")
    try:
        conn.executescript(SCHEMA_V1)
        for v in range(1, version):
            conn.executescript(MIGRATIONS[v])
        return shape(conn)
    finally:
        conn.close()


def difference(found: Shape, want: Shape) -> str:
    """The first way ``found`` differs from ``want``, in words."""
    ours = {n for t, n, _ in want[0] if t == "table"}
    theirs = {n for t, n, _ in found[0] if t == "table"}
    if theirs - ours:
        return f"table {sorted(theirs - ours)[0]!r} is not ours"
    if ours - theirs:
        return f"tables {', '.join(sorted(ours - theirs))} are missing"
    for table in sorted(ours):
        if found[1].get(table) != want[1][table]:
            return f"table {table!r} has other columns"
    extra = sorted(found[0] - want[0]) or sorted(want[0] - found[0])
    return f"{extra[0][0]} {extra[0][1]!r} is not ours" if extra else "other objects"


def read_schema(conn: sqlite3.Connection) -> tuple[int, Shape]:
    """The file's schema version and shape."""
    return int(conn.execute("PRAGMA user_version").fetchone()[0]), shape(conn)


def check_schema(path: Path, version: int, found: Shape) -> bool:
    """Raise when the file at ``path`` is not ours; True when it must be set up or migrated.

    Raises:
        StoreError: a newer schema version, another program's tables, or our tables with
            other columns or objects.
    """
    if version > SCHEMA_VERSION:
        raise StoreError(f"the store {path} has schema version {version}; this "
                         f"program knows version {SCHEMA_VERSION} and will not change it")
    if version == 0:
        if found[0]:
            name = sorted(n for _, n, _ in found[0])[0]
            raise StoreError(f"the store {path} is another program's SQLite "
                             f"database ({name!r}); it is left as it is")
        return True
    if found != reference_shape(version):
        raise StoreError(f"the store {path} is not a gameshelf database "
                         f"({difference(found, reference_shape(version))}); it is left "
                         f"as it is")
    return version < SCHEMA_VERSION


def upgrade(conn: sqlite3.Connection, version: int) -> None:
    """Take a store of ``version`` (0: empty) to :data:`SCHEMA_VERSION`, inside the caller's
    transaction: statement by statement, as ``executescript`` would commit."""
    scripts = ([SCHEMA_V1] if version == 0 else []) + [
        MIGRATIONS[v] for v in range(max(version, 1), SCHEMA_VERSION)]
    for script in scripts:
        for statement in script.split(";"):
            if statement.strip():
                conn.execute(statement)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
