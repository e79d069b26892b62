"""A bounded pool of bot worker processes with per-move budgets and fair scheduling.

Eight bot-vs-bot matches of a search bot once took a normal match's random bot from
1.8 ms to 7.6 s and a person's acknowledgement from 2.8 to 70 ms: the bots ran in threads
of the server process and won the GIL from the event loop. Now every bot move is a job
for one of ``bot_workers`` child processes (``botworker.py``), started niced so a thinking
bot yields the CPU to the server. How jobs are chosen:

- **Lanes.** With two or more workers, the first is kept for *quick* bots (those whose
  moves have taken at most ``quick_bot_seconds`` of CPU on average, measured per bot
  name): a random bot's reply never waits behind a search. A bot not yet measured makes
  its first move on a general worker, or on the quick one while those are all busy, where
  it may use ``quick_bot_seconds`` of CPU. One still thinking after that (or, once found
  quick, after ``QUICK_OVERRUN`` times its share) on the quick worker has its worker
  replaced, its job moved to the general workers, and stays there.
- **Priority and fairness.** Matches where a person sits go before bot-only matches;
  among equals, the match whose bots used the least CPU lately (halving every
  ``USAGE_HALF_LIFE`` seconds) goes first, then the oldest job. Each match has at most one
  job at a time, so no match can queue many.
- **Budget.** A bot with a clock of its own (a ``time_limit`` setting) is given at most
  ``bot_move_seconds``; any bot still thinking at ``bot_move_deadline`` has its worker
  killed and replaced, and the caller plays a fallback move.

Workers are forked from a preloaded fork server (every game imported once,
``bots.preload``), so replacing one takes milliseconds; a worker says when it has
started (``WorkerReady``), and only then do the move deadline and the quick worker's
judge start counting: a fork server some other code started bare makes each new worker
load every game for a second or more, and that is not its bot's thinking. A worker
answers over a pipe the event loop watches directly: no thread has to win the GIL
back to deliver an answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import multiprocessing
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from camelcade import bots as bot_registry
from camelcade.bots.preload import worker_context
from camelcade.core.errors import OptionError
from camelcade.core.registry import plugin
from camelcade.server import botworker
from camelcade.server.botworker import BotAnswer, BotJob, WorkerReady, process_cpu_seconds

log = logging.getLogger(__name__)
USAGE_HALF_LIFE = 30.0
"""Seconds over which a match's recent bot CPU counts half as much."""
QUICK_OVERRUN = 4.0
"""A quick bot still thinking after this many times ``quick_bot_seconds`` is not quick."""
QUICK_WALL_SECONDS = 1.0
"""A quick bot's move that has taken this long, CPU or not, is not quick."""
STARTUP_SECONDS = 20.0
"""A worker not ready this long after its job was sent is broken (a cold fork server's
worker loads every game first: about 2 s, several on a loaded machine)."""
COST_WEIGHT = 0.3
"""Weight of the newest move in a bot name's running average cost."""


def bot_target(game: str, name: str) -> tuple[str, dict[str, Any]]:
    """Where the bot ``name`` (or level ``@name`` of ``game``) lives, and its settings.

    Names are resolved here, in the server, so a bot registered while it runs (a plug-in,
    a test) is found in workers forked from a parent that never saw the registration.
    """
    try:
        found, settings = bot_registry.resolve(game, name)
    except OptionError as error:
        raise ValueError(str(error)) from None
    return found.target, settings


@dataclass(eq=False)
class Pending:
    """A job waiting for (or running on) a worker, and the future its caller awaits."""

    job: BotJob
    people: bool
    submitted: float
    future: asyncio.Future[str | None]


@dataclass(eq=False)
class Worker:
    index: int
    quick_only: bool
    nice: int
    process: BaseProcess | None = None
    conn: Connection | None = None
    running: Pending | None = None
    started: float = 0.0
    watchdog: asyncio.TimerHandle | None = None
    ready: bool = False
    """The process has said it started (``WorkerReady``); its CPU before that is its own."""
    thinking_since: float = 0.0
    cpu_at_start: float = 0.0
    cpu_limit: float = 0.0
    """CPU seconds the running job may use on the quick worker (``BotPool.quick_limit``)."""
    jobs_done: int = 0


@dataclass
class PoolStats:
    jobs: int = 0
    fallbacks: int = 0
    replaced_workers: int = 0
    bot_cpu_seconds: float = 0.0
    by_bot: dict[str, float] = field(default_factory=dict)


