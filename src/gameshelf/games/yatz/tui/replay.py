"""A Yatz replay on the normal Yatz screen: its keys (those of :mod:`gameshelf.tui.replay`
and ``v``, the review) and what its help says. The replay is a read-only match
(:class:`~gameshelf.games.yatz.replay.ReplayedYatz`); the screen offers only moving
through it, leaving, the help, the next player's card (``c``) and the review (``v``)."""

from __future__ import annotations

from textual.binding import Binding

#: What the replay's help says of hidden information.
HIDDEN = ("Yatz has no hidden information. The message under the dice says what the "
          "post-game review thinks of the choice made at each step (its cost in expected "
          "points by the strong player's judgement; `v` computes it when the strong "
          "player's table is not loaded yet); `c` shows the next player's card.")

#: The replay's keys beyond those of :mod:`gameshelf.tui.replay` (given to
#: :func:`~gameshelf.tui.replay.use_replay_bindings`).
REPLAY_EXTRA = [Binding("v", "replay_review", "Review")]
