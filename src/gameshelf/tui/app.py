"""The gameshelf terminal app: the game menu, from which each game's screen opens."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from gameshelf.core.gamedef import GameDefError
from gameshelf.core.text import error_line, listed
from gameshelf.games import REGISTRY
from gameshelf.tui.base import GuardedApp, run_guarded, say_farewells
from gameshelf.tui.replay import replay_screen
from gameshelf.tui.widgets import GameFooter, HelpScreen

if TYPE_CHECKING:
    from gameshelf.session.replay import Replay


@dataclass(frozen=True)
class GameEntry:
    """One line of the menu: a game of the registry, or playing online."""

    key: str
    title: str
    blurb: str


#: The menu line of playing with people elsewhere.
ONLINE = "online"
#: Digit keys that open a menu line (1 to 9).
DIGITS = 9


def entries() -> tuple[GameEntry, ...]:
    """Every line of the menu: the games in the registry's order, then playing with people
    elsewhere (read when a menu is made, so a game registered after start-up is on it)."""
    # the games this app's online lobby plays (a game served to browsers only is not one)
    online = [g.title for g in REGISTRY.with_part("online")]
    with_friends = listed(online, last="or", none="Games")
    found = REGISTRY.working()
    by_key = {g.key: g for g in found.games}
    games = (GameEntry(key, by_key[key].title, by_key[key].blurb) if key in by_key else
             GameEntry(key, key, f"(cannot be played: {error_line(found.broken[key])})")
             for key in REGISTRY.keys())
    return (*games,
            GameEntry(ONLINE, "Play online", f"{with_friends} with friends on other machines."))


MENU_HELP = """\
# gameshelf

Four classic games, brought back from their rule sheets.

* **Up/Down** or the mouse choose a game, **Enter** or a click opens it.
* **1-{games}** open a game directly; **{online}** plays online (create a room on a game
  server or join one by its code).
* **t** opens the statistics of the highlighted game (its finished games: scores, charts).
* **F1** or **?** shows the help of the screen you are on.
* **Esc** (or **q**) goes back; **q** on the menu quits, as **Ctrl+Q** does anywhere.

Every game can also be scripted from the command line: run `gameshelf --help`.
"""


def _make_screen(key: str) -> Screen[None]:
    """The screen the menu opens for ``key``: a game's ``screen`` part, or the online one."""
    if key == ONLINE:
        # start-up: the lobby loads the screens of every game played online
        from gameshelf.tui.online import OnlineScreen

        return OnlineScreen()
    made: Screen[None] = REGISTRY.get(key).load("screen")()
    return made


class MenuScreen(Screen[None]):
    """The game menu."""

    BINDINGS = [
        Binding("q", "app.quit_saving", "Quit", show=False),   # the footer names Ctrl+Q
        Binding("f1,question_mark", "help", "Help"),
        Binding("t", "stats", "Stats"),
        *(Binding(str(i + 1), f"open({i})", f"Line {i + 1}", show=False)
          for i in range(DIGITS)),
    ]
    DEFAULT_CSS = """
    MenuScreen { align: center middle; }
    MenuScreen > Vertical { width: 80; height: auto; }
    #title { text-align: center; text-style: bold; color: $accent; margin-bottom: 1; }
    #games { height: auto; }
    #status { margin-top: 1; color: $warning; height: 2; }
    """

    def __init__(self) -> None:
        super().__init__()
        #: The menu's lines, as the registry holds the games now.
        self.entries = entries()

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            yield Static("G A M E S H E L F", id="title")
            options = []
            for i, g in enumerate(self.entries):
                options.append(Option(f"{i + 1}. {g.title}\n   {g.blurb}", id=g.key))
            yield OptionList(*options, id="games")
            yield Static("", id="status")
        yield GameFooter()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.open_game(str(event.option.id))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """A digit opens a line only where the menu has one."""
        if action == "open":
            return isinstance(parameters[0], int) and parameters[0] < len(self.entries)
        return True

    def action_open(self, index: int) -> None:
        self.open_game(self.entries[index].key)

    def open_game(self, key: str) -> None:
        """Open the screen of game ``key`` (or of playing online)."""
        status = self.query_one("#status", Static)
        status.update("")
        try:
            screen = _make_screen(key)
        except GameDefError as exc:   # a badly made game: said here, the others still open
            status.update(f"Cannot open it: {error_line(exc)}")
            self.notify(error_line(exc), title="Cannot open it", severity="error")
            self.app.bell()
            return
        self.app.push_screen(screen)

    def action_stats(self) -> None:
        """Open the statistics screen of the highlighted game."""
        # start-up: the statistics (plotext charts) load only when they are opened
        from gameshelf.tui.stats import StatsScreen

        index = self.query_one("#games", OptionList).highlighted or 0
        if self.entries[index].key == ONLINE:   # the statistics are each game's
            self.query_one("#status", Static).update(
                "Statistics are kept per game: highlight a game, then t.")
            self.app.bell()
            return
        try:
            screen = StatsScreen(self.entries[index].key)
        except GameDefError as exc:   # a badly made game: said here, the others still open
            self.query_one("#status", Static).update(f"No statistics: {error_line(exc)}")
            self.notify(error_line(exc), title="No statistics", severity="error")
            self.app.bell()
            return
        self.app.push_screen(screen)

    def action_help(self) -> None:
        n = len(self.entries) - 1
        self.app.push_screen(HelpScreen(MENU_HELP.format(games=n, online=n + 1)))


class GameshelfApp(GuardedApp):
    """The terminal app. ``start`` names a game to open at once (``dollar``, ``yatz``...)."""

    TITLE = "gameshelf"
    SUB_TITLE = "four classic games"

    def __init__(self, start: str | None = None) -> None:
        super().__init__()
        self._start = start

    def on_mount(self) -> None:
        self.push_screen(MenuScreen())
        if self._start is not None:
            menu = self.screen
            if isinstance(menu, MenuScreen):
                # The menu's widgets exist only after its first refresh.
                start = self._start
                self.call_after_refresh(lambda: menu.open_game(start))


def run_app(start: str | None = None) -> None:
    """Run the terminal app (blocks until the player quits).

    Raises:
        GameshelfError: not on a terminal (see :func:`gameshelf.tui.base.need_terminal`).
    """
    app = GameshelfApp(start)
    run_guarded(app, "the games' commands (gameshelf --help) work without one")
    say_farewells(app)   # where each game left by Ctrl+Q is kept


class ReplayApp(GameshelfApp):
    """The app opened straight on a replay (``gameshelf <game> replay``)."""

    def __init__(self, replay: Replay[Any]) -> None:
        super().__init__()
        self._replay = replay

    def on_mount(self) -> None:
        # GameshelfApp.on_mount (called after this one by Textual) pushes the menu first
        self.call_later(self.push_screen, replay_screen(self._replay, exit_app=True))


def run_replay(replay: Replay[Any]) -> None:
    """Run the app on ``replay`` until the person leaves it.

    Raises:
        GameshelfError: not on a terminal (``--text`` and ``--json`` work without one).
    """
    run_guarded(ReplayApp(replay), "use --text or --json to print the moves")
