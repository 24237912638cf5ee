"""``gameshelf showdown ...``: ``play`` (the screen, or ``--text`` for a prompt loop),
``resume``, ``saves``, ``delete``, ``sim`` (computer games, win rates) and ``review``."""

from __future__ import annotations

import json
import statistics
from collections.abc import Sequence
from functools import partial
from pathlib import Path

import typer
from rich.cells import cell_len

from gameshelf.cli.saves import Saves, marked_line, stopped_line
from gameshelf.cli.series import Ray, ShowProgress, Workers, play_series, series_start
from gameshelf.core import interrupt
from gameshelf.core.chance import new_seed, parse_seed
from gameshelf.core.errors import BadInputError, OutputError, StoreError
from gameshelf.core.fit import fitted
from gameshelf.core.inputs import MAX_DATA_FILE_BYTES, number_parser, read_text_file
from gameshelf.core.store import SaveRow
from gameshelf.core.text import count, literal, quoted, saved_as, verb_for
from gameshelf.games.showdown import coach
from gameshelf.games.showdown.actions import Bid, Buy, Speed, card_text
from gameshelf.games.showdown.cards import parse_deck
from gameshelf.games.showdown.game import ShowdownState
from gameshelf.games.showdown.match import GAME, Match, Seat, parse_players
from gameshelf.games.showdown.play import LocalShowdown, ShowdownMatch
from gameshelf.games.showdown.players import DEFAULT_KIND, PLAYER_KINDS
from gameshelf.games.showdown.review import review_command
from gameshelf.games.showdown.session import END_PENDING, ShowdownSession
from gameshelf.games.showdown.session import describe as described
from gameshelf.games.showdown.sim import play_sim_game
from gameshelf.games.showdown.table import Phase, PlayerView
from gameshelf.session.match import SeatInfo
from gameshelf.session.prompt import PromptLoop

app = typer.Typer(help="Pinball Showdown: bid with control tokens, manage your speed "
                       "(2 to 4 players).", no_args_is_help=True, rich_markup_mode=None)


def read_deck(path: Path | None) -> str | None:
    """The text of a deck file, validated (None for the shipped deck).

    Raises:
        BadInputError: the file cannot be read, is not a regular file, is larger than
            256 KiB or not UTF-8 (a byte-order mark is fine). DeckError: not a valid deck.
    """
    if path is None:
        return None
    text = read_text_file(path, "the deck file", max_bytes=MAX_DATA_FILE_BYTES)
    parse_deck(text, str(path))
    return text


@app.command("play")
def play(players: str = typer.Option("You,cpu", "--players", "-p",
                                     help='Seats, e.g. "Ann,cpu,cpu" (2 to 4).'),
         deck: Path | None = typer.Option(None, "--deck", help="Another deck file (TOML)."),
         seed: str | None = typer.Option(None, "--seed", help="Game number (default random)."),
         text: bool = typer.Option(False, "--text", help="Plain prompt loop, no screen.")
         ) -> None:
    """Play a new game (the Showdown screen, or a prompt loop with --text). It is saved at
    once as its own save (game-<number>, game-<number>-2... beside older ones) and after
    every move."""
    seats = parse_players(players)
    deck_text = read_deck(deck)
    number = parse_seed(seed) if seed is not None else new_seed()
    screen, _ = SAVES.where(text, None)
    SAVES.need_screen(screen)
    session = ShowdownSession.new(Match(seats, number, deck_text))  # a store that refuses:
    SAVES.play(session, screen, None)                      # said before any move


def _screen(session: ShowdownSession, _keys: str | None) -> None:
    # start-up: the screens (and Textual) load only when the game is played on them
    from gameshelf.games.showdown.tui.setup import run_match_app

    run_match_app(session)


def _over(session: ShowdownSession) -> str | None:
    """A save already over: its scores, and that they are recorded now (or were, by an
    older gameshelf, whose save resuming only removes)."""
    if not session.match.state.is_terminal():
        return None
    return (_final_text(session.match.state, session.match.seats) + "\n"
            + f"The game {quoted(session.name)} was over; " + (
                "its scores are now recorded." if session.recorded_on_resume
                else "its scores were recorded when it ended; the save is removed."))


