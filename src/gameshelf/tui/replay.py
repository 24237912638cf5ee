"""A game replayed on its own screen, read-only: each game's screen in a replay mode.

:class:`ReplayMode` turns a game screen into a viewer of a
:class:`~gameshelf.session.replay.Replay` (the pure cursor of the session layer): the
screen draws the replay's state at the step shown, the status line says ``Replay — step k
of n`` and what that move did, and the keys only move through the game:

* **Right** or **n**: the next move; **Left** or **p**: the move before;
* **Home**: the start; **End**: the last move;
* **Esc** (or **q**) leaves; **?** or **F1** the help; **Ctrl+Q** quits.

No key or click plays, saves or changes anything (the footer offers none of the game's
keys: ``check_action``); computer players do not move; the save the replay was opened
from is not taken over. Yatz shows the review's cost of each choice at its step; Muggins
and Pinball Showdown show every hand in a finished game, and only what the person's seat
saw in a game still in progress.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Button, Input, RichLog, Static

from gameshelf.core.records import GameRecord
from gameshelf.core.text import count, literal, possessive
from gameshelf.games.dollar.tui.screen import DollarScreen, frames
from gameshelf.games.muggins.game import Play
from gameshelf.games.muggins.game import parse_action as parse_muggins
from gameshelf.games.muggins.match import MUGSY
from gameshelf.games.muggins.session import Session as MugginsSession
from gameshelf.games.muggins.tui.screen import MugginsScreen
from gameshelf.games.showdown.tui.screen import ReflowLog, ShowdownScreen
from gameshelf.games.yatz.match import Match as YatzMatch
from gameshelf.games.yatz.session import YatzSession
from gameshelf.games.yatz.tui.screen import GameScreen
from gameshelf.session.match import LocalYatz
from gameshelf.session.replay import DollarPoint, Replay, replay_showdown, yatz_costs
from gameshelf.tui.app import GameshelfApp
from gameshelf.tui.base import run_guarded
from gameshelf.tui.widgets import HelpScreen, plain

#: The actions a replay screen offers (all others are the game's and refused).
REPLAY_ACTIONS = frozenset({"replay_step", "replay_first", "replay_last", "replay_leave",
                            "replay_save", "help"})

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


#: The keys of every replay screen (each screen class lists them: a mixin's own BINDINGS
#: are not read by Textual).
REPLAY_BINDINGS: list[BindingType] = [
    Binding("right,n", "replay_step(1)", "Next", key_display="→/n", priority=True),
    Binding("left,p", "replay_step(-1)", "Back", key_display="←/p", priority=True),
    Binding("home", "replay_first", "Start", priority=True),
    Binding("end", "replay_last", "Last", priority=True),
    Binding("escape", "replay_leave", "Leave"),
    Binding("s", "replay_save", "Save", show=False),
]

if TYPE_CHECKING:
    _Screen = Screen[None]
else:   # a plain mixin: the game screen stays the first base (Textual takes a screen's CSS
    _Screen = object   # from its first base class only)


class ReplayMode(_Screen):
    """What every game screen does in replay mode (put first among the bases of a game
    screen's replay class, a mixin: its ``check_action`` and ``keep_game`` come first; the
    class lists :data:`REPLAY_BINDINGS` in its ``BINDINGS``).

    A subclass sets :attr:`replay` and draws the step shown in :meth:`show`."""

    replay: Replay[Any]
    #: True when the replay is the app's only screen (``gameshelf <game> replay``): leaving
    #: ends the app.
    exit_app: bool = False
    #: The extra actions of the game's screen a replay keeps (showing another card...).
    KEEP: frozenset[str] = frozenset()
    #: What the help says of hidden information (set per game).
    HIDDEN = ""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only moving through the replay, leaving and the help (and :attr:`KEEP`); never a
        game's action. Next/Back are offered while there is a move that way."""
        if action == "replay_step":
            step = parameters[0] if parameters else 1
            return (self.replay.position < self.replay.n if step == 1
                    else self.replay.position > 0)
        if action == "replay_first":
            return self.replay.position > 0
        if action == "replay_last":
            return self.replay.position < self.replay.n
        return action in REPLAY_ACTIONS or action in self.KEEP

    def action_replay_step(self, step: int) -> None:
        """One move on (1) or back (-1)."""
        self.replay.jump(self.replay.position + step)
        self.show()

    def action_replay_first(self) -> None:
        """To the start."""
        self.replay.first()
        self.show()

    def action_replay_last(self) -> None:
        """To the last move."""
        self.replay.last()
        self.show()

    def action_replay_leave(self) -> None:
        """Leave the replay (the app ends when it was opened on it)."""
        if self.exit_app:
            self.app.exit()
        else:
            self.dismiss(None)

    def action_replay_save(self) -> None:
        """``s``: a replay has nothing to save; say so."""
        self.notify("A replay saves nothing: it plays no move and leaves its save as it was.",
                    markup=False)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(replay_help(self.replay, self.HIDDEN)))

    def keep_game(self) -> None:
        """Ctrl+Q: nothing to keep (a replay changes no game)."""

    def refuse_play(self, *_: object) -> None:
        """A click or key that would play: said, nothing done."""
        self.notify("This is a replay: nothing can be played here (→/← step through it).",
                    markup=False)

    def show(self) -> None:
        """Draw the step shown."""
        raise NotImplementedError

    def banner(self) -> Text:
        """The status line: ``Replay — step k of n · what the move did``."""
        return plain(self.replay.banner(), "bold")


