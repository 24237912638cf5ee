"""The exact endgame: with the boneyard empty the search's values agree with a brute force
that plays every legal action through the rules engine, and strong Mugsy and the coach use
them."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from gameshelf.core.chance import Chance
from gameshelf.games.muggins import coach
from gameshelf.games.muggins.endgame import TARGET_BONUS, solvable, solve
from gameshelf.games.muggins.game import MugginsState, Phase, Placed, Play
from gameshelf.games.muggins.match import MUGSY, Match
from gameshelf.games.muggins.mugsy import Mugsy, distinct_plays
from gameshelf.games.muggins.tiles import DEALT_TILES, Tile, parse_tile, tile
from gameshelf.games.muggins.view import MugginsView
from tests.examples import examples


def endgame(hands: tuple[list[Tile], list[Tile]], left: Placed, right: Placed,
            to_move: int = 0, passes: int = 0, scores: tuple[int, int] = (0, 0),
            target: int = 500) -> MugginsState:
    """A state in the play phase with the boneyard empty: the racks ``hands``, the chains
    ending in ``left`` and ``right``, and every other tile under the left one's end (only a
    chain's last tile is open, R-MG-2)."""
    s = MugginsState(target=target)
    s.hands = [set(hands[0]), set(hands[1])]
    used = s.hands[0] | s.hands[1] | {left.tile, right.tile}
    s.left = [*(Placed(t, t.low, t.high) for t in DEALT_TILES if t not in used), left]
    s.right = [right]
    s.boneyard = set()
    s.phase = Phase.PLAY
    s.to_move, s.passes = to_move, passes
    s.scores = list(scores)
    return s


def end(text: str, outer: int) -> Placed:
    """A chain's last tile ``text`` with ``outer`` open."""
    t = parse_tile(text)
    return Placed(t, t.other(outer), outer)


def brute_force(state: MugginsState, seat: int, first: Play | None = None) -> float:
    """``seat``'s points minus the other's from ``state`` to the round's end (after ``first``,
    when given, is played), both at their best, by playing every legal action (the engine's,
    R-MG-3..8) on copies of the state; :data:`TARGET_BONUS` more (less) when ``seat`` (the
    other) reaches the target."""
    start = list(state.scores)
    round_no = state.round_no

    def value(s: MugginsState) -> float:
        if s.is_terminal() or s.round_no != round_no:
            diff = (s.scores[seat] - start[seat]) - (s.scores[1 - seat] - start[1 - seat])
            if s.is_terminal():
                diff += TARGET_BONUS if s.winner == seat else -TARGET_BONUS
            return float(diff)
        results = []
        for a in s.legal_actions():
            nxt = s.clone()
            nxt.apply_action(a)
            results.append(value(nxt))
        return max(results) if s.current_player() == seat else min(results)

    if first is None:
        return value(state)
    after = state.clone()
    after.apply_action(first)
    return value(after)


def _place(number: int, double: bool, avoid: set[Tile]) -> Placed | None:
    """A chain end showing ``number`` (a double ``number``-``number`` when ``double``), made
    of a tile not in ``avoid``; an end showing 0 counts 0 as the bare 0-0 does (R-MG-4).
    None when every such tile is in ``avoid``."""
    if double:
        t = tile(number, number)
        return None if t in avoid else Placed(t, number, number)
    for x in range(9, -1, -1):
        t = tile(number, x)
        if x != number and t not in avoid:
            return Placed(t, x, number)
    return None


@st.composite
def positions(draw: st.DrawFn) -> MugginsState:
    """Small endgames: 1 to 7 tiles in one rack, 1 to 7 in the other, 8 in all at most; open
    ends mostly showing numbers the racks hold, a pass so far or not, scores near the target
    or far from it."""
    picked = draw(st.lists(st.sampled_from(DEALT_TILES), min_size=2, max_size=8, unique=True))
    cut = draw(st.integers(1, len(picked) - 1))
    ends: list[Placed] = []
    halves = sorted({h for t in picked for h in (t.low, t.high)})
    for _ in range(2):   # mostly numbers the racks hold, so that tiles fit
        number = draw(st.sampled_from(halves) | st.integers(0, 9))
        placed = _place(number, draw(st.booleans()) and number > 0,
                        set(picked) | {p.tile for p in ends})
        assume(placed is not None)
        assert placed is not None
        ends.append(placed)
    near = draw(st.booleans())
    scores = ((draw(st.integers(440, 495)), draw(st.integers(440, 495))) if near
              else (draw(st.integers(0, 300)), draw(st.integers(0, 300))))
    return endgame((picked[:cut], picked[cut:]), ends[0], ends[1],
                   to_move=draw(st.integers(0, 1)), passes=draw(st.integers(0, 1)),
                   scores=scores)


