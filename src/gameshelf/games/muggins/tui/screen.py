"""The Muggins screen: the board, the rack, the scores, Mugsy's moves at a readable pace.

Keys: Left/Right (Up/Down) choose a tile, Enter plays it (or draws / passes when nothing
fits), L and R play it on the left or right chain, D draws, P passes, S saves, F1 helps, Esc
leaves (no question: the game stays saved; back to the level screen when opened from the
menu). The mouse works too: click a tile of the
rack to play it, click Left/Right when it fits both chains.
"""

from __future__ import annotations

import asyncio

from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.geometry import Region
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Header, OptionList, Static
from textual.widgets.option_list import Option

from gameshelf.core.chance import new_seed
from gameshelf.core.errors import GameshelfError
from gameshelf.core.keymaps import (
    DEFAULT_KEY_MAP,
    KEY_MAPS,
    parse_key_map,
    remember_key_map,
    remembered_key_map,
)
from gameshelf.core.records import GameRecord
from gameshelf.core.text import count, error_line, possessive, quoted, resume_command, said
from gameshelf.games.muggins.game import (
    DEFAULT_TARGET,
    Draw,
    MugginsState,
    Pass,
    Placed,
    Play,
    RoundResult,
    Side,
    end_value,
    play_points,
)
from gameshelf.games.muggins.match import GAME, joined_draws
from gameshelf.games.muggins.mugsy import LEVELS
from gameshelf.games.muggins.play import LocalMuggins, MugginsMatch, MugginsTable
from gameshelf.games.muggins.session import Session, describe, result_counts, saves
from gameshelf.games.muggins.tiles import Tile, round_to_five
from gameshelf.games.muggins.tui.coach import MugginsHintScreen, MugginsReviewScreen
from gameshelf.games.muggins.tui.render import (
    BIG,
    CLASSIC_SELECTED_STYLE,
    NEW_STYLE,
    SELECTED_STYLE,
    TILE_STYLE,
    TILE_W,
    board_text,
    choose_geometry,
    ends_bar,
    tile_lines,
    tile_row,
)
from gameshelf.session.base import SaveLost, save_failure
from gameshelf.tui.app import GameshelfApp
from gameshelf.tui.base import drawable, need_terminal, quit_binding, run_guarded
from gameshelf.tui.keymaps import Key, KeyTable, use_bindings
from gameshelf.tui.saves import SavesScreen
from gameshelf.tui.widgets import (
    ConfirmScreen,
    GameFooter,
    HelpScreen,
    RefusalMixin,
    help_binding,
    plain,
)

#: True: the menu opens this game.
BUILT = True
DEFAULT, CLASSIC = DEFAULT_KEY_MAP, "classic"
#: Columns kept for the status, ends and messages beside the rack (classic layout).
INFO_W = 30
#: Below this many lines the title bar is hidden, its line given to the board.
SHORT_H = 30

HELP_RULES = """\
# Muggins

Double-nine dominoes against **Mugsy**. Score by making the two open ends of the chains add
up to a multiple of 5; first to the target (500) wins.

* The **double-blank** starts the board; the **left** and **right** chains grow from it
  (named over the board, a dotted rule between them). The blue box on it, and on the line
  under the board, shows the total of the two open ends (a double at an end counts both
  halves). A total of 5, 10, 15 ... 30 is scored at once. A board too long for the screen
  is drawn with small one-line tiles (`3│5`), so it is always whole.
* A tile fits a chain when one half matches that chain's open number (red pips).
* You must play when you can. If nothing fits, **draw** (D or Enter) one tile at a time
  until one fits, then play it. With the boneyard empty, **pass** (P or Enter).
* Play your last tile (**domino**): 25 points plus Mugsy's pips, rounded to 5
  (1-2 down, 3-4 up). If nobody can play (**blocked**) the lower pip total scores the other's
  pips, rounded. The lead alternates every round; you lead the first.
* The game ends the moment someone reaches the target, even in mid-round.

Choosing a new game's level: Up / Down, **Enter** chooses, **k** changes the keys (default,
or classic: your tiles in the upper right corner as in the 1991 manual), **s** the saved
games (newest first; Enter resumes one, **r** replays one move by move, **d** deletes one
after a question; finished and damaged saves are marked), **F1** this help, **Esc** back to
the menu.

Mugsy's levels: **easy** takes the most points now; **normal** also watches your reply;
**strong** searches many samples of the tiles it cannot see (it never peeks); **even** adapts
to your results so you win about half of the games.
"""

MUGGINS_KEYS = KeyTable((
    Key("move(-1)", {DEFAULT: "left,up"}, does="choose a tile of your rack",
        shown="Left / Right, Up / Down"),
    Key("move(1)", {DEFAULT: "right,down"}),
    Key("move(-1)", {CLASSIC: "left"}, does="move the red box over your tiles: to the tile "
        "left or right, to the row above or below", shown="the four arrows"),
    Key("move(1)", {CLASSIC: "right"}),
    Key("move_row(-1)", {CLASSIC: "up"}),
    Key("move_row(1)", {CLASSIC: "down"}),
    Key("play", {DEFAULT: "enter,space", CLASSIC: "enter,space"}, "Play",
        "play it (or draw / pass when nothing fits)", shown="Enter or Space"),
    Key("side('L')", {DEFAULT: "l", CLASSIC: "l"}, "Left", "play it on the left chain",
        shown="L"),
    Key("side('R')", {DEFAULT: "r", CLASSIC: "r"}, "Right", "play it on the right chain",
        shown="R"),
    Key("draw", {DEFAULT: "d", CLASSIC: "d"}, "Draw", "draw", shown="D"),
    Key("pass_turn", {DEFAULT: "p", CLASSIC: "p"}, "Pass", "pass", shown="P"),
    Key("", {DEFAULT: "", CLASSIC: ""}, does="click a tile to choose it, click it again to "
        "play it; click Left / Right to choose the chain", shown="mouse"),
    # the turn's keys while the footer hides them: each says why it cannot be done now
    Key("refuse('side', 'L')", {DEFAULT: "l", CLASSIC: "l"}),
    Key("refuse('side', 'R')", {DEFAULT: "r", CLASSIC: "r"}),
    Key("refuse('draw')", {DEFAULT: "d", CLASSIC: "d"}),
    Key("refuse('pass_turn')", {DEFAULT: "p", CLASSIC: "p"}),
    Key("hint", {DEFAULT: "h", CLASSIC: "h"}, "Hint",
        "a hint on your turn: the best tile and chain end, its points now, and strong "
        "Mugsy's estimate of every play against it (after the game, R on the game-over "
        "window reviews your plays)", shown="H"),
    Key("refuse('hint')", {DEFAULT: "h", CLASSIC: "h"}),
    Key("save", {DEFAULT: "s", CLASSIC: "s"}, "Save",
        "save (the game is also saved after every move)", shown="S"),
    Key("help", {DEFAULT: "f1,question_mark", CLASSIC: "f1,question_mark"}, "Help",
        "this help", shown="F1 or ?"),
    Key("quit_game", {DEFAULT: "escape", CLASSIC: "escape"}, "Leave",
        "leave the game, kept saved (no question; back to the level screen when opened from "
        "the menu; resume it later there with S, or with `gameshelf muggins resume`)",
        shown="Esc"),
))
KEYS_NAMED = {DEFAULT: "default", CLASSIC: "classic: your tiles in the upper right corner"}


