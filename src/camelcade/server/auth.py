"""Seat tokens: unguessable, shown once, stored only as a hash.

A token is 256 random bits (``secrets.token_urlsafe``), so a plain SHA-256 is enough to
store it: there is nothing to brute-force, unlike a password, and a leaked database gives
no usable token. Comparisons go through ``hmac.compare_digest`` anyway.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from typing import Annotated

from fastapi import Header

from camelcade.core.words import t
from camelcade.server.protocol import MAX_TOKEN_CHARS, ErrorCode, ProtocolError

TOKEN_BYTES = 32


def new_token() -> str:
    """A fresh seat or host token (43 URL-safe characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def keyed(key: bytes, *parts: str) -> str:
    """An HMAC-SHA256 of ``parts`` under the server's ``key``, as 43 URL-safe characters."""
    digest = hmac.new(key, "\x1f".join(parts).encode("utf-8", "surrogatepass"),
                      hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def profile_seat_token(key: bytes, match_id: str, seat: int, profile_id: str) -> str:
    """The seat token a profile's every browser is given for its seat (``GET
    /api/me/matches``): derived, not stored, so a seat has one stored token (the one its
    browser was given when it joined) and any number of signed-in browsers. It stops
    working when the seat no longer names the profile (the profile was deleted)."""
    return keyed(key, "seat", match_id, str(seat), profile_id)


def same_hash(stored: str | None, candidate: str) -> bool:
    """Whether ``candidate`` (a hash) matches ``stored``, in constant time."""
    return stored is not None and hmac.compare_digest(stored, candidate)


async def bearer_token(
    authorization: Annotated[str | None, Header(description="Bearer <seat or host token>")] = None,
) -> str:
    """The token of an ``Authorization: Bearer`` header (a FastAPI dependency; a coroutine
    function so that FastAPI calls it on the event loop, not in its thread pool)."""
    if not authorization:
        raise ProtocolError(ErrorCode.AUTH_REQUIRED, t("Send 'Authorization: Bearer <token>'."))
    scheme, _, token = authorization.partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token or len(token) > MAX_TOKEN_CHARS:
        raise ProtocolError(ErrorCode.AUTH_BAD_TOKEN, t("The Authorization header is not a token."))
    return token
