"""The pinball display's pictures of one bill's game, as Rich text (no widgets, easy to
test): one :class:`Frame` per step of the scorer's trace (R-DP-4 to R-DP-9), then the game's
end, the end bonus and the match; the serial with the digits being read lit, the lamps."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from gameshelf.core.text import literal
from gameshelf.games.dollar.bill import district_name
from gameshelf.games.dollar.game import Entry
from gameshelf.games.dollar.scorer import Rule


@dataclass(frozen=True)
class Frame:
    """One picture of the display while a bill is played.

    Attributes:
        lit: ``(start, length)`` of the serial digits lit (0-based), or None.
        read: how many digits of the serial have been read (dimmed).
        score: the score shown, in points.
        balls: balls left.
        tilt: tilt warnings left.
        title: the rule that fired, in capitals.
        points: points won by it (shown as ``+...``), or None.
        note: a short explanation.
    """

    lit: tuple[int, int] | None
    read: int
    score: int
    balls: int
    tilt: int
    title: str
    points: int | None
    note: str


def frames(entry: Entry) -> list[Frame]:
    """The pictures of one bill's game: one per step, then game over, end bonus and match."""
    r = entry.result
    out = [Frame(None, 0, 0, 3, 2, "PLAYER UP", None,
                 f"{literal(entry.name)}: 3 balls, 2 tilt warnings, score 0")]
    read = 0
    for s in r.steps:
        read = s.position - 1 + len(s.digits)
        out.append(Frame((s.position - 1, len(s.digits)), read, s.score, s.balls,
                         s.tilt_warnings, s.rule.value.upper(), s.points or None, s.note))
    last = r.steps[-1] if r.steps else None
    tilt = last.tilt_warnings if last else 2
    if r.unread:
        out.append(Frame(None, read, r.play_score, 0, tilt, "GAME OVER", None,
                         f"no ball left: {r.unread} not read"))
    out.append(Frame(None, read, r.play_score + r.end_bonus, r.balls_left, tilt, "END BONUS",
                     r.end_bonus, f"{r.balls_left} ball{'s' if r.balls_left != 1 else ''} "
                     "left x 1 million"))
    digit = r.serial[-1]
    if r.match is None:
        title, note = "MATCH NOT CHECKED", "no series given"
    elif r.match:
        title, note = "MATCH", f"last digit {digit} = series {entry.series}"
    else:
        title, note = "NO MATCH", f"last digit {digit}, series {entry.series}"
    out.append(Frame((len(r.serial) - 1, 1), len(r.serial), r.score, r.balls_left, tilt,
                     title, r.match_bonus or None, note))
    return out


def serial_text(entry: Entry, frame: Frame) -> Text:
    """The bill as on the note, digits spaced; read digits dim, the lit ones reversed."""
    text = Text()
    text.append(f"{entry.bill.prefix or district_name(entry.district).split()[0]}  ",
                style="bold green")
    for i, ch in enumerate(entry.bill.serial):
        if frame.lit is not None and frame.lit[0] <= i < frame.lit[0] + frame.lit[1]:
            style = "bold black on yellow"
        elif i < frame.read:
            style = "grey50"
        else:
            style = "bold green"
        text.append(f" {ch} ", style=style)
    text.append(f"  {entry.bill.suffix}", style="bold green")
    return text


def lamps(balls: int, tilt: int) -> Text:
    """``BALLS ● ● ●   TILT ▲ ▲`` as lit lamps."""
    text = Text("BALLS ", style="bold")
    text.append(" ".join("●" for _ in range(balls)) or "-", style="bold cyan")
    text.append("   TILT WARNINGS ", style="bold")
    text.append(" ".join("▲" for _ in range(tilt)) or "-", style="bold red")
    return text


def rule_style(title: str) -> str:
    """Colour of a rule's name on the display."""
    if title in (Rule.DRAIN.value.upper(), Rule.TILT.value.upper(), "GAME OVER",
                 Rule.TILT_BALL_LOST.value.upper()):
        return "bold red"
    if title in (Rule.SPECIAL.value.upper(), Rule.JACKPOT.value.upper(),
                 Rule.DOUBLE.value.upper(), "MATCH"):
        return "bold magenta"
    return "bold yellow"


def trace_line(entry: Entry, frame: Frame, room: int | None) -> str:
    """One step of the trace: the digits' position and digits, the rule, the points and the
    score, in millions so that the line fits the display at 80 columns (scores here are
    always whole millions: every rule awards or doubles millions). ``room``: the rule's
    column when narrow (no points column then; a long rule's name wraps, never cut); None:
    wide."""
    digits = "" if frame.lit is None else entry.bill.serial[frame.lit[0]:frame.lit[0]
                                                             + frame.lit[1]]
    pos = "" if frame.lit is None else str(frame.lit[0] + 1)
    plus = f"+{frame.points / 1e6:g}M" if frame.points else ""
    score = f"{frame.score / 1e6:g}M"
    if room is None:
        return f"{pos:>2} {digits:<4}{frame.title:<25}{plus:>6}{score:>7}"
    return f"{pos:>1} {digits:<4}{frame.title:<{room}} {score:>4}"
