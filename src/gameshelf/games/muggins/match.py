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

import functools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from gameshelf.core.chance import Chance
from gameshelf.core.errors import GameshelfError, RecordError
from gameshelf.core.inputs import quote
from gameshelf.core.records import GameRecord
from gameshelf.core.state import CHANCE
from gameshelf.core.text import count, said
from gameshelf.games.muggins.endgame import solvable
from gameshelf.games.muggins.game import (
    RULES_VERSION,
    Action,
    Event,
    MugginsState,
    Take,
    max_actions,
    parse_action,
    resolve_chance,
)
from gameshelf.games.muggins.mugsy import Mugsy, parse_level
from gameshelf.games.muggins.options import MugginsOptions
from gameshelf.games.muggins.view import MugginsView

GAME = "muggins"
#: Seats: the person is seat 0, Mugsy seat 1 (R-MG-7).
PERSON, MUGSY = 0, 1

#: An action's text parsed once (records repeat the same few hundred texts; actions are
#: frozen values, so one parse serves every record).
_parse = functools.lru_cache(maxsize=8192)(parse_action)


def start_state(options: MugginsOptions = MugginsOptions()) -> MugginsState:
    """The state every game of Muggins starts from (new, rebuilt or in the research
    adapters): before the first deal (a chance node), set up with ``options`` (each the
    state's field of the same name: the target to reach, R-MG-8)."""
    return MugginsState(**options.to_json())


def event_words(ev: Event, names: list[str] | tuple[str, ...]) -> str | None:
    """One public event in words, as every seat may know it (a draw never names its tile):
    ``Ann played 5-5 left: 10 points``, ``Bob drew a tile``, ``You passed``, ``Round over:
    Ann scores 25``; None for a deal (the racks show it).

    Example:
        >>> from gameshelf.games.muggins.game import Side
        >>> from gameshelf.games.muggins.tiles import parse_tile
        >>> event_words(Event(1, "play", parse_tile("5-5"), Side.LEFT, 10), ["You", "Bob"])
        'Bob played 5-5 left: 10 points'
        >>> event_words(Event(-1, "round"), ["You", "Bob"])
        'Round over: nobody scores'
    """
    who = names[ev.seat] if ev.seat in (0, 1) else "Nobody"
    if ev.kind == "draw":
        return f"{who} drew a tile"
    if ev.kind == "play" and ev.tile is not None and ev.side is not None:
        pts = f": {count(ev.points, 'point')}" if ev.points else ""
        return f"{who} played {ev.tile} {ev.side.word}{pts}"
    if ev.kind == "pass":
        return f"{who} passed"
    if ev.kind == "round":
        return (f"Round over: {said(who, 'scores')} {ev.points}" if ev.seat in (0, 1)
                else "Round over: nobody scores")
    return None


def last_play(lines: Sequence[str]) -> tuple[str, str] | None:
    """Who played the newest tile of the round on the board, and that tile, from a log of
    :func:`event_words` lines: ``("Mugsy", "0-5")``; None when the round has no play in
    the log (a new round, or a log joined late).

    Example:
        >>> last_play(["You played 0-2 left", "Mugsy drew a tile", "Mugsy played 0-3 right"])
        ('Mugsy', '0-3')
        >>> last_play(["You played 0-2 left", "Round over: You score 25"]) is None
        True
    """
    for line in reversed(lines):
        if line.startswith("Round over"):
            return None
        who, sep, rest = line.partition(" played ")
        if sep and rest:
            return who, rest.split()[0]
    return None


def joined_draws(lines: list[str]) -> list[str]:
    """Log lines with each run of one player's draws told once (``Bob drew 3 tiles``), so
    a move and its points stay readable after the other player's reply.

    Example:
        >>> joined_draws(["Bob drew a tile", "Bob drew a tile", "Bob passed"])
        ['Bob drew 2 tiles', 'Bob passed']
    """
    out: list[str] = []
    run = 0
    for i, line in enumerate(lines):
        if line.endswith(" drew a tile"):
            run += 1
            following = lines[i + 1] if i + 1 < len(lines) else ""
            if following != line:
                out.append(line[:-len("a tile")] + count(run, "tile"))
                run = 0
        else:
            out.append(line)
    return out


