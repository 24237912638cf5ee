"""Ctrl+Q is named in the footer of every screen that has one (issue 11 section 2): the app
binds it for every screen, but a modal screen's footer shows only the modal's own keys, so a
modal with a footer must list it (the Showdown hand-off, the saves lists, the Yatz top 20 and
hint windows did not). The walk finds every screen class of the app whose compose makes a
footer, so a new one is checked too."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

from textual.binding import Binding
from textual.screen import ModalScreen, Screen

import gameshelf
from gameshelf.tui.base import GuardedApp


def _screens_with_a_footer() -> list[type[Screen]]:  # type: ignore[type-arg]
    found = {}
    names = [m.name for m in pkgutil.walk_packages(gameshelf.__path__, "gameshelf.")
             if ".tui." in m.name + "."]   # the shell's screens and every game's
    for name in names:
        module = importlib.import_module(name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if (issubclass(cls, Screen) and cls.__module__.startswith("gameshelf.")
                    and "GameFooter()" in inspect.getsource(cls)):
                found[cls.__qualname__] = cls
    return list(found.values())


def _bindings(cls: type) -> list[Binding]:
    out: list[Binding] = []
    for klass in cls.__mro__:
        for b in klass.__dict__.get("BINDINGS", []):
            if isinstance(b, Binding):
                out.append(b)
    return out


def test_every_footer_names_ctrl_q() -> None:
    screens = _screens_with_a_footer()
    assert len(screens) >= 10
    app_quit = {b.key for b in GuardedApp.BINDINGS if isinstance(b, Binding)
                and b.action.endswith("quit_saving")}
    missing = []
    for cls in screens:
        if issubclass(cls, ModalScreen):
            if not any(b.action == "app.quit_saving" and b.show for b in _bindings(cls)):
                missing.append(cls.__qualname__)
    assert app_quit, "the app binds Ctrl+Q"
    assert not missing, f"modal screens whose footer does not name Ctrl+Q: {missing}"
