"""The accounts' tables: profiles, sessions and sign-in links (blocking calls).

Every token is stored as its SHA-256 (``auth.hash_token``): a leaked database signs nobody
in. A sign-in link is used by a conditional update (``used_at IS NULL``), so two clicks
racing each other, even on two server processes, sign in once.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, delete, func, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite

from camelcade.core.words import t
from camelcade.server.accounts import quiet
from camelcade.server.auth import hash_token, new_token
from camelcade.server.models import (
    blocks,
    host_settings,
    invitations,
    matches,
    notice_channels,
    passkey_challenges,
    passkeys,
    profile_channels,
    profiles,
    seats,
    sessions,
    sign_in_links,
)
from camelcade.server.protocol import ErrorCode, ProtocolError

KEY_NAME = "accounts_key"
"""The ``host_settings`` row of the server's key (CSRF tokens, link signatures, the seat
tokens of profiles): made at first start, shared by every process of the database."""
SESSION_SECONDS = 365 * 86400.0
"""A session cookie lasts a year (browsers cap cookies at 400 days)."""
LINK_SECONDS = 15 * 60.0
"""A sign-in link works for 15 minutes, once."""
FORGET_LINKS_SECONDS = 86400.0
"""Used and expired links are deleted a day after they expire."""


class LinkRefused(Exception):
    """A sign-in link that cannot be used: ``why`` is forged, expired or used."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


@dataclass(frozen=True)
class Profile:
    """A person, as the pages and ``GET /api/me`` see them (never a hash)."""

    id: str
    name: str
    lang: str
    email: str | None
    has_password: bool
    created_at: float

    @property
    def kept(self) -> bool:
        """Kept by an e-mail address; otherwise a guest, lost with the browser's cookie."""
        return self.email is not None


def _profile(row: Any) -> Profile:
    return Profile(id=row.id, name=row.name, lang=row.lang, email=row.email,
                   has_password=row.password_hash is not None,
                   created_at=float(row.created_at))


def profile_row(conn: Connection, profile_id: str, lock: bool = False) -> Any:
    """The profile's row, or ``ProtocolError`` (``auth/required``) if it went since the
    request's session was read: a sign-in on the same page merged the guest it held into
    another profile, or the profile was deleted. A page then reloads rather than failing.
    """
    query = select(profiles).where(profiles.c.id == profile_id)
    row = conn.execute(query.with_for_update() if lock else query).first()
    if row is None:
        raise ProtocolError(ErrorCode.AUTH_REQUIRED, t(
            "This browser's profile changed meanwhile (signed in elsewhere on this page, or "
            "deleted); reload the page."))
    return row


def server_key(engine: Engine) -> bytes:
    """The accounts' key, made by the first process that asks (the others read it)."""
    with engine.begin() as conn:
        dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
        conn.execute(dialect.insert(host_settings).values(
            key=KEY_NAME, value={"key": secrets.token_hex(32)}, updated_at=time.time()
        ).on_conflict_do_nothing(index_elements=["key"]))
        value = conn.execute(select(host_settings.c.value)
                             .where(host_settings.c.key == KEY_NAME)).scalar_one()
    return bytes.fromhex(value["key"])


def _new_session(conn: Connection, profile_id: str, now: float) -> str:
    token = new_token()
    conn.execute(insert(sessions).values(token_hash=hash_token(token), profile_id=profile_id,
                                         created_at=now, expires_at=now + SESSION_SECONDS))
    return token


def new_guest(engine: Engine, name: str, lang: str, now: float) -> tuple[Profile, str]:
    """A guest profile and its first session's token (shown once, in the cookie)."""
    profile_id = secrets.token_hex(16)
    with engine.begin() as conn:
        conn.execute(insert(profiles).values(id=profile_id, name=name, lang=lang, email=None,
                                             password_hash=None, created_at=now, seen_at=now))
        token = _new_session(conn, profile_id, now)
    return Profile(profile_id, name, lang, None, False, now), token


