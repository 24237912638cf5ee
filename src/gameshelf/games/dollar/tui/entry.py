"""The bills of a One Dollar Pinball round entered before play: the form's bill (as printed,
or bare digits with the district, R-DP-1 to R-DP-3), a random bill drawn from the game
number, removing one, and the names a bill gets when none is typed. A bill refused is said
on the message line until the form is typed in again or a bill is taken. A mixin of
:class:`~gameshelf.games.dollar.tui.screen.DollarScreen`, which holds the round and
draws."""

from __future__ import annotations

from textual.widgets import Button, Input, Static

from gameshelf.core.chance import Chance
from gameshelf.core.errors import GameshelfError
from gameshelf.core.text import count, error_line, literal, said
from gameshelf.games.dollar.bill import parse_series
from gameshelf.games.dollar.game import MAX_PLAYERS, Entry, make_entry, random_bill
from gameshelf.games.dollar.tui.machine import Machine
from gameshelf.games.dollar.tui.tables import PlayersTable
from gameshelf.tui.widgets import RefusalMixin, ScreenMixin

#: How a round starts, said until the bills are played.
START_LINE = "Add another bill, or F5 plays."
#: The form's fields: typing in one takes a refusal said of the form off the message line.
FORM_INPUTS = frozenset({"name", "bill", "district", "series"})

class BillEntry(RefusalMixin, ScreenMixin):
    """The bills entered before play (see the module docstring)."""

    entries: list[Entry]
    phase: str
    chance: Chance
    #: The form as it was when the message line said a refusal of it (:meth:`refuse`),
    #: taken off the line once the form differs; None: no refusal is said.
    refused: tuple[str, ...] | None = None

    # ----- what the screen provides ------------------------------------------------------
    @property
    def machine(self) -> Machine:
        raise NotImplementedError

    def _say(self, message: str, bell: bool = False) -> None:
        raise NotImplementedError

    def _refresh_players(self) -> None:
        raise NotImplementedError

    def action_play(self) -> None:
        raise NotImplementedError

    def action_new_game(self, seed: int | None = None) -> None:
        raise NotImplementedError

    def howto_says(self, words: str) -> bool:
        raise NotImplementedError

    # ----- the form ----------------------------------------------------------------------
    def refuse(self, message: str) -> None:
        """Say why the form's bill (or the form's key) is refused, with the bell; the line
        stays until the form is typed in again or a bill is taken."""
        self._say(message, bell=True)
        self.refused = self._form()

    def _form(self) -> tuple[str, ...]:
        return tuple(self.query_one(f"#{name}", Input).value for name in sorted(FORM_INPUTS))

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
            self.refuse("This game is played: F3 starts a new one.")
            return False
        if len(self.entries) >= MAX_PLAYERS:
            self.refuse(f"A round takes at most {count(MAX_PLAYERS, 'bill')}: F5 plays.")
            return False
        return True

    def _added(self, entry: Entry) -> None:
        self.refused = None
        self.entries.append(entry)
        for widget_id in ("#name", "#bill", "#district"):  # the series is kept
            self.query_one(widget_id, Input).value = ""
        self._refresh_players()
        self.machine.idle(len(self.entries))
        unchecked = "" if entry.series else "; no series, so the Match is not checked"
        # how many bills are in, and how many more the round takes: said here unless the
        # how-to line says it
        n = len(self.entries)
        room = ("" if self.howto_says("bill") else
                f" {count(n, 'bill')} in, room for {MAX_PLAYERS - n} more. {START_LINE}"
                if n < MAX_PLAYERS else f" {count(n, 'bill')} in, the most a round takes. "
                "F5 plays.")
        self._say(f"{literal(said(entry.name, 'plays'))} {entry.bill}{unchecked}.{room}")
        self.query_one("#name", Input).focus()

    def series_note(self) -> None:
        """The line under the series field says what its value means for the Match: empty
        (the grey ``2017A`` is only an example), no Match is checked; a year, the digit the
        serial must end in; a series that does not read, why."""
        typed = self.query_one("#series", Input).value.strip()
        if not typed:
            note = ("Series empty: the Match (+1 million) is not checked. Type the "
                    "series printed on the bill, e.g. 2017A.")
        else:
            try:
                year = parse_series(typed).year
            except GameshelfError as exc:
                note = error_line(exc)
            else:
                note = (f"Series {year}: a serial ending in {year % 10} scores the Match "
                        "(+1 million).")
        self.query_one("#series-note", Static).update(note)

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "series":
            self.series_note()
        # a new bill being typed: the refusal of the last one is stale
        if self.refused is not None and event.input.id in FORM_INPUTS \
                and self._form() != self.refused:
            self.refused = None
            self._say("")

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
            self.refuse(error_line(exc))
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
            self.refuse(error_line(exc))
            self.query_one("#series", Input).focus()
            return
        self._added(entry)

    def action_remove(self) -> None:
        """Remove the highlighted player (before play)."""
        if self.phase != "setup" or not self.entries:
            self.app.bell()
            return
        row = self.query_one("#players", PlayersTable).cursor_row
        if 0 <= row < len(self.entries):
            gone = self.entries.pop(row)
            self._refresh_players()
            self.machine.idle(len(self.entries))
            self._say(f"{literal(gone.name)} removed.")
