"""When the server's process collects cyclic garbage: rarely, on its own schedule.

Python's collector runs a full collection whenever the objects that survived into its
oldest generation since the last one reach a quarter of those already there. A server
holding 500 matches and 1,000 websockets keeps about half a million such objects (the
matches' sentences and views, each connection's ASGI coroutines), so the full collection
came every 30-40 seconds under load and stopped the event loop for 0.3 s each time: every
move waiting then took that long, and at 500 moves a second that alone was the top
percent of the acknowledgements. Yet it freed almost nothing (1,000-1,500 objects of
477,000): what a server drops is freed by reference counting, and the young collections
take the short-lived cycles.

So the server turns Python's automatic full collections off and runs one itself when
``every_seconds`` have passed since the last, or sooner when the process has grown by
``growth_bytes`` since (a workload that does leave cycles behind), checking every few
seconds. The young and middle collections stay Python's. A full collection still pauses
the loop for as long as it takes, now once in many minutes instead of twice a minute; it
is logged with its length.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import os
import time
from collections.abc import Callable

log = logging.getLogger(__name__)

NEVER = 1 << 30
"""A third threshold Python's collector never reaches: no automatic full collection."""


def resident_bytes() -> int | None:
    """The process's resident memory (Linux ``/proc``), or None where it cannot be read."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None


class Collector:
    """Runs the process's full collections: at most ``every_seconds`` apart, sooner when the
    resident memory grew by ``growth_bytes`` since the last one."""

    def __init__(self, every_seconds: float, growth_bytes: int, check_seconds: float = 5.0,
                 clock: Callable[[], float] = time.monotonic,
                 memory: Callable[[], int | None] = resident_bytes) -> None:
        if every_seconds <= 0 or growth_bytes <= 0 or check_seconds <= 0:
            raise ValueError("a full collection's interval, growth and check must be above 0")
        self.every_seconds = every_seconds
        self.growth_bytes = growth_bytes
        self.check_seconds = check_seconds
        self.clock = clock
        self.memory = memory
        self.last = clock()
        self.baseline = memory()
        self.collections = 0

    def install(self) -> None:
        """Take full collections over from Python (young and middle ones stay its own)."""
        young, middle, _old = gc.get_threshold()
        gc.set_threshold(young, middle, NEVER)
        self.last = self.clock()
        self.baseline = self.memory()

    def due(self) -> str | None:
        """Why a full collection is due now ("time", "memory"), or None."""
        if self.clock() - self.last >= self.every_seconds:
            return "time"
        now = self.memory()
        if now is not None and self.baseline is not None and (
                now - self.baseline >= self.growth_bytes):
            return "memory"
        return None

    def collect(self, reason: str) -> float:
        """One full collection now; returns the seconds it took."""
        started = time.perf_counter()
        freed = gc.collect()
        took = time.perf_counter() - started
        self.collections += 1
        self.last = self.clock()
        self.baseline = self.memory()
        log.info("full garbage collection (%s): %.3f s, %d objects freed", reason, took, freed)
        return took

    def step(self) -> float | None:
        """Collect if due; the seconds taken, or None when nothing was due."""
        reason = self.due()
        return None if reason is None else self.collect(reason)

    async def run(self) -> None:
        """Check every ``check_seconds`` until cancelled."""
        while True:
            await asyncio.sleep(self.check_seconds)
            self.step()
