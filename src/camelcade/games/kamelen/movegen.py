"""The move generator of Kamelen: the hot path of the rules and of every bot.

There is one: the state lists its legal actions with it, the search and the evaluation
count mobility with it, perft counts through it. It walks a side's animals in square order
(a1, b1, ... k1, a2, ...) and each animal's leaps in a fixed order, so the order of moves
is canonical, and it appends interned ``Move`` values straight from precomputed tables.

The tables group an animal's leaps by their first direction: the two squares it passes
are shared by the (at most two) outward third steps, so a blocked direction is tested once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from camelcade.games.kamelen.actions import Move, move
from camelcade.games.kamelen.geometry import Geometry, Leap

LANDING: tuple[tuple[bool, ...], tuple[bool, ...]] = (
    (True, False, False, True, True, False),
    (True, True, True, False, False, False),
)
"""LANDING[seat][code]: may an animal of ``seat`` end its move on a square holding ``code``?
Empty squares and enemy animals (captured) yes; own animals and rocks no."""

Exit = tuple[int, Move]
"""(destination, the move there)."""
Direction = tuple[int, int, tuple[Exit, ...]]
"""(first square passed, second square passed, the leaps that pass both)."""


@dataclass(frozen=True, eq=False)
class MoveTables:
    """Per geometry: every animal's leaps from every square, as ready ``Move`` values."""

    by_code: tuple[tuple[tuple[Direction, ...], ...] | None, ...]
    """by_code[code][square]: the directions of the animal ``code`` (1-4) on ``square``."""
    dedupe: bool
    """Two paths may reach one square (``third_step="any"``): keep each move once."""


def _grouped(table: tuple[Leap, ...], source: int) -> tuple[Direction, ...]:
    groups: list[tuple[int, int, list[Exit]]] = []
    for target, first, second in table:
        if groups and groups[-1][:2] == (first, second):
            groups[-1][2].append((target, move(source, target)))
        else:
            groups.append((first, second, [(target, move(source, target))]))
    return tuple((first, second, tuple(exits)) for first, second, exits in groups)


@cache
def tables(geo: Geometry) -> MoveTables:
    """The move tables of ``geo`` (built once per geometry)."""
    camel = tuple(_grouped(geo.camel[s], s) for s in range(geo.size))
    dromedary = tuple(_grouped(geo.dromedary[s], s) for s in range(geo.size))
    return MoveTables((None, camel, dromedary, camel, dromedary, None),
                      geo.shared_destinations)


def generate(board: Sequence[int], squares: Sequence[int], seat: int, table: MoveTables
          ) -> list[Move]:
    """Every legal move of ``seat``, whose animals stand on ``squares`` (ascending).

    No pass: an empty list means the side must pass.
    """
    landing = LANDING[seat]
    by_code = table.by_code
    found = [
        leap
        for source in squares
        for first, second, exits in by_code[board[source]][source]  # type: ignore[index]
        if not board[first] and not board[second]  # (two jumps: a hair faster than 'or')
        for target, leap in exits
        if landing[board[target]]
    ]
    return list(dict.fromkeys(found)) if table.dedupe else found


def animals(board: Sequence[int], seat: int) -> list[int]:
    """The squares of ``seat``'s animals on ``board``, ascending."""
    own = (1, 2) if seat == 0 else (3, 4)
    return [square for square, code in enumerate(board) if code in own]
