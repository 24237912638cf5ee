"""``gameshelf dollar ...``: the command line of One Dollar Pinball (an adapter over the rules).

Commands: ``score`` (a bill's trace, total and percentile), ``odds`` (the exact distribution
over all serials, by dynamic programming) and ``best`` (the best bills kept in the store).
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import typer

from gameshelf.core.inputs import number_parser
from gameshelf.core.text import count, literal, when
from gameshelf.games.dollar.bill import (
    Series,
    district_name,
    parse_bill,
    parse_district,
    parse_series,
    resolve_district,
)
from gameshelf.games.dollar.scorer import MILLION, Result, score_serial
from gameshelf.games.dollar.session import best_bills

if TYPE_CHECKING:
    from gameshelf.games.dollar.odds import Distribution

app = typer.Typer(
    help="One Dollar Pinball: score a $1 bill's serial number like a pinball game.\n\n"
    "A bill is written as printed (L12345678A, 'L 12345678 *', ML12345678A) or as 8 bare "
    "digits with --district. The jackpot is the district number (A=1 Boston ... L=12 San "
    "Francisco). Without --series the Match (last digit of the serial = last digit of the "
    "series year) is not checked.",
    no_args_is_help=True,
    rich_markup_mode=None,
)

DISTRICT_HELP = "Federal Reserve district 1-12 (or letter A-L): the jackpot in millions."
SERIES_HELP = ("Series year as printed (1902, 2017, 2017A; 1000-2999). Needed for the Match; "
               "without it the match is not checked.")
PERCENTILES = (1, 5, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99)


def points(n: int) -> str:
    """``88,000,000``."""
    return f"{n:,}"


def millions(n: int | float | Fraction) -> str:
    """``88`` or ``18.3`` million, as few decimals as needed (up to 4)."""
    return f"{float(n) / MILLION:.4f}".rstrip("0").rstrip(".")


def _series(text: str | None) -> Series | None:
    return None if text is None else parse_series(text)


def _scope(district: int | None, series: Series | None, bills: int) -> str:
    where = (f"district {district_name(district)}" if district is not None
             else "all 12 districts taken equally")
    match = f"series {series} (match counted)" if series is not None else "match not checked"
    return f"{where}, {match}: {count(bills, 'bill')}"


# ----- score -----------------------------------------------------------------------------

def _trace_lines(result: Result) -> list[str]:
    head = (f"{'pos':>5}  {'digit':<5}  {'rule':<25} {'points':>12} {'score':>12}  "
            f"{'balls':>5}  {'tilt':>4}")
    lines = [head, "-" * len(head)]
    for s in result.steps:
        lines.append(f"{s.positions:>5}  {s.digits:<5}  {s.rule.value:<25} "
                     f"{points(s.points):>12} {points(s.score):>12}  {s.balls:>5}  "
                     f"{s.tilt_warnings:>4}   {s.note}")
    return lines


def _score_json(result: Result, bill_text: str, series: Series | None,
                dist: Distribution) -> dict[str, Any]:
    less = dist.count_below(result.score)
    return {
        "bill": bill_text,
        "serial": result.serial,
        "district": result.district,
        "series": None if series is None else str(series),
        "score": result.score,
        "millions": result.score / MILLION,
        "steps": [
            {"position": s.position, "digits": s.digits, "rule": s.rule.name.lower(),
             "rule_name": s.rule.value, "points": s.points, "score": s.score,
             "balls": s.balls, "tilt_warnings": s.tilt_warnings, "note": s.note}
            for s in result.steps
        ],
        "play_score": result.play_score,
        "balls_left": result.balls_left,
        "end_bonus": result.end_bonus,
        "match": result.match,
        "match_bonus": result.match_bonus,
        "unread": result.unread,
        "percentile": 100.0 * less / dist.total,
        "serials_scoring_less": less,
        "serials_total": dist.total,
        "percentile_scope": "district serials, match counted" if series is not None
        else "district serials, match not checked",
    }


@app.command("score", short_help="Score a bill: its trace, total and percentile.")
def score(
    bill: str = typer.Argument(..., help="The serial as printed (L12345678A) or 8 digits."),
    district: str | None = typer.Option(None, "--district", "-d", metavar="N", help=DISTRICT_HELP),
    series: str | None = typer.Option(None, "--series", "-s", metavar="YEAR", help=SERIES_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Score a bill: a trace line per digit read, the end bonus, the match and the total.

    Also prints the bill's percentile: the share of the 100,000,000 serials of its district
    that score strictly less, exactly, from the same dynamic program as `odds` (with the
    series: match counted; without it: the no-match distribution, and it says so).
    """
    # start-up: the odds (numpy) load only for the commands that compute them
    from gameshelf.games.dollar.odds import distribution

    parsed = parse_bill(bill)
    dist_no = resolve_district(parsed, district)
    ser = _series(series)
    result = score_serial(parsed.serial, dist_no, None if ser is None else ser.last_digit)
    dist = distribution(dist_no, None if ser is None else ser.last_digit)
    if as_json:
        typer.echo(json.dumps(_score_json(result, str(parsed), ser, dist), indent=2))
        return
    star = " (star note)" if parsed.star else ""
    typer.echo(f"Bill {parsed}{star}: serial {parsed.serial}, district "
               f"{district_name(dist_no)}, "
               + (f"series {ser}" if ser is not None else "no series (match not checked)"))
    typer.echo("Start: 3 balls, 2 tilt warnings, score 0")
    for line in _trace_lines(result):
        typer.echo(line)
    if result.unread:
        typer.echo(f"Game over: no ball left; digits not read: {result.unread}")
    plural = "" if result.balls_left == 1 else "s"
    typer.echo(f"End bonus: {result.balls_left} ball{plural} left x 1,000,000 = "
               f"{points(result.end_bonus)}")
    last = result.serial[-1]
    if ser is None:
        typer.echo("Match: not checked (no --series given)")
    elif result.match:
        typer.echo(f"Match: last digit {last} = last digit of series {ser}: +1,000,000")
    else:
        typer.echo(f"Match: none (last digit {last}, series {ser} ends in {ser.last_digit})")
    typer.echo(f"Total: {points(result.score)} points ({millions(result.score)} million)")
    less = dist.count_below(result.score)
    scope = "match counted" if ser is not None else "match not checked"
    typer.echo(f"Percentile: {100.0 * less / dist.total:.6f}% "
               f"({less:,} of {dist.total:,} serials of district {dist_no} score less; "
               f"{scope})")


