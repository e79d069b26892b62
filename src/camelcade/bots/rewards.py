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
