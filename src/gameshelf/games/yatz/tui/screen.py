"""The Yatz game screen and its companions: dice, scorecard, totals, game over, top 20.

The screen is an adapter over the one match interface (:class:`~gameshelf.session.match.
YatzMatch`): a game played here (:class:`~gameshelf.session.match.LocalYatz`, its save under
it) or on a game server (:class:`~gameshelf.session.remote.RemoteYatz`, this terminal's
seat). Every key or click becomes an action in its text form played through the match; the
widgets only draw its table. Computer seats of a game played here act one step at a time on
a timer whose pace the player sets (``+``/``-``); ``k`` plays the computers' turns out at
once. Online the server plays them; the screen waits for its news in a worker.
"""

from __future__ import annotations

import asyncio
from collections import deque

from rich.text import Text
from textual import events, on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.coordinate import Coordinate
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.timer import Timer
from textual.widgets import Button, DataTable, Header, Static
from textual.widgets.data_table import ColumnKey
from textual.worker import Worker

from gameshelf.core.errors import GameshelfError, SaveLostError
from gameshelf.core.keymaps import DEFAULT_KEY_MAP, parse_key_map
from gameshelf.core.records import GameRecord
from gameshelf.core.store import Store
from gameshelf.core.text import (
    count,
    error_line,
    literal,
    possessive,
    quoted,
    resume_command,
    verb_for,
    when,
)
from gameshelf.games.yatz.game import (
    BOXES,
    COLUMNS,
    GAME,
    HOLDS,
    ROLL,
    SCORES,
    Action,
    Score,
    scorecard,
)
from gameshelf.games.yatz.highscores import TOP, UNDO_NOTE, undo_mark
from gameshelf.games.yatz.match import Match
from gameshelf.games.yatz.play import LocalYatz, YatzMatch, yatz_line
from gameshelf.games.yatz.scoring import DICE, Box
from gameshelf.games.yatz.session import YatzSession
from gameshelf.session.base import SaveLost, save_failure
from gameshelf.tui import saves
from gameshelf.tui.base import drawable, quit_binding
from gameshelf.tui.keymaps import Key, KeyTable, use_bindings
from gameshelf.tui.widgets import (
    ConfirmScreen,
    GameFooter,
    HelpScreen,
    RefusalMixin,
    help_binding,
    plain,
)

#: Seconds between two computer steps, slowest last; ``+``/``-`` move along it.
PACES = (0.05, 0.2, 0.4, 0.7, 1.0, 1.5, 2.5)
DEFAULT_PACE = 3
#: Seconds at least before a computer's first roll while a person's box can be taken back.
UNDO_WAIT = 1.5
#: Lines kept in the play log under the totals.
LOG_LINES = 60

PIPS = {
    1: ("     ", "  ●  ", "     "),
    2: ("●    ", "     ", "    ●"),
    3: ("●    ", "  ●  ", "    ●"),
    4: ("●   ●", "     ", "●   ●"),
    5: ("●   ●", "  ●  ", "●   ●"),
    6: ("●   ●", "●   ●", "●   ●"),
}
DEFAULT, CLASSIC = DEFAULT_KEY_MAP, "classic"
#: Card column of x1 (the first column is the row's number and label).
FIRST_COL = 1

YATZ_KEYS = KeyTable((
    Key("roll", {DEFAULT: "r,space", CLASSIC: "f1,r,space"}, "Roll",
        "roll the dice not held (the Roll button too); the first roll throws all five"),
    Key("dice_enter", {CLASSIC: "enter"}, "Roll/hold",
        "on the dice: roll at the start of a turn, then hold or release the die under the "
        "arrow (its button turns red: held; green: it will be rolled)"),
    Key("die_arrow(-1)", {CLASSIC: "up,left"}, "Die", "on the dice: move the arrow to the "
        "previous or next die", shown="↑/↓", footer="↑/↓"),
    Key("die_arrow(1)", {CLASSIC: "down,right"}),
    Key("switch", {CLASSIC: "f2"}, "Switch", "move between the dice and the score board "
        "(after the third roll the score board takes over)"),
    # the classic footer names its help key early, where even 80 columns show it
    Key("help", {CLASSIC: "question_mark"}, "Help", "this help"),
    Key("", {DEFAULT: ""}, does="on the score board: move to a box (or click it); Enter (or "
        "a second click on it) fills it; a box that would score 0 asks first",
        shown="arrows, Enter"),
    Key("", {CLASSIC: ""}, does="on the score board: move the highlighted box; Enter chooses "
        "it and Enter again counts it (also a box that would score 0); any other key "
        "corrects the choice; a click chooses a box as the first Enter does",
        shown="arrows, Enter"),
    Key("hold_die(0)", {DEFAULT: "1", CLASSIC: "1"}, "Hold",
        "hold or release die 1-5 (a click on a die too)", shown="1-5", footer="1-5"),
    *(Key(f"hold_die({i})", {DEFAULT: str(i + 1), CLASSIC: str(i + 1)}) for i in range(1, 5)),
    Key("undo", {DEFAULT: "u", CLASSIC: "u"}, "Undo",
        "take back the box just filled, until the next roll (the next player's; in "
        "solitaire your own): the same dice and rolls left, to fill another box or the "
        "same; one a turn (a computer waits at least 1.5 s before its roll). A score with "
        "an undo is marked in the top 20"),
    Key("hint", {DEFAULT: "h", CLASSIC: "h"}, "Hint",
        "a hint: the best dice to hold and the best box, with the expected final score of "
        "each option against the best one (the strong computer player's judgement)"),
    Key("save", {DEFAULT: "s", CLASSIC: "s"}, "Save",
        "save the game now (mid-turn too); resume it from the Yatz setup screen or with "
        "`gameshelf yatz resume`"),
    Key("pace(-1)", {DEFAULT: "plus,equals_sign", CLASSIC: "plus,equals_sign"}, "Pace",
        "computer players faster", shown="+", footer="+/-"),
    Key("pace(1)", {DEFAULT: "minus", CLASSIC: "minus"}, does="computer players slower"),
    Key("skip", {DEFAULT: "k,period", CLASSIC: "k,period"}, "Skip cpu",
        "play the computers' turns out at once, up to the next person's turn"),
    Key("next_card", {DEFAULT: "c", CLASSIC: "c"}, "Cards",
        "show the next player's card (and back to yours)"),
    Key("scores", {DEFAULT: "t", CLASSIC: "t"}, "Top 20", "the top-20 table"),
    Key("help", {DEFAULT: "f1,question_mark"}, "Help", "this help"),
    Key("leave", {DEFAULT: "escape,q", CLASSIC: "escape,q"}, "Leave",
        "leave the game (it is saved)"),
    # a key's second, hidden binding: runs the action when the first is not offered (its
    # own checks say why it cannot be done now: no rolls left, no undo; or a narrow footer
    # left it out)
    Key("refuse('roll')", {DEFAULT: "r,space", CLASSIC: "f1,r,space"}),
    Key("refuse('undo')", {DEFAULT: "u", CLASSIC: "u"}),
    *(Key(f"refuse('hold_die', {i})", {DEFAULT: str(i + 1), CLASSIC: str(i + 1)})
      for i in range(DICE)),
    Key("refuse('hint')", {DEFAULT: "h", CLASSIC: "h"}),
    Key("refuse('pace', -1)", {DEFAULT: "plus,equals_sign", CLASSIC: "plus,equals_sign"}),
    Key("refuse('skip')", {DEFAULT: "k,period", CLASSIC: "k,period"}),
    Key("refuse('scores')", {DEFAULT: "t", CLASSIC: "t"}),
    Key("refuse('dice_enter')", {CLASSIC: "enter"}),
    Key("refuse('switch')", {CLASSIC: "f2"}),
    Key("refuse('save')", {DEFAULT: "s", CLASSIC: "s"}),
))
#: Screens narrower than this leave these footer entries out (their keys still work, and
#: the help names them), so the keys a turn needs fit in 80 columns.
WIDE_FOOTER = 100
NARROW_HIDDEN = {DEFAULT: frozenset({"pace", "scores"}),
                 CLASSIC: frozenset({"pace", "scores", "hold_die", "hint", "next_card"})}

