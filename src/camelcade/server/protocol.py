"""The websocket protocol: message schemas (pydantic) and the closed set of error codes.

Clients send four kinds of message, validated strictly (unknown fields are refused) so a
typo is reported instead of silently ignored. The server sends five kinds; the hot path
builds them as plain dicts for speed, and the models below are their documented schema
(``docs/server.md``), which the tests check every received message against.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from camelcade.core.words import t
from camelcade.i18n.validation import problems
from camelcade.server import strictjson

PROTOCOL_VERSION = 1
MAX_TOKEN_CHARS = 200
MAX_LANG_CHARS = 35
LANG_PATTERN = r"^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*$"
"""A language tag (``de``, ``fr-CH``): hello's ``lang``."""
MAX_ACTION_CHARS = 200
ACTION_PATTERN = r"^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$"
"""Action text has no control or format characters: ``"oasis1\\n0"`` is not ``oasis1 0``."""
MESSAGE_DEPTH = 4
"""Client messages are flat objects; nothing a client sends nests deeper than this."""


class ErrorCode(StrEnum):
    """Every error a client can receive, over HTTP or the websocket. The set is closed."""

    ACTION_ILLEGAL = "action/illegal"
    ACTION_STALE_STATE = "action/stale_state"
    ACTION_NOT_YOUR_TURN = "action/not_your_turn"
    ACTION_NOT_RUNNING = "action/not_running"
    ACTION_SPECTATOR = "action/spectator"
    AUTH_BAD_TOKEN = "auth/bad_token"
    AUTH_REQUIRED = "auth/required"
    AUTH_CSRF = "auth/csrf"
    AUTH_BAD_LINK = "auth/bad_link"
    MATCH_NOT_FOUND = "match/not_found"
    MATCH_NOT_OPEN = "match/not_open"
    MATCH_SEAT_TAKEN = "match/seat_taken"
    MATCH_NO_SUCH_SEAT = "match/no_such_seat"
    MATCH_NOT_READY = "match/not_ready"
    MATCH_NOT_FINISHED = "match/not_finished"
    MATCH_UNREADABLE = "match/unreadable"
    PLAYER_NOT_FOUND = "player/not_found"
    GAME_UNKNOWN = "game/unknown"
    GAME_BAD_OPTIONS = "game/bad_options"
    BOT_UNKNOWN = "bot/unknown"
    MESSAGE_MALFORMED = "message/malformed"
    MESSAGE_UNKNOWN_TYPE = "message/unknown_type"
    MESSAGE_TOO_LARGE = "message/too_large"
    MESSAGE_HELLO_FIRST = "message/hello_first"
    RATE_LIMITED = "rate/limited"
    SERVER_BUSY = "server/busy"
    SERVER_CLOSED = "server/closed"
    SERVER_INTERNAL = "server/internal"


HTTP_STATUS: dict[ErrorCode, int] = {
    ErrorCode.ACTION_ILLEGAL: 422,
    ErrorCode.ACTION_STALE_STATE: 409,
    ErrorCode.ACTION_NOT_YOUR_TURN: 409,
    ErrorCode.ACTION_NOT_RUNNING: 409,
    ErrorCode.ACTION_SPECTATOR: 403,
    ErrorCode.AUTH_BAD_TOKEN: 401,
    ErrorCode.AUTH_REQUIRED: 401,
    ErrorCode.AUTH_CSRF: 403,
    ErrorCode.AUTH_BAD_LINK: 400,
    ErrorCode.MATCH_NOT_FOUND: 404,
    ErrorCode.MATCH_NOT_OPEN: 409,
    ErrorCode.MATCH_SEAT_TAKEN: 409,
    ErrorCode.MATCH_NO_SUCH_SEAT: 404,
    ErrorCode.MATCH_NOT_READY: 409,
    ErrorCode.MATCH_NOT_FINISHED: 409,
    ErrorCode.MATCH_UNREADABLE: 410,
    ErrorCode.PLAYER_NOT_FOUND: 404,
    ErrorCode.GAME_UNKNOWN: 404,
    ErrorCode.GAME_BAD_OPTIONS: 422,
    ErrorCode.BOT_UNKNOWN: 422,
    ErrorCode.MESSAGE_MALFORMED: 422,
    ErrorCode.MESSAGE_UNKNOWN_TYPE: 422,
    ErrorCode.MESSAGE_TOO_LARGE: 413,
    ErrorCode.MESSAGE_HELLO_FIRST: 400,
    ErrorCode.RATE_LIMITED: 429,
    ErrorCode.SERVER_BUSY: 503,
    ErrorCode.SERVER_CLOSED: 503,
    ErrorCode.SERVER_INTERNAL: 500,
}


