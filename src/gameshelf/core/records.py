"""Game records: a seed and the list of actions, as versioned JSON.

A record is ``{format, game, rules_version, options, seed, actions, checksum}``: replaying
the actions from the seed rebuilds the game exactly, so it is both a save and a replay. The
checksum (SHA-256 over the other fields) catches truncation and hand edits.

Example:
    >>> r = GameRecord(game="yatz", rules_version=1, options={"players": ["Ann"]},
    ...                seed=7, actions=("roll", "score x1 chance"))
    >>> GameRecord.from_json(r.to_json()) == r
    True
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, fields
from typing import Any

from gameshelf.core.chance import MAX_SEED
from gameshelf.core.codec import CodecError, decode, encode
from gameshelf.core.errors import RecordError
from gameshelf.core.inputs import MAX_RECORD_BYTES, load_json, quote

FORMAT = "gameshelf-record/1"


def _canonical(payload: dict[str, Any]) -> str:
    return json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


@dataclass(frozen=True)
class GameRecord:
    """One game as seed plus actions.

    Attributes:
        game: the game's key.
        rules_version: the rules engine version that wrote it; a record from another version
            is refused when loaded by a game.
        options: the match options, JSON values only.
        seed: the game number the match's chance was drawn from.
        actions: the actions in order, each in its text form.
    """

    game: str
    rules_version: int
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 0
    actions: tuple[str, ...] = ()

    def payload(self) -> dict[str, Any]:
        """The record as a JSON-ready dict, without the checksum."""
        return {"format": FORMAT, **encode(self)}

    def checksum(self) -> str:
        """SHA-256 hex digest of the canonical payload."""
        return hashlib.sha256(_canonical(self.payload()).encode()).hexdigest()

    def to_json(self, indent: int | None = 2) -> str:
        """The record as JSON text, checksum included."""
        data = self.payload()
        data["checksum"] = self.checksum()
        return json.dumps(data, indent=indent, sort_keys=True)

    def with_action(self, action: str) -> GameRecord:
        """A copy with ``action`` appended."""
        return GameRecord(self.game, self.rules_version, self.options, self.seed,
                          (*self.actions, action))

    @classmethod
    def from_json(cls, text: str | bytes, *, game: str | None = None,
                  rules_version: int | None = None) -> GameRecord:
        """Parse and check a record; ``game`` and ``rules_version``, when given, are the
        game and rules version it must be for.

        Raises:
            RecordError: not JSON, larger than :data:`MAX_RECORD_BYTES`, a number of more
                than 18 digits, a missing or mistyped field, a wrong format, a checksum
                that does not match (truncated or edited), another game or rules version.
        """
        if len(text) > MAX_RECORD_BYTES:
            raise RecordError(f"not a game record: it is too large ({len(text):,} "
                              f"characters; at most {MAX_RECORD_BYTES:,})")
        data = load_json(text, "not a game record", RecordError)
        if not isinstance(data, dict):
            raise RecordError("not a game record: expected a JSON object")
        if data.get("format") != FORMAT:
            raise RecordError(f"not a game record: format is {quote(data.get('format'))}, "
                              f"expected {FORMAT!r}")
        for key in [*(f.name for f in fields(cls)), "checksum"]:  # none may be left out
            if key not in data:
                raise RecordError(f"game record is missing the field {key!r}")
        try:  # "\udcff" escapes decode to lone surrogates, which no screen can show
            json.dumps(data, ensure_ascii=False).encode("utf-8")
            record = decode(cls, data)
        except UnicodeEncodeError:
            raise RecordError("not a game record: it holds text that is not valid UTF-8 "
                              "(a lone surrogate)") from None
        except CodecError as exc:
            raise RecordError(f"game record field {exc}") from None
        if not 0 <= record.seed <= MAX_SEED:
            raise RecordError(f"game record seed {record.seed} is not a game number "
                              f"(0 to {MAX_SEED})")
        if record.checksum() != data["checksum"]:
            raise RecordError("game record checksum does not match: the file was changed "
                              "or is incomplete")
        record.check(game, rules_version)
        return record

    def check(self, game: str | None, rules_version: int | None, title: str = "") -> None:
        """Refuse a record of another game or rules version (None: not checked); ``title``
        names the game in the message (``Yatz rules version 2``).

        Raises:
            RecordError: another game or rules version.
        """
        if game is not None and self.game != game:
            raise RecordError(f"this record is for {quote(self.game)}, not {game!r}")
        if rules_version is not None and self.rules_version != rules_version:
            name = f"{title} rules" if title else "rules"
            raise RecordError(f"this record was written by {name} version "
                              f"{self.rules_version}; this program plays version "
                              f"{rules_version}")
