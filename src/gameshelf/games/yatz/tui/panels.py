"""The lines and panels of the Yatz screen around the dice: the status line, the roll's
line beside the Roll button, everyone's totals, the play log and the computers' pace.

Each draws what the screen hands down; none acts.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from rich.text import Text
from textual.widgets import Static

from gameshelf.core.text import literal, with_level
from gameshelf.games.yatz.game import Score, YatzState
from gameshelf.games.yatz.play import YatzMatch, yatz_line
from gameshelf.tui.widgets import plain

#: Lines kept in the play log under the totals.
LOG_LINES = 60


class StatusLine(Static):
    """The line under the header: the game, the seat on turn (whoever's card is shown: the
    card's own header names that) with its turn and roll; the end."""

    def show(self, match: YatzMatch) -> None:
        """Draw the line: ``Game 7 · CPU 1 (greedy) to play · turn 2 of 39 · roll 1 of 3``
        names the seat whose turn it is (a computer with its level, as the players list
        says it, unless its name says the level: ``Strong to play``), never the seat whose
        card is shown."""
        st = match.state
        title = match.title[:1].upper() + match.title[1:]
        if match.finished():
            status = (f"{title} · "
                      f"{'game over' if match.cut_off() is None else 'connection lost'}")
        else:
            seat = st.seat
            who = match.seats[seat]
            shown = (who.name if who.is_human   # a computer with its level, if not named so
                     else with_level(who.name, who.player or "computer"))
            if who.is_human and not who.here:
                shown += " (online)"
            status = (f"{title} · {shown} to play · turn "
                      f"{st.turns_taken(seat) + 1} of 39 · roll {st.roll_number()} of 3")
        self.update(plain(status))


class RollInfo(Static):
    """Beside the Roll button: the roll and the rolls left, in two short lines (whole in
    its 20 columns); ``WILD YATZ!`` under them when the dice are a Wild Yatz."""

    def show(self, state: YatzState, finished: bool) -> None:
        """Draw the line for ``state`` (``finished``: the game is over)."""
        st = state
        info: str | Text = ("roll to start\nthe turn" if not st.dice else
                f"roll {st.roll_number()} of 3\n{st.rolls_left} left" if st.rolls_left
                else "roll 3 of 3\nfill a box")
        if st.dice and not finished and st.wild():
            info = Text(f"{info}\nWILD YATZ!", style="bold magenta")
        self.update(info)


class Totals(Static):
    """The Players box: each seat's name, running total and turns, the seat on turn
    marked ``▶``."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__("", id=id, markup=False)
        self.border_title = "Players"

    def show(self, match: YatzMatch) -> None:
        """Draw ``match``'s seats."""
        st = match.state
        t = Text()
        for i, s in enumerate(match.seats):
            on_turn = i == st.seat and not match.finished()
            shown = s.name if s.is_human else with_level(s.name, s.kind)
            line = f"{'▶' if on_turn else ' '} {literal(shown)[:22]:<22}" \
                   f"{st.grand_total(i):>5} {st.turns_taken(i):>2}/39\n"
            t.append(line, style="bold reverse" if on_turn else "")
        t.rstrip()
        self.update(t)


class PlayLog(Static):
    """The play log: the last :data:`LOG_LINES` lines, the newest at the bottom (as many
    as the box's height shows)."""

    def __init__(self, *, seen: int = 0, id: str | None = None) -> None:
        """``seen``: the match's moves already told (none is logged again)."""
        super().__init__("", id=id, markup=False)
        self.border_title = "Play"
        self._lines: deque[str] = deque(maxlen=LOG_LINES)
        self._seen = seen

    @property
    def lines(self) -> list[str]:
        """The lines kept, oldest first."""
        return list(self._lines)

    def add(self, line: str) -> None:
        """Add a line (shown at once)."""
        self._lines.append(line)
        self.redraw()

    def take_moves(self, match: YatzMatch, boxes_only: bool = False) -> str:
        """Log ``match``'s moves made since the last look (``boxes_only``: only the boxes
        filled); returns the last one's line ("" when none)."""
        line = ""
        for move in match.moves[self._seen:]:
            line = literal(yatz_line(move, match.seats))
            if not boxes_only or isinstance(move.action, Score):
                self.add(line)
        self._seen = len(match.moves)
        return line

    def set_lines(self, lines: Iterable[str]) -> None:
        """Keep only ``lines`` (the last :data:`LOG_LINES` of them)."""
        self._lines = deque(lines, maxlen=LOG_LINES)

    def redraw(self) -> None:
        """Draw the newest lines that fit."""
        height = self.content_size.height or LOG_LINES
        self.update(plain("\n".join(list(self._lines)[-height:]), lines=True))


class PaceLine(Static):
    """One line under the log: the computers' pace in a game played here (shown only with
    computer seats); online, the room's news and whose turn it is."""

    def show(self, match: YatzMatch, pace: float, news: str = "") -> None:
        """Draw the line for ``match``, ``pace`` seconds between two computer steps; online
        ``news`` when there is some (``(waiting for NAME...)``:
        :func:`~gameshelf.tui.news.waiting_for`)."""
        if match.computers_here:
            self.update(f"computer pace {pace:g} s (+/-), k skips")
            self.display = any(not s.is_human for s in match.seats)
        else:
            self.update(plain(news if news else "online: the server keeps the game"
                              if match.finished() else "your turn" if match.here_to_act()
                              else f"(waiting for {match.on_turn.name}...)"))
            self.display = True
