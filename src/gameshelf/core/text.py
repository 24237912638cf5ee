"""Small text helpers shared by the command line and the terminal app.

A seat may be called ``You`` (the default person in Muggins, Yatz and Showdown); every
message built from a seat's name and a verb or a possessive goes through these helpers so
that it reads "You score 65" and "Your hand", never "You scores 65" or "You's hand".

Example:
    >>> possessive("You"), possessive("Ann"), possessive("CPU 1")
    ('Your', "Ann's", "CPU 1's")
    >>> said("You", "has"), said("Mugsy", "has"), said("you", "misses")
    ('You have', 'Mugsy has', 'you miss')
    >>> yes_no(" Y "), yes_no("no"), yes_no("", enter=True), yes_no("maybe")
    (True, False, True, None)
"""

from __future__ import annotations

#: Third-person verbs whose second person is not the stem without a final ``s``/``es``.
_IRREGULAR = {"is": "are", "has": "have", "was": "were", "does": "do", "goes": "go"}


def is_you(name: str) -> bool:
    """Whether the seat's name is ``You`` (any case, surrounding blanks ignored)."""
    return name.strip().lower() == "you"


def possessive(name: str) -> str:
    """``Your`` for the seat called ``You`` (``your`` when written so), else ``NAME's``."""
    if is_you(name):
        return "Your" if name.strip()[0] == "Y" else "your"
    return f"{name}'s"


def verb_for(name: str, verb: str) -> str:
    """``verb``, given in the third person singular (``scores``, ``is``, ``has``, ``passes``),
    agreeing with the seat ``name``: the second person for the seat called ``You``
    (``score``, ``are``, ``have``, ``pass``), the verb unchanged for any other name.

    Example:
        >>> [verb_for("You", v) for v in ("scores", "is", "has", "passes", "tries", "wins")]
        ['score', 'are', 'have', 'pass', 'try', 'win']
        >>> verb_for("Ann", "passes")
        'passes'
    """
    if not is_you(name):
        return verb
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zzes")):
        return verb[:-2]
    return verb.removesuffix("s")


def said(name: str, verb: str) -> str:
    """``NAME VERB`` with the verb agreeing with the name (see :func:`verb_for`).

    Example:
        >>> said("You", "scores"), said("Ann", "scores")
        ('You score', 'Ann scores')
    """
    return f"{name} {verb_for(name, verb)}"


def yes_no(answer: str, enter: bool | None = None) -> bool | None:
    """The answer typed to a yes/no question: True for ``y``/``yes``, False for ``n``/``no``
    (any case, spaces ignored), ``enter`` for an empty answer (the Enter key alone: the
    question's default, None when it has none), None for anything else."""
    word = answer.strip().lower()
    if not word:
        return enter
    return True if word in ("y", "yes") else False if word in ("n", "no") else None
