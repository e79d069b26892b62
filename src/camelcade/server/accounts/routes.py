"""``/api/me``: the browser's profile, its seats on every browser, and keeping it.

Reads need the session cookie; every write needs it and the page's ``X-CSRF-Token``
(``web.writing``). Sign-in answers never say whether an address is known: a link request
is answered alike and does the same work for any address, and a wrong password costs the
same hashing whether the address has one or not.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
from typing import Any

from fastapi import APIRouter, FastAPI, Query, Request, Response
from pwdlib import PasswordHash
from pydantic import BaseModel, ConfigDict, Field

from camelcade.core.words import current_language, t
from camelcade.server.accounts import db, quiet, vacation
from camelcade.server.accounts.mail import SignInMailer, sign_in_message
from camelcade.server.accounts.passkeys import relying_party
from camelcade.server.accounts.web import (
    Accounts,
    Me,
    SignedIn,
    Writing,
    accounts_of,
    cookies_kept,
    current,
)
from camelcade.server.auth import hash_token, keyed, profile_seat_token
from camelcade.server.protocol import ErrorCode, ProtocolError
from camelcade.server.routes.deps import ServicesDep, client_address
from camelcade.server.schemas import ErrorResponse, SeatName
from camelcade.server.service import Services
from camelcade.server.settings import Settings
from camelcade.server.web.api import seat_summary, your_turn_first
from camelcade.server.web.mailbox import ADDRESS

ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorResponse} for code in (400, 401, 403, 422, 429)
}
router = APIRouter(prefix="/api/me", tags=["accounts"], responses=ERRORS)
hasher = PasswordHash.recommended()
"""argon2id with pwdlib's recommended parameters."""
NO_ONE = hasher.hash(secrets.token_urlsafe(16))
"""A hash to check a password against when the address has none: the same cost."""
MIN_PASSWORD, MAX_PASSWORD = 10, 256
SIGNATURE_CHARS = 22


class ProfileOut(BaseModel):
    id: str = Field(description="the public profile page is /player/<id>")
    name: str
    language: str
    email: str | None = Field(description="the address that keeps the profile; null: a guest")
    kept: bool
    password: bool = Field(description="a password is set")


class MeOut(BaseModel):
    profile: ProfileOut
    csrf: str = Field(description="send it as X-CSRF-Token with every write")
    email: bool = Field(description="this server sends e-mail (sign-in links can be asked)")
    passkeys: str | None = Field(description="the host name passkeys are made for (a page "
                                 "elsewhere cannot use them); null: none offered")


def me_out(request: Request, profile: db.Profile, session_hash: str) -> MeOut:
    return MeOut(profile=ProfileOut(id=profile.id, name=profile.name, language=profile.lang,
                                    email=profile.email, kept=profile.kept,
                                    password=profile.has_password),
                 csrf=accounts_of(request).csrf(session_hash), email=mailer_of(request).enabled,
                 passkeys=_passkey_host(accounts_of(request).settings))


def _passkey_host(settings: Settings) -> str | None:
    party = relying_party(settings)
    return None if party is None else party.id


def mailer_of(request: Request) -> SignInMailer:
    mailer: SignInMailer = request.app.state.sign_in_mailer
    return mailer


def _engine(services: Services) -> Any:
    return services.store.engine


@router.get("", summary="This browser's profile; the first visit makes a guest one")
async def me(request: Request, response: Response, services: ServicesDep) -> MeOut:
    """Without a valid session cookie a guest profile is made (a display name and the
    page's language) and its cookie set: playing needs no form."""
    found = await current(request)
    if found is not None:
        return me_out(request, found.profile, found.session_hash)
    if not cookies_kept(request):
        raise ProtocolError(ErrorCode.AUTH_REQUIRED, t(
            "Profiles need this site served over https (or opened on this computer): a "
            "browser keeps no session cookie otherwise. Seat tokens still work."))
    accounts_of(request).guests.check(client_address(request))
    name = t("Guest {number}", number=1000 + secrets.randbelow(9000))
    profile, token = await services.store.write(
        db.new_guest, _engine(services), str(name), current_language(), time.time())
    accounts_of(request).set_cookie(response, token)
    return me_out(request, profile, hash_token(token))


