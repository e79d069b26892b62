"""``/api/me/invitations``, ``/api/me/play-again`` and ``/api/me/blocks``: inviting a
kept profile by name into a seat, answering in My games, playing again with the same
people, and blocking (``invitations`` has the rules).

Every write needs the session and the page's CSRF token (``web.writing``), as the rest of
``/api/me``; a refusal changes nothing and says what was wrong and what is allowed.
"""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, FastAPI, Request, status
from pydantic import BaseModel, ConfigDict, Field

from camelcade.core.words import t
from camelcade.server.accounts import db
from camelcade.server.accounts import invitations as inv
from camelcade.server.accounts.routes import ERRORS
from camelcade.server.accounts.web import Me, SignedIn, Writing
from camelcade.server.auth import profile_seat_token
from camelcade.server.protocol import ErrorCode, ProtocolError
from camelcade.server.routes.deps import CreateLimited, RateLimited, ServicesDep, client_address
from camelcade.server.runtime import LiveMatch
from camelcade.server.schemas import CreateMatch, JoinAtCreation, SeatName, SeatSpec, TurnTimer
from camelcade.server.service import Services
from camelcade.server.views import seat_names

router = APIRouter(prefix="/api/me", tags=["invitations"], responses={
    **ERRORS, 404: ERRORS[422], 409: ERRORS[422]})


def _engine(services: Services) -> Any:
    return services.store.engine


async def _seat_words(services: Services, match_id: str, seat: int) -> str:
    try:
        match = await services.manager.get(match_id)
    except ProtocolError:
        return str(seat)
    names = seat_names(match.game, match.names)
    return names[seat] if 0 <= seat < len(names) else str(seat)


async def _refusal(services: Services, refused: inv.Refused, match_id: str = "",
                   seat: int = 0, name: str = "") -> ProtocolError:
    """What a refused invitation, answer or block says (see ``invitations.Refused``)."""
    why = refused.why
    if why == "no_match":
        return ProtocolError(ErrorCode.MATCH_NOT_FOUND, t(
            "There is no match {match}.", match=repr(match_id[:40])))
    if why == "not_yours":
        return ProtocolError(ErrorCode.ACTION_SPECTATOR, t(
            "Only a player seated in this match while signed in can invite others to it."))
    if why == "started":
        return ProtocolError(ErrorCode.MATCH_NOT_OPEN, t(
            "This match has started or is over: invitations go to open seats of matches that "
            "wait for players."))
    if why == "no_seat":
        return ProtocolError(ErrorCode.MATCH_NO_SUCH_SEAT, t(
            "There is no seat {seat}; this match has seats 0 to {last}.", seat=seat,
            last=refused.detail))
    if why in ("seat_taken", "seat_invited"):
        words = await _seat_words(services, match_id, seat)
        if why == "seat_taken":
            return ProtocolError(ErrorCode.MATCH_SEAT_TAKEN, t(
                "{seat}'s seat is not open: invite into a seat nobody has taken and no bot "
                "plays.", seat=words))
        return ProtocolError(ErrorCode.MATCH_SEAT_TAKEN, t(
            "{seat}'s seat has an invitation waiting already; wait for the answer, or invite "
            "into another open seat.", seat=words))
    if why == "unknown":
        return ProtocolError(ErrorCode.PLAYER_NOT_FOUND, t(
            "There is no player named {name}; check the name on their profile page.",
            name=repr(name[:64])))
    if why == "self":
        return ProtocolError(ErrorCode.ACTION_ILLEGAL, t(
            "You cannot invite yourself; join an open seat instead."))
    if why == "ambiguous":
        return ProtocolError(ErrorCode.ACTION_ILLEGAL, t(
            "Several players are named {name}; invite one by the profile id at the end of "
            "their profile page's address.", name=repr(name[:64])))
    if why == "no_invitation":
        return ProtocolError(ErrorCode.MATCH_NOT_FOUND, t(
            "No invitation of yours has this id, or it was answered already."))
    if why == "expired":
        return ProtocolError(ErrorCode.MATCH_NOT_OPEN, t(
            "This invitation has expired: its match started, or someone took the seat."))
    # "refused": one answer whatever the reason, so a blocked player is never told.
    return ProtocolError(ErrorCode.ACTION_ILLEGAL, t(
        "{name} cannot be invited into this match. Only players who kept their profile "
        "with an e-mail address can be invited, once a match, and only if they take "
        "invitations.", name=repr(name[:64])))


