"""A match: the game state, its seeded chance and its record, kept in step.

The driver owns the :class:`~gameshelf.core.chance.Chance` made from the match's seed (the
game number). Every action, chance outcomes (``take 3-5``) included, goes into the record, so
a record replays exactly through the rules and a resumed game continues with the very same
tiles an uninterrupted one would have drawn.

Example:
    >>> m = Match.new(seed=7)
    >>> m.state.round_no, len(m.state.hands[0]), len(m.state.boneyard)
    (1, 7, 40)
    >>> Match.from_record(m.record()).state.hands == m.state.hands
    True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gameshelf.core.chance import Chance
from gameshelf.core.errors import GameshelfError, RecordError
from gameshelf.core.records import GameRecord
from gameshelf.core.state import CHANCE
from gameshelf.muggins.game import (
    DEFAULT_TARGET,
    RULES_VERSION,
    Action,
    MugginsState,
    Take,
    parse_action,
)

GAME = "muggins"


@dataclass
class Match:
    """One game in progress.

    Attributes:
        seed: the game number.
        state: the game state.
        chance: the match's generator (deals and draws only).
        options: JSON options kept in the record (``target``, ``level``...).
        actions: every action applied so far, in text form.
    """

    seed: int
    state: MugginsState
    chance: Chance
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)

    @classmethod
    def new(cls, seed: int, target: int = DEFAULT_TARGET,
            options: dict[str, Any] | None = None) -> Match:
        """A new match, dealt and ready for the first player.

        Raises:
            BadInputError: a target out of range.
        """
        opts = dict(options or {})
        opts["target"] = int(target)
        m = cls(seed=seed, state=MugginsState(target=int(target)), chance=Chance(seed),
                options=opts)
        m.run_chance()
        return m

    def run_chance(self) -> list[Take]:
        """Resolve chance nodes (deals, draws) with the match's generator; returns them."""
        taken: list[Take] = []
        while self.state.current_player() == CHANCE:
            outcome = self.chance.choice([a for a, _ in self.state.chance_outcomes()])
            self.state.apply_action(outcome)
            self.actions.append(str(outcome))
            taken.append(outcome)
        return taken

    def apply(self, action: Action | str) -> list[Take]:
        """Apply a player's action, then resolve the chance that follows (a drawn tile, the
        next round's deal). Returns the chance outcomes applied.

        Raises:
            IllegalMoveError: not legal now; nothing changes.
            BadInputError: unreadable text; nothing changes.
        """
        act = parse_action(action) if isinstance(action, str) else action
        if isinstance(act, Take):
            raise GameshelfError("tiles are taken from the boneyard by the game, not chosen")
        self.state.apply_action(act)
        self.actions.append(str(act))
        return self.run_chance()

    def record(self) -> GameRecord:
        """The match as a game record (seed, options, every action)."""
        return GameRecord(game=GAME, rules_version=RULES_VERSION, options=dict(self.options),
                          seed=self.seed, actions=tuple(self.actions))

    @classmethod
    def from_record(cls, record: GameRecord) -> Match:
        """Rebuild a match by replaying its record through the rules.

        The match's generator is replayed alongside, so play continues as it would have.

        Raises:
            RecordError: another game or rules version, a bad option, or an action the rules
                refuse (the record is named and left as it was).
        """
        record.check(GAME, RULES_VERSION)
        target = record.options.get("target", DEFAULT_TARGET)
        if not isinstance(target, int) or isinstance(target, bool):
            raise RecordError("the record's target is not a whole number")
        try:
            state = MugginsState(target=target)
        except GameshelfError as exc:
            raise RecordError(f"bad record: {exc}") from None
        m = cls(seed=record.seed, state=state, chance=Chance(record.seed),
                options=dict(record.options))
        for i, text in enumerate(record.actions):
            try:
                act = parse_action(text)
                if m.state.current_player() == CHANCE:
                    if not isinstance(act, Take):
                        raise GameshelfError("a tile should be taken from the boneyard here")
                    # keep the generator in step with the recorded outcome
                    m.chance.choice([a for a, _ in m.state.chance_outcomes()])
                m.state.apply_action(act)
            except GameshelfError as exc:
                raise RecordError(f"bad record: action {i + 1} ({text!r}): {exc}") from None
            m.actions.append(text)
        m.run_chance()
        return m