GAME_RULES = """\
# Yatz: playing a turn

* A turn has up to three rolls; the first throws all five dice. Between rolls you may hold
  dice (they are not rolled) and release them again.
* The score board shows your three columns x1, x2, x3 and all 20 rows. Every empty box shows
  in brackets what the dice would score there. Filling a box with 0 asks first.
* After the third roll you must fill a box. Every turn fills exactly one box; 39 turns
  each.
* **Wild Yatz**: five of a kind, when all three Yatz boxes and that face's three upper boxes
  are filled, scores at full value in any lower box (straights too).
* Upper bonus: 35 in a column whose upper boxes total 63 or more, multiplied with the
  column.
* The Players box has everyone's running total. After the game, **v** on the game-over
  screen reviews every choice that cost expected points.
"""
KEYS_NAMED = {DEFAULT: "the default keys", CLASSIC: "the classic keys of the 1991 manual"}


def game_help(key_map: str = DEFAULT) -> str:
    """The game screen's help: the turn's rules, then the keys of ``key_map``."""
    return (f"{GAME_RULES}\n## Keys ({KEYS_NAMED[key_map]})\n\n{YATZ_KEYS.help_table(key_map)}\n\n"
            "Choose the keys on the Yatz setup screen, or with `--keys classic` / "
            "`--keys default` on `gameshelf yatz play --tui` and `resume --tui`.\n")


def die_face(face: int | None, held: bool, index: int, *, button: bool = False,
             arrow: bool = False) -> Text:
    """A die drawn in 6 lines of text, 7 wide (``?`` before the first roll).

    ``button``: the classic layout's last line, an arrow (when ``arrow``) and the die's
    button, red when held and green when it will be rolled; else ``HELD`` under a held die.
    """
    rows = PIPS[face] if face else ("     ", "  ?  ", "     ")
    colour = "bold yellow" if held else "white"
    t = Text()
    t.append("╭─────╮\n", style=colour)
    for r in rows:
        t.append("│", style=colour)
        t.append(r, style="bold")
        t.append("│\n", style=colour)
    t.append("╰─────╯\n", style=colour)
    if button:
        t.append("▶" if arrow else " ", style="bold")
        t.append(f"[ {index + 1} ]", style="bold white on red" if held
                 else "bold black on green")
        t.append(" ")
        return t
    t.append(f"{index + 1} HELD " if held else f"   {index + 1}   ",
             style="black on yellow" if held else "dim")
    return t


class DieWidget(Static):
    """One die; a click asks the screen to hold or release it. Classes: ``held``; in the
    classic layout ``rolled`` (not held) and ``arrow`` (under the arrow)."""

    class Toggled(Message):
        """The die at ``index`` (0-4) was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, index: int) -> None:
        super().__init__(die_face(None, False, index), id=f"die{index + 1}", classes="die")
        self.index = index

    def show(self, face: int | None, held: bool, *, button: bool = False,
             arrow: bool = False) -> None:
        """Draw ``face`` (None before the first roll), framed when held; ``button``: with
        the classic red/green button (and the arrow when ``arrow``)."""
        self.update(die_face(face, held, self.index, button=button, arrow=arrow))
        self.set_class(held, "held")
        self.set_class(button and not held, "rolled")
        self.set_class(arrow, "arrow")

    def on_click(self) -> None:
        self.post_message(self.Toggled(self.index))


class DiceRow(Horizontal):
    """The five dice; with the classic keys it takes the focus (F2) and the arrow keys."""

    def on_focus(self) -> None:
        self._redraw()

    def on_blur(self) -> None:
        self._redraw()

    def _redraw(self) -> None:
        screen = self.screen
        if isinstance(screen, GameScreen) and screen.is_mounted:
            self.call_after_refresh(screen.draw_dice)   # once the focus has moved


class CardTable(DataTable[Text | str]):
    """The score board. A click selects a box (the cursor moves there, :class:`Chosen` is
    posted); only a second click on the selected box acts (``CellSelected``, as Enter),
    so a stray click never fills a box, not even the box under the keyboard's cursor."""

    class Chosen(Message):
        """A click selected the cell at ``coordinate`` (nothing is filled)."""

        def __init__(self, coordinate: Coordinate) -> None:
            super().__init__()
            self.coordinate = coordinate

    #: The cell a click selected last (a second click on it acts); None after a move.
    armed: Coordinate | None = None

    async def _on_click(self, event: events.Click) -> None:
        # Textual calls DataTable's own handler after this one unless prevent_default()
        meta = event.style.meta
        row, col = meta.get("row"), meta.get("column")
        if (isinstance(row, int) and isinstance(col, int) and row >= 0 and col >= 0
                and not meta.get("out_of_bounds", False)):
            coord = Coordinate(row, col)
            if coord != self.armed:
                self.armed = coord
                self.cursor_coordinate = coord
                event.stop()
                event.prevent_default()
                self.post_message(self.Chosen(coord))


