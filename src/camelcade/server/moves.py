"""Committing moves: the batching writer (group commit) with its ``state_id`` guard.

Moves from many matches are committed together in one transaction, so one ``fsync`` covers
a batch and throughput grows with load, while every move is still durable before anyone is
told. Each move is guarded by ``state_id``: the match row is updated only if the match is
still where this process thought, so two processes sharing PostgreSQL cannot both advance
the same match; the loser learns it is stale and reloads.

On PostgreSQL the batch is one statement over a dedicated asynchronous psycopg connection
on the event loop itself: the loop waits for the database the way it waits for sockets, instead of
handing every batch to a thread that must win the GIL back from the busy loop after each
network wait. SQLite commits inline (see ``Store.write``), as plain SQL on the driver.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import psycopg

from camelcade.server.outbox import Notice
from camelcade.server.store import ActionRow, Store

log = logging.getLogger(__name__)
NOTIFY_CHUNK = 100
"""Moves named per notification: PostgreSQL caps a payload at 8000 bytes."""


@dataclass
class Advance:
    """One match moving from ``expected_state_id`` by ``rows``, with its new match fields."""

    match_id: str
    expected_state_id: int
    rows: list[ActionRow]
    status: str
    deadline: float | None
    result: dict[str, Any] | None
    now: float
    start: bool = False
    """True for the start of a match: the row must still be ``open``."""
    notices: list[Notice] = field(default_factory=list)
    """Written to the outbox in the move's own transaction, for each of the seat's
    channels (none: no row), only if the move lands (``camelcade.server.outbox``)."""
    future: asyncio.Future[bool] | None = field(default=None, repr=False)

    @property
    def new_state_id(self) -> int:
        return self.expected_state_id + len(self.rows)


_PG_ADVANCE = """
WITH item AS (
    SELECT * FROM unnest(
        %(match_ids)s::varchar[], %(expected)s::int[], %(befores)s::varchar[],
        %(new_state_ids)s::int[], %(statuses)s::varchar[], %(deadlines)s::float8[],
        %(nows)s::float8[], %(starts)s::boolean[], %(results)s::json[]
    ) AS i(match_id, expected, before, new_state_id, status, deadline, now, start, result)
), moved AS (
    UPDATE matches AS m SET
        state_id = item.new_state_id,
        status = item.status,
        turn_deadline = item.deadline,
        updated_at = item.now,
        started_at = CASE WHEN item.start THEN item.now ELSE m.started_at END,
        finished_at = CASE WHEN item.status = 'finished' THEN item.now ELSE m.finished_at END,
        result = COALESCE(item.result, m.result)
    FROM item
    WHERE m.id = item.match_id AND m.state_id = item.expected AND m.status = item.before
    RETURNING m.id, item.now
), added AS (
    INSERT INTO actions (match_id, idx, text, seat, state_id, created_at)
    SELECT a.match_id, a.idx, a.text, a.seat, a.idx + 1, moved.now
    FROM unnest(%(action_matches)s::varchar[], %(action_idxs)s::int[],
                %(action_texts)s::text[], %(action_seats)s::int[])
        AS a(match_id, idx, text, seat)
    JOIN moved ON moved.id = a.match_id
    RETURNING 1
), noticing AS (
    SELECT * FROM unnest(%(notice_matches)s::varchar[], %(notice_states)s::int[],
                         %(notice_seats)s::int[], %(notice_kinds)s::varchar[],
                         %(notice_dues)s::float8[]) AS n(match_id, state_id, seat, kind, due_at)
    JOIN moved ON moved.id = n.match_id
), profiled AS (
    INSERT INTO notice_channels (id, match_id, seat, kind, address, created_at, profile_id)
    SELECT md5(random()::text || clock_timestamp()::text || s.match_id || s.seat || pc.kind),
           s.match_id, s.seat, pc.kind, pc.address, max(n.now), pc.profile_id
    FROM noticing AS n
    JOIN seats AS s ON s.match_id = n.match_id AND s.seat = n.seat
    JOIN profile_channels AS pc ON pc.profile_id = s.profile_id
    GROUP BY s.match_id, s.seat, pc.kind, pc.address, pc.profile_id
    ON CONFLICT DO NOTHING
    RETURNING id, match_id, seat
), noticed AS (
    INSERT INTO outbox (match_id, state_id, seat, kind, channel_id, status, due_at, attempts,
                        created_at)
    SELECT n.match_id, n.state_id, n.seat, n.kind, c.id, 'pending', n.due_at, 0, n.now
    FROM noticing AS n
    JOIN (SELECT id, match_id, seat FROM notice_channels
          UNION ALL SELECT id, match_id, seat FROM profiled) AS c
        ON c.match_id = n.match_id AND c.seat = n.seat
    ON CONFLICT DO NOTHING
    RETURNING 1
)
SELECT array_agg(moved.id), pg_notify(%(channel)s, %(payload)s) FROM moved
"""



class MoveWriter:
    """Queues moves and commits them in batches through ``store``."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._pg: psycopg.AsyncConnection[Any] | None = None
        self._sqlite: Any = None
        """The SQLite writer's connection (a pool connection kept checked out)."""
        self._queue: asyncio.Queue[Advance] | None = None
        self._batcher: asyncio.Task[None] | None = None
        self.batches = 0
        self.batched_moves = 0
        self.observe_commit: Callable[[float], None] = _ignore
        """Told how long each batch took to commit (the server's metrics)."""

    def start(self) -> None:
        self._queue = asyncio.Queue()
        self._batcher = asyncio.create_task(self._batch_loop(), name="camelcade-batcher")

    async def close(self) -> None:
        if self._batcher is not None:
            self._batcher.cancel()
            await asyncio.gather(self._batcher, return_exceptions=True)
        if self._pg is not None:
            with contextlib.suppress(Exception):
                await self._pg.close()
            self._pg = None
        if self._sqlite is not None:
            with contextlib.suppress(Exception):
                self._sqlite.close()
            self._sqlite = None

    async def advance(self, item: Advance) -> bool:
        """Commit ``item``; True once durable, False if the match had moved on (stale).

        Raises if the database itself fails, leaving nothing committed for this item.
        """
        assert self._queue is not None, "Store.start() was not called"
        if not self.store.is_postgresql and self.store.inline_writes and self._queue.empty():
            return self._commit_now(item)
        item.future = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(item)
        return await item.future

    def _commit_now(self, item: Advance) -> bool:
        """Commit ``item`` alone, here and now (SQLite committing on the event loop).

        Such a commit blocks the loop for its fraction of a millisecond wherever it runs,
        so handing the move to the batching task only added two turns of the loop to its
        acknowledgement (the task waking, then the mover waking), and under an attack a
        turn of the loop took tens of milliseconds. Nothing is ever queued behind an inline
        commit, so each SQLite move is its own transaction (in WAL mode with
        ``synchronous=NORMAL`` a commit writes the log without waiting for the disk);
        PostgreSQL's moves, and SQLite's on the writer thread, are still batched.
        """
        began = time.perf_counter()
        (result,) = self._commit_batch([item])
        self.observe_commit(time.perf_counter() - began)
        self.batches += 1
        self.batched_moves += 1
        return result

    async def _batch_loop(self) -> None:
        assert self._queue is not None
        while True:
            batch = [await self._queue.get()]
            while not self._queue.empty():
                batch.append(self._queue.get_nowait())
            results: Sequence[bool | Exception]
            began = time.perf_counter()
            try:
                if self.store.is_postgresql:
                    results = await self._commit_batch_pg(batch)
                else:
                    results = await self.store.write(self._commit_batch, batch)
            except Exception as error:  # the database failed: nobody's move is accepted
                log.exception("committing %d moves failed", len(batch))
                for item in batch:
                    if item.future is not None and not item.future.done():
                        item.future.set_exception(error)
                continue
            self.observe_commit(time.perf_counter() - began)
            self.batches += 1
            self.batched_moves += len(batch)
            for item, ok in zip(batch, results, strict=True):
                if item.future is None or item.future.done():
                    continue
                if isinstance(ok, Exception):
                    item.future.set_exception(ok)
                else:
                    item.future.set_result(ok)

    def _commit_batch(self, batch: Sequence[Advance]) -> list[bool]:
        """The batch in one SQLite transaction, as plain SQL on the writer's own connection.

        The statements are fixed, so SQLAlchemy's per-statement and per-transaction work
        (pool check-out, coercing, result wrapping) bought nothing here; it cost about a
        quarter of a move's CPU outside the game. The connection is the engine's (same
        pragmas), checked out once and kept, as PostgreSQL's writer keeps its own.
        """
        if self._sqlite is None:
            self._sqlite = self.store.engine.raw_connection()
        connection = self._sqlite
        cursor = connection.cursor()
        try:
            results = [_advance_sqlite(cursor, item) for item in batch]
            connection.commit()
        except BaseException:
            with contextlib.suppress(Exception):
                connection.rollback()
                connection.close()
            self._sqlite = None  # a fresh connection for the next batch
            raise
        finally:
            cursor.close()
        return results

    async def _pg_connection(self) -> psycopg.AsyncConnection[Any]:
        """The writer's own connection, opened on first use and after a failure."""
        if self._pg is None or self._pg.closed or self._pg.broken:
            self._pg = await psycopg.AsyncConnection.connect(
                self.store.libpq_url, autocommit=True
            )
        return self._pg

    async def _commit_batch_pg(self, batch: Sequence[Advance]) -> list[bool | Exception]:
        """The batch as one statement per ``NOTIFY_CHUNK`` moves: one round trip each.

        In autocommit mode a statement is its own transaction, so each is atomic and
        durable when it returns. It moves each match only if it is where we think, inserts
        the actions of the matches it moved, and sends one notification naming them all
        (refused moves included: harmless). SQLAlchemy Core would need three round trips
        per move, each a wake-up of the database, and a notification each.
        """
        conn = await self._pg_connection()
        results: list[bool | Exception] = []
        for start in range(0, len(batch), NOTIFY_CHUNK):
            chunk = batch[start:start + NOTIFY_CHUNK]
            try:
                cursor = await conn.execute(_PG_ADVANCE, self._pg_params(chunk))
                row = await cursor.fetchone()
            except Exception as error:
                if not results:
                    raise
                # earlier chunks are committed and stay accepted; this one and the rest are not
                log.exception("committing %d moves failed", len(batch) - len(results))
                return results + [error] * (len(batch) - len(results))
            moved = set(row[0]) if row is not None and row[0] is not None else set()
            results.extend(item.match_id in moved for item in chunk)
        return results

    def _pg_params(self, chunk: Sequence[Advance]) -> dict[str, Any]:
        rows = [(item.match_id, row) for item in chunk for row in item.rows]
        notices = [(item, notice) for item in chunk for notice in item.notices]
        payload = {"moves": [[item.match_id, item.new_state_id] for item in chunk],
                   "i": self.store.instance_id}
        return {
            "match_ids": [item.match_id for item in chunk],
            "expected": [item.expected_state_id for item in chunk],
            "befores": ["open" if item.start else "running" for item in chunk],
            "new_state_ids": [item.new_state_id for item in chunk],
            "statuses": [item.status for item in chunk],
            "deadlines": [item.deadline for item in chunk],
            "nows": [item.now for item in chunk],
            "starts": [item.start for item in chunk],
            "results": [None if item.result is None else json.dumps(item.result)
                        for item in chunk],
            "action_matches": [match_id for match_id, _row in rows],
            "action_idxs": [row.idx for _match_id, row in rows],
            "action_texts": [row.text for _match_id, row in rows],
            "action_seats": [row.seat for _match_id, row in rows],
            "notice_matches": [item.match_id for item, _notice in notices],
            "notice_states": [item.new_state_id for item, _notice in notices],
            "notice_seats": [notice.seat for _item, notice in notices],
            "notice_kinds": [notice.kind for _item, notice in notices],
            "notice_dues": [notice.due_at for _item, notice in notices],
            "channel": self.store.channel,
            "payload": json.dumps(payload),
        }


