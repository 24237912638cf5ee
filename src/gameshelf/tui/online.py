"""Play online from the terminal app: create a room on a game server or join one by its code
(:class:`OnlineScreen`), wait in its lobby (:class:`LobbyScreen`), then play on the game's own
screen through the remote match (each game's ``online`` part). Every wait on the network runs
in a worker thread; a failure is one line on the screen.
"""

from __future__ import annotations

from typing import Any

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Header, Input, Select, Static

from gameshelf.core.errors import GameshelfError
from gameshelf.core.gamedef import options_of
from gameshelf.core.inputs import check_name
from gameshelf.core.seats import MAX_NAME_LENGTH
from gameshelf.core.text import error_line, listed, literal
from gameshelf.games import REGISTRY
from gameshelf.server import protocol as p
from gameshelf.session.remote import (
    OnlineGame,
    RemoteMatch,
    Room,
    last_server,
    parse_seats,
    server_url,
)
from gameshelf.tui.widgets import GameFooter, HelpScreen, TextField, help_binding, plain


def _online_games() -> dict[str, tuple[str, OnlineGame]]:
    """The games played online here: key -> (its name, its ``online`` part); a badly made
    game is left out (:func:`online_broken`)."""
    broken = online_broken()
    return {g.key: (g.title, g.load("online")) for g in REGISTRY.with_part("online")
            if g.key not in broken}


def online_broken() -> dict[str, str]:
    """The badly made games (their package, ``online`` or ``options`` part): key -> why,
    in one line."""
    return {**REGISTRY.working("options").broken, **REGISTRY.working("online").broken}


def online_help() -> str:
    """The screens' help: the games played online and their computer levels, from the
    registry."""
    games = _online_games()
    titles = [name for name, _ in games.values()]
    levels = "; ".join(f"{title}: {', '.join(f'`{lv}`' for lv in kind.LEVELS)}"
                       for title, kind in ((g.title, options_of(g))
                                           for g in map(REGISTRY.get, games)) if kind.LEVELS)
    seats = "; ".join(f"{name}: `{how.default_seats}`" for name, how in games.values())
    return f"""\
# Play online

Play {listed(titles, last="or", none="games")} with people on other machines through
a game server (`gameshelf serve` on one of them; others reach it at ws://HOST:PORT).

* **Create a room**: the game, your name and the seats in order: `me` (you), `open` a seat
  for someone to join by the room's code, `cpu` a computer player or its level ({levels}).
  Each game starts from its usual seats ({seats}). Share the code the lobby shows.
* **Join a room**: your name and the room's code. Coming back with the same name to a room
  you were in gives you your seat again (its secret token is kept on this machine).
* In the lobby the host starts the game with **Enter** (seats still open become computer
  players); it starts by itself once every seat is taken.
* The game is the game's usual screen, each seat seeing only what it may see (no undo
  online). The server keeps the game: **Esc** leaves it (join again to play on).
* **Tab** moves between the fields, **Enter** in a field creates or joins, **Esc** goes back,
  **?** or **F1** shows this help, **Ctrl+Q** quits.
"""


