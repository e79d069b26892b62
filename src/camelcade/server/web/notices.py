"""The web app's side of notices: choosing them on a match page, the push key, the
one-click unsubscribe, and the service worker and manifest that Web Push needs.

A seat chooses its channels with its token (``POST /api/web/matches/{id}/email`` and
``/push``); the address or subscription goes to ``notice_channels`` only. The unsubscribe
link of a mail is signed with the server's notice secret, so nobody can stop another
seat's notices by guessing: a forged or altered link is refused. A GET of the link shows a
page with one button (mail scanners follow links; they must not unsubscribe anyone), and
the button, or a mail program's RFC 8058 one-click request, POSTs to it.
"""

from __future__ import annotations

import json
import time
from html import escape
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from camelcade.core.words import current_language, language, t
from camelcade.server.accounts.web import SignedIn, Writing
from camelcade.server.channels.email import UNSUBSCRIBE
from camelcade.server.channels.keys import NoticeKeys
from camelcade.server.channels.push import MAX_SUBSCRIPTION_CHARS, endpoint_problem
from camelcade.server.channels.wire import Notices
from camelcade.server.manager import HOST
from camelcade.server.outbox import (
    EMAIL,
    PROFILE,
    PUSH,
    channel_kinds,
    delete_channel,
    profile_channel_kinds,
    set_channel,
    set_profile_channel,
)
from camelcade.server.protocol import ErrorCode, ProtocolError
from camelcade.server.routes.deps import RateLimited, ServicesDep, TokenDep
from camelcade.server.runtime import LiveMatch
from camelcade.server.service import Services
from camelcade.server.web import pages
from camelcade.server.web.assets import STATIC
from camelcade.server.web.language import request_language
from camelcade.server.web.mailbox import ADDRESS

api = APIRouter(prefix="/api/web", tags=["web app"])
mine = APIRouter(prefix="/api/me", tags=["accounts"])
router = APIRouter(include_in_schema=False)


def notices_of(services: Services) -> Notices:
    return services.notices


def _keys(services: Services) -> NoticeKeys:
    if services.notices.keys is None:
        raise ProtocolError(ErrorCode.SERVER_BUSY, t("The server is starting; try again."))
    return services.notices.keys


async def _seat(services: Services, match_id: str, token: str) -> tuple[LiveMatch, int]:
    match = await services.manager.get(match_id)
    who = services.manager.authenticate(match, token)
    if who == HOST:
        raise ProtocolError(ErrorCode.ACTION_SPECTATOR, t("Only a seat gets notices."))
    return match, int(who)


def _refuse_off(services: Services) -> None:
    if not services.settings.notices:
        raise ProtocolError(ErrorCode.ACTION_ILLEGAL, t(
            "This server sends no notices (its operator turned them off)."))


class EmailChoice(BaseModel):
    model_config = ConfigDict(extra="forbid")
    email: str | None = Field(default=None, max_length=254)


@api.post("/matches/{match_id}/email", summary="E-mail me when it is my turn here",
          dependencies=[RateLimited])
async def choose_email(match_id: str, body: EmailChoice, services: ServicesDep,
                       token: TokenDep) -> dict[str, Any]:
    """The address is kept for this seat only, until unsubscribed or the match is a week
    over; null stops the mail and deletes the address."""
    match, seat = await _seat(services, match_id, token)
    if body.email:
        _refuse_off(services)
        if not services.notices.email_enabled:
            raise ProtocolError(ErrorCode.ACTION_ILLEGAL, t(
                "This server sends no e-mail (its operator set no SMTP server)."))
        if not ADDRESS.fullmatch(body.email):
            raise ProtocolError(ErrorCode.MESSAGE_MALFORMED, t(
                "This is not an e-mail address; write it as name@example.org."))
    await services.store.write(set_channel, services.store.engine, match.id, seat, EMAIL,
                               body.email or None, time.time())
    await services.manager.seat_speaks(match, seat, current_language())  # worded in this one
    return {"seat": seat, "subscribed": bool(body.email)}


class PushKeys(BaseModel):
    model_config = ConfigDict(extra="forbid")
    p256dh: str = Field(min_length=80, max_length=100, pattern=r"^[A-Za-z0-9_=-]+$")
    auth: str = Field(min_length=16, max_length=32, pattern=r"^[A-Za-z0-9_=-]+$")