_SQLITE_MOVE = ("UPDATE matches SET state_id = ?, status = ?, turn_deadline = ?, updated_at = ?"
                "{extra} WHERE id = ? AND state_id = ? AND status = ?")
_SQLITE_ADVANCE = _SQLITE_MOVE.format(extra="")
_SQLITE_START = _SQLITE_MOVE.format(extra=", started_at = ?")
_SQLITE_FINISH = _SQLITE_MOVE.format(
    extra=", finished_at = ?, result = ?, started_at = COALESCE(started_at, ?)")
_SQLITE_ACTION = ("INSERT INTO actions (match_id, idx, text, seat, state_id, created_at) "
                  "VALUES (?, ?, ?, ?, ?, ?)")
_SQLITE_PROFILE_CHANNEL = (
    "INSERT OR IGNORE INTO notice_channels (id, match_id, seat, kind, address, created_at, "
    "profile_id) SELECT lower(hex(randomblob(16))), s.match_id, s.seat, pc.kind, pc.address, "
    "?, pc.profile_id FROM seats AS s JOIN profile_channels AS pc "
    "ON pc.profile_id = s.profile_id WHERE s.match_id = ? AND s.seat = ?")
"""A profile's channels, copied to its seat as a notice is written (a channel the seat
chose itself is kept: the unique seat and kind ignores the copy)."""
_SQLITE_NOTICE = ("INSERT OR IGNORE INTO outbox (match_id, state_id, seat, kind, channel_id, "
                  "status, due_at, attempts, created_at) SELECT ?, ?, ?, ?, id, 'pending', ?, "
                  "0, ? FROM notice_channels WHERE match_id = ? AND seat = ?")


