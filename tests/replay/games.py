"""Seeded games of each game for the replay tests: small, fast, every action a person's or
the fast computer players' (so replaying a record's prefixes stays cheap)."""

from __future__ import annotations

from typing import Any

from gameshelf.core.chance import Chance
from gameshelf.core.records import GameRecord
from gameshelf.games.dollar.game import make_entry
from gameshelf.games.dollar.session import round_record
from gameshelf.games.muggins.match import Match as MugginsMatch
from gameshelf.games.showdown.match import Match as ShowdownMatch
from gameshelf.games.showdown.match import parse_players
from gameshelf.games.yatz.match import Match as YatzMatch
from gameshelf.games.yatz.match import Seat
from gameshelf.games.yatz.players import make_player


def yatz_record(seed: int = 11, turns: int | None = None, names: tuple[str, ...] = ("Ann",),
                undo: bool = True) -> GameRecord:
    """A Yatz game of people whose choices the greedy player makes (``turns`` boxes in all,
    None: the whole game); with ``undo``, the first box filled is taken back once."""
    m = YatzMatch([Seat(n) for n in names], seed)
    player = make_player("greedy")
    rng = Chance(seed).derive("test")
    filled = 0
    undone = not undo
    while not m.is_over() and (turns is None or filled < turns):
        before = m.state.turns_done
        m.act(player.choose(m.state, rng))
        if m.state.turns_done > before:
            filled += 1
            if not undone and m.can_undo():
                m.undo()
                undone = True
                filled -= 1
    return m.record()


def muggins_record(seed: int = 5, target: int = 61, moves: int | None = None) -> GameRecord:
    """A Muggins game to ``target`` against Mugsy (easy), the person playing a seeded
    random legal move (``moves`` person's moves at most; None: to the end)."""
    m = MugginsMatch.new(seed=seed, target=target, options={"level": "easy"})
    rng = Chance(seed).derive("test")
    made = 0
    while not m.state.is_terminal():
        if m.state.current_player() == 1:
            m.apply(m.mugsy_action())
            continue
        if moves is not None and made >= moves:
            break
        m.apply(rng.choice(m.state.legal_actions()))
        made += 1
    return m.record()


def showdown_record(seed: int = 9, players: str = "Ann,Bob",
                    moves: int | None = None) -> GameRecord:
    """A Pinball Showdown game of people playing seeded random legal actions (``moves`` at
    most; None: to the end)."""
    m = ShowdownMatch(parse_players(players), seed)
    rng = Chance(seed).derive("test")
    made = 0
    m.run_until_human()
    while not m.state.is_terminal() and (moves is None or made < moves):
        m.play(str(rng.choice(m.state.legal_actions())))
        made += 1
        m.run_until_human()
    return m.record()


def dollar_round(seed: int = 3) -> GameRecord:
    """A round of two bills."""
    return round_record([make_entry("Ann", "L40000002A", series="1902"),
                         make_entry("Bob", "B12345678C", series="2017A")], seed)


def state_key(state: Any) -> Any:
    """What two states must share to be the same position (every field; the Showdown log
    and history left out: they are texts kept beside the state)."""
    slots = getattr(type(state), "__slots__", None)
    if slots:
        return tuple(getattr(state, s) for s in slots)
    return {k: v for k, v in vars(state).items() if k not in ("log", "history")}
