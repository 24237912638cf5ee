"""A save taken over by another session (issue 10 leftovers): the session that was writing it
is told plainly that this game is no longer saved here and what to do, never "saved at the
next chance" or "the next move tries again" (no write will ever reach it); it is said once,
nothing more is written to the other session's save, and "save as" a new name keeps the
game. Walked through every game's session, the Muggins and Yatz prompts and the Muggins,
Yatz and Showdown screens."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.app import App
from textual.pilot import Pilot

from gameshelf.core.errors import SaveLostError
from gameshelf.core.store import Store
from gameshelf.games.muggins.match import GAME as MUGGINS
from gameshelf.games.muggins.options import MugginsOptions
from gameshelf.games.muggins.session import Session as MugginsSession
from gameshelf.games.muggins.tui.screen import MugginsScreen
from gameshelf.games.showdown.match import Match as ShowdownMatch
from gameshelf.games.showdown.match import parse_players
from gameshelf.games.showdown.session import ShowdownSession
from gameshelf.games.showdown.tui.screen import ShowdownScreen
from gameshelf.games.yatz.match import Match as YatzMatch
from gameshelf.games.yatz.match import Seat
from gameshelf.games.yatz.session import YatzSession
from gameshelf.games.yatz.tui.screen import GameScreen
from gameshelf.session.base import SaveLost, save_failure
from gameshelf.tui.app import GameshelfApp, MenuScreen
from tests.cli_helpers import run

PLAIN = "no longer saved here"
WRONG = ("next chance", "next move tries", "tries again")


def _stored_actions(game: str, name: str) -> tuple[str, ...]:
    with Store() as store:
        return store.load_save(game, name).actions


def _muggins() -> tuple[MugginsSession, Callable[[], None]]:
    s = MugginsSession.new("easy", MugginsOptions(500), 5, name="mine")

    def move() -> None:
        st = s.match.state
        s.apply(st.legal_actions()[0] if st.current_player() == 0 else s.mugsy_action())
    return s, move


def _yatz() -> tuple[YatzSession, Callable[[], None]]:
    s = YatzSession.new(YatzMatch([Seat("Ann")], 5), name="mine")

    def move() -> None:
        s.match.act("roll")
        s.autosave()
    return s, move


def _showdown() -> tuple[ShowdownSession, Callable[[], None]]:
    s = ShowdownSession.new(ShowdownMatch(parse_players("Ann,cpu"), 5))

    def move() -> None:
        s.match.step()
        s.settle()
    return s, move


GAMES: dict[str, tuple[Callable[[], tuple[object, Callable[[], None]]],
                       Callable[[str], object]]] = {
    "muggins": (_muggins, MugginsSession.resume),
    "yatz": (_yatz, YatzSession.resume),
    "showdown": (_showdown, ShowdownSession.resume),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_a_session_whose_save_is_taken_over_says_so_once_and_writes_nothing(
        game: str) -> None:
    make, resume = GAMES[game]
    a, move = make()
    slot = a.slot  # type: ignore[attr-defined]
    name = slot.name
    b = resume(name)
    kept = _stored_actions(game, name)
    move()
    errors = slot.errors
    assert slot.lost and len(errors) == 1 and isinstance(errors[0], SaveLost)
    line = save_failure(errors[0])
    assert PLAIN in line and f"'{name}'" in line and "unsaved" in line, line
    assert not any(w in line for w in WRONG), line
    move()                                   # said once; nothing written to b's save
    assert len(slot.errors) == 1 and _stored_actions(game, name) == kept
    with pytest.raises(SaveLostError):       # an explicit save says the same, writes nothing
        slot.write(a.match.record())  # type: ignore[attr-defined]
    assert b.slot.name == name               # type: ignore[attr-defined]
    # "save as" another name keeps this game, as a new save
    assert slot.write(a.match.record(), name="mine-too") == "mine-too"  # type: ignore[attr-defined]
    assert not slot.lost and _stored_actions(game, "mine-too")
    assert _stored_actions(game, name) == kept


def test_a_passing_failure_still_says_it_tries_again() -> None:
    line = save_failure("database is locked")
    assert line.startswith("could not save: database is locked") and "tries again" in line


def test_muggins_prompt_says_the_game_is_no_longer_saved_here(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The save is resumed elsewhere just after the first move at the prompt."""
    real = MugginsSession.apply
    taken: list[object] = []

    def apply(self: MugginsSession, action: object) -> object:
        if not taken:
            taken.append(MugginsSession.resume(self.name))
        return real(self, action)  # type: ignore[arg-type]
    monkeypatch.setattr(MugginsSession, "apply", apply)
    code, out, err = run(["muggins", "play", "--text", "--seed", "5", "--name", "mine",
                          "--level", "easy"], capsys, monkeypatch,
                         stdin="0-2 L\n0-5 R\nquit\n")
    assert PLAIN in err and not any(w in err for w in WRONG), err
    assert err.count(PLAIN) == 1


