"""Widgets and screens every game uses: a help screen, a yes/no confirmation, the footer, and
:func:`plain`, the one way text from people and files (names, saves, records, decks,
error messages quoting them) reaches a screen.

Habits every screen shares (checked by ``tests/tui/test_habits.py``): **F1** or **?** opens
the screen's help (:class:`HelpScreen`); the footer (:class:`GameFooter`) names only what
can be done now (each screen's ``check_action`` hides the rest, and it calls
``refresh_bindings()`` when its state changes); text from people and files goes through
:func:`plain`.
"""

from __future__ import annotations

import unicodedata
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rich.console import JustifyMethod
from rich.text import Text
from textual.actions import parse as parse_action
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Input, Static

from gameshelf.core.errors import GameshelfError
from gameshelf.core.text import literal
from gameshelf.session.match import GameMatch
from gameshelf.tui.base import quit_binding

if TYPE_CHECKING:   # the base of a game screen's mixins: a Screen to the type checker,
    ScreenMixin = Screen[None]
else:   # a plain mixin at run time: the game screen stays the first base (Textual takes a
    ScreenMixin = object   # screen's CSS from its first base class only)

#: The keys that open a screen's help, for every screen's ``Binding``.
HELP_KEYS = "f1,question_mark"

#: The keys every screen shares (``gameshelf.tui.base``), at the end of every help window.
COMMON_HELP = """

## Keys on every screen

| key | does |
| --- | --- |
| Ctrl+Q | quit the app from any screen; a game in progress is saved first |
| Esc or q | leave a game (it stays saved) or go back; close a window (q where it is not typed) |
| F1 or ? | this help (where `?` is not typed into a command box) |
| i or F6 | hide or show the how-to line, what to do now (kept for every game) |
| s | save the game now, on every game screen (games are also saved after every move) |
"""
#: :data:`COMMON_HELP` in a game played online: the server keeps the game, nothing is
#: saved here.
ONLINE_COMMON_HELP = """

## Keys on every screen

| key | does |
| --- | --- |
| Ctrl+Q | quit the app from any screen; the server keeps the game |
| Esc or q | leave the room (join it again to play on), go back, close a window |
| F1 or ? | this help (where `?` is not typed into a command box) |
| i or F6 | hide or show the how-to line, what to do now (kept for every game) |
"""


def help_binding() -> Binding:
    """The binding that opens a screen's help (its action ``help``): a priority binding, so a
    focused :class:`TextField` does not take the ``?`` first."""
    return Binding(HELP_KEYS, "help", "Help", priority=True)


class TextField(Input):
    """A text field for names, numbers and seeds: ``?`` is never typed into it but opens the
    screen's help, as on every other screen (a command box where ``?`` is typed is a plain
    :class:`~textual.widgets.Input`)."""

    def check_consume_key(self, key: str, character: str | None) -> bool:
        """Every printable key but ``?``."""
        return character != "?" and super().check_consume_key(key, character)


def typed_key(key: str) -> bool:
    """True when a focused text field types ``key`` (a printable character: ``n``, ``plus``,
    ``space``, ``?`` but for :class:`TextField`) instead of handing it to the screen; keys
    with a modifier, function keys and Enter, Esc, arrows are never typed."""
    if "+" in key:
        return False
    if len(key) == 1:
        return key.isprintable()
    for name in (key, f"{key}_sign"):
        try:
            return unicodedata.lookup(name.replace("_", " ").upper()).isprintable()
        except KeyError:
            continue
    return False


