"""Pinball Showdown rules: setup, the six steps of a turn, rulings R-PS-1..R-PS-13."""

from __future__ import annotations

import pytest

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadInputError, IllegalMoveError
from gameshelf.core.state import CHANCE, TERMINAL
from gameshelf.games.showdown.actions import Bid, Buy, Done, Flip, Offer, Speed, Take
from gameshelf.games.showdown.game import ShowdownState, new_game
from gameshelf.games.showdown.table import Phase
from tests.showdown.helpers import DECK, card, cards_of, combo, deal, done_all, offer_all

SPIN, ORBIT, POP, SLING = "Spinner", "Orbit", "Pop Bumper", "Slingshot"


def _to_take_phase(state: ShowdownState, offers: list[int]) -> None:
    offer_all(state, offers)
    done_all(state)


# ----- setup ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_tokens_hands_combinations_first_player(players: int) -> None:
    state = new_game(DECK, players)
    assert state.current_player() == CHANCE
    state.apply_action(state.sample_chance(Chance(3)))
    assert all(len(h) == 9 or len(h) == 10 for h in state.hands)  # top card revealed only
    assert [len(h) for h in state.hands] == [10] * players
    assert state.speed == [5] * players and state.control == [15] * players
    assert len(state.combos_open) == players  # R-PS-8
    assert state.wizard is False and state.turn == 1
    assert state.top is not None and len(state.draw_pile) == 54 - 10 * players - 1
    assert state.phase is Phase.OFFER and state.current_player() == state.first


def test_setup_rejects_player_counts_out_of_range() -> None:
    for n in (1, 5):
        with pytest.raises(BadInputError):
            new_game(DECK, n)


def test_two_player_combinations_have_distinct_requirements() -> None:
    """Two-player rule: a second card sharing a device with the first is set aside."""
    state = deal(2, combos=[combo("Short Hop"), combo("Ramp Combo"), combo("Bumper Blast"),
                            combo("Big Hit")])
    # Ramp Combo shares Short Ramp, Bumper Blast shares Slingshot: both set aside
    assert state.combos_open == [combo("Short Hop"), combo("Big Hit")]
    four = deal(4, combos=[combo("Short Hop"), combo("Ramp Combo")])
    assert four.combos_open[:2] == [combo("Short Hop"), combo("Ramp Combo")]


# ----- step 1 --------------------------------------------------------------------------------
def test_step_1_top_card_and_one_offer_each_then_reveal() -> None:
    state = deal(3, hands=[[card(SPIN)], [card(POP)], [card(SLING)]], top=[card(ORBIT)],
                 first=1)
    assert state.top == card(ORBIT)
    assert state.current_player() == 1
    with pytest.raises(IllegalMoveError):
        state.apply_action(Offer(card(SPIN)))  # not in seat 1's hand
    state.apply_action(Offer(card(POP)))
    assert state.current_player() == 2
    state.apply_action(Offer(card(SLING)))
    state.apply_action(Offer(card(SPIN)))
    assert state.current_player() == CHANCE and state.phase is Phase.REVEAL
    reveal = state.sample_chance(Chance(1))
    state.apply_action(reveal)
    assert state.faceup[0] == card(ORBIT)
    assert sorted(state.faceup[1:]) == sorted([card(SPIN), card(POP), card(SLING)])
    assert len(state.faceup) == state.n + 1


def test_offers_are_hidden_in_three_players_but_face_up_with_two() -> None:
    three = deal(3, hands=[[card(SPIN)], [card(POP)], [card(SLING)]])
    offer_all(three, [card(SPIN), card(POP), card(SLING)])
    view = three.view(0)
    assert view.offered_by == (-1, 0, -2, -2)  # own card known, others not
    two = deal(2, hands=[[card(SPIN)], [card(POP)]])
    assert two.view(1).my_offer is None
    two.apply_action(Offer(card(SPIN)))
    assert two.view(1).my_offer is None and card(SPIN) not in two.view(1).hand
    two.apply_action(Offer(card(POP)))
    from gameshelf.games.showdown.actions import Reveal

    two.apply_action(Reveal((card(SPIN), card(POP))))
    assert two.view(1).offered_by == (-1, 0, 1)  # two players: played face up


