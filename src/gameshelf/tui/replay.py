"""A game replayed on its own screen, read-only.

A replay is a read-only match (:class:`~gameshelf.session.replay.ReplayMatch`) shown in the
game's normal screen, which holds a :class:`ReplayControls` or mixes in
:class:`ReplayKeys`. The screen draws the state at the step shown, the status line says
``Replay — step k of n`` and what that move did, and the keys (:data:`REPLAY_KEYS`) only move
through the game: no key or click plays, saves or changes anything (the footer offers none
of the game's keys: ``check_action``); computer players do not move; the save the replay was
opened from is not taken over.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.binding import Binding, BindingsMap, BindingType
from textual.dom import DOMNode
from textual.screen import Screen

from gameshelf.core.text import count
from gameshelf.games import REGISTRY
from gameshelf.tui.widgets import HelpScreen, plain

if TYPE_CHECKING:
    from gameshelf.session.replay import Replay

REPLAY_KEYS = """\
## Keys of a replay

| key | does |
| --- | --- |
| Right or n | the next move |
| Left or p | the move before |
| Home | the start of the game |
| End | the last move |
| Esc or q | leave the replay |
| F1 or ? | this help |
| Ctrl+Q | quit the app |

A replay plays nothing and saves nothing: no key or click changes the game, computer
players do not move, and the save it was opened from stays as it is (`s` says so).
"""

#: What a replay says of a click or key that would play.
REFUSED = "This is a replay: nothing can be played here (→/← step through it)."
HIDDEN_FINISHED = ("This game is finished, so the replay shows everything: every hand "
                   "(and the boneyard), also what no player saw during the game.")
HIDDEN_IN_PROGRESS = ("This game is still in progress, so the replay shows only what your "
                      "seat could see: your own hand, never another player's hidden tiles "
                      "or cards.")


def replay_help(replay: Replay[Any], what: str) -> str:
    """The help of a replay screen: what it is (``what``: the game's sentence about hidden
    information), then its keys."""
    state = "finished" if replay.finished else "still in progress"
    return (f"# Replay\n\nGame {replay.record.seed}, {state}, stepped through move by move: "
            f"{count(replay.n, 'move')}. The status line says which step is shown and what "
            f"that move did.\n\n{what}\n\n{REPLAY_KEYS}")


#: The keys of every replay screen: one action, ``replay``, its first parameter what it
#: does (``step``, ``first``, ``last``, ``leave``, ``save``). A screen mixing in
#: :class:`ReplayKeys` or holding :class:`ReplayControls` lists them after its own or binds
#: them with :func:`use_replay_bindings` (a mixin's own BINDINGS are not read by Textual; a
#: game's key hidden in a replay lets the replay's key of the same name act).
REPLAY_BINDINGS: list[BindingType] = [
    Binding("right,n", "replay('step', 1)", "Next", key_display="→/n", priority=True),
    Binding("left,p", "replay('step', -1)", "Back", key_display="←/p", priority=True),
    Binding("home", "replay('first')", "Start", priority=True),
    Binding("end", "replay('last')", "Last", priority=True),
    Binding("escape", "replay('leave')", "Leave"),
    Binding("s", "replay('save')", "Save", show=False),
]

if TYPE_CHECKING:
    _Screen = Screen[None]
else:   # a plain mixin: the game screen stays the first base (Textual takes a screen's CSS
    _Screen = object   # from its first base class only)


class ReplayKeys(_Screen):
    """The replay's keys on a game's own screen (a mixin of the game screen, as
    :class:`~gameshelf.tui.widgets.RefusalMixin` is): while the screen shows a read-only
    match over a replay cursor (:meth:`shown_replay`), its ``check_action`` answers with
    :meth:`replay_offers` and :func:`use_replay_bindings` gives it the replay's keys, so the
    footer offers no key of play. Moving through the replay redraws through
    :meth:`replay_moved`."""

    #: True when the replay is the app's only screen (``gameshelf <game> replay``): leaving
    #: ends the app.
    exit_app: bool = False
    #: The extra actions of the game's screen a replay keeps (showing another card...).
    KEEP: frozenset[str] = frozenset()

    def shown_replay(self) -> Replay[Any] | None:
        """The replay shown, or None while a game is played."""
        return None

    def replay_moved(self) -> None:
        """Draw the step shown (after a move through the replay)."""
        raise NotImplementedError

    def _controls(self, hidden: str = "") -> ReplayControls | None:
        replay = self.shown_replay()
        return None if replay is None else ReplayControls(
            self, replay, self.replay_moved, hidden=hidden, exit_app=self.exit_app)

    def replay_offers(self, action: str, parameters: tuple[object, ...]) -> bool:
        """As :meth:`ReplayControls.allows` (and True for :attr:`KEEP`); everything while a
        game is played."""
        controls = self._controls()
        return controls is None or action in self.KEEP or controls.allows(action, parameters)

    def action_replay(self, what: str, *args: Any) -> None:
        """A replay's key (:data:`REPLAY_BINDINGS`), run by :meth:`ReplayControls.run`."""
        controls = self._controls()
        if controls is not None:
            controls.run(what, *args)

    def show_replay_help(self, hidden: str) -> None:
        """The replay's help (``hidden``: what the game's replay shows of hidden
        information)."""
        controls = self._controls(hidden)
        if controls is not None:
            controls.help()

    def refuse_play(self, *_: object) -> None:
        """A click or key that would play: said, nothing done."""
        self.notify(REFUSED, markup=False)

    def banner(self) -> Text:
        """The status line: ``Replay — step k of n · what the move did``."""
        replay = self.shown_replay()
        return plain(replay.banner() if replay is not None else "", "bold")


