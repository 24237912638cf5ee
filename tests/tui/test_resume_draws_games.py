"""A resumed game draws the screen its play drew, for Muggins and Showdown (Yatz and the
test game Pig are in ``test_resume_draws``): every kind of step each game can be saved at
is reached by playing a seeded game on its screen, saved, resumed into a fresh app, and
what the resumed screen draws is compared with what the played one drew
(:func:`tests.tui.test_resume_draws.drawn`: every widget's text, by widget, less the lines
that say what just happened). One Dollar Pinball keeps no save: its test checks that no
step of a round leaves one, and that leaving says so.

Every loop that presses keys until the game reaches a state is bounded, so a screen that
stops answering fails the test instead of hanging it.
"""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Input

from gameshelf.core.store import Store
from gameshelf.games.dollar.tui.screen import DollarScreen
from gameshelf.games.muggins.game import Draw, Pass, Play
from gameshelf.games.muggins.options import MugginsOptions
from gameshelf.games.muggins.session import Session as MugginsSession
from gameshelf.games.muggins.tui.screen import MugginsScreen
from gameshelf.games.muggins.tui.summary import SummaryScreen
from gameshelf.games.showdown.match import Match, parse_players
from gameshelf.games.showdown.session import ShowdownSession
from gameshelf.games.showdown.tui.screen import ShowdownScreen
from tests.tui.test_resume_draws import OneScreen, Step, _played_and_resumed, _settle

#: The most key presses a step may take to reach its state.
PRESSES = 60


# ----- Muggins ------------------------------------------------------------------------------

async def _muggins_move(pilot: Pilot[Any], screen: MugginsScreen) -> str:
    """Make the person's legal move by keys (the first legal one), once it is their turn;
    returns its kind: play, draw or pass."""
    for _ in range(PRESSES):
        if not screen.busy and screen.my_turn_now():
            break
        await _settle(pilot)
    else:
        raise AssertionError("Muggins: never the person's turn")
    legal = list(screen.table.legal)
    move = legal[0]
    if isinstance(move, Draw):
        await pilot.press("d")
        return "draw"
    if isinstance(move, Pass):
        await pilot.press("p")
        return "pass"
    assert isinstance(move, Play)
    for _ in range(PRESSES):
        if screen.rack()[screen.selected] == move.tile:
            break
        await pilot.press("right")
    else:
        raise AssertionError(f"Muggins: {move.tile} never selected in {screen.rack()}")
    await pilot.press(move.side.value.lower())
    return "play"


def _muggins_until(kind: str) -> Step:
    """Play the person's moves (Mugsy answering) until one of ``kind`` was made, or, for
    ``round``, until a round's summary shows, which is then closed."""
    async def step(pilot: Pilot[Any], screen: Screen[Any]) -> None:
        game = pilot.app.screen_stack[1]
        assert isinstance(game, MugginsScreen)
        for _ in range(PRESSES):
            if isinstance(pilot.app.screen, SummaryScreen):   # a round is over
                await pilot.press("enter")
                await _settle(pilot)
                if kind == "round":
                    return
                continue
            made = await _muggins_move(pilot, game)
            await _settle(pilot)
            if made == kind:
                return
        raise AssertionError(f"Muggins: no {kind} within {PRESSES} moves")
    return step


async def _nothing(_pilot: Pilot[Any], _screen: Screen[Any]) -> None:
    """No step: the screen as it opens."""


async def test_muggins_resumed_at_every_step_draws_the_played_screen() -> None:
    """The first turn, after a play (Mugsy has answered), after a draw (the person to move
    again), and the next round's first turn (after its summary)."""
    def start() -> Screen[Any]:
        return MugginsScreen(MugginsSession.new("easy", MugginsOptions(), 77), pace=0)

    def record(screen: Screen[Any]) -> Any:
        assert isinstance(screen, MugginsScreen) and screen.session is not None
        return screen.session.match.record()

    steps: list[tuple[str, Step]] = [
        ("at the first turn", _nothing),
        ("after a play", _muggins_until("play")),
        ("after a draw", _muggins_until("draw")),
        ("at the next round", _muggins_until("round")),
    ]
    await _played_and_resumed(
        start, steps, record, "Muggins",
        lambda name: MugginsScreen(MugginsSession.resume(name), pace=0),
        frozenset({"mg-msg", "mg-log"}))


# ----- Pinball Showdown ---------------------------------------------------------------------

def _showdown_act(verb: str) -> Step:
    """Type the person's first legal action starting with ``verb`` (offer, bid, speed,
    done...) in the action box; the computers then play up to the person's next decision."""
    async def step(pilot: Pilot[Any], screen: Screen[Any]) -> None:
        assert isinstance(screen, ShowdownScreen) and screen.match is not None
        assert screen.can_act(), "Showdown: not the person's turn"
        legal = [str(a) for a in screen.match.state.legal_actions()]
        action = next((a for a in legal if a.split()[0] == verb), None)
        assert action is not None, f"Showdown: no {verb} among {legal}"
        await pilot.press("colon")
        screen.query_one("#sd-cmd", Input).value = action
        await pilot.press("enter")
    return step


async def test_showdown_resumed_at_every_step_draws_the_played_screen() -> None:
    """The first offer, the control phase after the offers, after a bid, after a speed
    token, and the next turn's offer."""
    def start() -> Screen[Any]:
        return ShowdownScreen(Match(parse_players("Ann,cpu"), 12))

    def record(screen: Screen[Any]) -> Any:
        assert isinstance(screen, ShowdownScreen) and screen.session is not None
        return screen.session.record()

    steps: list[tuple[str, Step]] = [
        ("at the first offer", _nothing),
        ("after an offer", _showdown_act("offer")),
        ("after a bid", _showdown_act("bid")),
        ("after a speed token", _showdown_act("speed")),
        ("at the next turn's offer", _showdown_act("done")),
    ]
    await _played_and_resumed(
        start, steps, record, "Showdown",
        lambda name: ShowdownScreen(ShowdownSession.resume(name)),
        frozenset({"sd-log"}))


# ----- One Dollar Pinball -------------------------------------------------------------------

async def test_dollar_has_no_step_to_resume_at_and_says_so() -> None:
    """One Dollar Pinball keeps no save (R-DP: a bill's score is known once it is entered):
    at every step of a round (bills entered, playing, done) the store holds no Dollar save
    to resume into, and leaving says what was kept instead."""
    app = OneScreen(lambda: DollarScreen(seed=42, step_seconds=3600))
    said: list[str | None] = []
    async with app.run_test(size=(120, 40)) as pilot:
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, DollarScreen)
        await pilot.press(*"Ann", "enter", *"L40000002A", "tab", *"1902", "enter")
        await _settle(pilot)
        said.append(screen.keep_game())
        await pilot.press("f5")
        await _settle(pilot)
        said.append(screen.keep_game())
        await pilot.press("end")
        await _settle(pilot)
        assert screen.phase == "done"
        said.append(screen.keep_game())
        with Store() as store:
            assert store.list_saves("dollar") == []
    assert said[0] is not None and "nothing saved" in said[0]
    assert said[1] is not None and "nothing to resume" in said[1]
    assert said[2] is None