# ----- step 2 --------------------------------------------------------------------------------
def test_step_2a_r_ps_4_bidding_goes_once_around_and_one_bid_per_player() -> None:
    """R-PS-4: one bid per player per turn; after 'done' a player does not act again."""
    state = deal(2, hands=[[card(SPIN)], [card(POP)]], top=[card(ORBIT)])
    offer_all(state, [card(SPIN), card(POP)])
    assert state.current_player() == 0
    state.apply_action(Bid(card(SPIN), 2))
    assert not any(isinstance(a, Bid) for a in state.legal_actions())
    with pytest.raises(IllegalMoveError, match="already bid"):
        state.apply_action(Bid(card(POP), 1))
    state.apply_action(Done())
    assert state.current_player() == 1
    state.apply_action(Done())
    assert state.phase is not Phase.CONTROL  # once around: step 2 is over


def test_step_2a_r_ps_4_outbid_needs_more_tokens_and_returns_them_with_a_flip_choice() -> None:
    """R-PS-4: outbidding takes more tokens; the outbid player's tokens come back and they
    choose how many to flip to speed."""
    state = deal(3, hands=[[card(SPIN)], [card(POP)], [card(SLING)]], top=[card(ORBIT)])
    offer_all(state, [card(SPIN), card(POP), card(SLING)])
    state.apply_action(Bid(card(ORBIT), 3))
    state.apply_action(Done())
    assert state.control[0] == 12
    with pytest.raises(IllegalMoveError, match="more than 3"):
        state.apply_action(Bid(card(ORBIT), 3))
    state.apply_action(Bid(card(ORBIT), 4))
    assert state.current_player() == 0  # the outbid player chooses
    assert state.legal_actions() == [Flip(0), Flip(1), Flip(2), Flip(3)]
    with pytest.raises(IllegalMoveError):
        state.apply_action(Done())
    state.apply_action(Flip(2))
    assert (state.speed[0], state.control[0]) == (7, 13)
    assert state.current_player() == 1
    assert state.bids[card(ORBIT)] == (1, 4)


def test_step_2b_increase_speed_removes_one_token_per_speed() -> None:
    state = deal(2)
    offer_all(state, [state.hands[0][0], state.hands[1][0]])
    state.apply_action(Speed(2))
    assert (state.speed[0], state.control[0], state.removed[0]) == (7, 11, 2)
    state.control[0] = 3  # the rulebook's example: three control tokens -> +1 speed only
    assert [a for a in state.legal_actions() if isinstance(a, Speed)] == [Speed(1)]
    with pytest.raises(IllegalMoveError):
        state.apply_action(Speed(2))
    state.apply_action(Speed(1))
    assert (state.speed[0], state.control[0]) == (8, 1)


def test_step_2c_buying_from_the_discard_pile_starts_in_turn_2() -> None:
    state = deal(2, hands=[[card(SPIN)], [card(POP)]], top=[card(ORBIT)])
    offer_all(state, [card(SPIN), card(POP)])
    assert not any(isinstance(a, Buy) for a in state.legal_actions())
    done_all(state)
    state.apply_action(Take(card(SPIN)))
    state.apply_action(Take(card(POP)))
    assert state.discard == [card(ORBIT)] and state.turn == 2
    offer_all(state, [state.hands[0][0], state.hands[1][0]])
    seat = state.current_player()
    assert Buy(card(ORBIT)) in state.legal_actions()
    before = state.control[seat]
    state.apply_action(Buy(card(ORBIT)))
    assert card(ORBIT) in state.hands[seat] and state.control[seat] == before - 2
    assert state.removed[seat] == 2 and state.discard == []
    assert state.view(1 - seat).known_in_hand[seat] == (card(ORBIT),)


# ----- step 3 --------------------------------------------------------------------------------
def test_step_3_claiming_order_bidders_first_then_from_the_first_player() -> None:
    state = deal(3, hands=[[card(SPIN)], [card(POP)], [card(SLING)]], top=[card(ORBIT)],
                 first=1)
    offer_all(state, [card(SPIN), card(POP), card(SLING)])
    assert state.current_player() == 1
    state.apply_action(Done())
    state.apply_action(Bid(card(SPIN), 1))  # seat 2 bids
    state.apply_action(Done())
    state.apply_action(Done())  # seat 0
    assert state.phase is Phase.TAKE
    assert state.claims[2] is not None and state.claims[2].card == card(SPIN)
    assert state.take_queue == [1, 0]
    assert Take(card(SPIN)) not in state.legal_actions()
    state.apply_action(Take(card(POP)))
    state.apply_action(Take(card(SLING)))
    assert card(ORBIT) in state.discard  # the one card left over
    assert state.removed[2] == 1  # bid tokens leave the game