class BotPool:
    """See the module docstring. ``choose`` is the one call the server makes."""

    def __init__(self, workers: int, move_seconds: float, deadline: float,
                 quick_seconds: float, nice: int) -> None:
        self.move_seconds = move_seconds
        self.deadline = deadline
        self.quick_seconds = quick_seconds
        count = max(1, workers)
        self.workers = [Worker(i, quick_only=count > 1 and i == 0, nice=0 if
                               (count > 1 and i == 0) else nice) for i in range(count)]
        self.pending: list[Pending] = []
        self.cost: dict[str, float] = {}
        """Running average CPU seconds per move, by bot name."""
        self.demoted: set[str] = set()
        """Bots that overran the quick worker once: they stay on the general workers."""
        self.usage: dict[str, tuple[float, float]] = {}
        """Recent bot CPU by match: (seconds, when last updated)."""
        self.stats = PoolStats()
        self._ids = itertools.count(1)
        self._closed = False
        self.observe_wait: Callable[[float], None] = _ignore
        """Told how long each job waited for a worker (the server's metrics)."""

    @property
    def closed(self) -> bool:
        return self._closed

    def dead_workers(self) -> list[int]:
        """Workers whose process was started and has died, not yet replaced (``/ready``)."""
        return [worker.index for worker in self.workers
                if worker.process is not None and not worker.process.is_alive()]

    def snapshot(self) -> dict[str, Any]:
        """The pool as ``camelcade admin bots`` shows it: each worker, the queue, totals."""
        now = time.monotonic()
        return {
            "workers": [{
                "index": worker.index,
                "kind": "quick" if worker.quick_only else "general",
                "process": ("not started" if worker.process is None  # started at its first job
                            else "alive" if worker.process.is_alive() else "dead"),
                "busy_with": worker.running.job.bot if worker.running is not None else None,
                "busy_seconds": round(now - worker.started, 3)
                if worker.running is not None else 0.0,
                "jobs_done": worker.jobs_done,
            } for worker in self.workers],
            "queued": len(self.pending),
            "jobs": self.stats.jobs,
            "fallbacks": self.stats.fallbacks,
            "replaced_workers": self.stats.replaced_workers,
            "bot_cpu_seconds": round(self.stats.bot_cpu_seconds, 3),
        }

    def prepare(self) -> None:
        """Start the fork server now, on a thread of its own (daemon: never waited for).

        The fork server imports every game and bot and warms those that say how: a second
        here, more on a machine that has never compiled a bot's search kernel. Started by
        the first bot move instead, it held the event loop that whole time (1.03 s,
        measured under the attack benchmark), so the server starts it as it starts.
        """
        if "forkserver" not in multiprocessing.get_all_start_methods():
            return
        worker_context()  # names the preload before the fork server starts

        def start() -> None:
            from multiprocessing import forkserver

            try:
                forkserver.ensure_running()
            except Exception:  # the first job will try again, and log what fails
                log.exception("the bot workers' fork server did not start")

        threading.Thread(target=start, name="camelcade-forkserver", daemon=True).start()

    # -- the server's call ---------------------------------------------------------------

    async def choose(self, match_id: str, game: str, options: dict[str, Any],
                     texts: list[str], seat: int, bot: str, seed: int,
                     people: bool) -> str | None:
        """The bot's action text, or None if it failed or ran out of time (play a fallback).

        Cancelling the call (the match moved on, the server stops) withdraws the job.
        """
        if self._closed:
            return None
        try:
            target, settings = bot_target(game, bot)
        except ValueError:
            log.error("match %s names bot %r, which this server does not have", match_id, bot)
            return None
        job = BotJob(next(self._ids), match_id, game, dict(options), tuple(texts), seat, bot,
                     target, settings, seed, self.move_seconds,
                     game_target=plugin(game).game.target)
        loop = asyncio.get_running_loop()
        pending = Pending(job, people, time.monotonic(), loop.create_future())
        self.pending.append(pending)
        self._dispatch()
        try:
            return await pending.future
        finally:
            if pending in self.pending:
                self.pending.remove(pending)

    # -- scheduling ------------------------------------------------------------------------

    def _recent_usage(self, match_id: str, now: float) -> float:
        seconds, stamp = self.usage.get(match_id, (0.0, now))
        return float(seconds * 0.5 ** ((now - stamp) / USAGE_HALF_LIFE))

    def is_quick(self, bot: str) -> bool:
        """Judged when a job is handed out, so a bot found slow meanwhile waits its turn.

        A bot not yet measured is not quick (see ``_fits``).
        """
        cost = self.cost.get(bot)
        return cost is not None and cost <= self.quick_seconds and bot not in self.demoted

    def _fits(self, worker: Worker, bot: str) -> bool:
        """Whether ``worker`` may run ``bot`` now.

        The quick worker runs quick bots, and a bot not yet measured only while every
        general worker is busy: counted quick, each new bot spec (``mcts:iterations=1001``
        and so on) held the quick worker until it was found slow, up to a second, and every
        person's random bot waited meanwhile. Made first on a general worker, its move
        measures it there. While one move of it is being made (measured) anywhere, the
        next waits for that measure rather than try the quick worker: the attack
        benchmark's bot matches all name ``mcts``, and one trial is enough.
        """
        if not worker.quick_only or self.is_quick(bot):
            return True
        return bot not in self.cost and bot not in self.demoted and all(
            other.running is not None for other in self.workers if not other.quick_only
        ) and not any(other.running is not None and other.running.job.bot == bot
                      for other in self.workers)

    def quick_limit(self, bot: str) -> float:
        """CPU seconds ``bot`` may think on the quick worker before it is found slow.

        A bot found quick may overrun its average now and then (``QUICK_OVERRUN``). A bot
        not yet measured is there on trial, while every general worker is busy: the
        attack benchmark's first ``mcts`` move held the quick worker for four times the
        quick share before it was found slow, and the random bots queued behind it had a
        p99 of 300 ms. On trial it gets the quick share once.
        """
        return self.quick_seconds * (QUICK_OVERRUN if self.is_quick(bot) else 1.0)

    def _next_for(self, worker: Worker, now: float) -> Pending | None:
        eligible = [p for p in self.pending if not p.future.done()
                    and self._fits(worker, p.job.bot)]
        if not eligible:
            return None
        return min(eligible, key=lambda p: (not p.people,
                                            self._recent_usage(p.job.match_id, now),
                                            p.submitted))

    def _dispatch(self) -> None:
        now = time.monotonic()
        self.pending = [p for p in self.pending if not p.future.done()]
        for worker in self.workers:
            if worker.running is not None:
                continue
            chosen = self._next_for(worker, now)
            if chosen is None:
                continue
            self.pending.remove(chosen)
            self._run(worker, chosen)

    def _run(self, worker: Worker, pending: Pending) -> None:
        try:
            conn = self._ensure(worker)
            conn.send(pending.job)
        except Exception:
            log.exception("bot worker %d could not take a job", worker.index)
            self._replace(worker)
            if not pending.future.done():
                pending.future.set_result(None)
            return
        worker.running = pending
        worker.started = time.monotonic()
        self.observe_wait(worker.started - pending.submitted)
        worker.cpu_limit = self.quick_limit(pending.job.bot)
        if worker.ready:
            self._start_clock(worker)
        else:  # the clock starts at ``WorkerReady``; a start-up has its own allowance
            worker.watchdog = asyncio.get_running_loop().call_later(
                STARTUP_SECONDS, self._overrun, worker, pending)

    def _ensure(self, worker: Worker) -> Connection:
        if worker.conn is not None and worker.process is not None and worker.process.is_alive():
            return worker.conn
        self._stop_process(worker)
        parent, child = multiprocessing.Pipe(duplex=True)
        process = worker_context().Process(
            target=botworker.main, args=(child, worker.nice),
            name=f"camelcade-bot-{worker.index}", daemon=True)
        process.start()
        child.close()
        worker.process, worker.conn, worker.ready = process, parent, False
        asyncio.get_running_loop().add_reader(parent.fileno(), self._answered, worker)
        return parent

    # -- answers, overruns, failures -----------------------------------------------------

    def _answered(self, worker: Worker) -> None:
        conn = worker.conn
        if conn is None:
            return
        try:
            answer: BotAnswer | WorkerReady = conn.recv()
        except (EOFError, OSError):  # the worker died: its job falls back
            running = worker.running
            self._replace(worker)
            if running is not None and not running.future.done():
                self.stats.fallbacks += 1
                running.future.set_result(None)
            self._dispatch()
            return
        if isinstance(answer, WorkerReady):  # started: the job's clock starts now
            worker.ready = True
            if worker.running is not None:
                self._start_clock(worker)
            return
        running = worker.running
        self._finish(worker)
        if running is None or running.job.job_id != answer.job_id:
            self._dispatch()
            return
        self._account(running.job, answer.cpu_seconds)
        if answer.error is not None:
            log.error("bot %s failed in match %s: %s", running.job.bot, running.job.match_id,
                      answer.error)
            self.stats.fallbacks += 1
        if not running.future.done():
            running.future.set_result(answer.action)
        self._dispatch()

    def _start_clock(self, worker: Worker) -> None:
        """The running job's thinking starts now, not at the process's start-up
        (``WorkerReady``): both the quick worker's judge and the move deadline count from
        here. A worker forked from a cold fork server loads every game for a second or two
        first, and a deadline counting that gave a random bot's move to a fallback."""
        if worker.watchdog is not None:
            worker.watchdog.cancel()
        worker.thinking_since = time.monotonic()
        if worker.quick_only and worker.process is not None:
            worker.cpu_at_start = process_cpu_seconds(worker.process.pid or 0) or 0.0
        pending = worker.running
        if pending is None:
            return
        limit = worker.cpu_limit if worker.quick_only else self.deadline
        worker.watchdog = asyncio.get_running_loop().call_later(
            min(limit, self.deadline), self._overrun, worker, pending)

    def _account(self, job: BotJob, cpu: float) -> None:
        now = time.monotonic()
        self.usage[job.match_id] = (self._recent_usage(job.match_id, now) + cpu, now)
        if len(self.usage) > 10_000:
            self.usage = dict(sorted(self.usage.items(), key=lambda kv: kv[1][1])[-5_000:])
        before = self.cost.get(job.bot)
        self.cost[job.bot] = cpu if before is None else (
            before * (1 - COST_WEIGHT) + cpu * COST_WEIGHT)
        self.stats.jobs += 1
        self.stats.bot_cpu_seconds += cpu
        self.stats.by_bot[job.bot] = self.stats.by_bot.get(job.bot, 0.0) + cpu

    def _overrun(self, worker: Worker, pending: Pending) -> None:
        """The job outlived its limit: replace the worker; fall back, or move lanes.

        A worker that has not said ``WorkerReady`` within ``STARTUP_SECONDS`` is broken:
        its job falls back. Once it is ready, the job's limit counts from then. On the
        quick worker the limit is CPU time where it can be read: a quick bot on a machine
        busy with other work is slow to answer, not slow to think, so it keeps its lane
        (and the watch goes on) until it has used the CPU of a slow one, or has taken
        ``QUICK_WALL_SECONDS`` (a bot that waits on something is not quick either).
        """
        if worker.running is not pending:
            return
        now, ready = time.monotonic(), worker.ready
        thinking = now - worker.thinking_since if ready else now - worker.started
        limit = worker.cpu_limit
        wall_limit = min(self.deadline, QUICK_WALL_SECONDS)
        if (ready and worker.quick_only and thinking < wall_limit
                and worker.process is not None):
            used = process_cpu_seconds(worker.process.pid or 0)
            if used is not None and used - worker.cpu_at_start < limit:
                worker.watchdog = asyncio.get_running_loop().call_later(
                    min(limit, wall_limit - thinking), self._overrun, worker, pending)
                return
        self._replace(worker)
        if pending.future.done():
            self._dispatch()
            return
        if not ready:
            log.warning("bot worker %d did not start within %.0f s; a fallback moves",
                        worker.index, STARTUP_SECONDS)
            self.stats.fallbacks += 1
            pending.future.set_result(None)
        elif worker.quick_only and thinking < self.deadline:
            log.warning("bot %s is not quick (%.2f s); it moves to the general workers",
                        pending.job.bot, thinking)
            self.demoted.add(pending.job.bot)
            self.pending.append(pending)
        else:
            log.warning("bot %s in match %s ran out of time (%.1f s); a fallback moves",
                        pending.job.bot, pending.job.match_id, thinking)
            self.stats.fallbacks += 1
            pending.future.set_result(None)
        self._dispatch()

    def _finish(self, worker: Worker) -> None:
        if worker.watchdog is not None:
            worker.watchdog.cancel()
            worker.watchdog = None
        worker.running = None
        worker.jobs_done += 1

    def _replace(self, worker: Worker) -> None:
        """Kill the worker's process; the next job starts a fresh one."""
        self._finish(worker)
        self._stop_process(worker)
        self.stats.replaced_workers += 1

    def _stop_process(self, worker: Worker) -> None:
        if worker.conn is not None:
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().remove_reader(worker.conn.fileno())
            with contextlib.suppress(Exception):
                worker.conn.close()
            worker.conn = None
        if worker.process is not None:
            with contextlib.suppress(Exception):
                if worker.process.is_alive():
                    worker.process.kill()
                worker.process.join(2)
            worker.process = None

    async def close(self) -> None:
        self._closed = True
        for pending in self.pending:
            if not pending.future.done():
                pending.future.set_result(None)
        self.pending.clear()
        for worker in self.workers:
            running = worker.running
            self._finish(worker)
            if running is not None and not running.future.done():
                running.future.set_result(None)
            if worker.conn is not None:
                with contextlib.suppress(Exception):
                    worker.conn.send(None)
            self._stop_process(worker)


def _ignore(_seconds: float) -> None:
    """No one is told (a pool outside a server: tests, the benchmarks)."""
