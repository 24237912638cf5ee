"""Pinball Showdown as a :class:`~gameshelf.rl.spec.GameSpec` (2 to 4 players, the shipped deck).

The rules are :mod:`gameshelf.games.showdown.game`'s; this module adds stable integer ids,
chance as single draws with exact probabilities, what one seat may see and resampling.

Parameter: ``players``, 2 to 4 (default 2). Player actions and chance outcomes have stable
integer ids (:mod:`.ids`); what a seat sees as a tensor and as text is :mod:`.seen`'s.

Chance nodes, each outcome equally likely over what is left (so the probabilities are exact,
``1 / len(outcomes)``):

- the deal (the engine's one :class:`~gameshelf.games.showdown.actions.Deal`), one card at a time:
  the first ``10 * players`` cards go round the table (card ``i`` to seat ``i % players``),
  the next 10 are the deck's top cards turned up in turns 1 to 10; the cards no turn reaches
  stay in the deck in id order (no rule ever reads them). Then Combination cards one at a
  time until ``players`` are open (in a two-player game a card sharing a device with the
  first is set aside, as the engine does), then the First Player;
- the reveal of step 1 (the engine's :class:`~gameshelf.games.showdown.actions.Reveal`), one
  offered card at a time; the last card is forced and is turned up without a chance node.

What a seat sees is exactly the engine's ``state.view(seat)``: its own hand, its own
face-down offer, and public information (never another hand or face-down offer, nor the
deck). A seat picks up its hand when the deal is over (the order the cards came in is not
seen). The information-state string is that seat's hand, then every public event (the
First Player and open Combination cards, each turn's top card, the other seats' offers as
"offer a card", each reveal, bid, flip, speed increase, buy, ``done`` and take) with the
seat's own offers in their places.

Returns (zero-sum, in [-1, 1]): the winners (highest total, then most tokens; tied winners
all win) share a win: with ``W`` winners among ``n`` seats a winner gets
``(n / W - 1) / (n - 1)`` and every other seat ``-1 / (n - 1)``; so a lone winner +1, the
others -1 in a two-player game, and a tie of everyone 0 each.

``resample`` draws the other hands, their face-down offers and the deck with the search
player's :func:`~gameshelf.games.showdown.players.determinize`, attributes each past reveal's
offered cards to the seats that offered them (a card bought from the discard pile and
turned up in the next reveal is its buyer's; the rest at random), and replays the game's
public actions over the deal this gives, so the new state has a history of its own that the
seat cannot tell from the real one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadInputError, IllegalMoveError
from gameshelf.games.showdown.actions import Deal, Offer, Reveal, card_text, combo_text
from gameshelf.games.showdown.cards import COMBINATION_CARDS, default_deck
from gameshelf.games.showdown.game import ShowdownState
from gameshelf.games.showdown.players import determinize
from gameshelf.games.showdown.rl.ids import (
    BID0,
    BUY0,
    CARDS,
    COMBO0,
    DONE_ID,
    FIRST0,
    NUM_ACTIONS,
    NUM_CHANCE,
    OFFER0,
    action_id,
    action_of,
    chance_to_string,
)
from gameshelf.games.showdown.rl.seen import (
    observation_shape,
    observation_string,
    observation_tensor,
)
from gameshelf.games.showdown.steps import (
    HAND_SIZE,
    MAX_PLAYERS,
    MAX_TURNS,
    MIN_PLAYERS,
    TOKENS,
    open_combos,
)
from gameshelf.games.showdown.table import Phase, PlayerView
from gameshelf.rl.spec import CHANCE, TERMINAL, GameSpec, SpecInfo


def _max_game_length(n: int) -> int:
    """A bound on player and chance actions in an ``n``-seat game: the deal's card, Combination
    and First Player draws, each turn's reveal draws (one fewer than the offers) and the
    engine's bound on player actions (``max_actions`` less its deal and reveals)."""
    deal = HAND_SIZE * n + MAX_TURNS + COMBINATION_CARDS + 1
    reveals = MAX_TURNS * (n - 1)
    player = MAX_TURNS * 5 * n + TOKENS * n
    return deal + reveals + player


