"""The table under the status line (:class:`Tabletop`): the players table, the open
Combination cards, the cards by zone and the log; and the status line's text."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Container, Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from gameshelf.core.text import count, literal
from gameshelf.games.showdown.play import ShowdownMatch
from gameshelf.games.showdown.steps import MAX_TURNS
from gameshelf.games.showdown.table import PlayerView
from gameshelf.games.showdown.tui.cards import CardWidget
from gameshelf.games.showdown.tui.choice import card_at
from gameshelf.games.showdown.tui.layout import Layout
from gameshelf.games.showdown.tui.log import GameLog
from gameshelf.games.showdown.tui.zones import drawn_key, lay_zones
from gameshelf.session.match import SeatInfo


class Tabletop(Vertical):
    """The table (``#sd-main``): the players table and the open combinations on top; below,
    the face-up cards and the hand on the left, the discard pile and the log on the right."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._drawn: object = None
        self._cards: list[CardWidget] = []  # the card widgets that may be chosen

    def compose(self) -> ComposeResult:
        with Horizontal(id="sd-top"):
            yield Static(id="sd-players")
            yield Static(id="sd-side")
        with Horizontal(id="sd-body"):
            with Vertical(id="sd-left"):
                yield Static("Face-up cards", classes="sd-label", id="sd-faceup-label")
                yield Container(id="sd-faceup")
                yield Static("Hand", classes="sd-label", id="sd-hand-label")
                yield VerticalScroll(id="sd-hand")
            with Vertical(id="sd-right"):
                yield Static("Discard pile", classes="sd-label", id="sd-discard-label")
                yield VerticalScroll(id="sd-discard")
                yield GameLog(id="sd-log", min_width=20)

    def on_mount(self) -> None:
        self.query_one(GameLog).border_title = "Log"

    def lay_out(self, layout: Layout) -> None:
        """Size the columns for ``layout``: cards as cards from LARGE (four or five to a
        row), one line per card below it ("compact"); the log and the discard pile get what
        is left ("short": the combinations scroll)."""
        self.set_class(layout.compact, "compact")
        self.set_class(layout.short, "short")
        for selector in ("#sd-players", "#sd-left"):
            self.query_one(selector).styles.width = layout.left_outer
        self.query_one("#sd-hand").styles.grid_size_columns = layout.columns

    def follow(self, game: ShowdownMatch, st: PlayerView, layout: Layout) -> None:
        """The players table and the log alone (while the computers play)."""
        self.query_one("#sd-players", Static).update(players_text(game.seats, st, layout))
        self.query_one(GameLog).follow(game.log())

    def draw(self, game: ShowdownMatch, st: PlayerView, v: PlayerView | None,
             layout: Layout, hand: Text | str) -> None:
        """Everything from the table ``st`` and the hand of ``v`` (None: no hand shown),
        ``hand`` over it; the card widgets stay while what they show does."""
        seats = game.seats
        self.follow(game, st, layout)
        self.query_one("#sd-side", Static).update(combos_text(seats, st, layout))
        self.query_one("#sd-hand-label", Static).update(hand)
        drawn = drawn_key(st, v, layout)
        if drawn == self._drawn:
            return
        self._drawn = drawn
        zones = lay_zones(st, v, seats, layout)
        for selector, widgets in (("#sd-faceup", zones.faceup), ("#sd-hand", zones.hand),
                                  ("#sd-discard", zones.discard)):
            box = self.query_one(selector)
            box.remove_children()
            box.mount_all(widgets)
        self.query_one("#sd-faceup-label", Static).update(zones.faceup_label)
        self.query_one("#sd-discard-label", Static).update(zones.discard_label)
        self._cards = zones.chosen

    def mark(self, zone: str, card: int | None, st: PlayerView, v: PlayerView | None) -> None:
        """Highlight ``card`` of ``zone`` (None: no card) and scroll it into view."""
        for widget in self._cards:
            on = (card is not None and widget.zone == zone
                  and card_at(widget.zone, widget.index, st, v) == card)
            if on and not widget.has_class("selected"):
                self.call_after_refresh(widget.scroll_visible, animate=False)
            widget.set_class(on, "selected")


def status_text(game: ShowdownMatch, st: PlayerView, width: int) -> Text:
    """The status line, its least useful parts left out when the terminal is narrow."""
    room = max(20, width - 2)
    deck = "gameshelf reconstruction" if game.deck.reconstruction else literal(game.deck.name)
    wiz = ((" WIZARD MODE ON ", "bold black on magenta") if st.wizard
           else (" Wizard Mode off ", "dim"))
    parts: list[tuple[str, str]] = [
        ("Pinball Showdown", "bold"), (literal(game.title), ""),
        (f"Turn {max(1, st.turn)}/{MAX_TURNS}", "bold"),
        (f"First Player: {literal(game.seats[st.first].name)}", ""), wiz,
        (f"deck: {deck}", "italic")]
    for drop in (5, 0):  # the deck first, then the title
        if sum(len(p) for p, _ in parts) + 3 * (len(parts) - 1) <= room:
            break
        parts.pop(drop)
    status = Text(" · ").join(Text(p, style=style) for p, style in parts)
    status.truncate(room, overflow="ellipsis")
    return status


def players_text(seats: Sequence[SeatInfo], st: PlayerView, layout: Layout) -> Text:
    """The players table: speed, control, tokens gone, hand, piles and combinations, the
    seat to act and the First Player marked; shorter headings of the piles and combinations
    on small terminals (speed and ctrl, as the legend and the help say them, fit both)."""
    compact = layout.compact
    gone = not compact or layout.left_width >= 47
    name_w = 8 if compact else 12
    t = Text()
    t.append(f"{'player':<{name_w + 1}}{'speed':>6}{'ctrl':>5}{'gone' if gone else '':>{5 * gone}}"
             f"{'hand':>5}{'pile':>{12 if not compact else 8}}"
             f"{'2X pile' if not compact else '2X':>{12 if not compact else 8}}"
             f"{'combo' if not compact else 'cmb':>{6 if not compact else 4}}\n",
             style="underline")
    to_act = st.current_player()
    for s, seat in enumerate(seats):
        pile = sum(st.cards[c].points for c in st.piles[s])
        pile2 = sum(st.cards[c].points for c in st.piles2x[s])
        marker = "▶" if s == to_act else ("●" if s == st.first else " ")
        style = "bold" if s == to_act else ""
        t.append(f"{marker}{literal(seat.name)[:name_w]:<{name_w}}", style=style)
        sp = st.speed[s]
        t.append(f"{sp:>6}", style="bold red" if sp <= 2 else
                 ("bold magenta" if sp >= 12 else "green"))
        t.append(f"{st.control[s]:>5}" + (f"{st.removed[s]:>5}" if gone else "")
                 + f"{st.hand_sizes[s]:>5}")
        if compact:
            t.append(f"{pile:>8,}{pile2:>8,}{len(st.combos_won[s]):>4}\n")
        else:
            t.append(f"{len(st.piles[s]):>4}/{pile:>7,}{len(st.piles2x[s]):>4}/"
                     f"{pile2:>7,}{len(st.combos_won[s]):>6}\n")
    t.append("▶ to act  ● First Player" + ("" if compact else
             "  gone: tokens removed from the game"), style="dim")
    return t


def combos_text(seats: Sequence[SeatInfo], st: PlayerView, layout: Layout) -> Text:
    """The open Combination cards, whole: ``devices bonus name`` on one line where it
    fits, else the name and bonus with the devices on a second line (a line longer than
    the column wraps; nothing is cut); then the ones won and the deck's size."""
    combos = st.deck.combinations
    room = layout.width - layout.left_outer - 3 - (2 if layout.short else 0)
    t = Text("Combinations open", style="bold")
    if not st.combos_open:
        t.append("\n  none left", style="dim")
    for c in st.combos_open:
        cc = combos[c]
        devices = Text(f"{literal(cc.devices[0])}+{literal(cc.devices[1])}", style="bold")
        bonus = Text(f"{cc.bonus:,}", style="yellow")
        name = Text(literal(cc.name), style="italic")
        one = Text(" ").join((devices, bonus, name))
        t.append("\n")
        if one.cell_len <= room:
            t.append_text(one)
        else:
            t.append_text(Text(" ").join((name, bonus)))
            t.append("\n  ")
            t.append_text(devices)
    for s, won in enumerate(st.combos_won):
        for c in won:
            t.append(f"\n✓ {literal(combos[c].name)} ({literal(seats[s].name)})", style="dim")
    t.append(f"\nDeck: {count(st.deck_size, 'card')}", style="dim")
    return t