@dataclass
class Match:
    """One game in progress.

    Attributes:
        seed: the game number.
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
    def new(cls, seed: int, target: int | None = None,
            options: dict[str, Any] | None = None) -> Match:
        """A new match, dealt. ``options`` are kept in the record: the game's options
        (:class:`~gameshelf.games.muggins.options.MugginsOptions`, defaults filled in) and
        more (the level, names...); ``target`` sets the target among them.

        Raises:
            BadInputError: a bad game option (a target out of range).
        """
        opts = {**(options or {}), **({} if target is None else {"target": target})}
        rules = MugginsOptions.of_record(opts)
        m = cls(seed=seed, state=start_state(rules), chance=Chance(seed),
                options={**opts, **rules.to_json()})
        m.run_chance()
        return m

    @property
    def rules(self) -> MugginsOptions:
        """The game's options (the target...), as its record keeps them."""
        return MugginsOptions.of_record(self.options)

    def run_chance(self) -> list[Take]:
        """Resolve chance nodes (deals, draws) with the match's generator; returns them."""
        taken = resolve_chance(self.state, self.chance)
        self.actions.extend(map(str, taken))
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

    def mugsy(self) -> Mugsy:
        """Mugsy (seat 1) for the next decision: the options' ``level`` and ``history``, and
        a generator derived from the seed and the actions so far, so a replayed or resumed
        game plays exactly as the uninterrupted one did."""
        level = parse_level(str(self.options.get("level", "normal")))
        history = self.options.get("history", [])
        rng = self.chance.derive(f"mugsy/{len(self.actions)}")
        return Mugsy(level, rng, results=tuple(history), seat=MUGSY)

    def mugsy_action(self) -> Action:
        """Mugsy's choice now (Mugsy must be to act)."""
        return self.mugsy().choose(MugginsView.of(self.state, MUGSY))

    def _sampled(self, act: Action) -> bool:
        """Whether ``act`` is the move Mugsy made here before it searched the endgame
        exactly (it sampled there too): records kept from then replay as they were played."""
        view = MugginsView.of(self.state, MUGSY)
        if not solvable(view):
            return False
        return act == replace(self.mugsy(), exact=False).choose(view)

    def record(self) -> GameRecord:
        """The match as a game record (seed, options, every action)."""
        return GameRecord(game=GAME, rules_version=RULES_VERSION, options=dict(self.options),
                          seed=self.seed, actions=tuple(self.actions))

    @classmethod
    def from_record(cls, record: GameRecord) -> Match:
        """Rebuild a match by replaying its record (checked as :meth:`replay` checks it)
        with its generator alongside, so play continues as it would have.

        Raises:
            RecordError: as :meth:`start` and :meth:`replay` raise it.
        """
        m = cls.start(record)
        for _ in m.replay(record.actions):
            pass
        m.run_chance()
        return m

    @classmethod
    def start(cls, record: GameRecord) -> Match:
        """The match ``record`` starts from: its seed and options, before the first deal;
        :meth:`replay` then applies the record's actions.

        Raises:
            RecordError: another game or rules version, a bad option, or more actions than
                :func:`~gameshelf.games.muggins.game.max_actions` allows.
        """
        record.check(GAME, RULES_VERSION)
        history = record.options.get("history", [])
        if not isinstance(history, list) or len(history) > 20 or not all(
                h in ("win", "loss", "draw") for h in history):
            raise RecordError("the record's history of results is damaged")
        try:
            rules = MugginsOptions.of_record(record.options)
            parse_level(str(record.options.get("level", "normal")))
        except GameshelfError as exc:
            raise RecordError(f"bad record: {exc}") from None
        most = max_actions(rules.target)
        if len(record.actions) > most:
            raise RecordError(f"bad record: it holds {count(len(record.actions), 'action')}; "
                              f"a game to {rules.target} can have at most {most:,}")
        return cls(seed=record.seed, state=start_state(rules), chance=Chance(record.seed),
                   options=dict(record.options))

    def replay(self, actions: Iterable[str], *, check: bool = True) -> Iterator[Action]:
        """Apply a record's ``actions`` (chance outcomes too) one by one, yielding each
        just before it is applied: :attr:`state` is then the state it is played in.

        Args:
            check: every tile dealt or drawn must be the one the game number gives and
                every move of Mugsy the one Mugsy makes, or in an endgame the one it made
                before it searched endgames exactly (with the option ``"opponent":
                "person"``, two people online, seat 1's moves are only checked by the
                rules); False: only the rules check them (fast, for figures over kept
                games; the generator is then not kept in step: never play on).

        Raises:
            RecordError: an action the rules refuse, or (``check``) a tile that is not the
                game number's or a move Mugsy would not make; the action is named by its
                number in the record.
        """
        for text in actions:
            number = len(self.actions) + 1
            try:
                act = _parse(text)
                to_act = self.state.current_player()
                if check and to_act == CHANCE:
                    if not isinstance(act, Take):
                        raise GameshelfError("a tile should be taken from the boneyard here")
                    drawn = self.chance.choice([a for a, _ in self.state.chance_outcomes()])
                    if drawn != act:
                        raise GameshelfError(f"game number {self.seed} gives {drawn.tile} "
                                             f"here, not {act.tile}")
                elif (check and to_act == MUGSY and self.options.get("opponent") != "person"
                      and act != (mine := self.mugsy_action()) and not self._sampled(act)):
                    raise GameshelfError(f"Mugsy plays {str(mine)!r} here")
            except GameshelfError as exc:
                raise RecordError(f"bad record: action {number} ({quote(text)}): "
                                  f"{exc}") from None
            yield act
            try:
                self.state.apply_action(act)
            except GameshelfError as exc:
                raise RecordError(f"bad record: action {number} ({quote(text)}): "
                                  f"{exc}") from None
            self.actions.append(text)
