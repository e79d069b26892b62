"""Committing moves: the batching writer (group commit) with its ``state_id`` guard.

Moves from many matches are committed together in one transaction, so one ``fsync`` covers
a batch and throughput grows with load, while every move is still durable before anyone is
told. Each move is guarded by ``state_id``: the match row is updated only if the match is
still where this process thought, so two processes sharing PostgreSQL cannot both advance
the same match; the loser learns it is stale and reloads.

On PostgreSQL the batch goes over a dedicated asynchronous psycopg connection on the event
loop itself: the loop waits for the database the way it waits for sockets, instead of
handing every batch to a thread that must win the GIL back from the busy loop after each
network wait. SQLite commits inline (see ``Store.write``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import psycopg
from sqlalchemy import JSON, Connection, bindparam, func, insert, update

from camelcade.server.models import actions, matches
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
    future: asyncio.Future[bool] | None = field(default=None, repr=False)

    @property
    def new_state_id(self) -> int:
        return self.expected_state_id + len(self.rows)


_GUARD = (
    (matches.c.id == bindparam("match_id"))
    & (matches.c.state_id == bindparam("expected"))
    & (matches.c.status == bindparam("before"))
)
_MOVE: dict[str, Any] = {
    "state_id": bindparam("new_state_id"),
    "status": bindparam("status"),
    "turn_deadline": bindparam("deadline"),
    "updated_at": bindparam("now"),
}
# Built once: constructing SQLAlchemy expressions costs more than running them here.
_ADVANCE = update(matches).where(_GUARD).values(**_MOVE)
_START = update(matches).where(_GUARD).values(**_MOVE, started_at=bindparam("now"))
_FINISH = update(matches).where(_GUARD).values(
    **_MOVE, finished_at=bindparam("now"), result=bindparam("result", type_=JSON),
    started_at=func.coalesce(matches.c.started_at, bindparam("now")),
)
_INSERT_ACTION = insert(actions)
_PG_ADVANCE = """
WITH moved AS (
    UPDATE matches SET
        state_id = %(new_state_id)s::int,
        status = %(status)s::varchar,
        turn_deadline = %(deadline)s::float8,
        updated_at = %(now)s::float8,
        started_at = CASE WHEN %(start)s::boolean THEN %(now)s::float8 ELSE started_at END,
        finished_at = CASE WHEN %(status)s::varchar = 'finished' THEN %(now)s::float8
                      ELSE finished_at END,
        result = COALESCE(%(result)s::json, result)
    WHERE id = %(match_id)s::varchar AND state_id = %(expected)s::int
        AND status = %(before)s::varchar
    RETURNING id
), added AS (
    INSERT INTO actions (match_id, idx, text, seat, state_id, created_at)
    SELECT moved.id, r.idx, r.text, r.seat, r.idx + 1, %(now)s::float8
    FROM moved, unnest(%(idxs)s::int[], %(texts)s::text[], %(seats)s::int[])
        AS r(idx, text, seat)
    RETURNING 1
)
SELECT 1 FROM moved
"""


class MoveWriter:
    """Queues moves and commits them in batches through ``store``."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._pg: psycopg.AsyncConnection[Any] | None = None
        self._queue: asyncio.Queue[Advance] | None = None
        self._batcher: asyncio.Task[None] | None = None
        self.batches = 0
        self.batched_moves = 0

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

    async def advance(self, item: Advance) -> bool:
        """Commit ``item``; True once durable, False if the match had moved on (stale).

        Raises if the database itself fails, leaving nothing committed for this item.
        """
        assert self._queue is not None, "Store.start() was not called"
        item.future = asyncio.get_running_loop().create_future()
        self._queue.put_nowait(item)
        return await item.future

    async def _batch_loop(self) -> None:
        assert self._queue is not None
        while True:
            batch = [await self._queue.get()]
            while not self._queue.empty():
                batch.append(self._queue.get_nowait())
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
            self.batches += 1
            self.batched_moves += len(batch)
            for item, ok in zip(batch, results, strict=True):
                if item.future is not None and not item.future.done():
                    item.future.set_result(ok)

    def _commit_batch(self, batch: Sequence[Advance]) -> list[bool]:
        """The batch in one SQLite transaction, through SQLAlchemy Core."""
        results: list[bool] = []
        with self.store.engine.begin() as conn:
            for item in batch:
                results.append(self._advance_one(conn, item))
        return results

    async def _pg_connection(self) -> psycopg.AsyncConnection[Any]:
        """The writer's own connection, opened on first use and after a failure."""
        if self._pg is None or self._pg.closed or self._pg.broken:
            self._pg = await psycopg.AsyncConnection.connect(self.store.libpq_url)
        return self._pg

    async def _commit_batch_pg(self, batch: Sequence[Advance]) -> list[bool]:
        """The batch in two round trips: every move pipelined, then COMMIT.

        Each statement moves the match only if it is where we think (else it returns no
        row) and inserts the actions only if it moved; one notification names every
        match of the batch. SQLAlchemy Core would need three round trips per move, each a
        wake-up of the database, and a notification each.
        """
        conn = await self._pg_connection()
        try:
            cursors = []
            async with conn.pipeline():
                for item in batch:
                    cursor = conn.cursor()
                    await cursor.execute(_PG_ADVANCE, self._pg_params(item))
                    cursors.append(cursor)
                for start in range(0, len(batch), NOTIFY_CHUNK):
                    # one notification per batch (refused moves included: harmless)
                    moves = [[item.match_id, item.new_state_id]
                             for item in batch[start:start + NOTIFY_CHUNK]]
                    await conn.execute(
                        "SELECT pg_notify(%s, %s)",
                        (self.store.channel,
                         json.dumps({"moves": moves, "i": self.store.instance_id})),
                    )
            results = [len(await cursor.fetchall()) == 1 for cursor in cursors]
            await conn.commit()
        except BaseException:
            with contextlib.suppress(Exception):
                await conn.rollback()
            raise
        return results

    def _pg_params(self, item: Advance) -> dict[str, Any]:
        return {
            "match_id": item.match_id,
            "expected": item.expected_state_id,
            "before": "open" if item.start else "running",
            "new_state_id": item.new_state_id,
            "status": item.status,
            "deadline": item.deadline,
            "now": item.now,
            "start": item.start,
            "result": json.dumps(item.result) if item.result is not None else None,
            "idxs": [row.idx for row in item.rows],
            "texts": [row.text for row in item.rows],
            "seats": [row.seat for row in item.rows],
        }

    def _advance_one(self, conn: Connection, item: Advance) -> bool:
        params = {
            "match_id": item.match_id,
            "expected": item.expected_state_id,
            "before": "open" if item.start else "running",
            "new_state_id": item.new_state_id,
            "status": item.status,
            "deadline": item.deadline,
            "now": item.now,
        }
        if item.status == "finished":
            statement = _FINISH
            params["result"] = item.result
        else:
            statement = _START if item.start else _ADVANCE
        if conn.execute(statement, params).rowcount != 1:
            return False
        if item.rows:
            conn.execute(
                _INSERT_ACTION,
                [
                    {
                        "match_id": item.match_id,
                        "idx": row.idx,
                        "text": row.text,
                        "seat": row.seat,
                        "state_id": row.idx + 1,
                        "created_at": item.now,
                    }
                    for row in item.rows
                ],
            )
        return True