@app.command("sim")
def sim(games: int = typer.Option(100, "--games", "-n", help="Games to play.", metavar="N",
                                    parser=number_parser("--games")),
        players: str = typer.Option("heuristic,search", "--players", "-p",
                                    help="Player kinds, 2 to 4: random, heuristic, search."),
        seed: str = typer.Option("1", "--seed", help="Seed of the first game."),
        deck: Path | None = typer.Option(None, "--deck", help="Another deck file (TOML)."),
        workers: Workers = 1, ray: Ray = None,
        as_json: bool = typer.Option(False, "--json", help="Print JSON."),
        show_progress: ShowProgress = None) -> None:
    """Play computer games (seats rotate each game) and print each kind's results."""
    kinds = [k.strip().lower() for k in players.split(",")]
    kinds = [DEFAULT_KIND if k == "cpu" else k for k in kinds]
    if not 2 <= len(kinds) <= 4:
        raise BadInputError(f"sim needs 2 to 4 players, got {len(kinds)}")
    for k in kinds:
        if k not in PLAYER_KINDS:
            raise BadInputError(f"unknown player kind {quoted(k)} (random, heuristic or search)")
    first = series_start(seed, games, workers, ray)
    deck_text = read_deck(deck)
    the_deck = parse_deck(deck_text) if deck_text else None
    played = play_series(" vs ".join(kinds), partial(play_sim_game, first, kinds, the_deck),
                         range(games), workers, ray, show_progress)
    # summed in game order: the same figures for any spread
    wins = [sum(game.wins[j] for game in played) for j in range(len(kinds))]
    points = [[game.points[j] for game in played] for j in range(len(kinds))]
    turns = [game.turns for game in played]
    drains = sum(game.drain for game in played)
    result = {
        "games": games, "players": kinds, "first_seed": first,
        "win_rate": [round(w / games, 4) for w in wins],
        "mean_points": [round(statistics.fmean(p), 1) for p in points],
        "mean_turns": round(statistics.fmean(turns), 3),
        "ended_by_drain": round(drains / games, 4),
    }
    if as_json:
        typer.echo(json.dumps(result, indent=2))
        return
    typer.echo(f"{count(games, 'game')}, seeds {first}..{first + games - 1}, seats rotating")
    for i, k in enumerate(kinds):
        typer.echo(f"  {i + 1}. {k:<10} wins {wins[i] / games:6.1%}   mean points "
                   f"{statistics.fmean(points[i]):9,.0f}")
    typer.echo(f"mean length {statistics.fmean(turns):.2f} turns; ended by a drain "
               f"{drains / games:.1%}")


# ----- the plain prompt loop -----------------------------------------------------------------
TEXT_HELP = """Actions: offer P07 | bid P07 2 | speed 1 | buy P12 | done | flip 1 | take P05
Other: hint (the coach's advice, with estimates), legal (list legal actions),
       save, quit, help"""

#: The help for a seat of a room on a server (the server keeps every move: no save).
ONLINE_HELP = """\
Actions: offer P07 | bid P07 2 | speed 1 | buy P12 | done | flip 1 | take P05
Other: hint (the coach's advice on your turn, with estimates), legal (your
legal actions), table (the table again), help, quit (leave; the server keeps
your seat: join the room again to play on). On another seat's turn table,
help and quit answer at once, a move typed then waits for your turn, and every
move is told as it is made."""


def online_help() -> str:
    """The prompt's help for a seat of a room on a server (:data:`ONLINE_HELP`)."""
    return ONLINE_HELP


def table_rows(names: Sequence[str], heads: Sequence[str],
               rows: Sequence[Sequence[int]]) -> list[str]:
    """A table of the players as lines: a heading (``player`` and ``heads``), then one row
    per name with its figures under their headings (right-aligned, thousands separated);
    the names' column as wide as the longest name, so a row of a 20-character name (the
    longest a seat takes) stands on one line of at most 80 columns.

    Example:
        >>> table_rows(["Ann", "CPU 1"], ["speed", "score"], [[5, 2000], [7, 12500]])
        ['  player speed  score', '  Ann        5  2,000', '  CPU 1      7 12,500']
    """
    shown = [literal(n) for n in names]
    width = max(cell_len("player"), *(cell_len(n) for n in shown))
    cells = [[f"{v:,}" for v in row] for row in rows]
    sizes = [max(len(h), *(len(r[i]) for r in cells)) for i, h in enumerate(heads)]
    out = ["  player" + " " * (width - 6)
           + "".join(f" {h:>{w}}" for h, w in zip(heads, sizes, strict=True))]
    for name, row in zip(shown, cells, strict=True):
        out.append(f"  {name}{' ' * (width - cell_len(name))}"
                   + "".join(f" {v:>{w}}" for v, w in zip(row, sizes, strict=True)))
    return out


