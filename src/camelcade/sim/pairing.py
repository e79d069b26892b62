"""How far paired seeds hold: the share of chance draws that agree between the seat
arrangements of one seed, measured from the records themselves.

A record lists chance outcomes among the actions; replaying it tells which steps were
draws. Two games of one seed *agree* on a draw when it lies on their longest common
subsequence of draws (so a draw that came a few steps later in one game still counts);
the agreement of two games is that length over the longer game's draw count. 1.0 means
the arrangements saw exactly the same luck; the same figure for games of *different*
seeds is the chance level, the baseline every pairing must beat.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from camelcade.core.registry import load
from camelcade.records import Record
from camelcade.sim.ratings import block_of


def chance_draws(record: Record) -> list[str]:
    """The chance outcomes of a record, in order."""
    state = load(record.game, **record.options).new_state()
    draws = []
    for text in record.actions:
        if state.is_chance():
            draws.append(text)
        state.apply(text)
    return draws


def common_length(first: Sequence[str], second: Sequence[str]) -> int:
    """Length of the longest common subsequence (dynamic programming, one row at a time)."""
    if not first or not second:
        return 0
    previous = [0] * (len(second) + 1)
    for item in first:
        current = [0]
        for index, other in enumerate(second):
            current.append(previous[index] + 1 if item == other
                           else max(previous[index + 1], current[index]))
        previous = current
    return previous[-1]


def agreement(first: Sequence[str], second: Sequence[str]) -> float:
    longest = max(len(first), len(second))
    return common_length(first, second) / longest if longest else 1.0


@dataclass(frozen=True)
class Pairing:
    """Mean agreement of draws within seed blocks, and between different seeds."""

    paired: float
    unpaired: float
    pairs: int
    draws_per_game: float


def measure(records: Sequence[Record], blocks: int = 12) -> Pairing | None:
    """Agreement over the first ``blocks`` seed blocks of ``records`` (None if no block
    has two games or the game draws nothing)."""
    grouped: dict[tuple[str, int, int], list[Record]] = {}
    for record in records:
        grouped.setdefault(block_of(record), []).append(record)
    chosen = [group for _, group in sorted(grouped.items()) if len(group) > 1][:blocks]
    if not chosen:
        return None
    draws = [[chance_draws(record) for record in group] for group in chosen]
    within = [agreement(a, b) for group in draws for a, b in itertools.combinations(group, 2)]
    across = [agreement(draws[i][0], draws[i + 1][0]) for i in range(len(draws) - 1)]
    counts = [len(d) for group in draws for d in group]
    if not any(counts):
        return None
    return Pairing(sum(within) / len(within), sum(across) / len(across) if across else
                   float("nan"), len(within), sum(counts) / len(counts))
