"""Precomputed action lists of an edition, looked up by bit masks at every step.

Searches and playouts list the legal actions and the chance outcomes at every step, so
each piece of those lists is built once per edition and found by a small integer:

* the head of every seat's actions, the roll and the bets left, by the mask of colours
  whose leg tickets are not all taken;
* the tile actions by the mask of blocked spaces (``board.tile_blocked``), split in a low
  half (spaces 2-7) and a high half (spaces 8-16) so both tables stay small (256 and 512
  entries) and nothing is built during play;
* the outcomes of a roll by the mask of dice still in the pyramid.

The lists hold the shared action values of :mod:`.actions`, in the order the rules list
them (roll, bets in racing order, tiles by space and side, then finish cards).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from camelcade.core.action import Action
from camelcade.games.camel_up.actions import ROLL_ACTION, PlaceTile, bet, die, tile_actions
from camelcade.games.camel_up.board import TILE_SPACES
from camelcade.games.camel_up.spec import DIE_VALUES, EDITIONS, GREY

Outcomes = tuple[tuple[Action, float], ...]

LOW_BITS = 8
"""Blocked-space bits 0-7 (spaces 2-7; bits 0 and 1 are never set) index the low table."""
LOW_MASK = (1 << LOW_BITS) - 1


@dataclass(frozen=True)
class Tables:
    """An edition's action lists, indexed by masks (see the module docstring)."""

    heads: tuple[tuple[Action, ...], ...]
    """By the mask of racing colours with tickets left (bit i: ``racing[i]``)."""
    tiles_low: tuple[tuple[PlaceTile, ...], ...]
    tiles_high: tuple[tuple[PlaceTile, ...], ...]
    outcomes: tuple[Outcomes, ...]
    """By the mask of dice still in the pyramid (bit i: ``dice[i]``)."""
    die_bits: dict[str, int]
    """The pyramid bit of each die colour shown (both crazy colours: the grey die)."""


@cache
def tables(edition_number: int) -> Tables:
    """The tables of one edition, built on first use."""
    edition = EDITIONS[edition_number]
    racing, dice = edition.racing, edition.dice
    heads = tuple((ROLL_ACTION, *(bet(c) for i, c in enumerate(racing) if mask >> i & 1))
                  for mask in range(1 << len(racing)))

    def tiles_free(blocked: int, spaces: range) -> tuple[PlaceTile, ...]:
        free = tuple(s for s in spaces if not blocked >> s & 1)
        return tile_actions(free, edition.tile_sides)

    low = range(TILE_SPACES.start, LOW_BITS)
    high = range(LOW_BITS, TILE_SPACES.stop)
    tiles_low = tuple(tiles_free(mask, low) for mask in range(1 << LOW_BITS))
    tiles_high = tuple(tiles_free(mask << LOW_BITS, high)
                       for mask in range(1 << (TILE_SPACES.stop - LOW_BITS)))
    outcomes = tuple(roll_outcomes(edition_number,
                                   tuple(d for i, d in enumerate(dice) if mask >> i & 1))
                     for mask in range(1 << len(dice)))
    die_bits = {colour: 1 << dice.index(GREY if colour in edition.crazy else colour)
                for colour in edition.units}
    return Tables(heads, tiles_low, tiles_high, outcomes, die_bits)


def roll_outcomes(edition_number: int, pyramid: tuple[str, ...]) -> Outcomes:
    """A die from ``pyramid`` and its face: racing 1/3 per value, grey 1/6 per face.

    Empty when the pyramid is (the 1st edition's leg ends when all its dice are out).
    """
    if not pyramid:
        return ()
    crazy = EDITIONS[edition_number].crazy
    outcomes: list[tuple[Action, float]] = []
    share = 1.0 / len(pyramid)
    for dice in pyramid:
        colours = crazy if dice == GREY else (dice,)
        for colour in colours:
            outcomes.extend((die(colour, v), share / (3 * len(colours))) for v in DIE_VALUES)
    return tuple(outcomes)


@cache
def setup_outcomes(racing: tuple[str, ...], crazy: tuple[str, ...]) -> Outcomes:
    """Setup: a racing die not yet out (then the grey die for a crazy camel not yet out)."""
    pool = racing or crazy
    return tuple((die(c, v), 1.0 / (3 * len(pool))) for c in pool for v in DIE_VALUES)
