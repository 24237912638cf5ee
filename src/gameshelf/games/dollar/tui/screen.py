"""The One Dollar Pinball screen: 1 to 8 players, each bill played digit by digit on a
pinball-style display (the serial with the digits being read lit, the score in big digits,
balls and tilt warnings as lamps, the rule that fired) at a pace a person can follow.

The screen coordinates the bill form (:mod:`.entry`), the tables (:mod:`.tables`) and the
machine (:mod:`.machine`); a round kept in the history is replayed on it, read-only
(:class:`~gameshelf.games.dollar.replay.ReplayRound`: the form is put away and the footer
offers only the replay's keys).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Button, Input, Static

from gameshelf.core.chance import Chance, new_seed
from gameshelf.core.errors import GameshelfError
from gameshelf.core.store import ScoreRow
from gameshelf.core.text import count, error_line
from gameshelf.games.dollar.game import MAX_PLAYERS, Entry, winners
from gameshelf.games.dollar.replay import DollarPoint, ReplayRound
from gameshelf.games.dollar.session import DollarRound, best_bills
from gameshelf.games.dollar.tui.display import Frame, frames, trace_line
from gameshelf.games.dollar.tui.entry import BillEntry
from gameshelf.games.dollar.tui.howto import howto
from gameshelf.games.dollar.tui.machine import Machine
from gameshelf.games.dollar.tui.number import GameNumberScreen
from gameshelf.games.dollar.tui.tables import BestTable, PlayersTable
from gameshelf.session.replay import Replay
from gameshelf.tui.howto import HowToLine, HowToMixin, howto_binding
from gameshelf.tui.replay import ReplayKeys, use_replay_bindings
from gameshelf.tui.widgets import (
    ConfirmScreen,
    GameFooter,
    HelpScreen,
    TextField,
    help_binding,
    plain,
    refusal,
    typed_while_editing,
)

#: Seconds each step stays on the display while a bill is played (+ and - change it).
STEP_SECONDS = 0.9
MIN_STEP_SECONDS = 0.1
MAX_STEP_SECONDS = 5.0

HELP = """\
# One Dollar Pinball

Each player brings a $1 bill. Its 8-digit serial number is played like a pinball game,
left to right, starting with **3 balls**, **2 tilt warnings** and no points.

* **0 Million Plus**: the next digit in millions, then that digit is read under its own
  rule; 00 scores 10 million and the second 0 is used up; a last 0 scores nothing.
