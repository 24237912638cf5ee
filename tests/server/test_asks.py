"""What a seat may ask besides playing (docs/online.md, "hint", "review", "replay",
"scores"): a hint for the seat to act only, named from its own view (never a tile or card
of another's hand); the review and the replay of a finished game only after its end; the
server store's top 20 and statistics of a game."""

from __future__ import annotations

import asyncio
import re

from gameshelf.server import protocol as p
from gameshelf.server.games import playable
from tests.server.bots import Bot, play_room
from tests.server.helpers import Running

HOST = p.SeatSpec("host", "Ann")
TILE = re.compile(r"\b(\d)-(\d)\b")
CARD = re.compile(r"\bP\d\d\b")


async def _answer(bot: Bot, msg: p.Message, kind: type[p.Message]) -> p.Message:
    await bot.send(msg)
    while True:
        got = await bot.recv(120)
        if isinstance(got, kind | p.Error) and not isinstance(got, p.State | p.RoomUpdate):
            return got


def test_a_muggins_hint_is_for_the_seat_to_act_and_names_its_own_tiles_only(
        server: Running) -> None:
    async def scenario() -> None:
        bot = Bot(server.url, 3)
        await bot.open()
        await bot.create("muggins", [HOST, p.SeatSpec("computer", "normal")],
                         {"target": 50})
        await bot.start()
        st: p.State = await bot.until(p.State)
        while not st.legal:
            st = await bot.until(p.State)
        hint = await _answer(bot, p.GetHint(bot.code, bot.token, "h1"), p.Hint)
        assert isinstance(hint, p.Hint), hint
        assert hint.ref == "h1" and hint.seat == bot.seat and hint.seq == st.seq
        assert hint.lines and hint.lines[0]
        mine = {tuple(sorted(t.split("-"))) for t in st.view["hand"]}
        named = {tuple(sorted(m)) for line in hint.lines for m in TILE.findall(line)}
        assert named <= mine, (named, mine)
        wrong = await _answer(bot, p.GetHint(bot.code, "not-a-token"), p.Hint)
        assert isinstance(wrong, p.Error) and wrong.code == "bad_token"
        early = await _answer(bot, p.GetReview(bot.code, bot.token, "r0"), p.Review)
        assert isinstance(early, p.Error) and early.code == "not_over"
        await bot.close()
    asyncio.run(scenario())


def test_a_showdown_hint_is_refused_to_the_seat_not_to_act(server: Running) -> None:
    async def scenario() -> None:
        a, b = Bot(server.url, 1), Bot(server.url, 2)
        await a.open()
        await b.open()
        await a.create("showdown", [HOST, p.SeatSpec("open")])
        await b.join(a.code, "Bob")
        await a.start()
        sa: p.State = await a.until(p.State)
        sb: p.State = await b.until(p.State)
        mover, other = (a, b) if sa.legal else (b, a)
        seen = sa if mover is a else sb
        refused = await _answer(other, p.GetHint(other.code, other.token), p.Hint)
        assert isinstance(refused, p.Error) and refused.code == "not_your_turn"
        hint = await _answer(mover, p.GetHint(mover.code, mover.token), p.Hint)
        assert isinstance(hint, p.Hint) and hint.lines, hint
        v = seen.view
        public = set(v["hand"]) | set(v.get("faceup") or ()) | set(v.get("discard") or ())
        if v.get("top"):
            public.add(v["top"])
        named = {c for line in hint.lines for c in CARD.findall(line)}
        assert named <= public, (named, public)
        await a.close()
        await b.close()
    asyncio.run(scenario())


def test_a_finished_game_replays_step_by_step_and_is_in_the_top_20(server: Running) -> None:
    async def scenario() -> None:
        bots = await play_room(server.url, "dollar", [HOST], seed=4)
        bot = bots[0]
        await bot.open()        # (play_room closed it at the end)
        assert bot.over is not None
        none = await _answer(bot, p.GetHint(bot.code, bot.token), p.Hint)
        assert isinstance(none, p.Error) and none.code in ("over", "no_coach")
        review = await _answer(bot, p.GetReview(bot.code, bot.token), p.Review)
        assert isinstance(review, p.Error) and review.code == "no_coach"
        first = await _answer(bot, p.GetReplay(bot.code, bot.token, 0, "s0"), p.Replayed)
        assert isinstance(first, p.Replayed) and first.ref == "s0", first
        assert first.step == 0 and first.steps >= 1 and first.to_act == 0
        assert first.view["game"] == "dollar" and first.view["bills"][0] is None
        last = await _answer(bot, p.GetReplay(bot.code, bot.token, 10_000), p.Replayed)
        assert isinstance(last, p.Replayed)
        assert last.step == last.steps and last.to_act == -2
        assert last.view["bills"][0]["score"] == bot.over.scores[0].score
        scores = await _answer(bot, p.GetScores("dollar", "t"), p.Scores)
        assert isinstance(scores, p.Scores) and scores.ref == "t", scores
        assert any(r.name == "Ann" and r.score == bot.over.scores[0].score
                   for r in scores.top)
        assert [r.place for r in scores.top] == list(range(1, len(scores.top) + 1))
        assert scores.stats
        unknown = await _answer(bot, p.GetScores("chess"), p.Scores)
        assert isinstance(unknown, p.Error) and unknown.code == "bad_options"
        await bot.close()
    asyncio.run(scenario())