def muggins_help(key_map: str = DEFAULT) -> str:
    """The Muggins help: the rules, the keys of ``key_map``, the level screen and levels."""
    rules, _, levels = HELP_RULES.partition("Choosing a new game")
    return (f"{rules}## Keys ({KEYS_NAMED[key_map]})\n\n{MUGGINS_KEYS.help_table(key_map)}"
            f"\n\nChoosing a new game{levels}")


#: The help of the default keys.
HELP = muggins_help()


class TileView(Static):
    """One tile of the rack; a click chooses it, a second click plays it."""

    DEFAULT_CSS = """
    TileView { width: 9; height: 4; }
    """

    def __init__(self, tile: Tile, selected: bool, fresh: bool, classic: bool = False) -> None:
        super().__init__(self.render_tile(tile, selected, fresh, classic))
        self.tile = tile

    @staticmethod
    def render_tile(tile: Tile, selected: bool, fresh: bool, classic: bool = False) -> Text:
        """3 lines of tile and a marker line under the selected one (``classic``: the
        selected tile in the manual's blinking red box)."""
        style = ((CLASSIC_SELECTED_STYLE if classic else SELECTED_STYLE) if selected
                 else NEW_STYLE if fresh else TILE_STYLE)
        lines = tile_lines(tile.low, tile.high, style)
        lines.append(Text(f"▲{str(tile):^{TILE_W - 2}}▲",
                          "bold blink red" if classic else "bold red") if selected
                     else Text(f"{str(tile):^{TILE_W}}", "dim"))
        return Text("\n").join(lines)

    def on_click(self, event: events.Click) -> None:
        screen = self.screen
        if isinstance(screen, MugginsScreen):
            screen.click_tile(self.tile)


class BoardScroll(VerticalScroll, can_focus=False):
    """The board's scroll area; it never takes the keys (the arrows choose tiles)."""


class LevelList(OptionList):
    """The list of levels; Enter is left to the screen (its footer shows "Choose")."""

    BINDINGS = [Binding("enter", "screen.choose", "Choose")]


class MugginsSavesScreen(SavesScreen):
    """The saved Muggins games: Enter resumes one, d deletes one (asks first), Esc back."""

    def __init__(self) -> None:
        super().__init__(GAME, "Muggins", describe)


