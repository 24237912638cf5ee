"""Each game screen's key maps in one place: the bindings, the footer and the help's key table.

A :class:`KeyTable` lists a screen's actions; each :class:`Key` gives, per key map
(:data:`gameshelf.core.keymaps.KEY_MAPS`), the keys that do it. An action a map leaves out
is not bound in that map.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding, BindingsMap, BindingType
from textual.dom import DOMNode

from gameshelf.core.keymaps import DEFAULT_KEY_MAP, parse_key_map
from gameshelf.session.waiting import NOT_ONLINE

#: How a Textual key name reads in help and on buttons.
KEY_NAMES = {"enter": "Enter", "space": "Space", "escape": "Esc", "up": "↑", "down": "↓",
             "left": "←", "right": "→", "question_mark": "?", "plus": "+", "minus": "-",
             "equals_sign": "=", "period": "."}


def key_name(key: str) -> str:
    """``f1`` -> ``F1``, ``question_mark`` -> ``?``, ``s`` -> ``s``."""
    if key in KEY_NAMES:
        return KEY_NAMES[key]
    if key.startswith("f") and key[1:].isdigit():
        return key.upper()
    return key


@dataclass(frozen=True)
class Key:
    """One action of a screen and its keys in each key map.

    Attributes:
        action: the Textual action run (``"hold_die(0)"``); ``""``: a line of the help
            table only (keys a widget handles itself, such as a table's arrows).
        keys: key map name -> Textual key names, comma-separated (``"f1,r,space"``); a map
            not listed does not bind the action.
        label, does: the footer's and the help table's text; ``""`` leaves it out there.
        shown, footer: the keys as the help and the footer write them (``"1-5"``); default:
            each key's :func:`key_name` joined with ``/``, and Textual's own.
        online: the help table's text in a game played online, where it differs from
            ``does`` (Esc leaves the room, nothing is saved here); an action online play
            cannot do (:data:`~gameshelf.session.waiting.NOT_ONLINE`) is left out there.
        local: True for a key of a game played here only (the computers' pace: the server
            plays them online): left out of the help online too.
    """

    action: str
    keys: dict[str, str]
    label: str = ""
    does: str = ""
    shown: str = ""
    footer: str = ""
    online: str = ""
    local: bool = False

    def offered_online(self) -> bool:
        """False for an action no game played online can do (undo, save, resume) and for
        a key of a game played here only (:attr:`local`)."""
        return not self.local and self.action.split("(")[0] not in NOT_ONLINE

    def names(self, key_map: str) -> str:
        """The keys of this action in ``key_map`` as a player reads them (``"F1/r/Space"``)."""
        if self.shown:
            return self.shown
        return "/".join(key_name(k) for k in self.keys.get(key_map, "").split(",") if k)


@dataclass(frozen=True)
class KeyTable:
    """A screen's actions and their keys in every key map."""

    keys: tuple[Key, ...]

    def bindings(self, key_map: str = DEFAULT_KEY_MAP) -> list[BindingType]:
        """The Textual bindings of ``key_map``.

        Raises:
            BadInputError: ``key_map`` is not a key map's name.
        """
        key_map = parse_key_map(key_map)
        return [Binding(k.keys[key_map], k.action, k.label, show=bool(k.label),
                        key_display=k.footer or None)
                for k in self.keys if k.action and key_map in k.keys]

    def help_table(self, key_map: str = DEFAULT_KEY_MAP, online: bool = False) -> str:
        """The Markdown table ``| key | does |`` of ``key_map``; ``online``: only what a
        game played online can do, in its words (:attr:`Key.online`).

        Raises:
            BadInputError: ``key_map`` is not a key map's name.
        """
        key_map = parse_key_map(key_map)
        rows = [f"| {k.names(key_map)} | {k.online if online and k.online else k.does} |"
                for k in self.keys
                if key_map in k.keys and k.does and not (online and not k.offered_online())]
        return "\n".join(["| key | does |", "| --- | --- |", *rows])

    def display(self, action: str, key_map: str = DEFAULT_KEY_MAP) -> str:
        """The first key of ``action`` in ``key_map`` as written on a button (``"F1"``);
        ``""`` when the map does not bind it."""
        for k in self.keys:
            if k.action == action and key_map in k.keys:
                return key_name(k.keys[key_map].split(",")[0])
        return ""


def use_bindings(node: DOMNode, table: KeyTable, key_map: str) -> None:
    """Bind ``key_map``'s keys on ``node``, a screen whose class ``BINDINGS`` are
    ``table.bindings()``: the default map's bindings are taken out, those of ``key_map`` put
    in (in the node's own ``_bindings``, which Textual copies from its class's); bindings
    from elsewhere stay. On a mounted screen, call its ``refresh_bindings()`` after.
    """
    base = node._merged_bindings.copy() if node._merged_bindings else BindingsMap()
    if key_map == DEFAULT_KEY_MAP:
        node._bindings = base
        return
    default = BindingsMap(table.bindings())
    keys = BindingsMap(table.bindings(key_map)).key_to_bindings   # the map's, in order
    for key, bindings in base.key_to_bindings.items():             # then the others
        others = [b for b in bindings if b not in default.key_to_bindings.get(key, [])]
        if others:
            keys.setdefault(key, []).extend(others)
    node._bindings = BindingsMap.from_keys(keys)