def test_step_3_r_ps_5_speed_requirement_failure_costs_circles_and_discards() -> None:
    """R-PS-5: checked at claiming; a failed card costs speed = circles, goes to discard."""
    bash = card("Bash Toy")
    need, circles = DECK.playfield[bash].min_speed, DECK.playfield[bash].circles
    assert need > 5 > circles
    state = deal(2, hands=[[bash], [card(POP)]], top=[card(SLING)])
    _to_take_phase(state, [bash, card(POP)])
    state.apply_action(Take(bash))
    assert state.claims[0] is not None and not state.claims[0].completed
    assert (state.speed[0], state.control[0]) == (5 - circles, 15 + circles)
    assert bash in state.discard
    state.apply_action(Take(card(POP)))
    assert bash not in state.piles[0]
    assert state.speed[0] == 5 - circles  # no effect of a failed card


def test_r_ps_5_speed_checked_after_increase_in_step_2() -> None:
    """R-PS-5: the requirement is checked against the speed at claiming time."""
    bash = card("Bash Toy")
    need = DECK.playfield[bash].min_speed - 5
    state = deal(2, hands=[[bash], [card(POP)]], top=[card(SLING)])
    offer_all(state, [bash, card(POP)])
    state.apply_action(Bid(bash, 1))
    state.apply_action(Speed(need))  # up to the requirement after bidding
    done_all(state)
    assert state.claims[0] is not None and state.claims[0].completed


def test_r_ps_5_kickout_hole_above_five_is_discarded_at_no_cost() -> None:
    """R-PS-5: a Kick-out Hole claimed at speed above 5 is discarded, nothing else."""
    kick = card("Kick-out Hole")
    state = deal(2, hands=[[kick], [card(POP)]], top=[card(SLING)])
    state.speed[0], state.control[0] = 6, 14
    _to_take_phase(state, [kick, card(POP)])
    state.apply_action(Take(kick))
    assert (state.speed[0], state.control[0]) == (6, 14)
    assert kick in state.discard
    ok = deal(2, hands=[[kick], [card(POP)]], top=[card(SLING)])
    _to_take_phase(ok, [kick, card(POP)])
    ok.apply_action(Take(kick))
    ok.apply_action(Take(card(POP)))
    assert kick in ok.piles[0] and ok.speed[0] == 4  # blue 4: speed set to 4


# ----- step 4 --------------------------------------------------------------------------------
@pytest.mark.parametrize(("device", "speed", "control", "after"), [
    ("Slingshot", 5, 15, (7, 13)),       # green 2
    ("Slingshot", 5, 1, (6, 0)),         # green 2 with 1 control: all of it
    ("Orbit", 6, 14, (4, 16)),           # red 2
    ("Scoop", 5, 15, (6, 14)),           # blue 6
    ("Scoop", 3, 2, (5, 0)),             # blue 6 with too few tokens: all to speed
    ("Ball Lock", 10, 5, (3, 12)),       # blue 3 lowers speed
    ("Drop Target", 5, 15, (5, 15)),     # no effect
])
def test_step_4_effects(device: str, speed: int, control: int,
                        after: tuple[int, int]) -> None:
    c = card(device)
    state = deal(2, hands=[[c], [card(POP)]], top=[card(POP, 1)])
    state.speed[0], state.control[0] = speed, control
    state.removed[0] = 20 - speed - control
    _to_take_phase(state, [c, card(POP)])
    state.apply_action(Take(c))
    state.apply_action(Take(card(POP)))
    assert (state.speed[0], state.control[0]) == after


def test_step_4_r_ps_6_drain_in_turns_1_to_5_autosaves() -> None:
    """R-PS-6 and the autosave: speed 0 after step 4 in turns 1-5 flips up to 5 tokens."""
    skill = card("Skill Shot")  # speed 11+, red 4
    state = deal(2, hands=[[skill], [card(POP)]], top=[card(SLING)])
    state.speed[0], state.control[0] = 4, 16
    _to_take_phase(state, [skill, card(POP)])
    state.apply_action(Take(skill))  # fails: loses 4 speed -> 0
    state.apply_action(Take(card(POP)))
    assert (state.speed[0], state.control[0]) == (5, 15)  # autosave
    assert state.phase is Phase.OFFER and state.turn == 2


