"""A Yatz replay on the normal Yatz screen: the keys of a replay (see
:mod:`gameshelf.tui.replay`) and what the screen offers while it shows one.

The replay is a read-only match (:class:`~gameshelf.games.yatz.replay.ReplayedYatz`); the
screen showing it offers only moving through it, leaving, the help, the next player's card
(``c``) and the review (``v``), and draws the replay's status line and the review's line of
the step shown.
"""

from __future__ import annotations

from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode

from gameshelf.games.yatz.replay import ReplayedYatz
from gameshelf.tui.replay import REPLAY_ACTIONS, REPLAY_BINDINGS

#: The actions of the game screen a replay keeps (the next player's card, the review).
KEEP = frozenset({"next_card", "replay_review"})
#: What the replay's help says of hidden information.
HIDDEN = ("Yatz has no hidden information. The message under the dice says what the "
          "post-game review thinks of the choice made at each step (its cost in expected "
          "points by the strong player's judgement; `v` computes it when the strong "
          "player's table is not loaded yet); `c` shows the next player's card.")


def bind_replay_keys(node: DOMNode) -> None:
    """Give ``node`` (a game screen showing a replay) the replay's keys and ``v``: its
    bindings with :data:`~gameshelf.tui.replay.REPLAY_BINDINGS` in place of the game's
    bindings of the same keys, as a class listing them in its ``BINDINGS`` would have (the
    game's other keys stay bound, refused by :func:`replay_offers`)."""
    keys = dict(node._bindings.key_to_bindings)
    keys.update(BindingsMap([*REPLAY_BINDINGS, Binding("v", "replay_review", "Review")])
                .key_to_bindings)
    node._bindings = BindingsMap.from_keys(keys)


def replay_offers(game: ReplayedYatz, action: str, parameters: tuple[object, ...]) -> bool:
    """Only moving through the replay (Next/Back while there is a move that way), leaving,
    the help and :data:`KEEP` (the review until it is computed or under way); never a
    game's action."""
    replay = game.replay
    if action == "replay_step":
        step = parameters[0] if parameters else 1
        return replay.position < replay.n if step == 1 else replay.position > 0
    if action == "replay_first":
        return replay.position > 0
    if action == "replay_last":
        return replay.position < replay.n
    if action == "replay_review":
        return game.costs is None and not game.reviewing
    return action in REPLAY_ACTIONS or action in KEEP
