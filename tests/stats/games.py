"""Seeded finished games of every game, played through each game's session (the path every
front end takes), so the store keeps them as it keeps a person's: small and fast (the quick
computer players, short targets)."""

from __future__ import annotations

from gameshelf.games.dollar.game import make_entry
from gameshelf.games.dollar.session import DollarRound
from gameshelf.games.muggins.options import MugginsOptions
from gameshelf.games.muggins.session import Session as MugginsSession
from gameshelf.games.showdown.match import Match as ShowdownMatch
from gameshelf.games.showdown.match import parse_players
from gameshelf.games.showdown.session import ShowdownSession
from gameshelf.games.yatz.match import Match as YatzMatch
from gameshelf.games.yatz.match import parse_seats
from gameshelf.games.yatz.session import YatzSession


def yatz(seed: int, players: str = "Ann:greedy,casual") -> YatzSession:
    """A finished Yatz game of computer seats (named ``Name:player``), kept in the store."""
    s = YatzSession.new(YatzMatch(parse_seats(players), seed))
    s.run_computers(save_each=False)
    assert s.match.is_over() and s.finished
    return s


def muggins(seed: int, level: str = "easy", target: int = 61) -> MugginsSession:
    """A finished Muggins game: the person plays the first legal action, Mugsy its own."""
    s = MugginsSession.new(level, MugginsOptions(target), seed)
    st = s.match.state
    while not st.is_terminal():
        if st.current_player() == 1:
            s.apply(s.mugsy_action())
        else:
            s.apply(st.legal_actions()[0])
        st = s.match.state
    assert s.finished
    return s


def showdown(seed: int, players: str = "Ann,random") -> ShowdownSession:
    """A finished Showdown game: people play the first legal action."""
    s = ShowdownSession.new(ShowdownMatch(parse_players(players), seed))
    st = s.match.state
    while not st.is_terminal():
        while s.step() is not None:
            pass
        st = s.match.state
        if not st.is_terminal():
            s.play(str(st.legal_actions()[0]))
    assert s.finished
    return s


def dollar(seed: int, bills: tuple[tuple[str, str, str | None], ...] = (
        ("Ann", "L40000002A", "1902"), ("Bob", "L12345678A", "1902"))) -> DollarRound:
    """A round of bills ``(name, bill, series)``, kept (district 12, series 1902 by
    default: one exact distribution to compute)."""
    r = DollarRound(seed, [make_entry(n, b, series=s) for n, b, s in bills])
    assert r.finish()
    return r