def describe(view: PlayerView, seats: Sequence[SeatInfo]) -> str:
    """A plain-text picture of the table as ``view.seat`` sees it (``seats``: the names)."""
    cards = view.cards
    head = (f"Turn {view.turn} of 10   First Player: {seats[view.first].name}   "
            f"Wizard Mode: {'ON' if view.wizard else 'off'}")
    deck = f"Deck: {count(view.deck_size, 'card')}"
    # the deck on a line of its own when a long name leaves no room for it
    lines = [f"{head}   {deck}"] if cell_len(head) + 3 + len(deck) <= 80 else [head, deck]
    if view.deck.reconstruction:
        lines.append("(deck: the gameshelf project's reconstruction)")
    lines.extend(table_rows(
        [seat.name for seat in seats],
        ("speed", "control", "removed", "hand", "pile", "2X", "score"),
        [(view.speed[s], view.control[s], view.removed[s], view.hand_sizes[s],
          len(view.piles[s]), len(view.piles2x[s]), view.score(s).total)
         for s in range(len(seats))]))
    combos = view.deck.combinations
    lines.append("Combinations open: " + ("; ".join(
        f"{combos[c].name} ({' + '.join(combos[c].devices)}, {combos[c].bonus:,})"
        for c in view.combos_open) or "none"))
    if view.top is not None and not view.faceup:
        lines.append(f"Revealed from the deck: {cards[view.top]}")
    if view.faceup:
        lines.append("Face up:")
        for c in view.faceup:
            bid = view.bids.get(c)
            who = seats[bid[0]].name if bid else ""
            extra = f"   <- {who} {verb_for(who, 'bids')} {bid[1]}" if bid else ""
            lines.append(f"  {cards[c]}{extra}")
    if view.discard:
        lines.append("Discard pile: " + ", ".join(
            f"{card_text(c)} {cards[c].device}" for c in view.discard))
    lines.append(f"Your hand ({seats[view.seat].name}):")
    lines.extend(f"  {cards[c]}" for c in view.hand)
    return "\n".join(literal(line) for line in lines)  # names and deck text shown literally


def question(view: PlayerView) -> str:
    """What the prompt asks ``view.seat`` (to act) now, with commands that answer it naming
    real cards and only the actions the rules allow: ``take which unclaimed card? (take
    P05)``."""
    seat = view.seat
    if view.pending_return is not None:
        back = view.pending_return[1]
        return (f"you were outbid and get {count(back, 'token')} back: flip how many to "
                f"speed? (flip 0-{back})")
    legal = view.legal_actions()
    if view.phase is Phase.OFFER:
        return f"offer which card of your hand? (offer {card_text(view.hand[0])})"
    if view.phase is Phase.TAKE:
        return f"you have no bid: take which unclaimed card? ({legal[0]})"
    bid = next((a for a in legal if isinstance(a, Bid)), None)
    buy = next((a for a in legal if isinstance(a, Buy)), None)
    can_speed = any(isinstance(a, Speed) for a in legal)
    words = (["bid"] if bid else []) + (["speed"] if can_speed else []) \
        + (["buy"] if buy else [])
    examples = ([str(bid)] if bid else []) + (["speed 1"] if can_speed else []) \
        + ([str(buy)] if buy else []) + ["done"]
    ask = (", ".join(words) + " or done" if words else "nothing more to do with your "
           "tokens: done")
    return (f"speed {view.speed[seat]}, control {view.control[seat]}: {ask}? "
            f"({' | '.join(examples)})")


def _text_loop(session: ShowdownSession) -> None:
    """The plain prompt loop of a game here. ``quit``, the end of input, a signal and output
    that cannot be written (:class:`OutputError`) all leave the game saved; a signal says
    where and is raised again (exit code ``128 + signal``). A finished game whose end cannot
    be recorded is an error (exit 2) saying where it is kept."""
    game = LocalShowdown(session)
    try:
        prompt_loop(game)
    except KeyboardInterrupt:
        if not game.finished():
            with interrupt.shielded():
                session.settle()
            typer.echo(stopped_line(GAME, session))
        raise
    except OutputError:
        with interrupt.shielded():
            session.settle()
        raise
    problem = game.end_problem() if game.finished() else None
    if problem is not None:
        raise StoreError(problem)


def _leave(game: ShowdownMatch) -> None:
    """``quit`` or the end of input: a game here is saved (said with its resume command); a
    game on a server is kept there (said with the command that comes back to it)."""
    if isinstance(game, LocalShowdown):
        if game.unsaved:  # an autosave failed: try once more, and say so
            game.save()
        typer.echo(saved_as("showdown", game.name or ""))
    else:
        typer.echo(f"Left room {literal(game.name or '')}; the server keeps your seat: join "
                   "it again with the same name and server to play on.")


