"""Muggins as a :class:`~gameshelf.rl.spec.GameSpec`: ids, observations and resampling over
:class:`~gameshelf.games.muggins.game.MugginsState`, whose rules (R-MG-1..R-MG-8) it keeps.

Player action ids (the same move in every state; ``num_distinct_actions`` = 112):

=============  ==========================================================================
id             action
=============  ==========================================================================
``2*i``        play tile ``i`` on the left chain (``i`` = ``Tile.index``: 0 is ``0-0``,
               1 ``0-1`` ... 54 ``9-9``), text ``3-5 L``
``2*i + 1``    play tile ``i`` on the right chain, text ``3-5 R``
``110``        ``draw`` (no tile fits and the boneyard has tiles, R-MG-3)
``111``        ``pass`` (no tile fits and the boneyard is empty, R-MG-3)
=============  ==========================================================================

Ids 0 and 1 (the 0-0, never dealt) are never legal. The ascending id order is the engine's
order of :meth:`~gameshelf.games.muggins.game.MugginsState.playable` (tile order, left first).

Chance outcome ids (``max_chance_outcomes`` = 55): ``i`` = ``take`` tile ``i`` from the
boneyard, for the seat being dealt to or drawing; every boneyard tile is equally likely.

What a seat sees (its :class:`~gameshelf.games.muggins.view.MugginsView`): its
own rack, both chains, the counts of the other rack and of the boneyard, the scores and the
numbers the other seat is known to lack (it drew or passed on them); never the other rack
nor the boneyard's tiles.

- Observation tensor, 148 ``float32`` values in [0, 1], the viewer first: own rack (55, one
  per tile id), tiles on the chains (55), the left and right open numbers (10 + 10,
  one-hot), whether each chain ends in a double (2), own and other score over the target,
  capped at 1 (2), boneyard count over 54 and other rack's count over 47 (2), whether the
  viewer is to play (1), consecutive passes over 2 (1), numbers the other seat lacks (10).
- Information-state string: the target, every finished round's result (public), the scores,
  and in the round under way: who led, the tiles the seat has held in it (as a set) and
  every public event of the round in order. Earlier rounds' tiles and the order of the
  seat's own takes bear on nothing that follows (each round reshuffles all tiles), so this
  short string is a sufficient statistic of the seat's history, not a full transcript.

Returns: zero-sum, at the end only: +1 for the seat that reached the target (it wins,
R-MG-8), -1 for the other; 0.0 each before the end.

Example:
    >>> spec = Spec({"target": 50})
    >>> state = spec.initial()
    >>> spec.current_player(state), len(spec.chance_outcomes(state))
    (-1, 54)
    >>> spec.action_to_string(0, 2 * 8 + 1), spec.action_to_string(-1, 8)
    ('0-8 R', 'take 0-8')
    >>> action_id(parse_action("0-8 R"))
    17
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from gameshelf.core.errors import BadInputError, IllegalMoveError
from gameshelf.core.state import CHANCE as ENGINE_CHANCE
from gameshelf.games.muggins.game import (
    HAND_SIZE,
    MAX_TARGET,
    Action,
    Draw,
    MugginsState,
    Pass,
    Phase,
    Play,
    Side,
    Take,
    max_actions,
    parse_action,
)
from gameshelf.games.muggins.match import start_state
from gameshelf.games.muggins.options import MugginsOptions
from gameshelf.games.muggins.tiles import ALL_TILES, DEALT_TILES, MAX_PIPS, Tile
from gameshelf.games.muggins.view import MugginsView
from gameshelf.rl.spec import CHANCE, TERMINAL, GameSpec, SpecInfo

__all__ = ["DRAW_ID", "NUM_ACTIONS", "NUM_OUTCOMES", "OBSERVATION_SIZE", "PASS_ID", "Spec",
           "action_id", "action_of", "parse_action"]

#: Tiles in the double-nine set (tile ids 0..54).
NUM_TILES = len(ALL_TILES)
#: Player action ids are 0 .. NUM_ACTIONS-1.
NUM_ACTIONS = 2 * NUM_TILES + 2
#: The ``draw`` action's id.
DRAW_ID = 2 * NUM_TILES
#: The ``pass`` action's id.
PASS_ID = DRAW_ID + 1
#: Chance outcome ids are tile ids, 0 .. NUM_OUTCOMES-1.
NUM_OUTCOMES = NUM_TILES
_NUMBERS = MAX_PIPS + 1
_BONEYARD = len(DEALT_TILES)                      # 54 tiles before the deal
_MOST_HELD = len(DEALT_TILES) - HAND_SIZE         # 47: one rack holding all it can
#: Length of the observation tensor (see the module docstring for its layout).
OBSERVATION_SIZE = 2 * NUM_TILES + 2 * _NUMBERS + 2 + 2 + 2 + 1 + 1 + _NUMBERS


def action_id(action: Action) -> int:
    """The id of a player action (``Play``, ``Draw``, ``Pass``) or a chance outcome (``Take``).

    Example:
        >>> action_id(parse_action("draw")), action_id(parse_action("take 9-9"))
        (110, 54)
    """
    if isinstance(action, Play):
        return 2 * action.tile.index + (0 if action.side is Side.LEFT else 1)
    if isinstance(action, Draw):
        return DRAW_ID
    if isinstance(action, Pass):
        return PASS_ID
    return action.tile.index


def action_of(player: int, aid: int) -> Action:
    """The action an id stands for: a ``Take`` when ``player`` is :data:`CHANCE`, else a
    player action.

    Raises:
        IllegalMoveError: an id outside the game's ranges.
    """
    if player == CHANCE:
        if not 0 <= aid < NUM_OUTCOMES:
            raise IllegalMoveError(f"no chance outcome has id {aid} (0 to {NUM_OUTCOMES - 1})")
        return Take(ALL_TILES[aid])
    if not 0 <= aid < NUM_ACTIONS:
        raise IllegalMoveError(f"no Muggins action has id {aid} (0 to {NUM_ACTIONS - 1})")
    if aid == DRAW_ID:
        return Draw()
    if aid == PASS_ID:
        return Pass()
    return Play(ALL_TILES[aid // 2], Side.LEFT if aid % 2 == 0 else Side.RIGHT)


def _round_start(state: MugginsState) -> int:
    """Index in ``state.events`` of the first event of the round under way."""
    events = state.events
    for i in range(len(events) - 1, -1, -1):
        if events[i].kind == "round":
            return i + 1
    return 0


class Spec(GameSpec[MugginsState]):
    """Muggins for the research adapters (module docstring).

    Args:
        params: ``{"target": N}``, the score that ends the game (R-MG-8), 5 to 10,000
            points, 500 by default; ``players`` may be given, as 2 only.

    Raises:
        BadInputError: an unknown parameter or a target out of range.
    """

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(params)   # refuses unknown names
        if self.params.get("players", 2) != 2:
            raise BadInputError(f"Muggins is a game for 2 players, not {self.params['players']!r}")
        self.options = MugginsOptions.from_json(
            {k: v for k, v in self.params.items() if k != "players"})
        self.target = self.options.target

    @classmethod
    def info(cls) -> SpecInfo:
        """Muggins' description; ``max_game_length`` is the engine's bound for the highest
        target (:func:`~gameshelf.games.muggins.game.max_actions`)."""
        return SpecInfo(
            short_name="gameshelf_muggins", long_name="gameshelf Muggins", min_players=2,
            max_players=2, num_distinct_actions=NUM_ACTIONS, max_chance_outcomes=NUM_OUTCOMES,
            min_utility=-1.0, max_utility=1.0, utility_sum=0.0,
            max_game_length=max_actions(MAX_TARGET), perfect_information=False,
            parameters=MugginsOptions().to_json())

    # ----- play --------------------------------------------------------------------------
    def initial(self) -> MugginsState:
        return start_state(self.options)

    def current_player(self, state: MugginsState) -> int:
        if state.phase is Phase.OVER:
            return TERMINAL
        player = state.current_player()
        return CHANCE if player == ENGINE_CHANCE else player

    def legal_actions(self, state: MugginsState) -> list[int]:
        """The seat's legal ids, ascending: plays, else ``draw``, else ``pass`` (R-MG-3)."""
        if state.phase is not Phase.PLAY:
            return []
        return [action_id(a) for a in state.legal_actions()]   # the engine's order ascends

    def chance_outcomes(self, state: MugginsState) -> list[tuple[int, float]]:
        """``(tile id, 1/boneyard)`` for each boneyard tile while dealing or drawing."""
        if state.phase not in (Phase.DEAL, Phase.DRAW):
            return []
        p = 1.0 / len(state.boneyard)
        return [(i, p) for i in sorted(t.index for t in state.boneyard)]

    def apply(self, state: MugginsState, action: int) -> None:
        state.apply_action(action_of(self.current_player(state), int(action)))

    def clone(self, state: MugginsState) -> MugginsState:
        return state.clone()

    def returns(self, state: MugginsState) -> list[float]:
        """+1 for the winner and -1 for the other seat at the end; 0.0 each before."""
        if state.phase is not Phase.OVER or state.winner is None:
            return [0.0, 0.0]
        return [1.0 if s == state.winner else -1.0 for s in range(2)]

    def action_to_string(self, player: int, action: int) -> str:
        """The engine's text form: ``3-5 L``, ``3-5 R``, ``draw``, ``pass``, ``take 3-5``.

        Raises:
            IllegalMoveError: an id outside the game's ranges.
        """
        return str(action_of(player, action))

    # ----- what a seat sees --------------------------------------------------------------
    def observation_shape(self) -> tuple[int, ...]:
        return (OBSERVATION_SIZE,)

    def observation_bounds(self) -> tuple[float, float]:
        """``(0.0, 1.0)``: every entry is a 0/1 flag or a share (scores capped at 1)."""
        return (0.0, 1.0)

    def observation_tensor(self, state: MugginsState, player: int) -> npt.NDArray[np.float32]:
        player = self.seat(player)
        view = MugginsView.of(state, player)
        out = np.zeros(OBSERVATION_SIZE, dtype=np.float32)
        for t in view.hand:
            out[t.index] = 1.0
        at = NUM_TILES
        for placed in (*view.left, *view.right):
            out[at + placed.tile.index] = 1.0
        at += NUM_TILES
        (lft, rgt), (left_double, right_double) = view.ends(), view.doubles()
        out[at + lft] = 1.0
        out[at + _NUMBERS + rgt] = 1.0
        at += 2 * _NUMBERS
        out[at] = float(left_double)
        out[at + 1] = float(right_double)
        out[at + 2] = min(1.0, view.scores[player] / view.target)
        out[at + 3] = min(1.0, view.scores[1 - player] / view.target)
        out[at + 4] = view.boneyard_count / _BONEYARD
        out[at + 5] = view.opponent_count / _MOST_HELD
        out[at + 6] = float(view.to_move == player)
        out[at + 7] = view.passes / 2.0
        at += 8
        for n in view.opponent_void:
            out[at + n] = 1.0
        return out

    def observation_string(self, state: MugginsState, player: int) -> str:
        """What ``player`` sees now, e.g. ``seat 0 to play; rack 1-3 4-4; ends 5 left, 8*
        right (* a double); boneyard 30, other rack 6; scores 45-30 of 500; other lacks 2``.
        """
        player = self.seat(player)
        view = MugginsView.of(state, player)
        rack = " ".join(str(t) for t in sorted(view.hand)) or "empty"
        if view.to_move == player:
            who = "to play"
        elif view.to_move == ENGINE_CHANCE:
            who = "waiting on the deal or a draw"
        elif view.to_move in (0, 1):
            who = "waiting"
        else:
            who = "game over"
        lacks = ",".join(str(n) for n in sorted(view.opponent_void)) or "-"
        (lft, rgt), (left_double, right_double) = view.ends(), view.doubles()
        return (f"seat {player} {who}; rack {rack}; ends {lft}"
                f"{'*' if left_double else ''} left, {rgt}"
                f"{'*' if right_double else ''} right; boneyard {view.boneyard_count}, "
                f"other rack {view.opponent_count}; scores {view.scores[player]}-"
                f"{view.scores[1 - player]} of {view.target}; passes {view.passes}; "
                f"other lacks {lacks}")

    def information_state_string(self, state: MugginsState, player: int) -> str:
        """All of ``player``'s history that bears on the rest of the game (see the module
        docstring), e.g. ``p0 t500 | r1 +25 r0 +0 | 60-25 | round 3 lead 0 | held 1-3 ...
        | 0:3-5L 1:d 1:d 1:5-6R``."""
        player = self.seat(player)
        start = _round_start(state)
        events = state.events[start:]
        held = set(state.hands[player])
        moves: list[str] = []
        for e in events:
            if e.kind == "play":
                assert e.tile is not None and e.side is not None
                if e.seat == player:
                    held.add(e.tile)
                moves.append(f"{e.seat}:{e.tile}{e.side.value}")
            elif e.kind == "draw":
                moves.append(f"{e.seat}:d")
            elif e.kind == "pass":
                moves.append(f"{e.seat}:p")
        rounds = " ".join(f"r{'-' if r.winner is None else r.winner}+{r.points}"
                          for r in state.rounds)
        return (f"p{player} t{state.target} | {rounds} | {state.scores[0]}-{state.scores[1]}"
                f" | round {state.round_no} lead {state.leader} | held "
                f"{' '.join(str(t) for t in sorted(held))} | {' '.join(moves)}")

    # ----- information-set search --------------------------------------------------------
    def resample(self, state: MugginsState, player: int, rng: random.Random) -> MugginsState:
        """A copy with the tiles ``player`` cannot see dealt afresh, as Mugsy samples them
        (``mugsy.sample_hidden``): the other rack from the unseen tiles lacking every number
        that seat is known to lack, the boneyard the rest; all ``player`` sees is kept.

        Raises:
            BadInputError: ``player`` is not seat 0 or 1.
        """
        player = self.seat(player)
        other = 1 - player
        out = state.clone()
        unseen = sorted(out.hands[other] | out.boneyard)
        void = out.void[other]
        fit = [t for t in unseen if t.low not in void and t.high not in void]
        k = len(out.hands[other])
        if len(fit) < k:  # cannot happen with the engine's own void; stay safe
            fit = unseen
        chosen: set[Tile] = set(rng.sample(fit, k))
        out.hands[other] = chosen
        out.boneyard = {t for t in unseen if t not in chosen}
        return out
