"""Pig's screens: the game, its replay, its statistics."""
