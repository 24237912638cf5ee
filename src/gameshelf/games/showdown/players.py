"""Computer players for Pinball Showdown: random, heuristic and search.

A player is an object with ``choose(view, legal) -> Action``: it gets only its seat's view
and the legal actions, never the state, so no player sees a hidden hand or the deck's order.
Each player owns a :class:`~gameshelf.core.chance.Chance` derived from the match seed.

* :class:`RandomPlayer` picks any legal action (a baseline and a fuzzer).
* :class:`HeuristicPlayer` values cards by points (doubled in Wizard Mode), combinations and
  Drop Target sets it is close to, and what the card does to its speed; it bids the fewest
  tokens that can win a clearly better card, raises speed to meet that card's requirement,
  offers the card it is best placed to score, and takes the best card left.
* :class:`SearchPlayer` samples the hands it cannot see and the deck's order consistently with
  what it has seen (:func:`determinize`), plays each candidate action in every sample followed
  by heuristic play to the end of the turn, scores the result with :func:`evaluate`, and
  picks the candidate with the best mean margin over the best opponent.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadInputError
from gameshelf.core.state import CHANCE
from gameshelf.games.showdown.actions import DONE, Action, Bid, Buy, Done, Flip, Offer, Speed, Take
from gameshelf.games.showdown.cards import DROP_TARGET, Effect, PlayfieldCard
from gameshelf.games.showdown.game import ShowdownState
from gameshelf.games.showdown.steps import LATE_DRAIN_TURN, MAX_TURNS
from gameshelf.games.showdown.table import DROP_BONUS, Phase, PlayerView

View = PlayerView | ShowdownState


class Player(Protocol):
    """Anything that picks one of the legal actions from a player's view."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """One of ``legal``."""
        ...


class RandomPlayer:
    """Picks uniformly among the legal actions (with ``done`` made likelier so the random
    player does not burn every token)."""

    name = "random"

    def __init__(self, chance: Chance) -> None:
        self.chance = chance

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if DONE in legal and self.chance.random() < 0.5:
            return DONE
        return self.chance.choice(list(legal))


# ----- the heuristic -------------------------------------------------------------------------
def _devices(v: View, seat: int) -> set[str]:
    cards = v.cards
    out = {cards[c].device for c in v.piles[seat]}
    out.update(cards[c].device for c in v.piles2x[seat])
    return out


def _drops(v: View, seat: int) -> int:
    cards = v.cards
    return (sum(1 for c in v.piles[seat] if cards[c].device == DROP_TARGET)
            + sum(1 for c in v.piles2x[seat] if cards[c].device == DROP_TARGET))


def _speed_after(card: PlayfieldCard, speed: int, control: int) -> int:
    n = card.circles
    if card.effect is Effect.GREEN:
        return speed + min(n, control)
    if card.effect is Effect.RED:
        return max(0, speed - n)
    if card.effect is Effect.BLUE:
        return min(n, speed + control)
    return speed


def _speed_worth(speed: int, turn: int) -> float:
    """Points a speed is worth for the rest of the game (reach of the valuable cards)."""
    left = max(0, MAX_TURNS - turn)
    return 110.0 * min(speed, 10) * left / MAX_TURNS


