"""The terminal app opened straight on a Muggins game: ``gameshelf muggins play`` and
``resume``, and a room on a game server (``gameshelf online create/join --tui``)."""

from __future__ import annotations

from gameshelf.core.keymaps import remembered_key_map
from gameshelf.games.muggins.game import DEFAULT_TARGET
from gameshelf.games.muggins.match import GAME
from gameshelf.games.muggins.play import MugginsMatch
from gameshelf.games.muggins.session import Session
from gameshelf.games.muggins.tui.screen import MugginsScreen
from gameshelf.tui.app import GameshelfApp
from gameshelf.tui.base import need_terminal, run_guarded


class MugginsApp(GameshelfApp):
    """The terminal app opened straight on a Muggins game (``gameshelf muggins play``)."""

    def __init__(self, screen: MugginsScreen) -> None:
        super().__init__()
        self._screen = screen

    def on_mount(self) -> None:
        # GameshelfApp.on_mount (called after this one by Textual) pushes the menu first
        self.call_later(self.push_screen, self._screen)


TEXT_HINT = "use --text for the prompt loop"


def run_muggins(level: str = "normal", target: int = DEFAULT_TARGET, seed: int | None = None,
                session: Session | None = None, keys: str | None = None) -> None:
    """Run the app on ``session`` (a new or resumed game with its save), else on a new game
    of ``level``, ``target`` and ``seed``; returns when the person quits. ``keys``: the key
    map (None: the one chosen last).

    Raises:
        GameshelfError: not on a terminal (nothing is started or saved then).
    """
    need_terminal(TEXT_HINT)  # before the screen starts (and saves) a game
    key_map = keys or remembered_key_map(GAME)
    if session is not None:
        screen = MugginsScreen(session, exit_app=True, keys=key_map)
    else:
        screen = MugginsScreen(level=level, target=target, seed=seed, ask=False,
                               exit_app=True, keys=key_map)
    run_guarded(MugginsApp(screen), TEXT_HINT)


def run_muggins_match(game: MugginsMatch) -> None:
    """Run the app straight on the Muggins board of ``game`` (a room on a game server:
    ``gameshelf online create/join --tui``); returns when the person leaves.

    Raises:
        GameshelfError: not on a terminal.
    """
    need_terminal(TEXT_HINT)
    run_guarded(MugginsApp(MugginsScreen(game, exit_app=True,
                                         keys=remembered_key_map(GAME))), TEXT_HINT)
