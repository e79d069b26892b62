"""The server's full garbage collections come on its own schedule (issue 13, capacity: with
500 matches held, Python's own schedule paused the event loop 0.3 s twice a minute)."""

from __future__ import annotations

import asyncio
import gc
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from camelcade.server.collector import NEVER, Collector, resident_bytes
from camelcade.server.settings import settings_for
from tests.server.support import ServerProcess

MB = 2**20


class Fake:
    def __init__(self) -> None:
        self.now = 100.0
        self.rss: int | None = 500 * MB

    def clock(self) -> float:
        return self.now

    def memory(self) -> int | None:
        return self.rss


@pytest.fixture
def thresholds() -> Iterator[None]:
    kept = gc.get_threshold()
    yield
    gc.set_threshold(*kept)


def test_install_turns_off_pythons_full_collections_only(thresholds: None) -> None:
    young, middle, _old = gc.get_threshold()
    Collector(600, 256 * MB).install()
    assert gc.get_threshold() == (young, middle, NEVER)


def test_a_full_collection_is_due_after_the_interval(thresholds: None) -> None:
    fake = Fake()
    collector = Collector(600, 256 * MB, clock=fake.clock, memory=fake.memory)
    collector.install()
    fake.now += 599
    assert collector.step() is None and collector.collections == 0
    fake.now += 1
    assert collector.due() == "time"
    assert collector.step() is not None and collector.collections == 1
    assert collector.due() is None  # the interval starts again from the collection


def test_growth_brings_a_full_collection_sooner(thresholds: None) -> None:
    fake = Fake()
    collector = Collector(600, 256 * MB, clock=fake.clock, memory=fake.memory)
    collector.install()
    fake.rss = 755 * MB
    assert collector.due() is None
    fake.rss = 756 * MB
    assert collector.due() == "memory"
    collector.collect("memory")
    assert collector.due() is None  # measured again from the size after collecting
    fake.rss = None  # memory unreadable: only the clock decides
    assert collector.due() is None
    fake.now += 600
    assert collector.due() == "time"


def test_the_schedule_is_checked_while_the_server_runs(thresholds: None) -> None:
    fake = Fake()
    collector = Collector(10, 256 * MB, check_seconds=0.01, clock=fake.clock,
                          memory=fake.memory)

    async def run() -> None:
        task = asyncio.create_task(collector.run())
        fake.now += 10
        for _ in range(200):
            await asyncio.sleep(0.01)
            if collector.collections:
                break
        task.cancel()

    asyncio.run(run())
    assert collector.collections == 1


def test_bad_schedules_are_refused() -> None:
    with pytest.raises(ValueError, match="above 0"):
        Collector(0, MB)
    with pytest.raises(ValueError, match="above 0"):
        Collector(60, 0)


def test_the_schedule_is_an_operators_setting() -> None:
    settings = settings_for(None, environ={"CAMELCADE_SERVER_GC_FULL_SECONDS": "120",
                                           "CAMELCADE_SERVER_GC_FULL_GROWTH_MB": "64"})
    assert (settings.gc_full_seconds, settings.gc_full_growth_mb) == (120.0, 64.0)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_resident_memory_is_read_on_linux() -> None:
    size = resident_bytes()
    assert size is not None and size > MB


def test_the_server_process_runs_its_own_full_collections(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    server = ServerProcess(f"sqlite:///{tmp_path / 'db.sqlite'}", log=log,
                           env={"CAMELCADE_SERVER_GC_FULL_SECONDS": "0.5"})
    server.start()
    try:
        deadline = time.monotonic() + 30
        while "full garbage collection (time)" not in log.read_text(encoding="utf-8"):
            assert time.monotonic() < deadline, log.read_text(encoding="utf-8")[-2000:]
            time.sleep(0.2)
    finally:
        server.stop()
