"""The Pinball Showdown screens of the terminal app: a start screen (new game or resume) and
the game screen (:mod:`gameshelf.tui.showdown_game`)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, OptionList, Static
from textual.widgets.option_list import Option

from gameshelf.core.chance import new_seed, parse_seed
from gameshelf.core.errors import GameshelfError
from gameshelf.core.store import Store
from gameshelf.showdown.match import GAME, Match, parse_players
from gameshelf.tui.showdown_game import HELP, ShowdownScreen
from gameshelf.tui.widgets import HelpScreen

#: The game's screen exists.
BUILT = True


class ShowdownStartScreen(Screen[None]):
    """Start a new game (players, game number) or resume a saved one."""

    DEFAULT_CSS = """
    ShowdownStartScreen { align: center middle; }
    ShowdownStartScreen > Vertical { width: 84; height: auto; max-height: 95%; }
    #sd-title { text-align: center; text-style: bold; color: $accent; }
    #sd-note { color: $text-muted; margin-bottom: 1; }
    ShowdownStartScreen Input { margin-bottom: 1; }
    #sd-start-row { height: 3; }
    #sd-saves { height: auto; max-height: 10; }
    #sd-msg { color: $warning; height: 2; }
    """
    BINDINGS = [Binding("escape", "app.pop_screen", "Back"),
                Binding("f1,question_mark", "help", "Help")]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            yield Static("P I N B A L L   S H O W D O W N", id="sd-title")
            yield Static("2 to 4 players sharing this terminal. Names separated by commas; "
                         "'cpu' (or random, heuristic, search) is a computer player. "
                         "The deck is the gameshelf project's reconstruction.", id="sd-note")
            yield Static("Players")
            yield Input(value="You,cpu,cpu", id="sd-players")
            yield Static("Game number (empty: random)")
            yield Input(placeholder="e.g. 12345", id="sd-seed")
            with Horizontal(id="sd-start-row"):
                yield Button("New game", id="sd-new", variant="primary")
            yield Static("Saved games (Enter or click resumes)")
            yield OptionList(id="sd-saves")
            yield Static("", id="sd-msg")
        yield Footer()

    def on_mount(self) -> None:
        self.load_saves()

    def on_screen_resume(self) -> None:
        self.load_saves()

    def load_saves(self) -> None:
        saves = self.query_one("#sd-saves", OptionList)
        saves.clear_options()
        try:
            with Store() as store:
                rows = store.list_saves(GAME)
        except GameshelfError as exc:
            self.query_one("#sd-msg", Static).update(Text(str(exc)))
            return
        for row in rows[:20]:
            names = ", ".join(str(p.get("name")) for p in row.record.options.get("players", []))
            saves.add_option(Option(Text(f"{row.name}: {names} · {len(row.record.actions)} "
                                         f"actions · {row.updated[:16]}"), id=row.name))
        if not rows:
            saves.add_option(Option("no saved games", disabled=True))

    def start(self) -> None:
        msg = self.query_one("#sd-msg", Static)
        try:
            seats = parse_players(self.query_one("#sd-players", Input).value)
            seed_text = self.query_one("#sd-seed", Input).value.strip()
            seed = parse_seed(seed_text) if seed_text else new_seed()
            match = Match(seats, seed)
        except GameshelfError as exc:
            msg.update(Text(str(exc)))  # may quote typed names: not markup
            self.app.bell()
            return
        msg.update("")
        self.app.push_screen(ShowdownScreen(match))

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
            with Store() as store:
                record = store.load_save(GAME, name)
            match = Match.from_record(record)
            match.save_name = name
        except GameshelfError as exc:
            self.query_one("#sd-msg", Static).update(Text(str(exc)))
            self.app.bell()
            return
        self.app.push_screen(ShowdownScreen(match))

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(HELP))


def make_screen() -> Screen[None]:
    """The game's first screen: new game or resume."""
    return ShowdownStartScreen()


def run_match_app(match: Match) -> None:
    """Run the terminal app straight into ``match`` (``gameshelf showdown play``)."""
    from gameshelf.tui.app import GameshelfApp

    class _App(GameshelfApp):
        def on_ready(self) -> None:
            self.push_screen(ShowdownScreen(match))

    _App().run()