class OnlineScreen(Screen[None]):
    """Create a room or join one by its code."""

    DEFAULT_CSS = """
    OnlineScreen { align: center top; }
    OnlineScreen > Vertical { width: 84; max-width: 100%; height: 1fr; padding: 0 1; }
    #on-title { text-align: center; text-style: bold; color: $accent; }
    #on-note { color: $text-muted; margin-bottom: 1; }
    .on-row { height: 1; margin-bottom: 1; }
    .on-row Static { width: 22; }
    .on-row Input { width: 1fr; }
    .on-row Button { margin-right: 2; }
    #on-msg { color: $warning; height: auto; max-height: 3; }
    """
    BINDINGS = [Binding("escape", "app.pop_screen", "Back"), help_binding()]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            yield Static("P L A Y   O N L I N E", id="on-title")
            games = _online_games()
            titles = [name for name, _ in games.values()]
            yield Static(f"{listed(titles, last='or', none='Games')} with people on "
                         "other machines, through a game server (gameshelf serve).",
                         id="on-note")
            broken = online_broken()
            if broken:
                yield Static(plain("Not played online here: " + "; ".join(
                    error_line(line, 120) for line in broken.values()), lines=True),
                    id="on-broken")
            with Horizontal(classes="on-row"):
                yield Static("Game (to create)")
                yield Select([(name, key) for key, (name, _) in games.items()],
                             value=next(iter(games), Select.BLANK), allow_blank=not games,
                             id="on-game",
                             compact=True)
            with Horizontal(classes="on-row"):
                yield Static("Server")
                yield TextField(value=last_server(), id="on-server", compact=True)
            with Horizontal(classes="on-row"):
                yield Static("Your name")
                yield TextField(placeholder="e.g. Ann", id="on-name", compact=True,
                                max_length=MAX_NAME_LENGTH)
            with Horizontal(classes="on-row"):
                yield Static("Seats (to create)")
                yield TextField(value=next(iter(games.values()))[1].default_seats,
                                id="on-seats", compact=True)
            with Horizontal(classes="on-row"):
                yield Static("Room code (to join)")
                yield TextField(placeholder="e.g. K7QX", id="on-code", compact=True)
            with Horizontal(classes="on-row"):
                yield Button("Create a room", id="on-create", variant="primary", compact=True)
                yield Button("Join the room", id="on-join", compact=True)
            yield Static("", id="on-msg")
        yield GameFooter()

    def on_mount(self) -> None:
        self.query_one("#on-name", Input).focus()

    def on_select_changed(self, event: Select.Changed) -> None:
        """Another game chosen: its usual seats, unless the seats were typed (Muggins is for
        two: "me,open,cpu" stayed and was refused until edited)."""
        seats = self.query_one("#on-seats", Input)
        usual = {key: how.default_seats for key, (_, how) in _online_games().items()}
        if seats.value.strip() in usual.values():
            seats.value = usual.get(str(event.value), seats.value)

    def _say(self, text: str) -> None:
        self.query_one("#on-msg", Static).update(plain(text, lines=True))

    def _field(self, key: str) -> str:
        return self.query_one(f"#on-{key}", Input).value.strip()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.go("join" if event.button.id == "on-join" else "create")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.go("join" if event.input.id == "on-code" or self._field("code") else "create")

    def go(self, how: str) -> None:
        """Create a room or join one with what the fields say (in a worker: the network)."""
        try:
            url = server_url(self._field("server"))
            # the name as typed: checked before its blanks are folded (a tab or U+2028 at
            # an end is refused, never stripped away)
            name = check_name(self.query_one("#on-name", Input).value, "player name",
                              max_len=MAX_NAME_LENGTH)
            if not name:
                raise GameshelfError("type your name first")
            code = self._field("code")
            if how == "join" and not code:
                raise GameshelfError("type the room's code to join it")
            seats = parse_seats(self._field("seats"), name) if how == "create" else []
        except GameshelfError as exc:
            self._say(error_line(exc))
            self.app.bell()
            return
        self._say("Creating the room…" if how == "create" else f"Joining room {code}…")
        game = str(self.query_one("#on-game", Select).value)
        self._connect(how, url, name, code, seats, game)

    @work(thread=True, exclusive=True, group="online-connect")
    def _connect(self, how: str, url: str, name: str, code: str,
                 seats: list[p.SeatSpec], game: str) -> None:
        try:
            room = (Room.create(url, game, seats) if how == "create"
                    else Room.join(url, code, name, tuple(_online_games())))
        except GameshelfError as exc:
            self.app.call_from_thread(self._failed, error_line(exc))
            return
        self.app.call_from_thread(self._opened, room)

    def _failed(self, text: str) -> None:
        self._say(text)
        self.app.bell()

    def _opened(self, room: Room) -> None:
        self._say("")
        self.app.push_screen(LobbyScreen(room))

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(online_help()))


