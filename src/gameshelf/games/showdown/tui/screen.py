"""The Pinball Showdown game screen: the table, the hand, the log, hot-seat hand-offs.

For people sharing one terminal: whenever the person to act changes, a hand-off screen hides
the table until the next person presses Enter, so nobody sees another's hand. Computer seats
play in a worker, one action at a time, and the log shows what they did.

Keys: Left/Right choose a card, Enter offers or takes it, ``b`` bids on it (``+``/``-`` set the
number of tokens), ``v`` increases speed by one, ``u`` buys the chosen discarded card, ``d``
ends your use of control tokens, ``0``-``9`` flip returned tokens; every action can also be
typed (``bid P07 2``). ``s`` (or ``Ctrl+S``) saves, F1 or ``?`` shows help, Esc leaves (the
game is saved). The footer names only the keys of the step on screen.
"""

from __future__ import annotations

import asyncio

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Container, Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, RichLog, Static

from gameshelf.core.errors import GameshelfError
from gameshelf.core.text import (
    count,
    error_line,
    is_you,
    literal,
    possessive,
    quoted,
    said,
    saved_as,
)
from gameshelf.games.showdown.actions import (
    DONE,
    Action,
    Bid,
    Buy,
    Done,
    Flip,
    Offer,
    Speed,
    Take,
    card_text,
)
from gameshelf.games.showdown.cards import Effect, PlayfieldCard
from gameshelf.games.showdown.game import BUY_COST, MAX_TURNS, Phase, PlayerView
from gameshelf.games.showdown.match import Match
from gameshelf.games.showdown.play import LocalShowdown, ShowdownMatch
from gameshelf.games.showdown.session import ShowdownSession
from gameshelf.games.showdown.tui.coach import ShowdownHintScreen, ShowdownReviewScreen
from gameshelf.session.base import save_failure
from gameshelf.tui.base import drawable, quit_binding
from gameshelf.tui.widgets import (
    GameFooter,
    HelpScreen,
    RefusalMixin,
    help_binding,
    plain,
    refusal,
)

HELP = """\
# Pinball Showdown

*The deck is the gameshelf project's own reconstruction: the rulebook describes the
cards but never lists them.*

Each turn has six steps:

1. **Select cards.** A card is turned up from the deck; every player offers one card from
   their hand. The pile is shuffled and turned face up (in a two-player game both offers are
   face up).
2. **Control tokens**, once around from the First Player: **bid** control tokens on one face-up
   card (outbid with more; an outbid player gets the tokens back and may flip some to speed),
   **increase speed** (each +1 speed removes one more control token from the game), **buy**
   any card of the discard pile for 2 tokens (from turn 2; as many as your tokens pay for,
   missed cards too), then **done**.
3. **Claim.** Bidders take their cards; the others take one of the rest from the First Player
   on. A card whose speed requirement you miss costs you speed equal to its circles and is
   discarded. A Kick-out Hole at speed above 5 is simply discarded.
4. **Effects** of the cards you completed (a missed card has none): green +N speed, red -N
   speed, blue speed = N (all your control to speed if even that is short of N). At speed 0
   you drain: in turns 1-5 an autosave flips five control tokens to speed; from turn 6 the
   game ends after the turn.
5. **Combinations.** Both devices of an open Combination card in your piles: you take it, and
   Wizard Mode comes On next turn (cards then go to the 2X pile, doubled at the end).
   **Wizard Mode stays On** after a Wizard Mode turn in which a combination was claimed or
   at whose end any player has speed 12 or more; otherwise it **turns Off**. Speed 12 alone
   never turns it On.
6. The First Player marker passes left.

Score: cards + 2X pile doubled + 5,000 per four Drop Targets + combinations + 100 per token.

## Keys

| key | action |
| --- | --- |
| Left / Right | choose a card (hand, face-up cards, then the discard pile) |
| Enter | offer / take the chosen card |
| b | bid on the chosen face-up card (the tokens shown) |
| + / - | more / fewer tokens for the bid |
| v | increase speed by 1 |
| u | buy the chosen card of the discard pile |
| d | done with control tokens |
| 0-9 | flip that many returned tokens to speed |
| s (or Ctrl+S) | save; the game is also saved after every move |
| p | everyone's scoring piles, card by card |
| h | a hint for the player to act (their view only): the search player's estimates |
| r | after the game: the review of each costly decision, worst first |
| PageUp / PageDown | scroll the log |
| : or / | type an action in the box (Esc leaves the box) |
| F1 | this help; Esc leaves the game (saved) |

You can also type any action in the box: `offer P07`, `bid P07 2`, `speed 1`, `buy P12`,
`done`, `flip 1`, `take P05`.
"""

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


class CardView(Static):
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
        super().__init__(classes="bid" if bid else "")
        self.card = card
        self.index = index
        self.zone = zone
        self.border_title = card.id
        self.border_subtitle = plain(bid)  # holds a player's name: plain text, not markup
        body = Text(literal(card.device), style="bold")
        body.append(f"\n{card.points:,}")
        if wizard:
            body.append("×2", style="bold magenta")  # scored in the 2X pile this turn
        req = (f"{card.min_speed}-{card.max_speed}" if card.max_speed is not None
               else f"{card.min_speed}+")
        body.append(f" ⚡{req}")
        body.append("\n")
        body.append_text(effect_text(card))
        self.update(body)

    def on_click(self) -> None:
        screen = self.screen
        if isinstance(screen, ShowdownScreen):
            screen.select_widget(self)


def card_line(card: PlayfieldCard, width: int, note: str = "") -> Text:
    """A card as one line of at most ``width`` cells: id, device, points, speed requirement,
    effect and an optional ``note`` (cut with ``…`` when it does not fit, so the columns line
    up). When the device's name would not fit whole, the card takes two lines: id and device,
    then the rest indented; the name is never cut."""
    req = (f"{card.min_speed}-{card.max_speed}" if card.max_speed is not None
           else f"{card.min_speed}+")
    tail = Text(f" {card.points:>5,} ⚡{req:<3} ")
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