def test_r_ps_6_red_effect_drain_from_turn_6_ends_the_game_after_the_turn() -> None:
    """R-PS-6: a red effect that takes the last speed in turn 6+ ends the game after the
    turn (steps 5 and 6 still happen: here a combination is claimed first)."""
    red_drop = next(c for c in cards_of("Drop Target") if DECK.playfield[c].effect.value == "red")
    state = deal(2, hands=[[red_drop], [card(POP)]], top=[card(SLING)],
                 combos=[combo("Target Practice")])
    state.turn = 7
    state.piles[0] = [card("Standup Target")]
    state.speed[0], state.control[0] = 1, 19
    _to_take_phase(state, [red_drop, card(POP)])
    state.apply_action(Take(red_drop))
    state.apply_action(Take(card(POP)))
    assert state.speed[0] == 0 and state.is_terminal() and state.end_reason == "drain"
    assert combo("Target Practice") in state.combos_won[0]


def test_r_ps_6_drain_after_failed_card_in_turn_6_ends_game() -> None:
    """R-PS-6: speed 0 at the end of step 4 for whatever reason: a failed claim's loss."""
    skill = card("Skill Shot")
    state = deal(2, hands=[[skill], [card(POP)]], top=[card(SLING)])
    state.turn = 6
    state.speed[0], state.control[0] = 4, 16
    _to_take_phase(state, [skill, card(POP)])
    state.apply_action(Take(skill))
    state.apply_action(Take(card(POP)))
    assert state.is_terminal() and state.end_reason == "drain"
    assert state.speed[0] == 0
    assert state.current_player() == TERMINAL


# ----- rulings R-PS-10 to R-PS-13 (docs/rules/pinball-showdown.md) ----------------------------
def test_r_ps_10_a_missed_card_has_no_effect_in_step_4() -> None:
    """R-PS-10: a missed card costs speed equal to its circles on claiming and then has no
    effect: a missed green Short Ramp (4+, +1) does not add speed back."""
    ramp = card("Short Ramp")
    state = deal(2, hands=[[ramp], [card(POP)]], top=[card(SLING)])
    state.speed[0], state.control[0] = 3, 17
    _to_take_phase(state, [ramp, card(POP)])
    state.apply_action(Take(ramp))
    state.apply_action(Take(card(POP)))
    assert (state.speed[0], state.control[0]) == (2, 18)  # -1 for the miss, no +1
    assert ramp in state.discard and ramp not in state.piles[0]


@pytest.mark.parametrize(("speed", "control", "after"), [
    (2, 3, (4, 1)),   # control short of the circles, speed + control enough: speed = 4
    (2, 1, (3, 0)),   # speed + control short of 4: all control to speed
    (5, 0, (4, 1)),   # above 4: down to 4
])
def test_r_ps_11_a_blue_card_with_too_little_control(speed: int, control: int,
                                                     after: tuple[int, int]) -> None:
    """R-PS-11: blue N sets speed to N, or to speed + control when that is less; "convert
    all" never takes speed above N (Kick-out Hole, blue 4)."""
    kick = card("Kick-out Hole")
    state = deal(2, hands=[[kick], [card(POP)]], top=[card(SLING)])
    state.speed[0], state.control[0] = speed, control
    state.removed[0] = 20 - speed - control
    _to_take_phase(state, [kick, card(POP)])
    state.apply_action(Take(kick))
    state.apply_action(Take(card(POP)))
    assert (state.speed[0], state.control[0]) == after


