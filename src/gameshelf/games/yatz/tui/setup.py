"""The Yatz screens of the terminal app: setup (seats and game number), then the game.

:func:`make_screen` gives the setup screen the menu pushes; :func:`run_session` runs a small
app straight on a game (``gameshelf yatz play --tui``). The game screen lives in
:mod:`gameshelf.games.yatz.tui.screen`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Header, Input, Label, Select, Static

from gameshelf.core.chance import new_seed, parse_seed
from gameshelf.core.errors import GameshelfError
from gameshelf.core.keymaps import DEFAULT_KEY_MAP, remember_key_map, remembered_key_map
from gameshelf.core.seats import check_person_name
from gameshelf.core.text import count, error_line, quoted
from gameshelf.games.yatz.game import GAME, MAX_PLAYERS
from gameshelf.games.yatz.match import HUMAN, Match, Seat
from gameshelf.games.yatz.options import YatzOptions
from gameshelf.games.yatz.play import YatzMatch
from gameshelf.games.yatz.players import PLAYERS, default_player
from gameshelf.games.yatz.session import YatzSession
from gameshelf.games.yatz.tui.over import GameOverScreen
from gameshelf.games.yatz.tui.saves import SavesScreen
from gameshelf.games.yatz.tui.screen import GameScreen
from gameshelf.games.yatz.tui.top import HighScoresScreen
from gameshelf.tui.base import GuardedApp, run_guarded
from gameshelf.tui.widgets import (
    GameFooter,
    HelpScreen,
    OffersNow,
    TextField,
    help_binding,
    plain,
    refusal,
    typed_while_editing,
)

SETUP_HELP = """\
# Yatz: setting up a game

Triple Yahtzee for 1 to 9 players. Each player has three columns, x1, x2 and x3, of 13
boxes: 39 turns each. Column x2 counts double and x3 triple.

* **F6** / **F7** (or the buttons; **+** / **-** outside a text field) add or remove a
  seat. Setting up again in this run starts from the last game's seats.
* Each seat has a name and a kind: a person, or a computer player (weakest first, as the
  page lists them; a new seat's computer is the default one).
* The **game number** decides every roll of the dice: play the same number again to get
  the same dice. Type one to replay a game, or press **F2** (**n** outside a text field)
  for a new one.
* **Keys**: the game screen's default keys, or the classic keys of the 1991 manual (Enter
  and F1 roll, F2 moves between the dice and the score board, Up/Down and Enter hold a die,
  Enter twice fills a box; **?** shows the help).
* **Enter** in a field or **F5** / the Start button starts the game.
* **F3** or the Resume button lists the saved games; **F4** shows the top-20 table.
* **Esc** goes back to the menu.
"""


#: The key maps of the game screen, as the setup screen offers them.
KEY_CHOICES = [("Default keys", DEFAULT_KEY_MAP), ("Classic keys", "classic")]


def _kind_options() -> list[tuple[str, str]]:
    """Person, then the computer players in the game's one order (``YatzOptions.LEVELS``,
    as the prompt's help and the page list them); the default is the one chosen first."""
    return [("Person", HUMAN), *((f"Computer: {n}", n) for n in YatzOptions.LEVELS)]


class SeatRow(Horizontal):
    """One seat: its number, a name field and the human/computer choice."""

    DEFAULT_CSS = Path(__file__).with_name("seat.tcss").read_text(encoding="utf-8")

    def __init__(self, index: int, name: str, kind: str) -> None:
        super().__init__(id=f"seat{index + 1}")
        self.index = index
        self._name, self._kind = name, kind

    def compose(self) -> ComposeResult:
        yield Label(f"{self.index + 1}.")
        yield TextField(self._name, placeholder=f"Player {self.index + 1}",
                    id=f"name{self.index + 1}", max_length=20)
        yield Select(_kind_options(), value=self._kind, allow_blank=False,
                     id=f"kind{self.index + 1}")

    def seat(self) -> Seat:
        """The seat as entered.

        Raises:
            BadInputError: a person's name that names a computer player (``cpu``,
                ``computer``, ``greedy``...: one meaning in every game).
        """
        # as typed: the seats' names are checked before their blanks are folded
        # (name_seats), so a tab or U+2028 at an end is refused, not dropped
        name = self.query_one(Input).value
        kind = str(self.query_one(Select).value)
        if kind == HUMAN:
            check_person_name(name, PLAYERS)
        return Seat(name, kind)