class ProtocolError(Exception):
    """A refusal with its code and a message fit to show a person (never a traceback)."""

    def __init__(self, code: ErrorCode, message: str, state_id: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.state_id = state_id

    def to_json(self) -> dict[str, Any]:
        return error_message(self.code, self.message, self.state_id)


def unknown_game(game_id: str) -> ProtocolError:
    """``game/unknown`` for an id no game has, naming the games there are."""
    from camelcade.core.registry import game_ids

    return ProtocolError(ErrorCode.GAME_UNKNOWN, t(
        "There is no game {game}; the games are: {games}.", game=repr(game_id[:64]),
        games=", ".join(game_ids())))


def error_message(code: ErrorCode, message: str, state_id: int | None = None) -> dict[str, Any]:
    return {"type": "error", "code": str(code), "message": message, "state_id": state_id}


# -- client to server -------------------------------------------------------------------

_STRICT = ConfigDict(extra="forbid", strict=True)


class Hello(BaseModel):
    """First message on every connection: a seat token, or none to watch as a spectator."""

    model_config = _STRICT
    type: Literal["hello"]
    token: str | None = Field(default=None, max_length=MAX_TOKEN_CHARS)
    protocol: int = PROTOCOL_VERSION
    state_id: int | None = Field(
        default=None, ge=0,
        description="the last state this client was shown: the first state message's "
                    "events are those after it (0: every event; omitted: since this seat's "
                    "last state message on any connection)")
    lang: str | None = Field(default=None, max_length=MAX_LANG_CHARS, pattern=LANG_PATTERN)
    """The language to word this connection's sentences in (the web app's setting); None
    takes the handshake's ``Accept-Language``, and a language not spoken here is English."""
    board: bool = Field(
        default=True,
        description="whether this client draws the board: false (the terminal client, a "
                    "program) leaves view.board null and every legal action's cells empty, "
                    "and spares the server building them; everything else is the same")


class PlayAction(BaseModel):
    """Play ``action`` (its text) in the position ``state_id`` the client saw."""

    model_config = _STRICT
    type: Literal["action"]
    action: str = Field(max_length=MAX_ACTION_CHARS, pattern=ACTION_PATTERN)
    state_id: int = Field(ge=0)


class Resync(BaseModel):
    """Ask for the full current view again (after a gap or a doubt)."""

    model_config = _STRICT
    type: Literal["resync"]
    state_id: int | None = Field(
        default=None, ge=0, description="the last state this client was shown, as in hello")


class Ping(BaseModel):
    """Keep-alive; answered with ``pong``."""

    model_config = _STRICT
    type: Literal["ping"]


REACTIONS = ("good_game", "thanks", "oops")
"""The preset reactions at the table; no free text, so there is nothing to moderate."""
Reaction = Literal["good_game", "thanks", "oops"]


class React(BaseModel):
    """A preset reaction, told to every seat of the match (each client words it)."""

    model_config = _STRICT
    type: Literal["react"]
    reaction: Reaction


ClientMessage = Annotated[Hello | PlayAction | Resync | Ping | React,
                          Field(discriminator="type")]
CLIENT_TYPES = ("hello", "action", "resync", "ping", "react")
AnyClientMessage = Hello | PlayAction | Resync | Ping | React
_client_adapter: TypeAdapter[AnyClientMessage] = TypeAdapter(ClientMessage)


def parse_client_message(raw: str | bytes, max_bytes: int) -> AnyClientMessage:
    """Decode one client frame or raise ``ProtocolError`` with the matching code."""
    size = len(raw) if isinstance(raw, bytes) else len(raw.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise ProtocolError(ErrorCode.MESSAGE_TOO_LARGE, t(
            "The message has {size} bytes; the limit is {limit}.", size=size, limit=max_bytes))
    try:
        data = strictjson.loads(raw, MESSAGE_DEPTH)
    except strictjson.StrictJSONError as error:
        raise ProtocolError(ErrorCode.MESSAGE_MALFORMED, str(error)) from None
    if not isinstance(data, dict):
        raise ProtocolError(ErrorCode.MESSAGE_MALFORMED, t("A message must be a JSON object."))
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        raise ProtocolError(ErrorCode.MESSAGE_UNKNOWN_TYPE, t(
            "Unknown message type {kind}; the types are: {types}.",
            kind=repr(str(kind)[:40]), types=", ".join(CLIENT_TYPES)))
    try:
        return _client_adapter.validate_python(data)
    except ValidationError as error:
        found = problems(error.errors(include_input=False, include_url=False), skip=1)
        raise ProtocolError(ErrorCode.MESSAGE_MALFORMED, t(
            "Bad {kind} message: {problems}.", kind=kind, problems=found)) from None


# -- server to client -------------------------------------------------------------------

_OPEN = ConfigDict(extra="forbid")
Status = Literal["open", "running", "finished", "ended"]


class Welcome(BaseModel):
    """The answer to ``hello``: who this connection is."""

    model_config = _OPEN
    type: Literal["welcome"]
    protocol: int
    match_id: str
    seat: int | None
    role: Literal["player", "spectator"]
    lang: str = "en"
    """The language every sentence to this connection is worded in."""


class LegalAction(BaseModel):
    action: str
    description: str
    cells: list[str] = Field(
        default_factory=list,
        description="board cells this action involves, piece first, target last (web layout)")


class SeatPresence(BaseModel):
    model_config = _OPEN
    seat: int
    kind: Literal["open", "human", "hotseat", "bot"]
    name: str | None
    taken: bool
    connected: bool
    former: bool = False
    """Its player deleted their profile: shown as "a former player"."""


class SeatView(BaseModel):
    """What one seat (or, with ``seat`` null, a spectator) may see of the position."""

    model_config = _OPEN
    observation: dict[str, Any]
    history_from: int = Field(description="index of the first history entry sent")
    history: list[str]
    description: str
    board: dict[str, Any] | None = Field(
        default=None, description="the game's accessible board (docs/web.md), null if none")
    facts: list[list[dict[str, str]]] = Field(
        default_factory=list,
        description="each seat's facts for its panel, seat by seat, as you may see them: "
                    "[{label, value}] (\"coins\": \"7\"; another seat's hidden cards as a "
                    "count); empty with no board (web layout)")
    colours: list[str | None] = Field(
        default_factory=list,
        description="each seat's colour where the game gives its players one (\"red\"), "
                    "null for a seat of no one colour; empty with no board (web layout)")
    events_from: int = Field(
        default=0, description="the state the events follow: each action after it is told")
    events: list[str] = Field(
        description="plain-language sentences of the actions after events_from, worded for "
                    "you; a run of one event told once (\"Yellow draws 3 cards.\")")


class Result(BaseModel):
    returns: list[float]
    winners: list[int] = Field(description="the first group of the ranking")
    ranking: list[list[int]] = Field(
        default_factory=list,
        description="seats best first, ties grouped, every tie-break applied")


class StateMessage(BaseModel):
    """The position as this connection may see it, sent after every accepted change."""

    model_config = _OPEN
    type: Literal["state"]
    match_id: str
    game: str
    options: dict[str, Any]
    status: Status
    state_id: int
    seat: int | None
    current_player: int | None
    view: SeatView | None = Field(description="null until the match starts")
    legal_actions: list[LegalAction]
    seats: list[SeatPresence]
    spectators: int
    deadline: float | None = Field(description="Unix time the current turn times out")
    result: Result | None
    result_text: str | None = Field(
        default=None, description="the result in words, in your language: a win, a shared "
                                  "first place or a draw; null before the end")
    end_reason: str | None = Field(
        default=None, description="status 'ended': why the server's host ended the match, "
                                  "in the host's words (result_text tells it in yours)")
    rematch_id: str | None


class Presence(BaseModel):
    """Who is connected changed."""

    model_config = _OPEN
    type: Literal["presence"]
    match_id: str
    seats: list[SeatPresence]
    spectators: int


class ErrorMessage(BaseModel):
    model_config = _OPEN
    type: Literal["error"]
    code: ErrorCode
    message: str
    state_id: int | None


class Pong(BaseModel):
    model_config = _OPEN
    type: Literal["pong"]


class ReactionMessage(BaseModel):
    """A seat reacted (``react``); sent to every seat's connections."""

    model_config = _OPEN
    type: Literal["reaction"]
    match_id: str
    seat: int
    reaction: Reaction


ServerMessage = Annotated[
    Welcome | StateMessage | Presence | ErrorMessage | Pong | ReactionMessage,
    Field(discriminator="type")
]
server_adapter: TypeAdapter[
    Welcome | StateMessage | Presence | ErrorMessage | Pong | ReactionMessage
] = TypeAdapter(ServerMessage)


def json_schemas() -> dict[str, Any]:
    """The JSON schema of both directions, as published in ``docs/server.md``."""
    return {
        "client_to_server": _client_adapter.json_schema(),
        "server_to_client": server_adapter.json_schema(),
    }
