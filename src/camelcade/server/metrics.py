"""Prometheus metrics of one server process, through prometheus-client.

Each ``Services`` has its own ``CollectorRegistry`` (tests run several servers in one
process, and the library's global registry would mix them). What is counted as it happens
(moves acknowledged, their latency, bot waits, commit times) is observed where it happens;
what is a level (matches live, websockets open, bot jobs queued) is read when scraped, so
the hot paths pay nothing for it.

A host exposes them one of two ways (``docs/hosting.md``): on a port of their own
(``metrics_port``, bound to ``metrics_host``: off the public port), or at ``/metrics`` on
the public port behind ``Authorization: Bearer METRICS_TOKEN``. With neither, there is no
``/metrics`` at all.
"""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Callable, Iterator
from typing import Any

from prometheus_client import (
    CollectorRegistry,
    Counter,
    Histogram,
    ProcessCollector,
    generate_latest,
    start_http_server,
)
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
"""Seconds: a move's acknowledgement is a few milliseconds on a healthy server."""


class Levels(Collector):
    """Gauges read from the running server at scrape time (see the module docstring)."""

    def __init__(self, read: Callable[[], dict[str, Any]]) -> None:
        self.read = read

    def collect(self) -> Iterator[Metric]:
        now = self.read()
        live = GaugeMetricFamily("camelcade_matches_live",
                                 "Matches running in this process, by game.", labels=["game"])
        for game, count in sorted(now["matches_by_game"].items()):
            live.add_metric([game], count)
        yield live
        yield GaugeMetricFamily("camelcade_matches_in_memory",
                                "Matches held in this process's memory (any status).",
                                value=now["matches_in_memory"])
        yield GaugeMetricFamily("camelcade_websockets_open",
                                "Websockets open on this process.", value=now["websockets"])
        yield GaugeMetricFamily("camelcade_bot_jobs_queued",
                                "Bot moves waiting for a worker.", value=now["bot_jobs_queued"])


class Metrics:
    """The metrics of one server; the server calls the ``observe_*`` methods."""

    def __init__(self, read_levels: Callable[[], dict[str, Any]]) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.moves = Counter("camelcade_moves_acknowledged",
                             "Moves of people accepted, committed and acknowledged.",
                             registry=self.registry)
        self.ack_seconds = Histogram("camelcade_ack_latency_seconds",
                                     "Seconds from a move's arrival to its acknowledgement.",
                                     buckets=LATENCY_BUCKETS, registry=self.registry)
        self.bot_wait = Histogram("camelcade_bot_job_wait_seconds",
                                  "Seconds a bot move waited for a worker.",
                                  buckets=LATENCY_BUCKETS, registry=self.registry)
        self.commit_seconds = Histogram("camelcade_db_commit_seconds",
                                        "Seconds one batch of moves took to commit.",
                                        buckets=LATENCY_BUCKETS, registry=self.registry)
        ProcessCollector(registry=self.registry)  # CPU seconds, resident memory, open files
        self.registry.register(Levels(read_levels))
        self._server: Any = None

    def observe_ack(self, seconds: float) -> None:
        self.moves.inc()
        self.ack_seconds.observe(seconds)

    def observe_bot_wait(self, seconds: float) -> None:
        self.bot_wait.observe(seconds)

    def observe_commit(self, seconds: float) -> None:
        self.commit_seconds.observe(seconds)

    def exposition(self) -> bytes:
        """The text format Prometheus scrapes."""
        return generate_latest(self.registry)

    def serve(self, host: str, port: int) -> None:
        """Serve the metrics on ``host:port`` from a thread (``metrics_port``)."""
        self._server, _thread = start_http_server(port, addr=host, registry=self.registry)

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None


def matches_by_game(games: list[str]) -> dict[str, int]:
    """``{game: count}`` of the games of the running matches listed."""
    return dict(Tally(games))