class LobbyScreen(Screen[None]):
    """A room before its game: its code, its seats as people join; the host starts it."""

    DEFAULT_CSS = """
    LobbyScreen { align: center top; }
    LobbyScreen > Vertical { width: 84; max-width: 100%; height: 1fr; padding: 0 1; }
    #lb-title { text-align: center; text-style: bold; color: $accent; }
    #lb-code { text-align: center; text-style: bold; margin: 1 0; }
    #lb-seats { height: auto; }
    #lb-msg { color: $warning; height: auto; max-height: 3; margin-top: 1; }
    """
    BINDINGS = [Binding("escape", "leave", "Leave"), help_binding(),
                Binding("enter", "start", "Start now")]

    def __init__(self, room: Room) -> None:
        super().__init__()
        self.room = room
        self.playing = False
        self._asked_start = False

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            yield Static("L O B B Y", id="lb-title")
            yield Static(id="lb-code")
            yield Static(id="lb-seats")
            yield Static("", id="lb-msg")
        yield GameFooter()

    def on_mount(self) -> None:
        self.query_one("#lb-code", Static).update(plain(
            f"Room {self.room.code} on {self.room.link.url}: share the code"))
        self._draw()
        self.listen()

    def _open(self) -> int:
        return sum(s.kind == "open" for s in self.room.info.seats)

    def _draw(self) -> None:
        lines = []
        for s in self.room.info.seats:
            who = literal(s.name) if s.name else "(open: waiting for someone to join)"
            tag = " (you)" if s.seat == self.room.seat else (
                " (computer)" if s.kind == "computer" else
                "" if s.kind == "open" else (" (here)" if s.connected else " (away)"))
            lines.append(f"  {s.seat + 1}. {who}{tag}")
        waiting = ("Enter starts now (open seats become computer players); the game starts "
                   "by itself once every seat is taken." if self.room.is_host
                   else "The host starts the game.")
        self.query_one("#lb-seats", Static).update(plain(
            "Seats:\n" + "\n".join(lines) + "\n\n" + waiting, lines=True))
        self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Start now is offered to the host only, before the start."""
        if action == "start":
            return self.room.is_host and not self._asked_start
        return True

    @work(thread=True, exclusive=True, group="online-lobby")
    def listen(self) -> None:
        """Read the room's news until its game's first state (then open the game)."""
        room = self.room
        try:
            while not self.playing:
                if room.is_host and not self._open() and not self._asked_start:
                    self._asked_start = True
                    room.start()
                msg = room.wait(0.25)
                if msg is None:
                    continue
                if isinstance(msg, p.RoomUpdate):
                    self.app.call_from_thread(self._draw)
                elif isinstance(msg, p.Error):
                    self.app.call_from_thread(self._say, f"the server: {msg.message}")
                elif isinstance(msg, p.State):
                    room.link.pending.insert(0, msg)
                    game = _online_games()[room.info.game][1].remote(room)
                    self.playing = True
                    self.app.call_from_thread(self._play, game)
        except GameshelfError as exc:
            self.app.call_from_thread(self._say, error_line(exc))

    def _say(self, text: str) -> None:
        self.query_one("#lb-msg", Static).update(plain(text, lines=True))

    def _play(self, game: RemoteMatch[Any, Any]) -> None:
        self.app.switch_screen(_online_games()[game.game][1].screen(game))

    def action_start(self) -> None:
        if not self.room.is_host or self._asked_start:
            return
        self._asked_start = True
        self.refresh_bindings()
        self._say("Starting…")
        self._start()

    @work(thread=True, group="online-start")
    def _start(self) -> None:
        try:
            self.room.start()
        except GameshelfError as exc:
            self.app.call_from_thread(self._say, error_line(exc))

    def action_leave(self) -> None:
        self.playing = True  # the listener stops
        self.room.close()
        self.app.pop_screen()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(online_help()))
