"""Where matches are played: this process, local worker processes, or a Dask cluster.

All three take the same planned matches and yield the same results (each match carries
its own seeds), in the order they finish. Matches go out in small batches, sized as the
run goes so that a batch takes about :data:`BATCH_SECONDS` (cheap games then cost little
in messages, dear ones still report one by one), with at most two batches per worker in
flight, so stopping — Ctrl-C, or an SPRT that has decided — loses little work. Closing
the iterator cancels what has not started.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from camelcade.bots.preload import worker_context
from camelcade.core.errors import OptionError
from camelcade.core.words import N_, t, translate
from camelcade.sim.match import MatchResult, play_match, play_matches
from camelcade.sim.plan import Match

BATCH_SECONDS = 0.3
MAX_BATCH = 64
SCHEDULER_ADDRESS = re.compile(r"^(tcp|tls|inproc|ucx)://[^\s/]+(:\d+)?/?$")
DASK_MISSING = N_("--scheduler runs matches on a Dask cluster, which needs Dask: "
                "pip install 'camelcade[lab]' (or 'dask[distributed]')")


class _Batches:
    """Cuts the waiting matches into batches of about ``BATCH_SECONDS`` of play."""

    def __init__(self, matches: Sequence[Match], slots: int) -> None:
        self.waiting: deque[Match] = deque(matches)
        self.slots = slots
        self._seconds = 0.0
        self._played = 0

    def learn(self, results: Sequence[MatchResult]) -> None:
        for result in results:
            self._seconds += float(result.record.extra["lab"].get("cpu", 0.0))
            self._played += 1

    def next(self) -> list[Match]:
        size = 1
        if self._played:
            mean = max(self._seconds / self._played, 1e-4)
            size = int(min(MAX_BATCH, max(1, BATCH_SECONDS / mean)))
        size = max(1, min(size, len(self.waiting) // (2 * self.slots) or 1))
        return [self.waiting.popleft() for _ in range(min(size, len(self.waiting)))]


def run_matches(matches: Sequence[Match], *, workers: int = 1,
                scheduler: str | None = None) -> Iterator[MatchResult]:
    """Play ``matches``; yield each result as it finishes (close the iterator to stop)."""
    if workers < 1:
        raise OptionError(t("workers must be at least 1, got {workers}", workers=workers))
    if scheduler is not None:
        yield from _dask(matches, scheduler)
    elif workers == 1 or len(matches) < 2:
        for match in matches:
            yield play_match(match)
    else:
        yield from _processes(matches, workers)


def _processes(matches: Sequence[Match], workers: int) -> Iterator[MatchResult]:
    batches = _Batches(matches, workers)
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=worker_context())
    running: set[Future[list[MatchResult]]] = set()
    try:
        while batches.waiting or running:
            while batches.waiting and len(running) < 2 * workers:
                running.add(pool.submit(play_matches, batches.next()))
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                results = future.result()
                batches.learn(results)
                yield from results
    finally:
        for future in running:
            future.cancel()
        pool.shutdown(wait=True, cancel_futures=True)


def check_scheduler(address: str) -> None:
    """Refuse an address that is not a Dask scheduler's (``tcp://HOST:8786``)."""
    if not SCHEDULER_ADDRESS.match(address):
        raise OptionError(t("--scheduler {address} is not a scheduler address; give one like "
                            "tcp://192.168.1.10:8786", address=repr(address)))


def dask_client(address: str) -> Any:
    """A client of the Dask scheduler at ``address``, or a clear error saying what is wrong."""
    check_scheduler(address)
    try:
        from distributed import Client
    except ImportError:
        raise OptionError(translate(DASK_MISSING)) from None
    try:
        return Client(address, timeout=10, set_as_default=False)  # type: ignore[no-untyped-call]
    except OSError as error:
        raise OptionError(t("no Dask scheduler answers at {address}: {error}; start one with "
                            "'dask scheduler' (see docs/bots.md)", address=address,
                            error=error)) from None


def _dask(matches: Sequence[Match], address: str) -> Iterator[MatchResult]:
    from distributed import as_completed

    client = dask_client(address)
    pending: set[Any] = set()
    try:
        slots = max(1, sum(client.nthreads().values()))
        batches = _Batches(matches, slots)
        running = as_completed(loop=client.loop)  # type: ignore[no-untyped-call]
        while batches.waiting or pending:
            while batches.waiting and len(pending) < 2 * slots:
                future = client.submit(play_matches, batches.next(), pure=False)
                pending.add(future)
                running.add(future)  # type: ignore[no-untyped-call]
            future = next(running)
            pending.discard(future)
            results = future.result()
            batches.learn(results)
            yield from results
    finally:
        if pending:
            client.cancel(list(pending))
        client.close()
