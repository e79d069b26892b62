"""The notices' own secrets, made at the first start and kept in ``host_settings``.

A signing secret (the one-click unsubscribe links) and the VAPID key pair (Web Push: the
push services accept only messages signed with the key the page subscribed with, so it
must outlive restarts and be the same in every process). The first process to start
writes them (``ON CONFLICT DO NOTHING``); every process then reads the same row.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import time
from dataclasses import dataclass

from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid02
from sqlalchemy import Engine, select
from sqlalchemy.dialects import postgresql, sqlite

from camelcade.server.models import host_settings

KEYS = "notice_keys"
SIGNATURE_CHARS = 32


@dataclass(frozen=True)
class NoticeKeys:
    secret: str
    vapid_private_pem: str
    vapid_public: str
    """The public key as the page's ``applicationServerKey``: the uncompressed point,
    base64url without padding."""

    def vapid(self) -> Vapid02:
        return Vapid02.from_pem(self.vapid_private_pem.encode())

    def sign(self, purpose: str, value: str) -> str:
        digest = hmac.new(self.secret.encode(), f"{purpose}:{value}".encode(), hashlib.sha256)
        return digest.hexdigest()[:SIGNATURE_CHARS]

    def token(self, purpose: str, value: str) -> str:
        """``value`` with its signature: ``VALUE.SIGNATURE``."""
        return f"{value}.{self.sign(purpose, value)}"

    def verify(self, purpose: str, token: str) -> str | None:
        """The value a token signed for ``purpose`` carries; None if forged or malformed."""
        value, dot, signature = token.rpartition(".")
        if not dot or not value or len(token) > 200:
            return None
        if not hmac.compare_digest(signature, self.sign(purpose, value)):
            return None
        return value


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def new_keys() -> dict[str, str]:
    vapid = Vapid02()
    vapid.generate_keys()
    public = vapid.public_key.public_bytes(serialization.Encoding.X962,
                                           serialization.PublicFormat.UncompressedPoint)
    return {"secret": secrets.token_hex(32), "vapid_private_pem": vapid.private_pem().decode(),
            "vapid_public": _b64url(public)}


def notice_keys(engine: Engine) -> NoticeKeys:
    """The keys, made now if this is the first start (see the module docstring)."""
    with engine.begin() as conn:
        dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
        conn.execute(dialect.insert(host_settings).values(
            key=KEYS, value=new_keys(), updated_at=time.time()).on_conflict_do_nothing())
        value = conn.execute(select(host_settings.c.value).where(
            host_settings.c.key == KEYS)).scalar_one()
    return NoticeKeys(secret=value["secret"], vapid_private_pem=value["vapid_private_pem"],
                      vapid_public=value["vapid_public"])