def session_profile(engine: Engine, token_hash: str, now: float) -> Profile | None:
    """The profile a session cookie's token signs in; None if unknown or expired."""
    with engine.connect() as conn:
        row = conn.execute(select(profiles).join(sessions, sessions.c.profile_id == profiles.c.id)
                           .where((sessions.c.token_hash == token_hash)
                                  & (sessions.c.expires_at > now))).first()
    return None if row is None else _profile(row)


def profile_by_id(engine: Engine, profile_id: str) -> Profile | None:
    with engine.connect() as conn:
        row = conn.execute(select(profiles).where(profiles.c.id == profile_id)).first()
    return None if row is None else _profile(row)


def set_profile(engine: Engine, profile_id: str, name: str | None, lang: str | None,
                now: float) -> None:
    values: dict[str, Any] = {"seen_at": now}
    if name is not None:
        values["name"] = name
    if lang is not None:
        values["lang"] = lang
    with engine.begin() as conn:
        conn.execute(update(profiles).where(profiles.c.id == profile_id).values(**values))


def new_link(engine: Engine, token: str, email: str, profile_id: str | None,
             now: float) -> None:
    """Keep the hash of a sign-in link's token for ``email`` (asked from ``profile_id``'s
    browser). A row is written whether the address is known or not: the same work, the
    same answer, the same time either way."""
    with engine.begin() as conn:
        conn.execute(insert(sign_in_links).values(
            token_hash=hash_token(token), email=email, profile_id=profile_id,
            created_at=now, expires_at=now + LINK_SECONDS, used_at=None))


def use_link(engine: Engine, token_hash: str, current: str | None, now: float
             ) -> tuple[Profile, str]:
    """Use a sign-in link once: the profile it signs in and a new session's token.

    The profile is the one with the link's address; else the profile that asked for the
    link keeps the address now; else the browser's own guest profile does; else a new
    profile is made. A guest profile of the clicking browser is merged into it (its seats
    move over), so a guest who signs in elsewhere loses nothing. Refused (``LinkRefused``)
    and nothing changed when the link is unknown, used or expired.
    """
    with engine.begin() as conn:
        link = conn.execute(select(sign_in_links)
                            .where(sign_in_links.c.token_hash == token_hash)).first()
        if link is None:
            raise LinkRefused("forged")
        if link.used_at is not None:
            raise LinkRefused("used")
        if link.expires_at < now:
            raise LinkRefused("expired")
        done = conn.execute(update(sign_in_links).where(
            (sign_in_links.c.token_hash == token_hash) & sign_in_links.c.used_at.is_(None)
        ).values(used_at=now)).rowcount
        if done != 1:  # another click won the race
            raise LinkRefused("used")
        target = conn.execute(select(profiles.c.id)
                              .where(profiles.c.email == link.email)).scalar_one_or_none()
        if target is None:
            for candidate in (link.profile_id, current):
                if candidate is not None and conn.execute(
                        update(profiles).where(profiles.c.id == candidate)
                        .values(email=link.email, seen_at=now)).rowcount == 1:
                    target = candidate
                    break
        if target is None:
            target = secrets.token_hex(16)
            conn.execute(insert(profiles).values(
                id=target, name=link.email.split("@")[0][:32], lang="en", email=link.email,
                password_hash=None, created_at=now, seen_at=now))
        if current is not None and current != target:
            _merge_guest(conn, current, target)
        token = _new_session(conn, target, now)
        row = conn.execute(select(profiles).where(profiles.c.id == target)).one()
    return _profile(row), token


def _merge_guest(conn: Connection, guest: str, target: str) -> None:
    """Move a guest profile's seats to ``target`` and delete the guest (a kept profile
    signed in elsewhere stays as it is: the browser just changes profile)."""
    kept = conn.execute(select(profiles.c.email).where(profiles.c.id == guest)).first()
    if kept is None or kept.email is not None:
        return
    conn.execute(update(seats).where(seats.c.profile_id == guest).values(profile_id=target))
    # the guest's notice channels (push on this device) go with it where the kept profile
    # has none of that kind; the seats' copies are made again from the kept profile's
    taken = select(profile_channels.c.kind).where(profile_channels.c.profile_id == target)
    conn.execute(update(profile_channels).where((profile_channels.c.profile_id == guest)
                                                & profile_channels.c.kind.not_in(taken))
                 .values(profile_id=target))
    conn.execute(delete(notice_channels).where(notice_channels.c.profile_id == guest))
    conn.execute(delete(profile_channels).where(profile_channels.c.profile_id == guest))
    conn.execute(update(invitations).where(invitations.c.inviter_id == guest)
                 .values(inviter_id=target))
    conn.execute(delete(profiles).where(profiles.c.id == guest))