def _advance_sqlite(cursor: Any, item: Advance) -> bool:
    """One match's move on SQLite: guarded by ``state_id`` and status, then its actions."""
    guard = (item.match_id, item.expected_state_id, "open" if item.start else "running")
    values: tuple[Any, ...] = (item.new_state_id, item.status, item.deadline, item.now)
    if item.status == "finished":
        sql = _SQLITE_FINISH
        values += (item.now, json.dumps(item.result), item.now)
    elif item.start:
        sql, values = _SQLITE_START, (*values, item.now)
    else:
        sql = _SQLITE_ADVANCE
    cursor.execute(sql, values + guard)
    if cursor.rowcount != 1:
        return False
    if item.rows:
        cursor.executemany(_SQLITE_ACTION, [
            (item.match_id, row.idx, row.text, row.seat, row.idx + 1, item.now)
            for row in item.rows])
    for notice in item.notices:
        cursor.execute(_SQLITE_PROFILE_CHANNEL, (item.now, item.match_id, notice.seat))
        cursor.execute(_SQLITE_NOTICE, (
            item.match_id, item.new_state_id, notice.seat, notice.kind, notice.due_at,
            item.now, item.match_id, notice.seat))
    return True


def _ignore(_seconds: float) -> None:
    """No one is told (a writer outside a server)."""
