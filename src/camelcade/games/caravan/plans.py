"""What a position is worth to one seat, as ``caravan-greedy`` reckons it.

The value of a position for seat ``me`` is

* its score now (deliveries, demand markers, minus the penalty for goods held);
* plus, for every good it carries, the good's value (and the penalty its delivery takes
  off the goods held) discounted by ``gamma`` per action
  still needed to deliver it: the cheapest chain from the camel to the city that wants
  it, where a square already holding one of its camels costs nothing and any other
  square costs what placing a camel there costs (1 action, 2 if occupied), plus the
  relay (Dial's shortest path over node weights, from the city), and an action more for
  each camel short (the free camels build the best chain first, then the next; a chain
  without camels enough is built by leapfrogging); less a little for each
  square between the good and its city, so that passing a good forward along a chain
  (which frees the camel behind to go ahead: leapfrogging) is worth doing;
* times a theft threat: a good on top of a camel sharing its square with a rival's
  unladen camel, that rival holding a theft marker, keeps only part of its value;
* plus the best two pick-up opportunities: their demand markers, scored as soon as the
  good is picked up (discounted by the actions to get a camel there), and the good
  (discounted by those and the chain to its city);
* minus a share of the rivals' scores and of the goods they carry (so theft pays).

Once the bag is empty the next delivery ends the game, so a good is worth delivering only
if that delivery would win: then it is worth ``ENDGAME_BONUS`` more; if it would not, it
is worth nothing (the bot will not end the game in a loss). And only the best plan counts
then, for only one more delivery will be made.

Placements and moves change one square only, so ``with_camel_on`` values them in a few
operations each: with the distances from every city and from every plan's start computed
once, the cheapest chain through a new camel on ``x`` is ``from_city[x] + from_start[x] -
2 * weight[x]``. The bot checks the best of these estimates exactly before it acts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from camelcade.core.types import PlayerId
from camelcade.games.caravan.spec import (
    GOODS_SPACES,
    NEIGHBOURS,
    NO_GOOD,
    PLACE_COST_EMPTY,
    PLACE_COST_OCCUPIED,
    SIZE,
    SQUARES,
    VALUE,
    penalty,
)
from camelcade.games.caravan.state import CaravanState

INF = 10**6
_BUCKETS = 2 * (2 * SIZE - 1) + 3
"""A shortest chain crosses at most 13 squares of weight at most 2 (plus the start)."""
OPPORTUNITIES = 4
"""Pick-up plans kept per position (the value counts the best two)."""
STEP = 0.05
"""Points a carried good loses per square between it and its city (see the docstring)."""
ENDGAME_BONUS = 30.0
"""What a good whose delivery would end the game in a win is worth besides its points."""
FREE_CAMELS = 3
"""Free camels counted in the value: more than these add nothing."""
RIVAL_LOADS = 0.3
"""The share of a rival's carried goods counted against the bot, with their scores."""

Distances = tuple[list[int], list[int]]
"""Distances from a square, and for each square the next one back towards it."""


class Weights(Protocol):
    """The bot's settings the value reads, and its cache of shortest paths."""

    gamma: float
    """Discount per action still needed."""
    theft: float
    """The share of a threatened good's value lost."""
    rivals: float
    """The weight of the rivals' scores and loads."""
    opportunity: float
    """The weight of the best pick-up (the second counts half)."""
    free_camel: float
    """What each camel free to build a chain is worth (so a pick-up, which ties one up,
    must pay for it, and a delivery, which frees one, gains it)."""
    cache: dict[tuple[tuple[int, ...], int, int], Distances]


def shortest(weight: list[int], start: int, start_cost: int,
             step: list[int] | None = None) -> list[int]:
    """Node-weighted distances from ``start`` (whose own cost is ``start_cost``).

    Weights are 0, 1 or 2, so a bucket queue (Dial's algorithm) beats a heap. ``step``,
    when given, receives for each square the next square back towards ``start``.
    """
    dist = [INF] * SQUARES
    dist[start] = start_cost
    buckets: list[list[int]] = [[] for _ in range(_BUCKETS)]
    buckets[start_cost].append(start)
    neighbours = NEIGHBOURS
    for cost, bucket in enumerate(buckets):
        for square in bucket:
            if dist[square] != cost:
                continue
            for near in neighbours[square]:
                new = cost + weight[near]
                if new < dist[near]:
                    dist[near] = new
                    buckets[new].append(near)
                    if step is not None:
                        step[near] = square
    return dist