def _score_now(v: View, seat: int) -> int:
    cards = v.cards
    pts = sum(cards[c].points for c in v.piles[seat])
    pts += 2 * sum(cards[c].points for c in v.piles2x[seat])
    pts += DROP_BONUS * (_drops(v, seat) // 4)
    pts += sum(v.deck.combinations[c].bonus for c in v.combos_won[seat])
    return pts + 100 * (v.speed[seat] + v.control[seat])


def card_value(v: View, seat: int, card: int, speed: int | None = None) -> float:
    """What claiming ``card`` is worth to ``seat`` now, in points (negative when it would
    fail its speed requirement and cost speed)."""
    c = v.cards[card]
    sp = v.speed[seat] if speed is None else speed
    ctl = v.control[seat]
    turn = v.turn
    if c.max_speed is not None and sp > c.max_speed:
        return 0.0
    if sp < c.min_speed:
        loss = min(c.circles, sp)
        return -(_speed_worth(sp, turn) - _speed_worth(sp - loss, turn)) - 50.0
    value = float(c.points * (2 if v.wizard else 1))
    if c.device == DROP_TARGET:
        have = _drops(v, seat)
        value += DROP_BONUS if have % 4 == 3 else DROP_BONUS * 0.12 * (have % 4 + 1)
    mine = _devices(v, seat)
    combos = v.deck.combinations
    for k in v.combos_open:
        a, b = combos[k].devices
        if c.device in (a, b) and c.device not in mine:
            other = b if c.device == a else a
            # a completed combination scores its bonus and turns Wizard Mode On
            value += combos[k].bonus * (1.0 if other in mine else 0.25)
    after = _speed_after(c, sp, ctl)
    value += _speed_worth(after, turn) - _speed_worth(sp, turn)
    if after == 0:
        if turn >= LATE_DRAIN_TURN:
            lead = _score_now(v, seat) - max(_score_now(v, s) for s in range(v.n) if s != seat)
            value += 1500.0 if lead > 3000 else -4000.0
        else:
            value -= 300.0
    return value


def _best_take(v: View, seat: int, options: Sequence[int]) -> int:
    return max(options, key=lambda c: card_value(v, seat, c))


def heuristic_action(v: View, seat: int, legal: Sequence[Action]) -> Action:
    """The heuristic's choice for ``seat`` (``v`` a view or, inside search, a sampled state);
    in step 2 ``legal`` may be empty: the choice is worked out from the tokens."""
    if v.phase is Phase.CONTROL and v.pending_return is None:
        return _control_choice(v, seat)
    first = legal[0]
    if isinstance(first, Offer):
        others = [s for s in range(v.n) if s != seat]

        def offer_score(a: Action) -> float:
            assert isinstance(a, Offer)
            mine = card_value(v, seat, a.card)
            theirs = max(card_value(v, s, a.card) for s in others)
            return mine - 0.6 * max(theirs, 0.0)
        return max(legal, key=offer_score)
    if isinstance(first, Take):
        return Take(_best_take(v, seat, [a.card for a in legal if isinstance(a, Take)]))
    if isinstance(first, Flip):
        n = max(a.n for a in legal if isinstance(a, Flip))
        want = max(0, 7 - v.speed[seat])
        return Flip(min(n, want))
    return _control_choice(v, seat)


def _control_choice(v: View, seat: int) -> Action:
    ctl = v.control[seat]
    sp = v.speed[seat]
    faceup = list(v.faceup)
    if not v.has_bid[seat] and faceup:
        values = {c: card_value(v, seat, c) for c in faceup}
        # what I expect to get without bidding: the cards nobody bid on, others pick first
        free = sorted((values[c] for c in faceup if c not in v.bids), reverse=True)
        order = [(v.first + k) % v.n for k in range(v.n)]
        pos = order.index(seat)
        fallback = free[min(len(free) - 1, max(0, v.n - 1 - pos))] if free else 0.0
        best: tuple[float, Action] | None = None
        for c in faceup:
            card = v.cards[c]
            need = max(0, card.min_speed - sp)
            if card.max_speed is not None and sp > card.max_speed:
                continue
            value = values[c] if need == 0 else card_value(v, seat, c, sp + need)
            held = v.bids.get(c)
            tokens = (held[1] + 1) if held else 1
            if pos < v.n - 1 and held is None:
                tokens += 1  # leave room against a later outbid
            cost = 3 * need
            if tokens + 2 * need > ctl:
                continue
            gain = value - fallback - 220.0 * tokens - 150.0 * need - cost
            if best is None or gain > best[0]:
                best = (gain, Bid(c, tokens))
        if best is not None and best[0] > 0:  # tokens + speed needed fit the control
            return best[1]
    if v.has_bid[seat]:
        mine = next((c for c, (s, _t) in v.bids.items() if s == seat), None)
        if mine is not None:
            need = v.cards[mine].min_speed - sp
            if 0 < need and 2 * need <= ctl:
                return Speed(need)
    if v.turn >= 2 and ctl >= 9 and v.turn <= MAX_TURNS - 2:
        buys = [Buy(c) for c in v.discard]
        if buys:
            best_buy = max(buys, key=lambda a: v.cards[a.card].points)
            card = v.cards[best_buy.card]
            if card.points >= 3000 and card.min_speed <= sp + 2:
                return best_buy
    if sp < 3 and ctl >= 8:
        return Speed(1)
    return DONE


class HeuristicPlayer:
    """The rule-of-thumb player (see the module docstring)."""

    name = "heuristic"

    def __init__(self, chance: Chance | None = None) -> None:
        self.chance = chance

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        return heuristic_action(view, view.seat, legal)


# ----- search --------------------------------------------------------------------------------
def determinize(view: PlayerView, chance: Chance) -> ShowdownState:
    """A full game state consistent with ``view``: the cards the viewer cannot see (other
    hands, other face-down offers, the deck) dealt at random from the unseen cards; cards
    known to be in a hand (bought) stay there, and a face-down offer is drawn from the whole
    hand it came from.
    """
    s = ShowdownState(view.deck, view.n, keep_log=False)
    me = view.seat
    s.phase, s.turn, s.first, s.top = view.phase, view.turn, view.first, view.top
    s.faceup = list(view.faceup)
    s.bids = dict(view.bids)
    s.has_bid = list(view.has_bid)
    s.control_pos = view.control_pos
    s.pending_return = view.pending_return
    s.take_queue = list(view.take_queue)
    s.claims = list(view.claims)
    s.speed, s.control, s.removed = list(view.speed), list(view.control), list(view.removed)
    s.discard = list(view.discard)
    s.piles = [list(p) for p in view.piles]
    s.piles2x = [list(p) for p in view.piles2x]
    s.combos_open = list(view.combos_open)
    s.combos_won = [list(c) for c in view.combos_won]
    s.known_in_hand = [list(k) for k in view.known_in_hand]
    s.wizard = view.wizard
    seen = set(view.hand) | set(view.faceup) | set(view.discard)
    if view.top is not None:
        seen.add(view.top)
    if view.my_offer is not None:
        seen.add(view.my_offer)
    for seat in range(view.n):
        seen.update(view.piles[seat])
        seen.update(view.piles2x[seat])
        if seat != me:
            seen.update(view.known_in_hand[seat])
    unseen = chance.shuffled([c for c in range(len(view.cards)) if c not in seen])
    offers: list[int | None] = [None] * view.n
    offers[me] = view.my_offer
    hands: list[list[int]] = [list(view.known_in_hand[seat]) for seat in range(view.n)]
    if view.phase in (Phase.OFFER, Phase.REVEAL):
        # A face-down offer came from the hand as it was before it: the cards known to be
        # there (bought ones, still listed until the reveal) and unseen ones. Which of them
        # it was is not in the view, so any of them is drawn, the known ones included.
        for seat in range(view.n):
            if seat == me or not view.has_offered[seat]:
                continue
            before = hands[seat] + [unseen.pop() for _ in range(min(
                len(unseen), view.hand_sizes[seat] + 1 - len(hands[seat])))]
            if before:
                offers[seat] = before.pop(chance.randint(0, len(before) - 1))
            hands[seat] = before
    elif view.faceup:
        unknown = [c for c, o in zip(view.faceup, view.offered_by, strict=True) if o == -2]
        for seat in range(view.n):
            if seat in view.offered_by:
                offers[seat] = view.faceup[view.offered_by.index(seat)]
            elif seat != me and unknown:
                offers[seat] = unknown.pop()
    s.offers = offers
    for seat in range(view.n):
        if seat == me:
            s.hands[seat] = list(view.hand)
            continue
        known = hands[seat]
        extra = max(0, view.hand_sizes[seat] - len(known))
        s.hands[seat] = known + [unseen.pop() for _ in range(min(extra, len(unseen)))]
    s.draw_pile = unseen
    return s


def evaluate(s: ShowdownState, seat: int) -> float:
    """``seat``'s margin over the best opponent, in points: the exact final margin once the
    game is over, else score so far plus what speed, open combinations, Drop Targets and
    control are still worth."""
    if s.is_terminal():
        totals = [s.score(k).total for k in range(s.n)]
        return float(totals[seat] - max(t for k, t in enumerate(totals) if k != seat))
    left = max(0, MAX_TURNS - s.turn + 1) / MAX_TURNS
    combos = s.deck.combinations
    vals = []
    for k in range(s.n):
        v = float(s.score(k).total)
        v += _speed_worth(s.speed[k], s.turn - 1)
        v += 60.0 * min(s.control[k], 12) * left
        mine = _devices(s, k)
        for c in s.combos_open:
            a, b = combos[c].devices
            if (a in mine) != (b in mine):
                v += 0.3 * combos[c].bonus * left
        v += 600.0 * (_drops(s, k) % 4) * left
        vals.append(v)
    return vals[seat] - max(x for k, x in enumerate(vals) if k != seat)


def _candidates(view: PlayerView, legal: Sequence[Action]) -> list[Action]:
    """The legal actions worth searching: one per distinct card and a few bid sizes."""
    cards = view.cards
    out: list[Action] = []
    seen: set[object] = set()
    for a in legal:
        if isinstance(a, (Offer, Take, Buy)):
            key: object = (type(a), cards[a.card].signature())
            if key not in seen:
                seen.add(key)
                out.append(a)
        elif isinstance(a, Bid):
            held = view.bids.get(a.card)
            low = held[1] + 1 if held else 1
            key = (cards[a.card].signature(), a.tokens)
            if a.tokens in (low, low + 1, low + 3) and key not in seen:
                seen.add(key)
                out.append(a)
        elif isinstance(a, Speed):
            if a.n <= 3:
                out.append(a)
        elif isinstance(a, (Done, Flip)):
            out.append(a)
    return out


class SearchPlayer:
    """Determinized Monte Carlo search.

    Args:
        chance: the player's own generator (derived from the match seed).
        samples: determinizations per decision.
        horizon: whole turns played out after the current one before evaluating.
        max_candidates: the heuristic's choice plus the best others by a quick look.
    """

    name = "search"

    def __init__(self, chance: Chance, samples: int = 8, horizon: int = 0,
                 max_candidates: int = 8) -> None:
        self.chance = chance
        self.samples = samples
        self.horizon = horizon
        self.max_candidates = max_candidates

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if not legal:
            raise BadInputError("no legal action to choose from")
        cands = self.candidates(view, legal)
        if len(cands) == 1:
            return cands[0]
        totals = [sum(v) for v in self.values(view, cands)]
        best = max(range(len(cands)), key=lambda i: (totals[i], i == 0))
        return cands[best]

    def candidates(self, view: PlayerView, legal: Sequence[Action]) -> list[Action]:
        """The actions searched, the heuristic's choice first: one per distinct card, a few
        bid sizes, speed-ups up to 3, ``done``; at most ``max_candidates`` (the heuristic's
        choice, ``done`` and speed-ups kept, then the cards worth most)."""
        cands = _candidates(view, legal)
        base = heuristic_action(view, view.seat, legal)
        if base not in cands:
            cands.insert(0, base)
        if len(cands) > self.max_candidates:
            fixed = [base] + [a for a in cands if a != base and isinstance(a, (Done, Speed))]
            rest = sorted((a for a in cands if a not in fixed),
                          key=lambda a: -card_value(view, view.seat, a.card)
                          if isinstance(a, (Bid, Buy, Offer, Take)) else 0.0)
            cands = fixed + rest[: max(0, self.max_candidates - len(fixed))]
        return cands

    def values(self, view: PlayerView, actions: Sequence[Action]) -> list[list[float]]:
        """Each action's value in each of ``samples`` worlds (:func:`determinize`): the
        action, heuristic play by everyone to the end of the ``horizon``, then
        :func:`evaluate` (the seat's margin over the best opponent, in points).
        ``values[i][k]`` is action ``i`` in world ``k``; the generator moves the same way
        whatever the actions, so an action's values do not depend on the others listed."""
        out: list[list[float]] = [[] for _ in actions]
        stop_turn = view.turn + self.horizon
        for _ in range(self.samples):
            world = determinize(view, self.chance)
            roll_seed = self.chance.randint(0, 2**31)
            for i, a in enumerate(actions):
                s = world.clone()
                s.apply_action(a)
                out[i].append(_playout(s, view.seat, stop_turn, Chance(roll_seed)))
        return out


def _playout(s: ShowdownState, seat: int, stop_turn: int, chance: Chance) -> float:
    """Heuristic play by everyone until the end of ``stop_turn`` (or the game), then
    :func:`evaluate`."""
    while not s.is_terminal() and s.turn <= stop_turn:
        p = s.current_player()
        if p == CHANCE:
            s.apply_action(s.sample_chance(chance))
            continue
        legal = s.legal_actions() if (s.phase is not Phase.CONTROL
                                      or s.pending_return is not None) else []
        s.apply_action(heuristic_action(s, p, legal))
    return evaluate(s, seat)


def make_player(kind: str, chance: Chance) -> Player:
    """A computer player by kind: ``random``, ``heuristic`` or ``search``; ``cpu`` is
    :data:`DEFAULT_KIND`.

    Raises:
        BadInputError: an unknown kind.
    """
    key = kind.strip().lower()
    key = DEFAULT_KIND if key == "cpu" else key
    if key == "random":
        return RandomPlayer(chance)
    if key == "heuristic":
        return HeuristicPlayer(chance)
    if key == "search":
        return SearchPlayer(chance)
    raise BadInputError(f"unknown player kind {kind!r} (random, heuristic or search)")


PLAYER_KINDS = ("random", "heuristic", "search")
#: The kind a person is offered first and ``cpu`` means, in the terminal and the page alike.
DEFAULT_KIND = "heuristic"


def play_match(state: ShowdownState, players: Sequence[Player], chance: Chance) -> ShowdownState:
    """Play ``state`` to the end: chance from ``chance``, each seat by its player (who sees
    only its own view). Returns the finished state."""
    while not state.is_terminal():
        p = state.current_player()
        if p == CHANCE:
            state.apply_action(state.sample_chance(chance))
        else:
            state.apply_action(players[p].choose(state.view(p), state.legal_actions()))
    return state