def set_password(engine: Engine, profile_id: str, password_hash: str | None) -> None:
    with engine.begin() as conn:
        conn.execute(update(profiles).where(profiles.c.id == profile_id)
                     .values(password_hash=password_hash))


def password_of(engine: Engine, email: str) -> tuple[str, str] | None:
    """``(profile id, password hash)`` of the profile with ``email`` and a password."""
    with engine.connect() as conn:
        row = conn.execute(select(profiles.c.id, profiles.c.password_hash).where(
            (profiles.c.email == email) & profiles.c.password_hash.is_not(None))).first()
    return None if row is None else (str(row.id), str(row.password_hash))


def sign_in(engine: Engine, profile_id: str, current: str | None, now: float) -> str:
    """A new session for ``profile_id`` (a password was right); merges the browser's guest."""
    with engine.begin() as conn:
        if current is not None and current != profile_id:
            _merge_guest(conn, current, profile_id)
        return _new_session(conn, profile_id, now)


def end_session(engine: Engine, token_hash: str) -> None:
    with engine.begin() as conn:
        conn.execute(delete(sessions).where(sessions.c.token_hash == token_hash))


def end_sessions(engine: Engine, profile_id: str) -> int:
    """Sign the profile out of every browser; how many sessions there were."""
    with engine.begin() as conn:
        return int(conn.execute(delete(sessions).where(sessions.c.profile_id == profile_id)
                                ).rowcount)


def delete_profile(engine: Engine, profile_id: str) -> list[str]:
    """Delete a profile, its sessions, links and passkeys; its seats stay in their matches as "a
    former player" (no name, no profile). The matches whose seats changed."""
    with engine.begin() as conn:
        ids = sorted(set(conn.execute(select(seats.c.match_id)
                                      .where(seats.c.profile_id == profile_id)).scalars()))
        conn.execute(update(seats).where(seats.c.profile_id == profile_id)
                     .values(profile_id=None, name=None, former=True))
        conn.execute(delete(notice_channels).where(notice_channels.c.id.in_(
            select(invitations.c.channel_id).where(
                (invitations.c.invitee_id == profile_id)
                | (invitations.c.inviter_id == profile_id)))))  # the rows go by cascade
        conn.execute(delete(sign_in_links).where(sign_in_links.c.profile_id == profile_id))
        conn.execute(delete(passkeys).where(passkeys.c.profile_id == profile_id))
        conn.execute(delete(passkey_challenges).where(passkey_challenges.c.session_hash.in_(
            select(sessions.c.token_hash).where(sessions.c.profile_id == profile_id))))
        conn.execute(delete(sessions).where(sessions.c.profile_id == profile_id))
        # the seats' copies of its notice channels hold its address: they go too
        conn.execute(delete(notice_channels).where(notice_channels.c.profile_id == profile_id))
        conn.execute(delete(profile_channels).where(profile_channels.c.profile_id == profile_id))
        conn.execute(delete(profiles).where(profiles.c.id == profile_id))
    return ids


def profile_seats(engine: Engine, profile_id: str, match_id: str | None = None,
                  limit: int = 200) -> list[tuple[str, int]]:
    """``(match id, seat)`` of the profile's seats (in ``match_id`` only, if given), the
    newest matches first."""
    where = seats.c.profile_id == profile_id
    if match_id is not None:
        where = where & (seats.c.match_id == match_id)
    with engine.connect() as conn:
        return [(str(row.match_id), int(row.seat)) for row in conn.execute(
            select(seats.c.match_id, seats.c.seat)
            .join(matches, matches.c.id == seats.c.match_id)
            .where(where)
            .order_by(matches.c.updated_at.desc(), seats.c.seat).limit(limit))]