class LevelScreen(ModalScreen[str | None]):
    """Choose Mugsy's level (with the results so far against each), or open the saved games
    (``s``, offered while there are some): a save chosen there is :attr:`resume` and the
    screen returns None."""

    DEFAULT_CSS = """
    LevelScreen { align: center middle; }
    LevelScreen > Vertical { width: 64; height: auto; border: thick $accent;
                             background: $surface; padding: 1 2; }
    LevelScreen OptionList { height: auto; }
    #level-keymap { margin-top: 1; }
    #level-saves { color: $text-muted; }
    """
    BINDINGS = [
        Binding("enter", "choose", "Choose"),
        Binding("k", "keys", "Keys"),
        Binding("s", "saves", "Saves"),
        Binding("f1,question_mark", "help", "Help"),
        Binding("escape,q", "cancel", "Back"),
        quit_binding(),
    ]

    def __init__(self, keys: str = DEFAULT) -> None:
        """``keys``: the key map offered first; the one chosen is :attr:`keys`."""
        super().__init__()
        self.keys = parse_key_map(keys)
        #: The save chosen on the saves list (the screen then returns None).
        self.resume: str | None = None
        self._saves = self._count_saves()

    @staticmethod
    def _count_saves() -> int:
        try:
            return len(saves())
        except GameshelfError:
            return 0

    def compose(self) -> ComposeResult:
        try:
            counts = result_counts()
        except GameshelfError:
            counts = {}
        blurbs = {"easy": "takes the most points now", "normal": "also watches your reply",
                  "strong": "searches the hidden tiles", "even": "you win about half"}
        with Vertical():
            yield Static("New game of Muggins: choose Mugsy's level")
            options = []
            for lv in LEVELS:
                c = counts.get(f"mugsy-{lv}", {})
                options.append(Option(plain(f"{lv:7} {blurbs[lv]:28} won {c.get('win', 0)} "
                                            f"lost {c.get('loss', 0)}"), id=lv))
            ol = LevelList(*options, id="levels")
            ol.highlighted = 1
            yield ol
            yield Static(Text(self._keys_line()), id="level-keymap")
            yield Static(self._saves_line(), id="level-saves")
        yield GameFooter()

    def _saves_line(self) -> str:
        n = self._saves
        return (f"{n} saved game{'s' if n != 1 else ''}: s shows them (resume, delete)" if n
                else "No saved games.")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Saves is offered only while there are saved games."""
        if action == "saves":
            return self._saves > 0
        return True

    def action_saves(self) -> None:
        """Open the saved games; one chosen there is resumed (this screen closes)."""
        def chosen(name: str | None) -> None:
            self._saves = self._count_saves()
            self.query_one("#level-saves", Static).update(self._saves_line())
            self.refresh_bindings()
            if name is not None:
                self.resume = name
                self.dismiss(None)
        self.app.push_screen(MugginsSavesScreen(), chosen)

    def _keys_line(self) -> str:
        """``Keys: default (k changes)``."""
        return f"Keys: {KEYS_NAMED[self.keys]} (k changes)"

    def action_keys(self) -> None:
        """Switch between the key maps (and layouts) of the game screen; the choice is
        remembered for the next games (and the next runs)."""
        self.keys = KEY_MAPS[(KEY_MAPS.index(self.keys) + 1) % len(KEY_MAPS)]
        line = self._keys_line()
        try:
            remember_key_map(GAME, self.keys)
        except GameshelfError as exc:
            line += f"; not remembered: {exc}"
            self.app.bell()
        self.query_one("#level-keymap", Static).update(Text(line))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(str(event.option.id))

    def action_choose(self) -> None:
        """Choose the highlighted level."""
        ol = self.query_one("#levels", OptionList)
        if ol.highlighted is not None:
            self.dismiss(str(ol.get_option_at_index(ol.highlighted).id))

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(HELP))

    def action_cancel(self) -> None:
        self.dismiss(None)


class SummaryScreen(ModalScreen[bool]):
    """The round summary (True: continue) or the game-over screen (True: play again). Its
    footer names its own keys: Enter (or Space) the next round; after the game y (Enter,
    Space) plays again, n (Esc) leaves; F1 / ? the help, Ctrl+Q quits."""

    DEFAULT_CSS = """
    SummaryScreen { align: center middle; }
    SummaryScreen > Vertical { width: 66; height: auto; border: thick $accent;
                               background: $surface; padding: 1 2; }
    SummaryScreen Horizontal { height: auto; align: center middle; margin-top: 1; }
    SummaryScreen Button { margin: 0 2; }
    """
    BINDINGS = [
        Binding("enter", "next_round", "Next round"),
        Binding("space", "next_round", "Next round", show=False),
        Binding("y", "next_round", "Next round", show=False),
        Binding("y", "again", "Play again"),
        Binding("enter,space", "again", "Play again", show=False),
        Binding("n", "leave", "Leave"),
        Binding("escape", "leave", "Leave", show=False),
        Binding("r", "review", "Review"),
        help_binding(),
        quit_binding(),
    ]

    def __init__(self, text: str, game_over: bool, help_text: str = HELP,
                 record: GameRecord | None = None, again: bool = True) -> None:
        super().__init__()
        self._text, self.game_over, self._help = text, game_over, help_text
        #: the finished game, for the review (r)
        self.record = record
        #: a new game can be started from here (not online: the room is over)
        self.again = again

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(plain(self._text, lines=True), id="summary")
            with Horizontal():
                buttons = ([Button("Play again (y)", id="yes", variant="primary"),
                            Button("Leave (n)", id="no", variant="warning")]
                           if self.game_over and self.again
                           else [Button("Leave (n)", id="no", variant="warning")]
                           if self.game_over
                           else [Button("Next round (Enter)", id="yes", variant="primary")])
                for button in buttons:
                    button.can_focus = False   # Enter is the screen's key, named in the footer
                    yield button
        yield GameFooter()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Next round (Enter) between rounds; Play again (y) or Leave (n) after the game."""
        if action == "next_round":
            return not self.game_over
        if action == "again":
            return self.game_over and self.again
        if action == "leave":
            return self.game_over
        if action == "review":
            return self.game_over and self.record is not None
        return True

    def action_review(self) -> None:
        """The coach's review of the finished game (a window over this one)."""
        if self.game_over and self.record is not None:
            self.app.push_screen(MugginsReviewScreen(self.record))

    def action_next_round(self) -> None:
        self.dismiss(True)

    def action_again(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        self.dismiss(False)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self._help))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")


def play_scores(table: MugginsTable, play: Play) -> int:
    """The points ``play`` scores at once on ``table`` (the open ends' total after it, when
    a multiple of 5: R-MG-4), before any round's end."""
    lft, rgt = table.ends()
    end = lft if play.side is Side.LEFT else rgt
    placed = Placed(play.tile, end, play.tile.other(end))
    left = [*table.left, placed] if play.side is Side.LEFT else list(table.left)
    right = [*table.right, placed] if play.side is Side.RIGHT else list(table.right)
    return play_points(end_value(left) + end_value(right))


def round_summary(r: RoundResult, names: tuple[str, str] = ("You", "Mugsy")) -> str:
    """The text of a round summary: how it ended, the pips, the rounding, the points."""
    lines = [f"Round {r.round_no}: " + ("DOMINO!" if r.kind == "domino" else "BLOCKED"
                                          if r.kind == "blocked" else "target reached")]
    lines.append(f"Pips left: {names[0]} {r.pips[0]}, {names[1]} {r.pips[1]}")
    if r.winner is None:
        lines.append("Equal pip totals: nobody scores." if r.kind == "blocked" else "")
    else:
        loser = 1 - r.winner
        raw = r.pips[loser]
        rem = raw % 5
        how = "exact" if rem == 0 else f"remainder {rem} rounds {'down' if rem <= 2 else 'up'}"
        if r.kind == "domino":
            lines.append(f"{names[r.winner]} went out: bonus {r.bonus}.")
        else:
            lines.append(f"Nobody can play; {said(names[r.winner], 'has')} the lower total.")
        lines.append(f"{possessive(names[loser])} {count(raw, 'pip')} -> "
                     f"{round_to_five(raw)} ({how}).")
        lines.append(f"{said(names[r.winner], 'scores')} {r.points}.")
    lines.append(f"Score: {names[0]} {r.scores[0]}, {names[1]} {r.scores[1]}")
    return "\n".join(x for x in lines if x)


