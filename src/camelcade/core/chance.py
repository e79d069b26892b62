"""Sampling chance outcomes: done by whoever drives a game, never by the rules."""

from __future__ import annotations

import random

from camelcade.core.action import Action
from camelcade.core.game import State


def sample_chance(state: State, rng: random.Random) -> Action:
    """Draw one outcome of the chance node ``state`` with its listed probability.

    One ``rng.random()`` call per draw and a fixed outcome order make seeded runs exact.
    """
    outcomes = state.chance_outcomes()
    point = rng.random()
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if point < total:
            return action
    return outcomes[-1][0]
