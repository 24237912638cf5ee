"""Muggins played on a game server: the remote side of the match interface."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from gameshelf.core.errors import GameshelfError
from gameshelf.core.records import GameRecord
from gameshelf.games.muggins.game import Action as MugginsAction
from gameshelf.games.muggins.game import parse_action as parse_muggins_action
from gameshelf.games.muggins.play import MugginsMatch, read_move
from gameshelf.games.muggins.view import MugginsView
from gameshelf.server import protocol as p
from gameshelf.session.remote import OnlineError, OnlineGame, RemoteMatch, lazy, reason_of


def decode_muggins_view(data: dict[str, Any], seat: int, to_act: int,
                        legal: Sequence[str] = ()) -> MugginsView:
    """The view in a ``state`` message (:meth:`MugginsView.from_json
    <gameshelf.games.muggins.view.MugginsView.from_json>`).

    Raises:
        OnlineError: the view is not one (a server of another kind; nothing is shown).
    """
    try:
        return MugginsView.from_json(data, seat, to_act, legal)
    except GameshelfError as exc:
        raise OnlineError(f"the server sent a Muggins view this program cannot read "
                          f"({reason_of(exc.__cause__ or exc)})") from None


class RemoteMuggins(RemoteMatch[MugginsView, MugginsAction], MugginsMatch):
    """A started Muggins room as this terminal's seat sees it: its own rack, never the
    other's nor the boneyard's tiles; the other seat is a person or Mugsy."""

    @property
    def level(self) -> str | None:
        other = self.seats[1 - self.seat] if len(self.seats) == 2 else None
        return None if other is None or other.is_human else other.kind

    def names(self, seat: int) -> tuple[str, str]:
        a, b = (s.name for s in self.seats)
        mugsy = ("Mugsy" if self.level else None)
        if seat == 0:
            return ("You", mugsy or b)
        return (a, "You")

    def _read(self, msg: p.State) -> MugginsView:
        return decode_muggins_view(msg.view, msg.seat, msg.to_act, msg.legal)

    def _parse(self, text: str) -> MugginsAction:
        legal = [parse_muggins_action(t) for t in self._legal]
        return read_move(text, legal, self._view)

    def record(self) -> GameRecord | None:
        """The finished game's record from the server (None when it cannot be had)."""
        try:
            answer = self.room.link.request(p.GetRecord(code=self.room.code,
                                                        token=self.room.token), p.Record)
            return GameRecord.from_json(json.dumps(answer.record))
        except GameshelfError:
            return None


#: The game as the online front ends play it (its ``online`` part).
ONLINE = OnlineGame(RemoteMuggins, lazy("gameshelf.games.muggins.cli:play_match_text"),
                    lazy("gameshelf.games.muggins.tui.app:run_muggins_match"),
                    lazy("gameshelf.games.muggins.tui.screen:MugginsScreen"),
                    default_seats="me,open",
                    help=lazy("gameshelf.games.muggins.cli:online_help"))

