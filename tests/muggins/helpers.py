"""Helpers to set up Muggins positions by hand."""

from __future__ import annotations

from gameshelf.core.records import GameRecord
from gameshelf.games.muggins.game import MugginsState, Phase, Placed
from gameshelf.games.muggins.tiles import DEALT_TILES, Tile, parse_tile


def tiles(text: str) -> set[Tile]:
    """``"3-5 0-1"`` -> {3-5, 0-1}."""
    return {parse_tile(w) for w in text.split()}


def chain(*steps: str) -> list[Placed]:
    """A chain from the 0-0 outwards: ``chain("0-5", "5-5")``."""
    out: list[Placed] = []
    end = 0
    for s in steps:
        t = parse_tile(s)
        out.append(Placed(t, end, t.other(end)))
        end = t.other(end)
    return out


def position(hand0: str, hand1: str, left: tuple[str, ...] = (), right: tuple[str, ...] = (),
             boneyard: str | None = None, to_move: int = 0, scores: tuple[int, int] = (0, 0),
             target: int = 500) -> MugginsState:
    """A state in the play phase with the given hands, chains and boneyard (by default every
    other tile)."""
    s = MugginsState(target=target)
    s.hands = [tiles(hand0), tiles(hand1)]
    s.left, s.right = chain(*left), chain(*right)
    used = s.hands[0] | s.hands[1] | {p.tile for p in s.left} | {p.tile for p in s.right}
    s.boneyard = tiles(boneyard) if boneyard is not None else set(DEALT_TILES) - used
    s.phase = Phase.PLAY
    s.to_move = to_move
    s.scores = list(scores)
    return s


def long_chain_record(seed: int = 12, actions: int = 140) -> GameRecord:
    """A game against easy Mugsy played ``actions`` actions into its first round, the person
    always playing the first tile that fits (left before right): with seed 12, 26 tiles on
    the left chain and 22 on the right, the person to draw. The long-chain state the layout
    tests draw at 80x24, 120x40 and 160x50."""
    from gameshelf.games.muggins.game import Play
    from gameshelf.games.muggins.match import Match

    m = Match.new(seed, target=2000, options={"level": "easy"})
    while len(m.actions) < actions:
        if m.state.current_player() == 1:
            m.apply(m.mugsy_action())
            continue
        legal = m.state.legal_actions()
        plays = sorted((a for a in legal if isinstance(a, Play)), key=lambda a: str(a.side))
        m.apply(plays[0] if plays else legal[0])
    return m.record()