def test_r_ps_12_13_several_buys_a_turn_and_a_missed_card_may_be_bought() -> None:
    """R-PS-12: buys (two tokens each) and speed increases as often as control pays for, the
    bid once. R-PS-13: a missed card is in the discard pile and may be bought, from the next
    turn on."""
    bash = card("Bash Toy")
    state = deal(2, hands=[[bash], [card(POP)]], top=[card(SLING)])
    _to_take_phase(state, [bash, card(POP)])
    state.apply_action(Take(bash))  # missed: speed 5 < 6
    assert not any(isinstance(a, Buy) for a in state.legal_actions())  # turn 1: no buys
    state.apply_action(Take(card(POP)))
    assert sorted(state.discard) == sorted([bash, card(SLING)]) and state.turn == 2
    offer_all(state, [state.hands[0][0], state.hands[1][0]])
    state.apply_action(Done())  # seat 1 is First Player in turn 2
    control, removed = state.control[0], state.removed[0]
    state.apply_action(Buy(bash))
    state.apply_action(Buy(card(SLING)))
    state.apply_action(Speed(1))
    state.apply_action(Speed(1))
    assert {bash, card(SLING)} <= set(state.hands[0]) and state.discard == []
    assert state.control[0] == control - 8 and state.removed[0] == removed + 6
    assert state.current_player() == 0  # still seat 0's go


def test_wizard_mode_stays_on_when_a_combination_is_claimed_in_a_wizard_turn() -> None:
    """Rulebook: "The Wizard Mode also remains On if any new Combinations were scored during
    the turn", with nobody at speed 12."""
    ramp = card("Short Ramp")
    state = deal(2, combos=[combo("Short Hop")], hands=[[ramp], [card(POP)]],
                 top=[card(POP, 1)])
    state.wizard = True
    state.speed[0], state.control[0] = 5, 15
    state.piles[0] = [card(SLING)]
    _to_take_phase(state, [ramp, card(POP)])
    state.apply_action(Take(ramp))
    state.apply_action(Take(card(POP)))
    assert combo("Short Hop") in state.combos_won[0] and max(state.speed) < 12
    assert state.wizard


# ----- step 5 and Wizard Mode -----------------------------------------------------------------
def test_step_5_r_ps_8_combinations_claimed_once_and_a_card_serves_several() -> None:
    """R-PS-8: a Short Ramp completes both Short Hop and Ramp Combo; each combo once."""
    ramp, long_ramp, sling = card("Short Ramp"), card("Long Ramp"), card(SLING)
    state = deal(4, combos=[combo("Short Hop"), combo("Ramp Combo"), combo("Big Hit"),
                            combo("Multiball")], hands=[[ramp], [card(POP)], [card(POP, 1)],
                                                        [card(POP, 2)]], top=[card(POP, 3)])
    state.piles[0] = [sling, long_ramp]
    _to_take_phase(state, [ramp, card(POP), card(POP, 1), card(POP, 2)])
    state.apply_action(Take(ramp))
    while state.phase is Phase.TAKE:
        state.apply_action(state.legal_actions()[0])
    assert sorted(state.combos_won[0]) == sorted([combo("Short Hop"), combo("Ramp Combo")])
    assert state.combos_open == [combo("Big Hit"), combo("Multiball")]
    assert state.wizard  # a claim turns Wizard Mode On for the next turn
    assert state.score(0).combos == 2500 + 6000


def test_wizard_mode_cards_go_to_2x_pile_and_mode_stays_on_at_speed_12() -> None:
    pop = card(POP)
    state = deal(2, hands=[[pop], [card(SLING)]], top=[card(POP, 1)])
    state.wizard = True
    state.speed[1], state.control[1] = 12, 8
    _to_take_phase(state, [pop, card(SLING)])
    state.apply_action(Take(pop))
    state.apply_action(Take(card(SLING)))
    assert state.piles2x[0] == [pop] and state.piles[0] == []
    assert state.score(0).two_x == 1600
    assert state.wizard  # speed 12+ keeps it On


def test_wizard_mode_turns_off_without_speed_12_or_new_combo() -> None:
    state = deal(2, hands=[[card(POP)], [card(SLING)]], top=[card(POP, 1)])
    state.wizard = True
    _to_take_phase(state, [card(POP), card(SLING)])
    state.apply_action(Take(card(POP)))
    state.apply_action(Take(card(SLING)))
    assert not state.wizard
    off = deal(2, hands=[[card(POP)], [card(SLING)]], top=[card(POP, 1)])
    off.speed[1], off.control[1] = 12, 8
    _to_take_phase(off, [card(POP), card(SLING)])
    off.apply_action(Take(card(POP)))
    off.apply_action(Take(card(SLING)))
    assert not off.wizard  # speed 12 does not turn it On: only a combination does