def typed_while_editing(screen: Screen[Any], action: str,
                        parameters: tuple[object, ...]) -> bool:
    """True when a text field has ``screen``'s focus and the key the footer names for
    ``action`` (with ``parameters``: its first binding's ``key_display``, else its key)
    would be typed there: the footer then leaves the action out, as the key cannot do it
    now. A key the field never types (F6, Ctrl+S, Esc) keeps it offered; ``?`` opens the
    help from a :class:`TextField`."""
    focused = screen.focused
    if not isinstance(focused, Input):
        return False
    for key, bindings in screen._bindings.key_to_bindings.items():
        for binding in bindings:
            _ns, name, params = parse_action(binding.action)
            if name == action and tuple(params) == tuple(parameters):
                if key == "question_mark" and isinstance(focused, TextField):
                    return False
                if binding.key_display:   # a key's name (F6, ":"), or a sign such as ⏎
                    shown = binding.key_display
                    return shown.isascii() and typed_key(shown if len(shown) == 1
                                                         else shown.lower())
                return typed_key(key)
    return False


def refusal(keys: str, action: str) -> Binding:
    """A hidden binding of ``keys`` to ``refuse('action')``, listed after the binding of
    ``action`` itself: while the screen's ``check_action`` hides ``action`` (so the footer does
    not offer it), Textual tries the key's next binding, and :meth:`RefusalMixin.action_refuse`
    runs the action anyway so it says why it cannot be done now (a message, the bell) instead
    of the key doing nothing."""
    return Binding(keys, f"refuse({action!r})", show=False)


class RefusalMixin:
    """For a screen with :func:`refusal` bindings."""

    def action_refuse(self, action: str, *args: object) -> None:
        """Run ``action_<action>(*args)``, whose own checks explain why it cannot be done
        now."""
        getattr(self, f"action_{action}")(*args)


class OffersNow(RefusalMixin):
    """For a screen whose footer offers only what can be done now (setup screens, lists):
    the screen answers :meth:`offered` for its state, and Textual's ``check_action`` hides
    every binding it refuses. A hidden action's keys get a :func:`refusal` binding so that
    they still say why (the action's own checks). Call ``refresh_bindings()`` when the state
    changes; :meth:`store_facts` reads what the store holds, once, for actions that need a
    save or a score."""

    def offered(self, action: str, parameters: tuple[object, ...]) -> bool:
        """Whether ``action`` (with ``parameters``) can be done now; every action by default.
        ``refuse`` is always allowed (it explains)."""
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return action == "refuse" or self.offered(action, parameters)

    @staticmethod
    def store_facts(game: str) -> tuple[bool, bool]:
        """(whether the store holds saves of ``game``, whether it holds scores of it); both
        True when the store cannot be read, so that the action is offered and says why."""
        # start-up: the store (sqlite3, platformdirs) loads when a screen first asks it
        from gameshelf.core.store import Store

        try:
            with Store() as store:
                return bool(store.save_names(game)), bool(store.top_scores(game, 1))
        except GameshelfError:
            return True, True


class GameFooter(Footer):
    """The footer of every gameshelf screen: compact, without the command palette's key
    (Ctrl+P still opens it), so a screen's keys fit in 80 columns."""

    def __init__(self) -> None:
        super().__init__(compact=True, show_command_palette=False)


class HelpText(VerticalScroll, can_focus=True):
    """The scrolling body of the help window (focused, so the keys scroll it)."""

    BINDINGS = [
        Binding("up,k", "scroll_up", "Up", show=False),
        Binding("down,j", "scroll_down", "Down", show=False),
        Binding("pageup", "page_up", "Page up", show=False),
        Binding("pagedown,space", "page_down", "Page down", show=False),
        Binding("home", "scroll_home", "Top", show=False),
        Binding("end", "scroll_end", "End", show=False),
    ]


def plain(text: object, style: str = "", *, justify: JustifyMethod | None = None,
          lines: bool = False) -> Text:
    """``text`` as a Rich ``Text`` shown literally on a screen: never read as markup (a
    name ``[/]`` or ``[@click=app.quit]`` shows as typed), control characters shown as
    escapes (:func:`gameshelf.core.text.literal`; with ``lines``, line feeds stay line
    breaks). Every widget that shows text takes it.

    Example:
        >>> plain("[/]\x1b").plain
        '[/]\\x1b'
    """
    return Text(literal(text, lines=lines), style=style, justify=justify, end="")


