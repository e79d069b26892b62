"""How long a search may think: a number of iterations, a time, or both (the first reached).

An iteration budget is reproducible: the same seed and the same position give the same
move on any machine, loaded or not. A time budget is not: how many iterations fit in a
second depends on the machine and on what else runs on it, so a timed bot's games do not
repeat from their seed (the lab warns about it). ``clock="wall"`` counts the seconds a
person waits; ``clock="cpu"`` counts the CPU seconds of the searching thread, which a
busy machine does not steal, so two bots compared "at equal time" on a shared machine get
equal work.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from camelcade.core.errors import OptionError
from camelcade.core.words import t

CLOCKS: dict[str, Callable[[], float]] = {
    "wall": time.perf_counter,
    "cpu": time.thread_time,
}
"""What a ``time_limit`` counts, by the name a bot's ``clock`` setting takes."""

DEFAULT_ITERATIONS = 1000
"""Iterations a move when a search is given neither iterations nor a time."""


def clock_named(name: str) -> Callable[[], float]:
    """The clock called ``name`` (``wall`` or ``cpu``); any other name is refused."""
    found = CLOCKS.get(name) if isinstance(name, str) else None
    if found is None:
        raise OptionError(t("clock must be one of {allowed}, got {given}",
                            allowed=", ".join(CLOCKS), given=repr(name)))
    return found


@dataclass(frozen=True)
class Budget:
    """``iterations`` (None: no cap) and ``time_limit`` seconds (None: no limit) a move.

    With neither given a search makes ``DEFAULT_ITERATIONS``; with a time only, it runs
    until the time is up; with both, until the first is reached. At least one iteration
    is always made, so a move is never chosen blind.
    """

    iterations: int | None = None
    time_limit: float | None = None
    clock: str = "wall"

    @classmethod
    def of(cls, iterations: int | None, time_limit: float | None, clock: str = "wall"
           ) -> Budget:
        """A checked budget: bad settings raise ``OptionError`` saying what is allowed."""
        if iterations is not None and (isinstance(iterations, bool)
                                       or not isinstance(iterations, int) or iterations < 1):
            raise OptionError(t("iterations must be a whole number of at least 1 (or none "
                                "with a time_limit), got {given}", given=repr(iterations)))
        if time_limit is not None:
            if isinstance(time_limit, bool) or not isinstance(time_limit, int | float) or (
                    not time_limit > 0):
                raise OptionError(t("time_limit must be a number of seconds above 0, or none, "
                                    "got {given}", given=repr(time_limit)))
            time_limit = float(time_limit)
        clock_named(clock)
        if iterations is None and time_limit is None:
            iterations = DEFAULT_ITERATIONS
        return cls(iterations, time_limit, clock)

    def runner(self) -> Callable[[int], bool]:
        """A test ``more(done)`` for the loop of one move, its clock started now."""
        cap = self.iterations
        if self.time_limit is None:
            assert cap is not None
            return lambda done: done < cap
        clock = clock_named(self.clock)
        deadline = clock() + self.time_limit
        if cap is None:
            return lambda done: done == 0 or clock() < deadline
        return lambda done: done == 0 or (done < cap and clock() < deadline)