def squares_apart(one: int, other: int) -> int:
    """Orthogonal steps between two squares (every square can hold a camel)."""
    return abs(one % SIZE - other % SIZE) + abs(one // SIZE - other // SIZE)


@dataclass
class Plan:
    """A good to deliver: carried (``pick`` 0) or lying on a goods space (``pick`` > 0)."""

    good: int
    start: int
    worth: float
    """Points on delivery (times the theft threat; with the endgame bonus or nothing)."""
    chain: int
    """Actions to build the chain from ``start`` to the city, the start excluded."""
    pick: int
    """Actions to pick the good up first (0 if carried)."""
    markers: int = 0
    """Demand markers taken with the good (scored at once when it is picked up)."""


class Position:
    """One seat's plans in one position, and what a new camel on a square does to them."""

    def __init__(self, bot: Weights, state: CaravanState, me: PlayerId) -> None:
        self.bot, self.state, self.me = bot, state, me
        self.scores = state.scores()
        camels = state.camels(me)
        mine = {square for square, _, _ in camels}
        self.unladen = {square for square, good, _ in camels if good == NO_GOOD}
        self.laden_only = mine - self.unladen
        self.weight = [
            0 if square in mine
            else (PLACE_COST_OCCUPIED if state.occupancy(square) else PLACE_COST_EMPTY)
            for square in range(SQUARES)
        ]
        self.spare = state.supply(me) + len(self.unladen)
        self.cities = state.board.cities
        self._key = tuple(self.weight)
        self._city_dist: dict[int, list[int]] = {}
        self._city_step: dict[int, list[int]] = {}
        self.plans = self._plans()

    def helps(self, square: int) -> bool:
        """Whether one more camel of ours on ``square`` can shorten a plan: the square has
        none of ours yet, or only laden ones (a city or goods space needs an unladen one)."""
        return bool(self.weight[square]) or square in self.laden_only

    def city_weight(self, good: int) -> int:
        """A delivery needs an unladen camel of ours in the city."""
        city = self.cities[good]
        if city in self.unladen:
            return 0
        return PLACE_COST_OCCUPIED if self.state.occupancy(city) else PLACE_COST_EMPTY

    def distances(self, start: int, start_cost: int) -> Distances:
        """``shortest`` from ``start``, shared through the bot's per-decision cache: picks,
        relays and steals move no camel, so their positions reuse the same distances."""
        key = (self._key, start, start_cost)
        found = self.bot.cache.get(key)
        if found is None:
            step = [-1] * SQUARES
            found = (shortest(self.weight, start, start_cost, step), step)
            self.bot.cache[key] = found
        return found

    def from_city(self, good: int) -> list[int]:
        found = self._city_dist.get(good)
        if found is None:
            found, step = self.distances(self.cities[good], self.city_weight(good))
            self._city_dist[good] = found
            self._city_step[good] = step
        return found

    def delivery_worth(self, good: int, held_after: int) -> float:
        """What delivering ``good`` is worth: its points and the penalty it takes off the
        goods we hold (``held_after``: those we would still hold); once the bag is empty
        (the delivery ends the game) that and the bonus if it would win, else nothing."""
        relief = penalty(held_after + 1) - penalty(held_after)
        points = float(VALUE[good] + relief)
        state = self.state
        if not state.bag_empty():
            return points
        mine = self.scores[self.me] + points
        delivered = state.goods_delivered(self.me) + 1
        for seat in range(state.game.players):
            if seat != self.me and (self.scores[seat], state.goods_delivered(seat)) >= (
                    mine, delivered):
                return 0.0
        return points + ENDGAME_BONUS

    def _plans(self) -> list[Plan]:
        state, bot = self.state, self.bot
        threatened = _threatened(state, self.me)
        held = state.held(self.me)
        plans, chances = [], []
        for square, good, under in state.laden_camels(self.me):
            worth = self.delivery_worth(good, held - 1)
            if not under and square in threatened:
                worth *= 1.0 - bot.theft
            plans.append(Plan(good, square, worth, self.from_city(good)[square], 0))
        for index in range(GOODS_SPACES):
            good = state.space_good(index)
            if good == NO_GOOD:
                continue
            square = state.space_square(index)
            if square in self.unladen:
                pick = 1
            elif square in self.laden_only:
                pick = 1 + PLACE_COST_OCCUPIED
            else:
                pick = 1 + self.weight[square]
            chain = self.from_city(good)[square] - self.weight[square]
            chances.append(Plan(good, square, self.delivery_worth(good, held), chain, pick,
                                state.space_markers(index)))
        gamma = bot.gamma
        chances.sort(key=lambda plan: -_pick_value(plan, plan.chain, plan.pick, gamma))
        return plans + chances[:OPPORTUNITIES]

    def value(self, chains: list[int] | None = None, picks: list[int] | None = None) -> float:
        """The position value; ``chains``/``picks`` override the plans' costs (what-ifs)."""
        gamma = self.bot.gamma
        total = self.scores[self.me]
        chances = []
        carried: list[tuple[float, int, Plan]] = []
        for index, plan in enumerate(self.plans):
            chain = plan.chain if chains is None else chains[index]
            pick = plan.pick if picks is None else picks[index]
            if plan.pick:
                chances.append(_pick_value(plan, chain, pick, gamma))
            elif plan.worth:
                carried.append((plan.worth * gamma ** (chain + 1), chain, plan))
        # The free camels build one chain at a time, the best first; a chain longer than
        # the camels left for it is built by leapfrogging, an action more per camel short.
        free = self.spare
        deliveries = []
        for _, chain, plan in sorted(carried, key=lambda item: -item[0]):
            short = max(0, chain - free)
            free = max(0, free - chain)
            deliveries.append(plan.worth * gamma ** (chain + 1 + short)
                              - STEP * squares_apart(plan.start, self.cities[plan.good]))
        chances.sort(reverse=True)
        opportunity = self.bot.opportunity
        if self.state.bag_empty():  # the next delivery ends the game: only one counts
            total += max([0.0, *deliveries, *(opportunity * chance for chance in chances[:1])])
        else:
            total += sum(deliveries)
            total += opportunity * sum(chances[:1]) + opportunity / 2 * sum(chances[1:2])
        total += self.bot.free_camel * min(self.spare, FREE_CAMELS)
        rivals = 0.0
        for seat in range(self.state.game.players):
            if seat != self.me:
                loads = sum(VALUE[good] for _, good, _ in self.state.laden_camels(seat))
                rivals += self.scores[seat] + RIVAL_LOADS * loads
        return total - self.bot.rivals * rivals

    def with_camel_on(self, squares: set[int]) -> dict[int, float]:
        """The value after a new unladen camel of ours on each of ``squares``."""
        from_start = [self.distances(plan.start, 0)[0] for plan in self.plans]
        weight = self.weight
        found = {}
        for x in squares:
            chains, picks = [], []
            for plan, start_dist in zip(self.plans, from_start, strict=True):
                chain, pick = plan.chain, plan.pick
                if x == self.cities[plan.good]:
                    chain -= self.city_weight(plan.good)
                elif x == plan.start:
                    if pick:
                        pick = 1
                else:
                    via = self.from_city(plan.good)[x] + start_dist[x] - 2 * weight[x]
                    chain = min(chain, via)
                chains.append(chain)
                picks.append(pick)
            found[x] = self.value(chains, picks)
        return found

    def targets(self) -> set[int]:
        """Squares on the cheapest chains of the plans (where a camel would help)."""
        found: set[int] = set()
        for plan in self.plans:
            self.from_city(plan.good)
            step = self._city_step[plan.good]
            square = plan.start
            while square != -1:
                found.add(square)
                square = step[square]
        return found


def _pick_value(plan: Plan, chain: int, pick: int, gamma: float) -> float:
    """A pick-up plan's worth: the markers once picked up, the good once delivered."""
    return plan.markers * gamma ** pick + plan.worth * gamma ** (chain + pick + 1)


def _threatened(state: CaravanState, me: PlayerId) -> set[int]:
    """Squares where a rival holding a theft marker has an unladen camel."""
    found: set[int] = set()
    for seat in range(state.game.players):
        if seat != me and state.theft_markers(seat):
            found.update(square for square, good, _ in state.camels(seat) if good == NO_GOOD)
    return found
