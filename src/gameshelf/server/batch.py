"""The messages of one room's outbox written as JSON text at once (:func:`dump_all`), a
view that several ``state`` messages hold written once.

A game's :meth:`~gameshelf.server.games.Game.views` gives every seat the very same view
object where the seats see the same (Yatz, where nothing is hidden; a finished round of
One Dollar Pinball): such a view is written to JSON once and its text put in each
message as it is (``msgspec.Raw``). Only identity is looked at, never equality, so no
seat's text is ever taken from another seat's view unless the game gave both seats that
very object. (The parts of views that differ only in a seat's own fields are not split:
msgspec writes a 3 KB view in microseconds, less than the bookkeeping would cost.) The
text of every message is byte for byte what :func:`gameshelf.server.protocol.dump` writes
for it. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

from gameshelf.server import protocol as p

#: The writer of every message (the protocol's own settings: compact, in field order).
_ENCODER = msgspec.json.Encoder()


def dump_all(messages: Sequence[p.Message]) -> list[str]:
    """Each of ``messages`` as :func:`~gameshelf.server.protocol.dump` writes it, in
    order; a view several ``state`` messages hold (the same object) written once.
    ``[]`` for no message."""
    views: dict[int, int] = {}
    for msg in messages:
        if isinstance(msg, p.State):
            views[id(msg.view)] = views.get(id(msg.view), 0) + 1
    written: dict[int, msgspec.Raw] = {}
    out: list[str] = []
    for msg in messages:
        if not isinstance(msg, p.State) or views[id(msg.view)] < 2:
            out.append(p.dump(msg))
            continue
        raw = written.get(id(msg.view))
        if raw is None:
            raw = written[id(msg.view)] = msgspec.Raw(_ENCODER.encode(msg.view))
        fields: dict[str, Any] = {**msg.__dict__, "view": raw}
        out.append(_ENCODER.encode({"v": p.VERSION, "type": msg.TYPE, **fields})
                   .decode("utf-8"))
    return out
