"""A uniformly random legal move of Kamelen without listing the moves: the playouts' pick.

A random playout needs one legal move per ply, uniformly at random; listing every move to
pick one was more than half of a search iteration. Instead the playout loop draws one
*slot* of the side to move uniformly (``KamelenState._playout`` writes the draw out, for
speed): an animal and one of ``width`` leap slots, where every animal on every square has
the same number of slots (the most leaps any square has, rounded up to a power of two)
and a slot holds one leap of that animal's table or nothing (off the board, through a
rock, or padding). It keeps the first slot drawn that is a legal move, and after ``TRIES``
misses lists the moves (``movegen.generate``) and picks among them. Passes, captures and
the ends stay the state's (``_apply``): this only chooses.

Why every legal move has probability exactly ``1/n`` (``n`` legal moves, ``A`` animals):

* each draw is uniform over the ``A * width`` slots (``floor(u * A * width)``, as
  uniform as the generic loop's ``floor(u * n)``), and the slots that are accepted are
  in one-to-one correspondence with the legal moves: a slot is accepted when its leap is
  legal (both squares passed empty, the landing square empty or an enemy animal: what
  ``generate`` asks), and, where two paths lead to one square (``third_step="any"``:
  a camel's bent-back leaps to the diagonal neighbour), only when every path listed
  before it is blocked, so a move reachable two ways is accepted on its first open path
  alone. An accepted draw is therefore uniform over the legal moves: ``p = n / (A * width)``
  per draw, ``1/n`` of that for each move;
* with ``q = 1 - p``, a move is picked by draw ``k`` (from 0, ``k < TRIES``) with probability
  ``q**k * p/n`` and by the listing with ``q**TRIES * 1/n``; the sum is
  ``(1 - q**TRIES)/n + q**TRIES/n = 1/n``. ``TRIES`` only trades draws against a listing.
  With no legal move every draw misses and the listing is empty: the side passes.

The numbers are ``rng.random()`` values, so the draws differ from the generic playout's
``actions[floor(u * n)]`` (``State.playout``): the distribution is the same, the sequence
is not. ``tests/games/kamelen/test_playout.py`` checks legality step by step and uniformity
by chi-square, with samplers broken on purpose failing it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from camelcade.games.kamelen.actions import Move, move
from camelcade.games.kamelen.geometry import Geometry, Leap

TRIES = 48
"""Draws before listing the moves. Any number keeps the pick exactly uniform (see the
module's docstring); with ~19 of ~80 slots legal a draw hits about one time in four, and
48 misses in a row happen almost only where few moves are left."""

Blockers = tuple[int, int]
"""The two squares a leap passes."""
Slot = tuple[int, int, int, Move, tuple[Blockers, ...]]
"""(first square passed, second square passed, landing square, the move, the squares
passed by every *earlier* path to the same landing square: all must be blocked)."""


@dataclass(frozen=True, eq=False)
class SlotTables:
    """Per geometry: every animal's leaps from every square, ``1 << shift`` slots each."""

    by_code: tuple[tuple[tuple[Slot | None, ...], ...] | None, ...]
    """by_code[code][square][slot]: the leap in that slot of the animal ``code`` (1-4) on
    ``square``, or None."""
    shift: int
    """log2 of the slots per animal: a draw below ``animals << shift`` is the animal
    ``draw >> shift`` and its slot ``draw & (1 << shift) - 1``."""


def _slots(leaps: tuple[Leap, ...], source: int, width: int) -> tuple[Slot | None, ...]:
    slots: list[Slot | None] = []
    for index, (target, first, second) in enumerate(leaps):
        earlier = tuple((b1, b2) for other, b1, b2 in leaps[:index] if other == target)
        slots.append((first, second, target, move(source, target), earlier))
    return (*slots, *[None] * (width - len(slots)))


@cache
def slot_tables(geo: Geometry) -> SlotTables:
    """The slot tables of ``geo`` (built once per geometry)."""
    most = max(len(leaps) for leaps in (*geo.camel, *geo.dromedary))
    shift = (most - 1).bit_length()
    width = 1 << shift
    camel = tuple(_slots(geo.camel[s], s, width) for s in range(geo.size))
    dromedary = tuple(_slots(geo.dromedary[s], s, width) for s in range(geo.size))
    return SlotTables((None, camel, dromedary, camel, dromedary, None), shift)
