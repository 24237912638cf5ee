"""The Muggins level screen: choose Mugsy's level for a new game (with the results so far
against each), the key map (k), or a saved game (s) to resume."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from gameshelf.core.errors import GameshelfError
from gameshelf.core.keymaps import KEY_MAPS, parse_key_map, remember_key_map
from gameshelf.games.muggins.match import GAME
from gameshelf.games.muggins.mugsy import DEFAULT_LEVEL, LEVELS
from gameshelf.games.muggins.session import describe, result_counts, saves
from gameshelf.games.muggins.tui.keys import DEFAULT, HELP, KEYS_NAMED
from gameshelf.tui.base import quit_binding
from gameshelf.tui.saves import SavesScreen
from gameshelf.tui.widgets import GameFooter, HelpScreen, plain

#: What each level does, in a few words.
BLURBS = {"easy": "takes the most points now", "normal": "also watches your reply",
          "strong": "searches the hidden tiles", "even": "you win about half"}


class LevelList(OptionList):
    """The list of levels; Enter is left to the screen (its footer shows "Choose")."""

    BINDINGS = [Binding("enter", "screen.choose", "Choose")]


class MugginsSavesScreen(SavesScreen):
    """The saved Muggins games: Enter resumes one, d deletes one (asks first), Esc back."""

    def __init__(self) -> None:
        super().__init__(GAME, "Muggins", describe)


class LevelScreen(ModalScreen[str | None]):
    """Choose Mugsy's level (with the results so far against each), or open the saved games
    (``s``, offered while there are some): a save chosen there is :attr:`resume` and the
    screen returns None."""

    DEFAULT_CSS = (Path(__file__).parent / "level.tcss").read_text(encoding="utf-8")
    BINDINGS = [
        Binding("enter", "choose", "Choose"),
        Binding("k", "keys", "Keys"),
        Binding("s", "saves", "Saves"),
        Binding("f1,question_mark", "help", "Help"),
        Binding("escape,q", "cancel", "Back"),
        quit_binding(),
    ]

    def __init__(self, keys: str = DEFAULT) -> None:
        """``keys``: the key map offered first; the one chosen is :attr:`keys`."""
        super().__init__()
        self.keys = parse_key_map(keys)
        #: The save chosen on the saves list (the screen then returns None).
        self.resume: str | None = None
        self._saves = self._count_saves()
        self._counts: dict[str, dict[str, int]] = {}

    @staticmethod
    def _count_saves() -> int:
        try:
            return len(saves())
        except GameshelfError:
            return 0

    def compose(self) -> ComposeResult:
        try:
            counts = result_counts()
        except GameshelfError:
            counts = {}
        self._counts = counts
        with Vertical():
            yield Static("New game of Muggins: choose Mugsy's level")
            yield Static(f"Up / Down move ▶, Enter starts it: {DEFAULT_LEVEL} is the "
                         "default.", id="level-how")
            ol = LevelList(*(Option(self._label(lv, lv == DEFAULT_LEVEL), id=lv)
                             for lv in LEVELS), id="levels")
            # the level of this run's last game chosen here, else the default
            last = getattr(self.app, "setups", {}).get(GAME)
            ol.highlighted = LEVELS.index(last if last in LEVELS else DEFAULT_LEVEL)
            yield ol
            yield Static(Text(self._keys_line()), id="level-keymap")
            yield Static(self._saves_line(), id="level-saves")
        yield GameFooter()

    def _label(self, level: str, marked: bool) -> Text:
        """A level's line: the marker when highlighted, the level (``default`` beside the
        default one), what it does, the results against it."""
        c = self._counts.get(f"mugsy-{level}", {})
        name = f"{level} (default)" if level == DEFAULT_LEVEL else level
        return plain(f"{'▶' if marked else ' '} {name:16} {BLURBS[level]:25} won "
                     f"{c.get('win', 0)} lost {c.get('loss', 0)}")

    def on_mount(self) -> None:
        # the list takes the keys: its highlight is drawn in the focused (strong) colours
        self.query_one("#levels", OptionList).focus()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """The ▶ marker follows the highlight."""
        ol = event.option_list
        for i, lv in enumerate(LEVELS):
            ol.replace_option_prompt_at_index(i, self._label(lv, i == event.option_index))

    def _saves_line(self) -> str:
        n = self._saves
        return (f"{n} saved game{'s' if n != 1 else ''}: s shows them (resume, delete)" if n
                else "No saved games.")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Saves is offered only while there are saved games."""
        if action == "saves":
            return self._saves > 0
        return True

    def action_saves(self) -> None:
        """Open the saved games; one chosen there is resumed (this screen closes)."""
        def chosen(name: str | None) -> None:
            self._saves = self._count_saves()
            self.query_one("#level-saves", Static).update(self._saves_line())
            self.refresh_bindings()
            if name is not None:
                self.resume = name
                self.dismiss(None)
        self.app.push_screen(MugginsSavesScreen(), chosen)

    def _keys_line(self) -> str:
        """``Keys: default (k changes)``."""
        return f"Keys: {KEYS_NAMED[self.keys]} (k changes)"

    def action_keys(self) -> None:
        """Switch between the key maps (and layouts) of the game screen; the choice is
        remembered for the next games (and the next runs)."""
        self.keys = KEY_MAPS[(KEY_MAPS.index(self.keys) + 1) % len(KEY_MAPS)]
        line = self._keys_line()
        try:
            remember_key_map(GAME, self.keys)
        except GameshelfError as exc:
            line += f"; not remembered: {exc}"
            self.app.bell()
        self.query_one("#level-keymap", Static).update(Text(line))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(str(event.option.id))

    def action_choose(self) -> None:
        """Choose the highlighted level."""
        ol = self.query_one("#levels", OptionList)
        if ol.highlighted is not None:
            level = str(ol.get_option_at_index(ol.highlighted).id)
            setups = getattr(self.app, "setups", None)
            if isinstance(setups, dict):
                setups[GAME] = level   # offered first the next time in this run
            self.dismiss(level)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(HELP))

    def action_cancel(self) -> None:
        self.dismiss(None)