#: DataTable row index of each box (rows 1-6 are 0-5, rows 10-16 are 9-15).
BOX_ROW = {b: (b if b <= Box.SIXES else b + 3) for b in Box}
ROW_BOX = {r: b for b, r in BOX_ROW.items()}
COLUMN_KEYS = ("x1", "x2", "x3")
#: Row labels that fit the card's 13 characters (R-YZ-6 rows 1-20).
ROW_LABELS_SHORT = ("Ones", "Twos", "Threes", "Fours", "Fives", "Sixes", "Upper total",
                    "Bonus (63+)", "Upper+bonus", "3 of a Kind", "4 of a Kind", "Full House",
                    "Sm. Straight", "Lg. Straight", "Yatz", "Chance", "Lower total",
                    "Column total", "x1 / x2 / x3", "Grand total")


class GameScreen(RefusalMixin, Screen[None]):
    """A Yatz game: dice, the scorecard of the player on turn, everyone's totals."""

    BINDINGS = YATZ_KEYS.bindings()   # the default map; another is set per screen
    DEFAULT_CSS = """
    GameScreen #status { height: 1; padding: 0 1; background: $boost; text-style: bold; }
    GameScreen #body { height: 1fr; }
    GameScreen #left { width: 41; padding: 0 1; }
    GameScreen #dice { height: 6; }
    GameScreen #dice:focus { background: $boost; }
    GameScreen .die { width: 7; height: 6; margin-right: 1; }
    GameScreen #rollrow { height: 3; margin-top: 1; }
    GameScreen #rollinfo { padding: 0 1; height: 3; width: 1fr; }
    GameScreen #message { height: auto; min-height: 2; color: $warning; }
    GameScreen #totals { height: auto; border: round $accent; padding: 0 1;
                         border-title-color: $accent; }
    GameScreen #log { height: 1fr; border: round $primary; padding: 0 1; color: $text-muted; }
    GameScreen #card { width: 1fr; height: 1fr; min-width: 38; }
    GameScreen #pace { height: 1; color: $text-muted; }
    """

    def __init__(self, session: YatzMatch | YatzSession | Match, save_name: str | None = None,
                 keys: str = DEFAULT) -> None:
        """``session``: the game: a match interface (played here or on a server), or a game
        played here (a bare match gets a session whose first save claims ``save_name``, or
        ``save_name-2``... beside another game's save). ``keys``: the key
        map, ``default`` or ``classic`` (as the 1991 manual: Enter and F1 roll, F2 moves
        between the dice and the score board, Enter twice fills a box).

        Raises:
            BadInputError: ``keys`` is not a key map.
        """
        super().__init__()
        self.keys = parse_key_map(keys)
        use_bindings(self, YATZ_KEYS, self.keys)
        #: The classic flow: the dice take the focus, a box counts at the second Enter.
        self.classic = self.keys == CLASSIC
        #: The die under the arrow (classic keys).
        self.arrow = 0
        #: The box chosen by a first Enter, counted by the second (classic keys).
        self.pending: Coordinate | None = None
        #: the match interface the screen plays through (here or on a server)
        self.game: YatzMatch = (session if isinstance(session, YatzMatch)
                                else LocalYatz(session, save_name))
        self._errors_seen = len(self.game.errors)
        self._moves_seen = len(self.game.moves)
        self.pace_index = DEFAULT_PACE
        self._timer: Timer | None = None
        self._finished = False
        self._viewed: int | None = None
        self._prepared: tuple[int, int] | None = None
        self._prep_worker: Worker[object] | None = None
        self._log: deque[str] = deque(maxlen=LOG_LINES)

    @property
    def session(self) -> YatzSession:
        """The session of a game played here (its save).

        Raises:
            AttributeError: the game is played on a server.
        """
        if not isinstance(self.game, LocalYatz):
            raise AttributeError("a game played online has no session here")
        return self.game.session

    @property
    def match(self) -> Match:
        """The match of a game played here (read it; play through :attr:`game`).

        Raises:
            AttributeError: the game is played on a server.
        """
        if not isinstance(self.game, LocalYatz):
            raise AttributeError("a game played online has no match here")
        return self.game.match

    # --- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="status", markup=False)
        with Horizontal(id="body"):
            with Vertical(id="left"):
                with DiceRow(id="dice") as dice:
                    dice.can_focus = self.classic
                    for i in range(DICE):
                        yield DieWidget(i)
                with Horizontal(id="rollrow"):
                    roll = Button(f"Roll ({YATZ_KEYS.display('roll', self.keys)})", id="roll",
                                  variant="success")
                    roll.can_focus = not self.classic   # Enter on the dice is not this button
                    yield roll
                    yield Static("", id="rollinfo", markup=False)
                yield Static("", id="message", markup=False)
                yield Static("", id="totals", markup=False)
                yield Static("", id="log", markup=False)
                yield Static("", id="pace", markup=False)
            table = CardTable(id="card", cursor_type="cell", zebra_stripes=True)
            yield table
        yield GameFooter()

    def on_mount(self) -> None:
        self.query_one("#totals", Static).border_title = "Players"
        self.query_one("#log", Static).border_title = "Play"
        table = self.query_one("#card", DataTable)
        table.add_column("Row", key="label", width=16)
        for k in COLUMN_KEYS:
            table.add_column(k, key=k, width=5)
        for row in scorecard(self.game.state, self.game.state.seat):
            table.add_row(f"{row.number:>2} {ROW_LABELS_SHORT[row.number - 1]}", "", "", "",
                          key=f"r{row.number}")
        table.move_cursor(row=0, column=FIRST_COL)
        table.focus()
        if isinstance(self.game, LocalYatz) and self.game.match.log:
            self.log_event(f"Game {self.game.seed} resumed.")
        elif not self.game.keeps_saves:
            me = self.game.here()
            self.log_event(f"Room {self.game.name}: you play "
                           f"{literal(self.game.seats[me[0]].name) if me else 'no seat'}.")
        self._take_moves()
        self.warm_up()
        self.refresh_view()
        self._schedule()

    def warm_up(self) -> None:
        """Load (or solve) the strong player's table in a thread, for hints and the review."""
        from gameshelf.games.yatz.tui.hints import warm_up
        rules = self.game.rules
        self.run_worker(lambda: warm_up(rules), thread=True, exit_on_error=False)

    # --- drawing --------------------------------------------------------------------------
    def _viewed_seat(self) -> int:
        if self._viewed is not None and not self.game.finished():
            return self._viewed
        return self.game.state.seat

    def action_next_card(self) -> None:
        """Show the next player's card (c); back at the player on turn, their own again."""
        n = len(self.game.seats)
        nxt = (self._viewed_seat() + 1) % n
        self._viewed = None if nxt == self.game.state.seat else nxt
        self.refresh_view()

    def refresh_view(self) -> None:
        """Redraw dice, card, totals and the status line from the match."""
        m = self.game
        st = m.state
        seat = self._viewed_seat()
        self.draw_dice()
        title = m.title[:1].upper() + m.title[1:]
        if m.finished():
            status = f"{title} · {'game over' if m.cut_off() is None else 'connection lost'}"
        else:
            who = m.seats[seat]
            kind = "" if who.is_human else f" (computer: {who.kind})"
            if who.is_human and not who.here:
                kind = " (online)"
            status = (f"{title} · {who.name}{kind} · turn "
                      f"{st.turns_taken(seat) + 1} of 39 · roll {st.roll_number()} of 3")
        self.query_one("#status", Static).update(plain(status))
        self.refresh_bindings()
        # two short lines: whole in the 20 columns beside the Roll button
        info: str | Text = ("roll to start\nthe turn" if not st.dice else
                f"roll {st.roll_number()} of 3\n{st.rolls_left} left" if st.rolls_left
                else "roll 3 of 3\nfill a box")
        if st.dice and not m.finished() and st.wild():
            info = Text(f"{info}\nWILD YATZ!", style="bold magenta")
        self.query_one("#rollinfo", Static).update(info)
        self.query_one("#roll", Button).disabled = (
            not m.here_to_act() or st.rolls_left == 0
            or (bool(st.dice) and st.held == (1 << DICE) - 1))
        self._draw_card(seat)
        self._draw_totals()
        pace = self.query_one("#pace", Static)
        if m.computers_here:
            pace.update(f"computer pace {PACES[self.pace_index]:g} s (+/-), k skips")
            pace.display = any(not s.is_human for s in m.seats)
        else:
            pace.update(plain("online: the server keeps the game" if m.finished() else
                              "your turn" if m.here_to_act() else
                              f"waiting for {m.on_turn.name}…"))
            pace.display = True

    def draw_dice(self) -> None:
        """Draw the five dice (with the classic keys: their buttons and the arrow); nothing
        once the screen is being taken down (a blur on leaving asks for one last redraw)."""
        rows = list(self.query("#dice").results(DiceRow))
        if not drawable(self) or not rows:
            return
        st = self.game.state
        on_dice = self.classic and rows[0].has_focus
        for w in self.query(DieWidget):
            face = st.dice[w.index] if st.dice else None
            w.show(face, bool(st.held >> w.index & 1), button=self.classic,
                   arrow=on_dice and w.index == self.arrow)

    def _draw_card(self, seat: int) -> None:
        st = self.game.state
        table = self.query_one("#card", DataTable)
        header = literal(f"{possessive(self.game.seats[seat].name)} card")
        column = table.columns[ColumnKey("label")]
        if column.label.plain != header[:16]:
            column.label = Text(header[:16], style="bold")
            table.refresh()
        show_hints = bool(st.dice) and not st.is_terminal() and seat == st.seat
        pts = st.box_points() if show_hints else (0,) * BOXES
        for row in scorecard(st, seat):
            for c, key in enumerate(COLUMN_KEYS):
                v = row.values[c]
                cell: Text | str
                if row.box is not None and v is None:
                    p = pts[row.box]
                    chosen = self.pending == Coordinate(BOX_ROW[row.box], c + FIRST_COL)
                    if chosen:   # classic keys: chosen by a first Enter, not counted yet
                        cell = Text(f"»{p}«", style="bold black on green" if p
                                    else "bold white on red", justify="right")
                    elif show_hints:
                        cell = Text(f"({p})", style="italic green" if p else "italic red",
                                    justify="right")
                    else:
                        cell = Text("·", style="dim", justify="right")
                elif v is None:
                    cell = ""
                elif row.box is None:
                    cell = Text(str(v), style="bold cyan", justify="right")
                else:
                    cell = Text(str(v), justify="right")
                table.update_cell(f"r{row.number}", key, cell)

    def _draw_totals(self) -> None:
        m = self.game
        st = m.state
        t = Text()
        for i, s in enumerate(m.seats):
            on_turn = i == st.seat and not m.finished()
            kind = "" if s.is_human else f" ({s.kind})"
            line = f"{'▶' if on_turn else ' '} {literal(s.name + kind)[:22]:<22}" \
                   f"{st.grand_total(i):>5} {st.turns_taken(i):>2}/39\n"
            t.append(line, style="bold reverse" if on_turn else "")
        t.rstrip()
        self.query_one("#totals", Static).update(t)
        self._draw_log()

    def _draw_log(self) -> None:
        log = self.query_one("#log", Static)
        height = log.content_size.height or LOG_LINES
        log.update(plain("\n".join(list(self._log)[-height:]), lines=True))

    def on_resize(self) -> None:
        self._fit_card()
        self._draw_log()
        self.refresh_bindings()   # the footer's entries depend on the width

    def _fit_card(self) -> None:
        """Widen the score board's columns into the room the screen has (a wide terminal
        shows a wide card instead of an empty right half)."""
        table = self.query_one("#card", DataTable)
        room = self.size.width - 41 - 4   # the left column, the table's scroll bar
        label = 16 if room < 80 else 22
        col = max(5, min(16, (room - label - 8) // 3))
        for key, column in table.columns.items():
            column.width = label if key == ColumnKey("label") else col
            column.auto_width = False
        table._require_update_dimensions = True   # Textual re-measures on the next refresh
        table.refresh()

    #: The actions of a person's turn (the footer offers them only then).
    _TURN_ACTIONS = frozenset({"roll", "hold_die", "hint", "dice_enter", "die_arrow",
                               "switch"})

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer offers only what can be done now (``False`` hides a binding; a hidden
        twin binding, ``refuse(...)``, then runs the action, whose checks say why not):
        rolling while a roll is left, holds and the hint once the dice are rolled, all of a
        turn only on a person's turn; the computers' pace with computer seats, skipping
        on a computer's turn (a game played here); the other cards with more than one seat;
        undo while the rule allows it (:meth:`Match.undo`; never online); save in a game
        played here; nothing of a turn once the game is over. Below :data:`WIDE_FOOTER`
        columns the entries of :data:`NARROW_HIDDEN` are left out."""
        m = self.game
        st = m.state
        if action in NARROW_HIDDEN[self.keys] and self.size.width < WIDE_FOOTER:
            return False
        if action in self._TURN_ACTIONS:
            if not m.here_to_act():
                return False
            if action == "roll":
                return not (st.dice and st.rolls_left == 0)
            if action == "hold_die":
                return bool(st.dice) and st.rolls_left > 0
            if action == "hint":
                return bool(st.dice)
            return True
        if action == "pace":
            return (m.computers_here and any(not s.is_human for s in m.seats)
                    and not m.finished())
        if action == "skip":
            return self._computer_turn()
        if action == "next_card":
            return len(m.seats) > 1
        if action == "undo":
            return m.can_undo()
        if action == "save":
            return m.keeps_saves and not m.finished()
        return True

    def _computer_turn(self) -> bool:
        """True when a computer of a game played here is to act (the screen's timer plays
        it)."""
        return self.game.computers_here and self.game.others_turn()

    @property
    def log_lines(self) -> list[str]:
        """The play log, oldest first."""
        return list(self._log)

    def log_event(self, text: str) -> None:
        """Add a line to the play log (the newest lines show when space is short)."""
        self._log.append(text)
        self._draw_log()

    def say(self, text: str, *, bell: bool = False) -> None:
        """Show ``text`` in the message line (and ring the bell)."""
        self.query_one("#message", Static).update(plain(text, lines=True))
        if bell:
            self.app.bell()

    # --- people's actions -----------------------------------------------------------------
    def _human_turn(self) -> bool:
        if self.game.finished():
            self.say(self.game.over_line(), bell=True)
            return False
        if not self.game.here_to_act():
            name = self.game.on_turn.name
            self.say(f"{literal(name)} (computer) {verb_for(name, 'is')} playing; k skips ahead."
                     if self.game.computers_here else
                     f"{literal(name)} {verb_for(name, 'is')} playing: wait for your turn.")
            return False
        return True

    @property
    def save_name(self) -> str:
        """The game's save name (the room's code online)."""
        return self.game.save_name

    def _store_said(self) -> bool:
        """Show a store failure (online: a server's word or a lost connection) kept since the
        last look (the game goes on); True if any."""
        new = self.game.errors[self._errors_seen:]
        self._errors_seen = len(self.game.errors)
        if new:
            self.say(save_failure(new[-1], retry="it is saved at the next chance")
                     if self.game.keeps_saves else new[-1], bell=True)
        return bool(new)

    def _take_moves(self, boxes_only: bool = False) -> str:
        """Log the moves made since the last look (``boxes_only``: only the boxes filled);
        returns the last one's line ("" when none)."""
        line = ""
        for move in self.game.moves[self._moves_seen:]:
            line = literal(yatz_line(move, self.game.seats))
            if not boxes_only or isinstance(move.action, Score):
                self.log_event(line)
        self._moves_seen = len(self.game.moves)
        return line

    def _do(self, action: Action) -> bool:
        try:
            self.game.play(str(action))
        except GameshelfError as exc:
            if self.game.cut_off() is not None:   # the server is gone: said as such
                self._game_over()
            else:
                self.say(error_line(exc), bell=True)
            return False
        self.say("")
        self._store_said()   # the action was saved (a stop or crash loses nothing)
        self.pending = None
        if isinstance(action, Score):
            self._viewed = None
            self.query_one("#card", CardTable).armed = None
        line = self._take_moves()
        self.refresh_view()
        if isinstance(action, Score) and self.game.can_undo():
            self.say(f"{line}: u takes it back until the next roll.")
        return True

    def action_roll(self) -> None:
        if self._human_turn() and self._do(ROLL) and self.classic \
                and self.game.state.rolls_left == 0:
            self.query_one("#card", DataTable).focus()   # the manual: the board takes over
            self.say("Third roll: choose a box on the score board and press Enter.")

    def action_undo(self) -> None:
        """Take back the box just filled (u), while the rule allows it (:meth:`Match.undo`):
        the seat is back at its dice, the computer's turn waiting for it called off."""
        try:
            score = self.game.undo()
        except GameshelfError as exc:
            self.say(error_line(exc), bell=True)
            return
        self._store_said()
        self.pending = None
        self._viewed = None
        table = self.query_one("#card", CardTable)
        table.armed = None
        table.move_cursor(row=BOX_ROW[score.box], column=score.column + FIRST_COL)
        name = self.game.on_turn.name
        where = f"x{score.column + 1} {score.box.label}"
        self.log_event(f"{literal(name)}: {where} taken back")
        self.refresh_view()
        again = " or roll again" if self.game.state.rolls_left else ""
        self.say(f"{literal(possessive(name))} {where} is taken back: fill a box{again}.")
        self._schedule()   # the computer's timer stops

    # --- the classic keys (the 1991 manual) -------------------------------------------------
    def action_dice_enter(self) -> None:
        """Enter on the dice: roll at the start of a turn, else hold or release the die under
        the arrow (after the third roll: over to the score board)."""
        if not self._human_turn():
            return
        st = self.game.state
        if not st.dice:
            self.action_roll()
        elif st.rolls_left == 0:
            self.query_one("#card", DataTable).focus()
            self.say("No rolls left: choose a box on the score board.", bell=True)
        else:
            self.action_hold_die(self.arrow)

    def action_die_arrow(self, step: int) -> None:
        """Move the arrow to the previous (-1) or next (1) die."""
        self.arrow = (self.arrow + step) % DICE
        self.draw_dice()

    def action_switch(self) -> None:
        """F2: from the dice to the score board and back (back only while rolls are left)."""
        st = self.game.state
        dice = self.query_one("#dice", DiceRow)
        if dice.has_focus:
            self.query_one("#card", DataTable).focus()
            return
        if st.dice and st.rolls_left == 0 and not self.game.finished():
            self.say("No rolls left: fill a box.", bell=True)
            return
        dice.focus()

    def _turn_focus(self) -> None:
        """Classic keys, a person's turn (begun, or resumed): the dice while rolls are left
        (Enter rolls first), the score board after the third roll."""
        if self.game.state.rolls_left:
            self.query_one("#dice", DiceRow).focus()
        else:
            self.query_one("#card", DataTable).focus()

    def on_key(self, event: events.Key) -> None:
        """Classic keys: after Enter on a box, any key but Enter corrects the choice."""
        if self.pending is not None and event.key != "enter":
            event.stop()
            event.prevent_default()
            self._set_pending(None)
            self.say("Corrected: move to the box you want and press Enter.")

    def _set_pending(self, coord: Coordinate | None) -> None:
        self.pending = coord
        self._draw_card(self._viewed_seat())

    @on(DataTable.CellHighlighted, "#card")
    def _cell_moved(self, event: DataTable.CellHighlighted) -> None:
        table = self.query_one("#card", CardTable)
        if table.armed is not None and event.coordinate != table.armed:
            table.armed = None   # moved away from the clicked box: a click there selects again
        if self.pending is not None and event.coordinate != self.pending:
            self._set_pending(None)   # a click elsewhere corrects the choice too

    @on(CardTable.Chosen)
    def _cell_clicked(self, event: CardTable.Chosen) -> None:
        """A click selected a box: say what it scores (classic keys: chosen, as a first
        Enter); a second click or Enter fills it."""
        if self.classic:
            self.choose_box(event.coordinate)
            return
        action = self._box_action(event.coordinate)
        if action is not None:
            pts = self.game.state.points(action.box)
            self.say(f"x{action.column + 1} {action.box.label}: {count(pts, 'point')}. "
                     "Click it again or press Enter to fill it.")

    def action_hold_die(self, index: int) -> None:
        if not self._human_turn():
            return
        st = self.game.state
        if not st.dice:
            self.say("Roll first: there are no dice to hold yet.", bell=True)
            return
        if st.rolls_left == 0:
            self.say("No rolls left: fill a box.", bell=True)
            return
        self._do(HOLDS[st.held ^ (1 << index)])

    @on(DieWidget.Toggled)
    def _die_clicked(self, event: DieWidget.Toggled) -> None:
        self.action_hold_die(event.index)

    @on(Button.Pressed, "#roll")
    def _roll_pressed(self) -> None:
        self.action_roll()

    @on(DataTable.CellSelected, "#card")
    def _cell_selected(self, event: DataTable.CellSelected) -> None:
        self.choose_box(event.coordinate)

    def choose_box(self, coord: Coordinate) -> None:
        """Fill the box under ``coord`` (asking first when it would score 0). With the
        classic keys the first Enter chooses the box and the second counts it."""
        action = self._box_action(coord)
        if action is None:
            return
        st = self.game.state
        pts = st.points(action.box)
        where = f"x{action.column + 1} {action.box.label}"
        if self.classic:
            if self.pending != coord:
                self._set_pending(coord)
                self.say(f"{where} scores 0! Enter zeroes it out; any other key corrects."
                         if not pts else f"{where}: {count(pts, 'point')}. Enter counts them; any "
                         "other key corrects.", bell=not pts)
                return
            self.pending = None
            self._score(action)
            return
        if pts == 0:
            def answer(yes: bool | None) -> None:
                if yes:
                    self._score(action)
                else:
                    self.say("Not filled.")
            self.app.push_screen(ConfirmScreen(
                f"{where} scores 0 with these dice.\n"
                "Fill it with 0 anyway?", yes="Fill with 0", no="Cancel"), answer)
            return
        self._score(action)

    def _box_action(self, coord: Coordinate) -> Score | None:
        """The action filling the box under ``coord``; None (with a message) when it cannot
        be filled now."""
        if not self._human_turn():
            return None
        st = self.game.state
        if self._viewed is not None:
            whose = literal(possessive(self.game.seats[self._viewed].name))
            self.say(f"This is {whose} card: press c until your own comes back.", bell=True)
            return None
        box = ROW_BOX.get(coord.row)
        col = coord.column - FIRST_COL
        if box is None or not 0 <= col < COLUMNS:
            self.say("Choose a box: rows 1-6 or 10-16, in column x1, x2 or x3.", bell=True)
            return None
        if not st.dice:
            self.say("Roll first: a box is filled with the dice you rolled.", bell=True)
            return None
        if st.filled[st.seat][col] >> box & 1:
            self.say(f"x{col + 1} {box.label} is already filled.", bell=True)
            return None
        return SCORES[col][box]

    def _score(self, action: Score) -> None:
        if self._do(action):   # the session saved the game (or wrote its end)
            self._after_turn()

    # --- computer turns -------------------------------------------------------------------
    def _schedule(self) -> None:
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        if self.game.finished():
            self._game_over()
        elif self._computer_turn():
            self._prepare_computer()
            wait = PACES[self.pace_index]
            if self.game.can_undo():   # a person's box can be taken back until this roll
                wait = max(wait, UNDO_WAIT)
            self._timer = self.set_timer(wait, self._computer_step)
        elif self.game.others_turn():
            self._wait_news()
        else:
            if self._viewed is not None:
                self._viewed = None
                self.refresh_view()
            self._cursor_to_empty()
            if self.classic:
                self._turn_focus()

    def _prepare_computer(self) -> None:
        """Let the computer on turn think (the strong player's turn plan) in a thread while
        the pace timer runs, once per turn, so the screen does not stall when it acts."""
        st = self.game.state
        key = (st.seat, st.turns_taken(st.seat))
        if key == self._prepared:
            return
        prep = self.game.computer_preparer()
        if prep is not None:
            self._prepared = key
            self._prep_worker = self.run_worker(prep, thread=True, exit_on_error=False,
                                                group="prepare")

    def _cursor_to_empty(self) -> None:
        """Put the card's cursor on an empty box (the nearest in its column, else the first)."""
        st = self.game.state
        filled = st.filled[st.seat]
        table = self.query_one("#card", DataTable)
        row, col = table.cursor_coordinate.row, table.cursor_coordinate.column - FIRST_COL
        box = ROW_BOX.get(row)
        if box is not None and 0 <= col < COLUMNS and not filled[col] >> box & 1:
            return
        cols = [col] if 0 <= col < COLUMNS else []
        cols += [c for c in range(COLUMNS) if c not in cols]
        for c in cols:
            empty = [b for b in Box if not filled[c] >> b & 1]
            if empty:
                target = min(empty, key=lambda b: abs(BOX_ROW[b] - row))
                table.move_cursor(row=BOX_ROW[target], column=c + FIRST_COL)
                return

    def _after_turn(self) -> None:
        self._schedule()

    @work(exclusive=True, group="yatz-online")
    async def _wait_news(self) -> None:
        """Online, while others play: take the server's news (in a thread) and show each
        move as it comes, until this terminal's turn or the end."""
        game = self.game
        while not game.finished() and game.others_turn():
            moved = await asyncio.to_thread(game.advance)
            if not drawable(self):
                return
            if moved:
                self._take_moves()
                self.refresh_view()
            self._store_said()
        if drawable(self):
            self.refresh_view()
            self._schedule()

    def on_screen_resume(self) -> None:
        """Back on top (a help or table closed): computer play goes on."""
        if self.is_mounted and self._timer is None and self._computer_turn():
            self._schedule()

    def _computer_step(self) -> None:
        self._timer = None
        if self.app.screen is not self:
            return  # paused while another screen is on top; resumes with the screen
        if self._prep_worker is not None and not self._prep_worker.is_finished:
            # still thinking in its thread (a first run compiles): look again shortly
            self._timer = self.set_timer(0.05, self._computer_step)
            return
        if not self._computer_turn():
            self._schedule()
            return
        self.game.advance()
        self.game.settle()   # saved after each computer move
        self._take_moves()
        self.refresh_view()
        self._store_said()
        self._schedule()

    def action_skip(self) -> None:
        """Play computer turns out at once, up to the next person's turn."""
        if not self._computer_turn():
            self.say("Nothing to skip: it is a person's turn." if self.game.computers_here
                     else "Nothing to skip: the server plays the computers.")
            return
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        while self._computer_turn():
            self.game.advance()
        self.game.settle()   # one save after the run
        self._take_moves(boxes_only=True)
        self.refresh_view()
        self.say("Skipped ahead.")
        self._store_said()
        self._schedule()

    def action_pace(self, delta: int) -> None:
        self.pace_index = max(0, min(len(PACES) - 1, self.pace_index + delta))
        self.refresh_view()

    # --- saving, leaving, the end ---------------------------------------------------------
    def action_save(self) -> None:
        if self.game.finished():
            self.say("The game is over; nothing to save." if self.game.cut_off() is None
                     else self.game.over_line())
            return
        if not self.game.keeps_saves:
            self.say(f"The server keeps this game: every move is stored there (Esc leaves "
                     f"it; join room {self.game.name} again to play on).")
            return
        try:
            name = self.game.save()
        except GameshelfError as exc:
            self.say(f"could not save: {error_line(exc)}", bell=True)
            return
        self.say(f"Saved as {quoted(name)}. Resume on the setup screen or with: "
                 f"{resume_command('yatz', name)}")

    def keep_game(self) -> None:
        """Ctrl+Q: keep the game saved (see ``gameshelf.tui.base``)."""
        if not self.game.finished():
            self.game.leave()
        self.game.close()

    def action_leave(self) -> None:
        if self._timer is not None:
            self._timer.stop()
        if not self.game.keeps_saves:
            if not self.game.finished():
                self.app.notify(f"Left room {self.game.name}: the server keeps your seat; "
                                "join again with the same name to play on.", title="Yatz",
                                markup=False)
            self.game.close()
            self.dismiss(None)
            return
        if not self.game.finished():
            try:
                name = self.game.leave()
            except SaveLostError as exc:    # another session has the save: leaving is all
                self.app.notify(save_failure(SaveLost(str(exc))), title="Yatz", markup=False,
                                severity="warning")
                self.dismiss(None)
                return
            except GameshelfError as exc:   # the game stays: leaving again tries again
                self.say(f"could not save: {error_line(exc)}; Esc tries again", bell=True)
                self._schedule()
                return
            if name is not None:
                self.app.notify(f"Game saved as {quoted(name)}.", title="Yatz", markup=False)
        self.dismiss(None)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(game_help(self.keys)))

    def action_hint(self) -> None:
        """Show the best hold and best box (the strong player's advice)."""
        if self._human_turn():
            if not self.game.state.dice:
                self.say("Roll first: a hint needs dice.", bell=True)
                return
            from gameshelf.games.yatz.tui.hints import HintScreen
            self.app.push_screen(HintScreen(self.game.state.clone()))

    def action_scores(self) -> None:
        self.app.push_screen(HighScoresScreen())

    def _game_over(self) -> None:
        if self._finished:
            return
        self._finished = True
        lost = self.game.end_problem() if not self.game.keeps_saves else None
        if lost is not None:   # online: the connection went for good; the server plays on
            self.refresh_view()
            self.say(lost[:1].upper() + lost[1:] + ".", bell=True)
            return
        new: dict[int, int] = {}
        try:
            new = self.game.new_high_scores()   # idempotent: written once, the save removed
        except GameshelfError as exc:
            self.say(error_line(exc), bell=True)
        self.refresh_view()
        self.app.push_screen(GameOverScreen(self.game, new), self._closed_over)

    def _closed_over(self, _result: None) -> None:
        if self.app.screen is self:
            self.dismiss(None)


class GameOverScreen(Screen[None]):
    """The final ranking, new high scores marked."""

    BINDINGS = [
        Binding("t", "scores", "Top 20"),
        Binding("v", "review", "Review"),
        Binding("escape,q,enter", "close", "Back"),
        Binding("f1,question_mark", "help", "Help"),
    ]
    DEFAULT_CSS = """
    GameOverScreen { align: center middle; }
    GameOverScreen > Vertical { width: 70; height: auto; border: thick $success;
                                padding: 1 2; }
    GameOverScreen #title { text-style: bold; color: $success; margin-bottom: 1; }
    GameOverScreen DataTable { height: auto; max-height: 14; }
    GameOverScreen Horizontal { height: auto; margin-top: 1; }
    GameOverScreen Button { margin-right: 2; }
    """

    def __init__(self, match: YatzMatch | Match, new: dict[int, int]) -> None:
        super().__init__()
        #: the finished game (a bare match is read through the match interface)
        self.match: YatzMatch = match if isinstance(match, YatzMatch) else LocalYatz(match)
        #: Seats whose score entered the top 20, with their table row ids.
        self.new = new

    def compose(self) -> ComposeResult:
        with Vertical():
            seed = self.match.seed
            yield Static(f"Game over · game number {seed}" if seed is not None
                         else f"Game over · {self.match.title}", id="title")
            table: DataTable[str | Text] = DataTable(id="ranking", cursor_type="none")
            yield table
            notes = ["★ = a new top-20 score"] if self.new else []
            if any(self.match.undos):
                notes.append("Undos = boxes taken back")
            yield Static(" · ".join(notes), id="note")
            with Horizontal():
                yield Button("Top 20 (t)", id="top")
                yield Button("Review (v)", id="review")
                yield Button("Back (Enter)", id="back", variant="primary")
        yield GameFooter()

    def on_mount(self) -> None:
        table = self.query_one("#ranking", DataTable)
        undos = any(self.match.undos)
        table.add_columns("Place", "Player", "x1", "x2", "x3", "Total",
                          *(("Undos",) if undos else ()), "")
        st = self.match.state
        for place, i, pts in self.match.ranking():
            seat = self.match.seats[i]
            cols = [str(st.column_total(i, c) * (c + 1)) for c in range(COLUMNS)]
            star = Text("★ new high", style="bold yellow") if i in self.new else ""
            mark = (Text(str(self.match.undos[i] or ""), justify="right"),) if undos else ()
            table.add_row(str(place), plain(seat.name), *cols, Text(str(pts), style="bold"),
                          *mark, star)
        table.can_focus = False
        self.query_one("#back", Button).focus()

    @on(Button.Pressed, "#top")
    def action_scores(self) -> None:
        self.app.push_screen(HighScoresScreen(highlight=set(self.new.values())))

    @on(Button.Pressed, "#review")
    def action_review(self) -> None:
        """List every choice that cost expected points (when this terminal saw the whole
        game)."""
        from gameshelf.games.yatz.tui.hints import ReviewScreen
        actions = self.match.played_actions()
        if actions is None:
            self.notify("The review needs the whole game, and this terminal joined it after "
                        "its start.", markup=False, severity="warning")
            return
        m = self.match
        self.app.push_screen(ReviewScreen(actions, [s.name for s in m.seats],
                                          [s.is_human for s in m.seats], m.rules))

    @on(Button.Pressed, "#back")
    def action_close(self) -> None:
        self.dismiss(None)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen("# Game over\n\nThe ranking of the game; a star "
                                        "marks a score that entered the top-20 table.\n\n"
                                        "* **t** the top-20 table\n* **v** review: every "
                                        "choice that cost expected points\n"
                                        "* **Enter**/**Esc** back"))


