"""The statistics as plain text tables, the same on the command line and beside the charts
on the screens. Names are shown literally (:func:`gameshelf.core.text.literal`) and cut to
their column.

Pure: figures in, lines out.
"""

from __future__ import annotations

from gameshelf.core.text import clip, count, literal, when
from gameshelf.games.dollar.stats import DollarStats
from gameshelf.games.muggins.stats import MugginsStats
from gameshelf.games.showdown.stats import SOURCE_NAMES, SOURCES, ShowdownStats
from gameshelf.games.yatz.stats import YatzGroup, YatzStats

#: Width of a name column (every table fits 80 columns).
NAME = 16


def _name(text: str, width: int = NAME) -> str:
    return f"{clip(literal(text), width):<{width}}"


def percent(part: int, whole: int) -> str:
    """``part`` of ``whole`` in percent to 4 decimals, never rounded up to 100% nor down
    to 0% when it is not exactly that.

    Example:
        >>> percent(1, 3), percent(99_999_999, 10**8), percent(1, 10**8), percent(0, 5)
        ('33.3333%', '>99.9999%', '<0.0001%', '0.0000%')
    """
    text = f"{100 * part / whole:.4f}%" if whole else "-"
    if part < whole and text == "100.0000%":
        return ">99.9999%"
    if part > 0 and text == "0.0000%":
        return "<0.0001%"
    return text


def _none_yet(what: str, damaged: int) -> list[str]:
    """The whole table when no game can be counted: none kept, or only unreadable ones."""
    if not damaged:
        return [f"No {what} is kept yet."]
    return [f"No {what} can be counted: {count(damaged, 'kept game')} could not be read "
            f"and {'is' if damaged == 1 else 'are'} left out."]


def _left_out(damaged: int) -> list[str]:
    return [f"{count(damaged, 'kept game')} could not be read and "
            f"{'is' if damaged == 1 else 'are'} left out."] if damaged else []


def _pcts(values: list[float]) -> str:
    return "".join(f"{v:4.0f}%" for v in values)


#: The heads of three per-column rates.
_COLUMNS_HEAD = "".join(f"{c:>5}" for c in ("x1", "x2", "x3"))


def _yatz_row(g: YatzGroup, label: str | None = None) -> str:
    s = g.spread
    best = "-" if s.best is None else f"{s.best:,}"
    return (f"{_name(label or g.label)} {s.games:>5,} {s.mean:>8,.1f} {best:>6} "
            f"{s.stdev:>6.1f} {_pcts(g.bonus_rates())} {_pcts(g.yatz_rates())}")


def yatz_lines(st: YatzStats) -> list[str]:
    """The Yatz table: per person and computer level, games, mean, best, standard
    deviation, upper-bonus and Yatz rates of columns x1, x2, x3; the reference below."""
    if not st.games and st.reference is None:
        return _none_yet("finished Yatz game", st.damaged)
    out = [f"Yatz: {count(st.games, 'finished game')} kept.", *_left_out(st.damaged), "",
           f"{'':<{NAME + 31}} {'upper bonus':^15} {'Yatz':^15}",
           f"{'player':<{NAME}} {'games':>5} {'mean':>8} {'best':>6} {'stdev':>6} "
           f"{_COLUMNS_HEAD} {_COLUMNS_HEAD}"]
    out += [_yatz_row(g) for g in st.groups]
    if not st.groups:
        out.append("(no game of this player)")
    if st.reference is not None:
        out += ["", _yatz_row(st.reference, "strong (sample)"),
                f"  strong (sample): {st.reference.source}"]
    return out


