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
    """Seconds per turn; when they run out a bot moves for the seat, or it passes."""

    model_config = _STRICT
    seconds: float = Field(ge=1.0, le=7 * 24 * 3600)
    on_timeout: Literal["bot", "pass"] = Field(
        default="bot",
        description="'pass' plays the action 'pass' if the game has it, else the bot moves",
    )
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
