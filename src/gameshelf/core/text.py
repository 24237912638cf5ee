"""Small text helpers shared by the command line and the terminal app.

Example:
    >>> possessive("You"), possessive("Ann"), possessive("CPU 1")
    ('Your', "Ann's", "CPU 1's")
"""

from __future__ import annotations


def possessive(name: str) -> str:
    """``Your`` for the seat called ``You``, else ``NAME's``."""
    return "Your" if name.strip().lower() == "you" else f"{name}'s"