def table_cached(rules: str) -> bool:
    """True when the strong player's table of the rule set ``rules`` is in the cache (the
    review then takes a second or so, not a minute)."""
    from gameshelf.games.yatz.scoring import rule_set
    from gameshelf.games.yatz.solver import cache_path
    try:
        return cache_path(rule_set(rules)).is_file()
    except Exception:   # no cache folder: not cached
        return False


def _start_record(replay: Replay[Any]) -> GameRecord:
    """The record up to the start (step 0): a match built from it has the seats and
    options and no move yet."""
    r = replay.record
    return GameRecord(r.game, r.rules_version, r.options, r.seed,
                      r.actions[:replay.start])


# ----- Yatz ------------------------------------------------------------------------------
class YatzReplayScreen(ReplayMode, GameScreen):
    """The Yatz game screen, read-only, with the review's cost of each choice at its step."""

    BINDINGS = [*REPLAY_BINDINGS, Binding("v", "replay_review", "Review")]
    KEEP = frozenset({"next_card", "replay_review"})
    HIDDEN = ("Yatz has no hidden information. The message under the dice says what the "
              "post-game review thinks of the choice made at each step (its cost in expected "
              "points by the strong player's judgement; `v` computes it when the strong "
              "player's table is not loaded yet); `c` shows the next player's card.")

    def __init__(self, replay: Replay[Any], *, exit_app: bool = False,
                 review: bool = True) -> None:
        """``review``: compute the review's cost of each choice (in a thread; the first
        time loads or solves the strong player's table)."""
        super().__init__(YatzSession(YatzMatch.from_record(_start_record(replay))))
        assert isinstance(self.game, LocalYatz)
        #: the match the replay steps through (its state set at each step)
        self.local = self.game
        self.replay = replay
        self.exit_app = exit_app
        self.review = review
        #: The review's line of each step (None until it is computed).
        self.costs: dict[int, str] | None = None
        self.reviewing = False

    def warm_up(self) -> None:
        """The review of each choice, in a thread, when the strong player's table is
        cached (a second or so); else ``v`` asks for it (solving the table takes about a
        minute the first time)."""
        if not self.review:
            self.costs = {}
        elif table_cached(self.game.rules):
            self.action_replay_review()

    def action_replay_review(self) -> None:
        """v: compute the review of each choice (in a thread)."""
        if self.reviewing or self.costs is not None:
            return
        self.reviewing = True
        self.refresh_bindings()
        if self.is_mounted:
            self.refresh_view()
        self.run_worker(self._review, thread=True, exit_on_error=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "replay_review":
            return self.costs is None and not self.reviewing
        return super().check_action(action, parameters)

    def _review(self) -> None:
        try:
            costs = yatz_costs(self.replay)
        except Exception:   # the review is extra: a replay without it still works
            costs = {}
        self.app.call_from_thread(self._reviewed, costs)

    def _reviewed(self, costs: dict[int, str]) -> None:
        self.costs, self.reviewing = costs, False
        self.refresh_bindings()
        if self.is_mounted:
            self.show()

    def _schedule(self) -> None:
        """No computer plays in a replay: the step is drawn (the end of the game screen's
        ``on_mount``, and when it is back on top)."""
        self.query_one("#card").can_focus = False
        self.set_focus(None)
        self.show()

    def show(self) -> None:
        r = self.replay
        self.local.match.state = r.state.clone()
        step = r.step
        self._viewed = step.seat if step is not None and not self.game.finished() else None
        self._log = deque((s.text for s in r.steps[:r.position]), maxlen=self._log.maxlen)
        self.refresh_view()

    def refresh_view(self) -> None:
        """The dice and cards as the game screen draws them, then the replay's lines."""
        super().refresh_view()
        self.query_one("#roll", Button).disabled = True     # nothing is rolled in a replay
        r = self.replay
        step = r.step
        self.query_one("#status", Static).update(self.banner())
        if step is None:
            note = "The start: →/n steps through the game, End goes to its last move."
        elif self.reviewing:
            note = "(the review of this choice is being computed…)"
        elif self.costs is None:
            note = ("v: the review's cost of each choice (the first time solves the strong "
                    "player's table: about a minute)")
        else:
            note = self.costs.get(r.position, "")
        self.query_one("#message", Static).update(plain(note, lines=True))
        self._draw_log()

    # every way to play comes here instead (clicks on dice and boxes, the Roll button)
    def choose_box(self, coord: Any) -> None:
        self.refuse_play()

    def action_hold_die(self, index: int) -> None:
        self.refuse_play()

    def action_roll(self) -> None:
        self.refuse_play()


# ----- Muggins ---------------------------------------------------------------------------
class MugginsReplayScreen(ReplayMode, MugginsScreen):
    """The Muggins board, read-only; Mugsy's tiles and the boneyard in a finished game."""

    BINDINGS = [*REPLAY_BINDINGS]

    def __init__(self, replay: Replay[Any], *, exit_app: bool = False) -> None:
        super().__init__(MugginsSession.from_record(_start_record(replay)), ask=False, pace=0)
        self.replay = replay
        self.exit_app = exit_app
        self.HIDDEN = (HIDDEN_FINISHED if replay.finished else HIDDEN_IN_PROGRESS) + (
            " In a finished game the lines under the board list Mugsy's tiles and the "
            "boneyard's.")

    def _begin(self) -> None:
        self.show()

    def advance(self) -> None:   # type: ignore[override]  # Mugsy does not move in a replay
        pass

    def show(self) -> None:
        assert self.session is not None
        r = self.replay
        self.session.match.state = r.state.clone()
        step = r.step
        self.board_fresh = None
        if step is not None:
            act = parse_muggins(step.actions[0])
            self.board_fresh = act.tile if isinstance(act, Play) else None
        self.refresh_all()

    def refresh_all(self) -> None:
        """The board as the game screen draws it, then the replay's lines over it."""
        super().refresh_all()
        if self.session is None or not self.is_mounted:
            return
        r = self.replay
        st = self.session.match.state
        step = r.step
        self.query_one("#mg-status", Static).update(self.banner())
        self.query_one("#mg-rack-title", Static).update(f"Your tiles ({len(st.hands[0])})")
        lines = [step.text if step is not None else
                 "The start: the tiles are dealt. →/n steps through the game."]
        if r.finished:
            mugsy = " ".join(str(t) for t in sorted(st.hands[MUGSY])) or "none"
            bone = " ".join(str(t) for t in sorted(st.boneyard)) or "empty"
            lines.append(f"Mugsy's tiles: {mugsy} · boneyard: {bone}")
        else:
            lines.append(f"Mugsy holds {count(len(st.hands[MUGSY]), 'tile')} (hidden: this "
                         "game is in progress)")
        self.say("\n".join(lines))

    def click_tile(self, t: Any) -> None:
        self.refuse_play()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.prevent_default()      # the board's buttons play: not here
        self.refuse_play()


# ----- Pinball Showdown ------------------------------------------------------------------
class ShowdownReplayScreen(ReplayMode, ShowdownScreen):
    """The Showdown table, read-only; the hand shown is the moving seat's (in a game in
    progress, only a person's), ``c`` shows another."""

    BINDINGS = [*REPLAY_BINDINGS, Binding("c", "replay_hand", "Hand")]
    KEEP = frozenset({"replay_hand", "piles", "scroll_log"})

    def __init__(self, replay: Replay[Any], *, exit_app: bool = False) -> None:
        super().__init__(replay_showdown(replay))
        self.replay = replay
        self.exit_app = exit_app
        #: The seat whose hand ``c`` chose; None: the moving seat's.
        self.hand: int | None = None
        self.HIDDEN = (HIDDEN_FINISHED if replay.finished else HIDDEN_IN_PROGRESS) + (
            " The hand shown is that of the player who moved; `c` shows the next "
            "player's hand" + (" (any player's: the game is over)." if replay.finished else
                               " (only the people's: the computers' stay hidden)."))

    def advance(self) -> None:   # type: ignore[override]
        """No computer moves in a replay: the step is drawn (the end of the table's
        ``on_mount``)."""
        self.set_focus(None)
        self.show()

    def _seats_shown(self) -> list[int]:
        r = self.replay
        return list(range(len(r.seats))) if r.finished else list(r.people)

    def viewer(self) -> int | None:
        allowed = self._seats_shown()
        if self.hand is not None and self.hand in allowed:
            return self.hand
        step = self.replay.step
        seat = step.seat if step is not None else None
        if seat is None or seat < 0:
            seat = self.replay.state.current_player()
        if seat in allowed:
            return seat
        return allowed[0] if allowed else None

    def can_act(self) -> bool:
        return False

    def act(self, action: Any) -> bool:
        self.refuse_play()
        return False

    def action_replay_hand(self) -> None:
        """c: the next seat's hand (among the seats this replay may show)."""
        allowed = self._seats_shown()
        now = self.viewer()
        self.hand = (allowed[(allowed.index(now) + 1) % len(allowed)] if now in allowed
                     else allowed[0])
        self.show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "replay_hand":
            return len(self._seats_shown()) > 1
        return super().check_action(action, parameters)

    def show(self) -> None:
        if self.is_mounted:
            self.query_one("#sd-log", ReflowLog).clear()
        self._log_seen = 0
        self.refresh_table()

    def refresh_table(self) -> None:
        """The table as the game screen draws it, then the replay's lines over it."""
        super().refresh_table()
        if not self.is_mounted:
            return
        seat = self.viewer()
        who = ("no hand shown" if seat is None
               else f"{possessive(literal(self.replay.seats[seat]))} hand")
        more = " · c another hand" if len(self._seats_shown()) > 1 else ""
        self.query_one("#sd-status", Static).update(self.banner())
        self.query_one("#sd-prompt", Static).update(plain(
            f"Replay: →/n next move, ←/p back · {who}{more}"))
        self.query_one("#sd-buttons").remove_children()
        command = self.query_one("#sd-cmd", Input)
        command.disabled, command.display = True, False    # nothing is typed in a replay


# ----- One Dollar Pinball ----------------------------------------------------------------
class DollarReplayScreen(ReplayMode, DollarScreen):
    """The pinball display, each bill's trace step by step."""

    BINDINGS = [*REPLAY_BINDINGS]

    HIDDEN = ("One Dollar Pinball has no hidden information: each bill is played digit by "
              "digit as on the game's display, then its end bonus and match.")

    def __init__(self, replay: Replay[Any], *, exit_app: bool = False) -> None:
        super().__init__(seed=replay.record.seed)
        self.replay = replay
        self.exit_app = exit_app
        self.entries = list(getattr(replay, "entries", []))
        self.phase = "replay"

    def on_mount(self) -> None:
        # called before the round screen's own on_mount: the replay is set up after it
        self.call_after_refresh(self._set_up)

    def _set_up(self) -> None:
        """The round's form switched off, the display on the replay's first step."""
        self.query_one("#machine").border_title = "ONE DOLLAR PINBALL · REPLAY"
        self._inputs_disabled(True)
        for b in self.query(Button):
            b.disabled = True
        for form in ("#name", "#bill", "#entry-row", "#buttons"):   # no bill is entered
            self.query_one(form).display = False
        self.set_focus(None)
        self.show()

    def show(self) -> None:
        point: DollarPoint = self.replay.state
        entry = self.entries[point.entry]
        self.playing = point.entry
        self._frames = frames(entry)
        shown = min(point.trace, len(self._frames) - 1)
        if point.trace > len(entry.result.steps):
            shown = len(self._frames) - 1        # the end: the bonus and the match
        self.query_one("#log", RichLog).clear()
        for f in range(shown + 1):
            self.frame_no = f
            self._draw()
        self._refresh_players()
        self._say(self.replay.banner())

    def advance(self) -> None:
        pass


#: Each game's screen in replay mode: ``SCREENS[game](replay, exit_app=...)``.
SCREENS: dict[str, Callable[..., ReplayMode]] = {
    "yatz": YatzReplayScreen, "muggins": MugginsReplayScreen, "showdown": ShowdownReplayScreen,
    "dollar": DollarReplayScreen}


def replay_screen(replay: Replay[Any], *, exit_app: bool = False) -> Screen[None]:
    """The game's own screen in replay mode over ``replay``, at its start.

    Args:
        exit_app: leaving ends the app (the screen was opened alone, from the command line).
    """
    return SCREENS[replay.game](replay, exit_app=exit_app)


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
