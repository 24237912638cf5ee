"""The gameshelf terminal app: the game menu, from which each game's screen opens."""

from __future__ import annotations

import importlib
from dataclasses import dataclass

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from gameshelf.tui.base import GuardedApp, run_guarded
from gameshelf.tui.widgets import GameFooter, HelpScreen


@dataclass(frozen=True)
class GameEntry:
    """One line of the menu."""

    key: str
    title: str
    blurb: str


GAMES = (
    GameEntry("dollar", "One Dollar Pinball",
              "Score the serial number of a $1 bill like a pinball game; compare bills."),
    GameEntry("yatz", "Yatz", "Triple Yahtzee for 1 to 9 players: columns x1, x2, x3, 39 turns."),
    GameEntry("muggins", "Muggins",
              "Double-nine dominoes against Mugsy: make the open ends count fives."),
    GameEntry("showdown", "Pinball Showdown",
              "A pinball card game of bidding and speed for 2 to 4 players."),
)
#: Every line of the menu: the games, then playing with people elsewhere.
ENTRIES = (*GAMES, GameEntry("online", "Play online",
                             "Yatz, Muggins or Pinball Showdown with friends on other "
                             "machines."))

MENU_HELP = """\
# gameshelf

Four classic games, brought back from their rule sheets.

* **Up/Down** or the mouse choose a game, **Enter** or a click opens it.
* **1-4** open a game directly; **5** plays online (create a room on a game server or join
  one by its code).
* **t** opens the statistics of the highlighted game (its finished games: scores, charts).
* **F1** or **?** shows the help of the screen you are on.
* **Esc** (or **q**) goes back; **q** on the menu quits, as **Ctrl+Q** does anywhere.

Every game can also be scripted from the command line: run `gameshelf --help`.
"""


#: game key -> the module of its screens that the menu opens.
SCREEN_MODULES = {
    "dollar": "gameshelf.games.dollar.tui.screen",
    "yatz": "gameshelf.games.yatz.tui.setup",
    "muggins": "gameshelf.games.muggins.tui.screen",
    "showdown": "gameshelf.games.showdown.tui.setup",
    "online": "gameshelf.tui.online",
}


def _module(key: str) -> object:
    return importlib.import_module(SCREEN_MODULES[key])


def is_built(key: str) -> bool:
    """True when the game's screen module says it is built."""
    return bool(getattr(_module(key), "BUILT", False))


class MenuScreen(Screen[None]):
    """The game menu."""

    BINDINGS = [
        Binding("q", "app.quit_saving", "Quit", show=False),   # the footer names Ctrl+Q
        Binding("f1,question_mark", "help", "Help"),
        Binding("t", "stats", "Stats"),
        Binding("1", "open(0)", "Dollar", show=False),
        Binding("2", "open(1)", "Yatz", show=False),
        Binding("3", "open(2)", "Muggins", show=False),
        Binding("4", "open(3)", "Showdown", show=False),
        Binding("5", "open(4)", "Online", show=False),
    ]
    DEFAULT_CSS = """
    MenuScreen { align: center middle; }
    MenuScreen > Vertical { width: 80; height: auto; }
    #title { text-align: center; text-style: bold; color: $accent; margin-bottom: 1; }
    #games { height: auto; }
    #status { margin-top: 1; color: $warning; height: 2; }
    """

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            yield Static("G A M E S H E L F", id="title")
            options = []
            for i, g in enumerate(ENTRIES):
                state = "" if is_built(g.key) else "  [not built yet]"
                options.append(Option(f"{i + 1}. {g.title}{state}\n   {g.blurb}", id=g.key))
            yield OptionList(*options, id="games")
            yield Static("", id="status")
        yield GameFooter()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.open_game(str(event.option.id))

    def action_open(self, index: int) -> None:
        self.open_game(ENTRIES[index].key)

    def open_game(self, key: str) -> None:
        """Open the screen of game ``key``, or say it is not built yet."""
        module = _module(key)
        title = next(g.title for g in ENTRIES if g.key == key)
        if not getattr(module, "BUILT", False):
            self.query_one("#status", Static).update(f"{title} is not built yet.")
            self.app.bell()
            return
        self.query_one("#status", Static).update("")
        self.app.push_screen(module.make_screen())  # type: ignore[attr-defined]

    def action_stats(self) -> None:
        """Open the statistics screen of the highlighted game."""
        from gameshelf.tui.stats import StatsScreen

        index = self.query_one("#games", OptionList).highlighted or 0
        if index >= len(GAMES):   # Play online: the statistics are each game's
            self.query_one("#status", Static).update(
                "Statistics are kept per game: highlight a game, then t.")
            self.app.bell()
            return
        self.app.push_screen(StatsScreen(GAMES[index].key))

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(MENU_HELP))


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
    run_guarded(GameshelfApp(start), "the games' commands (gameshelf --help) work without one")