class MugginsScreen(RefusalMixin, Screen[None]):
    """A game of Muggins, against Mugsy here or against Mugsy or a person on a game server:
    the screen talks only to the match interface (:class:`~gameshelf.session.match.
    MugginsMatch`), so one screen plays both.

    Args:
        session: the game to show (a local session, or a match: local or remote); None:
            offer to resume the save or start a new game.
        level, target, seed: for a new game when ``session`` is None and ``ask`` is False.
        ask: ask (resume? which level?) when mounted without a session.
        pace: seconds between Mugsy's steps (0 in tests).
    """

    BINDINGS = MUGGINS_KEYS.bindings()   # the default map; another is set per screen
    DEFAULT_CSS = """
    MugginsScreen { layout: vertical; }
    #mg-status { height: auto; padding: 0 1; background: $boost; text-style: bold; }
    #mg-board-scroll { height: 1fr; border: round $primary; padding: 0 0;
                       align: center middle; }
    #mg-board { width: 100%; height: auto; }
    #mg-ends { height: auto; padding: 0 1; }
    MugginsScreen.-short Header { display: none; }
    #mg-rack-title { height: auto; padding: 0 1; }
    #mg-rack { layout: grid; grid-size: 14; grid-gutter: 0 1; grid-columns: 9;
               height: auto; max-height: 12; padding: 0 1; grid-rows: 4;
               overflow-y: auto; }
    #mg-sides { height: auto; display: none; padding: 0 1; }
    #mg-sides.-shown { display: block; }
    #mg-sides Button { margin: 0 1; min-width: 14; height: 1; border: none; }
    #mg-sides Static { width: auto; }
    #mg-bottom { height: 3; }
    #mg-msg { width: 1fr; height: 3; padding: 0 1; color: $warning; }
    #mg-log { width: 1fr; max-width: 46; height: 3; padding: 0 1; color: $text-muted;
              border-left: vkey $primary; }
    MugginsScreen.-classic #mg-status { height: auto; }
    #mg-top { height: auto; }
    #mg-info { width: 1fr; height: auto; }
    #mg-info #mg-rack-title, #mg-info #mg-ends { height: auto; }
    #mg-top #mg-rack { width: auto; }
    """

    pace: float = 0.7

    def __init__(self, session: Session | MugginsMatch | None = None, *,
                 level: str = "normal",
                 target: int = DEFAULT_TARGET, seed: int | None = None, ask: bool = True,
                 pace: float | None = None, exit_app: bool = False,
                 keys: str = DEFAULT) -> None:
        super().__init__()
        self.keys = DEFAULT
        self.classic = False
        self._use_keys(keys)
        #: Tiles in a row of the rack (the up and down keys of the classic map move a row).
        self.rack_columns = 1
        #: the match on screen (local: its session and save under it; online: a room)
        self.game: MugginsMatch | None = (LocalMuggins(session) if isinstance(session, Session)
                                          else session)
        self._level, self._target, self._seed, self._ask = level, target, seed, ask
        self.selected = 0
        self.choosing: Tile | None = None
        self._clicked: Tile | None = None   # the tile a first click chose
        self.busy = False
        self.fresh: Tile | None = None
        self.board_fresh: Tile | None = None
        self.shown_rounds = 0
        self.exit_app = exit_app
        #: Opened on its level screen (from the menu): leaving a game comes back there.
        self.from_setup = session is None and ask and not exit_app
        self.last_message = ""
        #: log lines already told in a message (the other seat's moves are told once)
        self._told = 0
        #: the match's failures already shown
        self._errors_seen = 0
        #: the game-over window was shown (once)
        self._over_shown = False
        #: The board's tiles as last drawn: big (pips) or small (one line, digits).
        self.board_geometry = BIG
        if pace is not None:
            self.pace = pace

    # ----- layout ------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="mg-status")
        if self.classic:   # the 1991 manual: your tiles in the upper right corner
            with Horizontal(id="mg-top"):
                with Vertical(id="mg-info"):
                    yield Static("", id="mg-rack-title")
                    yield Static("", id="mg-ends")
                    yield from self._sides()
                yield Grid(id="mg-rack")
            with BoardScroll(id="mg-board-scroll"):
                yield Static("", id="mg-board")
        else:
            with BoardScroll(id="mg-board-scroll"):
                yield Static("", id="mg-board")
            yield Static("", id="mg-ends")
            yield Static("", id="mg-rack-title")
            yield Grid(id="mg-rack")
            yield from self._sides()
        with Horizontal(id="mg-bottom"):
            yield Static("", id="mg-msg")
            yield Static("", id="mg-log")
        yield GameFooter()

    def _sides(self) -> ComposeResult:
        with Horizontal(id="mg-sides"):
            yield Static("It fits both chains: ")
            for label, bid in (("◀ Left (L)", "side-L"), ("Right (R) ▶", "side-R")):
                button = Button(label, id=bid)
                button.can_focus = False   # Enter plays the selected tile, never a button
                yield button

    def _use_keys(self, keys: str) -> None:
        self.keys = parse_key_map(keys)
        self.classic = self.keys == CLASSIC
        self.set_class(self.classic, "-classic")
        use_bindings(self, MUGGINS_KEYS, self.keys)

    async def set_keys(self, keys: str) -> None:
        """Change the key map (and with it the layout) of a shown screen.

        Raises:
            BadInputError: ``keys`` is not a key map.
        """
        if parse_key_map(keys) == self.keys:
            return
        self._use_keys(keys)
        self.refresh_bindings()
        await self.recompose()
        self.refresh_all()
        self.say(self.last_message)

    def on_mount(self) -> None:
        # the title bar is the app's ("gameshelf — four classic games"), as on every screen
        if self.game is not None:
            self._begin()
            return
        if not self._ask:
            self.start_new(self._level, self._target, self._seed)
            return
        saved = self._saved()
        if saved is not None:
            name, record = saved

            def answer(yes: bool | None) -> None:
                if yes:
                    self.resume_save(name)
                else:
                    self.ask_level()
            s = record.options
            self.app.push_screen(ConfirmScreen(
                f"Resume your saved game {quoted(name)} against Mugsy "
                f"({s.get('level', 'normal')}), game number {record.seed}? (A new game "
                "keeps it saved.)", yes="Resume", no="New game"), answer)
        else:
            self.ask_level()

    def _saved(self) -> tuple[str, GameRecord] | None:
        """The newest intact save (name, record), if any."""
        try:
            rows = [r for r in saves() if r.record is not None]
        except GameshelfError:
            return None
        return (rows[0].name, rows[0].record) if rows and rows[0].record else None

    def resume_save(self, name: str) -> None:
        """Go on with the save ``name``; one that cannot be resumed is said, and the level
        screen asked again."""
        try:
            self.game = LocalMuggins(Session.resume(name))
        except GameshelfError as exc:
            self.say(error_line(exc), bell=True)
            self.ask_level()
            return
        self._begin()

    def ask_level(self) -> None:
        """Ask for Mugsy's level, then start a new game (Esc there: back to the menu, or
        out of the app)."""
        asked = LevelScreen(self.keys)

        async def chosen(level: str | None) -> None:
            if asked.resume is not None:
                await self.set_keys(asked.keys)
                self.resume_save(asked.resume)
            elif level is None:
                self._close()
            else:
                await self.set_keys(asked.keys)
                self.start_new(level, self._target, None)
        self.app.push_screen(asked, chosen)

    def start_new(self, level: str, target: int, seed: int | None,
                  name: str | None = None) -> None:
        """Start a new game (a new seed unless given), saved at once (as ``name``, else
        ``game-<number>``); a store that cannot be written is said here."""
        try:
            self.game = LocalMuggins(Session.new(level, target,
                                                 seed if seed is not None else new_seed(), name))
        except GameshelfError as exc:
            self.say(error_line(exc), bell=True)
            return
        self._begin()

    def _begin(self) -> None:
        assert self.game is not None
        self.shown_rounds = len(self.table.rounds)
        self.selected = 0
        self.choosing = None
        self._over_shown = False
        self._told = len(self.game.log())
        self._errors_seen = len(self.game.errors)
        self.refresh_all()
        other = self.other_name()
        self.say(f"Game number {self.game.seed} against {other}. Good luck!"
                 if isinstance(self.game, LocalMuggins) else
                 f"Room {self.game.name} against {other}. Good luck!")
        self.advance()

    @property
    def session(self) -> Session | None:
        """The local game's session (its save), or None (none yet, or played online)."""
        return self.game.session if isinstance(self.game, LocalMuggins) else None

    @property
    def state(self) -> MugginsState:
        """The local game's state (tests; the screen itself reads :attr:`table`)."""
        assert self.session is not None
        return self.session.match.state

    @property
    def me(self) -> int:
        """The seat played on this screen."""
        assert self.game is not None
        here = self.game.here()
        return here[0] if here else 0

    @property
    def table(self) -> MugginsTable:
        """What this screen's seat sees now (a match must exist)."""
        assert self.game is not None
        return self.game.view(self.me)

    def names(self) -> tuple[str, str]:
        """Both seats' names as this screen says them (its own seat is ``You``)."""
        assert self.game is not None
        return self.game.names(self.me)

    def other_name(self) -> str:
        """The other seat as named on this screen: ``Mugsy (normal)`` or a person's name."""
        assert self.game is not None
        name = self.names()[1 - self.me]
        level = self.game.level
        return f"{name} ({level})" if level else name

    def rack(self) -> list[Tile]:
        """The person's tiles in order."""
        return list(self.table.hand)

    def my_turn_now(self) -> bool:
        """True when this screen's seat is to act."""
        return self.game is not None and self.game.here_to_act()

    # ----- drawing -----------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer offers only what can be done now (``False`` hides a binding): on the
        person's turn, the chains when a tile fits, Draw or Pass when nothing does; none of
        them on Mugsy's turn or after the game."""
        if action == "save":
            return self.game is None or self.game.keeps_saves
        if action not in ("play", "side", "draw", "pass_turn", "hint") or self.game is None:
            return True
        if action == "hint":
            return not self.busy and self.my_turn_now()
        if self.busy or not self.my_turn_now():
            return action == "play"   # Enter still says whose turn it is
        legal = list(self.table.legal)
        if action == "draw":
            return legal == [Draw()]
        if action == "pass_turn":
            return legal == [Pass()]
        if action == "side":
            return legal not in ([Draw()], [Pass()])
        return True

    def refresh_all(self) -> None:
        """Redraw status, board, ends, rack."""
        if self.game is None:
            return
        self.refresh_bindings()
        st = self.table
        names = self.names()
        other = names[1 - self.me]
        turn = ("connection lost" if self.game.cut_off() is not None else "game over"
                if st.is_terminal() or self.game.finished() else "your turn"
                if self.my_turn_now() else f"{possessive(other)} turn")
        # a short terminal (80x24) gives the title bar's line to the board
        self.set_class(0 < self.size.height < SHORT_H, "-short")
        level = f" ({self.game.level})" if self.game.level else ""
        session = self.session
        self.query_one("#mg-status", Static).update(plain(
            f"Round {st.round_no} · {turn.upper()} · {names[0]} {st.scores[0]}"
            f"{level if self.me == 1 else ''} · {names[1]} {st.scores[1]}"
            f"{level if self.me == 0 else ''} · to {st.target} · boneyard "
            f"{st.boneyard_count} · {possessive(other)} tiles {st.opponent_count} · "
            + (f"#{self.game.seed}" if isinstance(self.game, LocalMuggins)
               else f"room {self.game.name}")
            + (" · NOT SAVED HERE (resumed elsewhere)" if session is not None
               and session.slot.lost else "")))
        width = max(40, self.size.width - 4)
        scroll = self.query_one("#mg-board-scroll", BoardScroll)
        # big tiles when the whole board fits the space it has, else one-line tiles
        height = scroll.scrollable_content_region.height
        geo = choose_geometry(st, width, height) if height > 0 else BIG
        self.board_geometry = geo
        self.query_one("#mg-board", Static).update(
            board_text(st, width, marks=self.choosing is not None, fresh=self.board_fresh,
                       geo=geo))
        row = tile_row(st, width, self.board_fresh, geo)
        if row is not None:   # a board longer than its space scrolls to the tile just played
            self.call_after_refresh(scroll.scroll_to_region,
                                    Region(0, 1 + row * geo.row_lines, 1, geo.tile_h),
                                    animate=False)
        self.query_one("#mg-ends", Static).update(ends_bar(st))
        self.query_one("#mg-log", Static).update(
            plain("\n".join(joined_draws(list(self.game.log()))[-3:]), lines=True))
        self.query_one("#mg-sides").set_class(self.choosing is not None, "-shown")
        self._refresh_rack()

    def _refresh_rack(self) -> None:
        tiles = self.rack()
        if tiles:
            self.selected = max(0, min(self.selected, len(tiles) - 1))
        grid = self.query_one("#mg-rack", Grid)
        slot = TILE_W + 1
        if self.classic:   # a block in the upper right corner, the rest for the messages
            self.rack_columns = max(1, min(len(tiles), (self.size.width - INFO_W) // slot))
            grid.styles.width = self.rack_columns * slot + 1
            title = f"Your tiles ({len(tiles)}): arrows move the red box · Enter plays"
        else:
            self.rack_columns = max(1, (self.size.width - 2) // slot)
            title = (f"Your tiles ({len(tiles)}): ←/→ choose · Enter play · L/R chain · "
                     f"D draw · P pass")
            if self.size.width >= len(title) + len(" · click a tile") + 2:
                title += " · click a tile"
        self.query_one("#mg-rack-title", Static).update(title)
        grid.styles.grid_size_columns = self.rack_columns
        views = list(grid.query(TileView))
        if [v.tile for v in views] == tiles:
            for i, (v, t) in enumerate(zip(views, tiles, strict=True)):
                v.update(TileView.render_tile(t, i == self.selected, t == self.fresh,
                                              self.classic))
            return
        grid.remove_children()
        grid.mount_all([TileView(t, i == self.selected, t == self.fresh, self.classic)
                        for i, t in enumerate(tiles)])

    def on_resize(self, event: events.Resize) -> None:
        if drawable(self):
            self.refresh_all()

    def say(self, message: str, bell: bool = False) -> None:
        """Show a message (and ring the bell for a refusal)."""
        self.last_message = message
        self.query_one("#mg-msg", Static).update(plain(message, lines=True))
        if bell:
            self.app.bell()

    # ----- the person's actions ----------------------------------------------------------
    def _my_turn(self) -> bool:
        if self.game is None:
            return False
        if self.busy or not self.my_turn_now():
            self.say(f"Wait: it is {possessive(self.names()[1 - self.me])} turn."
                     if not self.game.finished() else self.game.over_line(), bell=True)
            return False
        return True

    def action_move(self, step: int) -> None:
        if self.game is None:
            return
        n = len(self.table.hand)
        if n:
            self.selected = (self.selected + step) % n
            self.choosing = None
            self.refresh_all()

    def action_move_row(self, step: int) -> None:
        """Classic keys: the red box to the tile above (-1) or below (1) in the rack."""
        if self.game is None:
            return
        target = self.selected + step * self.rack_columns
        if 0 <= target < len(self.table.hand):
            self.selected = target
            self.choosing = None
            self.refresh_all()

    def click_tile(self, t: Tile) -> None:
        """A click on a rack tile selects it; a second click on the tile it selected plays
        it (as Enter does), so a stray click never plays a tile."""
        tiles = self.rack()
        if t not in tiles:
            return
        if self._clicked == t and tiles.index(t) == self.selected:
            self._clicked = None
            self.choosing = None
            self.action_play()
            return
        self._clicked = t
        self.selected = tiles.index(t)
        self.choosing = None
        self.refresh_all()
        self.say(f"{t} chosen: Enter or a second click plays it.")

    def action_play(self) -> None:
        """Play the selected tile; draw or pass when nothing fits."""
        if not self._my_turn():
            return
        st = self.table
        legal = list(st.legal)
        if legal == [Draw()]:
            self.action_draw()
            return
        if legal == [Pass()]:
            self.action_pass_turn()
            return
        tiles = self.rack()
        t = tiles[self.selected]
        sides = st.fits(t)
        if not sides:
            lft, rgt = st.ends()
            self.choosing = None
            self.refresh_all()
            self.say(f"{t} does not fit: the open ends are {lft} (left) and {rgt} (right).",
                     bell=True)
            return
        if len(sides) == 2:
            self.choosing = t
            self.refresh_all()
            self.say(f"{t} fits both chains: press L or R (or click Left / Right).")
            return
        self._play(Play(t, sides[0]))

    def action_side(self, side: str) -> None:
        """Play the selected tile (or the one being placed) on chain ``side``."""
        if not self._my_turn():
            return
        tiles = self.rack()
        if not tiles:
            return
        t = self.choosing or tiles[self.selected]
        play = Play(t, Side(side))
        st = self.table
        legal = list(st.legal)
        if play not in legal:
            if legal in ([Draw()], [Pass()]):
                msg = f"No tile fits: {'draw (D)' if legal == [Draw()] else 'pass (P)'}."
            else:
                end = st.ends()[0 if side == "L" else 1]
                msg = f"{t} does not fit the {play.side.word} chain (open end {end})."
            self.say(msg, bell=True)
            return
        self._play(play)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id in ("side-L", "side-R"):
            self.action_side(str(event.button.id)[-1])

    def _play(self, play: Play) -> None:
        pts = play_scores(self.table, play)
        if not self.act(str(play)):
            return
        self.choosing = None
        self.fresh = None
        self.board_fresh = play.tile
        self.say(f"You played {play.tile} on the {play.side.word} chain" +
                 (f": {count(pts, 'point')}!" if pts else "."))
        self.refresh_all()
        self.advance()

    def act(self, text: str) -> bool:
        """Play the person's action through the match (saved, or committed by the server,
        before it returns); a refusal or a failure is said. True when it was played."""
        assert self.game is not None
        try:
            self.game.play(text)
        except GameshelfError as exc:
            self.say(error_line(exc), bell=True)
            self._show_errors()
            if self.game.cut_off() is not None:   # the server is gone: said as such
                self.refresh_all()
                self._show_game_over()
            return False
        self._told = len(self.game.log())   # one's own move is said by the caller
        self._show_errors()
        return True

    def _show_errors(self) -> None:
        """Say the match's new failures (a store that cannot be written; online, a lost
        connection), once each."""
        if self.game is None:
            return
        self._errors_seen = min(self._errors_seen, len(self.game.errors))  # some were said
        for message in self.game.errors[self._errors_seen:]:
            self.say(save_failure(message) if self.game.keeps_saves else message, bell=True)
        self._errors_seen = len(self.game.errors)

    def action_draw(self) -> None:
        """Draw one tile (only when nothing fits)."""
        if not self._my_turn():
            return
        legal = list(self.table.legal)
        if legal != [Draw()]:
            self.say("You can play, so you must play: no drawing." if legal != [Pass()]
                     else "The boneyard is empty: pass (P).", bell=True)
            return
        before = set(self.table.hand)
        if not self.act("draw"):
            return
        st = self.table
        new = sorted(set(st.hand) - before)
        t = new[-1] if new else None
        self.fresh = t
        self.choosing = None
        if t is not None:
            tiles = self.rack()
            self.selected = tiles.index(t)
            fits = st.fits(t)
            self.say(f"You drew {t}: " + ("it fits, play it (Enter)." if fits else
                     "it does not fit, draw again (D)." if st.boneyard_count else
                     "it does not fit and the boneyard is empty: pass (P)."))
        self.refresh_all()

    def action_pass_turn(self) -> None:
        """Pass (only with nothing to play and an empty boneyard)."""
        if not self._my_turn():
            return
        legal = list(self.table.legal)
        if legal != [Pass()]:
            self.say("You cannot pass: " + ("draw (D)." if legal == [Draw()]
                                            else "a tile fits, play it."), bell=True)
            return
        if not self.act("pass"):
            return
        self.say("You pass.")
        self.refresh_all()
        self.advance()

    def action_hint(self) -> None:
        """The coach's hint for the person's tiles (a window; only on the person's turn)."""
        if not self._my_turn():
            return
        self.app.push_screen(MugginsHintScreen(self.table.seen()))

    def action_save(self) -> None:
        if self.game is not None and not self.game.keeps_saves:
            self.say(f"The game server keeps room {self.game.name}: every move is stored "
                     "there.")
            return
        if self.session is None:
            return
        self.session.save()
        if self.session.store_errors:
            self.say(save_failure(self.session.store_errors.pop(), retry="S tries again"),
                     bell=True)
        elif self.session.slot.lost:
            self.say(save_failure(SaveLost(self.session.slot.lost_note)), bell=True)
        else:
            self.say(f"Saved as {quoted(self.session.name)}. Resume from the menu or with: "
                     f"{resume_command('muggins', self.session.name)}")

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(muggins_help(self.keys)))

    def keep_game(self) -> None:
        """Ctrl+Q: keep the game saved (see ``gameshelf.tui.base``)."""
        if self.session is not None and not self.state.is_terminal():
            self.session.save()
        if self.game is not None and not self.game.keeps_saves:
            self.game.close()

    def action_quit_game(self) -> None:
        """Esc: leave the game with no question, saved first and said (back to the level
        screen when opened from the menu, else back to the menu, or out of the app when
        ``play``/``resume`` opened it); a game over is only left. When the save
        fails the screen stays and says so (Esc again tries again)."""
        session = self.session
        if self.game is not None and not self.game.keeps_saves:   # online: the server has it
            self.workers.cancel_node(self)
            if not self.game.finished():
                self.app.notify(f"The game server keeps room {self.game.name}: join it "
                                "again to play on.", title="Muggins", markup=False)
            self.game.close()
        elif session is not None and session.slot.lost:   # another session has the save
            self.app.notify(save_failure(SaveLost(session.slot.lost_note)), title="Muggins",
                            markup=False, severity="warning")
        elif session is not None and not self.state.is_terminal():
            before = len(session.store_errors)
            session.save()
            if len(session.store_errors) > before:
                self.say(f"Could not save: {session.store_errors.pop()}. The game stays "
                         "here; Esc tries again.", bell=True)
                return
            self.app.notify(f"Game saved as {quoted(session.name)}.", title="Muggins",
                            markup=False)
        self._leave()

    def _leave(self) -> None:
        """Leave the game (saved already): back to the level screen when this screen was
        opened on it (from the menu), else back to the menu or out of the app."""
        if self.from_setup:
            self._back_to_setup()
        else:
            self._close()

    def _back_to_setup(self) -> None:
        """Put the game away (Mugsy's turn stopped, the board emptied) and ask the level
        again, as Yatz's and Showdown's games go back to their setup screens."""
        self.workers.cancel_node(self)
        self.busy = False
        self.game = None
        self.selected, self.choosing, self._clicked = 0, None, None
        self.fresh = self.board_fresh = None
        self.shown_rounds = 0
        for wid in ("#mg-status", "#mg-board", "#mg-ends", "#mg-log", "#mg-rack-title",
                    "#mg-msg"):
            self.query_one(wid, Static).update("")
        self.query_one("#mg-rack", Grid).remove_children()
        self.query_one("#mg-sides").set_class(False, "-shown")
        self.last_message = ""
        self.refresh_bindings()
        self.ask_level()

    def _close(self) -> None:
        """Close this screen: out of the app when ``play``/``resume`` opened it."""
        if self.exit_app:
            self.app.exit()
        else:
            self.dismiss(None)

    # ----- Mugsy and the flow of the game ------------------------------------------------
    @work(exclusive=True, group="muggins-flow")
    async def advance(self) -> None:
        """Play the other seat's turns (Mugsy's here at a readable pace; online, the
        server's news as it comes), saying each, then show round ends and the game's end."""
        game = self.game
        if game is None:
            return
        self.busy = True
        first = True
        try:
            while True:
                st = self.table
                if len(st.rounds) > self.shown_rounds:
                    self.shown_rounds = len(st.rounds)
                    self._show_round(st.rounds[-1])
                    return
                if game.finished() or game.here_to_act():
                    break
                if self.pace and first and game.keeps_saves:
                    first = False   # let the person read the message about their own move
                    await asyncio.sleep(self.pace)
                moved = (await asyncio.to_thread(game.advance) if self.pace or
                         not game.keeps_saves else game.advance())
                game.settle()
                self._show_errors()
                if not moved:
                    if game.keeps_saves:   # nothing to play here: a bug, never a hang
                        break
                    continue               # online: no news from the server yet
                self._tell_moves()
                self.refresh_all()
                if self.pace and game.keeps_saves:
                    last = self.last_message
                    await asyncio.sleep(self.pace * (1.6 if " played " in last else 1))
                await asyncio.sleep(0)
        finally:
            self.busy = False
        st = self.table
        if game.finished():
            self._show_game_over()
            return
        legal = list(st.legal)
        if legal == [Draw()]:
            self.say(self.last_message + "  Your turn: no tile fits, draw (D or Enter).")
        elif legal == [Pass()]:
            self.say("No tile fits and the boneyard is empty: pass (P or Enter).")
        self.refresh_all()

    def _tell_moves(self) -> None:
        """Say the other seat's moves not told yet (from the match's log), the newest
        tile played marked on the board."""
        assert self.game is not None
        log = list(self.game.log())
        new = joined_draws(log[self._told:])
        self._told = len(log)
        if new:
            self.say("; ".join(new) + ".")
        st = self.table
        played = {p.tile for p in st.left} | {p.tile for p in st.right}
        for line in reversed(new):
            words = line.split()
            if "played" in words:
                tile = words[words.index("played") + 1]
                self.board_fresh = next((t for t in played if str(t) == tile), None)
                break

    def _show_round(self, r: RoundResult) -> None:
        st = self.table
        if st.is_terminal() and r == st.rounds[-1] and r.kind == "target":
            self._show_game_over()
            return

        def next_round(_: bool | None) -> None:
            self.board_fresh = None
            self.fresh = None
            self.refresh_all()
            if self.game is None:
                return
            if self.game.finished():
                self._show_game_over()
                return
            now = self.table
            lead = ("You lead" if now.leader == self.me
                    else said(self.names()[now.leader], "leads"))
            self.say(f"Round {now.round_no}: {lead}.")
            self.advance()
        self.app.push_screen(SummaryScreen(round_summary(r, self.names()), False,
                                           muggins_help(self.keys)), next_round)

    def _show_game_over(self) -> None:
        game = self.game
        if game is None or self._over_shown:
            return
        self._over_shown = True
        game.settle()
        st = self.table
        names = self.names()
        won = st.winner == self.me
        other = names[1 - self.me]
        cut = game.cut_off() is not None    # the connection lost: the server plays on
        text = ("The game is not over: it goes on on the server.\n\n" if cut else
                ("You win!" if won else f"{said(other, 'wins')}.") +
                f"\n\nFinal score: {names[0]} {st.scores[0]}, {names[1]} {st.scores[1]} "
                f"(target {st.target}).\n")
        told = game.end_problem()
        if told is not None:
            text += told[0].upper() + told[1:] + ".\n"
            session = self.session
            if session is None or not session.slot.lost:
                self.app.bell()
        local = isinstance(game, LocalMuggins)
        if local:
            text += "Play again?"
        self.refresh_all()

        def again(yes: bool | None) -> None:
            if yes and isinstance(self.game, LocalMuggins):
                self.start_new(self.game.level, st.target, None)
            else:
                self._leave()
        self.app.push_screen(SummaryScreen(text, True, muggins_help(self.keys),
                                           record=None if cut else game.record(),
                                           again=local), again)


def make_screen() -> Screen[None]:
    """The game's first screen: offers to resume the saved game, else asks for a level (the
    keys chosen last)."""
    return MugginsScreen(keys=remembered_key_map(GAME))


class MugginsApp(GameshelfApp):
    """The terminal app opened straight on a Muggins game (``gameshelf muggins play``)."""

    def __init__(self, screen: MugginsScreen) -> None:
        super().__init__()
        self._screen = screen

    def on_mount(self) -> None:
        # GameshelfApp.on_mount (called after this one by Textual) pushes the menu first
        self.call_later(self.push_screen, self._screen)


TEXT_HINT = "use --text for the prompt loop"


def run_muggins(level: str = "normal", target: int = DEFAULT_TARGET, seed: int | None = None,
                session: Session | None = None, keys: str | None = None) -> None:
    """Run the app on ``session`` (a new or resumed game with its save), else on a new game
    of ``level``, ``target`` and ``seed``; returns when the person quits. ``keys``: the key
    map (None: the one chosen last).

    Raises:
        GameshelfError: not on a terminal (nothing is started or saved then).
    """
    need_terminal(TEXT_HINT)  # before the screen starts (and saves) a game
    key_map = keys or remembered_key_map(GAME)
    if session is not None:
        screen = MugginsScreen(session, exit_app=True, keys=key_map)
    else:
        screen = MugginsScreen(level=level, target=target, seed=seed, ask=False,
                               exit_app=True, keys=key_map)
    run_guarded(MugginsApp(screen), TEXT_HINT)


def run_muggins_match(game: MugginsMatch) -> None:
    """Run the app straight on the Muggins board of ``game`` (a room on a game server:
    ``gameshelf online create/join --tui``); returns when the person leaves.

    Raises:
        GameshelfError: not on a terminal.
    """
    need_terminal(TEXT_HINT)
    run_guarded(MugginsApp(MugginsScreen(game, exit_app=True,
                                         keys=remembered_key_map(GAME))), TEXT_HINT)