class CardLine(Static):
    """A card as one line: the hand and face-up cards on small terminals, and the discard pile
    always (click to choose it; a second click plays it)."""

    DEFAULT_CSS = """
    CardLine { height: auto; width: 100%; }
    CardLine.selected { background: $accent; color: $text; text-style: bold; }
    CardLine.bid { color: $warning; }
    """

    def __init__(self, card: PlayfieldCard, index: int, zone: str, width: int,
                 note: str = "") -> None:
        super().__init__(classes="bid" if note and zone == "faceup" and "×" in note else "")
        self.card = card
        self.index = index
        self.zone = zone
        self.update(card_line(card, width, note))

    def on_click(self) -> None:
        screen = self.screen
        if isinstance(screen, ShowdownScreen):
            screen.select_widget(self)


class ReflowLog(RichLog):
    """A log that keeps its lines as text and wraps them again when its width changes (a
    RichLog wraps a line once, when written: after a resize from 80x24 to 120x40 the old
    lines stayed wrapped at the old width)."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(wrap=True, markup=False, **kwargs)  # type: ignore[arg-type]
        self._texts: list[Text] = []
        self._wrapped_at = 0

    def add(self, text: Text) -> None:
        """Append ``text`` (kept, so that a resize wraps it again)."""
        self._texts.append(text)
        self.write(text)

    def on_resize(self, event: Resize) -> None:
        width = self.scrollable_content_region.width
        if not self._size_known or width == self._wrapped_at:
            self._wrapped_at = width if self._size_known else self._wrapped_at
            return
        self._wrapped_at = width
        self.clear()
        for text in self._texts:
            self.write(text)


class CommandInput(Input):
    """The action box; Esc leaves it (back to the single-key commands)."""

    BINDINGS = [Binding("escape", "leave_box", "Leave the box", show=False)]

    def action_leave_box(self) -> None:
        self.screen.set_focus(None)


def ready_label(name: str) -> str:
    """The hand-off button for the seat ``name``: ``I am Ann: show my hand (Enter)``, and
    ``Ready: show my hand (Enter)`` for the seat called You (it read "I am You")."""
    who = "Ready" if is_you(name) else f"I am {literal(name)}"
    return f"{who}: show my hand (Enter)"


class HandOffScreen(ModalScreen[bool]):
    """Covers the table between two people's turns so nobody sees another's hand. Enter (or
    the button) shows the next person's hand (True); Esc leaves the game, saved, as on the
    table (False); ``?``/F1 the help. The footer names these keys."""

    DEFAULT_CSS = """
    HandOffScreen { align: center middle; background: $background; }
    HandOffScreen > Vertical { width: 60; max-width: 100%; height: auto;
                               border: thick $accent; padding: 1 2; background: $surface; }
    HandOffScreen Static { text-align: center; width: 100%; }
    HandOffScreen Button { margin-top: 1; width: 100%; }
    """
    BINDINGS = [Binding("enter,space", "go", "Ready"),
                Binding("escape", "leave", "Leave"),
                help_binding(), quit_binding()]

    def __init__(self, name: str) -> None:
        super().__init__()
        self._seat_name = name

    def compose(self) -> ComposeResult:
        with Vertical():
            # Names are plain text, never markup (a name may hold '[').
            yield Static(Text.assemble("Pass the terminal to\n\n",
                                       (literal(self._seat_name), "bold"),
                                       "\n\nEveryone else: look away."), id="handoff-text")
            yield Button(Text(ready_label(self._seat_name)), id="ready", variant="primary")
        yield GameFooter()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(True)

    def action_go(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        self.dismiss(False)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(HELP))


class ScoreScreen(ModalScreen[None]):
    """A text modal: the scoring breakdown at the end of the game, or the piles (``p``)."""

    DEFAULT_CSS = """
    ScoreScreen { align: center middle; }
    ScoreScreen > Vertical { width: 100; max-width: 96%; height: auto; border: thick $success;
                             padding: 1 2; background: $surface; }
    ScoreScreen VerticalScroll { height: auto; }
    ScoreScreen Button { margin-top: 1; }
    """
    BINDINGS = [Binding("escape,enter,q", "close", "Close")]

    def __init__(self, text: Text) -> None:
        super().__init__()
        self._text = text

    def compose(self) -> ComposeResult:
        with Vertical():
            with VerticalScroll(id="breakdown-scroll"):   # Up/Down, PageUp/PageDown scroll
                yield Static(self._text, id="breakdown")
            yield Button("Close (Enter)", id="close", variant="success")

    def on_mount(self) -> None:
        self.on_resize()
        self.query_one("#breakdown-scroll").focus()

    def on_resize(self) -> None:
        """The text scrolls in the height the terminal leaves (the piles of four players
        ran off the top at 80x24), the Close button in sight."""
        self.query_one("#breakdown-scroll").styles.max_height = max(3, self.size.height - 10)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)


def piles_text(match: ShowdownMatch | Match) -> Text:
    """Every player's scoring piles, card by card, and their Combination cards."""
    match = match if isinstance(match, ShowdownMatch) else LocalShowdown(match)
    st = match.table()
    out = Text("Scoring piles (2X pile cards count double at the end)\n\n", style="bold")
    for s, seat in enumerate(match.seats):
        out.append(f"{literal(seat.name)}\n", style="bold underline")
        regular = ", ".join(f"{literal(st.cards[c].device)} {st.cards[c].points:,}"
                            for c in st.piles[s])
        double = ", ".join(f"{literal(st.cards[c].device)} {st.cards[c].points:,}"
                           for c in st.piles2x[s])
        combos = ", ".join(literal(st.deck.combinations[c].name) for c in st.combos_won[s])
        out.append(f"  pile: {regular or '-'}\n  2X pile: {double or '-'}\n"
                   f"  combinations: {combos or '-'}\n")
    return out


