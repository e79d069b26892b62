"""A few at a time: work let through at most ``per_turn`` a turn of the event loop.

The event loop runs, in each turn, every callback that was ready when the turn began, and
polls the sockets between turns. A crowd woken at once (400 spectators' senders after a
move, 200 spectators reconnecting together) fills one turn with its work, tens of
milliseconds, and a seat's move arriving meanwhile is not even read until it is done.
Passing a ``Gate`` first, a crowd goes through a few a turn, so other work (a seat's
message, the next frame read) runs between them. The server keeps three: spectators'
sends, new websockets' hand-shakes (``wsprotocol``), and their acceptance (``session``).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable

log = logging.getLogger(__name__)


class Gate:
    """Runs at most ``per_turn`` callbacks a turn of the loop, the rest in order in later
    turns. The count starts again each turn: a callback scheduled when the first one of a
    turn passes resets it, and lets those waiting through."""

    def __init__(self, per_turn: int) -> None:
        self.per_turn = max(1, per_turn)
        self.passed = 0
        self.waiting: deque[Callable[[], bool | None]] = deque()
        self.scheduled = False

    def run(self, callback: Callable[[], bool | None]) -> None:
        """Run ``callback`` now if this turn has room and nobody waits, else in a later
        turn. A callback that returns False took no turn (its caller had gone)."""
        if not self.waiting and self.passed < self.per_turn:
            self.passed += 1
            self._schedule()
            callback()
            return
        self.waiting.append(callback)
        self._schedule()

    async def turn(self) -> None:
        """Wait until this task's turn comes (at once, if this turn has room)."""
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.run(lambda: _release(future))
        await future

    def _schedule(self) -> None:
        if not self.scheduled:
            self.scheduled = True
            asyncio.get_running_loop().call_soon(self._turn)

    def _turn(self) -> None:
        self.scheduled = False
        self.passed = 0
        while self.waiting and self.passed < self.per_turn:
            try:
                took = self.waiting.popleft()()
            except Exception:  # one broken callback must not stop the others
                log.exception("a gated callback failed")
                took = True
            if took is not False:
                self.passed += 1
        if self.passed:  # a later turn starts the count again (and serves who waits)
            self._schedule()


def _release(future: asyncio.Future[None]) -> bool:
    """Let a waiting task through; False if it stopped waiting (cancelled)."""
    if future.done():
        return False
    future.set_result(None)
    return True