@fitted
def prompt_loop(game: ShowdownMatch) -> None:
    """The text prompt of a Showdown match, here or on a server: the log as it grows, the
    table as the seat to act sees it, its question. Several people here hand the terminal
    over between turns; online, only this terminal's seat is shown."""
    last_human: int | None = None
    humans = len(game.here())
    view: PlayerView | None = None   # the seat to act's, once asked

    def seen() -> PlayerView:
        return view if view is not None else game.view(game.to_act())

    def legal() -> None:
        acts = game.legal_actions()
        typer.echo(", ".join(str(a) for a in acts[:60]) + (" ..." if len(acts) > 60 else ""))

    def hint() -> None:
        typer.echo("\n".join(coach.hint(seen(), game.legal_actions()).lines()))  # its view

    def save() -> None:
        typer.echo(f"Saved as {quoted(game.save())}." if game.keeps_saves else
                   f"The server keeps room {literal(game.name or '')}: every move is stored "
                   "there.")

    loop = PromptLoop(game, help_here=TEXT_HELP, help_online=ONLINE_HELP, told=0,
                      commands={"legal": legal, "hint": hint, "save": save,
                                "table": lambda: typer.echo(describe(seen(), game.seats))},
                      help_words=("help", "?", ""), error_mark="! ", refused="! ",
                      log_lines=lambda new: [f"* {literal(line)}" for line in new])
    typer.echo(f"Pinball Showdown, {literal(game.title)}. Type 'help' for the commands.")
    table_seen = -1

    def look(line: str) -> bool:
        if line != "table" or not game.here():
            return False
        typer.echo(describe(game.view(game.here()[0]), game.seats))
        return True

    if loop.online and game.here() and not game.finished():   # the table at once
        loop.tell_moves()
        last_human = game.here()[0]
        typer.echo(describe(game.view(last_human), game.seats))
        table_seen = loop.told
    while True:
        if loop.online and not loop.wait(loop.tell_moves, answer=look):
            _leave(game)
            return
        moved = False
        while not game.finished() and not game.here_to_act():
            moved = game.advance() or moved  # chance and computers here: saved after the run
        if moved:
            with interrupt.shielded():
                game.settle()
        loop.tell_errors()
        loop.tell_moves()
        if game.finished():
            if game.keeps_saves or game.end_problem() is None:  # not a lost connection
                typer.echo(_final_text(game.table(), game.seats))
            return
        seat = game.to_act()
        if humans > 1 and seat != last_human:
            typer.echo("\n" * 40 + f"Pass the terminal to {literal(game.seats[seat].name)}.")
            if loop.ask("Press Enter when only they can see the screen...") is None:
                typer.echo("")
                _leave(game)
                return
        view = game.view(seat)
        if seat != last_human or (loop.online and table_seen != loop.told):
            typer.echo(describe(view, game.seats))  # online: again after others' moves
        last_human, table_seen = seat, loop.told
        typed = loop.ask(literal(f"{game.seats[seat].name}: {question(view)}> "))
        if typed is None:
            typer.echo("")
        if typed is None or not loop.answer(typed.strip()):
            _leave(game)
            return


def _final_text(st: PlayerView | ShowdownState, seats: Sequence[SeatInfo | Seat]) -> str:
    why = "a drain" if st.end_reason == "drain" else "ten turns"
    out = [f"Game over after turn {st.turn} ({why})."]
    scores = [st.score(s) for s in range(len(seats))]
    out.extend(table_rows([seat.name for seat in seats],
                          ("cards", "2X", "drop targets", "combinations", "tokens", "total"),
                          [(sc.cards, sc.two_x, sc.drop_bonus, sc.combos, sc.tokens, sc.total)
                           for sc in scores]))
    out.append("Winner: " + " and ".join(literal(seats[w].name) for w in st.winners()))
    return "\n".join(out)


def _describe_save(row: SaveRow) -> str:
    """A save's line; a finished one's end is recorded when it is resumed, or was already,
    by the screen before the session layer (resuming it only removes the save)."""
    pending = row.record is not None and row.record.options.get(END_PENDING)
    return marked_line(row, described, "resume records the scores" if pending
                       else "scores recorded; resume removes the save")


SAVES = Saves(GAME, "Pinball Showdown", ShowdownSession.resume, _text_loop, _screen,
              _describe_save, _over, review=review_command)
SAVES.add_to(app)
