"""Invitations and blocks (blocking calls, run through ``Store.write`` / ``read``).

A seat's owner invites a kept profile by its display name (or its profile id, when names
are shared) into an open seat of an open match. The invitation and its "you were invited"
notice are written in one transaction: an invitation refused or rolled back leaves no
notice, and a stored one always has its notice. Notices reach seats, not profiles (the
outbox names a match and a seat), so the invitation gets a channel of its own: a
``notice_channels`` row of the invited (open) seat with the invitee's kept address, deleted
as soon as the invitation ends (accepted, declined, or the seat taken: ``Store.claim_seat``),
so no turn notice of whoever takes the seat ever reaches the invitee.

An invitation is pending until answered; it is *expired* once its match is no longer open
or its seat taken by anyone: that is read from the match, never stored, so no timer is
needed. Display names are public (every profile page shows one), so "no player is named
X" enumerates nothing new; an address is never looked up or shown. Every other refusal
that depends on the invitee (a guest, already seated or invited, or blocking the inviter)
is one and the same answer, so a blocked player cannot tell they are blocked.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, and_, delete, func, insert, select, update
from sqlalchemy.sql.elements import ColumnElement

from camelcade.server.models import (
    blocks,
    invitations,
    matches,
    notice_channels,
    outbox,
    profiles,
    seats,
)

INVITE = "invite"
"""The outbox kind of a "you were invited" notice."""
PENDING, ACCEPTED, DECLINED, EXPIRED = "pending", "accepted", "declined", "expired"
PROFILE_ID = re.compile(r"[0-9a-f]{32}")
SENT_SHOWN = 50
"""How many of a profile's own invitations My games lists (the newest)."""


class Refused(Exception):
    """An invitation, answer or block not made: ``why`` names the rule (``routes`` words
    it), ``detail`` what it concerns (a name, a seat)."""

    def __init__(self, why: str, detail: str = "") -> None:
        super().__init__(why)
        self.why = why
        self.detail = detail


@dataclass(frozen=True)
class Invited:
    id: str
    invitee_id: str
    name: str
    seat: int
    noticed: bool
    """A notice was written to the outbox (notices on, e-mail sent by this server)."""


@dataclass(frozen=True)
class Invitation:
    """One invitation as My games shows it, from either side."""

    id: str
    match_id: str
    game: str
    seat: int
    status: str
    """pending, accepted, declined or expired."""
    other_id: str
    other_name: str
    """The inviter, for a received invitation; the invitee, for a sent one."""
    created_at: float


def _seat_is_open() -> ColumnElement[bool]:
    return and_(matches.c.status == "open", seats.c.kind == "open",
                seats.c.token_hash.is_(None), seats.c.reserved_hash.is_(None))


def find_invitee(conn: Connection, given: str) -> tuple[Any, ...]:
    """The profiles ``given`` names: the one with that id, else those with that display
    name (case-insensitive), kept ones first."""
    if PROFILE_ID.fullmatch(given):
        rows = conn.execute(select(profiles.c.id, profiles.c.name, profiles.c.email)
                            .where(profiles.c.id == given)).all()
        if rows:
            return tuple(rows)
    return tuple(conn.execute(
        select(profiles.c.id, profiles.c.name, profiles.c.email)
        .where(func.lower(profiles.c.name) == func.lower(given))
        .order_by(profiles.c.email.is_(None), profiles.c.created_at).limit(20)).all())


