"""The One Dollar Pinball screen: 1 to 8 players, each bill played digit by digit.

Each player enters a bill (or draws a random one from the game's seed, shown as the game
number). Play scores the serials one after the other on a pinball-style display: the serial
with the digits being read lit, the score in big digits, balls and tilt warnings as lamps,
and the rule that fired, at a pace a person can follow (space skips a bill, ``s`` skips to the
end). The highest score wins; equal scores share the win. Every bill played is kept in the
store, and the best bills ever entered are shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Button, DataTable, Digits, Input, RichLog, Static

from gameshelf.core.chance import Chance, new_seed, parse_seed
from gameshelf.core.errors import GameshelfError
from gameshelf.core.text import count, error_line, literal, possessive, said, when
from gameshelf.games.dollar.bill import district_name
from gameshelf.games.dollar.game import MAX_PLAYERS, Entry, make_entry, random_bill, ranks, winners
from gameshelf.games.dollar.scorer import Rule
from gameshelf.games.dollar.session import DollarRound, best_bills
from gameshelf.tui.widgets import (
    ConfirmScreen,
    GameFooter,
    HelpScreen,
    RefusalMixin,
    TextField,
    help_binding,
    plain,
    refusal,
)

#: False until this game's screen exists; the menu says "not built yet".
BUILT = True

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

Every bill played is kept in the store; the best ever are listed under *Best bills*
(also `gameshelf dollar best`).
"""


@dataclass(frozen=True)
class Frame:
    """One picture of the display while a bill is played.

    Attributes:
        lit: ``(start, length)`` of the serial digits lit (0-based), or None.
        read: how many digits of the serial have been read (dimmed).
        score: the score shown, in points.
        balls: balls left.
        tilt: tilt warnings left.
        title: the rule that fired, in capitals.
        points: points won by it (shown as ``+...``), or None.
        note: a short explanation.
    """

    lit: tuple[int, int] | None
    read: int
    score: int
    balls: int
    tilt: int
    title: str
    points: int | None
    note: str


def frames(entry: Entry) -> list[Frame]:
    """The pictures of one bill's game: one per step, then game over, end bonus and match."""
    r = entry.result
    out = [Frame(None, 0, 0, 3, 2, "PLAYER UP", None,
                 f"{literal(entry.name)}: 3 balls, 2 tilt warnings, score 0")]
    read = 0
    for s in r.steps:
        read = s.position - 1 + len(s.digits)
        out.append(Frame((s.position - 1, len(s.digits)), read, s.score, s.balls,
                         s.tilt_warnings, s.rule.value.upper(), s.points or None, s.note))
    last = r.steps[-1] if r.steps else None
    tilt = last.tilt_warnings if last else 2
    if r.unread:
        out.append(Frame(None, read, r.play_score, 0, tilt, "GAME OVER", None,
                         f"no ball left: {r.unread} not read"))
    out.append(Frame(None, read, r.play_score + r.end_bonus, r.balls_left, tilt, "END BONUS",
                     r.end_bonus, f"{r.balls_left} ball{'s' if r.balls_left != 1 else ''} "
                     "left x 1 million"))
    digit = r.serial[-1]
    if r.match is None:
        title, note = "MATCH NOT CHECKED", "no series given"
    elif r.match:
        title, note = "MATCH", f"last digit {digit} = series {entry.series}"
    else:
        title, note = "NO MATCH", f"last digit {digit}, series {entry.series}"
    out.append(Frame((len(r.serial) - 1, 1), len(r.serial), r.score, r.balls_left, tilt,
                     title, r.match_bonus or None, note))
    return out


def serial_text(entry: Entry, frame: Frame) -> Text:
    """The bill as on the note, digits spaced; read digits dim, the lit ones reversed."""
    text = Text()
    text.append(f"{entry.bill.prefix or district_name(entry.district).split()[0]}  ",
                style="bold green")
    for i, ch in enumerate(entry.bill.serial):
        if frame.lit is not None and frame.lit[0] <= i < frame.lit[0] + frame.lit[1]:
            style = "bold black on yellow"
        elif i < frame.read:
            style = "grey50"
        else:
            style = "bold green"
        text.append(f" {ch} ", style=style)
    text.append(f"  {entry.bill.suffix}", style="bold green")
    return text


def lamps(balls: int, tilt: int) -> Text:
    """``BALLS ● ● ●   TILT ▲ ▲`` as lit lamps."""
    text = Text("BALLS ", style="bold")
    text.append(" ".join("●" for _ in range(balls)) or "-", style="bold cyan")
    text.append("   TILT WARNINGS ", style="bold")
    text.append(" ".join("▲" for _ in range(tilt)) or "-", style="bold red")
    return text


