"""The Pinball Showdown screens of the terminal app: a start screen (new game or resume) and
the game screen (:mod:`gameshelf.games.showdown.tui.screen`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Header, Input, OptionList, Static

from gameshelf.core.chance import new_seed, parse_seed
from gameshelf.core.errors import GameshelfError
from gameshelf.core.text import error_line
from gameshelf.games.showdown.match import GAME, Match, parse_players
from gameshelf.games.showdown.options import ShowdownOptions
from gameshelf.games.showdown.play import ShowdownMatch
from gameshelf.games.showdown.session import ShowdownSession, describe
from gameshelf.games.showdown.tui.help import HELP
from gameshelf.games.showdown.tui.screen import ShowdownScreen
from gameshelf.tui.app import GameshelfApp
from gameshelf.tui.base import GuardedApp, run_guarded
from gameshelf.tui.saves import NO_SAVES, SavesList
from gameshelf.tui.widgets import (
    GameFooter,
    HelpScreen,
    TextField,
    help_binding,
    plain,
)

#: What works without a terminal.
TEXT_HINT = "use --text for the prompt loop"


#: The saves list's label while it holds a save.
SAVES_LABEL = "Saved games (Enter or click resumes, r replays, d deletes)"


class ShowdownStartScreen(Screen[None]):
    """Start a new game (players, game number) or resume a saved one."""

    DEFAULT_CSS = Path(__file__).with_name("setup.tcss").read_text(encoding="utf-8")
    BINDINGS = [Binding("escape", "app.pop_screen", "Back"),
                help_binding()]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            yield Static("P I N B A L L   S H O W D O W N", id="sd-title")
            yield Static("2 to 4 players on this terminal, names separated by commas. "
                         "cpu, computer or ai (or "
                         f"{', '.join(ShowdownOptions.LEVELS)}; Zed:search "
                         "names one) is a computer player. "
                         "The deck is gameshelf's reconstruction.", id="sd-note")
            with Horizontal(classes="sd-row"):
                yield Static("Players")
                yield TextField(value=self._last_players(), id="sd-players", compact=True)
            with Horizontal(classes="sd-row"):
                yield Static("Game number (empty: random)")
                yield TextField(placeholder="e.g. 12345", id="sd-seed", compact=True)
            with Horizontal(classes="sd-row"):
                yield Button("New game", id="sd-new", variant="primary", compact=True)
            yield Static(SAVES_LABEL, id="sd-saves-label")
            yield SavesList(GAME, describe, one_line=True, id="sd-saves")
            yield Static("", id="sd-msg")
        yield GameFooter()

    #: a game was opened from here (set until the screen is back on)
    _left_for_game = False

    def _last_players(self) -> str:
        """The players of this run's last game started here (``You,cpu,cpu`` at first)."""
        setups: dict[str, Any] = getattr(self.app, "setups", {})
        return str(setups.get(GAME, "You,cpu,cpu"))

    def on_screen_resume(self) -> None:
        """Back from a game (or a window): the saves reloaded; after a game the focus on the
        saves list at the newest save, the game just left, so Enter resumes it (on the
        players field when there is no save, or when the focus was lost)."""
        saves = self.query_one("#sd-saves", SavesList)
        saves.reload()
        if self._left_for_game and saves.option_count:
            self._left_for_game = False
            saves.focus()
            saves.highlighted = 0
        elif self._left_for_game or self.focused is None:
            self._left_for_game = False
            self.query_one("#sd-players", Input).focus()

    def _open_game(self, session: ShowdownSession) -> None:
        self._left_for_game = True
        self.app.push_screen(ShowdownScreen(session))

    def on_saves_list_changed(self, event: SavesList.Changed) -> None:
        """No save: the list's frame goes and its label says so in one line."""
        event.saves_list.display = event.count > 0
        self.query_one("#sd-saves-label", Static).update(
            SAVES_LABEL if event.count else
            "No saved games yet: a game is saved as it is played.")
        if (event.note or event.error) and event.note != NO_SAVES:
            self.query_one("#sd-msg", Static).update(plain(event.note))
        self.refresh_bindings()

    def start(self) -> None:
        msg = self.query_one("#sd-msg", Static)
        try:
            seats = parse_players(self.query_one("#sd-players", Input).value)
            seed_text = self.query_one("#sd-seed", Input).value.strip()
            seed = parse_seed(seed_text) if seed_text else new_seed()
            session = ShowdownSession.new(Match(seats, seed))  # its own save, claimed now
        except GameshelfError as exc:
            msg.update(plain(error_line(exc)))  # may quote typed names: not markup
            self.app.bell()
            return
        msg.update("")
        setups: dict[str, Any] = getattr(self.app, "setups", {})
        setups[GAME] = self.query_one("#sd-players", Input).value.strip()
        self._open_game(session)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "sd-new":
            self.start()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.start()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        name = event.option.id
        if name is None:
            return
        try:
            session = ShowdownSession.resume(name)
        except GameshelfError as exc:
            self.query_one("#sd-msg", Static).update(plain(error_line(exc)))
            self.app.bell()
            return
        self._open_game(session)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(HELP))


def make_screen() -> Screen[None]:
    """The game's first screen: new game or resume."""
    return ShowdownStartScreen()


def match_app(session: Match | ShowdownSession | ShowdownMatch) -> GuardedApp:
    """The terminal app opened straight on the game of ``session``; Esc on the game leaves
    the app, as Yatz's and Muggins's ``play``/``resume`` do."""
    class _App(GameshelfApp):
        def on_ready(self) -> None:
            self.push_screen(ShowdownScreen(session), lambda _r: self.exit())

    return _App()


def run_match_app(session: ShowdownSession | ShowdownMatch) -> None:
    """Run the terminal app straight into the game of ``session``.

    Raises:
        GameshelfError: not on a terminal.
    """
    run_guarded(match_app(session), TEXT_HINT)