def invite(engine: Engine, match_id: str, seat: int, inviter_id: str, given: str,
           now: float, notice: bool) -> Invited:
    """Invite the kept profile ``given`` names into ``seat``; see the module docstring.
    ``notice``: write its "you were invited" notice (the server sends e-mail). Refused
    (``Refused``), and nothing written, on any broken rule."""
    with engine.begin() as conn:
        read = (select(seats.c.seat, seats.c.kind, seats.c.token_hash, seats.c.reserved_hash,
                       seats.c.profile_id, matches.c.status)
                .join(matches, matches.c.id == seats.c.match_id)
                .where(seats.c.match_id == match_id).order_by(seats.c.seat))
        if conn.dialect.name == "postgresql":  # a join racing the invitation waits for it
            read = read.with_for_update(of=seats)
        seat_rows = conn.execute(read).all()
        if not seat_rows:
            raise Refused("no_match")
        if not any(row.profile_id == inviter_id for row in seat_rows):
            raise Refused("not_yours")
        if seat_rows[0].status != "open":
            raise Refused("started")
        if not 0 <= seat < len(seat_rows):
            raise Refused("no_seat", str(len(seat_rows) - 1))
        target = seat_rows[seat]
        if (target.kind != "open" or target.token_hash is not None
                or target.reserved_hash is not None):
            raise Refused("seat_taken")
        found = find_invitee(conn, given)
        if not found:
            raise Refused("unknown")
        if any(row.id == inviter_id for row in found) and len(found) == 1:
            raise Refused("self")
        kept = [row for row in found if row.email is not None and row.id != inviter_id]
        if len(kept) > 1:
            raise Refused("ambiguous")
        if not kept:
            raise Refused("refused")
        invitee = kept[0]
        waiting = conn.execute(
            select(invitations.c.seat, invitations.c.invitee_id)
            .where((invitations.c.match_id == match_id)
                   & (invitations.c.status == PENDING))).all()
        blocked = conn.execute(select(blocks.c.blocker_id).where(
            (blocks.c.blocker_id == invitee.id) & (blocks.c.blocked_id == inviter_id))).first()
        if (blocked is not None or any(row.profile_id == invitee.id for row in seat_rows)
                or any(row.invitee_id == invitee.id for row in waiting)):
            raise Refused("refused")
        if any(row.seat == seat for row in waiting):
            raise Refused("seat_invited")
        invitation_id = secrets.token_hex(16)
        channel_id = None
        if notice:
            channel_id = secrets.token_hex(16)
            conn.execute(delete(notice_channels).where(
                (notice_channels.c.match_id == match_id) & (notice_channels.c.seat == seat)))
            conn.execute(insert(notice_channels).values(
                id=channel_id, match_id=match_id, seat=seat, kind="email",
                address=invitee.email, created_at=now))
        conn.execute(insert(invitations).values(
            id=invitation_id, match_id=match_id, seat=seat, inviter_id=inviter_id,
            invitee_id=invitee.id, status=PENDING, channel_id=channel_id, created_at=now,
            done_at=None))
        if channel_id is not None:
            conn.execute(insert(outbox).values(
                match_id=match_id, state_id=0, seat=seat, kind=INVITE, channel_id=channel_id,
                status="pending", due_at=now, attempts=0, created_at=now))
    return Invited(invitation_id, str(invitee.id), str(invitee.name), seat,
                   channel_id is not None)


def _effective(status: str, still_open: bool) -> str:
    return EXPIRED if status == PENDING and not still_open else status


def _listed(conn: Connection, where: ColumnElement[bool], other: Any, from_inviter: bool,
            limit: int) -> list[Invitation]:
    """Invitations with the other side's name: the inviter's (``from_inviter``) or the
    invitee's."""
    other_id = invitations.c.inviter_id if from_inviter else invitations.c.invitee_id
    rows = conn.execute(
        select(invitations, matches.c.game, other.c.name.label("other_name"),
               _seat_is_open().label("still_open"))
        .join(matches, matches.c.id == invitations.c.match_id)
        .join(seats, (seats.c.match_id == invitations.c.match_id)
              & (seats.c.seat == invitations.c.seat))
        .join(other, other.c.id == other_id)
        .where(where).order_by(invitations.c.created_at.desc()).limit(limit)).all()
    return [Invitation(id=r.id, match_id=r.match_id, game=r.game, seat=r.seat,
                       status=_effective(r.status, bool(r.still_open)),
                       other_id=r.inviter_id if from_inviter else r.invitee_id,
                       other_name=r.other_name, created_at=float(r.created_at))
            for r in rows]


def received(engine: Engine, profile_id: str) -> list[Invitation]:
    """The profile's pending invitations still open, the newest first (blocked inviters'
    are dropped when the block is made)."""
    inviter = profiles.alias("inviter")
    with engine.connect() as conn:
        found = _listed(conn, (invitations.c.invitee_id == profile_id)
                        & (invitations.c.status == PENDING) & _seat_is_open(), inviter, True, 100)
    return found


def sent(engine: Engine, profile_id: str) -> list[Invitation]:
    """The profile's own invitations, the newest ``SENT_SHOWN``, with what became of them."""
    invitee = profiles.alias("invitee")
    with engine.connect() as conn:
        return _listed(conn, invitations.c.inviter_id == profile_id, invitee, False,
                       SENT_SHOWN)


def _end(conn: Connection, invitation_id: str, status: str, now: float) -> None:
    channel = conn.execute(select(invitations.c.channel_id)
                           .where(invitations.c.id == invitation_id)).scalar()
    conn.execute(update(invitations).where(invitations.c.id == invitation_id)
                 .values(status=status, done_at=now, channel_id=None))
    if channel is not None:
        conn.execute(delete(notice_channels).where(notice_channels.c.id == channel))


def answerable(engine: Engine, invitation_id: str, profile_id: str) -> tuple[str, int]:
    """``(match id, seat)`` of the profile's pending invitation, still open; else
    ``Refused`` (``no_invitation`` or ``expired``)."""
    with engine.connect() as conn:
        row = conn.execute(
            select(invitations.c.match_id, invitations.c.seat, invitations.c.status,
                   _seat_is_open().label("still_open"))
            .join(matches, matches.c.id == invitations.c.match_id)
            .join(seats, (seats.c.match_id == invitations.c.match_id)
                  & (seats.c.seat == invitations.c.seat))
            .where((invitations.c.id == invitation_id)
                   & (invitations.c.invitee_id == profile_id))).first()
    if row is None or row.status != PENDING:
        raise Refused("no_invitation")
    if not row.still_open:
        raise Refused("expired")
    return str(row.match_id), int(row.seat)


