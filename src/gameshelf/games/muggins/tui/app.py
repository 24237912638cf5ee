"""The terminal app opened straight on a Muggins game: ``gameshelf muggins play`` and
``resume``, and a room on a game server (``gameshelf online create/join --tui``)."""

from __future__ import annotations

from gameshelf.core.keymaps import remembered_key_map
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


def run_muggins(session: Session, keys: str | None = None) -> None:
    """Run the app on ``session`` (a new or resumed game with its save) until the person
    quits; ``keys``: the key map (None: the one chosen last).

    Raises:
        GameshelfError: not on a terminal.
    """
    need_terminal(TEXT_HINT)
    screen = MugginsScreen(session, exit_app=True, keys=keys or remembered_key_map(GAME))
    run_guarded(MugginsApp(screen), TEXT_HINT)


def run_muggins_match(game: MugginsMatch) -> None:
    """Run the app on the Muggins board of ``game`` (a room on a game server) until the
    person leaves.

    Raises:
        GameshelfError: not on a terminal.
    """
    need_terminal(TEXT_HINT)
    run_guarded(MugginsApp(MugginsScreen(game, exit_app=True,
                                         keys=remembered_key_map(GAME))), TEXT_HINT)
