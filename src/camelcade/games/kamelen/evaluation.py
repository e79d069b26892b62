"""The evaluation of ``kamelen-search`` and ``kamelen-greedy``, as data: its weights and
the piece-square tables built from them.

Not rules. The score of a position for the side to move is the balance of piece-square
values (material, and attacking camels' closeness to the enemy home field), plus the
worth of the attacking camels each side has left, plus ``mobility`` per legal move more
than the opponent. ``kernel.evaluate`` computes it, with the balance kept up to date move
by move.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from camelcade.games.kamelen.geometry import Geometry, colour_of
from camelcade.games.kamelen.spec import DROMEDARY

WIN = 100_000
"""Score of a conquest (2 points); an elimination (1 point) scores ``WIN - ELIMINATION_GAP``."""
ELIMINATION_GAP = 2_000
WIN_BOUND = WIN - 10_000
"""Scores beyond this are wins or losses found by the search, not evaluations."""


@dataclass(frozen=True)
class Weights:
    """The evaluation's terms, in centi-dromedaries (a dromedary is worth 100)."""

    dromedary: int = 100
    camel: int = 90
    """A camel that cannot reach the enemy home field."""
    attackers: tuple[int, ...] = (0, 420, 700, 880, 1000)
    """Total worth of 0..4 camels able to reach the enemy home: the last ones are dearest."""
    proximity: tuple[int, ...] = (0, 70, 35, 18, 8, 3)
    """Bonus of an attacking camel 0..5 camel moves from the enemy home (0: unused)."""
    mobility: int = 3
    """Per legal move more than the opponent."""


DEFAULT_WEIGHTS = Weights()


@dataclass(frozen=True, eq=False)
class Tables:
    """Per geometry: each side's distances to its target and the leaps onto it."""

    distance: tuple[tuple[int, ...], tuple[int, ...]]
    """distance[seat][square]: camel moves from ``square`` to seat's *target* (the enemy
    home) on an empty board; 99 when unreachable (the other colour)."""
    approaches: tuple[tuple[tuple[int, int, int], ...], tuple[tuple[int, int, int], ...]]
    """approaches[seat]: every (source, passed, passed) of a camel leap onto seat's target."""


@cache
def tables(geo: Geometry) -> Tables:
    distance = []
    for seat in (0, 1):
        home = geo.homes[1 - seat]
        far = [99] * geo.size
        far[home] = 0
        frontier = [home]
        while frontier:
            nxt = []
            for square in frontier:
                for target, _, _ in geo.camel[square]:
                    if far[target] == 99:
                        far[target] = far[square] + 1
                        nxt.append(target)
            frontier = nxt
        distance.append(tuple(far))
    approaches = tuple(
        tuple((source, first, second) for source in range(geo.size)
              for target, first, second in geo.camel[source] if target == geo.homes[1 - seat])
        for seat in (0, 1)
    )
    return Tables((distance[0], distance[1]), (approaches[0], approaches[1]))


@cache
def piece_values(geo: Geometry, weights: Weights) -> tuple[tuple[int, ...], ...]:
    """values[code][square]: what an animal contributes to its side's score there."""
    distance = tables(geo).distance
    values: list[tuple[int, ...]] = [(0,) * geo.size]
    for code in (1, 2, 3, 4):
        seat = 0 if code <= 2 else 1
        row = []
        for square in range(geo.size):
            if code == DROMEDARY[seat]:
                row.append(weights.dromedary)
            elif colour_of(square) != geo.target_colour[seat]:
                row.append(weights.camel)
            else:
                steps = distance[seat][square]
                row.append(weights.proximity[steps] if steps < len(weights.proximity) else 0)
        values.append(tuple(row))
    return tuple(values)
