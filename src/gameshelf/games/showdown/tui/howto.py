"""Pinball Showdown's how-to line: what the player does in the step of the turn on screen
and why (the rulebook's six steps: offer a card, then bid control tokens on the face-up
cards, raise speed or buy from the discard pile, then claim; a card whose speed requirement
you miss costs you speed), with a legend of the players table on the first turn and while
others play. This carries the guided first turn.

Every line is at most :data:`WIDTH` cells wide (``⚡`` takes two), so it stands whole on an
80-column screen.
"""

from __future__ import annotations

from gameshelf.core.text import count, literal, verb_for
from gameshelf.games.showdown.actions import Buy, Speed
from gameshelf.games.showdown.table import Phase, PlayerView

#: The widest line in cells (an 80-column screen less the line's padding).
WIDTH = 78
#: The players table's columns, said.
LEGEND = ("Table: speed · ctrl control tokens · pile cards/points scored · "
          "2X doubled")


def howto(st: PlayerView, seat: int | None, can_act: bool, on_turn: str,
          finished: bool, short: bool = False) -> str:
    """The line for the table ``st`` as ``seat`` (the person on screen, None: nobody's
    hand is shown) sees it; ``can_act``: that person is to act; ``on_turn``: the name of
    whoever is; ``short``: a screen under 40 rows, where the hand needs every row: after
    step 1 the line leaves out the keys the action bar under it names too (bid, done) and
    the table's legend (said in step 1).

    Phases: the game over; another seat's turn; step 1 (offer a card); step 2 (bid, speed,
    buy, done; after a bid); flipping tokens returned by an outbid; step 3 (take a card).
    """
    if finished:
        return "Game over: r reviews your costly choices, p shows the piles, Esc leaves."
    if not can_act or seat is None:
        return f"Wait: {literal(on_turn)[:24]} {verb_for(on_turn, 'plays')}.\n{LEGEND}"
    speed = st.speed[seat]
    first = st.turn <= 1
    if st.pending_return is not None:
        back = st.pending_return[1]
        lines = [f"Outbid: you get {count(back, 'token')} back. Keys 0-{min(back, 9)} flip "
                 "that many to speed.",
                 "Speed completes fast cards (⚡6+ needs speed 6); a token kept scores 100."]
    elif st.phase is Phase.OFFER:
        lines = ["Step 1, offer: ←/→ pick a card of your hand, Enter offers it for bidding.",
                 f"Offer one you need least: its ⚡ speed out of your {speed}'s reach, or "
                 "few points."]
    elif st.phase is Phase.CONTROL and st.has_bid[seat]:
        legal = st.legal_actions()
        more = ((["v raises speed by 1 (2 tokens)"] if any(isinstance(a, Speed) for a in legal)
                 else []) + (["u buys from the discard"] if any(isinstance(a, Buy)
                                                               for a in legal) else []))
        lines = ["You have bid." + "".join(f" {m};" for m in more),
                 "d ends your step 2 (the cards are claimed when everyone is done)."]
    elif st.phase is Phase.CONTROL:
        lines = ["Step 2, bid: → to a face-up card, b bids tokens on it (+/- more), d done.",
                 f"Bid on a card whose ⚡ range holds your speed {speed}: missed, it costs "
                 "speed."]
    elif st.phase is Phase.TAKE:
        lines = ["Step 3, take: you did not bid; ←/→ pick one of the cards left, Enter "
                 "takes it.",
                 f"Take one you can complete (its ⚡ range holds your speed {speed}); a "
                 "miss costs."]
    else:
        return ""
    if short and st.phase is Phase.CONTROL:
        lines = lines[1:]     # the action bar says the keys: the why stays
    if first and not (short and st.phase is not Phase.OFFER):
        lines.append(LEGEND)
    return "\n".join(lines)