def score_table(match: ShowdownMatch | Match) -> Text:
    """The end-of-game breakdown: each source per player, the total and the winners."""
    match = match if isinstance(match, ShowdownMatch) else LocalShowdown(match)
    st = match.table()
    why = "a drain after turn 5" if st.end_reason == "drain" else f"{MAX_TURNS} turns"
    out = Text(f"Game over after turn {st.turn} ({why})\n\n", style="bold")
    head = f"{'player':<14}{'cards':>9}{'2X pile':>9}{'drop tgt':>9}{'combos':>9}" \
           f"{'tokens':>8}{'total':>9}\n"
    out.append(head, style="underline")
    winners = st.winners()
    for s, seat in enumerate(match.seats):
        sc = st.score(s)
        line = (f"{literal(seat.name):<14}{sc.cards:>9,}{sc.two_x:>9,}{sc.drop_bonus:>9,}"
                f"{sc.combos:>9,}{sc.tokens:>8,}{sc.total:>9,}")
        out.append(line + (" ★" if s in winners else "") + "\n",
                   style="bold green" if s in winners else "")
    out.append("★ wins" if len(winners) == 1 else "★ share the win", style="dim")
    if len(winners) > 1:
        out.append("\nA tie on points and tokens: they share the win.\n")
    return out


