"""What a seat may ask of the game server besides playing (docs/online.md, "hint",
"review", "replay", "scores"): the coach's hint for the seat to act, the coach's review of
a finished game, the finished game step by step, and the server store's top 20 and
statistics of a game.

Each answer goes to the asking connection only. The slow part (a hint's sampling, a
review's judging, a replay's rebuilding, reading the store) runs after the room's lock is
let go, from what was taken under it: a hint from a copy of the asking seat's own view
(never another seat's hand, :meth:`~gameshelf.server.games.Game.hint`), a review and a
replay from the finished game's record (nobody changes it any more).

That work runs on a pool of :data:`ASK_WORKERS` threads of its own (:class:`Asks`), never on
the event loop's default executor, where the slow computer seats' moves and the store's
calls run: a flood of hints waits behind itself only. A connection has at most one ask
being worked out at a time; another sent meanwhile is refused ``busy`` at once (not queued:
a queue would let one connection heap up work the pool chews on long after its client
stopped caring, and the answer to the ask already running is on its way). A review of one
seat of one finished game is judged once: everyone asking for it while it is worked out
waits for that one judgement, and it is kept :data:`REVIEW_KEEP` seconds after
(:data:`KEEP_REVIEWS` at most).
"""

from __future__ import annotations

import asyncio
import bisect
import dataclasses
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from gameshelf.core.errors import GameshelfError
from gameshelf.core.state import TERMINAL
from gameshelf.core.store import Store
from gameshelf.core.text import possessive
from gameshelf.games import REGISTRY
from gameshelf.server import protocol as p
from gameshelf.server.games import Game, game_class, playable
from gameshelf.server.room import Refused, Room
from gameshelf.server.rooms import Lobby
from gameshelf.server.tables import server_tables
from gameshelf.session.ending import rules_of

log = logging.getLogger("gameshelf.server")

#: The messages :meth:`Asks.answer` answers.
ASKED = (p.GetHint, p.GetReview, p.GetReplay, p.GetScores)
#: Rows of a top-20 table.
TOP = 20
#: Threads working out asks (their own pool: games and the store never wait behind it).
ASK_WORKERS = 2
#: Reviews kept, and seconds each is kept after it was judged.
KEEP_REVIEWS = 64
REVIEW_KEEP = 600.0

#: A review's key: the room's code, the game's seed, the asking seat.
ReviewKey = tuple[str, int, int]


@dataclasses.dataclass(frozen=True)
class _Judged:
    """A review to judge once for everyone asking: its key, the judging (a worker's work)
    and the answer made of its lines."""

    key: ReviewKey
    judge: Callable[[], tuple[str, ...]]
    reply: Callable[[tuple[str, ...]], p.Message]


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


def _review(room: Room, seat: int, ref: str | None) -> _Judged:
    _over(room, "its review")
    game = room.game
    assert game is not None
    if not type(game).coached():
        raise Refused("no_coach", f"{REGISTRY.title(room.game_key)} has no coach to review "
                      "a game")
    code, seq = room.code, room.seq
    return _Judged((room.code, room.seed, seat), lambda: tuple(game.review(seat) or ()),
                   lambda lines: p.Review(code, seq, seat, lines, ref))


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
            finished = store.finished_records(game)
        top = tuple(p.ScoreLine(n, r.name, r.score, r.date[:10])
                    for n, r in enumerate(rows, 1))
        rules = rules_of(game)
        return p.Scores(game, top, tuple(server_tables(game, finished, rules.noun)),
                        rules.top is not None, ref, rules.top_noun)
    return read


def _work(lobby: Lobby, msg: p.Message,
          now: float) -> Callable[[], p.Message] | _Judged:
    """What ``msg`` asks, checked now (under the room's lock): the work that answers it.

    Raises:
        Refused: ``no_room``, ``bad_token``, ``not_over``, ``not_your_turn``, ``no_coach``,
            ``bad_options`` (scores of a game the server does not play).
    """
    if isinstance(msg, p.GetScores):
        return _scores(lobby, msg.game, msg.ref)
    assert isinstance(msg, p.GetHint | p.GetReplay | p.GetReview)
    room = lobby.room(msg.code, now)
    seat = room.seat_of(msg.token)
    if isinstance(msg, p.GetReplay):
        return _replay(room, seat, msg.step, msg.ref)
    if isinstance(msg, p.GetReview):
        return _review(room, seat, msg.ref)
    return _hint(room, seat, msg.ref)


