"""HTTP request and response bodies (the OpenAPI page is generated from these).

Kept apart from the websocket protocol: these describe the lobby and match set-up, which
happen over plain HTTP before a client opens its websocket.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from camelcade.server.names import ALLOWED, RAW_NAME_CHARS, check_name
from camelcade.server.protocol import ErrorCode, Result, Status

_STRICT = ConfigDict(extra="forbid", strict=True)
SeatName = Annotated[
    str, Field(max_length=RAW_NAME_CHARS, description=ALLOWED), AfterValidator(check_name)
]


class SeatSpec(BaseModel):
    """One seat at creation: open for anyone to join, a server bot, or hot-seat."""

    model_config = _STRICT
    kind: Literal["open", "bot", "hotseat"] = "open"
    bot: str | None = Field(default=None, max_length=64, description="bot name for kind=bot")
    name: SeatName | None = None


class TurnTimer(BaseModel):
    """A match's clock (``camelcade.server.clocks``): live or correspondence, with the
    host's rule for a seat whose time runs out."""

    model_config = _STRICT
    seconds: float = Field(
        ge=1.0, le=14 * 24 * 3600,
        description="a move's time: live 1 s to 1 h, correspondence 1 h to 14 days")
    kind: Literal["live", "correspondence"] | None = Field(
        default=None, description="default: correspondence above one hour a move, else live")
    bank_seconds: float | None = Field(
        default=None, ge=0.0, le=14 * 24 * 3600,
        description="correspondence only: each seat's time bank and its cap; a slow move "
        "spends it, a fast one refills it up to the cap")
    on_timeout: Literal["bot", "pass", "takeover"] = Field(
        default="bot",
        description="'bot': the bot plays the turn; 'pass': the seat passes where the game "
        "allows it, else the bot plays the turn; 'takeover': the bot plays the turn and, "
        "after takeover_after timeouts, keeps the seat")
    takeover_after: int | None = Field(
        default=None, ge=1, le=20, description="for 'takeover': timeouts before a bot "
        "keeps the seat (default 3)")
    bot: str = Field(default="random", max_length=64)


class JoinAtCreation(BaseModel):
    """The creator's own seat, taken in the same step as the match is created."""

    model_config = _STRICT
    seat: int = Field(ge=0, le=15, description="an open seat of the match being created")
    name: SeatName | None = None


class CreateMatch(BaseModel):
    model_config = _STRICT
    game: str = Field(max_length=64, description="a game id, as GET /api/games lists them")
    options: dict[str, Any] = Field(default_factory=dict, examples=[{"players": 2}])
    seats: list[SeatSpec] | None = Field(
        default=None, max_length=16, description="one per player; default: all open"
    )
    turn_timer: TurnTimer | None = None
    auto_start: bool = Field(default=False, description="start once every seat is taken")
    rated: bool = Field(default=False, description="the result moves the ratings of the "
                        "players with a kept profile (e-mail address); default: casual")
    join: JoinAtCreation | None = Field(
        default=None, description="take this open seat at once (create and join in one "
        "step: if anything is refused, no match is made); its token comes back as 'token'")


class JoinSeat(BaseModel):
    model_config = _STRICT
    name: SeatName | None = None


class SeatInfo(BaseModel):
    seat: int
    kind: Literal["open", "human", "hotseat", "bot"]
    name: str | None
    bot: str | None
    taken: bool
    former: bool = Field(default=False, description="its player deleted their profile: show "
                         "'a former player'")
    taken_over: bool = Field(default=False, description="a bot keeps this seat: its player "
                             "ran out of time too often")
    away_until: float | None = Field(default=None, description="its player is on vacation "
                                     "until then (Unix seconds): the clock waits")


class MatchInfo(BaseModel):
    """A match as the lobby shows it: nothing secret (no seed, no tokens, no hands)."""

    id: str
    game: str
    options: dict[str, Any]
    status: Status
    state_id: int
    seats: list[SeatInfo]
    auto_start: bool
    turn_timer: TurnTimer | None
    created_at: float
    started_at: float | None
    finished_at: float | None
    result: Result | None
    rematch_of: str | None
    rematch_id: str | None
    rated: bool = Field(default=False, description="rated (true) or casual")


class Created(BaseModel):
    match: MatchInfo
    host_token: str = Field(description="starts the match and asks for rematches; shown once")
    seat_tokens: dict[int, str] = Field(description="tokens of the hot-seat seats; shown once")
    seat: int | None = Field(default=None, description="the seat 'join' took; null without")
    token: str | None = Field(default=None, description="that seat's token; shown once")


class Joined(BaseModel):
    match: MatchInfo
    seat: int
    token: str = Field(description="this seat's token; shown once, stored only hashed")


class Rematched(BaseModel):
    match: MatchInfo
    seat: int | None = Field(description="your seat in the rematch; null for the host token")
    token: str = Field(description="your new token for the rematch; shown once")


class Lobby(BaseModel):
    matches: list[MatchInfo]
    next: str | None = Field(
        default=None, description="pass as ?before= for the next page; null on the last")


class OptionInfo(BaseModel):
    name: str
    default: Any
    allowed: str
    help: str
    values: list[str] | None = Field(
        default=None, description="the names to choose from, for an option that picks named "
        "data (a map): the value must be one of them")


class GameInfo(BaseModel):
    id: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    options: list[OptionInfo]


class ErrorBody(BaseModel):
    code: ErrorCode
    message: str


class ErrorResponse(BaseModel):
    error: ErrorBody
