"""``gameshelf online ...``: play on a game server (``gameshelf serve``) from the command line.

``create GAME --seats "me,?,cpu"`` makes a room, prints its code, waits for the open seats
(``?``) to be taken, starts the game and plays it at the text prompt (or on the game screen
with ``--tui``); ``join CODE --name NAME`` takes an open seat of the room (or one's own seat
again: its token is kept in the local store) and plays.

Each game is played at its own prompt or screen, each terminal seeing only what its seat
may see. A bad address, a server that cannot be reached, a wrong code, a full room or a
taken name is one line on stderr and exit code 2.
"""

from __future__ import annotations

import getpass
from typing import Any

import typer

from gameshelf.core.errors import BadInputError
from gameshelf.core.inputs import check_name
from gameshelf.core.seats import MAX_NAME_LENGTH
from gameshelf.core.text import literal
from gameshelf.games import REGISTRY
from gameshelf.server import protocol as p
from gameshelf.server.games import playable
from gameshelf.session.remote import (
    OnlineError,
    OnlineGame,
    RemoteMatch,
    Room,
    last_server,
    parse_seats,
    server_url,
)

#: Its help is the root's line for it (``gameshelf.cli``: said without loading this module).
app = typer.Typer(no_args_is_help=True, rich_markup_mode=None)

#: Seconds between looks at the lobby while seats are still open.
LOBBY_POLL = 0.5

SERVER_HELP = "The game server: ws://HOST:PORT (default: the last one used, else " \
              "ws://127.0.0.1:8765)."


def _url(server: str | None) -> str:
    return server_url(server if server is not None else last_server())


def _name(name: str) -> str:
    """The seat's name, checked as every player name is; an empty one is refused."""
    checked = check_name(name, "player name", max_len=MAX_NAME_LENGTH)
    if not checked:
        raise BadInputError("the player name is empty")
    return checked


def _game(game: str) -> str:
    key = game.strip().lower()
    if key not in playable():
        raise BadInputError(f"not a game of the server: {literal(game)} (one of "
                            f"{', '.join(playable())})")
    playable_here = tuple(g.key for g in REGISTRY.with_part("online"))
    if key not in playable_here:
        raise BadInputError(f"{key} cannot be played online from this program yet (only "
                            f"{', '.join(playable_here)})")
    return key


def online_game(key: str) -> OnlineGame:
    """The ``online`` part of game ``key``."""
    found: OnlineGame = REGISTRY.get(key).load("online")
    return found


def _seat_line(room: Room) -> str:
    words = []
    for s in room.info.seats:
        who = literal(s.name) if s.name else "(open)"
        tag = " (you)" if s.seat == room.seat else (
            f" (computer{': ' + literal(s.level) if s.level else ''})"
            if s.kind == "computer" else "")
        words.append(who + tag)
    return "Seats: " + ", ".join(words)


def lobby(room: Room) -> None:
    """Wait in the room until it starts, saying who joins; the host starts it once no seat
    is open (at once when none was)."""
    shown = ""
    started = False
    while room.info.status == "lobby":
        line = _seat_line(room)
        if line != shown:
            typer.echo(line)
            shown = line
        open_seats = sum(s.kind == "open" for s in room.info.seats)
        if room.is_host and not open_seats and not started:
            room.start()
            started = True
        msg = room.wait(LOBBY_POLL)
        if isinstance(msg, p.Error):
            raise BadInputError(f"the server: {msg.message}")
        if isinstance(msg, p.State):
            room.link.pending.insert(0, msg)  # the game's first state: the match reads it
            break


def _play(room: Room, tui: bool) -> None:
    lobby(room)
    how = online_game(room.info.game)
    game: RemoteMatch[Any, Any] = how.remote(room)
    if tui:
        how.run_screen(game)
        return
    try:
        how.prompt(game)
    finally:
        game.close()
    problem = game.end_problem()
    if problem is not None:   # the connection was lost for good: one line, exit 2
        raise OnlineError(problem)


def _options_help(option: str) -> str:
    """What the games that take ``option`` on ``online create`` say of it (their
    ``online_options`` part), e.g. ``Muggins: the points that end the game (...; default
    500).``"""
    helps = [f"{g.title}: {g.load('online_options')[option]}"
             for g in REGISTRY.with_part("online_options") if option in g.load("online_options")]
    return "; ".join(helps) + "."


@app.command("create")
def create(game: str = typer.Argument(..., help="The game: showdown, yatz or muggins."),
           seats: str = typer.Option("me,?", "--seats",
                                     help="Seats in order: me (you), ? (open for someone to "
                                          "join by the code), cpu or a computer level "
                                          "(Showdown: heuristic, random, search; Yatz: "
                                          "strong, greedy, casual; Muggins: Mugsy's easy, "
                                          "normal, strong, even)."),
           server: str | None = typer.Option(None, "--server", help=SERVER_HELP),
           name: str | None = typer.Option(None, "--name", help="Your name (default: your "
                                                                "login name)."),
           away: float = typer.Option(60.0, "--away", min=0, max=3600,
                                      help="Seconds a person may be gone before a computer "
                                           "plays for them (0: never)."),
           target: int | None = typer.Option(None, "--target", min=5, max=10_000,
                                             help=_options_help("target")),
           tui: bool = typer.Option(False, "--tui", help="Play on the game screen.")) -> None:
    """Create a room, print its code, and play once the open seats are taken."""
    key = _game(game)
    url = _url(server)
    me = _name(name if name is not None else (getpass.getuser() or "Host")[:MAX_NAME_LENGTH])
    specs = parse_seats(seats, me)
    options: dict[str, object] = {}
    if target is not None:
        if "target" not in online_game(key).options:
            takes = [g.title for g in REGISTRY.with_part("online")
                     if "target" in online_game(g.key).options]
            raise BadInputError(f"--target is not an option of {REGISTRY.get(key).title} "
                                f"(the points that end a game of {', '.join(takes)})")
        options["target"] = target
    room = Room.create(url, key, specs, options, away_timeout=away)
    typer.echo(f"Room {room.code} on {url}. Others join with: gameshelf online join "
               f"{room.code} --name NAME --server {url}")
    _play(room, tui)


@app.command("join")
def join(code: str = typer.Argument(..., help="The room's code."),
         name: str = typer.Option(..., "--name", help="Your name in the room."),
         server: str | None = typer.Option(None, "--server", help=SERVER_HELP),
         tui: bool = typer.Option(False, "--tui", help="Play on the game screen.")) -> None:
    """Join a room by its code (or come back to your seat in it) and play."""
    url = _url(server)
    if not code.strip() or not code.strip().isalnum():
        raise BadInputError(f"not a room code: {literal(code)} (letters and digits, e.g. "
                            "K7QX)")
    room = Room.join(url, code, _name(name))
    try:
        _game(room.info.game)
    except BadInputError:
        room.close()
        raise
    typer.echo(f"Joined room {room.code} as {literal(room.info.seats[room.seat].name)}.")
    _play(room, tui)
