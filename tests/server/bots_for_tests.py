"""Bots for the bot-pool tests: they run in the server's worker processes, by module path."""

from __future__ import annotations

import gc
import json
import os
import time
from multiprocessing.connection import Connection
from pathlib import Path

from camelcade.core.action import Action
from camelcade.core.view import View


class CollectorBot:
    """Writes what the collector sees in its worker to ``report``: the objects it tracks
    and the objects frozen out of its sight."""

    name = "test-collector"

    def __init__(self, report: str) -> None:
        self.report = report

    def choose(self, view: View) -> Action:
        Path(self.report).write_text(json.dumps([len(gc.get_objects()),
                                                 gc.get_freeze_count()]))
        return view.legal_actions()[0]


SEEN: list[dict[str, object]] = []
"""What ``SpyBot`` was shown (only filled where it ran: in-process unit tests)."""


class StuckBot:
    """Thinks far beyond any budget: the hard deadline must take its move away."""

    name = "test-stuck"

    def choose(self, view: View) -> Action:
        time.sleep(3600)
        return view.legal_actions()[0]


class SpinBot:
    """Thinks hard (CPU) far beyond any budget."""

    name = "test-spin"

    def choose(self, view: View) -> Action:
        until = time.monotonic() + 3600
        while time.monotonic() < until:
            pass
        return view.legal_actions()[0]


class ClockBot:
    """Has a clock of its own (``time_limit``): the server must cap it to the budget."""

    name = "test-clock"

    def __init__(self) -> None:
        self.time_limit = 60.0

    def choose(self, view: View) -> Action:
        if self.time_limit > 1.0:
            raise AssertionError(f"the budget was not given: time_limit {self.time_limit}")
        return view.legal_actions()[-1]


class SpyBot:
    """Records what it was given: the type of its view, the seat, the process."""

    name = "test-spy"

    def choose(self, view: View) -> Action:
        SEEN.append({"view": view, "player": view.player, "pid": os.getpid(),
                     "observation": view.observation, "history": list(view.history)})
        return view.legal_actions()[0]


WARMED: list[str] = []
"""Who ``preload`` asked to get ready (in-process unit tests)."""


class WarmBot:
    """Says how to get ready, as a compiled search does (``warm``)."""

    name = "test-warm"

    @staticmethod
    def warm() -> None:
        WARMED.append("test-warm")

    def choose(self, view: View) -> Action:
        return view.legal_actions()[0]


def say_if_preloaded(conn: Connection) -> None:
    """A process's target: whether it started with every game loaded (forked warm)."""
    from camelcade.bots import preload

    conn.send(preload._preloaded)
    conn.close()
