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

from gameshelf.cli.options import given, with_option_flags
from gameshelf.core.errors import BadInputError
from gameshelf.core.gamedef import GameDef, GameDefError, options_of
from gameshelf.core.inputs import check_name
from gameshelf.core.options import Option
from gameshelf.core.seats import MAX_NAME_LENGTH
from gameshelf.core.text import literal, names_level
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
    if key in (broken := {**REGISTRY.working("server").broken, **online_broken()}):
        raise GameDefError(broken[key])
    if key not in playable():
        raise BadInputError(f"not a game of the server: {literal(game)} (one of "
                            f"{', '.join(playable())})")
    playable_here = tuple(g.key for g in _online_games())
    if key not in playable_here:
        where = ("; play it in a web browser, from the server's page (gameshelf serve "
                 "serves it)" if REGISTRY.get(key).has("web") else "")
        raise BadInputError(f"{key} cannot be played online from this program yet (only "
                            f"{', '.join(playable_here)}){where}")
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
            f" (computer{'' if names_level(s.name, s.level) else ': ' + literal(s.level)})"
            if s.kind == "computer" else "")
        words.append(who + tag)
    return "Seats: " + ", ".join(words)


def lobby(room: Room) -> None:
    """Wait in the room until it starts, saying who joins and, while a seat is open, that
    it waits for someone to join (at the prompt and before a ``--tui`` screen alike); the
    host starts it once no seat is open (at once when none was)."""
    shown = ""
    started = False
    while room.info.status == "lobby":
        open_seats = sum(s.kind == "open" for s in room.info.seats)
        line = _seat_line(room)
        if line != shown:
            typer.echo(line)
            if open_seats:
                typer.echo(waiting_words(open_seats))
            shown = line
        if room.is_host and not open_seats and not started:
            room.start()
            started = True
        msg = room.wait(LOBBY_POLL)
        if isinstance(msg, p.Error):
            raise BadInputError(f"the server: {msg.message}")
        if isinstance(msg, p.State):
            room.link.pending.insert(0, msg)  # the game's first state: the match reads it
            break


def waiting_words(open_seats: int) -> str:
    """The lobby's line while ``open_seats`` (>= 1) seats wait for people."""
    who = "someone" if open_seats == 1 else f"{open_seats} people"
    return f"(waiting for {who} to join: the game starts once every seat is taken)"


def _play(room: Room, tui: bool) -> None:
    lobby(room)
    how = online_game(room.info.game)
    game: RemoteMatch[Any, Any] = how.remote(room)
    if tui:
        how.run_screen(game)
        return
    try:
        how.prompt(game)
    except BaseException:    # a signal, a closed terminal, a fault: told as a dropped seat
        game.disconnect()
        raise
    game.close()             # quit, or the game's end: the seat left the room on purpose
    problem = game.end_problem()
    if problem is not None:   # the connection was lost for good: one line, exit 2
        raise OnlineError(problem)


def _online_games() -> tuple[GameDef, ...]:
    """The games played online from this program, in the registry's order: those whose
    ``online`` and ``options`` parts load (a badly made game is left out: see
    :func:`online_broken`)."""
    broken = online_broken()
    return tuple(g for g in REGISTRY.with_part("online") if g.key not in broken)


def online_broken() -> dict[str, str]:
    """The badly made games (their package, ``online`` or ``options`` part): key -> why,
    in one line."""
    return {**REGISTRY.working("options").broken, **REGISTRY.working("online").broken}


def game_help() -> str:
    """``The game: yatz, muggins, ...`` of every game played online."""
    return f"The game: {', '.join(g.key for g in _online_games())}."


def levels_help() -> str:
    """Each online game's computer levels in the game's one order (``Yatz: casual, greedy,
    strong, winner; Muggins: easy, normal, strong, even``), as every front end lists them."""
    return "; ".join(f"{g.title}: {', '.join(levels)}" for g in _online_games()
                     if (levels := options_of(g).LEVELS))


