"""Pinball Showdown's research ids: a player's action and a chance outcome as stable
integers, and back.

Player action ids (an id means the same move in every state; ``c`` is the Playfield card's
index, 0..53, ``P01`` = 0):

==============  =========================  ===================================================
ids             action                     id
==============  =========================  ===================================================
0 .. 53         ``offer P..`` (step 1)     ``c``
54 .. 1133      ``bid P.. t`` (step 2A)    ``54 + 20 * c + (t - 1)``, t = 1..20 tokens
1134 .. 1154    ``flip n`` (step 2A)       ``1134 + n``, n = 0..20 returned tokens
1155 .. 1164    ``speed n`` (step 2B)      ``1155 + (n - 1)``, n = 1..10
1165 .. 1218    ``buy P..`` (step 2C)      ``1165 + c``
1219            ``done`` (step 2)          ``1219``
1220 .. 1273    ``take P..`` (step 3)      ``1220 + c``
==============  =========================  ===================================================

A player has 20 tokens at most, so no bid, flip or speed increase needs a larger id.

Chance outcome ids:

==============  ===========================================================================
0 .. 53         Playfield card ``c`` is drawn: the next card of the deal, or the next
                offered card turned face up in step 1
54 .. 65        Combination card ``54 + k`` is turned face up (setup)
66 .. 69        seat ``66 + s`` is the First Player (setup)
==============  ===========================================================================
"""

from __future__ import annotations

from gameshelf.core.errors import IllegalMoveError
from gameshelf.games.showdown.actions import (
    DONE,
    Action,
    Bid,
    Buy,
    Done,
    Flip,
    Offer,
    Speed,
    Take,
    card_text,
    combo_text,
)
from gameshelf.games.showdown.cards import COMBINATION_CARDS, PLAYFIELD_CARDS
from gameshelf.games.showdown.steps import MAX_PLAYERS, TOKENS

CARDS = PLAYFIELD_CARDS
#: Most tokens one bid, flip or speed increase can move (a player's 20 tokens).
MAX_TOKENS = TOKENS
MAX_SPEED_UP = TOKENS // 2
OFFER0 = 0
BID0 = OFFER0 + CARDS
FLIP0 = BID0 + CARDS * MAX_TOKENS
SPEED0 = FLIP0 + MAX_TOKENS + 1
BUY0 = SPEED0 + MAX_SPEED_UP
DONE_ID = BUY0 + CARDS
TAKE0 = DONE_ID + 1
NUM_ACTIONS = TAKE0 + CARDS

COMBO0 = CARDS
FIRST0 = COMBO0 + COMBINATION_CARDS
NUM_CHANCE = FIRST0 + MAX_PLAYERS


def action_id(action: Action) -> int:
    """The id of a player's action (see the module docstring's table).

    Raises:
        IllegalMoveError: a chance action (``Deal``, ``Reveal``) or a count out of range.
    """
    if isinstance(action, Offer):
        return OFFER0 + action.card
    if isinstance(action, Bid):
        if not 1 <= action.tokens <= MAX_TOKENS:
            raise IllegalMoveError(f"a bid is 1 to {MAX_TOKENS} tokens: {action}")
        return BID0 + MAX_TOKENS * action.card + action.tokens - 1
    if isinstance(action, Flip):
        if not 0 <= action.n <= MAX_TOKENS:
            raise IllegalMoveError(f"a flip is 0 to {MAX_TOKENS} tokens: {action}")
        return FLIP0 + action.n
    if isinstance(action, Speed):
        if not 1 <= action.n <= MAX_SPEED_UP:
            raise IllegalMoveError(f"a speed increase is 1 to {MAX_SPEED_UP}: {action}")
        return SPEED0 + action.n - 1
    if isinstance(action, Buy):
        return BUY0 + action.card
    if isinstance(action, Done):
        return DONE_ID
    if isinstance(action, Take):
        return TAKE0 + action.card
    raise IllegalMoveError(f"{action} is chance, not a player's action")


def action_of(action: int) -> Action:
    """The player's action with id ``action``.

    Raises:
        IllegalMoveError: an id outside ``0 .. NUM_ACTIONS - 1``.
    """
    a = int(action)
    if not 0 <= a < NUM_ACTIONS:
        raise IllegalMoveError(f"no Pinball Showdown action has id {action}")
    if a < BID0:
        return Offer(a - OFFER0)
    if a < FLIP0:
        card, tokens = divmod(a - BID0, MAX_TOKENS)
        return Bid(card, tokens + 1)
    if a < SPEED0:
        return Flip(a - FLIP0)
    if a < BUY0:
        return Speed(a - SPEED0 + 1)
    if a < DONE_ID:
        return Buy(a - BUY0)
    if a == DONE_ID:
        return DONE
    return Take(a - TAKE0)


def chance_to_string(outcome: int) -> str:
    """A chance outcome id as text: ``draw P07``, ``combination C03``, ``first player 1``.

    Raises:
        IllegalMoveError: an id outside ``0 .. NUM_CHANCE - 1``.
    """
    if 0 <= outcome < COMBO0:
        return f"draw {card_text(outcome)}"
    if COMBO0 <= outcome < FIRST0:
        return f"combination {combo_text(outcome - COMBO0)}"
    if FIRST0 <= outcome < NUM_CHANCE:
        return f"first player {outcome - FIRST0}"
    raise IllegalMoveError(f"no Pinball Showdown chance outcome has id {outcome}")
