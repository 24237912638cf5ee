"""A game replayed on its own screen, read-only.

A replay is a read-only match (:class:`~gameshelf.session.replay.ReplayMatch`) shown in the
game's normal screen, which mixes in :class:`ReplayKeys`. The screen draws the state at the
step shown, the status line says ``Replay — step k of n`` and what that move did, and the
keys (:data:`REPLAY_KEYS`) only move through the game: no key or click plays, saves or
changes anything (the footer offers none of the game's keys: ``check_action``); computer
players do not move; the save the replay was opened from is not taken over.
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
from gameshelf.tui.widgets import HelpScreen, ScreenMixin, plain

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
#: :class:`ReplayKeys` lists them after its own or binds them with
#: :func:`use_replay_bindings` (a mixin's own BINDINGS are not read by Textual; a game's
#: key hidden in a replay lets the replay's key of the same name act).
REPLAY_BINDINGS: list[BindingType] = [
    Binding("right,n", "replay('step', 1)", "Next", key_display="→/n", priority=True),
    Binding("left,p", "replay('step', -1)", "Back", key_display="←/p", priority=True),
    Binding("home", "replay('first')", "Start", priority=True),
    Binding("end", "replay('last')", "Last", priority=True),
    Binding("escape", "replay('leave')", "Leave"),
    Binding("s", "replay('save')", "Save", show=False),
]

class ReplayKeys(ScreenMixin):
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

    def replay_offers(self, action: str, parameters: tuple[object, ...]) -> bool:
        """For ``check_action``: everything while a game is played; in a replay only moving
        through it, leaving, saving (which says it saves nothing), the help and
        :attr:`KEEP`, never a game's action. Next/Back are offered while there is a move
        that way."""
        r = self.shown_replay()
        if r is None or action == "help" or action in self.KEEP:
            return True
        if action != "replay":
            return False
        what = parameters[0] if parameters else ""
        if what == "step":
            forward = (parameters[1] if len(parameters) > 1 else 1) == 1
            return r.position < r.n if forward else r.position > 0
        if what == "first":
            return r.position > 0
        if what == "last":
            return r.position < r.n
        return what in ("leave", "save")

    def action_replay(self, what: str, *args: Any) -> None:
        """A replay's key (:data:`REPLAY_BINDINGS`) ``what``: a move on or back (``step``,
        by ``args[0]``), to the start or the last move (then :meth:`replay_moved`), leaving
        (the app ends when :attr:`exit_app`), or ``save``, which says that a replay saves
        nothing."""
        r = self.shown_replay()
        if r is None:
            return
        if what == "leave":
            if self.exit_app:
                self.app.exit()
            else:
                self.dismiss(None)
            return
        if what == "save":
            self.notify("A replay saves nothing: it plays no move and leaves its save as it "
                        "was.", markup=False)
            return
        r.jump(r.position + int(args[0]) if what == "step" else 0 if what == "first" else r.n)
        self.replay_moved()

    def show_replay_help(self, hidden: str) -> None:
        """The replay's help (``hidden``: what the game's replay shows of hidden
        information)."""
        replay = self.shown_replay()
        if replay is not None:
            self.app.push_screen(HelpScreen(replay_help(replay, hidden)))

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


def replay_screen(replay: Replay[Any], *, exit_app: bool = False) -> Screen[None]:
    """The game's own screen in replay mode over ``replay``, at its start.

    Args:
        exit_app: leaving ends the app (the screen was opened alone, from the command line).
    """
    screen: Callable[..., Screen[None]] = REGISTRY.get(replay.game).load("replay_screen")
    return screen(replay, exit_app=exit_app)