def _option_flags() -> dict[str, list[tuple[GameDef, Option]]]:
    """Every option an online game takes, by key, with the games that take it."""
    flags: dict[str, list[tuple[GameDef, Option]]] = {}
    for g in _online_games():
        for o in options_of(g).FIELDS:
            flags.setdefault(o.name, []).append((g, o))
    return flags


def read_options(key: str, texts: dict[str, str]) -> dict[str, object]:
    """The options typed for a room of game ``key`` (option key -> text), read by the game's
    own :class:`~gameshelf.core.options.GameOptions` as its own command line reads them:
    those given, as JSON values.

    Raises:
        BadInputError: an option the game does not take, or a bad value (the same words as
            the game's own command line says them).
    """
    kind = options_of(REGISTRY.get(key))
    for flag in texts:
        if flag not in (o.name for o in kind.FIELDS):
            takes = "; ".join(f"{g.title}: {o.help}" for g, o in _option_flags().get(flag, []))
            raise BadInputError(f"--{flag} is not an option of {REGISTRY.get(key).title} "
                                f"({takes})")
    read = kind.from_texts(texts).to_json()
    return {flag: read[flag] for flag in texts}


def create(game: str = typer.Argument(..., help="The game."),
           seats: str = typer.Option("me,?", "--seats"),
           server: str | None = typer.Option(None, "--server", help=SERVER_HELP),
           name: str | None = typer.Option(None, "--name", help="Your name (default: your "
                                                                "login name)."),
           away: float = typer.Option(60.0, "--away", min=0, max=3600,
                                      help="Seconds a person may be gone before a computer "
                                           "plays for them (0: never)."),
           tui: bool = typer.Option(False, "--tui", help="Play on the game screen."),
           **typed: str | None) -> None:
    """Create a room, print its code, and play once the open seats are taken."""
    key = _game(game)
    options = read_options(key, given(typed))
    url = _url(server)
    me = _name(name if name is not None else (getpass.getuser() or "Host")[:MAX_NAME_LENGTH])
    specs = parse_seats(seats, me)
    room = Room.create(url, key, specs, options, away_timeout=away)
    typer.echo(f"Room {room.code} on {url}. Others join with:\n  gameshelf online join "
               f"{room.code} --name NAME --server {url}")   # the command on its own line
    _play(room, tui)


def join(code: str = typer.Argument(..., help="The room's code."),
         name: str = typer.Option(..., "--name", help="Your name in the room."),
         server: str | None = typer.Option(None, "--server", help=SERVER_HELP),
         tui: bool = typer.Option(False, "--tui", help="Play on the game screen.")) -> None:
    """Join a room by its code (or come back to your seat in it) and play."""
    url = _url(server)
    if not code.strip() or not code.strip().isalnum():
        raise BadInputError(f"not a room code: {literal(code)} (letters and digits, e.g. "
                            "K7QX)")
    room = Room.join(url, code, _name(name), tuple(g.key for g in _online_games()))
    typer.echo(f"Joined room {room.code} as {literal(room.info.seats[room.seat].name)}.")
    _play(room, tui)


def make_app() -> typer.Typer:
    """``gameshelf online``'s commands, their help and ``create``'s options built from the
    games registered now. Its help is the root's line for it (``gameshelf.cli``: said
    without loading this module)."""
    app = typer.Typer(no_args_is_help=True, rich_markup_mode=None)
    flags = [(options[0][1], "; ".join(f"{g.title}: {o.describe()}" for g, o in options) + ".")
             for options in _option_flags().values()]
    helps = {"game": game_help(), "seats": "Seats in order: me (you), ? (open for someone "
             f"to join by the code), cpu or a computer level ({levels_help()})."}
    app.command("create")(with_option_flags(create, flags, helps))
    app.command("join")(join)
    return app
