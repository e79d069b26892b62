"""PostgreSQL LISTEN/NOTIFY: how several server processes learn of each other's changes.

Every committed move, join, start or rematch sends a small notification in its own
transaction (so it is delivered only if the change lands). Each process listens on one
dedicated connection and reloads the matches it has in memory when told; presence
(who is connected where) travels the same way. No broker beyond the database is needed.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import psycopg

from camelcade.server.db import libpq_url

log = logging.getLogger(__name__)
Handler = Callable[[dict[str, Any]], Awaitable[None]]


class Listener:
    """Listens on ``channel`` and hands every foreign notification to ``handler``."""

    def __init__(
        self, url: str, channel: str, instance_id: str, handler: Handler,
        on_reconnect: Callable[[], Awaitable[None]],
    ) -> None:
        self.url = libpq_url(url)
        self.channel = channel
        self.instance_id = instance_id
        self.handler = handler
        self.on_reconnect = on_reconnect
        self.ready = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._run(), name="camelcade-listen")

    async def _run(self) -> None:
        delay = 0.2
        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True
                ) as conn:
                    await conn.execute(f'LISTEN "{self.channel}"')
                    self.ready.set()
                    if not first:
                        await self.on_reconnect()  # notifications may have been missed
                    first, delay = False, 0.2
                    async for note in conn.notifies():
                        await self._dispatch(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("LISTEN connection lost (%s); retrying in %.1fs", error, delay)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)

    async def _dispatch(self, payload: str) -> None:
        try:
            data = json.loads(payload)
        except ValueError:
            return
        if not isinstance(data, dict) or data.get("i") == self.instance_id:
            return
        try:
            await self.handler(data)
        except Exception:
            log.exception("handling notification %s failed", payload[:200])

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