TOP_HELP = """\
# Yatz · top 20

The best twenty scores of finished games: name, score, date and game number. **Undos**
says how many boxes the player took back (undo) in that game; blank: none. A star marks a
score of the game just finished.

* **Enter**, **Esc**, **q** or **t** close the table
"""


class HighScoresScreen(ModalScreen[None]):
    """The top-20 table (R-YZ-7): name, score, date, game number, and the boxes the player
    took back in that game (``Undos``, blank for none; the frame's foot says so). The title
    and that note sit in the frame, and below 30 lines the Close button is left out (the
    footer names Esc), so all 20 rows show at 80x24."""

    BINDINGS = [Binding("escape,q,enter,t", "close", "Close"), help_binding(),
                quit_binding()]
    DEFAULT_CSS = """
    HighScoresScreen { align: center middle; }
    HighScoresScreen > Vertical { width: 95%; max-width: 76; height: auto; max-height: 100%;
                                  border: thick $accent; background: $surface; padding: 0 1;
                                  border-title-color: $accent; border-title-style: bold;
                                  border-subtitle-color: $text-muted; }
    HighScoresScreen #title { text-style: bold; color: $accent; }
    HighScoresScreen DataTable { height: auto; }
    """
    #: Lines the frame, the footer and the Close button take besides the table.
    _AROUND, _BUTTON = 3, 3

    def __init__(self, highlight: set[int] | None = None) -> None:
        """``highlight``: row ids to mark as new (from the game just finished)."""
        super().__init__()
        self.highlight = highlight or set()

    def compose(self) -> ComposeResult:
        with Vertical() as frame:
            frame.border_title = "Yatz · top 20"
            yield Static("", id="title", markup=False)
            yield DataTable(id="top", cursor_type="none")
            yield Button("Close", id="close", variant="primary")
        yield GameFooter()

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """Show the Close button only where the rows leave room for it; the table takes the
        height left."""
        room = self.size.height - self._AROUND - (1 if self.query_one("#title").display
                                                  else 0)
        button = self.query_one("#close", Button)
        button.display = room - self._BUTTON >= TOP + 1
        self.query_one("#top", DataTable).styles.max_height = max(
            3, room - (self._BUTTON if button.display else 0))

    def on_mount(self) -> None:
        table = self.query_one("#top", DataTable)
        table.can_focus = False  # Enter, t and Esc close the table
        self.query_one("#close", Button).focus()
        table.add_columns("#", "Name", "Score", "Date", "Game", "Undos", "")
        try:
            with Store() as store:
                rows = store.top_scores(GAME, TOP)
        except GameshelfError as exc:
            self.query_one("#title", Static).update(plain(f"Top 20 unavailable: {error_line(exc)}"))
            self._fit()
            return
        title = self.query_one("#title", Static)
        title.display = not rows
        if not rows:
            title.update("No scores yet: finished games enter the table.")
        for i, r in enumerate(rows, start=1):
            mark = Text("★ new", style="bold yellow") if r.id in self.highlight else ""
            table.add_row(str(i), plain(r.name), plain(r.score), plain(when(r.date)),
                          plain(r.seed), Text(undo_mark(r.detail), justify="right"), mark)
        if any(undo_mark(r.detail) for r in rows):
            self.query_one(Vertical).border_subtitle = UNDO_NOTE
        self._fit()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(TOP_HELP))

    @on(Button.Pressed, "#close")
    def action_close(self) -> None:
        self.dismiss(None)


def describe_save(record: GameRecord) -> tuple[bool, str]:
    """What the saves list says of a Yatz save: ``(over, "Ann, Bob · game 7 · turn 5 of 39")``.

    Raises:
        GameshelfError: the record does not replay (listed as damaged).
    """
    match = Match.from_record(record)
    return match.is_over(), match.describe()


class SavesScreen(saves.SavesScreen):
    """Pick a saved game to resume; returns its name. ``d`` deletes the highlighted save
    (the one saves list of every game: :mod:`gameshelf.tui.saves`)."""

    def __init__(self) -> None:
        super().__init__(GAME, "Yatz", describe_save)
