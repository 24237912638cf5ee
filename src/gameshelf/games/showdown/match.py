"""A Pinball Showdown match: seats (people and computer players), the seed, the record.
Pure. Chance events are drawn from ``Chance(seed).derive("chance-K")``, K the number of
actions so far, so a resumed game draws exactly what the original would have; computer seat
N gets ``Chance(seed).derive("seat-N")``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gameshelf.core.chance import MAX_SEED, Chance
from gameshelf.core.errors import BadInputError, IllegalMoveError, RecordError
from gameshelf.core.inputs import check_name, quote
from gameshelf.core.records import GameRecord
from gameshelf.core.seats import DEFAULT, seat_word
from gameshelf.core.state import CHANCE
from gameshelf.core.text import count
from gameshelf.games.showdown.actions import Action, parse_action
from gameshelf.games.showdown.cards import Deck, default_deck, parse_deck
from gameshelf.games.showdown.game import RULES_VERSION, ShowdownState, max_actions, new_game
from gameshelf.games.showdown.options import ShowdownOptions
from gameshelf.games.showdown.players import PLAYER_KINDS, Player, make_player
from gameshelf.games.showdown.steps import MAX_PLAYERS, MIN_PLAYERS

GAME = "showdown"
HUMAN = "human"
#: The longest seat name (characters).
MAX_NAME_LENGTH = 20


@dataclass(frozen=True)
class Seat:
    """One seat: a name and ``human`` or a computer player kind."""

    name: str
    kind: str

    @property
    def is_human(self) -> bool:
        """True for a person at the terminal."""
        return self.kind == HUMAN


def parse_players(text: str) -> list[Seat]:
    """Seats from ``"Ann,cpu,cpu"``: ``cpu``, ``computer`` or ``ai`` (the heuristic),
    ``random``, ``heuristic`` and ``search`` are computer players, ``Name:player`` a named
    computer seat, any other name a person. The seat words are read by
    :func:`gameshelf.core.seats.seat_word`, as in every game.

    Raises:
        BadInputError: fewer than 2 or more than 4 seats, an empty or repeated name, a name
            longer than :data:`MAX_NAME_LENGTH` or with control characters, a person's name
            that names a computer player, an unknown computer player after ``:``.
    """
    # each name checked as typed (check_name), before its blanks are folded: U+001C or
    # U+2028, which str.split takes for blanks, are refused, not made spaces
    names = text.split(",")
    if len(names) < MIN_PLAYERS or len(names) > MAX_PLAYERS:
        raise BadInputError(f"Pinball Showdown is for {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                            f"got {len(names)} in {quote(text)}")
    seats: list[Seat] = []
    computers = 0
    given = [seat_word(name, PLAYER_KINDS)[0] for name in names if name]
    for name in names:
        name = check_name(name, "player name", max_len=MAX_NAME_LENGTH)
        if not name:
            raise BadInputError(f"empty player name in {quote(text)}")
        name, player = seat_word(name, PLAYER_KINDS)
        if name and any(s.name.casefold() == name.casefold() for s in seats):
            raise BadInputError(f"two players are called {quote(name)}")
        if player is not None:
            # a computer given no name: the game's computer name (``CPU 1``), never its kind
            kind = "heuristic" if player == DEFAULT else player
            computers += 1
            seats.append(Seat(name or ShowdownOptions.computer_name(
                computers, [*given, *(s.name for s in seats)]), kind))
        else:
            seats.append(Seat(name, HUMAN))
    return seats


class Match:
    """One match in progress.

    Args:
        seed: the game number.
        deck_text: the deck file's text when not the shipped deck (kept in the record).
        actions: text actions to replay (resume); every chance event and computer
            player's action among them must be the one the seed and that player produce.

    Raises:
        DeckError: a bad deck. RecordError: more actions than
            :func:`~gameshelf.games.showdown.game.max_actions` allows, an action that cannot be
            replayed, or a chance event or computer move that is not the one due.
    """

    def __init__(self, seats: Sequence[Seat], seed: int, deck_text: str | None = None,
                 actions: Sequence[str] = ()) -> None:
        self.seats = list(seats)
        self.seed = seed
        self.deck_text = deck_text
        self.deck: Deck = parse_deck(deck_text, "deck file") if deck_text else default_deck()
        self.state: ShowdownState = new_game(self.deck, len(self.seats))
        self.state.names = [s.name for s in self.seats]
        root = Chance(seed)
        self.players: list[Player | None] = [
            None if s.is_human else make_player(s.kind, root.derive(f"seat-{i}"))
            for i, s in enumerate(self.seats)]
        self.actions: list[str] = []
        self.replay(actions)

    def replay(self, actions: Sequence[str]) -> None:
        """Apply the text ``actions`` (a record's, recorded after this match's own), each
        checked: every chance event and computer player's action among them must be the
        one the seed and that player produce (a computer player's generator moves on, as
        when it plays). On a refusal the match is left part-way: rebuild it.

        Raises:
            RecordError: more actions in all than
                :func:`~gameshelf.games.showdown.game.max_actions` allows, an action that
                cannot be replayed, or a chance event or computer move that is not the one
                due.
        """
        most = max_actions(len(self.seats))
        if len(self.actions) + len(actions) > most:
            raise RecordError(f"the record holds "
                              f"{count(len(self.actions) + len(actions), 'action')}; a game "
                              f"of {len(self.seats)} can have at most {most:,}")
        for i, text in enumerate(actions, start=len(self.actions) + 1):
            try:
                action = parse_action(text)
                due = self._automatic()
                if due is not None and action != due:
                    what = ("the chance event of this game number" if self.to_act() == CHANCE
                            else "the move of the computer player "
                                 f"{self.seats[self.to_act()].name}")
                    raise RecordError(f"saved action {i} ({quote(text)}) cannot be replayed: "
                                      f"{what} there is {quote(str(due))}")
                self._apply(action)
            except (BadInputError, IllegalMoveError) as exc:
                raise RecordError(f"saved action {i} ({quote(text)}) cannot be replayed: "
                                  f"{exc}") from None

    # ----- records -----------------------------------------------------------------------
    def record(self) -> GameRecord:
        """The match as a game record (seed, seats, deck, text actions)."""
        options: dict[str, object] = {
            "players": [{"name": s.name, "kind": s.kind} for s in self.seats]}
        if self.deck_text is not None:
            options["deck"] = self.deck_text
        return GameRecord(GAME, RULES_VERSION, options, self.seed, tuple(self.actions))

    @classmethod
    def from_record(cls, record: GameRecord) -> Match:
        """Rebuild a match by replaying a record.

        Raises:
            RecordError: another game or version, damaged options, or it does not replay.
        """
        record.check(GAME, RULES_VERSION, "Pinball Showdown")
        raw = record.options.get("players")
        if not isinstance(raw, list) or not all(
                isinstance(p, dict) and isinstance(p.get("name"), str)
                and p.get("kind") in (HUMAN, *PLAYER_KINDS) for p in raw):
            raise RecordError("the record's players are missing or damaged")
        deck = record.options.get("deck")
        if deck is not None and not isinstance(deck, str):
            raise RecordError("the record's deck is damaged")
        if not 0 <= record.seed <= MAX_SEED:
            raise RecordError(f"the record's game number {record.seed} is not between 0 and "
                              f"{MAX_SEED}")
        seats = [Seat(p["name"], p["kind"]) for p in raw]
        for s in seats:
            check_name(s.name, "a player's name in the record", max_len=MAX_NAME_LENGTH,
                       error=RecordError, stored=True)
        if len({s.name.lower() for s in seats}) != len(seats):
            raise RecordError("the record's players are damaged: two have the same name")
        return cls(seats, record.seed, deck, record.actions)

    # ----- playing -----------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        self.state.apply_action(action)
        self.actions.append(str(action))

    def to_act(self) -> int:
        return self.state.current_player()

    def human_to_act(self) -> bool:
        """True when a person must choose the next action."""
        p = self.to_act()
        return p >= 0 and self.seats[p].is_human

    def _automatic(self) -> Action | None:
        """The chance event or computer player's action due now (a computer player's
        generator moves on); None when a person is to act or the game is over."""
        p = self.to_act()
        if p == CHANCE:
            return self.state.sample_chance(Chance(self.seed).derive(
                f"chance-{len(self.actions)}"))
        if p >= 0 and not self.seats[p].is_human:
            player = self.players[p]
            assert player is not None
            return player.choose(self.state.view(p), self.state.legal_actions())
        return None

    def step(self) -> Action | None:
        """Apply one chance event or one computer player's action; None when a person is
        to act or the game is over."""
        action = self._automatic()
        if action is not None:
            self._apply(action)
        return action

    def run_until_human(self) -> None:
        """Apply chance and computer moves until a person must act or the game is over."""
        while self.step() is not None:
            pass

    def play(self, text: str) -> Action:
        """Apply a person's action given as text.

        Raises:
            BadInputError: not an action. IllegalMoveError: not legal now, or not a person's
                turn.
        """
        if not self.human_to_act():
            raise IllegalMoveError("it is not a person's turn")
        action = parse_action(text)
        self._apply(action)
        return action


def seat_names(record: GameRecord) -> str:
    """The players of a saved record, comma-separated, for lists of saves; ``(players
    damaged)`` when the record's players are not a list of named seats (resuming it says
    more)."""
    raw = record.options.get("players")
    if not isinstance(raw, list) or not all(isinstance(p, dict)
                                            and isinstance(p.get("name"), str) for p in raw):
        return "(players damaged)"
    return ", ".join(p["name"] for p in raw)
