"""Sampling chance outcomes: done by whoever drives a game, never by the rules.

Two drivers: :func:`sample_chance` draws from one seeded ``random.Random`` stream (the
k-th draw takes the k-th number), and :class:`KeyedChance` gives each draw the number of
*what is drawn* (common random numbers): a uniform number derived from the match seed,
the node's :meth:`~camelcade.core.game.State.chance_key` and how many draws that key has
had before. Seat arrangements of one seed then see the same dice and cards wherever
the game draws from the same source, so luck cancels out of bot comparisons.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence

from camelcade.core.action import Action
from camelcade.core.game import State

_SCALE = float(2**64)


def sample_chance(state: State, rng: random.Random) -> Action:
    """Draw one outcome of the chance node ``state`` with its listed probability.

    One ``rng.random()`` call per draw and a fixed outcome order make seeded runs exact.
    """
    return outcome_at(state.chance_outcomes(), rng.random())


def outcome_at(outcomes: Sequence[tuple[Action, float]], point: float) -> Action:
    """The outcome whose stretch of [0, 1), in the listed order, holds ``point``."""
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if point < total:
            return action
    return outcomes[-1][0]


def keyed_uniform(seed: int, key: str, index: int) -> float:
    """A uniform number in [0, 1) fixed by (seed, key, index) alone: the same in every
    process and on every machine (a hash, not Python's salted ``hash``)."""
    text = f"{seed}\x1f{key}\x1f{index}".encode()
    digest = hashlib.blake2b(text, digest_size=8).digest()
    return int.from_bytes(digest, "big") / _SCALE


class KeyedChance:
    """Chance for one match, keyed by what is drawn rather than by how many draws came
    before: the n-th draw from a source (``state.chance_key()``) takes
    ``keyed_uniform(seed, key, n)`` through the outcomes in their listed order."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._draws: dict[str, int] = {}

    def sample(self, state: State) -> Action:
        """Draw the outcome of the chance node ``state``."""
        key = state.chance_key()
        index = self._draws.get(key, 0)
        self._draws[key] = index + 1
        return outcome_at(state.chance_outcomes(), keyed_uniform(self.seed, key, index))