class SetupScreen(OffersNow, Screen[None]):
    """Choose 1 to 9 seats and the game number, then start, resume or see the top 20."""

    BINDINGS = [
        Binding("f5", "start", "Start"),
        # function keys first: a name or number field types +, - and n
        Binding("f6,plus", "seats(1)", "Add seat"),
        Binding("f7,minus", "seats(-1)", "Remove seat"),
        Binding("f2,n", "new_number", "New number"),
        Binding("f3", "resume", "Resume"),
        Binding("f4", "scores", "Top 20"),
        help_binding(),
        Binding("escape", "app.pop_screen", "Back"),
        # while the footer hides them, the keys say why (no saves, no scores, 1 or 9 seats)
        refusal("f3", "resume"), refusal("f4", "scores"),
        Binding("f6,plus", "refuse('seats', 1)", show=False),
        Binding("f7,minus", "refuse('seats', -1)", show=False),
    ]
    DEFAULT_CSS = Path(__file__).with_name("setup.tcss").read_text(encoding="utf-8")

    def __init__(self) -> None:
        super().__init__()
        self.count = 2
        self.has_saves, self.has_scores = True, True
        #: the seats shown first: (name, kind) each; the last game's of this run
        self._first_seats: list[tuple[str, str]] = [
            ("You", HUMAN), (YatzOptions.computer_name(1), default_player())]

    def _last_setup(self) -> dict[str, Any]:
        """This run's memory of the game's setups (the app's; none in an app without)."""
        setups: dict[str, Any] = getattr(self.app, "setups", {})
        return setups

    def compose(self) -> ComposeResult:
        last = self._last_setup().get(GAME)
        if last:   # the last game's seats (names and kinds) of this run
            self._first_seats = list(last)
            self.count = len(last)
        yield Header()
        with Vertical(id="setup"):
            yield Static("Yatz · new game", id="title")
            with Horizontal(id="count"):
                yield Button("-", id="fewer")
                yield Static("2 players", id="countlabel")
                yield Button("+", id="more")
            with Vertical(id="seats"):
                for i, (name, kind) in enumerate(self._first_seats):
                    yield SeatRow(i, name, kind)
            with Horizontal(id="number"):
                yield Label("Game number")
                yield TextField(str(new_seed()), id="seed")
                yield Button("New (F2)", id="newnumber")
                yield Select(KEY_CHOICES, value=remembered_key_map(GAME), allow_blank=False,
                             id="keys")
            yield Static("", id="setupmsg", markup=False)
            with Horizontal(id="buttons"):
                yield Button("Start (F5)", id="start", variant="success")
                yield Button("Resume… (F3)", id="resume")
                yield Button("Top 20 (F4)", id="scores")
        yield GameFooter()

    def on_screen_resume(self) -> None:
        """What the store holds decides whether Resume and Top 20 are offered."""
        self.has_saves, self.has_scores = self.store_facts(GAME)
        self.query_one("#resume", Button).disabled = not self.has_saves
        self.query_one("#scores", Button).disabled = not self.has_scores
        self.refresh_bindings()

    def on_mount(self) -> None:
        self._show_seats()
        self.query_one("#name1", Input).focus()

    def _show_seats(self) -> None:
        rows = list(self.query(SeatRow))
        for row in rows:
            row.display = row.index < self.count
        for i in range(len(rows), self.count):  # seats are mounted when first needed
            self.query_one("#seats", Vertical).mount(SeatRow(i, "", HUMAN))
        self.query_one("#countlabel", Static).update(count(self.count, "player"))

    def say(self, text: str, *, bell: bool = False) -> None:
        """Show a message under the fields."""
        self.query_one("#setupmsg", Static).update(plain(text, lines=True))
        if bell:
            self.app.bell()

    def action_seats(self, delta: int) -> None:
        new = self.count + delta
        if not 1 <= new <= MAX_PLAYERS:
            self.say("Yatz is for 1 to 9 players.", bell=True)
            return
        self.count = new
        self.say("")
        self._show_seats()
        self.refresh_bindings()

    @on(Button.Pressed, "#fewer")
    def _fewer(self) -> None:
        self.action_seats(-1)

    @on(Button.Pressed, "#more")
    def _more(self) -> None:
        self.action_seats(1)

    def action_new_number(self) -> None:
        self.query_one("#seed", Input).value = str(new_seed())

    @on(Button.Pressed, "#newnumber")
    def _new_pressed(self) -> None:
        self.action_new_number()

    def offered(self, action: str, parameters: tuple[object, ...]) -> bool:
        """The footer offers only what can be done now: Resume with a save, Top 20 with a
        score, another seat below 9, one fewer above 1; no key a focused field would type
        (the footer names F6, F7 and F2, which work in a field too)."""
        if typed_while_editing(self, action, parameters):
            return False
        if action == "seats":
            return 1 <= self.count + int(str(parameters[0])) <= MAX_PLAYERS
        if action == "resume":
            return self.has_saves
        if action == "scores":
            return self.has_scores
        return True

    def keys(self) -> str:
        """The key map chosen for the game screen."""
        return str(self.query_one("#keys", Select).value)

    @on(Select.Changed, "#keys")
    def _keys_changed(self, event: Select.Changed) -> None:
        """Remember the choice for the next games (and the next runs)."""
        if str(event.value) == remembered_key_map(GAME):
            return
        try:
            remember_key_map(GAME, str(event.value))
        except GameshelfError as exc:
            self.say(f"the choice of keys is not remembered: {error_line(exc)}", bell=True)

    def seats(self) -> list[Seat]:
        """The seats as entered (shown rows only)."""
        return [row.seat() for row in self.query(SeatRow) if row.index < self.count]

    @on(Input.Submitted)
    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        try:
            seed = parse_seed(self.query_one("#seed", Input).value)
            match = Match(self.seats(), seed)
            # the save is claimed now (game-N, or game-N-2... beside another game's save);
            # a store that cannot be written is said here, before the first move
            session = YatzSession.new(match)
        except GameshelfError as exc:
            self.say(error_line(exc), bell=True)
            return
        self.say("")
        self._last_setup()[GAME] = [
            (row.query_one(Input).value, str(row.query_one(Select).value))
            for row in self.query(SeatRow) if row.index < self.count]
        self.app.push_screen(GameScreen(session, keys=self.keys()))
        # The next Start is a new game (and a new save), not a replay over this one's save.
        self.action_new_number()

    @on(Button.Pressed, "#resume")
    def action_resume(self) -> None:
        if not self.has_saves:
            self.say("There is no saved Yatz game to resume.", bell=True)
            return

        def chosen(name: str | None) -> None:
            if name is None:
                return
            try:
                session = YatzSession.resume(name)
            except GameshelfError as exc:
                self.say(error_line(exc), bell=True)   # names the save, says why
                return
            if session.top is not None:   # over: its end is written now
                self.say(f"the saved game {quoted(name)} was over; its scores are recorded now.")
                self.app.push_screen(GameOverScreen(session.match, session.top))
                return
            self.app.push_screen(GameScreen(session, keys=self.keys()))
        self.app.push_screen(SavesScreen(), chosen)

    @on(Button.Pressed, "#scores")
    def action_scores(self) -> None:
        if not self.has_scores:
            self.say("No Yatz scores yet: the top 20 fills as games end.", bell=True)
            return
        self.app.push_screen(HighScoresScreen())

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(SETUP_HELP))


class YatzApp(GuardedApp):
    """A small app that opens straight on one game (``gameshelf yatz play --tui``)."""

    TITLE = "gameshelf · Yatz"

    def __init__(self, session: YatzMatch | YatzSession | Match, save_name: str | None = None,
                 keys: str = DEFAULT_KEY_MAP) -> None:
        """``session``: the game (a match interface: here or on a server; a bare match's
        first save claims ``save_name``, or ``save_name-2``... beside another game's save);
        ``keys``: the key map."""
        super().__init__()
        self._session, self._save_name, self._keys = session, save_name, keys

    def on_mount(self) -> None:
        self.push_screen(GameScreen(self._session, self._save_name, keys=self._keys),
                         lambda _r: self.exit())


def run_session(session: YatzSession | YatzMatch, keys: str | None = None) -> None:
    """Play a session's game (or a match played on a server) in the terminal app until the
    player leaves; ``keys``: the key map (None: the one chosen last on the setup screen)."""
    run_guarded(YatzApp(session, keys=keys or remembered_key_map(GAME)),
                "play at the prompt: leave out --tui")