def _noticing(services: Services) -> bool:
    """Whether an invitation's notice is written: notices on, and e-mail sent (an
    invitation's channel is the invitee's kept address; there is no profile push)."""
    return services.settings.notices and services.notices.email_enabled


class InviteAsked(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    match_id: str = Field(max_length=40)
    seat: int = Field(ge=0, le=15, description="an open seat of the match")
    name: SeatName = Field(description="the display name of a kept profile, or its profile id")


class InvitationOut(BaseModel):
    id: str
    match_id: str
    game: str
    title: str = Field(description="the game's title in the request's language")
    seat: int
    seat_name: str
    status: str = Field(description="pending, accepted, declined or expired")
    player_id: str = Field(description="the other side: the inviter of a received "
                           "invitation, the invitee of a sent one")
    player: str
    created_at: float


class InvitationsOut(BaseModel):
    received: list[InvitationOut] = Field(description="pending and still open, newest first")
    sent: list[InvitationOut] = Field(description="your newest invitations and their fate")


class Invited(BaseModel):
    id: str
    player_id: str
    player: str
    seat: int
    noticed: bool = Field(description="a notice is on its way to the invitee's address")


async def _invite(services: Services, me: Me, match_id: str, seat: int, name: str) -> Invited:
    try:
        made = await services.store.write(inv.invite, _engine(services), match_id, seat,
                                          me.profile.id, name.strip(), time.time(),
                                          _noticing(services))
    except inv.Refused as refused:
        raise await _refusal(services, refused, match_id, seat, name) from None
    if made.noticed:
        services.notices.wake()
    return Invited(id=made.id, player_id=made.invitee_id, player=made.name, seat=made.seat,
                   noticed=made.noticed)


@router.post("/invitations", status_code=status.HTTP_201_CREATED,
             summary="Invite a kept profile by name into an open seat",
             dependencies=[RateLimited])
async def invite(body: InviteAsked, services: ServicesDep, me: Writing) -> Invited:
    """The caller holds a seat of the open match (signed in); the invitee is told by
    e-mail when the server sends it, and finds the invitation in My games on every
    browser. The seat stays open to anyone until taken; the invitation then expires."""
    return await _invite(services, me, body.match_id, body.seat, body.name)


async def _out(services: Services, found: inv.Invitation,
               titles: dict[str, LiveMatch | None]) -> InvitationOut:
    if found.match_id not in titles:
        try:
            titles[found.match_id] = await services.manager.get(found.match_id)
        except ProtocolError:
            titles[found.match_id] = None
    match = titles[found.match_id]
    title, seat_name = found.game, str(found.seat)
    if match is not None:
        title = match.game.title
        names = seat_names(match.game, match.names)
        seat_name = names[found.seat] if found.seat < len(names) else seat_name
    return InvitationOut(id=found.id, match_id=found.match_id, game=found.game, title=title,
                         seat=found.seat, seat_name=seat_name, status=found.status,
                         player_id=found.other_id, player=found.other_name,
                         created_at=found.created_at)


@router.get("/invitations", summary="Invitations to you (pending) and yours (with answers)")
async def my_invitations(services: ServicesDep, me: SignedIn) -> InvitationsOut:
    engine = _engine(services)
    titles: dict[str, LiveMatch | None] = {}
    got = await services.store.read(inv.received, engine, me.profile.id)
    made = await services.store.read(inv.sent, engine, me.profile.id)
    return InvitationsOut(received=[await _out(services, i, titles) for i in got],
                          sent=[await _out(services, i, titles) for i in made])


class Accepted(BaseModel):
    match_id: str
    seat: int
    token: str = Field(description="this profile's seat token for the match")


@router.post("/invitations/{invitation_id}/accept", summary="Accept: take the seat")
async def accept(invitation_id: str, services: ServicesDep, me: Writing) -> Accepted:
    engine = _engine(services)
    try:
        match_id, seat = await services.store.read(inv.answerable, engine,
                                                   invitation_id[:40], me.profile.id)
    except inv.Refused as refused:
        raise await _refusal(services, refused) from None
    try:
        await services.manager.join(match_id, seat, me.profile.name, me.profile.id)
    except ProtocolError as error:
        if error.code in (ErrorCode.MATCH_SEAT_TAKEN, ErrorCode.MATCH_NOT_OPEN):
            raise await _refusal(services, inv.Refused("expired")) from None
        raise
    await services.store.write(inv.accepted, engine, invitation_id, time.time())
    token = profile_seat_token(services.manager.seat_key, match_id, seat, me.profile.id)
    return Accepted(match_id=match_id, seat=seat, token=token)


@router.post("/invitations/{invitation_id}/decline",
             summary="Decline: the seat stays open, the inviter sees it declined")
async def decline(invitation_id: str, services: ServicesDep, me: Writing) -> dict[str, bool]:
    try:
        await services.store.write(inv.decline, _engine(services), invitation_id[:40],
                                   me.profile.id, time.time())
    except inv.Refused as refused:
        raise await _refusal(services, refused) from None
    return {"declined": True}


# -- play again ---------------------------------------------------------------------------


class PlayAgainAsked(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    match_id: str = Field(max_length=40, description="a finished match you held a seat in")


class PlayedAgain(BaseModel):
    match_id: str
    seat: int = Field(description="your seat: the one you had")
    token: str = Field(description="its seat token; shown once")
    invited: list[Invited] = Field(description="the other people, invited into their seats")


def _again(old: LiveMatch, mine: int, name: str | None) -> CreateMatch:
    """The same game, options, clock and seats: bots at their levels, hot seats as hot
    seats, the presser in their seat and every other seat open (for its invitation)."""
    row = old.row
    timer = None
    if row.turn_seconds is not None:
        timer = TurnTimer(seconds=row.turn_seconds, kind=row.clock,  # type: ignore[arg-type]
                          bank_seconds=row.bank_seconds,
                          on_timeout=row.on_timeout,  # type: ignore[arg-type]
                          takeover_after=row.takeover_after, bot=row.timeout_bot)
    specs = []
    for seat in old.seats:
        if seat.seat == mine:
            specs.append(SeatSpec())  # taken at creation (``join``)
        elif seat.kind == "bot" and not seat.taken_over:
            specs.append(SeatSpec(kind="bot", bot=seat.bot, name=seat.name))
        elif seat.kind == "hotseat":
            specs.append(SeatSpec(kind="hotseat", name=seat.name))
        else:
            specs.append(SeatSpec())
    return CreateMatch(game=row.game, options=dict(row.options), seats=specs,
                       turn_timer=timer, auto_start=row.auto_start, rated=row.rated,
                       join=JoinAtCreation(seat=mine, name=name))


@router.post("/play-again", status_code=status.HTTP_201_CREATED,
             summary="Play again with the same people: a new match, the others invited",
             dependencies=[RateLimited, CreateLimited])
async def play_again(body: PlayAgainAsked, request: Request, services: ServicesDep,
                     me: Writing) -> PlayedAgain:
    """A new match of the finished one's game and options with its seats: you in yours,
    its other kept profiles invited into theirs (each as any invitation: a refused one
    leaves the seat open), its bots at their levels."""
    engine = _engine(services)
    old = await services.manager.get(body.match_id)
    held = await services.store.read(db.profile_seats, engine, me.profile.id, old.id)
    if not held:
        raise ProtocolError(ErrorCode.ACTION_SPECTATOR, t(
            "Only a player seated in this match while signed in can play it again with the "
            "same people."))
    if old.status != "finished":
        raise ProtocolError(ErrorCode.MATCH_NOT_FINISHED, t(
            "Playing again follows a finished match; this one is not over."))
    seated = [seat for _match, seat in held
              if (row := old.seat_row(seat)) is not None and row.kind == "human"]
    mine = seated[0] if seated else held[0][1]  # else one of their hot seats
    own = old.seat_row(mine)
    new, _host, _hot, token = await services.manager.create(
        _again(old, mine, own.name if own is not None else None), client_address(request),
        me.profile.id)
    assert token is not None
    invited = []
    for seat in old.seats:
        if seat.seat == mine or seat.profile_id in (None, me.profile.id) or seat.kind != "human":
            continue
        try:
            invited.append(await _invite(services, me, new.id, seat.seat, seat.profile_id))
        except ProtocolError:
            continue  # a guest, or one who takes no invitations: the seat stays open
    return PlayedAgain(match_id=new.id, seat=mine, token=token, invited=invited)


# -- blocks -------------------------------------------------------------------------------


class BlockedOut(BaseModel):
    id: str
    name: str


def _kept(me: Me) -> None:
    if not me.profile.kept:
        raise ProtocolError(ErrorCode.ACTION_ILLEGAL, t(
            "Keep your profile with an e-mail address first: only kept profiles can be "
            "invited, and so block."))


def _no_player(profile_id: str) -> ProtocolError:
    return ProtocolError(ErrorCode.PLAYER_NOT_FOUND, t(
        "There is no player {id}; a player's address is /player/ and the 32 characters of "
        "their profile id.", id=repr(profile_id[:40])))


def _check_id(profile_id: str) -> None:
    if not inv.PROFILE_ID.fullmatch(profile_id):
        raise _no_player(profile_id)


@router.get("/blocks", summary="The players whose invitations you refuse")
async def my_blocks(services: ServicesDep, me: SignedIn) -> dict[str, list[BlockedOut]]:
    found = await services.store.read(inv.blocked_by, _engine(services), me.profile.id)
    return {"blocked": [BlockedOut(id=i, name=n) for i, n in found]}


@router.put("/blocks/{profile_id}", summary="Block a player: refuse their invitations")
async def block(profile_id: str, services: ServicesDep, me: Writing) -> dict[str, bool]:
    """They are not told; their invitations are refused as any refused invitation, and
    their pending ones declined."""
    _kept(me)
    _check_id(profile_id)
    try:
        await services.store.write(inv.block, _engine(services), me.profile.id, profile_id,
                                   time.time())
    except inv.Refused as refused:
        if refused.why == "self":
            raise ProtocolError(ErrorCode.ACTION_ILLEGAL, t("You cannot block yourself.")
                                ) from None
        raise _no_player(profile_id) from None
    return {"blocked": True}


@router.delete("/blocks/{profile_id}", summary="Unblock a player")
async def unblock(profile_id: str, services: ServicesDep, me: Writing) -> dict[str, bool]:
    _check_id(profile_id)
    await services.store.write(inv.unblock, _engine(services), me.profile.id, profile_id)
    return {"blocked": False}


@router.get("/blocks/{profile_id}", summary="Whether you block this player")
async def blocks_one(profile_id: str, services: ServicesDep, me: SignedIn) -> dict[str, bool]:
    _check_id(profile_id)
    found = await services.store.read(inv.blocks_one, _engine(services), me.profile.id,
                                      profile_id)
    return {"blocked": bool(found)}


def install(app: FastAPI) -> None:
    app.include_router(router)
