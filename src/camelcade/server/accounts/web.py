"""The browser's side of accounts: the session cookie, CSRF tokens, rate limits, and the
FastAPI dependencies that read them.

* The cookie holds an opaque 256-bit token (its SHA-256 is in ``sessions``), and is
  ``HttpOnly; Secure; SameSite=Lax``: Secure is left off only when the server is reached
  over plain http on this computer (``http://127.0.0.1``, ``http://localhost``), where a
  browser would otherwise never send it back.
* Every write made with the cookie needs ``X-CSRF-Token``: an HMAC of the session under the
  server's key, which only the server's own pages can read (``GET /api/me``), and a
  request from another site's page (its ``Origin``) is refused besides.
* A terminal (``camelcade online login``) holds an ordinary session and sends its token as
  ``Authorization: Bearer``: the same lookup, expiry and sign-out as the cookie. It needs
  no CSRF token, since a browser never adds that header by itself (and this server allows
  no other site's scripts to); a bearer token that signs nobody in is refused (401), never
  taken for a new guest.
* Sign-in attempts and link requests are limited per client address and per e-mail
  address (token buckets in this process's memory, as every other limit of the server).
"""

from __future__ import annotations

import hmac
import time
from dataclasses import dataclass, field
from typing import Annotated
from urllib.parse import urlsplit

from fastapi import Depends, Request, Response

from camelcade.core.words import t
from camelcade.server.accounts import db
from camelcade.server.auth import hash_token, keyed
from camelcade.server.hub import AddressLimiter
from camelcade.server.protocol import MAX_TOKEN_CHARS, ErrorCode, ProtocolError
from camelcade.server.routes.deps import client_address
from camelcade.server.service import Services
from camelcade.server.settings import Settings

COOKIE = "camelcade_session"
CSRF_HEADER = "X-CSRF-Token"
SIGN_IN_PER_MINUTE = 10
"""Sign-in attempts (link requests, link uses, passwords) per minute, per client address
and per e-mail address, after a first burst of as many: 100 a minute are mostly refused."""
GUESTS_PER_MINUTE = 60


def secure_cookies(settings: Settings) -> bool:
    """Whether the cookie is marked Secure: always, but on plain http to this computer."""
    url = settings.public_url or f"http://{settings.host}"
    parts = urlsplit(url)
    local = parts.hostname in ("localhost", "::1") or str(parts.hostname).startswith("127.")
    return not (parts.scheme == "http" and local)


def cookies_kept(request: Request) -> bool:
    """Whether the browser will keep a session cookie sent with this answer: a Secure one
    only arrives over https (the request's, or the public address's behind a proxy). On
    plain http to another computer no guest is made, or every page view would make one."""
    settings = accounts_of(request).settings
    return (not secure_cookies(settings) or request.url.scheme == "https"
            or settings.public_url.startswith("https://"))


@dataclass
class Accounts:
    """What the accounts keep per server process: the key (the manager's, read at start)
    and the limits."""

    settings: Settings
    services: Services
    per_address: AddressLimiter = field(init=False)
    per_email: AddressLimiter = field(init=False)
    guests: AddressLimiter = field(init=False)
    """New guest profiles per client address: a classroom behind one address gets one
    each, a script making thousands does not."""

    def __post_init__(self) -> None:
        rate = SIGN_IN_PER_MINUTE / 60.0
        self.per_address = AddressLimiter(rate, SIGN_IN_PER_MINUTE)
        self.per_email = AddressLimiter(rate, SIGN_IN_PER_MINUTE)
        self.guests = AddressLimiter(GUESTS_PER_MINUTE / 60.0, GUESTS_PER_MINUTE)

    def csrf(self, token_hash: str) -> str:
        return keyed(self.services.manager.seat_key, "csrf", token_hash)

    def limit(self, request: Request, email: str | None = None) -> None:
        """Refuse a sign-in attempt beyond the limits (``rate/limited``)."""
        try:
            self.per_address.check(client_address(request))
            if email is not None:
                self.per_email.check(hash_token(email))
        except ProtocolError:
            raise ProtocolError(ErrorCode.RATE_LIMITED, t(
                "Too many sign-in attempts; wait a minute and try again.")) from None

    def set_cookie(self, response: Response, token: str) -> None:
        response.set_cookie(COOKIE, token, max_age=int(db.SESSION_SECONDS), path="/",
                            httponly=True, secure=secure_cookies(self.settings),
                            samesite="lax")

    def clear_cookie(self, response: Response) -> None:
        response.delete_cookie(COOKIE, path="/", httponly=True,
                               secure=secure_cookies(self.settings), samesite="lax")