class PushSubscription(BaseModel):
    model_config = ConfigDict(extra="ignore")  # browsers add expirationTime
    endpoint: str = Field(max_length=1000)
    keys: PushKeys


class PushChoice(BaseModel):
    model_config = ConfigDict(extra="forbid")
    subscription: PushSubscription | None = None


def _subscription_kept(services: Services, subscription: PushSubscription | None
                       ) -> str | None:
    """The subscription as kept in a channel, or a ``ProtocolError`` saying what is wrong."""
    if subscription is None:
        return None
    _refuse_off(services)
    if endpoint_problem(subscription.endpoint, services.settings.push_insecure_endpoints):
        raise ProtocolError(ErrorCode.MESSAGE_MALFORMED, t(
            "This is not a push service's address; it must be an https:// address of a "
            "named host."))
    kept = json.dumps({"endpoint": subscription.endpoint,
                       "keys": subscription.keys.model_dump()})
    if len(kept) > MAX_SUBSCRIPTION_CHARS:
        raise ProtocolError(ErrorCode.MESSAGE_MALFORMED, t("The push subscription is too long."))
    return kept


@api.post("/matches/{match_id}/push", summary="Push a notification to this device on my turn",
          dependencies=[RateLimited])
async def choose_push(match_id: str, body: PushChoice, services: ServicesDep,
                      token: TokenDep) -> dict[str, Any]:
    """The subscription the page's service worker made with ``/api/web/push/key``; null
    stops the notifications here (one device a seat: a new one replaces the one before)."""
    match, seat = await _seat(services, match_id, token)
    kept = _subscription_kept(services, body.subscription)
    await services.store.write(set_channel, services.store.engine, match.id, seat, PUSH, kept,
                               time.time())
    await services.manager.seat_speaks(match, seat, current_language())
    return {"seat": seat, "subscribed": kept is not None}


@api.post("/matches/{match_id}/notices", summary="Which notices this seat has chosen",
          dependencies=[RateLimited])
async def chosen(match_id: str, services: ServicesDep, token: TokenDep) -> dict[str, Any]:
    match, seat = await _seat(services, match_id, token)
    kinds = await services.store.read(channel_kinds, services.store.engine, match.id, seat)
    return {"seat": seat, "email": EMAIL in kinds, "push": PUSH in kinds}


# -- chosen once for the whole profile ---------------------------------------------------


class ProfileNotices(BaseModel):
    email: bool = Field(description="mails go to the profile's address for every seat")
    push: bool = Field(description="pushes go to the device that chose them, for every seat")
    address: str | None = Field(description="the profile's address; null: a guest")
    email_available: bool = Field(description="the server sends e-mail (SMTP is set up)")


