"""The pinball machine of One Dollar Pinball on screen: the player up, the serial with the
digits being read lit, the score in big digits, the balls and tilt warnings as lamps, the
rule that fired, the winner's banner and the trace of every bill played."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Digits, RichLog, Static

from gameshelf.core.text import count, literal, possessive, win_words
from gameshelf.games.dollar.bill import district_name
from gameshelf.games.dollar.game import Entry
from gameshelf.games.dollar.tui.display import Frame, frames, lamps, rule_style, serial_text


class Machine(Vertical):
    """The display (see the module docstring); the screen says what to show."""

    def compose(self) -> ComposeResult:
        yield Static("", id="player")
        yield Static("", id="serial")
        yield Digits("0", id="score")
        yield Static("", id="lamps")
        yield Static("", id="rule")
        yield Static("", id="banner")
        yield RichLog(id="log", wrap=True, markup=False, min_width=20)

    def idle(self, players: int) -> None:
        """Waiting for play: how many players are ready, no serial, 3 balls, 2 warnings."""
        self.query_one("#player", Static).update(
            f"{count(players, 'player')} ready" if players else "Insert a bill to play")
        self.query_one("#serial", Static).update("")
        self.query_one("#score", Digits).update("0")
        self.query_one("#lamps", Static).update(lamps(3, 2))
        self.query_one("#rule", Static).update("")   # how to enter a bill: said once, beside
        self.query_one("#banner", Static).update("")

    def clear_log(self) -> None:
        """An empty trace."""
        self.query_one("#log", RichLog).clear()

    def bill_up(self, entry: Entry) -> None:
        """A bill's first line in the trace: the player, the bill, district and series."""
        self.query_one("#log", RichLog).write(Text(
            f"{literal(entry.name)}: {entry.bill}, district {entry.district}, "
            f"series {entry.series or 'none'}", style="bold underline"))

    def show(self, entry: Entry, seat: int, seats: int, frame: Frame,
             line: str | None) -> None:
        """``frame`` of ``entry`` (player ``seat`` + 1 of ``seats``) on the display, and
        ``line`` added to the trace (None: nothing, as for the bill's first picture)."""
        series = f"series {entry.series}" if entry.series else "no series: match not checked"
        head = Text(f"PLAYER {seat + 1} of {seats}: {literal(entry.name)}", style="bold")
        where = f"district {district_name(entry.district)}"
        fits = len(f"{where} · {series}") <= self.content_region.width   # else two lines
        head.append(f"\n{where}{' · ' if fits else chr(10)}{series}", style="dim")
        self.query_one("#player", Static).update(head)
        self.query_one("#serial", Static).update(serial_text(entry, frame))
        self.query_one("#score", Digits).update(f"{frame.score:,}")
        self.query_one("#lamps", Static).update(lamps(frame.balls, frame.tilt))
        rule = Text(frame.title, style=rule_style(frame.title))
        if frame.points:
            rule.append(f"   +{frame.points:,}", style="bold green")
        rule.append(f"\n{frame.note}", style="italic")
        self.query_one("#rule", Static).update(rule)
        if line is not None:
            self.query_one("#log", RichLog).write(line)

    def over(self, seed: int, entries: Sequence[Entry], wins: Sequence[int]) -> None:
        """The end of the game: the banner naming the winners (a shared win, or the one
        player's score), the first winner's bill with the winning score."""
        best = entries[wins[0]].score
        names = ", ".join(literal(entries[i].name) for i in wins)
        if len(entries) == 1:
            banner = f"GAME OVER — {names}: {best:,} points"
        elif len(wins) == 1:
            banner = f"WINNER: {names} with {best:,} points"
        else:
            banner = f"SHARED WIN: {names} with {best:,} points each"
        self.query_one("#banner", Static).update(Text(banner, style="bold black on yellow"))
        top = entries[wins[0]]
        last = frames(top)[-1]
        self.query_one("#player", Static).update(Text(
            f"Game #{seed} is over:\n"
            f"{literal(win_words([entries[i].name for i in wins]))}"))
        self.query_one("#serial", Static).update(serial_text(top, last))
        self.query_one("#score", Digits).update(f"{best:,}")
        self.query_one("#lamps", Static).update(lamps(last.balls, last.tilt))
        self.query_one("#rule", Static).update(Text(
            f"{literal(possessive(top.name))} bill {top.bill}", style="bold"))
        log = self.query_one("#log", RichLog)
        log.write(Text(banner, style="bold"))
        self.call_after_refresh(log.scroll_end, animate=False)
