"""The Muggins coach (issue 16): the hint is strong Mugsy's own choice, it never looks at
hidden tiles, and a review of strong play finds nothing beyond the estimate's noise."""

from __future__ import annotations

import pytest

from gameshelf.core.chance import Chance
from gameshelf.core.errors import GameshelfError, RecordError
from gameshelf.core.records import GameRecord
from gameshelf.games.muggins import coach
from gameshelf.games.muggins.game import Draw, MugginsState, Pass, Play
from gameshelf.games.muggins.match import MUGSY, PERSON, Match
from gameshelf.games.muggins.mugsy import Mugsy, distinct_plays
from gameshelf.games.muggins.view import MugginsView

SAMPLES = 8  # lean: the tests check agreement and invariance, not strength


def _positions(seed: int, target: int = 150, most: int = 40) -> list[MugginsState]:
    """States where the person has a choice of plays, from a game of strong Mugsy on both
    seats."""
    m = Match.new(seed=seed, target=target, options={"level": "strong"})
    out = []
    while not m.state.is_terminal() and len(out) < most:
        seat = m.state.current_player()
        view = MugginsView.of(m.state, seat)
        if seat == PERSON and len(distinct_plays(view)) > 1:
            out.append(m.state.clone())
        m.apply(Mugsy("strong", Chance(len(m.actions)), determinizations=SAMPLES).choose(view)
                if seat == PERSON else m.mugsy_action())
    return out


@pytest.fixture(scope="module")
def positions() -> list[MugginsState]:
    return _positions(21)[:12]


def test_hint_is_strong_mugsys_move(positions: list[MugginsState]) -> None:
    assert positions
    for k, st in enumerate(positions):
        view = MugginsView.of(st, PERSON)
        mugsy = Mugsy("strong", Chance(k), determinizations=SAMPLES).choose(view)
        h = coach.hint(view, samples=SAMPLES, chance=Chance(k))
        assert h.best is not None and h.best.play == mugsy
        values = [o.value for o in h.options if o.value is not None]
        assert values == sorted(values, reverse=True)


def _shuffle_hidden(st: MugginsState, seed: int) -> MugginsState:
    """The same position with the opponent's tiles and the boneyard dealt anew from the
    same hidden tiles (the opponent keeps its count and the numbers it is known to lack)."""
    alt = st.clone()
    rng = Chance(seed)
    opp = 1 - PERSON
    hidden = sorted(alt.hands[opp] | alt.boneyard)
    void = alt.void[opp]
    fit = [t for t in hidden if t.low not in void and t.high not in void]
    new_hand = set(rng.sample(fit, len(alt.hands[opp])))
    alt.hands[opp] = new_hand
    alt.boneyard = set(hidden) - new_hand
    return alt


def test_hint_never_changes_when_only_hidden_tiles_change(
        positions: list[MugginsState]) -> None:
    changed = 0
    for k, st in enumerate(positions[:6]):
        before = coach.hint(MugginsView.of(st, PERSON), samples=SAMPLES)
        for j in range(3):
            alt = _shuffle_hidden(st, 100 * k + j)
            changed += alt.hands[1 - PERSON] != st.hands[1 - PERSON]
            assert MugginsView.of(alt, PERSON) == MugginsView.of(st, PERSON)
            assert coach.hint(MugginsView.of(alt, PERSON), samples=SAMPLES) == before
    assert changed  # the hidden tiles did move


def test_hint_sentence_names_tile_points_and_spread(positions: list[MugginsState]) -> None:
    h = coach.hint(MugginsView.of(positions[0], PERSON), samples=SAMPLES)
    assert h.best is not None
    text = h.sentence()
    assert text.startswith(f"{h.best.play.tile} on the {h.best.play.side.word}: "
                           f"{h.best.now} now")
    assert "±" in text and ("points over" in text or "point over" in text)
    assert any("Estimates from 8 samples" in line for line in h.lines())


def test_hint_without_a_choice() -> None:
    m = Match.new(seed=4, target=100)
    st = m.state
    # a position where the person must draw, found by playing on
    for _ in range(400):
        if st.is_terminal():
            break
        seat = st.current_player()
        legal = st.legal_actions()
        if seat == PERSON and legal in ([Draw()], [Pass()]):
            h = coach.hint(MugginsView.of(st, PERSON))
            assert h.best is None and h.forced == legal[0]
            assert "No tile fits" in h.sentence()
            break
        m.apply(legal[0] if seat == PERSON else m.mugsy_action())
    else:
        pytest.fail("no forced draw found")
    with pytest.raises(GameshelfError):
        coach.hint(MugginsView.of(st, MUGSY if st.current_player() == PERSON else PERSON))


def test_review_of_strong_play_finds_no_costly_move() -> None:
    m = Match.new(seed=33, target=100, options={"level": "strong"})
    while not m.state.is_terminal():
        seat = m.state.current_player()
        view = MugginsView.of(m.state, seat)
        m.apply(Mugsy("strong", Chance(len(m.actions)), determinizations=16).choose(view)
                if seat == PERSON else m.mugsy_action())
    rev = coach.review(m.record(), samples=16)
    assert rev.decisions > 3
    assert rev.mistakes == []
    assert "No costly play" in rev.lines()[0]


def test_review_lists_costly_moves_worst_first() -> None:
    """A person who always plays the lightest fitting tile on the left is reviewed: the
    costly plays come worst first, each beyond the noise, with a better play."""
    m = Match.new(seed=8, target=100, options={"level": "strong"})
    while not m.state.is_terminal():
        seat = m.state.current_player()
        if seat == PERSON:
            plays = [a for a in m.state.legal_actions() if isinstance(a, Play)]
            m.apply(min(plays, key=lambda p: (p.tile.pips, p.side.value)) if plays
                    else m.state.legal_actions()[0])
        else:
            m.apply(m.mugsy_action())
    rev = coach.review(m.record(), samples=16)
    assert rev.mistakes
    costs = [x.cost for x in rev.mistakes]
    assert costs == sorted(costs, reverse=True)
    for x in rev.mistakes:
        assert coach.costly(x.cost, x.spread) and x.best.play != x.chosen.play
    assert "worst first" in rev.lines()[0] and len(rev.lines()) == len(rev.mistakes) + 1


def test_review_refuses_a_record_that_does_not_replay() -> None:
    rec = Match.new(seed=5).record()
    bad = GameRecord(rec.game, rec.rules_version, rec.options, rec.seed, (*rec.actions, "9-9 L"))
    with pytest.raises(RecordError):
        coach.review(bad)