def accepted(engine: Engine, invitation_id: str, now: float) -> None:
    """The invitee took the seat (``MatchManager.join``): the invitation ends."""
    with engine.begin() as conn:
        _end(conn, invitation_id, ACCEPTED, now)


def decline(engine: Engine, invitation_id: str, profile_id: str, now: float) -> None:
    """Decline the profile's pending invitation: the seat stays open, the inviter sees it
    declined. ``Refused`` if it is not the profile's or not pending."""
    with engine.begin() as conn:
        mine = conn.execute(select(invitations.c.id).where(
            (invitations.c.id == invitation_id) & (invitations.c.invitee_id == profile_id)
            & (invitations.c.status == PENDING))).first()
        if mine is None:
            raise Refused("no_invitation")
        _end(conn, invitation_id, DECLINED, now)


def end_on_seat(conn: Connection, match_id: str, seat: int, now: float) -> None:
    """The seat was taken: its pending invitations' channels go at once (whoever sits there
    now must never have their notices sent to the invitee's address)."""
    for invitation_id in conn.execute(select(invitations.c.id).where(
            (invitations.c.match_id == match_id) & (invitations.c.seat == seat)
            & (invitations.c.status == PENDING)
            & invitations.c.channel_id.is_not(None))).scalars():
        channel = conn.execute(select(invitations.c.channel_id)
                               .where(invitations.c.id == invitation_id)).scalar()
        conn.execute(update(invitations).where(invitations.c.id == invitation_id)
                     .values(channel_id=None))
        conn.execute(delete(notice_channels).where(notice_channels.c.id == channel))


def notice_of(engine: Engine, channel_id: str) -> tuple[str, str, str] | None:
    """``(inviter's name, invitee's language, invitee's id)`` of the pending, still open
    invitation whose notice goes through ``channel_id``; None once it has ended or expired."""
    inviter, invitee = profiles.alias("inviter"), profiles.alias("invitee")
    with engine.connect() as conn:
        row = conn.execute(
            select(inviter.c.name, invitee.c.lang, invitee.c.id)
            .select_from(invitations)
            .join(matches, matches.c.id == invitations.c.match_id)
            .join(seats, (seats.c.match_id == invitations.c.match_id)
                  & (seats.c.seat == invitations.c.seat))
            .join(inviter, inviter.c.id == invitations.c.inviter_id)
            .join(invitee, invitee.c.id == invitations.c.invitee_id)
            .where((invitations.c.channel_id == channel_id)
                   & (invitations.c.status == PENDING) & _seat_is_open())).first()
    return None if row is None else (str(row.name), str(row.lang), str(row.id))


# -- blocks -------------------------------------------------------------------------------


def block(engine: Engine, blocker_id: str, blocked_id: str, now: float) -> None:
    """``blocker_id`` refuses ``blocked_id``'s invitations from now on; the pending ones
    are declined (the inviter sees "declined", as for any other)."""
    if blocker_id == blocked_id:
        raise Refused("self")
    with engine.begin() as conn:
        if conn.execute(select(profiles.c.id).where(profiles.c.id == blocked_id)).first() is None:
            raise Refused("unknown")
        if conn.execute(select(blocks.c.blocker_id).where(
                (blocks.c.blocker_id == blocker_id)
                & (blocks.c.blocked_id == blocked_id))).first() is None:
            conn.execute(insert(blocks).values(blocker_id=blocker_id, blocked_id=blocked_id,
                                               created_at=now))
        for invitation_id in list(conn.execute(select(invitations.c.id).where(
                (invitations.c.invitee_id == blocker_id)
                & (invitations.c.inviter_id == blocked_id)
                & (invitations.c.status == PENDING))).scalars()):
            _end(conn, invitation_id, DECLINED, now)


def unblock(engine: Engine, blocker_id: str, blocked_id: str) -> bool:
    with engine.begin() as conn:
        return bool(conn.execute(delete(blocks).where(
            (blocks.c.blocker_id == blocker_id) & (blocks.c.blocked_id == blocked_id))
        ).rowcount)


def blocked_by(engine: Engine, profile_id: str) -> list[tuple[str, str]]:
    """``(id, name)`` of the profiles ``profile_id`` blocks, by name."""
    with engine.connect() as conn:
        return [(str(r.id), str(r.name)) for r in conn.execute(
            select(profiles.c.id, profiles.c.name)
            .join(blocks, blocks.c.blocked_id == profiles.c.id)
            .where(blocks.c.blocker_id == profile_id).order_by(profiles.c.name))]


def blocks_one(engine: Engine, blocker_id: str, blocked_id: str) -> bool:
    with engine.connect() as conn:
        return conn.execute(select(blocks.c.blocker_id).where(
            (blocks.c.blocker_id == blocker_id)
            & (blocks.c.blocked_id == blocked_id))).first() is not None