def test_yatz_prompt_says_the_game_is_no_longer_saved_here_and_save_as_keeps_it(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    real = YatzSession.autosave
    taken: list[object] = []

    def autosave(self: YatzSession) -> bool:
        if not taken and self.match.actions:
            taken.append(YatzSession.resume(self.name))
        return real(self)
    monkeypatch.setattr(YatzSession, "autosave", autosave)
    code, out, err = run(["yatz", "play", "-p", "Ann", "--seed", "5", "--name", "mine"],
                         capsys, monkeypatch, stdin="roll\nroll\nsave other\nquit\n")
    assert PLAIN in err and "save NAME" in err and not any(w in err for w in WRONG), err
    with Store() as store:
        assert {"mine", "other"} <= store.save_names("yatz")


def test_quitting_a_lost_game_at_the_prompts_leaves_it_unsaved_at_once(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """quit does not ask to try again a save that can never be written."""
    real = YatzSession.autosave
    taken: list[object] = []

    def autosave(self: YatzSession) -> bool:
        if not taken and self.match.actions:
            taken.append(YatzSession.resume(self.name))
        return real(self)
    monkeypatch.setattr(YatzSession, "autosave", autosave)
    code, out, err = run(["yatz", "play", "-p", "Ann", "--seed", "5", "--name", "mine"],
                         capsys, monkeypatch, stdin="roll\nroll\nquit\n")
    assert code == 0 and "left unsaved" in err and "try again" not in err, err


async def _settle(app: App[None], pilot: Pilot[None]) -> None:
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


async def test_muggins_screen_says_so_and_esc_leaves_without_saying_saved() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = MugginsScreen(ask=False, level="easy", seed=5, pace=0)
        app.push_screen(screen)
        await _settle(app, pilot)
        assert screen.session is not None
        name = screen.session.name
        MugginsSession.resume(name)                # another session takes it over
        kept = _stored_actions(MUGGINS, name)
        said: list[str] = []
        real_say = screen.say
        screen.say = lambda m, bell=False: (said.append(m), real_say(m, bell))[1]  # type: ignore[method-assign]
        await pilot.press("enter")                 # 0-2, the first tile: played at once
        await _settle(app, pilot)
        lost = [m for m in said if PLAIN in m]
        assert len(lost) == 1 and not any(w in lost[0] for w in WRONG), said
        assert "NOT SAVED HERE" in str(screen.query_one("#mg-status").render())
        await pilot.press("s")
        await pilot.pause()
        assert PLAIN in screen.last_message
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        notes = [str(n.message) for n in app._notifications]
        assert any(PLAIN in n for n in notes) and not any("Game saved as" in n for n in notes)
        assert _stored_actions(MUGGINS, name) == kept


async def test_yatz_screen_says_so_and_esc_leaves() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        session = YatzSession.new(YatzMatch([Seat("Ann")], 5), name="mine")
        screen = GameScreen(session)
        app.push_screen(screen)
        await _settle(app, pilot)
        await pilot.press("r")
        await _settle(app, pilot)
        YatzSession.resume("mine")
        await pilot.press("r")
        await _settle(app, pilot)
        said = str(screen.query_one("#message").render())
        assert PLAIN in said and not any(w in said for w in WRONG), said
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert any(PLAIN in str(n.message) for n in app._notifications)


async def test_showdown_screen_says_so() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        session = ShowdownSession.new(ShowdownMatch(parse_players("Ann,cpu"), 5))
        screen = ShowdownScreen(session)
        app.push_screen(screen)
        await _settle(app, pilot)
        ShowdownSession.resume(session.slot.name)
        notes: list[str] = []
        screen.notify = lambda message, **kw: notes.append(str(message))  # type: ignore[method-assign]
        session.match.step()
        screen._settle()
        assert any(PLAIN in n for n in notes) and not any(
            w in n for n in notes for w in WRONG), notes
