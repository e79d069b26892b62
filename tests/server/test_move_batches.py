"""The move writer over fake databases: PostgreSQL's chunked batches and partial failures,
and SQLite's inline commit without a turn of the event loop.

A batch larger than ``NOTIFY_CHUNK`` goes as several statements, each its own transaction.
If a later one fails, the moves the earlier ones committed stay accepted (they are in the
database) and only the rest are refused.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any

import psycopg
import pytest

from camelcade.server.moves import NOTIFY_CHUNK, Advance, MoveWriter
from camelcade.server.store import ActionRow


class FakeCursor:
    def __init__(self, ids: list[str]) -> None:
        self.ids = ids

    async def fetchone(self) -> tuple[list[str], None]:
        return self.ids, None


class FakeConnection:
    """Moves every match of a statement, except that statement number ``fail_at`` fails."""

    def __init__(self, fail_at: int | None) -> None:
        self.fail_at = fail_at
        self.statements = 0

    async def execute(self, _sql: str, params: dict[str, Any]) -> FakeCursor:
        self.statements += 1
        if self.statements == self.fail_at:
            raise psycopg.OperationalError("the connection was lost")
        return FakeCursor(list(params["match_ids"]))


def _writer(conn: FakeConnection) -> MoveWriter:
    store = SimpleNamespace(is_postgresql=True, channel="c", instance_id="i")
    writer = MoveWriter(store)  # type: ignore[arg-type]

    async def connection() -> FakeConnection:
        return conn

    writer._pg_connection = connection  # type: ignore[method-assign, assignment]
    return writer


def _moves(count: int) -> list[Advance]:
    return [Advance(f"m{n}", 0, [ActionRow(0, "play 1", 0)], "running", None, None, 0.0)
            for n in range(count)]


def _run(writer: MoveWriter, items: list[Advance]) -> list[bool | BaseException]:
    async def main() -> list[bool | BaseException]:
        writer.start()
        try:
            return await asyncio.gather(*(writer.advance(i) for i in items),
                                        return_exceptions=True)
        finally:
            await writer.close()

    # In a thread of its own: a browser test earlier in this worker leaves Playwright's
    # event loop running in the main thread, where asyncio.run would be refused.
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, main()).result()


def test_a_large_batch_goes_as_one_statement_per_chunk() -> None:
    conn = FakeConnection(fail_at=None)
    results = _run(_writer(conn), _moves(NOTIFY_CHUNK * 2 + 1))
    assert results == [True] * (NOTIFY_CHUNK * 2 + 1)
    assert conn.statements == 3


def test_when_a_later_chunk_fails_the_committed_moves_stay_accepted() -> None:
    results = _run(_writer(FakeConnection(fail_at=2)), _moves(NOTIFY_CHUNK * 2 + 1))
    assert results[:NOTIFY_CHUNK] == [True] * NOTIFY_CHUNK
    assert all(isinstance(r, psycopg.OperationalError) for r in results[NOTIFY_CHUNK:])


def test_when_the_first_chunk_fails_no_move_is_accepted() -> None:
    results = _run(_writer(FakeConnection(fail_at=1)), _moves(3))
    assert all(isinstance(r, psycopg.OperationalError) for r in results)


@pytest.mark.parametrize("count", [1, NOTIFY_CHUNK])
def test_every_move_of_a_small_batch_is_one_statement(count: int) -> None:
    conn = FakeConnection(fail_at=None)
    assert _run(_writer(conn), _moves(count)) == [True] * count
    assert conn.statements == 1


def test_an_inline_sqlite_move_is_committed_without_waiting_for_the_loop() -> None:
    """Handing a move to the batching task cost its acknowledgement two turns of the event
    loop, tens of milliseconds each under attack (issue 13): now ``advance`` commits it
    at once, never suspending, and each move is one transaction."""
    store = SimpleNamespace(is_postgresql=False, inline_writes=True)
    writer = MoveWriter(store)  # type: ignore[arg-type]
    batches: list[list[str]] = []

    def commit(batch: list[Advance]) -> list[bool]:
        batches.append([item.match_id for item in batch])
        return [True] * len(batch)

    writer._commit_batch = commit  # type: ignore[method-assign, assignment]

    async def main() -> list[bool]:
        writer.start()
        try:
            answers = []
            for item in _moves(3):
                advancing = writer.advance(item)
                with pytest.raises(StopIteration) as done:  # finished on its first step
                    advancing.send(None)
                answers.append(done.value.value)
            return answers
        finally:
            await writer.close()

    with ThreadPoolExecutor(1) as thread:
        assert thread.submit(asyncio.run, main()).result() == [True] * 3
    assert batches == [["m0"], ["m1"], ["m2"]]
    assert (writer.batches, writer.batched_moves) == (3, 3)
