"""The bot worker process: rebuilds a match's position and lets a bot choose from its view.

Runs in a child process of the server (``botpool.py``), one job at a time, so a bot that
thinks for seconds costs that process's CPU, never the server's event loop. A job carries
what the database holds of the match — game, options, every action text so far — and the
seat, bot name and seed; the worker replays the actions (keeping recent matches' states,
so each move replays only what is new), builds ``state.view(seat)`` here, where the view
is still live, and hands the bot that view alone, exactly as ``cc.play`` does.
"""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from camelcade.bots import preload
from camelcade.core.agent import Agent
from camelcade.core.game import Game, State
from camelcade.core.plugin import Ref
from camelcade.core.registry import game_class

CACHED_MATCHES = 64
"""Positions a worker keeps between jobs (a match's next bot move replays only the new
actions)."""


@dataclass(frozen=True)
class BotJob:
    """One bot move to choose: everything the worker needs, and nothing secret beyond the
    bot's own seed (the position is rebuilt from public actions and chance outcomes the
    server already drew)."""

    job_id: int
    match_id: str
    game: str
    options: dict[str, Any]
    texts: tuple[str, ...]
    seat: int
    bot: str
    target: str
    """The bot's ``package.module:Class``, so bots registered at run time load here too."""
    settings: dict[str, Any]
    """Its settings (a game's level names a bot with settings)."""
    seed: int
    time_limit: float
    game_target: str = ""
    """The game class's ``package.module:Class``, for a game registered at run time (a
    plug-in, a test) that workers forked before the registration do not know by id."""


@dataclass(frozen=True)
class BotAnswer:
    job_id: int
    action: str | None
    """The chosen action's text, or None when the bot failed (``error`` says how)."""
    error: str | None
    cpu_seconds: float


@dataclass(frozen=True)
class WorkerReady:
    """A new worker's first word: it has started and now waits for its job. Its start-up
    (a little with a warm fork server, most of a second of imports without one) is not
    its first bot's thinking, and the pool counts that bot's CPU from here."""


class Positions:
    """Recent matches' states by id, extended by the actions added since the last job."""

    def __init__(self, size: int = CACHED_MATCHES) -> None:
        self.size = size
        self._states: OrderedDict[str, tuple[str, list[str], State]] = OrderedDict()

    def state_for(self, job: BotJob) -> State:
        key = f"{job.game}:{sorted(job.options.items())}"
        held = self._states.pop(job.match_id, None)
        if held is not None:
            held_key, texts, state = held
            known = len(texts)
            if held_key != key or known > len(job.texts) or list(job.texts[:known]) != texts:
                held = None
        if held is None:
            cls = (Ref[type[Game]](job.game_target).load() if job.game_target
                   else game_class(job.game))
            state = cls.load_saved(job.options).new_state()
            texts = []
        for text in job.texts[len(texts):]:
            state.apply(text)
            texts.append(text)
        self._states[job.match_id] = (key, texts, state)
        while len(self._states) > self.size:
            self._states.popitem(last=False)
        return state


def choose(job: BotJob, positions: Positions) -> str:
    """The bot's action for ``job``: built by name, seeded, capped in time, given the view."""
    state = positions.state_for(job)
    if state.current_player != job.seat:
        raise RuntimeError(f"seat {job.seat} is not to move at action {len(job.texts)}")
    agent: Agent = Ref[Callable[..., Agent]](job.target).load()(**job.settings)
    begin = getattr(agent, "begin", None)
    if callable(begin):
        begin(state.game, job.seat, job.seed)
    own_limit = getattr(agent, "time_limit", None)
    if isinstance(own_limit, int | float) and not isinstance(own_limit, bool):
        agent.time_limit = min(float(own_limit), job.time_limit)  # type: ignore[attr-defined]
    return str(agent.choose(state.view(job.seat)))


def answer(job: BotJob, positions: Positions) -> BotAnswer:
    started = time.process_time()
    try:
        action: str | None = choose(job, positions)
        error = None
    except Exception as failure:  # a bot's bug must not end the worker
        action, error = None, f"{type(failure).__name__}: {failure}"[:300]
    return BotAnswer(job.job_id, action, error, time.process_time() - started)


def process_cpu_seconds(pid: int) -> float | None:
    """CPU seconds a process has used (Linux ``/proc``), or None where that is not known."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def main(conn: Connection, nice: int) -> None:
    """The worker's loop: one job in, one answer out, until the pipe closes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server decides when workers stop
    if nice:
        with contextlib.suppress(OSError):
            os.nice(nice)
    preload.get_ready()
    positions = Positions()
    conn.send(WorkerReady())
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        conn.send(answer(job, positions))