# ----- step 6, game end, scoring --------------------------------------------------------------
def test_step_6_first_player_passes_left_and_r_ps_9_turn_counter() -> None:
    """R-PS-9: the turn shown is the game's own counter (it counts turns, not cards)."""
    state = deal(3, first=2)
    for turn in range(1, 4):
        assert state.turn == turn and state.first == (2 + turn - 1) % 3
        offer_all(state, [h[0] for h in state.hands])
        done_all(state)
        while state.phase is Phase.TAKE:
            state.apply_action(state.legal_actions()[0])


@pytest.mark.parametrize(("turn", "over"), [(9, False), (10, True)])
def test_game_ends_after_turn_10(turn: int, over: bool) -> None:
    state = deal(2, hands=[[card(POP)], [card(SLING)]], top=[card(POP, 1)])
    state.turn = turn  # the counter of R-PS-9; MAX_TURNS is 10
    _to_take_phase(state, [card(POP), card(SLING)])
    state.apply_action(Take(card(POP)))
    state.apply_action(Take(card(SLING)))
    assert state.is_terminal() is over
    assert state.end_reason == ("turns" if over else "")


def test_r_ps_7_drop_target_bonus_counts_both_piles_and_is_never_doubled() -> None:
    """R-PS-7: 5,000 per full set of four Drop Targets over both piles; 8 give two sets."""
    drops = cards_of("Drop Target")
    state = deal(2)
    state.piles[0] = drops[:3]
    state.piles2x[0] = drops[3:5]
    sc = state.score(0)
    assert (sc.cards, sc.two_x, sc.drop_bonus) == (3000, 4000, 5000)
    state.piles[0], state.piles2x[0] = drops, []
    assert state.score(0).drop_bonus == 10_000
    state.piles[0] = drops[:3]
    assert state.score(0).drop_bonus == 0


def test_r_ps_3_tokens_score_100_and_removed_tokens_are_gone() -> None:
    """R-PS-3: speed and control tokens score 100 each; removed ones count for nothing."""
    state = deal(2)
    state.speed[0], state.control[0], state.removed[0] = 4, 6, 10
    assert state.score(0).tokens == 1000
    assert state.tokens(0) + state.removed[0] == 20


def test_tie_breaks_most_tokens_then_shared_win() -> None:
    state = deal(2)
    state.piles[0], state.piles[1] = [card(POP)], [card("Drop Target")]
    state.speed, state.control = [5, 5], [10, 8]  # 800 + 1,500 = 1,000 + 1,300
    assert state.score(0).total == state.score(1).total == 2300
    assert state.winners() == [0]  # most tokens wins
    state.piles[1] = [card(POP, 1)]
    state.control = [10, 10]
    assert state.winners() == [0, 1]  # still tied: both win


def test_r_ps_1_and_2_the_shipped_deck() -> None:
    """R-PS-1: the project's reconstruction; R-PS-2: 54 cards, 8 Drop Targets at 1,000,
    the Kick-out Hole has maximum speed 5."""
    assert DECK.reconstruction and "reconstruction" in DECK.name
    assert len(DECK.playfield) == 54 and len(DECK.combinations) == 12
    drops = [c for c in DECK.playfield if c.device == "Drop Target"]
    assert len(drops) == 8 and {c.points for c in drops} == {1000}
    assert {c.max_speed for c in DECK.playfield if c.device == "Kick-out Hole"} == {5}
    assert all(c.devices[0] != c.devices[1] for c in DECK.combinations)


def test_fastest_cards_are_rarest_riskiest_and_most_valuable() -> None:
    """The deck design: the faster the card, the fewer copies and the more points."""
    by_speed: dict[int, list[int]] = {}
    for c in DECK.playfield:
        if c.device != "Drop Target" and c.max_speed is None:
            by_speed.setdefault(c.min_speed, []).append(c.points)
    fast = [p for s, ps in by_speed.items() if s >= 9 for p in ps]
    slow = [p for s, ps in by_speed.items() if s <= 2 for p in ps]
    assert min(fast) > max(slow)
    assert len(fast) < len(slow)
    reds = [c for c in DECK.playfield if c.min_speed >= 7]
    assert all(c.effect.value in ("red", "blue") for c in reds)


def test_illegal_actions_are_refused_with_a_message() -> None:
    state = deal(2)
    with pytest.raises(IllegalMoveError):
        state.apply_action(Take(0))
    with pytest.raises(IllegalMoveError):
        state.apply_action(Done())
    with pytest.raises(BadInputError):
        state.apply_text("jump")
