"""Settings: a few named texts kept for the person (the server last used, the seats held in
online rooms, key maps...), each written in one transaction."""

from __future__ import annotations

from gameshelf.core.store.db import Database


class Settings(Database):
    """The ``settings`` table: text values by key."""

    def get_setting(self, key: str) -> str | None:
        """The setting ``key`` (text), or None when it was never set."""
        rows = self._read("SELECT value FROM settings WHERE key=?", (key,))
        return str(rows[0][0]) if rows else None

    def set_setting(self, key: str, value: str) -> None:
        """Set the setting ``key`` to ``value`` (text), in one transaction.

        Raises:
            StoreError: the write failed.
        """
        self._write(lambda c: c.execute(
            "INSERT INTO settings (key, value) VALUES (?,?) ON CONFLICT (key) DO UPDATE SET "
            "value=excluded.value", (key, value)))