def played_online(app: App[Any]) -> bool:
    """True when a screen of ``app``'s stack shows a game played on a server (its ``game``
    a match whose :attr:`~gameshelf.session.match.GameMatch.online` is True): a window
    over it offers only what online play can do."""
    return any(isinstance(game := getattr(screen, "game", None), GameMatch) and game.online
               for screen in app.screen_stack)


class HelpScreen(ModalScreen[None]):
    """A modal with Markdown help text, followed by the keys every screen shares
    (:data:`COMMON_HELP`; ``online``: :data:`ONLINE_COMMON_HELP`, for a game on a server;
    None: online when a screen under it plays a game on a server, :func:`played_online`).
    Up/Down, PageUp/PageDown (Space), Home/End scroll it; Esc, q, F1 or ? closes it."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Vertical { width: 90%; max-width: 100; height: 85%; border: thick $accent;
                            background: $surface; padding: 0 1; }
    HelpScreen HelpText { height: 1fr; }
    HelpScreen Markdown { height: auto; }
    HelpScreen #help-keys { height: 1; color: $text-muted; }
    HelpScreen #close { height: 1; border: none; min-width: 9; }
    """
    BINDINGS = [Binding("escape,q,f1,question_mark", "dismiss_help", "Close")]

    def __init__(self, text: str, online: bool | None = None) -> None:
        super().__init__()
        self._body, self._online = text, online
        self._text = text + (ONLINE_COMMON_HELP if online else COMMON_HELP)

    def compose(self) -> ComposeResult:
        if self._online is None and played_online(self.app):
            self._text = self._body + ONLINE_COMMON_HELP
        with Vertical():
            with HelpText(id="help-body"):
                # start-up: the Markdown widget (markdown-it) loads with the first help
                from textual.widgets import Markdown

                yield Markdown(self._text)
            yield Static("↑↓ PgUp PgDn Home End scroll · Esc closes", id="help-keys")
            yield Button("Close", id="close", variant="primary")

    def on_mount(self) -> None:
        self.query_one(HelpText).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_dismiss_help(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question; returns True for yes. Keys: y / Enter = yes, n / Esc = no, F1 / ?
    its help, Ctrl+Q quits; its footer names them (with the answers' words), not the keys of
    the screen under it."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Vertical { width: 60; height: auto; border: thick $warning;
                               background: $surface; padding: 1 2; }
    ConfirmScreen Horizontal { height: auto; align: center middle; margin-top: 1; }
    ConfirmScreen Button { margin: 0 2; }
    """
    BINDINGS = [
        Binding("y", "answer(True)", "Yes"),
        Binding("enter", "answer(True)", "Yes", show=False),
        Binding("n", "answer(False)", "No"),
        Binding("escape", "answer(False)", "No"),
        help_binding(),
        quit_binding(),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self._question, self._yes, self._no = question, yes, no
        # the footer names the answers by their words ("y Resume", "n New game")
        words = {"answer(True)": yes, "answer(False)": no}
        keys = self._bindings.key_to_bindings   # this screen's own copy (new lists here)
        for key, bindings in keys.items():
            keys[key] = [replace(b, description=words.get(b.action, b.description))
                         for b in bindings]

    def compose(self) -> ComposeResult:
        with Vertical():
            # Plain text, never markup: a question may quote a save's or a player's name.
            yield Static(plain(self._question, lines=True), id="question")
            with Horizontal():
                yield Button(Text(f"{self._yes} (y)"), id="yes", variant="warning")
                yield Button(Text(f"{self._no} (n)"), id="no", variant="primary")
        yield GameFooter()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)

    def action_help(self) -> None:
        """The help: the question and its keys."""
        self.app.push_screen(HelpScreen(
            f"# A question\n\n| key | answers |\n| --- | --- |\n"
            f"| y or Enter | {literal(self._yes)} |\n| n or Esc | {literal(self._no)} |"))