* **1 One Million**. **3 Three Million**. **5 Extra Ball**.
* **2 Double Score**: the first 2 doubles the score; later 2s score 1 million.
* **4 Jackpot**: the first 4 scores the district number (1-12, the bill's letter A-L) in
  millions; later 4s score 1 million.
* **6 Tilt Warning**: with no warning left a ball is lost and the warnings reset to 2;
  losing the last ball this way is a TILT.
* **7, 8, 9 Drain**: a single one loses a ball; 77, 88, 99 is a **fantastic save**; three
  in a row a **SPECIAL**, 5 million.

The game ends when the digits run out or at once when no ball is left. Then 1
million per ball left, and 1 million for a **Match**: the serial's last digit equals the last
digit of the series year, even after an early end. No series: the match is not
checked. Highest score wins; equal scores share the win.

## Keys

* Type a **name**, the **bill** as printed (`L12345678A`, `L 12345678 *`; bare digits need
  the **district**) and the **series** year (`2017A`, optional), then **Enter** (or *Add*).
* **F2** draws a random bill from the game's seed (the game number) for the next player.
* **Delete** removes the highlighted player before play; up to 8 players.
* **F5** plays the bills. **Space** skips the bill being played, **End** skips to the end,
  **+** and **-** play faster or slower.
* **F3** starts a new game (a new game number); **F4** starts one with a game number you
  type, which draws the same random bills again.
* **F1** this help, **Esc** (or **q** outside the form) back to the menu; it asks first
  while bills are waiting to be played.
* **F6** (or **i** outside the form) hides the how-to line under the message, or shows it
  again; the choice is kept for every game.

Every bill played is kept in the store; the best ever are listed under *Best bills*
(also `gameshelf dollar best`).
"""

#: What the message line says before the first bill: how a round starts.
FIRST_LINE = "Type a bill and press Enter (or F2 draws one); F5 then plays the bills."

#: What a replay's help says of hidden information.
REPLAY_HIDDEN = ("One Dollar Pinball has no hidden information: each bill is played digit by "
                 "digit as on the game's display, then its end bonus and match.")


class DollarScreen(HowToMixin, BillEntry, ReplayKeys, Screen[None]):
    """One round of One Dollar Pinball for 1 to 8 players, or a kept round replayed.

    Args:
        seed: the game number (None: a new one).
        step_seconds: how long each picture stays on the display.
        kept: a round kept in the history, replayed on this screen (read-only).
        exit_app: leaving the replay ends the app (it was opened alone, from the command
            line).
    """

    BINDINGS = [
        Binding("escape,q", "back", "Back"),
        help_binding(),
        Binding("f2", "random_bill", "Random bill"),
        Binding("f5", "play", "Play"),
        Binding("space", "skip", "Skip bill"),
        Binding("end", "skip_all", "Skip all"),
        Binding("s", "save", "Save", show=False),
        Binding("plus,equals_sign", "pace(0.5)", "Faster"),
        Binding("minus", "pace(2.0)", "Slower"),
        Binding("f3", "new_game", "New game"),
        Binding("f4", "game_number", "Game #"),
        howto_binding("F6"),
        Binding("delete", "remove", "Remove player", show=False),
        # hidden by check_action, these keys still say why they cannot be used now
        refusal("f2", "random_bill"), refusal("f5", "play"), refusal("f4", "game_number"),
        Binding("plus,equals_sign", "refuse('pace', 0.5)", show=False),
        Binding("minus", "refuse('pace', 2.0)", show=False),
    ]
    #: below this many columns the tables drop their least needed column (series, date)
    #: and the trace its points column, so what is left is shown whole
    WIDE = 100
    #: the left column's width (padding included): narrow, wide
    LEFT = (45, 55)
    DEFAULT_CSS = (Path(__file__).parent / "dollar.tcss").read_text(encoding="utf-8")

    def __init__(self, seed: int | None = None, step_seconds: float = STEP_SECONDS, *,
                 kept: ReplayRound | None = None, exit_app: bool = False) -> None:
        super().__init__()
        self.kept = kept
        self.step_seconds = step_seconds
        self.seed = (new_seed() if seed is None else seed) if kept is None else kept.seed
        self.chance = Chance(self.seed)
        self.entries: list[Entry] = [] if kept is None else list(kept.entries)
        #: laid out for a wide terminal (at least WIDE columns)
        self._wide = True
        self.phase = "setup" if kept is None else "replay"  # setup -> playing -> done
        self.playing = 0  # index of the entry on the display
        self.frame_no = 0
        self._frames: list[Frame] = []
        self._timer: Timer | None = None
        self.store_error: str | None = None
        #: the round being played (its bills kept once, when play starts)
        self.round: DollarRound | None = None
        self.exit_app = exit_app
        if kept is not None:
            use_replay_bindings(self)

    # ----- layout ----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="body"):
            with Vertical(id="left"):
                yield Static("", id="gameno")
                yield TextField(placeholder="name (Player 1)", id="name", max_length=24)
                yield TextField(placeholder="bill as printed: L12345678A", id="bill",
                                max_length=24)
                with Horizontal(id="entry-row"):
                    yield TextField(placeholder="series, e.g. 2017A", id="series",
                                    max_length=16)
                    yield TextField(placeholder="district 1-12", id="district", max_length=3)
                yield Static("", id="series-note")
                with Horizontal(id="buttons"):
                    yield Button("Add", id="add", variant="primary")
                    yield Button("Random", id="random")
                    yield Button("Play", id="play", variant="success")
                    yield Button("New", id="new")
                yield Static("", id="message")
                yield HowToLine("", id="howto")
                yield PlayersTable(id="players", cursor_type="row", zebra_stripes=True)
                yield Static("Best bills ever", id="best-title")
                yield BestTable(id="best", cursor_type="none", zebra_stripes=True)
            yield Machine(id="machine")
        yield GameFooter()

    @property
    def machine(self) -> Machine:
        """The pinball display."""
        return self.query_one("#machine", Machine)

    def on_mount(self) -> None:
        self.machine.border_title = "ONE DOLLAR PINBALL"
        self._wide = self.size.width >= self.WIDE
        self.query_one("#left").styles.width = self.LEFT[self._wide]
        self._show_game_number()
        self._refresh_players()
        self._refresh_best()
        self.machine.idle(len(self.entries))
        try:
            DollarRound.check_writable()   # said at the start, not after the round
        except GameshelfError as exc:
            self.store_error = error_line(exc)
            self._say(f"Bills will not be kept: {exc}", bell=True)
        self.series_note()
        if self.store_error is None and not self.howto_says("bill"):
            self._say(FIRST_LINE)   # said once: the how-to line, when shown, says it
        self.query_one("#name", Input).focus()
        if self.kept is not None:
            self.call_after_refresh(self._set_up_replay)

    def _set_up_replay(self) -> None:
        """The round's form put away (no bill is entered), the display on the replay's
        first step."""
        self.machine.border_title = "ONE DOLLAR PINBALL · REPLAY"
        self._inputs_disabled(True)
        for b in self.query(Button):
            b.disabled = True
        for form in ("#name", "#bill", "#entry-row", "#series-note", "#buttons"):
            self.query_one(form).display = False
        self.set_focus(None)
        self.replay_moved()

    # ----- helpers ---------------------------------------------------------------------
    def on_resize(self) -> None:
        """Lay the screen out again when it crosses WIDE columns."""
        wide = self.size.width >= self.WIDE
        if wide != self._wide:
            self._wide = wide
            self.query_one("#left").styles.width = self.LEFT[wide]
            self._refresh_players()
            self._refresh_best()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer offers only what can be done now: bills and Play while bills are
        entered (Play once there is one), the pace while they are played, skipping while
        there is something left to tell (not on the last bill's last picture, nor after
        the round: ``False`` hides a binding; its key then says why); in a replay, only
        the replay's keys."""
        if self.kept is not None:
            return self.replay_offers(action, parameters)
        if typed_while_editing(self, action, parameters):
            return False   # a field has the focus: its printable keys are typed there
        if action in ("game_number", "pace") and self.size.width < self.WIDE:
            return False   # 80 columns: F4, + and - still work (the help, the how-to name them)
        if action == "random_bill":
            return self.phase == "setup" and len(self.entries) < MAX_PLAYERS
        if action in ("remove", "play"):
            return self.phase == "setup" and bool(self.entries)
        if action == "skip":       # a bill still being told
            return self.phase == "playing" and self.frame_no + 1 < len(self._frames)
        if action == "skip_all":   # something left to tell
            return self.phase == "playing" and (
                self.frame_no + 1 < len(self._frames) or self.playing + 1 < len(self.entries))
        if action == "pace":
            return self.phase == "playing"
        if action in ("new_game", "game_number"):   # after the bills are played (or Esc)
            return self.phase != "playing"
        return True

    def _say(self, message: str, bell: bool = False) -> None:
        self.query_one("#message", Static).update(plain(message, lines=True))  # not markup
        if bell:
            self.app.bell()

    def _show_game_number(self) -> None:
        self.query_one("#gameno", Static).update(f"Game #{self.seed}")

    def _refresh_players(self) -> None:
        """The players table (see :meth:`PlayersTable.show`) and the name field's default."""
        self.query_one("#players", PlayersTable).show(self.entries, self.phase, self.playing,
                                                       self._wide)
        self.query_one("#name", Input).placeholder = f"name ({self._default_name()})"
        self.refresh_bindings()   # the footer follows the phase and the players
        self.show_howto(howto(self.phase, len(self.entries)))

    def _refresh_best(self) -> None:
        rows: list[ScoreRow] | None = None
        try:
            rows = best_bills(10)
        except GameshelfError as exc:
            self.store_error = error_line(exc)
            self._say(f"Best bills unavailable: {error_line(exc)}")
        self.query_one("#best", BestTable).show(rows, self._wide)
        # no bill kept yet: one line says so, no empty table of headings
        self.query_one("#best", BestTable).display = bool(rows)
        self.query_one("#best-title", Static).update(
            "Best bills ever" if rows or rows is None else
            "Best bills ever: none kept yet")

    def _inputs_disabled(self, disabled: bool) -> None:
        for widget_id in ("#name", "#bill", "#series", "#district", "#add", "#random"):
            self.query_one(widget_id).disabled = disabled

    # ----- playing ---------------------------------------------------------------------
    def action_play(self) -> None:
        """Play every bill, one after the other, on the display."""
        if self.phase != "setup":
            self._say("This game is played: F3 starts a new one.", bell=True)
            return
        if not self.entries:
            self.refuse("Add at least one bill first (Enter or F2).")
            return
        self.phase = "playing"
        self._inputs_disabled(True)
        self.query_one("#play", Button).disabled = True
        self.machine.clear_log()
        self.set_focus(None)
        self._say("Space skips this bill, End skips to the end.")
        self._keep_scores()  # every score is known now: kept before the display, in full
        self._start_entry(0)
        self._timer = self.set_interval(self.step_seconds, self.advance)

    def _start_entry(self, index: int) -> None:
        self.playing = index
        self.frame_no = 0
        self._frames = frames(self.entries[index])
        self.machine.bill_up(self.entries[index])
        self._refresh_players()
        self._draw()

    def _draw(self) -> None:
        e = self.entries[self.playing]
        f = self._frames[self.frame_no]
        # narrow: no points column, the rule's name in the room left
        room = None if self._wide else self.size.width - self.LEFT[0] - 4 - 2 - 6 - 5 - 1
        self.machine.show(e, self.playing, len(self.entries), f,
                          trace_line(e, f, room) if self.frame_no > 0 else None)
        self.refresh_bindings()   # Skip bill / Skip all go on the last picture

    def advance(self) -> None:
        """Show the next picture; after a bill's last one, the next player; then the end."""
        if self.phase != "playing":
            return
        if self.frame_no + 1 < len(self._frames):
            self.frame_no += 1
            self._draw()
        elif self.playing + 1 < len(self.entries):
            self._start_entry(self.playing + 1)
        else:
            self._finish()

    def action_skip(self) -> None:
        """Show the end of the bill being played at once."""
        while self.phase == "playing" and self.frame_no + 1 < len(self._frames):
            self.advance()

    def action_save(self) -> None:
        """``s``, the save key of every game: a round of One Dollar Pinball has nothing to
        save (its bills are kept as they are played); say so."""
        self._say("Nothing to save: One Dollar Pinball keeps each bill's score as it is "
                  "played (see the best bills).")

    def action_skip_all(self) -> None:
        """Play every remaining bill at once and show the winner."""
        while self.phase == "playing":
            self.advance()

    def _finish(self) -> None:
        self.phase = "done"
        self._stop_timer()
        # the big display shows the (first) winner's bill with the winning score
        self.machine.over(self.seed, self.entries, winners(self.entries))
        if self.round is None or not self.round.kept:
            self._keep_scores()  # kept at Play; a failure then is tried once more here
        self._refresh_players()   # the how-to line first: the message need not repeat it
        if self.round is not None and self.round.kept:
            self._say("Bills kept in the store." + (
                "" if self.howto_says("F3") else " F3: new game, Esc: menu."))
        else:
            self._say(f"Scores not kept: {self.store_error}", bell=True)
        self._refresh_best()
        self.query_one("#new", Button).focus()

    def _keep_scores(self) -> None:
        """Keep every bill of the round in the store, in one transaction, once."""
        if self.round is None:
            self.round = DollarRound(self.seed, list(self.entries))
        try:
            self.round.finish()
        except GameshelfError as exc:
            self.store_error = error_line(exc)

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None

    # ----- a replay --------------------------------------------------------------------
    def shown_replay(self) -> Replay[Any] | None:
        """The replay of a kept round, else None."""
        kept = getattr(self, "kept", None)
        return kept.replay if kept is not None else None

    def replay_moved(self) -> None:
        """The bill of the replay's step on the display, its trace up to that step."""
        assert self.kept is not None
        point = self.kept.point
        entry = self.entries[point.entry]
        self.playing = point.entry
        self._frames = frames(entry)
        shown = min(point.trace, len(self._frames) - 1)
        if point.trace > len(entry.result.steps):
            shown = len(self._frames) - 1        # the end: the bonus and the match
        self.machine.clear_log()
        for f in range(shown + 1):
            self.frame_no = f
            self._draw()
        self._refresh_players()
        self._say(self.kept.replay.banner())

    # ----- other keys ------------------------------------------------------------------
    def action_game_number(self) -> None:
        """Start a new game with a game number the player types (to replay its draws); not
        while the bills are played."""
        if self.phase == "playing":
            self._say("The bills are being played: End skips to the end first.", bell=True)
            return
        self.app.push_screen(GameNumberScreen(), self._new_game_numbered)

    def _new_game_numbered(self, seed: int | None) -> None:
        if seed is not None:
            self.action_new_game(seed)

    def action_new_game(self, seed: int | None = None) -> None:
        """A new game (a new game number unless one is given); the players are cleared."""
        self._stop_timer()
        self.seed = new_seed() if seed is None else seed
        self.chance = Chance(self.seed)
        self.entries = []
        self.round = None
        self.phase = "setup"
        self._inputs_disabled(False)
        self.query_one("#play", Button).disabled = False
        self.machine.clear_log()
        self._show_game_number()
        self._refresh_players()
        self.machine.idle(len(self.entries))
        self._say(f"New game #{self.seed}."
                  + ("" if self.howto_says("bill") else f" {FIRST_LINE}"))
        self.query_one("#name", Input).focus()

    def action_help(self) -> None:
        if self.kept is not None:
            self.show_replay_help(REPLAY_HIDDEN)
        else:
            self.app.push_screen(HelpScreen(HELP))

    def action_pace(self, factor: float) -> None:
        """Play faster (``+``) or slower (``-``): between 0.1 and 5 seconds a step."""
        self.step_seconds = min(MAX_STEP_SECONDS,
                                max(MIN_STEP_SECONDS, round(self.step_seconds * factor, 2)))
        if self._timer is not None:
            self._timer.stop()
            self._timer = self.set_interval(self.step_seconds, self.advance)
        self._say(f"Pace: {self.step_seconds:g} s a step (+ faster, - slower).")

    def action_back(self) -> None:
        """Back to the menu with no question once the bills are played (they are kept from
        Play on, as every game leaves with Esc); asks first only when bills were entered and
        not played (they would be lost)."""
        if self.phase == "setup" and self.entries:
            self.app.push_screen(ConfirmScreen(
                "Leave this game? The bills entered are not kept: they were not played."),
                self._leave_if)
            return
        self._leave_if(True)

    def _leave_if(self, leave: bool | None) -> None:
        if not leave:
            return
        said = self.keep_game()
        if said is not None and self.phase == "playing":
            self.app.notify(said, markup=False)   # the sentence names the game
        self._stop_timer()
        self.app.pop_screen()

    def keep_game(self) -> str | None:
        """Ctrl+Q (and Esc): nothing to save, said: the bills of a round being played are
        kept already (from Play on); bills entered and not played are not (None when no
        bill was entered, the round is over, or in a replay)."""
        if self.kept is not None or not self.entries or self.phase == "done":
            return None
        if self.phase == "setup":
            return (f"One Dollar Pinball: nothing saved, {count(len(self.entries), 'bill')} "
                    "entered but not played.")
        return (f"One Dollar Pinball: nothing to resume; the bills of game #{self.seed} were "
                "kept when play started (gameshelf dollar best lists the best).")


def replay_screen(replay: Replay[DollarPoint], *, exit_app: bool = False) -> DollarScreen:
    """The pinball display over ``replay``, at its start: each bill's trace step by step
    (the game's replay screen).

    Args:
        exit_app: leaving ends the app (the screen was opened alone, from the command line).
    """
    return DollarScreen(kept=ReplayRound(replay), exit_app=exit_app)
