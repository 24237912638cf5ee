"""The games, each in a folder of its own: ``dollar``, ``yatz``, ``muggins``, ``showdown``.

Everything of one game (rules engine, computer players, match driver, view, text forms,
screens, command-line sub-commands, statistics, research spec) lives in ``games/<key>/``.
"""