class ShowdownSpecState:
    """A game under the spec: the engine's state plus what the engine does not keep.

    Attributes:
        game: the rules engine's state (no text log).
        deal: the Playfield card ids drawn so far in the deal, in order.
        combos: the Combination card indices drawn so far, in order.
        first: the First Player drawn, or None.
        reveal: the offered cards turned up so far in the current reveal.
        history: ``(player, id, turn)`` of every action and chance outcome since the start
            (``player`` is :data:`CHANCE` for chance; ``turn`` the engine's turn before it).
        deal_steps: how many entries of ``history`` the deal took (0 while dealing).
        forced: per turn, the offered cards whose seat every player knows at the reveal
            (a bought card turned up), card -> seat.
        events: ``(seat, text)`` of what was seen, ``seat`` -1 for everyone.
    """

    __slots__ = ("deal", "combos", "first", "reveal", "history", "deal_steps", "forced",
                 "events", "game")

    def __init__(self, game: ShowdownState) -> None:
        self.game = game
        self.deal: list[int] = []
        self.combos: list[int] = []
        self.first: int | None = None
        self.reveal: list[int] = []
        self.history: list[tuple[int, int, int]] = []
        self.deal_steps = 0
        self.forced: dict[int, dict[int, int]] = {}
        self.events: list[tuple[int, str]] = []

    def clone(self) -> ShowdownSpecState:
        s = ShowdownSpecState.__new__(ShowdownSpecState)
        s.game = self.game.clone()
        s.deal, s.combos, s.first = self.deal[:], self.combos[:], self.first
        s.reveal, s.history, s.deal_steps = self.reveal[:], self.history[:], self.deal_steps
        s.forced = {t: dict(f) for t, f in self.forced.items()}
        s.events = self.events[:]
        return s


def _returns(winners: list[int], n: int) -> list[float]:
    share = n / len(winners) - 1.0
    return [(share if s in winners else -1.0) / (n - 1) for s in range(n)]


