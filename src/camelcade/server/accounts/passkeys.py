"""Passkeys (WebAuthn): the relying party, single-use challenges and stored credentials.

Checking what an authenticator says (CBOR, COSE keys, signatures, origins, counters) is
py_webauthn's work, never ours: this module only keeps what it needs between the two halves
of a ceremony, and what a verified credential leaves behind (its id, public key, counter
and transports; never anything secret).

* The **relying party** is the server's public address (``settings.public_url``): its host
  is the RP ID and its origin the only one accepted. Without one, a server listening on
  this computer only is ``http://localhost:PORT``: browsers refuse an IP address as an RP
  ID, and treat plain-http ``localhost`` as a secure context. Any other server needs its
  public address for passkeys.
* A **challenge** is 32 random bytes kept as its SHA-256 for five minutes, bound to the
  session that asked and to its purpose; answering deletes it (a conditional delete, so
  two answers racing, even on two processes, use it once).
* A **credential** belongs to one kept profile; a sign-in must raise its signature counter
  (unless the authenticator keeps none, counting 0), and the update is conditional on the
  counter verified against, so two sign-ins racing with one signature count once.
"""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from sqlalchemy import Engine, delete, insert, select, update

from camelcade.server.models import passkey_challenges, passkeys
from camelcade.server.settings import Settings, loopback_only

CHALLENGE_SECONDS = 300.0
"""A challenge is answered within five minutes (the browser's own timeout is shorter)."""
CHALLENGE_BYTES = 32
KEPT_CHALLENGES = 4
"""Live challenges a session keeps per purpose (a page open in a few tabs); older ones go,
so a script asking in a loop adds no rows."""
MAX_PASSKEYS = 20
"""Passkeys per profile: plenty for every device a person owns, and a bound on the list."""
REGISTER, SIGN_IN = "register", "signin"


@dataclass(frozen=True)
class RelyingParty:
    """Whom credentials are made for: the RP ID (a host name) and the accepted origin."""

    id: str
    origin: str
    name: str = "camelcade"


def relying_party(settings: Settings) -> RelyingParty | None:
    """The relying party of this server, or None when it has no address a browser could
    make passkeys for (no public URL, and reachable from other computers)."""
    if settings.public_url:
        parts = urlsplit(settings.public_url)
        if parts.hostname:
            return RelyingParty(parts.hostname, f"{parts.scheme}://{parts.netloc}".lower())
        return None
    if loopback_only(settings.host):
        return RelyingParty("localhost", f"http://localhost:{settings.port}")
    return None


@dataclass(frozen=True)
class Passkey:
    """A passkey as its owner sees it: never the key."""

    id: str
    name: str
    created_at: float
    used_at: float | None
    transports: list[str]


@dataclass(frozen=True)
class Credential:
    """What a sign-in is verified against."""

    profile_id: str
    public_key: bytes
    sign_count: int


def _hash(challenge: bytes) -> str:
    return hashlib.sha256(challenge).hexdigest()


def new_challenge(engine: Engine, session_hash: str, purpose: str, now: float) -> bytes:
    """A fresh challenge for ``session_hash`` to answer within five minutes (the session's
    expired challenges, and all but its newest few for ``purpose``, go on the way)."""
    challenge = secrets.token_bytes(CHALLENGE_BYTES)
    mine = passkey_challenges.c.session_hash == session_hash
    with engine.begin() as conn:
        newest = (select(passkey_challenges.c.challenge_hash)
                  .where(mine & (passkey_challenges.c.purpose == purpose))
                  .order_by(passkey_challenges.c.created_at.desc())
                  .limit(KEPT_CHALLENGES - 1))
        conn.execute(delete(passkey_challenges).where(mine & (
            (passkey_challenges.c.expires_at < now)
            | ((passkey_challenges.c.purpose == purpose)
               & passkey_challenges.c.challenge_hash.not_in(newest.scalar_subquery())))))
        conn.execute(insert(passkey_challenges).values(
            challenge_hash=_hash(challenge), session_hash=session_hash, purpose=purpose,
            created_at=now, expires_at=now + CHALLENGE_SECONDS))
    return challenge


def take_challenge(engine: Engine, challenge: bytes, session_hash: str, purpose: str,
                   now: float) -> bool:
    """Use a challenge once: whether it was this session's, for this purpose, and alive."""
    with engine.begin() as conn:
        taken = conn.execute(delete(passkey_challenges).where(
            (passkey_challenges.c.challenge_hash == _hash(challenge))
            & (passkey_challenges.c.session_hash == session_hash)
            & (passkey_challenges.c.purpose == purpose)
            & (passkey_challenges.c.expires_at >= now))).rowcount
    return taken == 1


def _passkey(row: Any) -> Passkey:
    return Passkey(id=str(row.id), name=str(row.name), created_at=float(row.created_at),
                   used_at=None if row.used_at is None else float(row.used_at),
                   transports=[str(kind) for kind in row.transports])


def passkeys_of(engine: Engine, profile_id: str) -> list[Passkey]:
    """The profile's passkeys, oldest first."""
    with engine.connect() as conn:
        return [_passkey(row) for row in conn.execute(
            select(passkeys).where(passkeys.c.profile_id == profile_id)
            .order_by(passkeys.c.created_at, passkeys.c.id))]


def credential_ids_of(engine: Engine, profile_id: str) -> list[str]:
    """The credential ids (base64url) a new registration must not make again."""
    with engine.connect() as conn:
        return [str(found) for found in conn.execute(
            select(passkeys.c.credential_id).where(passkeys.c.profile_id == profile_id)
        ).scalars()]


def add(engine: Engine, profile_id: str, credential_id: str, public_key: bytes,
        sign_count: int, transports: list[str], name: str, now: float) -> Passkey | None:
    """Keep a verified credential for ``profile_id``; None if that credential is kept
    already (by this profile or another)."""
    passkey_id = secrets.token_hex(16)
    with engine.begin() as conn:
        known = conn.execute(select(passkeys.c.id)
                             .where(passkeys.c.credential_id == credential_id)).first()
        if known is not None:
            return None
        conn.execute(insert(passkeys).values(
            id=passkey_id, profile_id=profile_id, credential_id=credential_id,
            public_key=public_key, sign_count=sign_count, transports=transports, name=name,
            created_at=now, used_at=None))
    return Passkey(passkey_id, name, now, None, transports)


def credential(engine: Engine, credential_id: str) -> Credential | None:
    with engine.connect() as conn:
        row = conn.execute(select(passkeys.c.profile_id, passkeys.c.public_key,
                                  passkeys.c.sign_count)
                           .where(passkeys.c.credential_id == credential_id)).first()
    return None if row is None else Credential(str(row.profile_id), bytes(row.public_key),
                                               int(row.sign_count))


def signed_with(engine: Engine, credential_id: str, verified_count: int, new_count: int,
                now: float) -> bool:
    """Record a verified sign-in: the new counter and the time. False when another
    sign-in moved the counter since it was read (the signature was used twice)."""
    with engine.begin() as conn:
        done = conn.execute(update(passkeys).where(
            (passkeys.c.credential_id == credential_id)
            & (passkeys.c.sign_count == verified_count)
        ).values(sign_count=new_count, used_at=now)).rowcount
    return done == 1


def remove(engine: Engine, profile_id: str, passkey_id: str) -> bool:
    """Delete one of the profile's passkeys; whether there was one."""
    with engine.begin() as conn:
        return conn.execute(delete(passkeys).where(
            (passkeys.c.id == passkey_id) & (passkeys.c.profile_id == profile_id)
        )).rowcount == 1
