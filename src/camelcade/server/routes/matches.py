"""Matches over HTTP: create, the lobby, join a seat, start, rematch, the finished record.

Play itself happens on the websocket (``routes/ws.py``); these calls set a match up. Tokens
travel in ``Authorization: Bearer`` headers and are returned exactly once, when issued.
"""

from __future__ import annotations

import time
from typing import Any, Literal

from fastapi import APIRouter, Query, Request
from starlette import status

from camelcade.core.words import t
from camelcade.records import Record
from camelcade.server.accounts.web import OptionalProfile
from camelcade.server.lobby import make_cursor, parse_cursor
from camelcade.server.protocol import ErrorCode, ProtocolError, Result
from camelcade.server.routes.deps import (
    CreateLimited,
    RateLimited,
    ReadLimited,
    ServicesDep,
    TokenDep,
    client_address,
)
from camelcade.server.runtime import LiveMatch
from camelcade.server.schemas import (
    Created,
    CreateMatch,
    ErrorResponse,
    Joined,
    JoinSeat,
    Lobby,
    MatchInfo,
    Rematched,
    SeatInfo,
    TurnTimer,
)
from camelcade.server.store import MatchRow, SeatRow

ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorResponse} for code in (401, 404, 409, 410, 413, 422, 429, 503)
}
router = APIRouter(prefix="/api/matches", tags=["matches"], responses=ERRORS)


def info(row: MatchRow, seats: list[SeatRow]) -> MatchInfo:
    """What anyone may know of a match: never the seed, a token hash or a hand."""
    now = time.time()
    timer = (
        TurnTimer(seconds=row.turn_seconds, on_timeout=row.on_timeout,  # type: ignore[arg-type]
                  bot=row.timeout_bot, kind=row.clock,  # type: ignore[arg-type]
                  bank_seconds=row.bank_seconds, takeover_after=row.takeover_after)
        if row.turn_seconds else None
    )
    return MatchInfo(
        id=row.id,
        game=row.game,
        options=row.options,
        status=row.status,  # type: ignore[arg-type]
        state_id=row.state_id,
        seats=[
            SeatInfo(seat=s.seat, kind=s.kind, name=s.name, bot=s.bot,  # type: ignore[arg-type]
                     taken=s.kind == "bot" or s.token_hash is not None, former=s.former,
                     taken_over=s.taken_over,
                     away_until=s.away_until if (s.away_until or 0) > now else None)
            for s in seats
        ],
        auto_start=row.auto_start,
        turn_timer=timer,
        created_at=row.created_at,
        started_at=row.started_at,
        finished_at=row.finished_at,
        result=Result(**row.result) if row.result else None,
        rematch_of=row.rematch_of,
        rematch_id=row.rematch_id,
        rated=row.rated,
    )


def live_info(match: LiveMatch) -> MatchInfo:
    return info(match.row, match.seats)


@router.post("", status_code=status.HTTP_201_CREATED, summary="Create a match",
             dependencies=[RateLimited, CreateLimited])
async def create_match(body: CreateMatch, services: ServicesDep, request: Request,
                       me: OptionalProfile) -> Created:
    """Seats are open, a server bot by name, or hot-seat (their tokens come back here).
    With ``join`` the creator takes one open seat in the same step; a refused name or
    seat leaves no match behind. From a signed-in page (the session cookie and its
    ``X-CSRF-Token``) the joined and hot seats belong to the profile too."""
    match, host_token, seat_tokens, token = await services.manager.create(
        body, client_address(request), me.profile.id if me is not None else None)
    return Created(match=live_info(match), host_token=host_token, seat_tokens=seat_tokens,
                   seat=body.join.seat if body.join is not None else None, token=token)


@router.get("", summary="The lobby: open and running matches, newest first, a page at a time",
            dependencies=[ReadLimited])
