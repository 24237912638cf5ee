"""Starting and leaving a Muggins game, a mixin of
:class:`~gameshelf.games.muggins.tui.screen.MugginsScreen` over the person's moves
(:class:`~gameshelf.games.muggins.tui.turn.TurnActions`): the newest intact save offered,
resumed, Mugsy's level asked and a new game started (saved at once); saving (online the
server keeps the room), Ctrl+Q's keeping and Esc's leaving, saved first and said, back to
the level screen when the game was opened on it, else to the menu or out of the app."""

from __future__ import annotations

from textual.widgets import Static

from gameshelf.core.chance import new_seed
from gameshelf.core.errors import GameshelfError
from gameshelf.core.records import GameRecord
from gameshelf.core.text import error_line, left_saved, quoted, resume_command
from gameshelf.games.muggins.options import MugginsOptions
from gameshelf.games.muggins.play import LocalMuggins
from gameshelf.games.muggins.session import Session, saves
from gameshelf.games.muggins.tui.board import BoardScroll
from gameshelf.games.muggins.tui.level import LevelScreen
from gameshelf.games.muggins.tui.rack import Rack
from gameshelf.games.muggins.tui.turn import TurnActions
from gameshelf.session.base import SaveLost, save_failure


class GameKeeping(TurnActions):
    """A game's start and its keeping and leaving (see the module docstring)."""

    #: the key map (``default`` or ``classic``); the options of a new game
    keys: str
    _rules: MugginsOptions

    # ----- what the screen provides ------------------------------------------------------
    def _begin(self) -> None:
        raise NotImplementedError

    async def set_keys(self, keys: str) -> None:
        raise NotImplementedError

    # ----- starting ----------------------------------------------------------------------
    def _saved(self) -> tuple[str, GameRecord] | None:
        """The newest intact save (name, record), if any."""
        try:
            rows = [r for r in saves() if r.record is not None]
        except GameshelfError:
            return None
        return (rows[0].name, rows[0].record) if rows and rows[0].record else None

    def resume_save(self, name: str) -> None:
        """Go on with the save ``name``; one that cannot be resumed is said, and the level
        screen asked again."""
        try:
            self.game = LocalMuggins(Session.resume(name))
        except GameshelfError as exc:
            self.say(error_line(exc), bell=True)
            self.ask_level()
            return
        self._begin()

    def ask_level(self) -> None:
        """Ask for Mugsy's level, then start a new game (Esc there: back to the menu, or
        out of the app)."""
        asked = LevelScreen(self.keys)

        async def chosen(level: str | None) -> None:
            if asked.resume is not None:
                await self.set_keys(asked.keys)
                self.resume_save(asked.resume)
            elif level is None:
                self._close()
            else:
                await self.set_keys(asked.keys)
                self.start_new(level, self._rules, None)
        self.app.push_screen(asked, chosen)

    def start_new(self, level: str, rules: MugginsOptions, seed: int | None,
                  name: str | None = None) -> None:
        """Start a new game (a new seed unless given), saved at once (as ``name``, else
        ``game-<number>``); a store that cannot be written is said here."""
        try:
            self.game = LocalMuggins(Session.new(level, rules,
                                                 seed if seed is not None else new_seed(), name))
        except GameshelfError as exc:
            self.say(error_line(exc), bell=True)
            return
        self._begin()

    # ----- saving and leaving ------------------------------------------------------------
    def action_save(self) -> None:
        if self.game is not None and not self.game.keeps_saves:
            self.say(f"The game server keeps room {self.game.name}: every move is stored "
                     "there.")
            return
        if self.session is None:
            return
        self.session.save()
        if self.session.store_errors:
            self.say(save_failure(self.session.store_errors.pop(), retry="S tries again"),
                     bell=True)
        elif self.session.slot.lost:
            self.say(save_failure(SaveLost(self.session.slot.lost_note)), bell=True)
        else:
            self.say(f"Saved as {quoted(self.session.name)}. Resume from the menu or with: "
                     f"{resume_command('muggins', self.session.name)}")

    def keep_game(self) -> str | None:
        """Ctrl+Q: keep the game saved (see ``gameshelf.tui.base``); returns where it is
        kept, for the player (None for a game over or none on screen)."""
        said = None
        if self.game is not None and not self.game.keeps_saves:
            if not self.game.finished():
                said = (f"Left Muggins room {self.game.name}: the game server keeps it; "
                        "join it again to play on.")
            self.game.close()
        elif self.session is not None and not self.state.is_terminal():
            before = len(self.session.store_errors)
            self.session.save()
            if self.session.slot.lost:
                said = f"Muggins: {save_failure(SaveLost(self.session.slot.lost_note))}"
            elif len(self.session.store_errors) > before:
                said = f"Muggins: the game could not be saved: {self.session.store_errors[-1]}"
            else:
                said = f"Muggins: {left_saved('muggins', self.session.name)}"
        return said

    def action_quit_game(self) -> None:
        """Esc: leave the game with no question, saved first and said (back to the level
        screen when opened from the menu, else back to the menu, or out of the app when
        ``play``/``resume`` opened it); a game over is only left. When the save
        fails the screen stays and says so (Esc again tries again)."""
        session = self.session
        if self.game is not None and not self.game.keeps_saves:   # online: the server has it
            self.workers.cancel_node(self)
            if not self.game.finished():
                self.app.notify(f"The game server keeps room {self.game.name}: join it "
                                "again to play on.", title="Muggins", markup=False)
            self.game.close()
        elif session is not None and session.slot.lost:   # another session has the save
            self.app.notify(save_failure(SaveLost(session.slot.lost_note)), title="Muggins",
                            markup=False, severity="warning")
        elif session is not None and not self.state.is_terminal():
            before = len(session.store_errors)
            session.save()
            if len(session.store_errors) > before:
                self.say(f"Could not save: {session.store_errors.pop()}. The game stays "
                         "here; Esc tries again.", bell=True)
                return
            self.app.notify(left_saved("muggins", session.name), title="Muggins",
                            markup=False)
        self._leave()

    def _leave(self) -> None:
        """Leave the game (saved already): back to the level screen when this screen was
        opened on it (from the menu), else back to the menu or out of the app."""
        if self.from_setup:
            self._back_to_setup()
        else:
            self._close()

    def _back_to_setup(self) -> None:
        """Put the game away (Mugsy's turn stopped, the board emptied) and ask the level
        again, as Yatz's and Showdown's games go back to their setup screens."""
        self.workers.cancel_node(self)
        self.busy = False
        self.game = None
        self.selected, self.choosing, self._clicked = 0, None, None
        self.fresh = self.board_fresh = None
        self.shown_rounds = 0
        for wid in ("#mg-status", "#mg-ends", "#mg-log", "#mg-rack-title", "#mg-msg"):
            self.query_one(wid, Static).update("")
        self.query_one("#mg-board-scroll", BoardScroll).clear()
        self.query_one("#mg-rack", Rack).remove_children()
        self.query_one("#mg-sides").set_class(False, "-shown")
        self.last_message = ""
        self.refresh_bindings()
        self.ask_level()

    def _close(self) -> None:
        """Close this screen: out of the app when ``play``/``resume`` opened it."""
        if self.exit_app:
            self.app.exit()
        else:
            self.dismiss(None)