def use_replay_bindings(node: DOMNode, extra: Sequence[BindingType] = ()) -> None:
    """Give ``node`` (a game screen showing a replay) the replay's keys: its class's
    bindings as they stand (its key map's) with :data:`REPLAY_BINDINGS` (and ``extra``) in
    place of the game's bindings of the same keys, as a replay class listing them in its
    ``BINDINGS`` would have (the game's other keys stay bound, refused by
    :meth:`ReplayKeys.replay_offers`)."""
    keys = dict(node._bindings.key_to_bindings)
    keys.update(BindingsMap([*REPLAY_BINDINGS, *extra]).key_to_bindings)
    node._bindings = BindingsMap.from_keys(keys)


class ReplayControls:
    """A replay shown in a game's normal screen, by composition: the screen shows a
    read-only match over the cursor (:class:`~gameshelf.session.replay.ReplayMatch`),
    holds one of these, lists :data:`REPLAY_BINDINGS` in its ``BINDINGS``, answers
    its ``check_action`` from :meth:`allows` and runs its ``replay`` action with :meth:`run`.

    Args:
        show: draws the step shown (called after each move through the replay).
        hidden: what the help says of hidden information.
        keep: the game screen's actions a replay keeps (showing the piles...).
        exit_app: leaving ends the app (the screen was opened alone, from the command line).
    """

    def __init__(self, screen: Screen[Any], replay: Replay[Any], show: Callable[[], None], *,
                 hidden: str = "", keep: frozenset[str] = frozenset(),
                 exit_app: bool = False) -> None:
        self.screen = screen
        self.replay = replay
        self.show = show
        self.hidden = hidden
        self.keep = keep
        self.exit_app = exit_app

    def allows(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Only moving through the replay, leaving and the help (and :attr:`keep`); never a
        game's action. Next/Back are offered while there is a move that way."""
        if action == "replay":
            what = parameters[0] if parameters else ""
            if what == "step":
                forward = (parameters[1] if len(parameters) > 1 else 1) == 1
                return self.replay.position < self.replay.n if forward \
                    else self.replay.position > 0
            if what == "first":
                return self.replay.position > 0
            if what == "last":
                return self.replay.position < self.replay.n
            return what in ("leave", "save")
        return action == "help" or action in self.keep

    def run(self, what: str, *args: Any) -> None:
        """The replay's action ``what``: a move on or back (``step``, by ``args[0]``), to
        the start or the last move, leaving (the app ends when it was opened on it), or
        ``save``, which says that a replay saves nothing."""
        r = self.replay
        if what == "leave":
            if self.exit_app:
                self.screen.app.exit()
            else:
                self.screen.dismiss(None)
            return
        if what == "save":
            self.screen.notify("A replay saves nothing: it plays no move and leaves its save "
                               "as it was.", markup=False)
            return
        r.jump(r.position + int(args[0]) if what == "step" else 0 if what == "first" else r.n)
        self.show()

    def help(self) -> None:
        """The replay's help (its keys, and what it shows of hidden information)."""
        self.screen.app.push_screen(HelpScreen(replay_help(self.replay, self.hidden)))

    def refuse(self) -> None:
        """A click or key that would play: said, nothing done."""
        self.screen.notify(REFUSED, markup=False)

    def banner(self) -> Text:
        """The status line: ``Replay — step k of n · what the move did``."""
        return plain(self.replay.banner(), "bold")


def replay_screen(replay: Replay[Any], *, exit_app: bool = False) -> Screen[None]:
    """The game's own screen in replay mode over ``replay``, at its start.

    Args:
        exit_app: leaving ends the app (the screen was opened alone, from the command line).
    """
    screen: Callable[..., Screen[None]] = REGISTRY.get(replay.game).load("replay_screen")
    return screen(replay, exit_app=exit_app)
