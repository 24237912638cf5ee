"""The Textual terminal app: a game menu and one screen module per game.

Each game's screens live in ``tui/<game>.py`` and export ``BUILT`` (bool) and
``make_screen() -> Screen``. Shared widgets live in ``tui/widgets.py``.
"""
