"""The one list of a game's saves on the screens: :class:`SavesList`, to put on any screen,
and :class:`SavesScreen`, the list in a window of its own returning the name chosen.

Enter (or a click on the highlighted line) resumes through the screen that holds the list
(:class:`textual.widgets.OptionList`'s ``OptionSelected``); **r** replays the save
read-only; **d** or Delete deletes it after a confirmation. Names and descriptions come from
people and files: they are shown literally (:func:`gameshelf.tui.widgets.plain`).
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from gameshelf.core.errors import GameshelfError
from gameshelf.core.records import GameRecord
from gameshelf.core.store import SaveRow, Store
from gameshelf.core.text import error_line, literal, quoted, when
from gameshelf.session.replay import load_replay
from gameshelf.tui.base import quit_binding
from gameshelf.tui.replay import replay_screen
from gameshelf.tui.widgets import ConfirmScreen, GameFooter, HelpScreen, help_binding, plain

#: What a game says of one intact save (``Ann, Bob · game 7 · turn 5 of 39``); it returns
#: ``(finished, text)`` and raises GameshelfError when the record does not replay.
Describe = Callable[[GameRecord], tuple[bool, str]]

#: The text of the list's place when there is no save.
NO_SAVES = "No saved games."


def save_line(row: SaveRow, describe: Describe, one_line: bool = False) -> str:
    """One save's entry: ``name`` then, indented on a second line (``one_line``: after
    ``: ``), what it is and when it was saved, with ``FINISHED`` or ``DAMAGED`` in
    front of a save that is one (the time as every listing writes it,
    :func:`~gameshelf.core.text.when`). Shown through ``plain``."""
    if row.record is None:
        what = f"DAMAGED, cannot be resumed: {row.damaged}"
    else:
        try:
            finished, desc = describe(row.record)
            what = f"FINISHED, resuming records it: {desc}" if finished else desc
        except GameshelfError as exc:
            what = f"DAMAGED, cannot be resumed: {error_line(exc)}"
    gap = ": " if one_line else "\n   "
    return f"{literal(row.name)}{gap}{literal(what)} · saved {when(row.updated)}"


class SavesList(OptionList):
    """A game's saves, newest first (see the module), one line each with ``one_line`` (a
    list sharing its screen), else two. The screen holding the list gets
    :class:`SavesList.Changed` with a message to show (or an error) after each reload or
    delete."""

    BINDINGS = [Binding("enter", "select", "Resume"),
                Binding("r", "replay_save", "Replay"),
                Binding("d,delete", "delete_save", "Delete")]

    class Changed(Message):
        """The list was filled again: ``count`` saves; ``note``: what to tell the player
        (an error, a deletion), ``error`` True for a failure."""

        def __init__(self, saves_list: SavesList, count: int, note: str,
                     error: bool = False) -> None:
            super().__init__()
            self.saves_list, self.count, self.note, self.error = saves_list, count, note, error

        @property
        def control(self) -> SavesList:
            return self.saves_list

    def __init__(self, game: str, describe: Describe, *, one_line: bool = False,
                 id: str | None = None) -> None:
        super().__init__(id=id)
        self.game, self.describe, self.one_line = game, describe, one_line
        #: The saves listed, in the list's order.
        self.rows: list[SaveRow] = []

    def on_mount(self) -> None:
        self.reload()

    def reload(self, note: str = "") -> None:
        """Read the saves again, keeping the highlighted place; posts :class:`Changed`."""
        kept = self.highlighted
        self.clear_options()
        try:
            with Store() as store:
                self.rows = store.list_saves(self.game)
        except GameshelfError as exc:
            self.rows = []
            self._failed(exc, bell=False)
            return
        for row in self.rows:
            self.add_option(Option(plain(save_line(row, self.describe, self.one_line),
                                         lines=True),
                                   id=row.name))
        if self.rows:
            self.highlighted = min(kept or 0, len(self.rows) - 1)
        self.post_message(self.Changed(self, len(self.rows), note or
                                       ("" if self.rows else NO_SAVES)))

    @property
    def chosen(self) -> str | None:
        """The highlighted save's name (None: the list is empty)."""
        if self.highlighted is None or not self.rows:
            return None
        return self.rows[self.highlighted].name

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Resume, Replay and Delete are offered only with a save."""
        if action in ("select", "delete_save", "replay_save"):
            return bool(self.rows)
        return True

    def action_replay_save(self) -> None:
        """Replay the highlighted save move by move on the game's screen, read-only (the
        save is not taken over nor changed); one that does not replay is said."""
        name = self.chosen
        if name is None:
            self.app.bell()
            return
        try:
            replay = load_replay(self.game, name)
        except GameshelfError as exc:
            self._failed(exc)
            return
        self.app.push_screen(replay_screen(replay))

    def _failed(self, exc: GameshelfError, bell: bool = True) -> None:
        self.post_message(self.Changed(self, len(self.rows), error_line(exc), error=True))
        if bell:
            self.app.bell()

    def action_delete_save(self) -> None:
        """Delete the highlighted save after a confirmation."""
        name = self.chosen
        if name is None:
            self.app.bell()
            return

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            try:
                with Store() as store:
                    gone = store.delete_save(self.game, name)
            except GameshelfError as exc:
                self._failed(exc)
                return
            self.reload(f"Deleted the save {quoted(name)}." if gone else
                        f"The save {quoted(name)} was already gone.")
        self.app.push_screen(ConfirmScreen(f"Delete the saved game {quoted(name)}? "
                                           "This cannot be undone."), answer)


class SavesScreen(ModalScreen[str | None]):
    """A game's saves in a window: Enter resumes the highlighted one (the screen returns its
    name), d/Delete deletes it after a confirmation, Esc goes back (returns None).
    ``title`` is the game's name, ``help_text`` the screen's help (Markdown)."""

    BINDINGS = [Binding("escape,q", "close", "Back"),
                help_binding(), quit_binding()]
    DEFAULT_CSS = """
    SavesScreen { align: center middle; }
    SavesScreen > Vertical { width: 95%; max-width: 100; height: auto; max-height: 90%;
                             border: thick $accent; background: $surface; padding: 0 1; }
    SavesScreen SavesList { height: auto; max-height: 20; }
    SavesScreen #savemsg { height: auto; color: $warning; }
    """

    def __init__(self, game: str, title: str, describe: Describe,
                 help_text: str = "") -> None:
        super().__init__()
        self.game, self._title, self._describe = game, title, describe
        self._help = help_text or (
            f"# Saved {title} games\n\nNewest first. A save marked FINISHED is a game "
            "whose end could not be written: resuming it writes it. A DAMAGED save cannot be "
            "resumed; delete it to free its name.\n\n* **Up/Down** choose a save\n"
            "* **Enter** (or a click on the chosen line) resumes it\n"
            "* **r** replays it move by move, read-only (nothing played or saved)\n"
            "* **d** or **Delete** deletes it (asks first)\n* **Esc** goes back\n")

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"Saved {self._title} games, newest first "
                         "(Enter resumes, r replays, d deletes, Esc back)", id="savetitle")
            yield SavesList(self.game, self._describe, id="saves")
            yield Static("", id="savemsg")
        yield GameFooter()

    def on_mount(self) -> None:
        self.query_one(SavesList).focus()

    def on_saves_list_changed(self, event: SavesList.Changed) -> None:
        """No save: no empty frame and no keys for one, a line saying so (the footer then
        offers only Back and Help)."""
        event.saves_list.display = event.count > 0
        self.query_one("#savetitle", Static).update(
            f"Saved {self._title} games, newest first "
            "(Enter resumes, r replays, d deletes, Esc back)" if event.count else
            f"No saved {self._title} games: a game is saved as it is played (Esc back).")
        self.query_one("#savemsg", Static).update(
            plain("" if event.note == NO_SAVES else event.note))
        self.refresh_bindings()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option.id is not None:
            self.dismiss(str(event.option.id))

    def action_close(self) -> None:
        self.dismiss(None)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self._help))