def export(engine: Engine, profile_id: str) -> dict[str, Any]:
    """Everything kept about a profile, for "download my data" (no hash of anything)."""
    with engine.connect() as conn:
        row = profile_row(conn, profile_id)
        session_rows = conn.execute(
            select(sessions.c.created_at, sessions.c.expires_at)
            .where(sessions.c.profile_id == profile_id).order_by(sessions.c.created_at)).all()
        seat_rows = conn.execute(
            select(seats.c.match_id, seats.c.seat, seats.c.name, seats.c.joined_at,
                   seats.c.lang, matches.c.game, matches.c.status)
            .join(matches, matches.c.id == seats.c.match_id)
            .where(seats.c.profile_id == profile_id).order_by(seats.c.joined_at)).all()
        passkey_rows = conn.execute(
            select(passkeys.c.id, passkeys.c.credential_id, passkeys.c.name,
                   passkeys.c.transports, passkeys.c.created_at, passkeys.c.used_at)
            .where(passkeys.c.profile_id == profile_id).order_by(passkeys.c.created_at)).all()
        channel_rows = conn.execute(
            select(profile_channels.c.kind, profile_channels.c.address)
            .where(profile_channels.c.profile_id == profile_id)).all()
        invited = conn.execute(
            select(invitations.c.match_id, invitations.c.seat, invitations.c.status,
                   invitations.c.created_at, invitations.c.inviter_id)
            .where((invitations.c.inviter_id == profile_id)
                   | (invitations.c.invitee_id == profile_id))
            .order_by(invitations.c.created_at)).all()
        blocked = conn.execute(select(profiles.c.name, blocks.c.created_at)
                               .join(blocks, blocks.c.blocked_id == profiles.c.id)
                               .where(blocks.c.blocker_id == profile_id)).all()
    hours = quiet.from_row(row)
    return {
        "format": "camelcade-profile/1",
        "profile": {"name": row.name, "language": row.lang, "email": row.email,
                    "password": row.password_hash is not None,
                    "created_at": row.created_at, "seen_at": row.seen_at,
                    "quiet_hours": None if hours is None else hours.to_json()},
        "sessions": [{"created_at": s.created_at, "expires_at": s.expires_at}
                     for s in session_rows],
        "seats": [{"match_id": s.match_id, "game": s.game, "status": s.status, "seat": s.seat,
                   "name": s.name, "joined_at": s.joined_at, "language": s.lang}
                  for s in seat_rows],
        "notices": {c.kind: c.address for c in channel_rows},
        # Their ids and names, not their public keys: nothing a person reads or needs.
        "passkeys": [{"id": k.id, "credential_id": k.credential_id, "name": k.name,
                      "transports": k.transports, "created_at": k.created_at,
                      "used_at": k.used_at} for k in passkey_rows],
        "invitations": [{"match_id": i.match_id, "seat": i.seat, "status": i.status,
                         "created_at": i.created_at,
                         "sent": i.inviter_id == profile_id} for i in invited],
        "blocked": [{"name": b.name, "since": b.created_at} for b in blocked],
    }


def forget_old(engine: Engine, now: float) -> int:
    """Delete expired sessions, links and passkey challenges (housekeeping); how many rows
    went."""
    with engine.begin() as conn:
        gone = conn.execute(delete(passkey_challenges).where(
            passkey_challenges.c.expires_at < now)).rowcount
        gone += conn.execute(delete(passkey_challenges).where(
            passkey_challenges.c.session_hash.in_(
                select(sessions.c.token_hash).where(sessions.c.expires_at < now)))).rowcount
        gone += conn.execute(delete(sessions).where(sessions.c.expires_at < now)).rowcount
        gone += conn.execute(delete(sign_in_links).where(
            sign_in_links.c.expires_at < now - FORGET_LINKS_SECONDS)).rowcount
    return int(gone)


def count_profiles(engine: Engine) -> int:
    with engine.connect() as conn:
        return int(conn.execute(select(func.count()).select_from(profiles)).scalar_one())