def muggins_lines(st: MugginsStats) -> list[str]:
    """The Muggins tables: won and lost per level with streaks, points per round, how
    often each player went out or won a blocked round."""
    if not st.games and not st.earlier:
        return _none_yet("finished Muggins game", st.damaged)
    out = [f"Muggins: {count(st.games, 'finished game')} kept.", *_left_out(st.damaged), "",
           f"{'':<42}{'points a round':^15}",
           f"{'against':<12} {'won':>4} {'lost':>4} {'won run':>7} {'lost run':>8} "
           f"{'now':>8}  {'you':>6} {'Mugsy':>6}"]
    for lv in (*st.levels, st.all):
        k = lv.streaks
        now = f"{k.current[1]} {k.current[0]}" if k.current[1] else "-"
        ppr = lv.per_round()
        won, lost = lv.won_lost
        out.append(f"{_name(lv.level, 12)} {won:>4} {lost:>4} {k.longest_win:>7} "
                   f"{k.longest_loss:>8} {now:>8}  {ppr[0]:>6.1f} {ppr[1]:>6.1f}")
    a = st.all
    if st.games:
        out += ["", f"Rounds: {a.rounds:,}. Went out (domino): you {a.went_out[0]:,}, "
                f"Mugsy {a.went_out[1]:,}.",
                f"Blocked rounds: {a.blocked:,} (won by you {a.blocked_won[0]:,}, Mugsy "
                f"{a.blocked_won[1]:,})."]
    if st.earlier:
        out += ["", "Counted in won/lost only (finished before the history was kept, or "
                "pruned):"]
        out += [f"  against {literal(opp)}: won {c['win']:,}, lost {c['loss']:,}"
                for opp, c in st.earlier.items()]
    return out


def showdown_lines(st: ShowdownStats) -> list[str]:
    """The Showdown tables: wins by seat for each number of players, and mean points by
    source per person and computer player."""
    if not st.games:
        return _none_yet("finished Pinball Showdown game", st.damaged)
    out = [f"Pinball Showdown: {count(st.games, 'finished game')} kept.",
           *_left_out(st.damaged), "", "Wins by seat (a shared win counts for each winner):"]
    for n in sorted(st.seats):
        seats = ", ".join(f"seat {i + 1} {w:,}" for i, w in enumerate(st.seats[n]))
        out.append(f"  {count(n, 'player')}, {count(st.games_by_count[n], 'game')}: {seats}")
    heads = " ".join(f"{SHORT[k]:>7}" for k in SOURCES)
    out += ["", "Mean points a game by source (" + ", ".join(
        f"{SHORT[k]}: {SOURCE_NAMES[k]}" for k in SOURCES if SHORT[k] != SOURCE_NAMES[k])
        + "):",
            f"{'player':<{NAME}} {'games':>5} {'wins':>5} {heads} {'total':>8}"]
    for p in st.players:
        m = p.means()
        cells = " ".join(f"{m[k]:>7,.0f}" for k in SOURCES)
        out.append(f"{_name(p.label)} {p.games:>5,} {p.wins:>5,} {cells} "
                   f"{sum(m.values()):>8,.0f}")
    return out


#: The by-source table's narrow heads.
SHORT = {"cards": "cards", "two_x": "2X", "drop_bonus": "drops", "combos": "combos",
         "tokens": "tokens"}


def dollar_lines(st: DollarStats) -> list[str]:
    """The bills played, newest first: player, bill, district, series, score and the exact
    percentile in its district's distribution."""
    if not st.bills:
        return _none_yet("One Dollar Pinball round", st.damaged)
    out = [f"One Dollar Pinball: {count(len(st.bills), 'bill')} in "
           f"{count(st.rounds, 'round')} kept.", *_left_out(st.damaged), "",
           f"{'played':<10} {'player':<12} {'bill':<12} {'dist':>4} {'series':<6} "
           f"{'score':>13} {'percentile':>11}"]
    for b in st.bills:
        out.append(f"{when(b.finished)[:10]:<10} {_name(b.name, 12)} {_name(b.bill, 12)} "
                   f"{b.district:>4} {_name(b.series or '-', 6)} {b.score:>13,} "
                   f"{percent(b.below, b.total):>11}")
    out += ["", "percentile: the share of the district's 100,000,000 serials that score "
            "less", "(the Match counted when the series is given)."]
    return out


def stats_lines(st: YatzStats | MugginsStats | ShowdownStats | DollarStats) -> list[str]:
    """The lines of any game's statistics."""
    if isinstance(st, YatzStats):
        return yatz_lines(st)
    if isinstance(st, MugginsStats):
        return muggins_lines(st)
    if isinstance(st, ShowdownStats):
        return showdown_lines(st)
    return dollar_lines(st)


__all__ = ["dollar_lines", "muggins_lines", "showdown_lines", "stats_lines",
           "yatz_lines"]