class ShowdownScreen(RefusalMixin, Screen[None]):
    """The table for one match."""

    AUTO_FOCUS = None  # letters are keys, not typing: ':' or Tab focuses the action box

    # Two layouts: cards drawn as cards on big terminals (at least LARGE), one line per card
    # otherwise (class "compact"). The left column (players table, face-up cards, hand) has
    # the same width on every row, so the dividers line up.
    DEFAULT_CSS = """
    ShowdownScreen { layout: vertical; }
    #sd-status { height: 1; background: $primary-background; padding: 0 1; }
    #sd-main { height: 1fr; }
    #sd-top { height: auto; }
    #sd-players { height: auto; padding: 0 1; }
    #sd-side { width: 1fr; height: auto; padding: 0 1; border-left: solid $secondary; }
    ShowdownScreen.short #sd-side { max-height: 7; overflow-y: auto; }
    #sd-body { height: 1fr; }
    #sd-left { height: 100%; }
    #sd-right { width: 1fr; height: 100%; border-left: solid $secondary; }
    .sd-label { height: 1; padding: 0 1; color: $text-muted; }
    #sd-faceup { layout: horizontal; height: 5; padding: 0 1; }
    #sd-faceup CardView { margin-right: 1; }
    #sd-hand { layout: grid; grid-size: 4; grid-columns: 16; grid-gutter: 0 1; grid-rows: 5;
               height: 1fr; padding: 0 1; }
    #sd-discard { height: auto; max-height: 8; padding: 0 1; }
    #sd-log { height: 1fr; min-height: 3; border: round $secondary; }
    #sd-act { height: auto; padding: 0 1; background: $boost; }
    #sd-prompt { height: auto; max-height: 3; }
    #sd-buttons { height: 1; }
    #sd-buttons Button { min-width: 5; width: auto; margin-right: 1; }
    ShowdownScreen.compact #sd-faceup { layout: vertical; height: auto; max-height: 5; }
    ShowdownScreen.compact #sd-hand { layout: vertical; }
    """
    #: the columns of the left column (players table, cards) on small terminals: a card's
    #: line and the players table fit whole
    COMPACT_LEFT = 47
    #: from this many columns the hand is drawn five cards to a row (four below)
    WIDE = 150
    #: the smallest terminal (columns, rows) drawing the cards as cards
    LARGE = (120, 40)
    #: from this many columns the footer names Hint beside the control step's keys
    WIDE_FOOTER = 100
    BINDINGS = [
        Binding("escape", "leave", "Leave"),
        help_binding(),
        Binding("s,ctrl+s", "save", "Save"),
        Binding("colon,slash", "type", "Type"),
        Binding("p", "piles", "Piles"),
        Binding("pageup", "scroll_log(-1)", "Log up", show=False),
        Binding("pagedown", "scroll_log(1)", "Log down", show=False),
        Binding("left", "move(-1)", "Card ←", show=False),
        Binding("right", "move(1)", "Card →", show=False),
        Binding("enter", "enter", "Offer/take", show=False),
        Binding("b", "bid", "Bid"),
        Binding("plus,equals_sign", "tokens(1)", "+token", show=False),
        Binding("minus", "tokens(-1)", "-token", show=False),
        Binding("v", "speed", "Speed+1"),
        Binding("u", "buy", "Buy"),
        Binding("d", "done", "Done"),
        Binding("h", "hint", "Hint"),
        Binding("r", "review", "Review"),
        *[Binding(str(k), f"flip({k})", show=False) for k in range(10)],
        # the turn's keys while the footer hides them: each says why it cannot be done now
        refusal("b", "bid"), refusal("v", "speed"), refusal("u", "buy"), refusal("d", "done"),
        refusal("s,ctrl+s", "save"), refusal("h", "hint"), refusal("r", "review"),
    ]

    def __init__(self, game: Match | ShowdownSession | ShowdownMatch) -> None:
        super().__init__()
        #: the match interface the screen plays through: a game here (its session and save
        #: under it; a bare match gets a session whose first save claims ``game-<number>``)
        #: or a game on a server (this terminal's seat only)
        self.game = game if isinstance(game, ShowdownMatch) else LocalShowdown(game)
        #: a game played here: its session and match (None online)
        self.session = self.game.session if isinstance(self.game, LocalShowdown) else None
        self.match = self.game.match if isinstance(self.game, LocalShowdown) else None
        match = self.game
        self.shown_seat: int | None = None  # the human whose hand is on screen
        self.zone = "hand"
        self.cursor = 0
        self.bid_tokens = 1
        self.busy = False
        self._log_seen = 0
        self._finished_shown = False
        self._stage: tuple[int, int, Phase] | None = None
        self._drawn: object = None
        self._cards: list[CardView | CardLine] = []  # the card widgets on screen
        #: (zone, card) chosen by the last click: a click on it again plays it
        self._clicked: tuple[str, int] | None = None
        #: the people at this terminal (a hand-off between turns when more than one)
        self._humans = len(match.here())
        self._errors_seen = len(match.errors)

    # ----- layout ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="sd-status")
        with Vertical(id="sd-main"):
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
                    yield ReflowLog(id="sd-log", min_width=20)
        with Vertical(id="sd-act"):
            yield Static(id="sd-prompt")
            yield Horizontal(id="sd-buttons")
        yield CommandInput(placeholder="type an action (offer P07, bid P07 2, buy P12, done) "
                                       "and Enter", id="sd-cmd", compact=True)
        yield GameFooter()

    def on_mount(self) -> None:
        self.query_one("#sd-log", RichLog).border_title = "Log"
        self.lay_out()
        self.refresh_table()
        self.advance()

    # ----- who sees what -----------------------------------------------------------------
    def viewer(self) -> int | None:
        """The human whose hand may be shown now."""
        if self._humans == 1:
            return self.game.here()[0]
        return self.shown_seat

    def view(self) -> PlayerView | None:
        seat = self.viewer()
        return None if seat is None else self.game.view(seat)

    def table(self) -> PlayerView:
        """The table as the person on screen sees it (public parts only are read from it
        but their hand)."""
        seat = self.viewer()
        return self.game.table() if seat is None else self.game.view(seat)

    # ----- the game loop -----------------------------------------------------------------
    @work(exclusive=True, group="showdown-cpu")
    async def advance(self) -> None:
        """Play chance and computer moves (one at a time, so the log follows) until a person
        must act; then hand over if another person's turn begins."""
        self.busy = True
        try:
            match = self.game
            while not match.finished() and not match.here_to_act():
                moved = await asyncio.to_thread(match.advance)
                if not moved:  # online: no news yet
                    self._show_errors()
                    continue
                self._settle()  # after every action: a stop or a crash loses nothing
                if match.keeps_saves:
                    self._draw_players()  # the cards are redrawn once the computers are done
                    self._draw_log()
                else:  # online: a person elsewhere takes their time; show each move whole
                    self.refresh_table()
                await asyncio.sleep(0)
            if isinstance(match, LocalShowdown) and match.unsaved:
                self._settle()   # a game's first save, or a catch-up after a failed one
        finally:
            self.busy = False
        if match.finished():
            self.refresh_table()
            self._finish()
            return
        seat = match.to_act()
        if self._humans > 1 and seat != self.shown_seat:
            self.shown_seat = None
            self.refresh_table()
            self.app.push_screen(HandOffScreen(match.seats[seat].name),
                                 lambda ready, s=seat: self._handed_to(s) if ready
                                 else self.action_leave())
        else:
            self.shown_seat = seat
            st = self.table()
            stage = (seat, st.turn, st.phase)
            if stage != self._stage:  # keep the player's choice within one step
                self._reset_cursor()
            self.refresh_table()

    def _handed_to(self, seat: int) -> None:
        self.shown_seat = seat
        self._reset_cursor()
        self.refresh_table()

    def _reset_cursor(self) -> None:
        st = self.table()
        self._stage = (st.current_player(), st.turn, st.phase)
        ph = st.phase
        self.zone = "hand" if ph is Phase.OFFER else "faceup"
        self.cursor = 0
        self.bid_tokens = self._min_bid()

    def _finish(self) -> None:
        if self._finished_shown:
            return
        self._finished_shown = True
        self._settle()  # the end written (once; a resumed finished game was written then)
        told = self.game.end_problem()
        text = (Text("The game is not over: it goes on on the server.", style="bold")
                if self.game.cut_off() is not None   # connection lost
                else score_table(self.game))
        if told is not None:
            text.append("\n\n" + told[0].upper() + told[1:] + ".", style="bold red")
            self.app.bell()
        self.app.push_screen(ScoreScreen(text))

    def _settle(self) -> None:
        """Save the game (or write its end); a store failure is shown, never raised."""
        self.game.settle()
        self._show_errors()

    def _show_errors(self) -> None:
        """Show the match's new failures (a store that cannot be written; online, a lost
        connection), once each."""
        for message in self.game.errors[self._errors_seen:]:
            self.notify(save_failure(message) if self.game.keeps_saves else message,
                        severity="error", markup=False)
        self._errors_seen = len(self.game.errors)

    # ----- acting ------------------------------------------------------------------------
    def can_act(self) -> bool:
        """True when the person on screen is to act (and no computer is thinking)."""
        m = self.game
        return (not self.busy and not m.finished() and m.here_to_act()
                and m.to_act() == self.viewer())

    def act(self, action: Action | str) -> bool:
        """Apply a person's action; a bad one shows a message and rings the bell."""
        if not self.can_act():
            self._complain("Wait: it is not your turn." if not self.game.finished()
                           else self.game.over_line())
            return False
        try:
            self.game.play(str(action))
        except GameshelfError as exc:
            self._complain(error_line(exc))
            if self.game.cut_off() is not None:   # the server is gone: said as such
                self.refresh_table()
                self._finish()
            return False
        self._settle()  # at once, before the computers move
        ph = self.table().phase
        if self.game.here_to_act() and self.game.to_act() == self.viewer():
            if ph is Phase.CONTROL:
                self.zone = self.zone if self.zone in self._zones() else "faceup"
                self.cursor = min(self.cursor, max(0, len(self._zone_cards()) - 1))
                self.bid_tokens = self._min_bid()
            else:
                self._reset_cursor()
        if not self.game.keeps_saves:
            self.refresh_table()  # online: the move shown at once, while others think
        self.advance()  # saves, plays the computers and redraws
        return True

    def _complain(self, message: str) -> None:
        self.app.bell()
        self.query_one("#sd-prompt", Static).update(plain(message, "bold red", lines=True))

    def _zone_cards(self, zone: str | None = None) -> list[int]:
        z = zone or self.zone
        v = self.view()
        if v is None:
            return []
        if z == "hand":
            return list(v.hand)
        if z == "faceup":
            taken = {c.card for c in v.claims if c is not None}
            return [c for c in v.faceup if c not in taken] if v.phase is Phase.TAKE \
                else list(v.faceup)
        return list(v.discard)

    def selected(self) -> int | None:
        cards = self._zone_cards()
        return cards[self.cursor] if 0 <= self.cursor < len(cards) else None

    def select_widget(self, widget: CardView | CardLine) -> None:
        """Choose the card a click landed on; a second click on it plays it (offer, bid,
        buy, take), as Enter does. A single click never plays, even on the card the keys
        had chosen."""
        zone = widget.zone
        card = self._card_at(widget)
        if self.busy or zone not in self._zones() or card is None:
            return
        cards = self._zone_cards(zone)
        if card not in cards:
            self._complain("That card has been claimed already.")
            return
        index = cards.index(card)
        if (zone, card) == self._clicked and zone == self.zone and index == self.cursor \
                and self.can_act():
            self._clicked = None
            self.action_enter()
            return
        # the first click only chooses, also on the card the keys had chosen already
        self._clicked = (zone, card)
        self.zone, self.cursor = zone, index
        self.bid_tokens = self._min_bid()
        self.refresh_table()

    def _min_bid(self) -> int:
        c = self.selected() if self.zone == "faceup" else None
        v = self.view()
        if c is None or v is None:
            return 1
        held = v.bids.get(c)
        return held[1] + 1 if held else 1

    def _zones(self) -> list[str]:
        st = self.table()
        ph = st.phase
        if ph is Phase.OFFER:
            return ["hand"]
        if ph is Phase.CONTROL:
            return ["faceup", "discard"] if st.turn >= 2 and st.discard else ["faceup"]
        if ph is Phase.TAKE:
            return ["faceup"]
        return ["hand"]

    def action_move(self, step: int) -> None:
        if self.busy:
            return
        self._clicked = None
        zones = self._zones()
        if self.zone not in zones:
            self.zone, self.cursor = zones[0], 0
        n = len(self._zone_cards())
        self.cursor += step
        if self.cursor >= n or self.cursor < 0:
            i = zones.index(self.zone)
            nxt = zones[(i + (1 if step > 0 else -1)) % len(zones)]
            self.zone = nxt
            m = len(self._zone_cards())
            self.cursor = 0 if step > 0 else max(0, m - 1)
        self.bid_tokens = self._min_bid()
        self.refresh_table()

    def action_enter(self) -> None:
        if not self.can_act():   # "choose a card" would be wrong while another acts
            self._complain("Wait: it is not your turn." if not self.game.finished()
                           else self.game.over_line())
            return
        c = self.selected()
        ph = self.table().phase
        if c is None:
            self._complain("Choose a card first (Left/Right or a click).")
        elif ph is Phase.OFFER and self.zone == "hand":
            self.act(Offer(c))
        elif ph is Phase.TAKE and self.zone == "faceup":
            self.act(Take(c))
        elif ph is Phase.CONTROL and self.zone == "faceup":
            if any(isinstance(a, Bid) for a in self.game.legal_actions()):
                self.action_bid()
            else:   # Enter again after a bid: say what is left, not the rules' refusal
                self._complain(self._after_bid())
        elif ph is Phase.CONTROL and self.zone == "discard":
            self.action_buy()
        else:
            self._complain("Nothing to do with that card now.")

    def _after_bid(self) -> str:
        """What the person to act can still do once no bid is left to them this turn."""
        legal = self.game.legal_actions()
        can = [word for kind, word in ((Speed, "v Speed+1"), (Buy, "u Buy from the discard "
                                                                   "pile"), (Done, "d Done"))
               if any(isinstance(a, kind) for a in legal)]
        return ("You have bid this turn (one bid a turn). Now: " + ", ".join(can) + "."
                if can else "You have bid this turn (one bid a turn).")

    def action_bid(self) -> None:
        c = self.selected()
        if self.zone != "faceup" or c is None:
            self._complain("Choose a face-up card to bid on.")
            return
        self.act(Bid(c, self.bid_tokens))

    def action_tokens(self, step: int) -> None:
        v = self.view()
        high = v.control[v.seat] if v is not None else 1
        self.bid_tokens = max(self._min_bid(), min(max(1, high), self.bid_tokens + step))
        self.refresh_table()

    def action_speed(self) -> None:
        self.act(Speed(1))

    def action_buy(self) -> None:
        c = self.selected()
        if self.zone != "discard" or c is None:
            self._complain("Choose a card of the discard pile to buy (Right past the "
                           "face-up cards).")
            return
        self.act(Buy(c))

    def action_done(self) -> None:
        self.act(DONE)

    def action_flip(self, n: int) -> None:
        st = self.table()
        if st.pending_return is None:
            if st.phase is Phase.CONTROL and self.zone == "faceup":
                self.bid_tokens = max(self._min_bid(), n)
                self.refresh_table()
            return
        self.act(Flip(n))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        if text and self.act(text):
            self.set_focus(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        bid = event.button.name or ""
        if bid == "btn-offer" or bid == "btn-take":
            self.action_enter()
        elif bid == "btn-bid":
            self.action_bid()
        elif bid == "btn-more":
            self.action_tokens(1)
        elif bid == "btn-less":
            self.action_tokens(-1)
        elif bid == "btn-speed":
            self.action_speed()
        elif bid == "btn-buy":
            self.action_buy()
        elif bid == "btn-done":
            self.action_done()
        elif bid.startswith("btn-flip-"):
            self.act(Flip(int(bid.removeprefix("btn-flip-"))))

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(HELP))

    def large(self) -> bool:
        """True when the terminal is big enough to draw the cards as cards."""
        return self.size.width >= self.LARGE[0] and self.size.height >= self.LARGE[1]

    def on_resize(self) -> None:
        self.lay_out()
        self.refresh_table()

    def action_scroll_log(self, direction: int) -> None:
        log = self.query_one("#sd-log", RichLog)
        if direction < 0:
            log.scroll_page_up()
        else:
            log.scroll_page_down()

    def action_hint(self) -> None:
        """The coach's hint for the person to act, from their view only (a window; here or
        online alike)."""
        if not self.can_act():
            self._complain("Wait: it is not your turn." if not self.game.finished()
                           else self.game.over_line())
            return
        seat = self.game.to_act()
        self.app.push_screen(ShowdownHintScreen(self.game.view(seat),
                                                self.game.legal_actions()))

    def action_review(self) -> None:
        """The coach's review of a finished game played here (a window)."""
        if self.match is None:
            self._complain("The review needs the game's record: it is kept on the server.")
            return
        if not self.game.finished():
            self._complain("The review comes after the game: H gives a hint now.")
            return
        self.app.push_screen(ShowdownReviewScreen(self.match.record()))

    def action_piles(self) -> None:
        self.app.push_screen(ScoreScreen(piles_text(self.game)))

    def action_type(self) -> None:
        self.query_one("#sd-cmd", Input).focus()

    def action_save(self) -> None:
        if self.game.finished():
            self._complain("The game is over: its scores are kept, there is nothing to save."
                           if self.game.cut_off() is None else self.game.over_line())
            return
        if not self.game.keeps_saves:
            self._complain("The server keeps this game: every move is stored there.")
            return
        try:
            name = self.game.save()
        except GameshelfError as exc:
            self.notify(f"could not save: {error_line(exc)}", severity="error", markup=False)
            return
        self.notify(saved_as("showdown", name), markup=False)

    def keep_game(self) -> None:
        """Ctrl+Q: keep the game saved (see ``gameshelf.tui.base``)."""
        if not self.game.finished():
            self._settle()

    def action_leave(self) -> None:
        """Esc: save and leave the game screen (back to the start screen, or out of the app
        when ``gameshelf showdown play``/``resume`` opened it, as in the other games), saying
        ``Game saved as 'NAME'.`` on the way out as Yatz and Muggins do (a failed save says
        why instead)."""
        game = self.game
        if not game.finished() and isinstance(game, LocalShowdown):
            before = len(game.errors)
            self._settle()
            if len(game.errors) == before and not game.unsaved:
                self.app.notify(f"Game saved as {quoted(game.name or '')}.",
                                title="Pinball Showdown", markup=False)
        elif not game.finished():
            self.app.notify(f"Left room {game.name or ''}: the server keeps your seat; "
                            "join again with the same name to play on.",
                            title="Pinball Showdown", markup=False)
        game.close()
        self.dismiss(None)

    #: The screen's turn actions and the kind of legal action each needs (``tokens`` sets a
    #: bid's tokens, so it goes with bidding).
    _TURN_ACTIONS: dict[str, type[Bid | Speed | Buy | Done]] = {
        "bid": Bid, "tokens": Bid, "speed": Speed, "buy": Buy, "done": Done}

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer offers only what can be done now (``False`` hides a binding): a turn's
        action while the person on screen is to act and the rules allow one of its kind
        (no Bid once they have bid this turn, no Buy without a discard pile or 2 tokens, no
        Speed+1 without 2 tokens), nothing of a turn, no Save and no typing once the game is
        over."""
        kind = self._TURN_ACTIONS.get(action)
        if kind is not None:
            if not self.can_act():
                return False
            return any(isinstance(a, kind) for a in self.game.legal_actions())
        if action in ("type", "save") and self.game.finished():
            return False
        if action == "save" and not self.game.keeps_saves:
            return False
        if action == "hint":
            # 80 columns hold the control step's keys or Hint, not both: there the footer
            # leaves Hint out, and h still opens it (its refusal binding; the help names it)
            return self.can_act() and (self.size.width >= self.WIDE_FOOTER or not any(
                isinstance(a, (Bid, Speed, Buy, Done)) for a in self.game.legal_actions()))
        if action == "review":
            return self.match is not None and self.game.finished()
        return True

    # ----- drawing -----------------------------------------------------------------------
    def refresh_table(self) -> None:
        """Redraw everything from the match state (not while the screen is not on, or the
        app is closing: a resize or a computer's move then would mount into removed
        containers)."""
        if not drawable(self):
            return
        v = self.view()
        self.refresh_bindings()
        self.query_one("#sd-status", Static).update(self._status_text())
        self._draw_players()
        self._draw_side()
        self._draw_cards(v)
        self._draw_log()
        self._draw_prompt(v)

    def _status_text(self) -> Text:
        """The status line, its least useful parts left out when the terminal is narrow."""
        m, st = self.game, self.table()
        room = max(20, self.size.width - 2)
        deck = "gameshelf reconstruction" if m.deck.reconstruction else literal(m.deck.name)
        wiz = ((" WIZARD MODE ON ", "bold black on magenta") if st.wizard
               else (" Wizard Mode off ", "dim"))
        parts: list[tuple[str, str]] = [
            ("Pinball Showdown", "bold"), (literal(m.title), ""),
            (f"Turn {max(1, st.turn)}/{MAX_TURNS}", "bold"),
            (f"First Player: {literal(m.seats[st.first].name)}", ""), wiz,
            (f"deck: {deck}", "italic")]
        for drop in (5, 0):  # the deck first, then the title
            if sum(len(p) for p, _ in parts) + 3 * (len(parts) - 1) <= room:
                break
            parts.pop(drop)
        status = Text(" · ").join(Text(p, style=style) for p, style in parts)
        status.truncate(room, overflow="ellipsis")
        return status

    def _columns(self) -> int:
        """The hand's cards to a row when cards are drawn as cards (4, or 5 from WIDE)."""
        return 5 if self.size.width >= self.WIDE else 4

    def _left_outer(self) -> int:
        """The columns of the left column (players table, face-up cards, hand), padding
        included: the card grid's width, or COMPACT_LEFT on small terminals; the right column
        (combinations, discard pile, log) has the rest."""
        if self.has_class("compact"):
            return max(20, min(self.COMPACT_LEFT, self.size.width - 30))
        k = self._columns()
        return 16 * k + (k - 1) + 2

    def _left_width(self) -> int:
        """The cells inside the left column (players table, face-up cards, hand)."""
        return self._left_outer() - 2

    def _right_width(self) -> int:
        """The cells inside the right column (discard pile), less a scroll bar."""
        return max(12, self.size.width - self._left_outer() - 1 - 2 - 2)

    def lay_out(self) -> None:
        """Size the columns for the terminal: cards as cards from LARGE (four or five to a
        row), one line per card below it; the log and the discard pile get what is left."""
        self.set_class(not self.large(), "compact")
        self.set_class(self.size.height < self.LARGE[1], "short")
        outer = self._left_outer()
        for selector in ("#sd-players", "#sd-left"):
            self.query_one(selector).styles.width = outer
        self.query_one("#sd-hand").styles.grid_size_columns = self._columns()

    def _draw_players(self) -> None:
        m, st = self.game, self.table()
        compact = self.has_class("compact")
        gone = not compact or self._left_width() >= 47
        name_w = 8 if compact else 12
        t = Text()
        t.append(f"{'player':<{name_w + 1}}{'speed' if not compact else 'spd':>6}"
                 f"{'ctrl' if not compact else 'ctl':>5}{'gone' if gone else '':>{5 * gone}}"
                 f"{'hand':>5}{'pile':>{12 if not compact else 8}}"
                 f"{'2X pile' if not compact else '2X':>{12 if not compact else 8}}"
                 f"{'combo' if not compact else 'cmb':>{6 if not compact else 4}}\n",
                 style="underline")
        to_act = st.current_player()
        for s, seat in enumerate(m.seats):
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
        self.query_one("#sd-players", Static).update(t)

    def _draw_side(self) -> None:
        """The open Combination cards, whole: ``devices bonus name`` on one line where it
        fits, else the name and bonus with the devices on a second line (a line longer than
        the column wraps; nothing is cut)."""
        st = self.table()
        combos = st.deck.combinations
        room = self.size.width - self._left_outer() - 3 - (2 if self.has_class("short") else 0)
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
                t.append(f"\n✓ {literal(combos[c].name)} ({literal(self.game.seats[s].name)})",
                         style="dim")
        t.append(f"\nDeck: {count(st.deck_size, 'card')}", style="dim")
        self.query_one("#sd-side", Static).update(t)

    def _draw_cards(self, v: PlayerView | None) -> None:
        st = self.table()
        seats = self.game.seats
        compact = self.has_class("compact")
        faceup = self.query_one("#sd-faceup", Container)
        hand = self.query_one("#sd-hand", VerticalScroll)
        discard = self.query_one("#sd-discard", VerticalScroll)
        drawn = (tuple(st.faceup), tuple(st.bids.items()), tuple(st.claims), st.top,
                 st.phase, st.wizard, tuple(st.discard), st.has_offered,
                 None if v is None else (v.seat, v.hand), self.size, compact)
        self._draw_hand_label(v)
        if drawn == self._drawn:
            self._mark_selected()  # only the choice moved: keep the widgets
            return
        self._drawn = drawn
        faceup.remove_children()
        hand.remove_children()
        discard.remove_children()
        left = self._left_width()

        def card(c: int, i: int, zone: str, note: str = "") -> CardView | CardLine:
            if compact:   # the hand scrolls: less its scroll bar
                return CardLine(st.cards[c], i, zone, left - 2 * (zone == "hand"), note)
            return CardView(st.cards[c], i, zone, note, st.wizard and zone != "hand")

        widgets: list[CardView | CardLine] = []
        taken = {cl.card: s for s, cl in enumerate(st.claims) if cl is not None}
        if st.faceup:
            for i, c in enumerate(st.faceup):
                bid = st.bids.get(c)
                note = f"{literal(seats[bid[0]].name)[:8]} ×{bid[1]}" if bid else ""
                if not bid and v is not None and i < len(v.offered_by):
                    who = v.offered_by[i]
                    note = "deck" if who == -1 else (
                        f"from {literal(seats[who].name)[:9]}" if who >= 0 else "")
                if c in taken and st.phase is Phase.TAKE:
                    note = f"→ {literal(seats[taken[c]].name)[:10]}"
                w = card(c, i, "faceup", note)
                widgets.append(w)
                faceup.mount(w)
            label = "Face-up cards (this turn)"
        elif st.top is not None:
            faceup.mount(card(st.top, 0, "top", "deck"))
            made = sum(st.has_offered)
            label = f"Turned up from the deck; offers made: {made} of {st.n}"
        else:
            label = "Face-up cards"
        self.query_one("#sd-faceup-label", Static).update(label)
        if v is not None:
            for i, c in enumerate(v.hand):
                w = card(c, i, "hand")
                widgets.append(w)
                hand.mount(w)
        self.query_one("#sd-discard-label", Static).update(
            f"Discard pile ({len(st.discard)})")
        for i, c in enumerate(st.discard):
            line = CardLine(st.cards[c], i, "discard", self._right_width())
            widgets.append(line)
            discard.mount(line)
        self._cards = widgets
        self._mark_selected()

    def _draw_hand_label(self, v: PlayerView | None) -> None:
        label = self.query_one("#sd-hand-label", Static)
        if v is None:
            label.update("Connection lost: the game goes on on the server"
                         if self.game.cut_off() is not None
                         else ("Game over: p shows the piles, r the review" if self.match
                               else "Game over: p shows the piles") if self.game.finished()
                         else "Computers only: no hand shown" if not self._humans
                         else "Hand hidden: pass the terminal")
            return
        name = literal(self.game.seats[v.seat].name)
        chosen = (self.cursor + 1 if self.zone == "hand" and self.can_act()
                  and 0 <= self.cursor < len(v.hand) else None)
        label.update(Text(
            f"{possessive(name)} hand ({count(len(v.hand), 'card')}"
            + (f"; card {chosen} of {len(v.hand)}: {card_text(v.hand[chosen - 1])}"
               if chosen is not None else "") + ")"
            + (f" · offered {card_text(v.my_offer)}" if v.my_offer is not None
               and not v.faceup else "")))

    def _mark_selected(self) -> None:
        """Highlight the chosen card and scroll it into view."""
        visible = self._zone_cards()
        sel = visible[self.cursor] if 0 <= self.cursor < len(visible) else None
        for widget in self._cards:
            on = (widget.zone == self.zone and self._card_at(widget) == sel
                  and self.can_act())
            if on and not widget.has_class("selected"):
                self.call_after_refresh(widget.scroll_visible, animate=False)
            widget.set_class(on, "selected")

    def _card_at(self, w: CardView | CardLine) -> int | None:
        st = self.table()
        v = self.view()
        if w.zone == "faceup":
            return st.faceup[w.index] if w.index < len(st.faceup) else None
        if w.zone == "discard":
            return st.discard[w.index] if w.index < len(st.discard) else None
        if w.zone == "hand" and v is not None:
            return v.hand[w.index] if w.index < len(v.hand) else None
        return None

    def _draw_log(self) -> None:
        log = self.game.log()
        widget = self.query_one("#sd-log", ReflowLog)
        for line in log[self._log_seen:]:
            style = "bold magenta" if "Wizard" in line else (
                "bold red" if " drain" in line else
                "bold" if line.startswith("Turn ") else "")
            widget.add(plain(line, style))
        self._log_seen = len(log)

    def _draw_prompt(self, v: PlayerView | None) -> None:
        m, st = self.game, self.table()
        prompt = self.query_one("#sd-prompt", Static)
        buttons = self.query_one("#sd-buttons", Horizontal)
        buttons.remove_children()
        if st.is_terminal():
            winners = " and ".join(literal(m.seats[w].name) for w in st.winners())
            prompt.update(Text(f"Game over. Winner: {winners}. Esc leaves.",
                               style="bold green"))
            return
        seat = st.current_player()
        if seat < 0 or not m.seats[seat].is_human:
            who = m.seats[seat].name if seat >= 0 else "the dealer"
            prompt.update(Text(f"{literal(said(who, 'is'))} playing…", style="italic"))
            return
        if not self.can_act() or v is None:
            prompt.update(Text(f"Waiting for {literal(m.seats[seat].name)}…", style="italic"))
            return
        me = literal(m.seats[seat].name)
        sel = self.selected()
        sel_name = (f"{card_text(sel)} {literal(st.cards[sel].device)}" if sel is not None
                    else "no card")
        if st.pending_return is not None:
            back = st.pending_return[1]
            prompt.update(Text(f"{me}: you were outbid and get {count(back, 'token')} back. "
                               f"Flip how many to speed? (keys 0-{min(back, 9)})",
                               style="bold"))
            for k in range(back + 1):
                buttons.mount(Button(str(k), name=f"btn-flip-{k}", compact=True))
            return
        if st.phase is Phase.OFFER:
            prompt.update(Text(f"{me}: step 1 — offer a card from your hand "
                               f"(chosen: {sel_name}). Enter offers it.", style="bold"))
            buttons.mount(Button("Offer", name="btn-offer", variant="primary", compact=True))
        elif st.phase is Phase.CONTROL:
            speed, ctl = st.speed[seat], st.control[seat]
            text = Text(f"{me}: step 2 — speed {speed}, control {ctl}. ", style="bold")
            # Say what Enter does with the card under the cursor (or that there is none).
            # Only what the rules allow now is offered (no Speed+1 or Buy without 2 tokens).
            legal = m.legal_actions()
            can_speed = any(isinstance(a, Speed) for a in legal)
            can_buy = any(isinstance(a, Buy) for a in legal)
            bidding = self.zone == "faceup" and sel is not None and any(
                isinstance(a, Bid) and a.card == sel for a in legal)
            buying = self.zone == "discard" and sel is not None and can_buy
            if buying:
                text.append(f"Buy {sel_name} for {BUY_COST} tokens? (u or Enter) ")
            elif bidding:
                text.append(f"Bid {self.bid_tokens} on {sel_name}? (b or Enter; +/- tokens) ")
            elif st.has_bid[seat]:
                text.append("You have bid this turn. ")
            else:
                text.append("Left/Right: choose a card. ")
            hints = (["v: speed +1 (costs 2)"] if can_speed else []) \
                + (["Right to the discard pile to buy"] if can_buy and not buying else []) \
                + ["d: done."]
            text.append(", ".join(hints))
            prompt.update(text)
            if bidding:
                buttons.mount(Button("-", name="btn-less", compact=True))
                buttons.mount(Button(f"Bid {self.bid_tokens}", name="btn-bid",
                                     variant="primary", compact=True))
                buttons.mount(Button("+", name="btn-more", compact=True))
            if can_speed:
                buttons.mount(Button("Speed+1", name="btn-speed", compact=True))
            if buying and sel is not None:
                buttons.mount(Button(f"Buy {card_text(sel)}", name="btn-buy", compact=True))
            buttons.mount(Button("Done", name="btn-done", variant="success", compact=True))
        elif st.phase is Phase.TAKE:
            prompt.update(Text(f"{me}: step 3 — you have no bid: take one of the unclaimed "
                               f"cards (chosen: {sel_name}). Enter takes it.", style="bold"))
            buttons.mount(Button("Take", name="btn-take", variant="primary", compact=True))
