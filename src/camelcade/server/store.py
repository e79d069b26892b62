"""Every database read and write of the server except moves (those are in ``moves.py``).

Writes are serialised: on SQLite they run on the event loop itself (one writer, no lock
upgrades, no busy waits), on PostgreSQL on one writer thread. Reads run on a small thread
pool; SQLite's WAL mode lets them proceed while a write commits. Conditional updates
(``... WHERE token_hash IS NULL``) make joins and rematch claims safe when several server
processes share PostgreSQL: the second claimant finds no row to update.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import (
    ColumnElement,
    Connection,
    Engine,
    delete,
    exists,
    func,
    insert,
    select,
    text,
    update,
)

from camelcade.server.accounts.invitations import end_on_seat
from camelcade.server.db import libpq_url
from camelcade.server.models import actions, matches, seats

T = TypeVar("T")


@dataclass
class SeatRow:
    seat: int
    kind: str
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    reserved_hash: str | None = None
    joined_at: float | None = None
    lang: str | None = None
    """The language the seat joined or last connected with (its turn e-mails'); None,
    as in rows from before it was kept, is English."""
    profile_id: str | None = None
    """The profile that holds the seat (``camelcade.server.accounts``); None: a token only."""
    former: bool = False
    """Its profile was deleted: the seat is shown as "a former player"."""
    bank_left: float | None = None
    """Its time bank (``clocks``); None: the match's clock has no bank."""
    timeouts: int = 0
    """How often its time ran out in this match."""
    taken_over: bool = False
    """A bot keeps the seat for good: its time ran out too often (rule ``takeover``)."""
    away_until: float | None = None
    """Its profile is on vacation until then: its clock waits (correspondence)."""


@dataclass
class MatchRow:
    id: str
    game: str
    options: dict[str, Any]
    seed: int
    status: str
    state_id: int
    auto_start: bool
    turn_seconds: float | None
    on_timeout: str
    timeout_bot: str
    created_at: float
    updated_at: float
    host_hash: str | None = None
    host_reserved_hash: str | None = None
    turn_deadline: float | None = None
    rematch_of: str | None = None
    rematch_id: str | None = None
    result: dict[str, Any] | None = None
    started_at: float | None = None
    finished_at: float | None = None
    bot_only: bool = False
    creator: str | None = None
    end_reason: str | None = None
    clock: str = "live"
    """``live`` or ``correspondence`` (``clocks``)."""
    bank_seconds: float | None = None
    """Each seat's time bank and its cap; None: no bank."""
    takeover_after: int | None = None
    """Rule ``takeover``: the timeouts after which a bot keeps the seat."""
    """Status ``ended``: why the host ended the match (``camelcade.server.admin``)."""
    rated: bool = False
    """Chosen at creation: the finished match moves its kept profiles' ratings."""


@dataclass
class ActionRow:
    idx: int
    text: str
    seat: int


def _match_from(row: Any) -> MatchRow:
    data = dict(row._mapping)
    return MatchRow(**data)


def _seat_from(row: Any) -> SeatRow:
    data = dict(row._mapping)
    data.pop("match_id", None)
    return SeatRow(**data)


def _held() -> ColumnElement[bool]:
    """A person holds a seat of the match (a token, or a rematch seat kept for one)."""
    return exists(select(seats.c.seat).where(
        (seats.c.match_id == matches.c.id)
        & (seats.c.token_hash.is_not(None) | seats.c.reserved_hash.is_not(None))))


def _expired_open(before: float) -> ColumnElement[bool]:
    """An open match nobody joined or changed since ``before`` and no person holds: the
    ghost a refused join used to leave, or a link nobody followed."""
    return (matches.c.status == "open") & (matches.c.updated_at < before) & ~_held()


def _expired(before: float) -> ColumnElement[bool]:
    """Gone from the lobby list: an expired open match, or one finished (or ended by the
    host) before ``before`` (still in replays and at its own address)."""
    return _expired_open(before) | (matches.c.status.in_(["finished", "ended"])
                                    & (matches.c.finished_at < before))


class Store:
    """The server's database, used from the event loop through ``read`` and ``write``."""

    def __init__(
        self, engine: Engine, notify_channel: str, instance_id: str, inline_writes: bool = False
    ) -> None:
        self.engine = engine
        self.inline_writes = inline_writes
        """Write on the event loop's own thread: see ``write``."""
        self.is_postgresql = engine.dialect.name == "postgresql"
        self.channel = notify_channel
        self.instance_id = instance_id
        self._writer = ThreadPoolExecutor(1, thread_name_prefix="camelcade-db-write")
        self._readers = ThreadPoolExecutor(4, thread_name_prefix="camelcade-db-read")

    def checkpoint(self) -> None:
        """Copy SQLite's write-ahead log into the database file (PASSIVE: never waits for
        readers or the writer); called on a reader thread, since no commit does it."""
        if self.is_postgresql:
            return
        connection = self.engine.raw_connection()
        try:
            connection.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            connection.close()

    # -- running blocking calls off the event loop -------------------------------------

    async def read(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._readers, fn, *args)

    async def write(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a write transaction: inline for SQLite, on the writer thread otherwise.

        A SQLite commit in WAL mode takes well under a millisecond, less than handing work
        to a thread costs under load: a busy event loop holds the GIL, and the writer thread
        then waits up to a switch interval (5 ms) each time it needs it back, several times
        per transaction. PostgreSQL waits on the network and fsync instead, so it gets the
        thread, and the loop keeps serving meanwhile.
        """
        if self.inline_writes:
            return fn(*args)
        return await asyncio.get_running_loop().run_in_executor(self._writer, fn, *args)

    @property
    def libpq_url(self) -> str:
        """The database as a plain libpq URL, for psycopg's own connections."""
        return libpq_url(self.engine.url)

    async def close(self) -> None:
        self._writer.shutdown(wait=True)
        self._readers.shutdown(wait=True)
        self.engine.dispose()

    # -- moves: group commit -----------------------------------------------------------

    def notify(self, conn: Connection, payload: dict[str, Any]) -> None:
        """Tell other server processes (PostgreSQL only); delivered when the commit lands."""
        if self.is_postgresql:
            conn.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {
                    "channel": self.channel,
                    "payload": json.dumps({**payload, "i": self.instance_id}),
                },
            )

    # -- matches and seats (run through ``write`` / ``read``) --------------------------

    def insert_match(self, match: MatchRow, seat_rows: Sequence[SeatRow]) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(matches).values(**vars(match)))
            conn.execute(insert(seats), [{"match_id": match.id, **vars(s)} for s in seat_rows])

    def insert_rematch(self, old_id: str, match: MatchRow, seat_rows: Sequence[SeatRow]) -> str:
        """Create ``match`` as the rematch of ``old_id`` unless one exists; return its id."""
        with self.engine.begin() as conn:
            claimed = conn.execute(
                update(matches)
                .where((matches.c.id == old_id) & matches.c.rematch_id.is_(None))
                .values(rematch_id=match.id, updated_at=match.created_at)
            ).rowcount
            if claimed != 1:
                existing = conn.execute(
                    select(matches.c.rematch_id).where(matches.c.id == old_id)
                ).scalar_one()
                return str(existing)
            conn.execute(insert(matches).values(**vars(match)))
            conn.execute(insert(seats), [{"match_id": match.id, **vars(s)} for s in seat_rows])
            self.notify(conn, {"m": old_id, "k": "meta"})
        return match.id

    def set_seat_clock(self, match_id: str, seat: int, bank: float | None,
                       timeouts: int | None, bot: str | None) -> None:
        """Keep a seat's bank; with ``timeouts``, its count of timeouts; with ``bot``, hand
        the seat to that bot for good."""
        values: dict[str, Any] = {"bank_left": bank}
        if timeouts is not None:
            values["timeouts"] = timeouts
        if bot is not None:
            values.update(kind="bot", bot=bot, taken_over=True)
        with self.engine.begin() as conn:
            conn.execute(update(seats).where((seats.c.match_id == match_id)
                                             & (seats.c.seat == seat)).values(**values))
            if bot is not None:
                self.notify(conn, {"m": match_id, "k": "meta"})

    def set_deadline(self, match_id: str, state_id: int, deadline: float) -> bool:
        """Move the deadline of the turn at ``state_id``; False if the match moved on."""
        with self.engine.begin() as conn:
            done = conn.execute(update(matches).where(
                (matches.c.id == match_id) & (matches.c.state_id == state_id)
                & (matches.c.status == "running")).values(turn_deadline=deadline)).rowcount
            if done:
                self.notify(conn, {"m": match_id, "k": "meta"})
        return bool(done)

    def claim_seat(
        self, match_id: str, seat: int, token_hash: str, name: str | None, now: float,
        lang: str | None = None, profile_id: str | None = None,
    ) -> bool:
        """Take an open seat of an open match; False if someone was first."""
        with self.engine.begin() as conn:
            open_match = (
                select(matches.c.id)
                .where((matches.c.id == match_id) & (matches.c.status == "open"))
                .scalar_subquery()
            )
            done = conn.execute(
                update(seats)
                .where(
                    (seats.c.match_id == open_match)
                    & (seats.c.seat == seat)
                    & (seats.c.kind == "open")
                    & seats.c.token_hash.is_(None)
                    & seats.c.reserved_hash.is_(None)
                )
                .values(kind="human", token_hash=token_hash, name=name, joined_at=now,
                        lang=lang, profile_id=profile_id)
            ).rowcount
            if done == 1:
                self._touch(conn, match_id, now)
                end_on_seat(conn, match_id, seat, now)
            return done == 1

    def set_seat_language(self, match_id: str, seat: int, lang: str) -> None:
        """Keep the language a seat connected with (other processes reload their seats)."""
        with self.engine.begin() as conn:
            conn.execute(update(seats).where((seats.c.match_id == match_id)
                                             & (seats.c.seat == seat)).values(lang=lang))
            self.notify(conn, {"m": match_id, "k": "meta"})

    def claim_reserved(
        self, match_id: str, reserved_hash: str, token_hash: str, now: float,
        profile_id: str | None = None,
    ) -> int | None:
        """Give the rematch seat reserved for an old token a new token; its seat or None."""
        with self.engine.begin() as conn:
            seat = conn.execute(
                select(seats.c.seat, seats.c.kind).where(
                    (seats.c.match_id == match_id) & (seats.c.reserved_hash == reserved_hash)
                )
            ).first()
            if seat is None:
                return None
            kind = "hotseat" if seat.kind == "hotseat" else "human"
            conn.execute(
                update(seats)
                .where((seats.c.match_id == match_id) & (seats.c.seat == seat.seat))
                .values(token_hash=token_hash, reserved_hash=None, kind=kind, joined_at=now,
                        profile_id=profile_id)
            )
            self._touch(conn, match_id, now)
            return int(seat.seat)

    def claim_host(self, match_id: str, reserved_hash: str, host_hash: str, now: float) -> bool:
        with self.engine.begin() as conn:
            return bool(
                conn.execute(
                    update(matches)
                    .where(
                        (matches.c.id == match_id)
                        & (matches.c.host_reserved_hash == reserved_hash)
                    )
                    .values(host_hash=host_hash, host_reserved_hash=None, updated_at=now)
                ).rowcount
            )

    def _touch(self, conn: Connection, match_id: str, now: float) -> None:
        conn.execute(update(matches).where(matches.c.id == match_id).values(updated_at=now))
        self.notify(conn, {"m": match_id, "k": "meta"})

    def load_match(self, match_id: str) -> tuple[MatchRow, list[SeatRow], list[str]] | None:
        """A match with its seats and every action text, in order; None if unknown."""
        return self.load_since(match_id, 0)

    def load_since(
        self, match_id: str, first: int
    ) -> tuple[MatchRow, list[SeatRow], list[str]] | None:
        """A match row, its seats and its actions from index ``first``, from one snapshot.

        One snapshot (REPEATABLE READ on PostgreSQL, a read transaction on SQLite) so the
        row never disagrees with the actions read beside it while a move commits.
        """
        with self.engine.connect() as conn:
            if self.is_postgresql:
                conn = conn.execution_options(isolation_level="REPEATABLE READ")
            with conn.begin():
                if not self.is_postgresql:
                    conn.exec_driver_sql("BEGIN")  # pysqlite does not begin before a SELECT
                row = conn.execute(select(matches).where(matches.c.id == match_id)).first()
                if row is None:
                    return None
                seat_rows = conn.execute(
                    select(seats).where(seats.c.match_id == match_id).order_by(seats.c.seat)
                ).all()
                texts = conn.execute(
                    select(actions.c.text)
                    .where((actions.c.match_id == match_id) & (actions.c.idx >= first))
                    .order_by(actions.c.idx)
                ).scalars().all()
        return _match_from(row), [_seat_from(s) for s in seat_rows], list(texts)

    def load_actions(self, match_id: str, first: int) -> list[str]:
        with self.engine.connect() as conn:
            return list(
                conn.execute(
                    select(actions.c.text)
                    .where((actions.c.match_id == match_id) & (actions.c.idx >= first))
                    .order_by(actions.c.idx)
                ).scalars()
            )

    def list_matches(
        self, statuses: Sequence[str], limit: int, before: tuple[float, str] | None = None,
        expired_before: float | None = None,
    ) -> list[tuple[MatchRow, list[SeatRow]]]:
        """The lobby: newest first, from just after the ``before`` (created_at, id) cursor;
        with ``expired_before``, without the matches expired by then (``_expired``)."""
        where: ColumnElement[bool] = matches.c.status.in_(list(statuses))
        if expired_before is not None:
            where = where & ~_expired(expired_before)
        if before is not None:
            created, match_id = before
            where = where & ((matches.c.created_at < created) | (
                (matches.c.created_at == created) & (matches.c.id < match_id)))
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(matches)
                .where(where)
                .order_by(matches.c.created_at.desc(), matches.c.id.desc())
                .limit(limit)
            ).all()
            ids = [row.id for row in rows]
            by_match: dict[str, list[SeatRow]] = {i: [] for i in ids}
            if ids:
                for seat in conn.execute(
                    select(seats).where(seats.c.match_id.in_(ids)).order_by(seats.c.seat)
                ):
                    by_match[seat.match_id].append(_seat_from(seat))
        return [(_match_from(row), by_match[row.id]) for row in rows]

    def expired_open_ids(self, before: float) -> list[str]:
        """Open matches unchanged since ``before`` in which no person holds a seat."""
        with self.engine.connect() as conn:
            return list(conn.execute(
                select(matches.c.id).where(_expired_open(before))).scalars())

    def delete_open_matches(self, ids: Sequence[str], before: float) -> list[str]:
        """Delete those of ``ids`` still expired (a join since then keeps its match):
        the ids deleted. One transaction, the condition checked in it."""
        if not ids:
            return []
        with self.engine.begin() as conn:
            gone = list(conn.execute(select(matches.c.id).where(
                matches.c.id.in_(list(ids)) & _expired_open(before))).scalars())
            if gone:
                conn.execute(delete(actions).where(actions.c.match_id.in_(gone)))
                conn.execute(delete(seats).where(seats.c.match_id.in_(gone)))
                conn.execute(delete(matches).where(matches.c.id.in_(gone)))
                for match_id in gone:
                    self.notify(conn, {"m": match_id, "k": "meta"})
        return gone

    def count_bot_matches(self, creator: str, since: float) -> tuple[int, int]:
        """Bot-only matches open or running and moved since ``since``: (by creator, all)."""
        active = (matches.c.bot_only.is_(True) & matches.c.status.in_(["open", "running"])
                  & (matches.c.updated_at >= since))
        with self.engine.connect() as conn:
            mine = conn.execute(select(func.count()).select_from(matches).where(
                active & (matches.c.creator == creator))).scalar_one()
            every = conn.execute(select(func.count()).select_from(matches).where(
                active)).scalar_one()
        return int(mine), int(every)

    def running_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            return list(
                conn.execute(select(matches.c.id).where(matches.c.status == "running")).scalars()
            )

    def count_actions(self, match_id: str) -> int:
        with self.engine.connect() as conn:
            return int(
                conn.execute(
                    select(func.count()).select_from(actions).where(actions.c.match_id == match_id)
                ).scalar_one()
            )

    def notify_presence(self, payload: dict[str, Any]) -> None:
        if self.is_postgresql:
            with self.engine.begin() as conn:
                self.notify(conn, payload)
