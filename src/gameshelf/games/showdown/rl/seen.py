"""What one Pinball Showdown seat sees, for the research adapters: its engine view
(:class:`~gameshelf.games.showdown.table.PlayerView`) as a tensor of zeros, ones and scaled
counts, and as text. Pure: read from the view only."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from gameshelf.games.showdown.actions import card_text, combo_text
from gameshelf.games.showdown.cards import COMBINATION_CARDS
from gameshelf.games.showdown.rl.ids import CARDS, MAX_TOKENS
from gameshelf.games.showdown.steps import MAX_TURNS
from gameshelf.games.showdown.table import Phase, PlayerView

_PHASES = tuple(Phase)


def observation_shape(n: int) -> tuple[int, ...]:
    """``(size,)`` for ``n`` seats: the sections listed in :func:`observation_tensor`."""
    c, k = CARDS, COMBINATION_CARDS
    size = (n + len(_PHASES) + 1 + n + n + 1  # seat, phase, turn, first, to act, wizard
            + c + c + n + c + c              # hand, my offer, offered, top, face up
            + n * c                          # offered by (when known)
            + n * c + c + n                  # bids: owner, tokens; has bid
            + n + 1                          # pending return: seat, tokens
            + n * c + n + n                  # claims: card, completed; take queue
            + 3 * n                          # speed, control, removed
            + c + 2 * n * c                  # discard, scoring piles, 2X piles
            + k + n * k                      # combinations open, won
            + n * c                          # known in hand
            + n + 1)                         # hand sizes, deck size
    return (size,)


def observation_tensor(v: PlayerView, n: int) -> npt.NDArray[np.float32]:
    """What the seat of ``v`` sees (its engine view; ``n`` seats) as ``float32`` of
    :func:`observation_shape`:
    one-hot seat, phase, First Player, seat to act; turn / 10; Wizard Mode; card sets as
    54 zeros and ones (hand, own offer, top card, face-up cards, per seat: face-up cards
    it is known to have offered, its bids, its claim, its piles, the cards known to be in
    its hand; discard pile); bid tokens, speed, control, removed tokens, hand sizes / 20;
    deck size / 54; Combination cards open and won."""
    c, k = CARDS, COMBINATION_CARDS
    out = np.zeros(observation_shape(n), np.float32)
    pos = 0

    def one(index: int, width: int, value: float = 1.0) -> None:
        nonlocal pos
        if 0 <= index < width:
            out[pos + index] = value
        pos += width

    def cards(ids: Any) -> None:
        nonlocal pos
        for i in ids:
            out[pos + i] = 1.0
        pos += c

    def scalars(values: Any, scale: float) -> None:
        nonlocal pos
        for i, x in enumerate(values):
            out[pos + i] = x / scale
        pos += len(values)

    one(v.seat, n)
    one(_PHASES.index(v.phase), len(_PHASES))
    scalars([v.turn], MAX_TURNS)
    one(v.first, n)
    one(v.to_act, n)
    scalars([1.0 if v.wizard else 0.0], 1.0)
    cards(v.hand)
    cards([] if v.my_offer is None else [v.my_offer])
    scalars([1.0 if o else 0.0 for o in v.has_offered], 1.0)
    cards([] if v.top is None else [v.top])
    cards(v.faceup)
    for seat in range(n):
        cards([f for f, o in zip(v.faceup, v.offered_by, strict=True) if o == seat])
    for seat in range(n):
        cards([f for f, (s, _t) in v.bids.items() if s == seat])
    tokens = [0.0] * c
    for f, (_s, t) in v.bids.items():
        tokens[f] = t
    scalars(tokens, MAX_TOKENS)
    scalars([1.0 if b else 0.0 for b in v.has_bid], 1.0)
    if v.pending_return is not None:
        one(v.pending_return[0], n)
        scalars([v.pending_return[1]], MAX_TOKENS)
    else:
        pos += n + 1
    for cl in v.claims:
        cards([] if cl is None else [cl.card])
    scalars([1.0 if cl is not None and cl.completed else 0.0 for cl in v.claims], 1.0)
    scalars([1.0 if s in v.take_queue else 0.0 for s in range(n)], 1.0)
    scalars(v.speed, MAX_TOKENS)
    scalars(v.control, MAX_TOKENS)
    scalars(v.removed, MAX_TOKENS)
    cards(v.discard)
    for p in v.piles:
        cards(p)
    for p in v.piles2x:
        cards(p)
    combos = [0.0] * k
    for i in v.combos_open:
        combos[i] = 1.0
    scalars(combos, 1.0)
    for won in v.combos_won:
        row = [0.0] * k
        for i in won:
            row[i] = 1.0
        scalars(row, 1.0)
    for known in v.known_in_hand:
        cards(known)
    scalars(v.hand_sizes, MAX_TOKENS)
    scalars([v.deck_size], CARDS)
    assert pos == out.shape[0]
    return out


def observation_string(v: PlayerView) -> str:
    """What the seat of ``v`` sees now (its engine view), one field per line."""

    def ids(xs: Any) -> str:
        return ",".join(card_text(x) for x in xs) or "-"

    seats = range(v.n)
    offered = ["?" if o == -2 else "top" if o == -1 else f"p{o}" for o in v.offered_by]
    bids = " ".join(f"{card_text(f)}:p{s}x{t}" for f, (s, t) in sorted(v.bids.items()))
    claims = " ".join("-" if cl is None else
                      f"{card_text(cl.card)}{'' if cl.completed else '(missed)'}"
                      for cl in v.claims)
    lines = [
        f"seat p{v.seat} of {v.n}; turn {v.turn}; phase {v.phase.value}; first p{v.first}; "
        f"to act {v.to_act}; wizard {'on' if v.wizard else 'off'}",
        f"hand {ids(sorted(v.hand))}; offer "
        f"{'-' if v.my_offer is None else card_text(v.my_offer)}; offered "
        + "".join("y" if o else "n" for o in v.has_offered),
        f"top {'-' if v.top is None else card_text(v.top)}; face up "
        + (" ".join(f"{card_text(f)}:{o}" for f, o in zip(v.faceup, offered, strict=True))
           or "-"),
        f"bids {bids or '-'}; bid " + "".join("y" if b else "n" for b in v.has_bid)
        + f"; control p{(v.first + v.control_pos) % v.n}; return "
        + ("-" if v.pending_return is None else
           f"p{v.pending_return[0]}x{v.pending_return[1]}"),
        f"claims {claims}; take queue " + (",".join(f"p{s}" for s in v.take_queue) or "-"),
        f"discard {ids(v.discard)}; deck {v.deck_size}; combinations open "
        + (",".join(combo_text(k) for k in v.combos_open) or "-"),
    ]
    for s in seats:
        lines.append(
            f"p{s}: speed {v.speed[s]} control {v.control[s]} removed {v.removed[s]} "
            f"hand {v.hand_sizes[s]} known {ids(v.known_in_hand[s])} pile {ids(v.piles[s])} "
            f"2x {ids(v.piles2x[s])} won "
            + (",".join(combo_text(k) for k in v.combos_won[s]) or "-"))
    if v.end_reason:
        lines.append(f"over ({v.end_reason})")
    return "\n".join(lines)
