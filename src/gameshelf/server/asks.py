"""What a seat may ask of the game server besides playing (docs/online.md, "hint",
"review", "replay", "scores"): the coach's hint for the seat to act, the coach's review of
a finished game, the finished game step by step, and the server store's top 20 and
statistics of a game.

Each answer goes to the asking connection only. The slow part (a hint's sampling, a
review's judging, a replay's rebuilding, reading the store) runs in a worker thread after
the room's lock is let go, from what was taken under it: a hint from a copy of the asking
seat's own view (never another seat's hand, :meth:`~gameshelf.server.games.Game.hint`), a
review and a replay from the finished game's record (nobody changes it any more).
"""

from __future__ import annotations

import asyncio
import bisect
import dataclasses
import logging
from collections import OrderedDict
from collections.abc import Callable

from gameshelf.core.errors import GameshelfError
from gameshelf.core.state import TERMINAL
from gameshelf.core.store import Store
from gameshelf.core.text import possessive
from gameshelf.games import REGISTRY
from gameshelf.server import protocol as p
from gameshelf.server.games import Game, game_class, playable
from gameshelf.server.room import Refused, Room
from gameshelf.server.rooms import Lobby
from gameshelf.session.ending import rules_of
from gameshelf.session.history import game_stats

log = logging.getLogger("gameshelf.server")

#: The messages :func:`answer` answers.
ASKED = (p.GetHint, p.GetReview, p.GetReplay, p.GetScores)
#: Rows of a top-20 table.
TOP = 20
#: Reviews kept (a finished game's review never changes: judged once per seat).
KEEP_REVIEWS = 64
_reviews: OrderedDict[tuple[str, int, int], tuple[str, ...]] = OrderedDict()
#: The work under way, kept until done.
_running: set[asyncio.Task[None]] = set()


def _over(room: Room, what: str) -> None:
    if room.status != "over" or room.game is None:
        raise Refused("not_over", f"the game is not over yet: {what} is given at the end")


def _hint(room: Room, seat: int, ref: str | None) -> Callable[[], p.Message]:
    game = room.game
    if room.status != "playing" or game is None:
        raise Refused("not_started" if room.status == "lobby" else "over",
                      "a hint is for a game being played")
    title = REGISTRY.title(room.game_key)
    if not type(game).coached():
        raise Refused("no_coach", f"{title} has no coach to give hints")
    to_act = game.to_act()
    if to_act != seat:
        who = room.seats[to_act].name if 0 <= to_act < len(room.seats) else ""
        raise Refused("not_your_turn", "a hint is for the player to act, and the turn is "
                      f"{possessive(who)}, not yours" if who else
                      "a hint is for the player to act")
    job = game.hint(seat)
    assert job is not None
    seq = room.seq
    return lambda: p.Hint(room.code, seq, seat, tuple(job()), ref)


def _review(room: Room, seat: int, ref: str | None) -> Callable[[], p.Message]:
    _over(room, "its review")
    game = room.game
    assert game is not None
    if not type(game).coached():
        raise Refused("no_coach", f"{REGISTRY.title(room.game_key)} has no coach to review "
                      "a game")
    key = (room.code, room.seed, seat)

    def judged() -> p.Message:
        lines = _reviews.get(key)
        if lines is None:
            lines = _reviews[key] = tuple(game.review(seat) or ())
            while len(_reviews) > KEEP_REVIEWS:
                _reviews.popitem(last=False)
        return p.Review(room.code, room.seq, seat, lines, ref)
    return judged


def _marks(game: Game, steps: int, seat: int) -> list[int]:
    """Where each step ``seat`` sees ends, as action counts: ``[0]`` before its first move
    (after what comes before it unseen, a deal say), then one after each action that writes
    it words, with the actions after it that write none (a roll's dice, a deal's tiles, a
    draw's tile); the last is ``steps``."""
    seen = [i for i in range(steps) if game.words(i, seat)]
    if not seen:
        return [0, steps] if steps else [0]
    return [seen[0], *seen[1:], steps]


