"""The statistics as plain text tables, the same on the command line and beside the charts
on the screens (pure: figures in, lines out). Names are shown literally
(:func:`gameshelf.core.text.literal`) and cut to their column.
"""

from __future__ import annotations

from gameshelf.core.text import clip, count, literal

#: Width of a name column (every table fits 80 columns).
NAME = 16


def name_cell(text: str, width: int = NAME) -> str:
    return f"{clip(literal(text), width):<{width}}"


def percent(part: int, whole: int) -> str:
    """``part`` of ``whole`` in percent to 4 decimals, never rounded up to 100% nor down
    to 0% when it is not exactly that.

    Example:
        >>> percent(1, 3), percent(99_999_999, 10**8), percent(1, 10**8), percent(0, 5)
        ('33.3333%', '>99.9999%', '<0.0001%', '0.0000%')
    """
    text = f"{100 * part / whole:.4f}%" if whole else "-"
    if part < whole and text == "100.0000%":
        return ">99.9999%"
    if part > 0 and text == "0.0000%":
        return "<0.0001%"
    return text


def none_yet(what: str, damaged: int) -> list[str]:
    """The whole table when no game can be counted: none kept, or only unreadable ones."""
    if not damaged:
        return [f"No {what} is kept yet."]
    return [f"No {what} can be counted: {left_out(damaged)[0]}"]


def left_out(damaged: int) -> list[str]:
    return [f"{count(damaged, 'kept game')} could not be read and "
            f"{'is' if damaged == 1 else 'are'} left out."] if damaged else []


def rate_cell(value: float) -> str:
    """A rate in percent for a table's cell, 4 characters: a whole percent, but never 100
    or 0 when the rate is not exactly that (as :func:`percent`): then one decimal, kept
    below 100 and above 0 (199 games of 200 read 99.5, not 100).

    Example:
        >>> rate_cell(97.0), rate_cell(99.5), rate_cell(99.96), rate_cell(0.4), rate_cell(0.01)
        ('  97', '99.5', '99.9', ' 0.4', '<0.1')
        >>> rate_cell(100.0), rate_cell(0.0)
        (' 100', '   0')
    """
    text = f"{value:4.0f}"
    if 0 < value < 100 and text.strip() in ("0", "100"):
        if value < 0.05:
            return "<0.1"
        text = f"{value:4.1f}"
        return "99.9" if text == "100.0" else text
    return text


def pcts(values: list[float]) -> str:
    """Rates in percent side by side, each as :func:`rate_cell` after a blank (the table's
    heading says ``%``: a cell of ``99.5`` leaves no room for the sign)."""
    return "".join(f" {rate_cell(v)}" for v in values)