def rule_style(title: str) -> str:
    """Colour of a rule's name on the display."""
    if title in (Rule.DRAIN.value.upper(), Rule.TILT.value.upper(), "GAME OVER",
                 Rule.TILT_BALL_LOST.value.upper()):
        return "bold red"
    if title in (Rule.SPECIAL.value.upper(), Rule.JACKPOT.value.upper(),
                 Rule.DOUBLE.value.upper(), "MATCH"):
        return "bold magenta"
    return "bold yellow"


class GameNumberScreen(ModalScreen[int | None]):
    """Ask for a game number (the seed of the random bills); Esc cancels."""

    DEFAULT_CSS = """
    GameNumberScreen { align: center middle; }
    GameNumberScreen > Vertical { width: 56; height: auto; border: thick $accent;
                                  background: $surface; padding: 1 2; }
    GameNumberScreen #error { color: $error; height: auto; }
    """
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Game number to play (the same number draws the same random bills):")
            yield TextField(placeholder="e.g. 123456789", id="number")
            yield Static("", id="error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            self.dismiss(parse_seed(event.value))
        except GameshelfError as exc:
            self.query_one("#error", Static).update(plain(error_line(exc)))  # typed text: no markup
            self.app.bell()

    def action_cancel(self) -> None:
        self.dismiss(None)


class DollarScreen(RefusalMixin, Screen[None]):
    """One round of One Dollar Pinball for 1 to 8 players."""

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
        Binding("delete", "remove", "Remove player", show=False),
        # hidden by check_action, these keys still say why they cannot be used now
        refusal("f2", "random_bill"), refusal("f5", "play"),
    ]
    #: below this many columns the tables drop their least needed column (series, date)
    #: and the trace its points column, so what is left is shown whole
    WIDE = 100
    #: the left column's width (padding included): narrow, wide
    LEFT = (45, 55)
    DEFAULT_CSS = """
    DollarScreen { layout: vertical; }
    #body { height: 1fr; }
    #left { width: 55; padding: 0 1; }
    #gameno { color: $accent; text-style: bold; height: 1; margin-bottom: 1; }
    #left Input { border: none; height: 1; margin-bottom: 1; padding: 0 1;
                  background: $boost; }
    #left Input:focus { background: $accent 25%; }
    #entry-row { height: 2; }
    #entry-row Input { width: 1fr; }
    #series { margin-right: 1; }
    #buttons { height: 1; }
    #buttons Button { border: none; height: 1; min-width: 5; margin-right: 1; }
    #message { height: auto; color: $warning; margin: 1 0 1 0; }
    #players { height: auto; max-height: 10; }
    #best-title { text-style: bold; color: $accent; height: 1; margin-top: 1; }
    #best { height: 1fr; }
    #machine { width: 1fr; border: heavy $warning; border-title-align: center;
               border-title-color: $warning; border-title-style: bold; padding: 0 1; }
    #player { height: auto; min-height: 2; }
    #serial { height: 1; margin-top: 1; }
    #score { width: 100%; text-align: center; color: $warning; margin-top: 1; }
    #lamps { height: 1; margin-top: 1; }
    #rule { height: auto; min-height: 2; margin-top: 1; }
    #banner { height: auto; text-style: bold; }
    #log { height: 1fr; border-top: solid $warning 50%; }
    """

    def __init__(self, seed: int | None = None, step_seconds: float = STEP_SECONDS) -> None:
        super().__init__()
        self.step_seconds = step_seconds
        self.seed = new_seed() if seed is None else seed
        self.chance = Chance(self.seed)
        self.entries: list[Entry] = []
        #: laid out for a wide terminal (at least WIDE columns)
        self._wide = True
        self.phase = "setup"  # setup -> playing -> done
        self.playing = 0  # index of the entry on the display
        self.frame_no = 0
        self._frames: list[Frame] = []
        self._timer: Timer | None = None
        self.store_error: str | None = None
        #: the round being played (its bills kept once, when play starts)
        self.round: DollarRound | None = None

    # ----- layout ----------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="body"):
            with Vertical(id="left"):
                yield Static("", id="gameno")
                yield TextField(placeholder="name (Player 1)", id="name", max_length=24)
                yield TextField(placeholder="bill as printed: L12345678A", id="bill",
                            max_length=24)
                with Horizontal(id="entry-row"):
                    yield TextField(placeholder="series: 2017A", id="series", max_length=16)
                    yield TextField(placeholder="district 1-12", id="district", max_length=3)
                with Horizontal(id="buttons"):
                    yield Button("Add", id="add", variant="primary")
                    yield Button("Random", id="random")
                    yield Button("Play", id="play", variant="success")
                    yield Button("New", id="new")
                yield Static("", id="message")
                yield DataTable(id="players", cursor_type="row", zebra_stripes=True)
                yield Static("Best bills ever", id="best-title")
                yield DataTable(id="best", cursor_type="none", zebra_stripes=True)
            with Vertical(id="machine"):
                yield Static("", id="player")
                yield Static("", id="serial")
                yield Digits("0", id="score")
                yield Static("", id="lamps")
                yield Static("", id="rule")
                yield Static("", id="banner")
                yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        yield GameFooter()

    def on_mount(self) -> None:
        self.query_one("#machine").border_title = "ONE DOLLAR PINBALL"
        self._wide = self.size.width >= self.WIDE
        self.query_one("#left").styles.width = self.LEFT[self._wide]
        self._show_game_number()
        self._refresh_players()
        self._refresh_best()
        self._show_idle()
        try:
            DollarRound.check_writable()   # said at the start, not after the round
        except GameshelfError as exc:
            self.store_error = error_line(exc)
            self._say(f"Bills will not be kept: {exc}", bell=True)
        self.query_one("#name", Input).focus()

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
        entered (Play once there is one), skipping and the pace while they are played
        (``False`` hides a binding; its key then says why)."""
        if action in ("random_bill", "remove"):
            return self.phase == "setup" and len(self.entries) < MAX_PLAYERS \
                if action == "random_bill" else self.phase == "setup" and bool(self.entries)
        if action == "play":
            return self.phase == "setup" and bool(self.entries)
        if action in ("skip", "skip_all", "pace"):
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
        """The players table: in seat order with a ``seat`` column while bills are entered
        and played; after the game, best first with a ``place`` column (equal scores share a
        place, the winners marked ★)."""
        table = self.query_one("#players", DataTable)
        done = self.phase == "done" and bool(self.entries)
        table.clear(columns=True)
        columns = [("place" if done else "seat", 5), ("name", 10 if self._wide else 9),
                   ("score", 10), ("bill", 11)]
        if self._wide:
            columns.append(("series", 6))
        for label, width in columns:
            table.add_column(label, width=width)
        places = ranks(self.entries) if done else list(range(1, len(self.entries) + 1))
        order = sorted(range(len(self.entries)), key=lambda i: places[i]) if done else \
            list(range(len(self.entries)))
        for i in order:
            e = self.entries[i]
            shown = done or (self.phase == "playing" and i < self.playing)
            score = Text(f"{e.score:,}" if shown else "", justify="right")
            mark = f"{places[i]} ★" if done and places[i] == 1 else str(places[i])
            cells = [mark, plain(e.name), score, plain(e.bill)]
            if self._wide:
                cells.append(plain(e.series or "-"))
            table.add_row(*cells, key=str(i))
        self.query_one("#name", Input).placeholder = f"name ({self._default_name()})"
        self.refresh_bindings()   # the footer follows the phase and the players

    def _refresh_best(self) -> None:
        table = self.query_one("#best", DataTable)
        table.clear(columns=True)
        columns = [("name", 10), ("score", 10), ("bill", 11)] + [("date", 10)] * self._wide
        for label, width in columns:
            table.add_column(label, width=width)
        try:
            rows = best_bills(10)
        except GameshelfError as exc:
            self.store_error = error_line(exc)
            self._say(f"Best bills unavailable: {error_line(exc)}")
            return
        for r in rows:
            cells = [plain(r.name), plain(f"{r.score:,}", justify="right"),
                     plain(r.detail.get("bill", "?"))]
            # the day of core.text.when (the table has no room for its time)
            table.add_row(*(cells + [plain(when(r.date)[:10])] * self._wide))

    def _show_idle(self) -> None:
        n = len(self.entries)
        self.query_one("#player", Static).update(
            f"{count(n, 'player')} ready" if n else "Insert a bill to play")
        self.query_one("#serial", Static).update("")
        self.query_one("#score", Digits).update("0")
        self.query_one("#lamps", Static).update(lamps(3, 2))
        self.query_one("#rule", Static).update(Text(
            "Enter a bill (Enter) or draw one (F2), then F5 to play", style="italic"))
        self.query_one("#banner", Static).update("")

    def _inputs_disabled(self, disabled: bool) -> None:
        for widget_id in ("#name", "#bill", "#series", "#district", "#add", "#random"):
            self.query_one(widget_id).disabled = disabled

    def _default_name(self) -> str:
        """The name a bill gets when the name field is left empty: ``Player N`` for the next
        seat N, skipping a ``Player N`` already taken."""
        taken = {e.name for e in self.entries}
        n = len(self.entries) + 1
        while f"Player {n}" in taken:
            n += 1
        return f"Player {n}"

    def _next_name(self) -> str:
        typed = self.query_one("#name", Input).value.strip()
        return typed or self._default_name()

    def _can_add(self) -> bool:
        if self.phase != "setup":
            self._say("This game is played: F3 starts a new one.", bell=True)
            return False
        if len(self.entries) >= MAX_PLAYERS:
            self._say(f"At most {MAX_PLAYERS} players.", bell=True)
            return False
        return True

    def _added(self, entry: Entry) -> None:
        self.entries.append(entry)
        for widget_id in ("#name", "#bill", "#district"):  # the series is kept
            self.query_one(widget_id, Input).value = ""
        self._refresh_players()
        self._show_idle()
        self._say(f"{literal(said(entry.name, 'plays'))} {entry.bill} "
                  f"({len(self.entries)} of {MAX_PLAYERS}).")
        self.query_one("#name", Input).focus()

    # ----- entering bills --------------------------------------------------------------
    def add_player(self) -> bool:
        """Add the player typed in the form; a bad bill gets a message and the bell."""
        if not self._can_add():
            return False
        bill = self.query_one("#bill", Input).value
        series = self.query_one("#series", Input).value
        district = self.query_one("#district", Input).value.strip() or None
        try:
            entry = make_entry(self._next_name(), bill, district, series)
        except GameshelfError as exc:
            self._say(error_line(exc), bell=True)
            self.query_one("#bill", Input).focus()
            return False
        self._added(entry)
        return True

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id == "name" and not self.query_one("#bill", Input).value.strip():
            self.query_one("#bill", Input).focus()
            return
        self.add_player()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {"add": self.add_player, "random": self.action_random_bill,
                   "play": self.action_play, "new": self.action_new_game}
        action = actions.get(str(event.button.id))
        if action is not None:
            action()

    def action_random_bill(self) -> None:
        """Draw a random bill from the game's seed for the next player, with the series typed
        in the series field (a random series when it is empty)."""
        if not self._can_add():
            return
        typed = self.query_one("#series", Input).value.strip()
        bill, series = random_bill(self.chance)
        try:
            entry = make_entry(self._next_name(), bill, None, typed or series)
        except GameshelfError as exc:   # a bad typed series: nothing is added
            self._say(error_line(exc), bell=True)
            self.query_one("#series", Input).focus()
            return
        self._added(entry)

    def action_remove(self) -> None:
        """Remove the highlighted player (before play)."""
        if self.phase != "setup" or not self.entries:
            self.app.bell()
            return
        row = self.query_one("#players", DataTable).cursor_row
        if 0 <= row < len(self.entries):
            gone = self.entries.pop(row)
            self._refresh_players()
            self._show_idle()
            self._say(f"{literal(gone.name)} removed.")

    # ----- playing ---------------------------------------------------------------------
    def action_play(self) -> None:
        """Play every bill, one after the other, on the display."""
        if self.phase != "setup":
            self._say("This game is played: F3 starts a new one.", bell=True)
            return
        if not self.entries:
            self._say("Add at least one bill first (Enter or F2).", bell=True)
            return
        self.phase = "playing"
        self._inputs_disabled(True)
        self.query_one("#play", Button).disabled = True
        self.query_one("#log", RichLog).clear()
        self.set_focus(None)
        self._say("Space skips this bill, End skips to the end.")
        self._keep_scores()  # every score is known now: kept before the display, in full
        self._start_entry(0)
        self._timer = self.set_interval(self.step_seconds, self.advance)

    def _start_entry(self, index: int) -> None:
        self.playing = index
        self.frame_no = 0
        self._frames = frames(self.entries[index])
        e = self.entries[index]
        log = self.query_one("#log", RichLog)
        log.write(Text(f"{literal(e.name)}: {e.bill}, district {e.district}, "
                       f"series {e.series or 'none'}", style="bold underline"))
        self._refresh_players()
        self._draw()

    def _draw(self) -> None:
        e = self.entries[self.playing]
        f = self._frames[self.frame_no]
        series = f"series {e.series}" if e.series else "no series: match not checked"
        head = Text(f"PLAYER {self.playing + 1} of {len(self.entries)}: {literal(e.name)}",
                    style="bold")
        head.append(f"\ndistrict {district_name(e.district)} · {series}", style="dim")
        self.query_one("#player", Static).update(head)
        self.query_one("#serial", Static).update(serial_text(e, f))
        self.query_one("#score", Digits).update(f"{f.score:,}")
        self.query_one("#lamps", Static).update(lamps(f.balls, f.tilt))
        rule = Text(f.title, style=rule_style(f.title))
        if f.points:
            rule.append(f"   +{f.points:,}", style="bold green")
        rule.append(f"\n{f.note}", style="italic")
        self.query_one("#rule", Static).update(rule)
        if self.frame_no > 0:
            digits = "" if f.lit is None else e.bill.serial[f.lit[0]:f.lit[0] + f.lit[1]]
            pos = "" if f.lit is None else str(f.lit[0] + 1)
            # In millions, so the line fits the display at 80 columns (scores here are
            # always whole millions: every rule awards or doubles millions).
            plus = f"+{f.points / 1e6:g}M" if f.points else ""
            score = f"{f.score / 1e6:g}M"
            if self._wide:
                line = f"{pos:>2} {digits:<4}{f.title:<25}{plus:>6}{score:>7}"
            else:   # narrow: no points column; a long rule's name wraps, never cut
                room = self.size.width - self.LEFT[0] - 4 - 2 - 6 - 5 - 1
                line = f"{pos:>1} {digits:<4}{f.title:<{room}} {score:>4}"
            self.query_one("#log", RichLog).write(line)

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
        if self.phase != "playing":
            return
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
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        wins = winners(self.entries)
        best = self.entries[wins[0]].score
        names = ", ".join(literal(self.entries[i].name) for i in wins)
        if len(self.entries) == 1:
            banner = f"GAME OVER — {names}: {best:,} points"
        elif len(wins) == 1:
            banner = f"WINNER: {names} with {best:,} points"
        else:
            banner = f"SHARED WIN: {names} with {best:,} points each"
        self.query_one("#banner", Static).update(Text(banner, style="bold black on yellow"))
        # the big display shows the (first) winner's bill with the winning score
        top = self.entries[wins[0]]
        last = frames(top)[-1]
        self.query_one("#player", Static).update(Text(
            f"Game #{self.seed} is over: {literal(said(top.name, 'wins'))}" if len(wins) == 1
            else f"Game #{self.seed} is over: {literal(top.name)} and others share the win"))
        self.query_one("#serial", Static).update(serial_text(top, last))
        self.query_one("#score", Digits).update(f"{best:,}")
        self.query_one("#lamps", Static).update(lamps(last.balls, last.tilt))
        self.query_one("#rule", Static).update(Text(
            f"{literal(possessive(top.name))} bill {top.bill}", style="bold"))
        log = self.query_one("#log", RichLog)
        log.write(Text(banner, style="bold"))
        self.call_after_refresh(log.scroll_end, animate=False)
        if self.round is None or not self.round.kept:
            self._keep_scores()  # kept at Play; a failure then is tried once more here
        if self.round is not None and self.round.kept:
            self._say("Bills kept in the store. F3: new game, Esc: menu.")
        else:
            self._say(f"Scores not kept: {self.store_error}", bell=True)
        self._refresh_players()
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

    # ----- other keys ------------------------------------------------------------------
    def action_game_number(self) -> None:
        """Start a new game with a game number the player types (to replay its draws)."""
        self.app.push_screen(GameNumberScreen(), self._new_game_numbered)

    def _new_game_numbered(self, seed: int | None) -> None:
        if seed is not None:
            self.action_new_game(seed)

    def action_new_game(self, seed: int | None = None) -> None:
        """A new game (a new game number unless one is given); the players are cleared."""
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.seed = new_seed() if seed is None else seed
        self.chance = Chance(self.seed)
        self.entries = []
        self.round = None
        self.phase = "setup"
        self._inputs_disabled(False)
        self.query_one("#play", Button).disabled = False
        self.query_one("#log", RichLog).clear()
        self._show_game_number()
        self._refresh_players()
        self._show_idle()
        self._say(f"New game #{self.seed}.")
        self.query_one("#name", Input).focus()

    def action_help(self) -> None:
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
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        self.app.pop_screen()


def make_screen() -> Screen[None]:
    """The game's first screen."""
    return DollarScreen()
