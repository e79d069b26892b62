"""What a finished game is worth to each seat, from ``ranking()``: the max^n rewards.

A search keeps one value per seat and lets the seat to move pick what is best for itself
(max^n), which covers 2 to 8 players alike. Values come from the ranking, every
tie-break of the rules applied, never from raw points (which may hide a tie-break).

Two scales, one per ``reward`` setting:

- ``rank`` (the default): the share of the other seats a seat finished ahead of, a tie
  counting half — the lab's *score*, and what its SPRT measures between two bots at a
  table of three or more. Second of four is worth 2/3, not nothing.
- ``win``: the share of the win, split among the seats tied first.

With two seats the two are the same. A game cut off before its end (a rollout's step
limit) is valued by ranking its current scores the same way.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from camelcade.core.errors import OptionError
from camelcade.core.game import State, rank_by_points
from camelcade.core.types import PlayerId

Ranking = Sequence[Sequence[PlayerId]]
Reward = Callable[[Ranking, int], list[float]]


def rank_rewards(ranking: Ranking, players: int) -> list[float]:
    """Each seat's share of the others it finished ahead of (ties half): 0 to 1."""
    values = [0.0] * players
    if players < 2:
        return [1.0] * players
    ahead = 0
    for group in ranking:
        tied = len(group) - 1
        behind = players - ahead - len(group)
        value = (behind + 0.5 * tied) / (players - 1)
        for seat in group:
            values[seat] = value
        ahead += len(group)
    return values


def win_rewards(ranking: Ranking, players: int) -> list[float]:
    """Each seat's share of the win: 1 split among the seats tied first, else 0."""
    values = [0.0] * players
    if ranking:
        first = ranking[0]
        for seat in first:
            values[seat] = 1.0 / len(first)
    return values


REWARDS: dict[str, Reward] = {"rank": rank_rewards, "win": win_rewards}
"""The reward scales by the name the ``reward`` setting takes."""


def reward_named(name: str) -> Reward:
    """The reward scale called ``name``; any other name is refused, naming the scales."""
    found = REWARDS.get(name) if isinstance(name, str) else None
    if found is None:
        raise OptionError(f"reward must be one of {', '.join(REWARDS)}, got {name!r}")
    return found


def outcome_values(state: State, reward: Reward) -> list[float]:
    """The values of ``state``: its ranking if the game is over, else its scores ranked."""
    players = state.game.players
    if state.is_terminal():
        return reward(state.ranking(), players)
    return reward(rank_by_points(state.scores()), players)


def expected_reward(finals: Sequence[Sequence[float]], seat: PlayerId, reward: Reward
                    ) -> float:
    """``seat``'s mean reward over sampled final points, one row of every seat's points
    per sample: what a search that samples the rest of a game (rather than playing it
    out) values a move by. Ties within a row rank as the rules' "the tie stands"."""
    if not finals:
        raise ValueError("expected_reward needs at least one sample")
    total = 0.0
    for points in finals:
        total += reward(rank_by_points(points), len(points))[seat]
    return total / len(finals)


def _normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def normal_quadrature(count: int) -> list[tuple[float, float]]:
    """Nodes and weights of Gauss–Hermite quadrature for a standard normal variable:
    ``E[f(Z)] ≈ Σ w·f(z)``, exact for polynomials of degree ``2·count − 1``. The roots of
    the orthonormal Hermite polynomial by Newton's method, each started from the usual
    asymptotic guesses (largest root first), the textbook way."""
    roots: list[float] = []
    weights: list[float] = []
    z = 0.0
    for i in range((count + 1) // 2):
        if i == 0:
            z = math.sqrt(2 * count + 1) - 1.85575 * (2 * count + 1) ** (-1 / 6)
        elif i == 1:
            z -= 1.14 * count ** 0.426 / z
        elif i == 2:
            z = 1.86 * z - 0.86 * roots[0]
        elif i == 3:
            z = 1.91 * z - 0.91 * roots[1]
        else:
            z = 2.0 * z - roots[i - 2]
        slope = 1.0
        for _ in range(100):
            p1, p2 = math.pi ** -0.25, 0.0
            for j in range(1, count + 1):
                p1, p2 = z * math.sqrt(2.0 / j) * p1 - math.sqrt((j - 1) / j) * p2, p1
            slope = math.sqrt(2.0 * count) * p2
            step = p1 / slope
            z -= step
            if abs(step) < 1e-14:
                break
        roots.append(z)
        weights.append(2.0 / (slope * slope))
    nodes: list[tuple[float, float]] = []
    for root, weight in zip(roots, weights, strict=True):
        nodes.append((root * math.sqrt(2.0), weight / math.sqrt(math.pi)))
        if root > 1e-12:
            nodes.append((-root * math.sqrt(2.0), weight / math.sqrt(math.pi)))
    return nodes


WIN_NODES = normal_quadrature(12)
"""Quadrature for the chance to finish first under normal noise, 12 normal
probabilities per rival: on the tests' positions it agrees with 200,000 draws to within
their sampling error."""


def smoothed_reward(points: Sequence[float], seat: PlayerId, spread: float,
                    reward: Reward) -> float:
    """``seat``'s expected reward when every seat's ``points`` will still move by an
    independent normal amount of standard deviation ``spread`` — computed, not sampled.

    A search that samples that noise (as ``expected_reward`` over noisy rows does) pays
    for it in variance: most of what tells two candidate moves apart is whether the seat
    ends just ahead of or just behind another, and a drawn normal says yes or no where
    the chance is, say, 0.6. Integrating it out gives the same expectation with none of
    that noise. The rank score is linear in the pairwise outcomes, so it is a mean of
    normal probabilities; the win needs one integral over the seat's own noise
    (Gauss–Hermite). With ``spread`` 0 the points rank as they stand, ties shared.
    """
    players = len(points)
    if players < 2:
        return 1.0
    mine = points[seat]
    others = [p for i, p in enumerate(points) if i != seat]
    if spread <= 0.0:
        return reward(rank_by_points(points), players)[seat]
    if reward is rank_rewards:
        scale = spread * math.sqrt(2.0)
        return sum(_normal_cdf((mine - p) / scale) for p in others) / (players - 1)
    if reward is win_rewards:
        total = 0.0
        for z, weight in WIN_NODES:
            product = weight
            for p in others:
                product *= _normal_cdf((mine - p) / spread + z)
            total += product
        return total
    raise ValueError(f"no smoothed form of the reward {reward!r}")