@settings(max_examples=examples(150), deadline=None)
@given(state=positions())
def test_exact_values_agree_with_brute_force(state: MugginsState) -> None:
    seat = state.current_player()
    view = MugginsView.of(state, seat)
    assert solvable(view)
    plays = distinct_plays(view)
    if not plays:
        return
    full = solve(view, plays, all_plays=True)
    assert full is not None
    for p, v in zip(plays, full.values, strict=True):
        if v is not None:
            assert v == brute_force(state, seat, p), p
    best = max(v for v in full.values if v is not None)
    assert full.values[full.best] == best
    # Mugsy's search (bounds, not every value) finds the same best play
    quick = solve(view, plays)
    assert quick is not None and quick.best == full.best
    assert quick.values[quick.best] == best


def test_the_boneyard_not_empty_is_not_solved() -> None:
    s = endgame(([parse_tile("1-2")], [parse_tile("3-4")]), end("0-9", 0), end("0-8", 0))
    s.boneyard = {s.left.pop(0).tile}
    view = MugginsView.of(s, 0)
    assert not solvable(view)
    assert Mugsy("strong", Chance(1), seat=0).choose(view) in view.legal


def _known_endgame() -> MugginsState:
    """Ends 5 (left) and 0 (right, counting 0). Mugsy holds 5-5 and 0-3, the person 3-4.

    The greedy play is 5-5 on the left for 10 at once; but the person cannot answer it
    (3-4 fits neither 5 nor 0) and passes, Mugsy plays 0-3 on the right (13 at the ends,
    nothing) and goes out: 10 + 25 + 5 (7 pips rounded) = 40. Playing 0-3 first scores
    nothing and lets the person go out on it. 5-5 on the left is the best play; the point
    of the test is that Mugsy's exact search finds it whatever its samples say, and the
    coach gives its exact value."""
    return endgame(([parse_tile("3-4")], [parse_tile("5-5"), parse_tile("0-3")]),
                   end("2-5", 5), end("0-9", 0), to_move=1)


def test_mugsy_plays_the_known_endgame_exactly() -> None:
    state = _known_endgame()
    view = MugginsView.of(state, 1)
    assert solvable(view)
    for seed in range(5):
        for level in ("strong", "even"):
            mugsy = Mugsy(level, Chance(seed), determinizations=1, seat=1,
                          results=("win",) * 20)
            assert str(mugsy.choose(view)) == "5-5 L"
    assert brute_force(state, 1) == 40


def test_the_coach_says_its_endgame_hint_is_exact() -> None:
    view = MugginsView.of(_known_endgame(), 1)
    h = coach.hint(view)
    assert h.exact and h.best is not None and str(h.best.play) == "5-5 L"
    assert h.best.value == 40 and h.best.spread == 0
    text = h.sentence()
    assert text.startswith("5-5 on the left: 10 now; exactly ")
    assert "every tile is known" in text and "±" not in text and "about" not in text
    lines = h.lines()
    assert lines[1].startswith("Exact values: the boneyard is empty")
    assert not any("±" in line for line in lines)


def test_the_coach_estimates_while_the_boneyard_has_tiles() -> None:
    s = endgame(([parse_tile("1-2")], [parse_tile("3-4")]), end("0-9", 0), end("0-8", 0))
    s.boneyard = {s.left.pop(0).tile}
    h = coach.hint(MugginsView.of(s, 0), samples=4)
    assert not h.exact


def test_a_record_from_before_the_exact_endgame_still_replays() -> None:
    """Game 1 to 150 against strong Mugsy as it played before it searched endgames exactly
    (the person plays the first legal action): twice Mugsy's endgame play differs from
    today's, and the record still replays with every Mugsy move checked."""
    m = Match.new(1, target=150, options={"level": "strong"})
    differs = 0
    while not m.state.is_terminal():
        view = MugginsView.of(m.state, m.state.current_player())
        if m.state.current_player() == MUGSY:
            old = replace(m.mugsy(), exact=False).choose(view)
            differs += old != m.mugsy_action()
            m.apply(old)
        else:
            m.apply(view.legal[0])
    assert differs == 2
    assert Match.from_record(m.record()).actions == m.actions
