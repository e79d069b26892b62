"""Every game and bot loaded once, in the fork server, so the processes it forks start warm.

A process has one fork server (``multiprocessing``), and whichever part of it starts the
server first decides what it preloads. The bot pool and the simulation runner both start
theirs through :func:`worker_context`, so the server is warm whoever comes first. Before,
the runner started it bare: in the test suite every bot worker after it loaded each game
for its first job, seconds on a loaded machine, and its move fell back at the deadline.
A worker forked from a fork server started elsewhere, bare, still catches up
(:func:`get_ready`).
"""

from __future__ import annotations

import contextlib
import gc
import multiprocessing
from multiprocessing.context import ForkServerContext, SpawnContext

from camelcade import bots as bot_registry
from camelcade.core.registry import game_class, game_ids

FORKSERVER_MODULE = "camelcade.bots.forkserver_preload"
"""The module the fork server imports first: importing it runs :func:`preload`."""

_preloaded = False
"""Set by ``preload``; a process forked from a fork server that ran it inherits it."""


def preload() -> None:
    """Import every game and bot once, so processes forked from this one start warm.

    A worker forked after it spends its first job thinking, not importing. A bot class
    with a ``warm()`` static method is asked to get ready here too (a compiled search
    loads its machine code): a worker killed at the move deadline while compiling would
    never get to play.

    What it loaded is then frozen out of the collector's sight (``gc.freeze``). A worker
    inherits the fork server's collector counts, so its first full collection, often in
    its first job, walked all 160,000 preloaded objects and copied every page it touched:
    84 ms of CPU, more than a quick bot's 50 ms share.
    """
    global _preloaded
    for game_id in game_ids():
        game_class(game_id)
    for name in bot_registry.names():
        with contextlib.suppress(Exception):
            loaded = bot_registry.ref(name).load()
            warm = getattr(loaded, "warm", None)
            if callable(warm):
                warm()
    gc.collect()
    gc.freeze()
    _preloaded = True


def get_ready() -> None:
    """Load (``preload``) what the fork server did not, before the first job is taken.

    A fork server some code started bare (a library, a test) makes cold workers: a random
    bot's first move, importing its game, used 0.2 s of CPU and was judged slow (CI,
    2026-12-06). The bot pool counts a job's time from the worker's ``WorkerReady``, sent
    after this, so start-up is not counted as thinking.
    """
    if not _preloaded:
        preload()


def worker_context() -> ForkServerContext | SpawnContext:
    """The fork server where there is one (POSIX), preloading every game and bot: workers
    fork from a warm, thread-free parent (forking a process that runs threads, a test
    runner or a web server, can deadlock the child). Elsewhere, spawn."""
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload([FORKSERVER_MODULE])
        return context
    return multiprocessing.get_context("spawn")
