"""A Yatz replay on the normal Yatz screen: its keys (those of :mod:`gameshelf.tui.replay`
and ``v``, the review) and what its help says. The replay is a read-only match
(:class:`~gameshelf.games.yatz.replay.ReplayedYatz`); the screen offers only moving
through it, leaving, the help, the next player's card (``c``) and the review (``v``)."""

from __future__ import annotations

from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode

from gameshelf.tui.replay import REPLAY_BINDINGS

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
