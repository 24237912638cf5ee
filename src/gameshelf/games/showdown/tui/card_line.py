"""A Playfield card as one line (:class:`CardLine`): the hand and face-up cards on small
terminals, and the discard pile always."""

from __future__ import annotations

from rich.text import Text

from gameshelf.core.text import literal
from gameshelf.games.showdown.cards import Effect, PlayfieldCard
from gameshelf.games.showdown.tui.cards import CardWidget, effect_text


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
