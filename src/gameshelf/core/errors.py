"""The error tree every game uses.

Every error a player or a script can cause is a :class:`GameshelfError`, itself a
``ValueError``, with a message meant to be shown as is: the command line prints it as one line
on stderr and exits with code 2; the terminal app shows it on screen. Programming errors are
never wrapped in these classes.
"""


class GameshelfError(ValueError):
    """Base of all errors caused by bad input, illegal moves or bad files."""


class BadInputError(GameshelfError):
    """Input that cannot be parsed or is out of range (a malformed serial, a bad option)."""


class IllegalMoveError(GameshelfError):
    """An action that is not legal in the current state of a game."""


class RecordError(GameshelfError):
    """A game record (save or export file) that is corrupt, truncated, tampered or foreign."""


class StoreError(GameshelfError):
    """The store (SQLite database) cannot be opened or holds something unexpected."""


class DeckError(GameshelfError):
    """A card deck data file that fails validation (names the card, the field, the problem)."""


class SaveNameTakenError(StoreError):
    """A save name asked for exactly is another save's (intact or damaged); it is left as
    it is."""


class SaveLostError(StoreError):
    """This session's save was taken over by another session (resumed elsewhere), deleted or
    replaced there: this session can no longer write it (the other one does)."""


class OutputError(Exception):
    """The standard output or error (``stream``: ``"stdout"`` or ``"stderr"``) cannot be
    written (``error``: a full disk, a closed pipe). Not a :class:`GameshelfError`: a prompt
    loop that reports bad input and goes on must not catch it; it ends the command (exit code
    2, or quietly for a closed pipe) after the game in progress is saved."""

    def __init__(self, stream: str, error: OSError) -> None:
        what = "output" if stream == "stdout" else "error"
        super().__init__(f"cannot write to the standard {what}: {error.strerror or error}")
        self.stream = stream
        self.error = error

    @property
    def closed_pipe(self) -> bool:
        """True when the reader went away (``head`` exited): a broken pipe."""
        return isinstance(self.error, BrokenPipeError)