class Spec(GameSpec[ShowdownSpecState]):
    """Pinball Showdown for the research adapters (see the module docstring).

    Args:
        params: ``{"players": 2..4}`` (default 2).

    Raises:
        BadInputError: a player count out of 2..4 or an unknown parameter.
    """

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(params)
        n = self.params["players"]
        if isinstance(n, bool) or not isinstance(n, int) or not (
                MIN_PLAYERS <= n <= MAX_PLAYERS):
            raise BadInputError(f"Pinball Showdown is for {MIN_PLAYERS} to {MAX_PLAYERS} "
                                f"players, got {n!r}")
        self.deck = default_deck()
        self.cards_dealt = HAND_SIZE * n + MAX_TURNS

    @classmethod
    def info(cls) -> SpecInfo:
        return SpecInfo(
            short_name="gameshelf_showdown", long_name="gameshelf Pinball Showdown",
            min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=NUM_CHANCE, min_utility=-1.0, max_utility=1.0,
            utility_sum=0.0, max_game_length=_max_game_length(MAX_PLAYERS),
            perfect_information=False, parameters={"players": 2})

    # ----- the game ---------------------------------------------------------------------
    def initial(self) -> ShowdownSpecState:
        return ShowdownSpecState(ShowdownState(self.deck, self.players, keep_log=False))

    def current_player(self, state: ShowdownSpecState) -> int:
        ph = state.game.phase
        if ph is Phase.DEAL or ph is Phase.REVEAL:
            return CHANCE
        if ph is Phase.OVER:
            return TERMINAL
        return state.game.current_player()

    def legal_actions(self, state: ShowdownSpecState) -> list[int]:
        g = state.game
        if g.phase in (Phase.DEAL, Phase.REVEAL, Phase.OVER):
            return []
        return sorted(action_id(a) for a in g.legal_actions())

    def chance_outcomes(self, state: ShowdownSpecState) -> list[tuple[int, float]]:
        """Each card (Combination card, seat) still possible, equally likely."""
        ids = self._chance_ids(state)
        if not ids:
            return []
        p = 1.0 / len(ids)
        return [(i, p) for i in ids]

    def _chance_ids(self, state: ShowdownSpecState) -> list[int]:
        g = state.game
        if g.phase is Phase.DEAL:
            if len(state.deal) < self.cards_dealt:
                drawn = set(state.deal)
                ids = [c for c in range(CARDS) if c not in drawn]
            elif (len(open_combos(g.deck.combinations, state.combos, g.n)) < g.n
                  and len(state.combos) < COMBINATION_CARDS):
                seen = set(state.combos)
                ids = [COMBO0 + k for k in range(COMBINATION_CARDS) if k not in seen]
            else:
                ids = [FIRST0 + s for s in range(g.n)]
        elif g.phase is Phase.REVEAL:
            ids = sorted(self._unrevealed(state))
        else:
            ids = []
        return ids

    @staticmethod
    def _unrevealed(state: ShowdownSpecState) -> list[int]:
        out = [c for c in state.game.offers if c is not None]
        for c in state.reveal:
            out.remove(c)
        return out

    def apply(self, state: ShowdownSpecState, action: int) -> None:
        """Play a player's action id or a chance outcome id.

        Raises:
            IllegalMoveError: the id is not legal here (the engine's message for a player's
                action).
        """
        a = int(action)
        g = state.game
        turn = g.turn
        if g.phase is Phase.DEAL or g.phase is Phase.REVEAL:
            if a not in self._chance_ids(state):
                raise IllegalMoveError(f"{chance_to_string(a) if 0 <= a < NUM_CHANCE else a} "
                                       f"is not a possible outcome here")
            state.history.append((CHANCE, a, turn))
            if g.phase is Phase.DEAL:
                self._deal_step(state, a)
            else:
                state.reveal.append(a)
                self._settle(state)
            return
        if g.phase is Phase.OVER:
            raise IllegalMoveError("the game is over")
        seat = g.current_player()
        move = action_of(a)
        g.apply_action(move)
        state.history.append((seat, a, turn))
        if isinstance(move, Offer):
            state.events.append((-1, f"p{seat}: offer a card"))
        state.events.append((seat if isinstance(move, Offer) else -1, f"p{seat}: {move}"))
        self._settle(state)
        if g.turn != turn:
            self._turn_event(state)

    def _deal_step(self, state: ShowdownSpecState, a: int) -> None:
        g = state.game
        if a < COMBO0:
            state.deal.append(a)
            return
        if a < FIRST0:
            state.combos.append(a - COMBO0)
            return
        state.first = a - FIRST0
        dealt = set(state.deal)
        deck = tuple(state.deal) + tuple(c for c in range(CARDS) if c not in dealt)
        seen = set(state.combos)
        combos = tuple(state.combos) + tuple(k for k in range(COMBINATION_CARDS)
                                             if k not in seen)
        g.apply_action(Deal(deck, combos, state.first))
        state.deal_steps = len(state.history)
        state.events.append((-1, f"first p{g.first}; combinations "
                                 + ",".join(combo_text(k) for k in g.combos_open)))
        for seat in range(g.n):
            hand = ",".join(card_text(c) for c in sorted(g.hands[seat]))
            state.events.append((seat, f"p{seat} hand {hand}"))
        self._turn_event(state)
        self._settle(state)

    def _settle(self, state: ShowdownSpecState) -> None:
        """Turn up the last offered card of a reveal: it is forced."""
        g = state.game
        if g.phase is not Phase.REVEAL:
            return
        left = self._unrevealed(state)
        if len(left) > 1:
            return
        cards = tuple(state.reveal + left)
        forced = {c: seat for seat in range(g.n) for c in cards if c in g.known_in_hand[seat]}
        if forced:
            state.forced[g.turn] = forced
        g.apply_action(Reveal(cards))
        state.reveal = []
        state.events.append((-1, "reveal " + ",".join(card_text(c) for c in cards)))

    @staticmethod
    def _turn_event(state: ShowdownSpecState) -> None:
        g = state.game
        top = card_text(g.top) if g.top is not None else "none"
        state.events.append((-1, f"turn {g.turn} top {top}"))

    def clone(self, state: ShowdownSpecState) -> ShowdownSpecState:
        return state.clone()

    def returns(self, state: ShowdownSpecState) -> list[float]:
        """Zero-sum shares of the win (module docstring); 0.0 each before the end."""
        g = state.game
        if g.phase is not Phase.OVER:
            return [0.0] * g.n
        return _returns(g.winners(), g.n)

    def action_to_string(self, player: int, action: int) -> str:
        """``offer P07``, ``bid P07 3``... for a seat; ``draw P07``... for :data:`CHANCE`."""
        if player == CHANCE:
            return chance_to_string(int(action))
        return str(action_of(action))

    # ----- what a seat sees -------------------------------------------------------------
    def _view(self, state: ShowdownSpecState, player: int) -> PlayerView:
        return state.game.view(self.seat(player))

    def observation_shape(self) -> tuple[int, ...]:
        return observation_shape(self.players)

    def observation_bounds(self) -> tuple[float, float]:
        """``(0.0, 1.0)``: every entry is a 0/1 flag or a count scaled by its most (20
        tokens, 10 turns, 54 cards)."""
        return (0.0, 1.0)

    def observation_tensor(self, state: ShowdownSpecState, player: int
                           ) -> npt.NDArray[np.float32]:
        return observation_tensor(self._view(state, player), self.players)

    def observation_string(self, state: ShowdownSpecState, player: int) -> str:
        return observation_string(self._view(state, player))

    def information_state_string(self, state: ShowdownSpecState, player: int) -> str:
        """All ``player`` has seen: its hand as dealt, every public event in order, its own
        offers in their places (module docstring), one per line."""
        player = self.seat(player)
        head = f"seat p{player} of {state.game.n}"
        return "\n".join([head] + [t for s, t in state.events if s == -1 or s == player])

    # ----- information-set search -----------------------------------------------------------
    def resample(self, state: ShowdownSpecState, player: int, rng: random.Random
                 ) -> ShowdownSpecState:
        """A state ``player`` cannot tell from ``state``, drawn with ``rng`` (module
        docstring).

        Raises:
            BadInputError: ``player`` is not a seat.
        """
        player = self.seat(player)
        g = state.game
        if g.phase is Phase.DEAL:
            return self._redeal(state, rng)
        n = g.n
        world = determinize(g.view(player), Chance(rng.getrandbits(53)))
        offers = self._attribute(state, player, world, rng)
        hands: list[list[int]] = []
        for seat in range(n):
            if seat == player:
                hands.append(state.deal[seat:HAND_SIZE * n:n])
                continue
            hand = list(world.hands[seat])
            for turn_offers in offers.values():
                if seat in turn_offers:
                    hand.append(turn_offers[seat])
            for who, a, _t in state.history[state.deal_steps:]:
                if who == seat and BUY0 <= a < DONE_ID:
                    hand.remove(a - BUY0)
            rng.shuffle(hand)
            hands.append(hand)
        deal = [hands[i % n][i // n] for i in range(HAND_SIZE * n)]
        deal += state.deal[HAND_SIZE * n: HAND_SIZE * n + g.turn]
        deal += world.draw_pile[: self.cards_dealt - len(deal)]
        new = self.initial()
        for c in deal:
            self.apply(new, c)
        for k in state.combos:
            self.apply(new, COMBO0 + k)
        assert state.first is not None
        self.apply(new, FIRST0 + state.first)
        partial = g.phase is Phase.REVEAL
        for who, a, turn in state.history[state.deal_steps:]:
            if who >= 0 and who != player and a < BID0:
                a = OFFER0 + offers[turn][who]
            elif who == CHANCE and partial and turn == g.turn:
                continue  # the cards of an unfinished reveal are face down: drawn below
            self.apply(new, a)
        for _ in state.reveal:
            self.apply(new, rng.choice(self._unrevealed(new)))
        return new

    def _redeal(self, state: ShowdownSpecState, rng: random.Random) -> ShowdownSpecState:
        """During the deal nobody has seen a card: the cards drawn so far drawn again."""
        new = self.initial()
        for c in rng.sample(range(CARDS), len(state.deal)):
            self.apply(new, c)
        for k in state.combos:
            self.apply(new, COMBO0 + k)
        return new

    @staticmethod
    def _attribute(state: ShowdownSpecState, player: int, world: ShowdownState,
                   rng: random.Random) -> dict[int, dict[int, int]]:
        """Per turn, seat -> the card it offered, as ``player`` may believe it: its own
        offers, the seats everyone knows (a bought card turned up, or a lone other seat),
        the current turn's face-down offers as ``world`` has them, the rest at random."""
        g = state.game
        real: dict[int, dict[int, int]] = {}
        for who, a, turn in state.history[state.deal_steps:]:
            if who >= 0 and a < BID0:
                real.setdefault(turn, {})[who] = a - OFFER0
        out: dict[int, dict[int, int]] = {}
        for turn, offers in real.items():
            if turn == g.turn and g.phase in (Phase.OFFER, Phase.REVEAL):
                now: dict[int, int] = {}
                for s, c in offers.items():
                    drawn = c if s == player else world.offers[s]
                    assert drawn is not None, "determinize draws every face-down offer"
                    now[s] = drawn
                out[turn] = now
                continue
            assign: dict[int, int] = {}
            if player in offers:
                assign[player] = offers[player]
            for card, seat in state.forced.get(turn, {}).items():
                assign[seat] = card
            seats = [s for s in offers if s not in assign]
            taken = set(assign.values())
            cards = [c for c in offers.values() if c not in taken]
            rng.shuffle(cards)
            assign.update(zip(seats, cards, strict=True))
            out[turn] = assign
        return out
