"""The Pig screen: the table (scores, the turn, the last dice) and the log, over the match
interface, so one screen plays a game here and a room on a game server. Keys: **r** rolls,
**h** holds, **s** saves, **Esc** leaves (the game stays saved, or kept by its server),
**?** the help. The other seat's moves (the computer's here, the server's news online) are
played in a worker, at a readable pace.
"""

from __future__ import annotations

import asyncio

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Header, Static

from gameshelf.core.chance import new_seed
from gameshelf.core.errors import GameshelfError
from gameshelf.core.seats import HUMAN
from gameshelf.core.text import error_line, left_saved, quoted, said
from gameshelf.session.base import save_failure
from gameshelf.tui.app import GameshelfApp
from gameshelf.tui.base import drawable, run_guarded
from gameshelf.tui.howto import HowToLine, HowToMixin, howto_binding
from gameshelf.tui.widgets import (
    GameFooter,
    HelpScreen,
    RefusalMixin,
    help_binding,
    plain,
    refusal,
)
from tests.games.pig.game import Hold, Roll
from tests.games.pig.match import COMPUTER_NAME, DEFAULT_LEVEL, GAME, Match
from tests.games.pig.play import LocalPig, PigMatch
from tests.games.pig.session import Session
from tests.games.pig.text import table_line
from tests.games.pig.tui.howto import howto

HELP = """\
# Pig

Roll two dice as often as you like: their sum adds to this turn's points. A single 1
loses this turn's points, two 1s (snake eyes) your whole score. Hold to bank the turn's
points. The first to the target (100) wins.

| key | does |
| --- | --- |
| r | roll the dice |
| h | hold: bank this turn's points |
| s | save now (every move is saved anyway) |
| i | hide or show the line that says how to play this turn |
| Esc | leave; the game stays saved |
"""

#: Lines of the log shown under the table.
LOG_LINES = 8


