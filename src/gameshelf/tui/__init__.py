"""The Textual terminal app's shell: the game menu, saves, statistics, replay, the online
lobby and the widgets every screen shares (``tui/widgets.py``).

Each game's screens live in its own folder (``games/<key>/tui/``); the menu opens the
``screen`` part of each game of the registry (:mod:`gameshelf.games`).
"""
