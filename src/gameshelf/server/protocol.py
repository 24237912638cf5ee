"""The online protocol, version 1: typed messages between ``gameshelf serve`` and its clients.

Every message is one WebSocket text frame holding one JSON object with ``"v"``
(:data:`VERSION`) and ``"type"``: the contract both sides build against (docs/online.md).

:func:`parse_client` reads what a client sent, :func:`parse_server` what the server sent;
both refuse, with :class:`ProtocolError`, a frame over :data:`MAX_MESSAGE_BYTES`, text that
:func:`gameshelf.core.safeload.read_json` refuses or that is not an object, a ``v`` that is
not this version (``true`` and ``1.0`` are not 1), an unknown type, and a missing or
mistyped field (a whole-number field refuses ``true`` and ``1.0`` alike). :func:`dump`
writes any message as compact JSON (msgspec's encoder: the message's dataclasses written
as they are, never copied into dicts first; ``v`` and ``type`` first).

Messages are frozen dataclasses (JSON values as plain dicts). Version 1 is only ever
extended: new optional fields and message types, never a change of meaning; readers ignore
fields they do not know.

Example:
    >>> msg = parse_client('{"v": 1, "type": "join", "code": "K7QX", "name": "Bob"}')
    >>> msg
    Join(code='K7QX', name='Bob', seat=None, ref=None, games=None)
    >>> dump(Error("room_full", "no open seat"))
    '{"v":1,"type":"error","code":"room_full","message":"no open seat","ref":null,"game":""}'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

import msgspec

from gameshelf.core.codec import CodecError, decode
from gameshelf.core.safeload import DataError, as_json, read_json

#: The protocol version this program speaks.
VERSION = 1
#: The largest message either side accepts, in bytes of UTF-8 (64 KiB).
MAX_MESSAGE_BYTES = 64 * 1024
#: How many of the last actions a ``state`` message's ``log`` covers, and at most how many
#: lines it holds (the newest kept).
LOG_ACTIONS = 40
LOG_LINES = 30

#: Seat kinds in a room's description: a person (joined or the host), a seat still open
#: for someone to join, a computer player.
SeatKind = Literal["person", "open", "computer"]

#: Every error code the server sends (``Error.code``).
ERROR_CODES = (
    "version",          # the message's protocol version is not this server's
    "too_large",        # the frame is larger than MAX_MESSAGE_BYTES
    "malformed",        # not JSON, not an object, a missing or mistyped field
    "unknown_type",     # a "type" this version does not have
    "rate_limited",     # messages faster than the server's limit (the message is dropped)
    "bad_options",      # create: an unknown game, bad seats or options
    "no_room",          # no room with that code
    "room_full",        # join: no open seat (or the seat asked for is not open)
    "bad_name",         # join/create: an empty, too long or taken name
    "bad_token",        # the token is not one of this room's seats' tokens
    "not_your_seat",    # action: the seat named is not the token's seat
    "not_host",         # start: only the host starts the room
    "not_started",      # action before start
    "already_started",  # start or join after the start
    "not_your_turn",    # action: another seat (or chance, or a computer) is to act
    "illegal",          # action: not an action of the game, or not legal now
    "stale",            # action: the client's seq is not the room's (it missed an update)
    "not_over",         # record, review, replay: the game is not over yet
    "no_coach",         # hint, review: the game has no coach to ask
    "over",             # action after the game's end
    "unavailable",      # the server's database cannot be reached now; nothing was changed
    "internal",         # the server failed; nothing was changed (always the last code)
)


class ProtocolError(Exception):
    """A message that cannot be read. ``code`` is the :data:`ERROR_CODES` entry the server
    answers with (``version``, ``too_large``, ``malformed``, ``unknown_type``); ``ref`` the
    message's ``ref`` when it could be read."""

    def __init__(self, code: str, message: str, ref: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.ref = ref


# ----- parts ----------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatSpec:
    """One seat as the host asks for it in :class:`Create`.

    Attributes:
        kind: ``host`` (the creator sits here; exactly one), ``open`` (for someone to join by
            code) or ``computer``.
        name: the seat's name (the host's name; a computer's optional name).
        level: a computer's level in the game's own words (empty: the game's default).
    """

    kind: Literal["host", "open", "computer"]
    name: str = ""
    level: str = ""


@dataclass(frozen=True)
class SeatInfo:
    """One seat as the room describes it to everyone (never its token): ``seat`` its index
    in the game's seat order, ``name`` "" while open, ``level`` "" for people; ``away``: a
    person gone longer than the room's away timeout, for whom a computer player acts until
    they return; ``left``: the person left the room on purpose (:class:`Leave`: quit, Esc)
    and has not come back, where a seat not connected and not ``left`` dropped its
    connection (optional, added within version 1)."""

    seat: int
    kind: SeatKind
    name: str = ""
    level: str = ""
    connected: bool = False
    away: bool = False
    left: bool = False


@dataclass(frozen=True)
class RoomInfo:
    """A room as everyone in it sees it.

    Attributes:
        code: the room's code (short, upper case letters and digits, e.g. ``K7QX``).
        game: the game's key.
        options: the game's options as created; never the seed.
        seats: every seat, in order.
        host: the host's seat.
        status: ``lobby`` (waiting for the start), ``playing`` or ``over``.
        away_timeout: seconds a person may be gone before a computer plays for them.
        seq: the number of accepted actions so far (chance included).
    """

    code: str
    game: str
    options: dict[str, Any]
    seats: tuple[SeatInfo, ...]
    host: int
    status: Literal["lobby", "playing", "over"]
    away_timeout: float
    seq: int = 0


@dataclass(frozen=True)
class Event:
    """One thing that happened, as a given seat may know it.

    Attributes:
        seq: the room's action number after it (1 for the first action).
        seat: who acted (-1: chance, a deal or a draw).
        action: the action's text in the game's record form, or None when this seat may
            not know it (another seat's face-down offer, a tile drawn by the other seat).
        by_computer: a computer acted (a computer seat, or one playing for a seat away).
    """

    seq: int
    seat: int
    action: str | None
    by_computer: bool = False


@dataclass(frozen=True)
class LogLine:
    """One line of a game's log in words, as a given seat may know it (never a hidden tile
    or card), written by action number ``seq`` (several lines may share one); people's
    names in ``text`` are as they chose them: show it literally."""

    seq: int
    text: str


@dataclass(frozen=True)
class Score:
    """One seat's result in :class:`GameOver`: ``score`` in the game's points, ``place`` 1
    for the winner (ties share a place)."""

    seat: int
    name: str
    score: int
    place: int


# ----- messages -------------------------------------------------------------------------
@dataclass(frozen=True)
class Message:
    """Base of every message; ``TYPE`` is its ``"type"``."""

    TYPE: ClassVar[str] = ""


# client -> server
@dataclass(frozen=True)
class Hello(Message):
    """Client -> server, first: who speaks. Answered by :class:`Welcome` (or an ``error``
    with code ``version`` for another protocol version)."""

    TYPE: ClassVar[str] = "hello"
    client: str = ""
    ref: str | None = None


@dataclass(frozen=True)
class Create(Message):
    """Client -> server: make a room and sit at its ``host`` seat. Answered by
    :class:`Joined` (the host's seat and token).

    Attributes:
        game: the key of a game the server plays (``welcome`` lists them).
        seats: the seats in order; exactly one ``host``, as many as the game seats.
        options: the game's options; unknown keys are refused.
        away_timeout: seconds a person may be gone before a computer plays for them
            (0: never; at most 3600).
    """

    TYPE: ClassVar[str] = "create"
    game: str = ""
    seats: tuple[SeatSpec, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    away_timeout: float = 60.0
    ref: str | None = None


@dataclass(frozen=True)
class Join(Message):
    """Client -> server: take an open seat of the room ``code`` as ``name`` (the first
    open seat, or ``seat``). Answered by :class:`Joined`. ``games``: the game keys the
    client plays, when it does not play every game; a room of another game is refused
    ``wrong_game`` before any seat is taken."""

    TYPE: ClassVar[str] = "join"
    code: str = ""
    name: str = ""
    seat: int | None = None
    ref: str | None = None
    games: tuple[str, ...] | None = None


@dataclass(frozen=True)
class SeatAsk(Message):
    """Base of the client's asks that name only a room and a seat: the room ``code``, the
    seat's ``token`` (from :class:`Joined`) and the message's ``ref``."""

    code: str = ""
    token: str = ""
    ref: str | None = None


@dataclass(frozen=True)
class Rejoin(SeatAsk):
    """Client -> server: come back to one's seat (after a dropped connection, or from
    another program) with its token. Answered by :class:`Joined`, then the seat's
    :class:`State` when the room has started."""

    TYPE: ClassVar[str] = "rejoin"


@dataclass(frozen=True)
class Start(SeatAsk):
    """Client -> server, the host only: start the game (open seats left become computer
    players of the game's default level). Everyone gets :class:`RoomUpdate` then their
    :class:`State`."""

    TYPE: ClassVar[str] = "start"


@dataclass(frozen=True)
class Act(Message):
    """Client -> server: play ``action`` (the game's action text, as in records and at the
    text prompt) for the token's seat. ``seat``, when given, must be the token's seat;
    ``seq``, when given, must be the room's current action count (else ``stale``: the
    client missed an update). Accepted: everyone gets their :class:`State`; refused: an
    :class:`Error` to this connection only, nothing changed."""

    TYPE: ClassVar[str] = "action"
    code: str = ""
    token: str = ""
    action: str = ""
    seat: int | None = None
    seq: int | None = None
    ref: str | None = None


@dataclass(frozen=True)
class Leave(SeatAsk):
    """Client -> server: the token's seat leaves the room on purpose (the person quit or
    pressed Esc); the client closes its connection next. Not answered: when that seat has no
    connection left, everyone's :class:`RoomUpdate` marks it ``left`` (not a dropped
    connection). The seat stays the person's: a ``rejoin`` takes it again."""

    TYPE: ClassVar[str] = "leave"


@dataclass(frozen=True)
class GetRecord(SeatAsk):
    """Client -> server: the finished game's record (any seat of the room, by token).
    Answered by :class:`Record`; before the end by an error ``not_over``."""

    TYPE: ClassVar[str] = "record"


@dataclass(frozen=True)
class GetHint(SeatAsk):
    """Client -> server: advice for the token's seat, to act. Answered by :class:`Hint`."""

    TYPE: ClassVar[str] = "hint"


@dataclass(frozen=True)
class GetReview(GetHint):
    """Client -> server: the review of the token's seat's game. Answered by :class:`Review`."""

    TYPE: ClassVar[str] = "review"


@dataclass(frozen=True)
class GetReplay(Message):
    """Client -> server: the finished game after ``step`` actions (:class:`Replayed`)."""

    TYPE: ClassVar[str] = "replay"
    code: str = ""
    token: str = ""
    step: int = 0
    ref: str | None = None


@dataclass(frozen=True)
class GetScores(Message):
    """Client -> server: ``game``'s top 20 and statistics. Answered by :class:`Scores`."""

    TYPE: ClassVar[str] = "scores"
    game: str = ""
    ref: str | None = None


# server -> client
@dataclass(frozen=True)
class Welcome(Message):
    """Server -> client: the answer to :class:`Hello`."""

    TYPE: ClassVar[str] = "welcome"
    server: str = ""
    games: tuple[str, ...] = ()
    ref: str | None = None


@dataclass(frozen=True)
class Joined(Message):
    """Server -> client: you sit at ``seat`` of ``room``. ``token`` is this seat's secret:
    keep it to act and to rejoin; it is sent to this connection only, never logged."""

    TYPE: ClassVar[str] = "joined"
    room: RoomInfo | None = None
    seat: int = 0
    token: str = ""
    ref: str | None = None


@dataclass(frozen=True)
class RoomUpdate(Message):
    """Server -> every connection of a room: its seats or status changed (someone joined,
    connected, dropped, went away or came back; the room started or ended)."""

    TYPE: ClassVar[str] = "room"
    room: RoomInfo | None = None


@dataclass(frozen=True)
class State(Message):
    """Server -> one seat: the game as this seat may see it, after every accepted action
    (and on start and rejoin).

    Attributes:
        to_act: the seat to act (-1: chance; -2: the game is over).
        legal: this seat's legal actions as text when it is to act (else empty), every one.
        view: the seat's view of the game (docs/online.md, "Views"): only what the game's
            rules let this seat see.
        events: what happened since the seat's previous state, as it may know it.
        prompt: what is asked of the seat now, in words ("" when not its turn).
        log: the recent moves in words as this seat may know them, oldest first (the lines
            of the last :data:`LOG_ACTIONS` actions, at most :data:`LOG_LINES`). Optional
            (added within version 1).
    """

    TYPE: ClassVar[str] = "state"
    code: str = ""
    seq: int = 0
    seat: int = 0
    to_act: int = -1
    legal: tuple[str, ...] = ()
    view: dict[str, Any] = field(default_factory=dict)
    events: tuple[Event, ...] = ()
    prompt: str = ""
    log: tuple[LogLine, ...] = ()


@dataclass(frozen=True)
class GameOver(Message):
    """Server -> every seat, after the final :class:`State`: the scores, best first. The
    game is recorded in the server's top-20 tables and statistics; :class:`GetRecord`
    gives its record."""

    TYPE: ClassVar[str] = "over"
    code: str = ""
    scores: tuple[Score, ...] = ()


@dataclass(frozen=True)
class Record(Message):
    """Server -> client: the finished game's record (``gameshelf-record/1``, the object a
    ``.json`` export holds; it replays and checks like any other record)."""

    TYPE: ClassVar[str] = "record"
    code: str = ""
    record: dict[str, Any] = field(default_factory=dict)
    ref: str | None = None


@dataclass(frozen=True)
class Hint(Message):
    """Server -> the asking connection only: the coach's advice for ``seat`` at action
    ``seq`` in lines of text (the best first), from that seat's view alone."""

    TYPE: ClassVar[str] = "hint"
    code: str = ""
    seq: int = 0
    seat: int = 0
    lines: tuple[str, ...] = ()
    ref: str | None = None


@dataclass(frozen=True)
class Review(Hint):
    """Server -> the asking connection: the coach's review of ``seat``'s decisions in
    lines of text (the costly ones, worst first, or one line saying none was)."""

    TYPE: ClassVar[str] = "review"


@dataclass(frozen=True)
class Replayed(Message):
    """Server -> the asking connection: the game after ``step`` of its ``steps`` actions
    as ``seat`` saw it, as in :class:`State` (no legal action: a replay is read-only);
    ``move`` of ``moves``: the same step counted in the steps that seat sees (0: before its
    first; an action with what answers it unseen, or a deal, is no step of its own)."""

    TYPE: ClassVar[str] = "replay"
    code: str = ""
    step: int = 0
    steps: int = 0
    seat: int = 0
    to_act: int = -1
    view: dict[str, Any] = field(default_factory=dict)
    log: tuple[LogLine, ...] = ()
    ref: str | None = None
    move: int = 0
    moves: int = 0


@dataclass(frozen=True)
class ScoreLine:
    """A top-20 row: ``place`` (1 the best), name, score (points), date (ISO 8601)."""

    place: int
    name: str
    score: int
    date: str = ""


@dataclass(frozen=True)
class Scores(Message):
    """Server -> the asking connection: ``game``'s top 20 in the server's store, best first
    (``kept`` False: the game keeps none), its statistics in lines (``gameshelf KEY stats``),
    and ``noun``, what one row of its top 20 is in the game's words, singular (``bill``,
    ``game``)."""

    TYPE: ClassVar[str] = "scores"
    game: str = ""
    top: tuple[ScoreLine, ...] = ()
    stats: tuple[str, ...] = ()
    kept: bool = True
    ref: str | None = None
    noun: str = "game"


@dataclass(frozen=True)
class Error(Message):
    """Server -> one connection: the message ``ref`` was refused; nothing changed and the
    connection and room go on. ``code`` is one of :data:`ERROR_CODES`; ``message`` one
    line in words; ``game``, for a join refused ``already_started`` or ``room_full``, the
    room's game's key, so a client may offer a new room of it ("" otherwise; optional,
    added within version 1)."""

    TYPE: ClassVar[str] = "error"
    code: str = "malformed"
    message: str = ""
    ref: str | None = None
    game: str = ""


CLIENT_MESSAGES: dict[str, type[Message]] = {
    m.TYPE: m for m in (Hello, Create, Join, Rejoin, Start, Act, Leave, GetRecord,
                        GetHint, GetReview, GetReplay, GetScores)}
SERVER_MESSAGES: dict[str, type[Message]] = {
    m.TYPE: m for m in (Welcome, Joined, RoomUpdate, State, GameOver, Record, Hint, Review,
                        Replayed, Scores, Error)}


# ----- writing --------------------------------------------------------------------------
def to_dict(message: Message) -> dict[str, Any]:
    """The message as a JSON-ready dict, ``v`` and ``type`` first (lists as tuples)."""
    return {"v": VERSION, "type": message.TYPE, **dataclasses.asdict(message)}


#: Writes JSON in one pass over the message's own objects (dataclasses, tuples, dicts).
_ENCODER = msgspec.json.Encoder()


def encode(message: Message) -> bytes:
    """The message as compact JSON in UTF-8 (``v`` and ``type`` first, then the fields in
    their order; text as it is, not escaped to ASCII): what :func:`dump` writes."""
    return _ENCODER.encode({"v": VERSION, "type": message.TYPE, **message.__dict__})


def dump(message: Message) -> str:
    """The message as compact JSON text (one WebSocket text frame)."""
    return encode(message).decode("utf-8")


# ----- reading --------------------------------------------------------------------------
def _build(cls: type[Message], data: dict[str, Any]) -> Message:
    """The message of class ``cls`` in ``data``, every field checked by its type
    (:func:`gameshelf.core.codec.decode`); ProtocolError ``malformed`` otherwise."""
    try:
        return decode(cls, data)
    except CodecError as exc:
        raise ProtocolError("malformed", str(exc)) from None


def _parse(text: str | bytes, table: dict[str, type[Message]]) -> Message:
    size = len(text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text)
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_large", f"the message is {size:,} bytes; at most "
                            f"{MAX_MESSAGE_BYTES:,} are read")
    try:
        data = read_json(text)
    except DataError as exc:
        raise ProtocolError("malformed", f"the message is not JSON that can be read: {exc}"
                            ) from None
    if not isinstance(data, dict):
        raise ProtocolError("malformed", "the message is not a JSON object")
    ref = data.get("ref") if isinstance(data.get("ref"), str) else None
    version = data.get("v")
    if "v" in data and (not isinstance(version, int) or isinstance(version, bool)):
        raise ProtocolError("malformed", "v must be a whole number (the protocol version, "
                            f"{VERSION})", ref)
    if version != VERSION:
        raise ProtocolError("version", f"this program speaks protocol version {VERSION}; the "
                            f"message is version {as_json(version, 20)}: use a gameshelf "
                            "of the same version as the server", ref)
    kind = data.get("type")
    cls = table.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ProtocolError("unknown_type", f"unknown message type {as_json(kind)}",
                            ref)
    try:
        message = _build(cls, {k: v for k, v in data.items() if k not in ("v", "type")})
    except ProtocolError as exc:
        raise ProtocolError(exc.code, exc.message, ref) from None
    return message


def parse_client(text: str | bytes) -> Message:
    """A client's message (the server reads it); raises ProtocolError ``too_large``,
    ``malformed``, ``version`` or ``unknown_type``."""
    return _parse(text, CLIENT_MESSAGES)


def parse_server(text: str | bytes) -> Message:
    """A server's message (a client reads it); raises as :func:`parse_client`."""
    return _parse(text, SERVER_MESSAGES)
