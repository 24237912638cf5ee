"""Which store of rooms ``gameshelf serve --db`` names: a path is an SQLite file
(:class:`~gameshelf.server.storage.SQLiteRoomStore`), a ``postgresql://`` URL a PostgreSQL
database (:class:`~gameshelf.server.pgstore.PostgresRoomStore`); any other URL is refused.
"""

from __future__ import annotations

import re
from pathlib import Path

from gameshelf.core.errors import BadInputError
from gameshelf.core.inputs import quote
from gameshelf.core.store import data_dir
from gameshelf.server.storage import RoomStore, SQLiteRoomStore

#: ``scheme://``: a ``--db`` of this form is a URL, never a path.
URL = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")
#: The schemes of PostgreSQL URLs (libpq's).
POSTGRES_SCHEMES = ("postgresql", "postgres")


def default_db() -> Path:
    """The server's database when none is given: ``server.db`` in the data folder."""
    return data_dir() / "server.db"


def open_store(db: str | Path | None = None, *, wait: float | None = None) -> RoomStore:
    """The rooms' store named by ``--db``: a path is an SQLite file (default
    :func:`default_db`); a ``postgresql://USER@HOST:PORT/DB`` URL a PostgreSQL database
    (:class:`gameshelf.server.pgstore.PostgresRoomStore`), whose operations wait ``wait``
    seconds for the database (``--db-wait``; default
    :data:`gameshelf.server.pgstore.POOL_WAIT`) before they fail as unavailable. Any text
    ``scheme://...`` is a URL, never a path (``./name`` names a file whose name looks like
    one).

    Raises:
        BadInputError: a URL of a scheme other than ``postgresql``/``postgres``.
        StoreError: the store cannot be opened or reached, is another program's, or has a
            newer schema (nothing changed).
    """
    if db is None:
        return SQLiteRoomStore(default_db())
    if isinstance(db, Path):
        return SQLiteRoomStore(db)
    found = URL.match(db)
    if found is None:
        return SQLiteRoomStore(Path(db))
    if found.group(1).lower() not in POSTGRES_SCHEMES:
        raise BadInputError(f"the server's database cannot be a {quote(found.group(1), 20)} "
                            "URL (gameshelf speaks postgresql://USER@HOST:PORT/DB); give "
                            "a file path or a PostgreSQL URL")
    # start-up: the PostgreSQL driver loads only for a PostgreSQL URL
    from gameshelf.server.pgstore import POOL_WAIT, PostgresRoomStore
    return PostgresRoomStore(db, pool_wait=POOL_WAIT if wait is None else wait)
