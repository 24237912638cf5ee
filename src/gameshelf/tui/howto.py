"""The "how to play this turn" line every game screen shows, until the player turns it off.

The shell knows no game: each game's folder has one function that says, for the phase its
match is in, what the player does now (which keys, and why), in lines short enough for the
room the screen gives it. A game screen puts a :class:`HowToLine` where it fits, mixes in
:class:`HowToMixin`, and calls :meth:`HowToMixin.show_howto` with that function's text
whenever it redraws. **i** (or **F6**, where a text field takes letters) turns the line off
and on again; the choice is kept for the person in the store's settings
(:data:`SETTING`: ``on`` or ``off``) and holds for every game and every later run. The footer
names the key (``i How-to``) and every help names it (:data:`gameshelf.tui.widgets.
COMMON_HELP`).
"""

from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.widgets import Static

from gameshelf.core.errors import GameshelfError
from gameshelf.session.match import GameMatch
from gameshelf.tui.widgets import plain

#: The store setting that keeps whether the how-to line shows (``on``, ``off``).
SETTING = "tui.howto"
#: The keys that turn it off and on (F6 also where a focused text field takes ``i``).
HOWTO_KEYS = "i,f6"


def howto_shown() -> bool:
    """Whether the person wants the how-to line (:data:`SETTING`): True until they turned
    it off, and when the store cannot be read."""
    # start-up: the store (sqlite3, platformdirs) loads when a screen first asks it
    from gameshelf.core.store import Store

    try:
        with Store() as store:
            return store.get_setting(SETTING) != "off"
    except GameshelfError:
        return True


def keep_howto(shown: bool) -> None:
    """Keep ``shown`` as the person's choice for every later screen.

    Raises:
        StoreError: the store cannot be written.
    """
    # start-up: the store (sqlite3, platformdirs) loads when a screen first asks it
    from gameshelf.core.store import Store

    with Store() as store:
        store.set_setting(SETTING, "on" if shown else "off")


def howto_binding(key_display: str | None = None) -> Binding:
    """The binding of :data:`HOWTO_KEYS` to ``toggle_howto``, shown in the footer as
    ``i How-to`` (``key_display``: another key's name, ``F6`` on a screen whose text field
    takes letters)."""
    return Binding(HOWTO_KEYS, "toggle_howto", "How-to", key_display=key_display,
                   tooltip="Show or hide the line that says how to play this turn.")


class HowToLine(Static):
    """The how-to line (one or more short lines of plain text, given whole: the game's
    function breaks them to fit, so nothing wraps); hidden while the person keeps it off."""

    DEFAULT_CSS = """
    HowToLine { height: auto; color: $text; background: $boost; padding: 0 1; }
    """


class HowToMixin:
    """For a game screen with a :class:`HowToLine`: the ``i`` key and the line's text.

    The screen calls :meth:`show_howto` with its game's text for the phase now; the line
    stays hidden while :attr:`howto_on` is False.
    """

    #: Whether the how-to line shows (read from the store on first use).
    _howto_on: bool | None = None
    #: The text last given, shown again when the line is turned on.
    _howto_text: str = ""

    @property
    def howto_on(self) -> bool:
        """Whether the line shows: the person's choice kept in the store."""
        if self._howto_on is None:
            self._howto_on = howto_shown()
        return self._howto_on

    def howto_widget(self) -> HowToLine | None:
        """The screen's how-to line, or None while it is not composed."""
        found = list(self.query(HowToLine))  # type: ignore[attr-defined]
        return found[0] if found else None

    def show_howto(self, text: str, match: GameMatch[Any, Any] | None = None) -> None:
        """Show ``text`` (the game's line for the phase now; "" hides the line, as
        :attr:`howto_on` False does). The line is hidden too once ``match`` (the screen's
        match) has lost its server for good (:meth:`GameMatch.cut_off`): the screen's
        message says so once, and the game is not over, so no "Game over" line may show."""
        if match is not None and match.cut_off() is not None:
            text = ""
        self._howto_text = text
        line = self.howto_widget()
        if line is None:
            return
        line.update(plain(text, lines=True))
        line.display = self.howto_on and bool(text)

    def howto_says(self, words: str) -> bool:
        """True when the how-to line shows and says ``words``: a message need not say
        them again."""
        return self.howto_on and words in self._howto_text

    def action_toggle_howto(self) -> None:
        """i: turn the how-to line off (or on again), the choice kept in the store; a
        failed write is said, and the line follows the key anyway for this run."""
        self._howto_on = not self.howto_on
        try:
            keep_howto(self._howto_on)
        except GameshelfError as exc:
            self.notify(f"could not keep the choice: {exc}",  # type: ignore[attr-defined]
                        severity="warning", markup=False)
        self.show_howto(self._howto_text)
        self.notify("How-to line on." if self._howto_on else  # type: ignore[attr-defined]
                    "How-to line off: i shows it again.", markup=False, timeout=3)
