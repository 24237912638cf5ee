"""The Playfield card widgets of the table: a card drawn as a card (:class:`CardView`) or as
one line (:class:`CardLine`: the hand and face-up cards on small terminals, the discard pile
always), the base they share, and the message a click on one sends up to the screen."""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.widgets import Static

from gameshelf.core.text import literal
from gameshelf.games.showdown.cards import Effect, PlayfieldCard
from gameshelf.tui.widgets import plain

_COLOURS = {Effect.GREEN: "green", Effect.RED: "red", Effect.BLUE: "dodger_blue1"}
_SIGN = {Effect.GREEN: "+", Effect.RED: "-", Effect.BLUE: "="}


def effect_text(card: PlayfieldCard) -> Text:
    """The card's circles as coloured text in one style for every card: the sign, the number
    of circles, a circle (``+2●`` green, ``-1●`` red, ``=6●`` blue); it read ``=●●●●`` on one
    card and ``=6 ●`` on another."""
    if card.effect is Effect.NONE or card.circles == 0:
        return Text("no effect", style="dim")
    sign, colour = _SIGN[card.effect], _COLOURS[card.effect]
    return Text(f"{sign}{card.circles}●", style=f"bold {colour}")


class CardChosen(Message):
    """A card widget was clicked: the screen chooses its card (a second click plays it)."""

    def __init__(self, widget: CardWidget) -> None:
        super().__init__()
        self.widget = widget


class CardWidget(Static):
    """A Playfield card on the table: its card, its place in its zone and the zone
    (``hand``, ``faceup``, ``top`` or ``discard``)."""

    def __init__(self, card: PlayfieldCard, index: int, zone: str, classes: str = "") -> None:
        super().__init__(classes=classes)
        self.card = card
        self.index = index
        self.zone = zone

    def on_click(self) -> None:
        self.post_message(CardChosen(self))


class CardView(CardWidget):
    """A Playfield card drawn as a card: device, points, speed requirement, effect."""

    DEFAULT_CSS = """
    CardView { width: 16; height: 5; border: round $secondary; padding: 0; }
    CardView.selected { border: heavy $accent; background: $boost; }
    CardView.bid { border: round $warning; }
    CardView.selected.bid { border: heavy $warning; }
    CardView.mine { color: $text; }
    """

    def __init__(self, card: PlayfieldCard, index: int, zone: str,
                 bid: str = "", wizard: bool = False) -> None:
        super().__init__(card, index, zone, classes="bid" if bid else "")
        self.border_title = card.id
        self.border_subtitle = plain(bid)  # holds a player's name: plain text, not markup
        body = Text(literal(card.device), style="bold")
        body.append(f"\n{card.points:,}")
        if wizard:
            body.append("×2", style="bold magenta")  # scored in the 2X pile this turn
        body.append(f" ⚡{card.speed_range}")
        body.append("\n")
        body.append_text(effect_text(card))
        self.update(body)


def card_line(card: PlayfieldCard, width: int, note: str = "") -> Text:
    """A card as one line of at most ``width`` cells: id, device, points, speed requirement,
    effect and an optional ``note`` (cut with ``…`` when it does not fit, so the columns line
    up). When the device's name would not fit whole, the card takes two lines: id and device,
    then the rest indented; the name is never cut."""
    tail = Text(f" {card.points:>5,} ⚡{card.speed_range:<3} ")
    effect = (effect_text(card) if card.effect is not Effect.NONE and card.circles
              else Text("none", style="dim"))
    effect.pad_right(max(0, 4 - effect.cell_len))  # the same width on every line
    tail.append_text(effect)
    if note:
        tail.append(f" {note}", style="italic")
    device = literal(card.device)
    room = width - len(card.id) - 1 - (tail.cell_len - (len(note) + 1 if note else 0))
    line = Text(f"{card.id} ")
    if len(device) > room:   # the name whole on a line of its own, the rest below
        line.append(device, style="bold")
        rest = Text(" " * len(card.id))
        rest.append_text(tail)
        rest.truncate(width, overflow="ellipsis")
        return Text("\n").join((line, rest))
    line.append(f"{device:<{min(room, 14)}}", style="bold")
    line.append_text(tail)
    line.truncate(width, overflow="ellipsis")
    return line


class CardLine(CardWidget):
    """A card as one line (click to choose it; a second click plays it)."""

    DEFAULT_CSS = """
    CardLine { height: auto; width: 100%; }
    CardLine.selected { background: $accent; color: $text; text-style: bold; }
    CardLine.bid { color: $warning; }
    """

    def __init__(self, card: PlayfieldCard, index: int, zone: str, width: int,
                 note: str = "") -> None:
        super().__init__(card, index, zone,
                         classes="bid" if note and zone == "faceup" and "×" in note else "")
        self.update(card_line(card, width, note))
