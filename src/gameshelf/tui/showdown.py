"""The Pinball Showdown screens of the terminal app: a start screen (new game or resume) and
the game screen (:mod:`gameshelf.tui.showdown_game`)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Header, Input, OptionList, Static
from textual.widgets.option_list import Option

from gameshelf.core.chance import new_seed, parse_seed
from gameshelf.core.errors import GameshelfError
from gameshelf.core.records import GameRecord
from gameshelf.core.store import Store
from gameshelf.core.text import error_line, quoted
from gameshelf.session.showdown import ShowdownSession
from gameshelf.session.showdown import saves as saved_games
from gameshelf.showdown.game import MAX_TURNS
from gameshelf.showdown.match import GAME, Match, parse_players, seat_names
from gameshelf.tui.base import GuardedApp
from gameshelf.tui.showdown_game import HELP, ShowdownScreen
from gameshelf.tui.widgets import (
    ConfirmScreen,
    GameFooter,
    HelpScreen,
    TextField,
    help_binding,
    plain,
)

#: What works without a terminal.
TEXT_HINT = "use --text for the prompt loop"

#: The game's screen exists.
BUILT = True


class ShowdownStartScreen(Screen[None]):
    """Start a new game (players, game number) or resume a saved one."""

    DEFAULT_CSS = """
    ShowdownStartScreen { align: center top; }
    ShowdownStartScreen > Vertical { width: 84; max-width: 100%; height: 1fr; padding: 0 1; }
    #sd-title { text-align: center; text-style: bold; color: $accent; }
    #sd-note { color: $text-muted; margin-bottom: 1; }
    .sd-row { height: 1; margin-bottom: 1; }
    .sd-row Static { width: 29; }
    .sd-row Input { width: 1fr; }
    #sd-saves-label { margin-top: 1; }
    #sd-saves { height: 1fr; min-height: 3; }
    #sd-msg { color: $warning; height: auto; max-height: 2; }
    """
    BINDINGS = [Binding("escape", "app.pop_screen", "Back"),
                help_binding(),
                Binding("d,delete", "delete_save", "Delete save")]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            yield Static("P I N B A L L   S H O W D O W N", id="sd-title")
            yield Static("2 to 4 players on this terminal, names separated by commas. "
                         "cpu (or random, heuristic, search) is a computer player. "
                         "The deck is gameshelf's reconstruction.", id="sd-note")
            with Horizontal(classes="sd-row"):
                yield Static("Players")
                yield TextField(value="You,cpu,cpu", id="sd-players", compact=True)
            with Horizontal(classes="sd-row"):
                yield Static("Game number (empty: random)")
                yield TextField(placeholder="e.g. 12345", id="sd-seed", compact=True)
            with Horizontal(classes="sd-row"):
                yield Button("New game", id="sd-new", variant="primary", compact=True)
            yield Static("Saved games (Enter or click resumes, d deletes)", id="sd-saves-label")
            yield OptionList(id="sd-saves")
            yield Static("", id="sd-msg")
        yield GameFooter()

    def on_mount(self) -> None:
        self.load_saves()

    def on_screen_resume(self) -> None:
        self.load_saves()

    def load_saves(self) -> None:
        saves = self.query_one("#sd-saves", OptionList)
        kept = saves.highlighted
        saves.clear_options()
        try:
            rows = saved_games()
        except GameshelfError as exc:
            self.query_one("#sd-msg", Static).update(plain(error_line(exc)))
            return
        for row in rows[:20]:
            what = (f"{seat_names(row.record)} · {save_progress(row.record)}"
                    if row.record is not None else f"damaged: {row.damaged}")
            saves.add_option(Option(plain(f"{row.name}: {what} · {str(row.updated)[:16]}"),
                                    id=row.name))
        if not rows:
            saves.add_option(Option("no saved games", disabled=True))
        elif kept is not None:   # the same place in the list after a reload
            saves.highlighted = min(kept, saves.option_count - 1)

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
        self.app.push_screen(ShowdownScreen(session))

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
        self.app.push_screen(ShowdownScreen(session))

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(HELP))

    def action_delete_save(self) -> None:
        """Delete the highlighted save, after a confirmation (``d`` or Delete on the list)."""
        saves = self.query_one("#sd-saves", OptionList)
        if saves.highlighted is None:
            self.app.bell()
            return
        name = saves.get_option_at_index(saves.highlighted).id
        if name is None:   # "no saved games"
            self.app.bell()
            return

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            try:
                with Store() as store:
                    store.delete_save(GAME, name)
            except GameshelfError as exc:
                self.query_one("#sd-msg", Static).update(plain(error_line(exc)))
                self.app.bell()
                return
            self.query_one("#sd-msg", Static).update(plain(f"Deleted the save {quoted(name)}."))
            self.load_saves()
        self.app.push_screen(ConfirmScreen(f"Delete the saved game {quoted(name)}?"), answer)


def save_progress(record: GameRecord) -> str:
    """How far a saved game got (``turn 3/10``, ``finished``), by replaying it; a save that
    does not replay says so (resuming it shows why)."""
    try:
        state = Match.from_record(record).state
    except GameshelfError:
        return "cannot be replayed"
    return "finished" if state.is_terminal() else f"turn {max(1, state.turn)}/{MAX_TURNS}"


def make_screen() -> Screen[None]:
    """The game's first screen: new game or resume."""
    return ShowdownStartScreen()


def match_app(session: Match | ShowdownSession) -> GuardedApp:
    """The terminal app opened straight on the game of ``session``; Esc on the game leaves
    the app, as Yatz's and Muggins's ``play``/``resume`` do."""
    from gameshelf.tui.app import GameshelfApp

    class _App(GameshelfApp):
        def on_ready(self) -> None:
            self.push_screen(ShowdownScreen(session), lambda _r: self.exit())

    return _App()


def run_match_app(session: ShowdownSession) -> None:
    """Run the terminal app straight into the game of ``session`` (``gameshelf showdown
    play`` and ``resume``).

    Raises:
        GameshelfError: not on a terminal.
    """
    from gameshelf.tui.base import run_guarded

    run_guarded(match_app(session), TEXT_HINT)