class Asks:
    """The asks being worked out: their thread pool, the connections with one running, the
    reviews judged or being judged.

    Args:
        workers: threads of the pool (at least 1).
        clock: monotonic seconds (how long a review is kept).
    """

    def __init__(self, workers: int = ASK_WORKERS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.pool = ThreadPoolExecutor(max(1, workers), thread_name_prefix="gameshelf-ask")
        self.clock = clock
        #: The connections (any hashable owner) with an ask being worked out.
        self.busy: set[object] = set()
        #: Reviews judged (their lines, when judged), oldest first; reviews being judged.
        self.reviews: OrderedDict[ReviewKey, tuple[tuple[str, ...], float]] = OrderedDict()
        self.judging: dict[ReviewKey, asyncio.Future[tuple[str, ...]]] = {}
        self._running: set[asyncio.Task[None]] = set()

    def close(self) -> None:
        """Stop the pool: work not started is dropped, work running is not waited for."""
        self.pool.shutdown(wait=False, cancel_futures=True)

    async def answer(self, lobby: Lobby, owner: object, send: Callable[[str], None],
                     msg: p.Message, now: float) -> None:
        """Answer ``msg`` (one of :data:`ASKED`) to ``send`` (the connection ``owner``):
        checked here, its answer worked out on the pool once the caller lets the room go; a
        failure of that work is an ``error`` ``internal`` (nothing changed).

        Raises:
            Refused: ``busy`` (an ask of ``owner`` is being worked out), or as
                :func:`_work` (answered by the caller's ``error``).
        """
        if owner in self.busy:
            raise Refused("busy", "the answer to your last question is still being worked "
                          f"out: ask again once it came (this {_WORDS.get(msg.TYPE, 'ask')} "
                          "was dropped)")
        self.busy.add(owner)
        try:
            if lobby.store.blocking:    # the room may be read from the network first
                job = await asyncio.to_thread(_work, lobby, msg, now)
            else:
                job = _work(lobby, msg, now)
        except BaseException:
            self.busy.discard(owner)
            raise
        ref = getattr(msg, "ref", None)

        async def run() -> None:
            try:
                if isinstance(job, _Judged):
                    reply = job.reply(await self._judged(job))
                else:
                    reply = await asyncio.get_running_loop().run_in_executor(self.pool, job)
                send(p.dump(reply))
            except GameshelfError as exc:
                send(p.dump(p.Error("internal", f"the server could not answer: {exc}", ref)))
            except Exception as exc:  # noqa: BLE001 - one question never stops the server
                log.exception("a %s failed (%s)", msg.TYPE, type(exc).__name__)
                send(p.dump(p.Error("internal", "the server failed on this message; "
                                    "nothing was changed", ref)))
            finally:
                self.busy.discard(owner)
        task = asyncio.create_task(run())
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    async def _judged(self, job: _Judged) -> tuple[str, ...]:
        """The lines of ``job``'s review: kept ones, the judgement under way, or a new one
        (shared by everyone asking while it runs, then kept)."""
        kept = self.reviews.get(job.key)
        if kept is not None and self.clock() - kept[1] < REVIEW_KEEP:
            return kept[0]
        under_way = self.judging.get(job.key)
        if under_way is None:
            under_way = asyncio.get_running_loop().run_in_executor(self.pool, job.judge)
            self.judging[job.key] = under_way
            under_way.add_done_callback(lambda done: self._keep(job.key, done))
        return await asyncio.shield(under_way)

    def _keep(self, key: ReviewKey, done: asyncio.Future[tuple[str, ...]]) -> None:
        self.judging.pop(key, None)
        if done.cancelled() or done.exception() is not None:
            return
        self.reviews.pop(key, None)
        self.reviews[key] = (done.result(), self.clock())
        while len(self.reviews) > KEEP_REVIEWS:
            self.reviews.popitem(last=False)


#: What each ask is called in the ``busy`` refusal.
_WORDS = {p.GetHint.TYPE: "hint", p.GetReview.TYPE: "review", p.GetReplay.TYPE: "replay",
          p.GetScores.TYPE: "scores"}