# ----- odds ------------------------------------------------------------------------------

def share_text(n: int, total: int) -> str:
    """``12.2485%``, or ``8.3e-07%`` for shares too small to show in 4 decimals."""
    share = 100.0 * n / total
    return f"{share:.4f}%" if share >= 0.001 or n == 0 else f"{share:.1e}%"


def _bar(value: int, top: int, width: int) -> str:
    """A horizontal bar in eighths of a cell; any non-zero value shows at least a sliver."""
    if value <= 0 or top <= 0:
        return ""
    eighths = max(1, round(8 * width * value / top))
    full, part = divmod(eighths, 8)
    return "█" * full + ("", "▏", "▎", "▍", "▌", "▋", "▊", "▉")[part]


def chart_lines(dist: Distribution, band: int = 5 * MILLION, width: int = 40) -> list[str]:
    """The distribution as one horizontal bar per score band, with counts and shares."""
    rows = dist.bands(band)
    top = max(n for _lo, _hi, n in rows)
    lines = [f"{'score (million)':>15}  {'bills':>13}  {'share':>9}  distribution"]
    for lo, hi, n in rows:
        label = f"{lo // MILLION}-{hi // MILLION}" if band > MILLION else str(lo // MILLION)
        lines.append(f"{label:>15}  {n:>13,}  {share_text(n, dist.total):>9}  "
                     f"{_bar(n, top, width)}")
    return lines


def _odds_json(dist: Distribution, series: Series | None,
               best: list[tuple[int, str]]) -> dict[str, Any]:
    return {
        "district": dist.district,
        "series": None if series is None else str(series),
        "match": "counted" if series is not None else None,
        "bills": dist.total,
        "serials_per_district": 10**dist.length,
        "mean": float(dist.mean),
        "mean_exact": f"{dist.mean.numerator}/{dist.mean.denominator}",
        "min": dist.min,
        "max": dist.max,
        "max_count": dist.counts[dist.max],
        "max_bills": [{"district": j, "serial": s} for j, s in best],
        "percentiles": {str(p): dist.quantile(p / 100) for p in PERCENTILES},
        "distribution": [{"score": s, "count": n} for s, n in dist.counts.items()],
    }


@app.command("odds", short_help="Exact distribution of scores over all serials.")
def odds(
    district: str | None = typer.Option(
        None, "--district", "-d", metavar="N",
        help=DISTRICT_HELP + " Without it: all 12 districts taken equally (1.2 billion bills)."),
    series: str | None = typer.Option(None, "--series", "-s", metavar="YEAR", help=SERIES_HELP),
    band: int = typer.Option(5, "--band", metavar="MILLIONS",
                              parser=number_parser("--band", low=1, high=100),
                             help="Chart band width in millions."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """The exact distribution of scores over all 100,000,000 serials of a district.

    Computed by dynamic programming over the digits (no serial is enumerated): mean, maximum
    and the serials that reach it, percentiles and a chart. Without --district the 12
    districts are taken equally (1,200,000,000 bills); without --series the match is not
    counted ("match not checked").
    """
    # start-up: the odds (numpy) load only for the commands that compute them
    from gameshelf.games.dollar.odds import distribution, max_serials

    dist_no = None if district is None else parse_district(district)
    ser = _series(series)
    digit = None if ser is None else ser.last_digit
    dist = distribution(dist_no, digit)
    best = max_serials(dist_no, digit, limit=20)
    if as_json:
        typer.echo(json.dumps(_odds_json(dist, ser, best), indent=2))
        return
    typer.echo("Exact odds of One Dollar Pinball, " + _scope(dist_no, ser, dist.total))
    typer.echo("(dynamic programming over the 8 digits; no serial is enumerated)")
    typer.echo(f"Mean:    {dist.mean.numerator / dist.mean.denominator:,.2f} points "
               f"({millions(dist.mean)} million)")
    typer.echo(f"Minimum: {points(dist.min)} points")
    n_best = dist.counts[dist.max]
    shown = ", ".join(f"{s} (district {j})" if dist_no is None
                      else s for j, s in best)
    more = f" and {n_best - len(best):,} more" if n_best > len(best) else ""
    typer.echo(f"Maximum: {points(dist.max)} points, reached by {n_best:,} "
               f"bill{'s' if n_best != 1 else ''}: {shown}{more}")
    typer.echo("Percentiles (pN = the lowest score that N% of the bills do not exceed):")
    typer.echo("  " + "  ".join(f"p{p}={millions(dist.quantile(p / 100))}M"
                                for p in PERCENTILES))
    typer.echo("")
    for line in chart_lines(dist, band * MILLION):
        typer.echo(line)


# ----- best ------------------------------------------------------------------------------

@app.command("best", short_help="The best bills kept by the game screen.")
def best(
    limit: int = typer.Option(10, "--limit", "-n", metavar="N",
                               parser=number_parser("--limit", low=1, high=1000),
                              help="How many rows."),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON array."),
) -> None:
    """The best bills ever entered on the Dollar Pinball screen (kept in the store)."""
    rows = best_bills(limit)
    if as_json:
        typer.echo(json.dumps([{"name": r.name, "score": r.score, "date": r.date,
                                "seed": r.seed, **r.detail} for r in rows], indent=2))
        return
    if not rows:
        typer.echo("No bills kept yet: play a round with `gameshelf` (One Dollar Pinball).")
        return
    typer.echo(f"{'#':>3}  {'name':<16} {'bill':<12} {'series':<7} {'score':>12}  date")
    for i, r in enumerate(rows, 1):
        bill, series = literal(r.detail.get("bill", "?")), literal(r.detail.get("series") or "-")
        typer.echo(f"{i:>3}  {literal(r.name)[:16]:<16} {bill:<12} {series:<7} "
                   f"{points(r.score):>12}  {when(r.date)}")