async def lobby(
    services: ServicesDep,
    status_: list[Literal["open", "running", "finished", "ended"]] = Query(  # noqa: B008
        default=["open", "running"], alias="status", max_length=4
    ),
    limit: int = Query(default=20, ge=1, le=500,
                       description="matches per page; at most the server's lobby_limit"),
    before: str | None = Query(default=None, max_length=80,
                               description="the 'next' of the previous page"),
    expired: bool = Query(default=False, description=(
        "also the matches expired from the lobby: finished longer ago than the server's "
        "lobby_expiry_seconds (the replay page's list)")),
) -> Lobby:
    """An open match nobody holds a seat in leaves the list once unchanged for the
    server's ``lobby_expiry_seconds`` (a day unless configured), and is then deleted; a
    finished one leaves it that long after it ended."""
    limit = min(limit, services.settings.lobby_limit)
    cursor = parse_cursor(before)
    key = (tuple(sorted(set(status_))), limit, cursor, expired)
    page: Lobby | None = services.lobby_pages.get(key)
    if page is None:
        rows = await services.store.read(services.store.list_matches, key[0], limit, cursor,
                                         None if expired else services.expired_before())
        last = rows[-1][0] if len(rows) == limit else None
        page = Lobby(matches=[info(row, seats) for row, seats in rows],
                     next=make_cursor(last.created_at, last.id) if last else None)
        services.lobby_pages.put(key, page)
    return page


@router.get("/{match_id}", summary="One match", dependencies=[ReadLimited])
async def get_match(match_id: str, services: ServicesDep) -> MatchInfo:
    return live_info(await services.manager.get(match_id))


@router.post("/{match_id}/seats/{seat}", summary="Take an open seat; returns its token once",
             dependencies=[RateLimited])
async def join_seat(
    match_id: str, seat: int, services: ServicesDep, me: OptionalProfile,
    body: JoinSeat | None = None,
) -> Joined:
    """From a signed-in page (cookie and ``X-CSRF-Token``) the seat belongs to the profile:
    ``GET /api/me/matches`` finds it on any browser signed in to it."""
    name = body.name if body is not None else None
    match, token = await services.manager.join(
        match_id, seat, name, me.profile.id if me is not None else None)
    return Joined(match=live_info(match), seat=seat, token=token)


@router.post("/{match_id}/start", summary="Start a full match (host or seat token)",
             dependencies=[RateLimited])
async def start_match(match_id: str, services: ServicesDep, token: TokenDep) -> MatchInfo:
    return live_info(await services.manager.start(match_id, token))


@router.post("/{match_id}/rematch", summary="Open or join the rematch of a finished match",
             dependencies=[RateLimited, CreateLimited])
async def rematch(match_id: str, services: ServicesDep, token: TokenDep,
                  request: Request) -> Rematched:
    """Any token of the finished match (host or seat) gets a new token for the rematch."""
    match, seat, new_token = await services.manager.rematch(
        match_id, token, client_address(request))
    return Rematched(match=live_info(match), seat=seat, token=new_token)


@router.get("/{match_id}/record", summary="The record of a finished match (camelcade-record/1)",
            dependencies=[ReadLimited])
async def record(match_id: str, services: ServicesDep) -> dict[str, Any]:
    """Only once finished: mid-game it would reveal hidden draws. It includes the seed."""
    match = await services.manager.get(match_id)
    if match.status != "finished" or match.row.result is None:
        raise ProtocolError(ErrorCode.MATCH_NOT_FINISHED,
                            t("The record is published at the end."))
    players = [
        (s.bot or "bot") if s.kind == "bot" else (s.name or f"seat {s.seat}")
        for s in match.seats
    ]
    texts = await services.store.read(services.store.load_actions, match.id, 0)
    return Record(
        game=match.row.game,
        options=match.row.options,
        players=players,
        actions=texts,
        returns=match.row.result["returns"],
        seed=match.row.seed,
        winners=match.row.result["winners"],
        ranking=match.row.result.get("ranking"),
        extra={"match_id": match.id},
    ).to_json()