def _replay(room: Room, seat: int, step: int, ref: str | None) -> Callable[[], p.Message]:
    _over(room, "its replay")
    assert room.game is not None
    record = room.game.record()
    steps = len(record.actions)
    # the step asked for runs on to the end of the step this seat sees (see _marks)
    marks = _marks(room.game, steps, seat)
    move = bisect.bisect_left(marks, max(0, min(step, steps)))
    move = min(move, len(marks) - 1)
    step = marks[move]

    def rebuilt() -> p.Message:
        g = game_class(room.game_key).from_record(
            dataclasses.replace(record, actions=record.actions[:step]))
        to_act = g.to_act()
        lines = [p.LogLine(i + 1, line) for i in range(max(0, step - p.LOG_ACTIONS), step)
                 for line in g.words(i, seat)]
        return p.Replayed(room.code, step, steps, seat, -2 if to_act == TERMINAL else to_act,
                          g.view(seat), tuple(lines[-p.LOG_LINES:]), ref, move,
                          len(marks) - 1)
    return rebuilt


def _scores(lobby: Lobby, game: str, ref: str | None) -> Callable[[], p.Message]:
    if game not in playable():
        raise Refused("bad_options", f"this server plays no game {game!r}")
    if lobby.store.blocking:
        return lambda: p.Scores(game, (), ("This server keeps its finished games in its "
                                           "database; their tables are not shown here yet.",),
                                ref=ref)

    def read() -> p.Message:
        with Store() as store:
            rows = store.top_scores(game, TOP)
        top = tuple(p.ScoreLine(n, r.name, r.score, r.date[:10])
                    for n, r in enumerate(rows, 1))
        kept = rules_of(game).top is not None
        return p.Scores(game, top, tuple(game_stats(game).lines()), kept, ref)
    return read


def _work(lobby: Lobby, msg: p.Message, now: float) -> Callable[[], p.Message]:
    """What ``msg`` asks, checked now (under the room's lock): the work that answers it.

    Raises:
        Refused: ``no_room``, ``bad_token``, ``not_over``, ``not_your_turn``, ``no_coach``,
            ``bad_options`` (scores of a game the server does not play).
    """
    if isinstance(msg, p.GetScores):
        return _scores(lobby, msg.game, msg.ref)
    assert isinstance(msg, p.GetHint | p.GetReplay)
    room = lobby.room(msg.code, now)
    seat = room.seat_of(msg.token)
    if isinstance(msg, p.GetReplay):
        return _replay(room, seat, msg.step, msg.ref)
    if isinstance(msg, p.GetReview):
        return _review(room, seat, msg.ref)
    return _hint(room, seat, msg.ref)


async def answer(lobby: Lobby, send: Callable[[str], None], msg: p.Message,
                 now: float) -> None:
    """Answer ``msg`` (one of :data:`ASKED`) to ``send`` (the asking connection): checked
    here, its answer worked out in a worker thread once the caller lets the room go; a
    failure of that work is an ``error`` ``internal`` (nothing changed).

    Raises:
        Refused: as :func:`_work` (answered by the caller's ``error``).
    """
    if lobby.store.blocking:
        job = await asyncio.to_thread(_work, lobby, msg, now)
    else:
        job = _work(lobby, msg, now)
    ref = getattr(msg, "ref", None)

    async def run() -> None:
        try:
            send(p.dump(await asyncio.to_thread(job)))
        except GameshelfError as exc:
            send(p.dump(p.Error("internal", f"the server could not answer: {exc}", ref)))
        except Exception as exc:  # noqa: BLE001 - one question never stops the server
            log.exception("a %s failed (%s)", msg.TYPE, type(exc).__name__)
            send(p.dump(p.Error("internal", "the server failed on this message; nothing "
                                "was changed", ref)))
    task = asyncio.create_task(run())
    _running.add(task)
    task.add_done_callback(_running.discard)