def test_a_finished_muggins_game_is_reviewed_for_the_asking_seat(server: Running) -> None:
    async def scenario() -> None:
        bots = await play_room(server.url, "muggins",
                               [HOST, p.SeatSpec("computer", "easy")],
                               options={"target": 15}, seed=7)
        bot = bots[0]
        await bot.open()
        review = await _answer(bot, p.GetReview(bot.code, bot.token, "r"), p.Review)
        assert isinstance(review, p.Review) and review.ref == "r", review
        assert review.seat == bot.seat and review.lines
        again = await _answer(bot, p.GetReview(bot.code, bot.token), p.Review)
        assert isinstance(again, p.Review) and again.lines == review.lines
        scores = await _answer(bot, p.GetScores("muggins"), p.Scores)
        assert isinstance(scores, p.Scores) and not scores.kept and not scores.top
        assert scores.stats and "No finished" not in scores.stats[0], scores.stats
        await bot.close()
    asyncio.run(scenario())


def test_every_game_replays_as_the_asking_seat_saw_it(server: Running) -> None:
    """Each step of a finished game is that seat's view then (a hidden hand stays its own),
    an action with what answers it unseen (a roll and its dice) one step; the last step is
    the end; a step past the last is the last."""
    async def scenario() -> None:
        for game, options in (("yatz", {}), ("muggins", {"target": 15}), ("showdown", {}),
                              ("dollar", {})):
            bots = await play_room(server.url, game, [HOST, p.SeatSpec("computer")],
                                   options=options, seed=5)
            bot = bots[0]
            await bot.open()
            first = await _answer(bot, p.GetReplay(bot.code, bot.token, 0), p.Replayed)
            assert isinstance(first, p.Replayed), (game, first)
            # the steps this seat sees are counted, never the unseen ones (a deal, dice)
            assert first.move == 0 and 0 < first.moves < first.steps or game == "dollar"
            steps = first.steps
            if game == "yatz":      # a roll and its dice are one step
                rolled = await _answer(bot, p.GetReplay(bot.code, bot.token, 1), p.Replayed)
                assert isinstance(rolled, p.Replayed) and rolled.step == 2 and rolled.move == 1
                said = " ".join(x.text for x in rolled.log)
                assert rolled.view["dice"] and re.fullmatch(r"You rolled( [1-6]){5}\.", said)
            for step in sorted({1, steps // 3, steps // 2, steps - 1}):
                got = await _answer(bot, p.GetReplay(bot.code, bot.token, step), p.Replayed)
                # a step runs on over the actions that write this seat no words
                assert isinstance(got, p.Replayed) and got.step >= step, (game, got)
                assert got.step == step or not [line for line in got.log
                                                if line.seq > step], (game, got)
                assert got.view["game"] == game and got.to_act != -2
                assert all(line.seq <= step for line in got.log)
                if game == "muggins":
                    assert "hand" in got.view and "opponent_count" in got.view
            end = await _answer(bot, p.GetReplay(bot.code, bot.token, steps + 5), p.Replayed)
            assert isinstance(end, p.Replayed) and end.step == steps and end.to_act == -2
            assert end.move == end.moves == first.moves, (game, end)
            assert bot.state is not None and end.view == bot.state.view, game
            await bot.close()
    asyncio.run(scenario())


def test_every_games_server_statistics_name_the_seats_of_its_rooms(server: Running) -> None:
    """The ``scores`` ask's statistics, for every game the server plays, are the server's
    games as their seats played them: each seat by the name its room gave it (the
    computer's with its level), never the terminal's "you" and "Mugsy", and a game just
    finished counted, not called one "finished before the history was kept"."""
    async def scenario() -> None:
        for game in playable():
            options = {"target": 15} if game == "muggins" else {}
            bots = await play_room(server.url, game, [p.SeatSpec("host", "Zoé"),
                                                      p.SeatSpec("computer", "easy")
                                                      if game == "muggins" else
                                                      p.SeatSpec("computer")],
                                   options=options, seed=11)
            bot = bots[0]
            await bot.open()
            assert bot.over is not None
            names = [s.name for s in bot.over.scores]
            scores = await _answer(bot, p.GetScores(game, "s"), p.Scores)
            assert isinstance(scores, p.Scores), (game, scores)
            text = "\n".join(scores.stats)
            assert "on this server" in scores.stats[0], (game, scores.stats)
            seats = [line.split("  ")[0].strip() for line in scores.stats[3:]]
            assert "Zoé" in seats, (game, scores.stats)
            assert any(name in row for name in names if name != "Zoé" for row in seats), (
                game, names, scores.stats)
            assert " you " not in f" {text.lower()} " and "before the history" not in text
            await bot.close()
    asyncio.run(scenario())
