"""Leg scoring (with partnerships) and the overall winner/loser bets at the end.

Decisions (docs/games/camel-up.md): at leg scoring each player's tickets are added up
first and the net result paid, so the money floor of 0 does not depend on the order the
tickets are turned over; the overall piles are walked card by card, as the rules say, each
wrong card costing 1 coin unless the player has none.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from camelcade.games.camel_up.spec import (
    PYRAMID_PAY,
    SECOND_PAY,
    WRONG_LEG_PAY,
    WRONG_OVERALL_PAY,
    overall_pay,
)

Ticket = tuple[str, int]
"""A leg ticket: (colour, printed value)."""


def rewards(tickets: Sequence[Ticket], pyramid: int, first: str, second: str | None) -> list[int]:
    """Every ticket's reward for one player: each leg ticket its value on the leader, +1 on
    the second camel, -1 on any other; then 1 per pyramid ticket."""
    return [value if colour == first else SECOND_PAY if colour == second else WRONG_LEG_PAY
            for colour, value in tickets] + [PYRAMID_PAY] * pyramid


def copy_reward(partner_rewards: Sequence[int]) -> int:
    """The coins a partner copies: the best of the other's ticket rewards, if it pays
    (copying is optional, so a loss is never copied); 0 when none pays."""
    return max(0, max(partner_rewards, default=0))


def copy_choice(partner_rewards: Sequence[int]) -> int | None:
    """Which of the partner's rewards is copied (the first best one), None if none pays:
    the ticket the words name, by the rule of :func:`copy_reward`."""
    best = copy_reward(partner_rewards)
    return partner_rewards.index(best) if best else None


class LegResult(NamedTuple):
    """How a leg was scored: the two leading camels and each seat's coins before/after."""

    first: str
    second: str | None
    changes: tuple[int, ...]
    """Net result of each seat's tickets (before the floor at 0)."""
    copied: tuple[int, ...]
    """What each seat copied from its partner (0 without a partnership)."""
    coins: tuple[int, ...]
    """Coins after scoring."""


def score_leg(
    ranking: Sequence[str],
    tickets: Sequence[Sequence[Ticket]],
    pyramid: Sequence[int],
    partners: Sequence[int | None],
    coins: Sequence[int],
) -> LegResult:
    """Score one leg. A partner copies the best reward of the other's tickets, if positive
    (:func:`copy_reward`, which the text uses too, so both tell the same)."""
    first = ranking[0]
    second = ranking[1] if len(ranking) > 1 else None
    own = [rewards(t, p, first, second) for t, p in zip(tickets, pyramid, strict=True)]
    copied = (0,) * len(partners) if partners.count(None) == len(partners) else tuple(
        0 if partner is None else copy_reward(own[partner]) for partner in partners)
    changes = tuple(map(sum, own))
    after = tuple(max(0, c + change + copy)
                  for c, change, copy in zip(coins, changes, copied, strict=True))
    return LegResult(first, second, changes, copied, after)


def score_pile(pile: Sequence[tuple[int, str]], actual: str, coins: list[int]) -> list[int]:
    """Walk one overall pile, earliest card first; pay 8/5/3/2/1/1... or take 1 (floor 0).

    Returns each card's effect in pile order (for the text), and updates ``coins``.
    """
    effects = []
    correct = 0
    for seat, colour in pile:
        if colour == actual:
            pay = overall_pay(correct)
            correct += 1
        else:
            pay = WRONG_OVERALL_PAY if coins[seat] > 0 else 0
        coins[seat] += pay
        effects.append(pay)
    return effects