class Change(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: SeatName | None = None
    language: str | None = Field(default=None, max_length=16)


@router.patch("", summary="Change the display name or the language")
async def change(body: Change, request: Request, services: ServicesDep, me: Writing) -> MeOut:
    from camelcade.i18n.languages import languages

    if body.language is not None and body.language not in languages():
        raise ProtocolError(ErrorCode.MESSAGE_MALFORMED, t(
            "There is no language {code}; the languages are {codes}.",
            code=repr(body.language[:16]), codes=", ".join(languages())))
    await services.store.write(db.set_profile, _engine(services), me.profile.id, body.name,
                               body.language, time.time())
    profile = await services.store.read(db.profile_by_id, _engine(services), me.profile.id)
    assert profile is not None
    return me_out(request, profile, me.session_hash)


@router.get("/matches", summary="The profile's matches on any browser, your turn first")
async def my_matches(services: ServicesDep, me: SignedIn,
                     match_id: str | None = Query(
                         default=None, max_length=40,
                         description="only this match (a match page asks for its own)"),
                     ) -> dict[str, Any]:
    """Each seat comes with a seat token for this browser (derived from the server's key;
    the share link and hot-seat tokens go on as before)."""
    key = services.manager.seat_key
    found = []
    held = await services.store.read(db.profile_seats, _engine(services), me.profile.id,
                                     match_id)
    for held_id, seat in held:
        token = profile_seat_token(key, held_id, seat, me.profile.id)
        summary = await seat_summary(services, held_id, token)
        if not summary.get("gone"):
            found.append({**summary, "token": token})
    return {"matches": your_turn_first(found)}


class LinkAsked(BaseModel):
    model_config = ConfigDict(extra="forbid")
    email: str = Field(max_length=254)


def _address(given: str) -> str:
    address = given.strip().lower()
    if not ADDRESS.fullmatch(address):
        raise ProtocolError(ErrorCode.MESSAGE_MALFORMED, t(
            "This is not an e-mail address; write it as name@example.org."))
    return address


@router.post("/link", summary="E-mail a sign-in link (the same answer for any address)")
async def ask_link(body: LinkAsked, request: Request, services: ServicesDep,
                   me: Writing) -> dict[str, str]:
    """The link keeps this profile with the address if no profile has it yet, and signs in
    the profile that has it otherwise; it works once, for 15 minutes."""
    address = _address(body.email)
    accounts = accounts_of(request)
    accounts.limit(request, address)
    mailer = mailer_of(request)
    if not mailer.enabled:
        raise ProtocolError(ErrorCode.ACTION_ILLEGAL, t(
            "This server sends no e-mail (its operator set no SMTP server)."))
    raw = secrets.token_urlsafe(32)
    token = f"{raw}.{keyed(services.manager.seat_key, 'link', raw)[:SIGNATURE_CHARS]}"
    await services.store.write(db.new_link, _engine(services), token, address,
                               me.profile.id, time.time())
    base = services.settings.public_url or str(request.base_url)
    mailer.send_soon(sign_in_message(services.settings, base, address, token,
                                     current_language()))
    return {"message": t("A sign-in link is on its way to {address} if it can receive mail; "
                         "it works once, for 15 minutes.", address=address)}


class LinkUsed(BaseModel):
    model_config = ConfigDict(extra="forbid")
    token: str = Field(max_length=128)


def _refused(why: str) -> ProtocolError:
    messages = {
        "forged": t("This sign-in link is not one this server made; ask for a new one."),
        "expired": t("This sign-in link has expired (links work for 15 minutes); ask for a "
                     "new one."),
        "used": t("This sign-in link was used already (each works once); ask for a new "
                  "one."),
    }
    return ProtocolError(ErrorCode.AUTH_BAD_LINK, messages[why])


@router.post("/signin", summary="Sign this browser in with an e-mailed link's token")
async def use_link(body: LinkUsed, request: Request, response: Response,
                   services: ServicesDep, me: Writing) -> MeOut:
    accounts = accounts_of(request)
    accounts.limit(request)
    raw, _, signature = body.token.partition(".")
    expected = keyed(services.manager.seat_key, "link", raw)[:SIGNATURE_CHARS]
    if not raw or not secrets.compare_digest(signature, expected):
        raise _refused("forged")
    try:
        profile, token = await services.store.write(
            db.use_link, _engine(services), hash_token(body.token), me.profile.id,
            time.time())
    except db.LinkRefused as refused:
        raise _refused(refused.why) from None
    await leave(services, me)
    accounts.set_cookie(response, token)
    return me_out(request, profile, hash_token(token))


async def leave(services: Services, me: Me) -> None:
    """End the browser's old session (a merged guest's went with its profile)."""
    await services.store.write(db.end_session, _engine(services), me.session_hash)


class PasswordSet(BaseModel):
    model_config = ConfigDict(extra="forbid")
    password: str | None = Field(max_length=MAX_PASSWORD,
                                 description="null removes the password")


@router.put("/password", summary="Set (or remove) the profile's password")
async def set_password(body: PasswordSet, request: Request, services: ServicesDep,
                       me: Writing) -> MeOut:
    if not me.profile.kept:
        raise ProtocolError(ErrorCode.ACTION_ILLEGAL, t(
            "Add an e-mail address first: a password signs in with the address."))
    digest = None
    if body.password is not None:
        if len(body.password) < MIN_PASSWORD:
            raise ProtocolError(ErrorCode.MESSAGE_MALFORMED, t(
                "A password needs at least {count} characters.", count=MIN_PASSWORD))
        digest = await asyncio.to_thread(hasher.hash, body.password)
    await services.store.write(db.set_password, _engine(services), me.profile.id, digest)
    profile = await services.store.read(db.profile_by_id, _engine(services), me.profile.id)
    assert profile is not None
    return me_out(request, profile, me.session_hash)


class PasswordSignIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    email: str = Field(max_length=254)
    password: str = Field(max_length=MAX_PASSWORD)


@router.post("/login", summary="Sign this browser in with an address and its password")
async def password_sign_in(body: PasswordSignIn, request: Request, response: Response,
                           services: ServicesDep, me: Writing) -> MeOut:
    address = body.email.strip().lower()
    accounts_of(request).limit(request, address)
    found = await services.store.read(db.password_of, _engine(services), address)
    # argon2 takes a good fraction of a second by design: never on the event loop, where
    # every match of the process would wait for it (cffi lets the thread run in parallel).
    right = await asyncio.to_thread(hasher.verify, body.password,
                                    found[1] if found else NO_ONE)
    if found is None or not right:
        raise ProtocolError(ErrorCode.AUTH_BAD_LINK, t(
            "The address or the password is wrong (or the address has no password: ask for "
            "a sign-in link instead)."))
    token = await services.store.write(db.sign_in, _engine(services), found[0],
                                       me.profile.id, time.time())
    await leave(services, me)
    accounts_of(request).set_cookie(response, token)
    profile = await services.store.read(db.profile_by_id, _engine(services), found[0])
    assert profile is not None
    return me_out(request, profile, hash_token(token))


class TerminalToken(BaseModel):
    token: str = Field(description="a new session of this profile, shown this once")
    command: str = Field(description="the command that signs a terminal in with it")


@router.post("/terminal-token", summary="A new session token to sign a terminal in")
async def terminal_token(request: Request, services: ServicesDep,
                         me: Writing) -> TerminalToken:
    """An ordinary session of this profile, for ``camelcade online login`` to send as
    ``Authorization: Bearer``: it lasts as a cookie does and "sign out everywhere" ends it.
    The token is shown once and kept only as its hash; limited as sign-ins are."""
    accounts_of(request).limit(request)
    token = await services.store.write(db.sign_in, _engine(services), me.profile.id, None,
                                       time.time())
    base = (services.settings.public_url or str(request.base_url)).rstrip("/")
    return TerminalToken(token=token, command=f"camelcade online login --server {base}")


@router.post("/signout", summary="Sign this browser out")
async def sign_out(request: Request, response: Response, services: ServicesDep,
                   me: Writing) -> dict[str, int]:
    await services.store.write(db.end_session, _engine(services), me.session_hash)
    accounts_of(request).clear_cookie(response)
    return {"sessions_ended": 1}


@router.post("/signout-everywhere", summary="Sign the profile out of every browser")
async def sign_out_everywhere(request: Request, response: Response, services: ServicesDep,
                              me: Writing) -> dict[str, int]:
    ended = await services.store.write(db.end_sessions, _engine(services), me.profile.id)
    accounts_of(request).clear_cookie(response)
    return {"sessions_ended": ended}


@router.delete("", summary="Delete the profile; its matches stay, as 'a former player'")
async def delete_me(request: Request, response: Response, services: ServicesDep,
                    me: Writing) -> dict[str, int]:
    ids = await services.store.write(db.delete_profile, _engine(services), me.profile.id)
    for match_id in ids:
        await services.store.write(_told, services, match_id)
        await services.manager.refresh(match_id)
    accounts_of(request).clear_cookie(response)
    return {"matches": len(ids)}


def _told(services: Services, match_id: str) -> None:
    """Tell the other processes (PostgreSQL) to reload the match's seats."""
    with services.store.engine.begin() as conn:
        services.store.notify(conn, {"m": match_id, "k": "meta"})


@router.get("/data", summary="Download everything kept about the profile (JSON)")
async def my_data(services: ServicesDep, me: SignedIn) -> Response:
    data = await services.store.read(db.export, _engine(services), me.profile.id)
    return Response(json.dumps(data, ensure_ascii=False, indent=1),
                    media_type="application/json", headers={
                        "Content-Disposition": 'attachment; filename="camelcade-profile.json"'})


def install(app: FastAPI, settings: Settings, services: Services) -> None:
    """Add ``/api/me`` to ``app``, with the per-process limits and the sign-in mailer."""
    app.state.accounts = Accounts(settings, services)
    app.state.sign_in_mailer = SignInMailer(settings)
    app.include_router(router)


class VacationAsked(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    days: int = Field(ge=1, le=366, description="whole days, at most those left this year")


class VacationOut(BaseModel):
    away_until: float | None = Field(description="the vacation's end (Unix seconds); null: "
                                     "not on vacation")
    days_left: int = Field(description="vacation days still allowed this calendar year (UTC)")
    days_per_year: int = Field(description="the host's yearly allowance")


def _vacation_out(found: vacation.Vacation) -> VacationOut:
    return VacationOut(away_until=found.away_until, days_left=found.days_left,
                       days_per_year=found.days_per_year)


async def _pause(services: Services, profile_id: str, change: vacation.Change) -> VacationOut:
    for match_id in change.match_ids:
        try:
            await services.manager.pause_clock(match_id, profile_id, change.shift)
        except ProtocolError:  # gone meanwhile, or unreadable: nothing to pause
            continue
    return _vacation_out(change.vacation)


@router.get("/vacation", summary="Your vacation and the days left this year")
async def vacation_state(services: ServicesDep, me: SignedIn) -> VacationOut:
    return _vacation_out(await services.store.read(
        vacation.vacation_of, _engine(services), me.profile.id, time.time(),
        services.settings.vacation_days_per_year))


@router.post("/vacation", summary="Take a vacation: your correspondence clocks wait")
async def take_vacation(body: VacationAsked, services: ServicesDep, me: Writing) -> VacationOut:
    """Other players see "on vacation until …" on your seats; live clocks run on."""
    change = await services.store.write(
        vacation.begin, _engine(services), me.profile.id, body.days, time.time(),
        services.settings.vacation_days_per_year)
    return await _pause(services, me.profile.id, change)


@router.delete("/vacation", summary="End your vacation now; days not begun come back")
async def end_vacation(services: ServicesDep, me: Writing) -> VacationOut:
    change = await services.store.write(
        vacation.end, _engine(services), me.profile.id, time.time(),
        services.settings.vacation_days_per_year)
    return await _pause(services, me.profile.id, change)


class QuietAsked(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    start: str = Field(max_length=5, description="when they begin, HH:MM local time")
    end: str = Field(max_length=5, description="when they end, HH:MM local time (before the "
                     "start: the next day)")
    zone: str = Field(max_length=64, description="the IANA time zone of both times, as the "
                      "browser reports it (Intl.DateTimeFormat().resolvedOptions().timeZone)")


class QuietOut(BaseModel):
    start: str | None = Field(description="HH:MM, or null: no quiet hours")
    end: str | None = Field(description="HH:MM, or null")
    zone: str | None = Field(description="the IANA time zone, or null")


def _quiet_out(hours: quiet.QuietHours | None) -> QuietOut:
    if hours is None:
        return QuietOut(start=None, end=None, zone=None)
    return QuietOut(**hours.to_json())


@router.get("/quiet-hours", summary="Your quiet hours: when no notice reaches you")
async def quiet_state(services: ServicesDep, me: SignedIn) -> QuietOut:
    return _quiet_out(await services.store.read(quiet.quiet_of, _engine(services),
                                                me.profile.id))


@router.put("/quiet-hours", summary="Set your quiet hours; notices due in them wait")
async def set_quiet_hours(body: QuietAsked, services: ServicesDep, me: Writing) -> QuietOut:
    """A notice due in quiet hours is sent when they end, if it still matters then."""
    hours = quiet.parse(body.start, body.end, body.zone)
    await services.store.write(quiet.set_quiet, _engine(services), me.profile.id, hours)
    return _quiet_out(hours)


@router.delete("/quiet-hours", summary="Turn your quiet hours off")
async def end_quiet_hours(services: ServicesDep, me: Writing) -> QuietOut:
    await services.store.write(quiet.set_quiet, _engine(services), me.profile.id, None)
    return _quiet_out(None)
