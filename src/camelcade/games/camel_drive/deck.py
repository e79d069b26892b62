"""A camel's call-card pile as one small number, and the tables the rules read it with.

A deck holds three each of 0, 1, 2 and 3, and every card is either in the draw pile or on
the discard pile, so the pile alone says where all twelve are: the discards are the rest.
The pile is kept as a *pile code*, its counts in base 4 (``count of 0s + 4 * count of 1s +
16 * count of 2s + 64 * count of 3s``): 255 is a full pile, 0 an empty one. Revealing a
card is a subtraction, and everything the rules and the samplers ask of a pile — its
counts, its size, the chance of each card — is a lookup in a table built here once.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from math import comb
from typing import Final

from camelcade.core.action import Action
from camelcade.games.camel_drive.actions import CARD_ACTIONS
from camelcade.games.camel_drive.spec import CARD_VALUES, COPIES, DECK_SIZE

BASE: Final = COPIES + 1
STEP: Final = tuple(BASE**value for value in CARD_VALUES)
"""What one card of each value adds to a pile code."""
FULL: Final = COPIES * sum(STEP)
"""The code of a full pile (all twelve cards): 255."""
EMPTY: Final = 0

COUNTS: Final = tuple(tuple(code // step % BASE for step in STEP) for code in range(FULL + 1))
"""The counts of 0s, 1s, 2s and 3s of every pile code."""
SIZE: Final = tuple(sum(counts) for counts in COUNTS)
"""The number of cards of every pile code."""
DISCARDS: Final = tuple(tuple(COPIES - count for count in counts) for counts in COUNTS)
"""The discard pile beside every pile code: the cards the pile does not hold."""


def code_of(counts: tuple[int, ...] | list[int]) -> int:
    """The pile code of counts per value (each 0-3)."""
    return sum(count * step for count, step in zip(counts, STEP, strict=True))


def _outcomes(code: int) -> tuple[tuple[Action, float], ...]:
    counts = COUNTS[code]
    total = sum(counts)
    return tuple((CARD_ACTIONS[value], count / total) for value, count in enumerate(counts)
                 if count)


REVEALS: Final = tuple(_outcomes(code or FULL) for code in range(FULL + 1))
"""The chance outcomes of a reveal from each pile code, cards by value. An empty pile is
first made again from all twelve cards, so code 0 reveals like a full pile."""


CARDS: Final = tuple(
    tuple(value for value, count in enumerate(COUNTS[code or FULL]) for _ in range(count))
    for code in range(FULL + 1)
)
"""The cards a reveal from each pile code chooses among, in value order (code 0: the
reshuffled full deck). ``CARDS[code][int(u * len(CARDS[code]))]`` for a uniform ``u`` in
[0, 1) picks each card with the chance ``REVEALS`` gives it."""


def _running(outcomes: tuple[tuple[Action, float], ...]) -> tuple[tuple[float, ...],
                                                                   tuple[int, ...]]:
    """Running probabilities of ``outcomes`` summed in their order, as a playout adds
    them, and the card values with the last repeated (what a number past the sum draws)."""
    totals, total = [], 0.0
    for _, probability in outcomes:
        total += probability
        totals.append(total)
    values = [action.value for action, _ in outcomes]  # type: ignore[attr-defined]
    return tuple(totals), (*values, values[-1])


RUNNING: Final = tuple(_running(outcomes) for outcomes in REVEALS)
"""Per pile code, the running probabilities of its ``REVEALS`` and their card values:
``values[bisect_right(totals, u)]`` is the card ``State.playout`` picks for the number
``u`` (the first outcome whose running probability exceeds ``u``, else the last), with the
same float sums, so a game's own playout draws exactly the generic loop's cards."""


def _pile_table(top: int | None, size: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The pile codes a deck with this top discard and pile size may have, and their
    cumulative weights: the pile is a uniform draw of ``size`` from the cards not on top."""
    free = [COPIES - (value == top) for value in CARD_VALUES]
    codes, weights, total = [], [], 0
    for code, counts in enumerate(COUNTS):
        if sum(counts) != size or any(c > f for c, f in zip(counts, free, strict=True)):
            continue
        weight = 1
        for count, available in zip(counts, free, strict=True):
            weight *= comb(available, count)
        total += weight
        codes.append(code)
        weights.append(total)
    return tuple(codes), tuple(weights)


PILES: Final = {
    (top, size): _pile_table(top, size)
    for top in (None, *CARD_VALUES)
    for size in range(DECK_SIZE + (top is None))
    if top is not None or size == DECK_SIZE
}
"""(top discard, pile size) -> the possible pile codes and their cumulative weights.
No top discard means no discards: the pile is full."""


def draw_pile(top: int | None, size: int, rng: random.Random) -> int:
    """A pile code drawn uniformly from what a seat knows of a deck: its size and top card.

    One ``rng.random()`` per deck with more than one possible pile, none otherwise.
    """
    codes, weights = PILES[top, size]
    if len(codes) == 1:
        return codes[0]
    return codes[bisect_right(weights, rng.random() * weights[-1])]