@dataclass(frozen=True)
class Me:
    """The profile a request's cookie (or terminal's bearer token) signs in, with its
    session's hash."""

    profile: db.Profile
    session_hash: str
    bearer: bool = False
    """Signed in by ``Authorization: Bearer``, which no browser sends by itself: no CSRF."""


def accounts_of(request: Request) -> Accounts:
    accounts: Accounts = request.app.state.accounts
    return accounts


def _services(request: Request) -> Services:
    services: Services = request.app.state.services
    return services


def bearer_of(request: Request) -> str | None:
    """The token of the request's ``Authorization: Bearer`` header, if it has one."""
    scheme, _, value = request.headers.get("authorization", "").partition(" ")
    return (value.strip() or None) if scheme.lower() == "bearer" else None


async def _session(request: Request, token: str, bearer: bool) -> Me | None:
    if len(token) > MAX_TOKEN_CHARS:
        return None
    store = _services(request).store
    digest = hash_token(token)
    profile = await store.read(db.session_profile, store.engine, digest, time.time())
    return None if profile is None else Me(profile, digest, bearer)


async def current(request: Request) -> Me | None:
    """The signed-in profile of the request's bearer token or else its cookie, or None
    (looked up once a request). A bearer token that signs nobody in (unknown, expired,
    signed out) is refused (``auth/bad_token``) rather than read as "no one": the terminal
    that sent it must hear that its sign-in is gone, not play on as someone new."""
    if hasattr(request.state, "me"):
        found: Me | None = request.state.me
        return found
    bearer = bearer_of(request)
    if bearer is not None:
        me = await _session(request, bearer, True)
        if me is None:
            raise ProtocolError(ErrorCode.AUTH_BAD_TOKEN, t(
                "This session token signs no one in: it is unknown, expired or signed out. "
                "Sign in again with 'camelcade online login'."))
    else:
        token = request.cookies.get(COOKIE)
        me = await _session(request, token, False) if token else None
    request.state.me = me
    return me


def _same_site(request: Request) -> bool:
    """A request without ``Origin`` (not from a page) or from this server's own pages."""
    origin = request.headers.get("origin")
    if origin is None:
        return True
    public = accounts_of(request).settings.public_url
    own = {f"{request.url.scheme}://{request.headers.get('host', '')}".lower()}
    if public:
        parts = urlsplit(public)
        own.add(f"{parts.scheme}://{parts.netloc}".lower())
    return origin.lower() in own


def csrf_ok(request: Request, me: Me) -> bool:
    if me.bearer:
        return True
    given = request.headers.get(CSRF_HEADER, "")
    return _same_site(request) and bool(given) and hmac.compare_digest(
        given, accounts_of(request).csrf(me.session_hash))


async def signed_in(request: Request) -> Me:
    me = await current(request)
    if me is None:
        raise ProtocolError(ErrorCode.AUTH_REQUIRED, t(
            "This browser is not signed in (no valid session cookie); open any page of the "
            "site to start as a guest, or sign in on the account page."))
    return me


async def writing(request: Request) -> Me:
    """A signed-in write: the cookie and the page's CSRF token (``auth/csrf`` without)."""
    me = await signed_in(request)
    if not csrf_ok(request, me):
        raise ProtocolError(ErrorCode.AUTH_CSRF, t(
            "This request lacks the page's X-CSRF-Token header or comes from another site; "
            "reload the page and try again."))
    return me


async def writing_or_guestless(request: Request) -> Me | None:
    """For calls that anyone may make (create, join): the signed-in profile when the cookie
    and the CSRF token both came, else None (the call goes on with tokens only)."""
    me = await current(request)
    return me if me is not None and csrf_ok(request, me) else None


SignedIn = Annotated[Me, Depends(signed_in)]
Writing = Annotated[Me, Depends(writing)]
OptionalProfile = Annotated[Me | None, Depends(writing_or_guestless)]
