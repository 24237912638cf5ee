"""The words for seats, one meaning in every game.

A players option (``-p "Ann,cpu"``) and a setup screen's seat fields read a seat through
these functions, so that the same word means the same seat in every game:

* ``cpu``, ``computer`` and ``ai`` (any case) are always a computer player, the game's
  default one (:data:`COMPUTER_WORDS`);
* a game's own names of its computer players are that computer player in that game;
* ``Name:player`` names a computer seat (``Zed:greedy``, ``Bo:cpu``), and ``Name:human``
  (or ``Name:person``) a person;
* any other word is a person's name. A person's name that is one of the words above is
  refused with one line, in every game, also where a game has no computer players: it would
  mean a computer anywhere else.

Example:
    >>> seat_word("Ann", ["greedy"]), seat_word("CPU", ["greedy"]), seat_word("Greedy", ["greedy"])
    (('Ann', None), ('', 'cpu'), ('', 'greedy'))
    >>> seat_word("Zed: Search", ["search"]), seat_word("Bo:human", ["search"])
    (('Zed', 'search'), ('Bo', None))
"""

from __future__ import annotations

from collections.abc import Iterable

from gameshelf.core.errors import BadInputError
from gameshelf.core.text import quoted

#: Words that mean the game's default computer player, in every game (any case).
COMPUTER_WORDS = ("cpu", "computer", "ai")
#: The default computer player, as :func:`seat_word` returns it.
DEFAULT = "cpu"
#: Words after ``Name:`` that make the seat a person's.
#: The longest name a person may sit under in a room on a game server (the games' own limit
#: for their seats, Yatz's and Pinball Showdown's, is the same 20 characters).
MAX_NAME_LENGTH = 20
#: The kind of a seat played by a person, in every game's seats and records.
HUMAN = "human"
PERSON_WORDS = (HUMAN, "person")


def computer_word(word: str, players: Iterable[str] = ()) -> str | None:
    """The computer player ``word`` names: :data:`DEFAULT` for one of
    :data:`COMPUTER_WORDS`, the player's name (lower case) for one of the game's ``players``,
    None for any other word (a person's name). Case and surrounding blanks are ignored."""
    key = word.strip().lower()
    if key in COMPUTER_WORDS:
        return DEFAULT
    return key if key in {p.lower() for p in players} else None


def check_person_name(name: str, players: Iterable[str] = ()) -> str:
    """``name`` unchanged when it may be a person's name: not one of the seat words that
    name a computer player (:data:`COMPUTER_WORDS`, the game's ``players``).

    Raises:
        BadInputError: ``name`` names a computer player.
    """
    if computer_word(name, players) is not None:
        raise BadInputError(f"{quoted(name.strip())} means a computer player in every game; "
                            "give the person another name")
    return name


def seat_word(text: str, players: Iterable[str] = ()) -> tuple[str, str | None]:
    """One seat of a players option: ``(name, player)``, ``player`` None for a person,
    :data:`DEFAULT` for the default computer, else the game's computer player's name
    (lower case); ``name`` is empty for a computer seat given by its word alone, or by a
    word meaning a computer before its level (``cpu:greedy``): the game names it. Blanks
    around the parts are dropped; the name is not otherwise checked.

    Args:
        text: ``Ann``, ``cpu``, ``greedy``, ``Zed:greedy``, ``Bo:human``.
        players: the game's names of its computer players.

    Raises:
        BadInputError: ``Name:word`` where the word names neither a computer player of
            this game nor a person; a person's name that names a computer player.
    """
    listed = list(players)
    name, colon, kind = (p.strip() for p in text.partition(":"))
    if not colon:
        player = computer_word(name, listed)
        return ("", player) if player is not None else (name, None)
    if kind.lower() in PERSON_WORDS:
        return check_person_name(name, listed), None
    player = computer_word(kind, listed)
    if player is None:
        known = ", ".join([*COMPUTER_WORDS, *listed, *PERSON_WORDS])
        raise BadInputError(f"no computer player named {quoted(kind)} in {quoted(text)}; "
                            f"after ':' write one of {known}")
    # ``cpu:greedy``: the word that means a computer is no name (the game names the seat)
    return ("" if name.lower() in COMPUTER_WORDS else name), player