class EmailForAll(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    on: bool


async def _profile_notices(services: Services, profile: Any) -> ProfileNotices:
    kinds = await services.store.read(profile_channel_kinds, services.store.engine,
                                      profile.id)
    return ProfileNotices(email=EMAIL in kinds, push=PUSH in kinds, address=profile.email,
                          email_available=services.notices.email_enabled)


@mine.get("/notices", summary="The notices chosen for every seat of your profile")
async def profile_notices(services: ServicesDep, me: SignedIn) -> ProfileNotices:
    return await _profile_notices(services, me.profile)


@mine.put("/notices/email", summary="E-mail your address on your turn, in every match")
async def profile_email(body: EmailForAll, services: ServicesDep,
                        me: Writing) -> ProfileNotices:
    """Every seat of the profile, now and later, unless a seat chose its own address."""
    address = None
    if body.on:
        _refuse_off(services)
        if not services.notices.email_enabled:
            raise ProtocolError(ErrorCode.ACTION_ILLEGAL, t(
                "This server sends no e-mail (its operator set no SMTP server)."))
        if me.profile.email is None:
            raise ProtocolError(ErrorCode.ACTION_ILLEGAL, t(
                "Keep your profile with an e-mail address first: the notices go to it."))
        address = me.profile.email
    await services.store.write(set_profile_channel, services.store.engine, me.profile.id,
                               EMAIL, address, time.time())
    return await _profile_notices(services, me.profile)


@mine.put("/notices/push", summary="Push your notices of every match to this device")
async def profile_push(body: PushChoice, services: ServicesDep, me: Writing) -> ProfileNotices:
    """One device a profile: a new subscription replaces the one before; null stops."""
    kept = _subscription_kept(services, body.subscription)
    await services.store.write(set_profile_channel, services.store.engine, me.profile.id,
                               PUSH, kept, time.time())
    return await _profile_notices(services, me.profile)


@api.get("/push/key", summary="The server's VAPID public key, for a push subscription")
async def push_key(services: ServicesDep) -> dict[str, str]:
    return {"key": _keys(services).vapid_public}


# -- unsubscribing ------------------------------------------------------------------------


def _unsubscribe_page(request: Request, lang: str | None, heading: str, text: str,
                      form: str = "", status_code: int = 200) -> HTMLResponse:
    chosen_lang = request_language(request, lang)
    body = f"<h1>{escape(heading)}</h1><p>{escape(text)}</p>{form}"
    html = pages.page(heading, body, lang=chosen_lang, english=False)
    return HTMLResponse(html, status_code=status_code,
                        headers={"Cache-Control": "no-store", "Vary": "Accept-Language"})


def _forged(request: Request, lang: str | None) -> HTMLResponse:
    with language(request_language(request, lang)):
        return _unsubscribe_page(request, lang, t("Unsubscribe"), t(
            "This unsubscribe link is not valid: it was changed or cut short. Use the whole "
            "link from the mail."), status_code=400)


@router.get("/unsubscribe/{token}")
async def unsubscribe_page(token: str, request: Request, services: ServicesDep,
                           lang: str | None = None) -> HTMLResponse:
    """Asks, never acts: a GET changes nothing (see the module docstring)."""
    if _keys(services).verify(UNSUBSCRIBE, token) is None:
        return _forged(request, lang)
    with language(request_language(request, lang)):
        form = (f'<form method="post" action="/unsubscribe/{escape(token)}">'
                f'<button type="submit">{escape(t("Unsubscribe"))}</button></form>')
        return _unsubscribe_page(request, lang, t("Unsubscribe"), t(
            "Stop the notices for this seat and delete the address they go to?"), form)


@router.post("/unsubscribe/{token}")
async def unsubscribe(token: str, request: Request, services: ServicesDep,
                      lang: str | None = None) -> HTMLResponse:
    """RFC 8058 one-click, and the page's button: the channel and its address are deleted."""
    channel_id = _keys(services).verify(UNSUBSCRIBE, token)
    if channel_id is None:
        return _forged(request, lang)
    whose = await services.store.write(delete_channel, services.store.engine, channel_id)
    with language(request_language(request, lang)):
        return _unsubscribe_page(request, lang, t("Unsubscribed"), t(
            "You get no more notices of this kind for any of your matches; the address is "
            "deleted.") if whose == PROFILE else t(
            "You get no more notices for this seat; the address is deleted."))


# -- the installable page ---------------------------------------------------------------


@router.get("/sw.js")
def service_worker() -> Response:
    """At the root so its scope is the whole site (a worker's scope is its folder)."""
    return Response((STATIC / "js" / "sw.js").read_text(encoding="utf-8"),
                    media_type="text/javascript",
                    headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"})


@router.get("/manifest.webmanifest")
def manifest(request: Request, lang: str | None = None) -> Response:
    """What installing the site needs (iOS gives Web Push to installed sites only)."""
    with language(request_language(request, lang)):
        data = {
            "name": "camelcade", "short_name": "camelcade",
            "description": t("Five camel board games to play in the browser."),
            "start_url": "/my", "scope": "/", "display": "standalone",
            "background_color": "#fdf6e3", "theme_color": "#b5651d",
            "lang": current_language(),
            "icons": [{"src": "/static/img/favicon.svg", "sizes": "any",
                       "type": "image/svg+xml", "purpose": "any"}],
        }
    return Response(json.dumps(data, ensure_ascii=False),
                    media_type="application/manifest+json",
                    headers={"Cache-Control": "no-cache", "Vary": "Accept-Language"})
