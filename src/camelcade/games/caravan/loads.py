"""What a seat's unladen camels can do besides moving: pick up, relay, steal.

Pure functions over bit sets of squares (``spec.BIT``). The state keeps what they derive
from the laden camels, the goods spaces and the theft markers, and derives it anew only
after the rare changes (a pick, relay, theft or draw), so that legal actions are found by
a few integer operations in the common position where an unladen camel can only move.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from camelcade.core.action import Action
from camelcade.games.caravan.actions import RELAYS, STEALS, Steal
from camelcade.games.caravan.position import Camel
from camelcade.games.caravan.spec import BIT, NEIGHBOUR_BITS, NO_GOOD, component, spread

Offer = tuple[int, Steal]
"""A theft open to a seat, with the bit of the square its unladen camel must stand on."""


@dataclass(frozen=True)
class CamelLoads:
    """Per seat, what its laden camels and the others' make possible (see ``derive``)."""

    laden_mask: tuple[int, ...]
    """The squares of the seat's laden camels."""
    laden_reach: tuple[int, ...]
    """Those squares and their neighbours: a relay needs an unladen camel of the seat
    there (the first unladen camel on any chain from a laden one is)."""
    sources: tuple[tuple[tuple[int, int], ...], ...]
    """The distinct ``(square, good)`` a relay can start from, sorted."""
    offers: tuple[tuple[Offer, ...], ...]
    """The thefts open to the seat, in the order of the legal actions."""
    rival_tops: tuple[int, ...]
    """The squares where a rival's camel carries a good on top."""
    camel_loads: tuple[int, ...]
    """Where an unladen camel of the seat may relay or (holding a theft marker) steal."""


def derive(laden: Sequence[Sequence[Camel]], theft: Sequence[int]) -> CamelLoads:
    """Everything ``CamelLoads`` holds, from each seat's laden camels and theft markers."""
    players = range(len(laden))
    laden_mask = tuple(squares_mask(camel[0] for camel in camels) for camels in laden)
    offers = tuple(_offers(laden, seat) for seat in players)
    rival_tops = tuple(union(bit for bit, _ in seat_offers) for seat_offers in offers)
    laden_reach = tuple(mask | spread(mask) for mask in laden_mask)
    return CamelLoads(
        laden_mask=laden_mask,
        laden_reach=laden_reach,
        sources=tuple(tuple(sorted({(square, good) for square, good, _ in camels}))
                      for camels in laden),
        offers=offers,
        rival_tops=rival_tops,
        camel_loads=tuple(laden_reach[seat] | (rival_tops[seat] if theft[seat] else 0)
                          for seat in players),
    )


def _offers(laden: Sequence[Sequence[Camel]], seat: int) -> tuple[Offer, ...]:
    found = sorted({(good, square, victim)
                    for victim, camels in enumerate(laden) if victim != seat
                    for square, good, under in camels if not under and good != NO_GOOD})
    return tuple((BIT[square], STEALS[good][square][victim]) for good, square, victim in found)


def chain_relays(sources: Sequence[tuple[int, int]], starts: Sequence[int], free_mask: int,
                 laden_mask: int) -> list[Action]:
    """The relays of a seat whose laden camels offer ``sources`` and stand on
    ``laden_mask``, and whose unladen camels stand on ``starts`` (distinct, sorted;
    ``free_mask`` as a set): from each source, in order, to each unladen camel of its
    chain, in order."""
    squares = free_mask | laden_mask
    found: list[Action] = []
    chain = 0
    for start, good in sources:
        if not BIT[start] & chain:  # else: the same chain as the source before
            # A camel with no neighbour of ours is a chain of one square.
            chain = (component(start, squares) if NEIGHBOUR_BITS[start] & squares
                     else BIT[start])
        if chain & free_mask:
            row = RELAYS[good][start]
            found += [row[to] for to in starts if BIT[to] & chain]
    return found


def squares_mask(squares: Iterable[int]) -> int:
    """The bit set of ``squares``."""
    return union(BIT[square] for square in squares)


def union(masks: Iterable[int]) -> int:
    """The union of bit sets."""
    found = 0
    for mask in masks:
        found |= mask
    return found