class PigScreen(HowToMixin, RefusalMixin, Screen[None]):
    """A game of Pig on screen (see the module).

    Args:
        game: the match (here or on a server); None: a new game here against the computer.
        exit_app: leaving ends the app (opened from the command line).
        pace: seconds between the other seat's moves (None: :attr:`pace`).
    """

    CSS_PATH = "pig.tcss"
    BINDINGS = [Binding("r", "roll", "Roll"), refusal("r", "roll"),
                Binding("h", "hold", "Hold"), refusal("h", "hold"),
                Binding("s", "save", "Save"), Binding("escape", "leave", "Leave"),
                howto_binding(), help_binding()]

    #: Seconds between the other seat's moves.
    pace: float = 0.4

    def __init__(self, game: PigMatch | None = None, *, exit_app: bool = False,
                 pace: float | None = None) -> None:
        super().__init__()
        self.game = game
        self.exit_app = exit_app
        if pace is not None:
            self.pace = pace
        self.message = ""
        self.busy = False
        self._errors = 0

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="pig-status")
        yield HowToLine("", id="howto")
        yield Static("", id="pig-table")
        yield Static("", id="pig-msg")
        yield Static("", id="pig-log")
        yield GameFooter()

    def on_mount(self) -> None:
        self.call_after_refresh(self.begin)

    def begin(self) -> None:
        """Start: a new game here when none was given, then the other seat's moves."""
        if self.game is None:
            try:
                match = Match.new(new_seed(), ["You", COMPUTER_NAME], [HUMAN, DEFAULT_LEVEL])
                self.game = LocalPig(Session.new(match))
            except GameshelfError as exc:
                self.say(error_line(exc))
                return
        self.say(f"Pig, {self.game.title}: r rolls, h holds.")
        self.advance()

    # ----- drawing -----------------------------------------------------------------------
    def say(self, message: str) -> None:
        """Show ``message`` under the table, and draw everything again."""
        self.message = message
        self.refresh_all()

    def status(self) -> str:
        """The line over the table."""
        assert self.game is not None
        v = self.game.view(self.game.me())
        if self.game.finished():
            return "Game over"
        return "Your turn" if self.game.here_to_act() else f"{v.names[v.turn]} plays"

    def refresh_all(self) -> None:
        if not drawable(self) or self.game is None:
            return
        v = self.game.view(self.game.me())
        dice = f"last roll: {v.last.a} {v.last.b}" if v.last is not None else "no roll yet"
        self.query_one("#pig-status", Static).update(plain(self.status(), "bold"))
        self.query_one("#pig-table", Static).update(plain(
            f"{table_line(v.names, v.scores, v.turn_total, v.turn, v.target)}\n{dice}",
            lines=True))
        self.show_howto(howto(v, self.game.here_to_act() and not self.busy,
                              self.game.finished()), self.game)
        self.query_one("#pig-msg", Static).update(plain(self.message))
        log = list(self.game.log())[-LOG_LINES:]
        self.query_one("#pig-log", Static).update(plain("\n".join(log), lines=True))
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Roll and Hold only when they are moves now (their key says why not, else); Save
        only for a game kept here."""
        if self.game is None:
            return action not in ("roll", "hold", "save")
        if action == "save":
            return self.game.keeps_saves
        if action in ("roll", "hold"):
            move = Roll() if action == "roll" else Hold()
            return not self.busy and move in self.game.legal_actions()
        return True

    # ----- keys --------------------------------------------------------------------------
    def action_roll(self) -> None:
        self.act("roll")

    def action_hold(self) -> None:
        self.act("hold")

    def act(self, text: str) -> None:
        """Play the person's move; a refusal is said."""
        if self.game is None:
            return
        if self.busy:
            self.say(f"Wait: {self.status()}.")
            return
        try:
            self.game.play(text)
        except GameshelfError as exc:
            self.app.bell()
            self.say(error_line(exc))
            return
        self.say(self.game.log()[-1] if self.game.log() else "")
        self.advance()

    def action_save(self) -> None:
        if self.game is None or not self.game.keeps_saves:
            return
        try:
            self.say(f"Saved as {quoted(self.game.save())}.")
        except GameshelfError as exc:
            self.say(save_failure(str(exc)))

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(HELP))

    def keep_game(self) -> str | None:
        """Ctrl+Q: the game saved here, or the server's connection let go; returns where
        the game is kept, for the player.

        Raises:
            StoreError: the save failed (the game is still here).
        """
        if self.game is not None and self.game.keeps_saves and not self.game.finished():
            return f"Pig: {left_saved(GAME, self.game.save())}"
        if self.game is not None:
            online = not self.game.keeps_saves and not self.game.finished()
            self.game.close()
            if online:
                return f"Left Pig room {self.game.name}: the server keeps your seat."
        return None

    def action_leave(self) -> None:
        """Esc: leave, the game kept (saved here, or by its server); when the save fails
        the screen stays and says so (Esc again tries again)."""
        try:
            said_where = self.keep_game()
        except GameshelfError as exc:
            self.app.bell()
            self.say(f"{save_failure(str(exc), retry='Esc tries again')}")
            return
        if said_where is not None:
            self.app.notify(said_where, markup=False)
        self.workers.cancel_node(self)
        if self.exit_app:
            self.app.exit()
        else:
            self.dismiss(None)

    # ----- the other seat ----------------------------------------------------------------
    @work(exclusive=True, group="pig-flow")
    async def advance(self) -> None:
        """Play the other seat's moves until a person here is to act or the game ends."""
        game = self.game
        if game is None:
            return
        self.busy = True
        try:
            while not game.finished() and not game.here_to_act():
                moved = (await asyncio.to_thread(game.advance) if self.pace
                         or not game.keeps_saves else game.advance())
                game.settle()
                if moved:
                    self.say(game.log()[-1] if game.log() else "")
                    if self.pace and game.keeps_saves:
                        await asyncio.sleep(self.pace)
                elif game.keeps_saves:
                    break           # nothing to play here: never a hang
        finally:
            self.busy = False
        for error in game.errors[self._errors:]:
            self.say(save_failure(error) if game.keeps_saves else error)
        self._errors = len(game.errors)
        if game.finished():
            v = game.view(game.me())
            head = "A draw" if v.winner is None else said(v.names[v.winner], "wins")
            self.say(f"{head}, {v.scores[0]} to {v.scores[1]}. Esc leaves.")
        else:
            self.refresh_all()


def make_screen() -> Screen[None]:
    """What the menu opens: a new game against the computer."""
    return PigScreen()


class PigApp(GameshelfApp):
    """The app opened straight on a game (``gameshelf pig play``, a room with ``--tui``)."""

    def __init__(self, screen: PigScreen) -> None:
        super().__init__()
        self._screen = screen

    def on_mount(self) -> None:
        # GameshelfApp.on_mount (called after this one by Textual) pushes the menu first
        self.call_later(self.push_screen, self._screen)


def run_match(game: PigMatch) -> None:
    """Run the app on ``game`` until the person leaves.

    Raises:
        GameshelfError: not on a terminal.
    """
    run_guarded(PigApp(PigScreen(game, exit_app=True)), "use --text for the prompt")
