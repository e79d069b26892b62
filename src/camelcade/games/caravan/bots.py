"""``caravan-greedy``: one action at a time, the one that most raises a position value per
action spent.

The value of a position for seat ``me`` is

* its score now (deliveries, demand markers, minus the penalty for goods held);
* plus, for every good it carries, the good's value discounted by ``gamma`` per action
  still needed to deliver it: the cheapest chain from the camel to the city that wants
  it, where a square already holding one of its camels costs nothing and any other
  square costs what placing a camel there costs (1 action, 2 if occupied), plus the
  relay (Dial's shortest path over node weights, from the city);
* times a theft threat: a good on top of a camel sharing its square with a rival's
  unladen camel, that rival holding a theft marker, keeps only part of its value;
* plus the best two pick-up opportunities (good and demand markers, discounted likewise);
* minus a share of the rivals' scores and of the goods they carry (so theft pays).

Picks, relays and steals are valued exactly on the resulting position. Placements and
moves change one square only, so they are valued in a few operations each: with the
distances from every city and from every plan's start computed once, the cheapest chain
through a new camel on ``x`` is ``from_city[x] + from_start[x] - 2 * weight[x]``.

An action that ends the game is worth a lot if this seat wins alone, nothing extra for a
shared win and very little for a loss: the bot never delivers the last good when behind,
ends the game by passing when that wins, and otherwise passes when nothing helps — unless
passing (and the others passing after it) would end the game in a loss; then it acts, for
a while (``KEEP_ALIVE``), so that two such bots cannot shuffle camels for ever.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from camelcade.core.action import Action
from camelcade.core.errors import CamelcadeError
from camelcade.core.game import Game
from camelcade.core.types import PlayerId
from camelcade.core.view import View
from camelcade.games.caravan.actions import PASS, Move, Pass, Place
from camelcade.games.caravan.spec import (
    GOODS_SPACES,
    NEIGHBOURS,
    NO_GOOD,
    PLACE_COST_EMPTY,
    PLACE_COST_OCCUPIED,
    SIZE,
    SQUARES,
    VALUE,
    allowance,
)
from camelcade.games.caravan.state import CaravanState

WIN = 1000.0
INF = 10**6
_BUCKETS = 2 * (2 * SIZE - 1) + 3
"""A shortest chain crosses at most 13 squares of weight at most 2 (plus the start)."""
OPPORTUNITIES = 4
"""Pick-up plans kept per position (the value counts the best two)."""
KEEP_ALIVE = 12
"""Actions without a point scored that the bot makes to stop a losing game from ending."""


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


@dataclass
class Plan:
    """A good to deliver: carried (``pick`` 0) or lying on a goods space (``pick`` > 0)."""

    good: int
    start: int
    worth: float
    """Points on delivery (times the theft threat); for a pick-up, markers included."""
    chain: int
    """Actions to build the chain from ``start`` to the city, the start excluded."""
    pick: int
    """Actions to pick the good up first (0 if carried)."""


class Position:
    """One seat's plans in one position, and what a new camel on a square does to them."""

    def __init__(self, bot: GreedyBot, state: CaravanState, me: PlayerId) -> None:
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

    def distances(self, start: int, start_cost: int) -> tuple[list[int], list[int]]:
        """``shortest`` from ``start``, shared through the bot's per-decision cache: picks,
        relays and steals move no camel, so their positions reuse the same distances."""
        key = (self._key, start, start_cost)
        found = self.bot._cache.get(key)
        if found is None:
            step = [-1] * SQUARES
            found = (shortest(self.weight, start, start_cost, step), step)
            self.bot._cache[key] = found
        return found

    def from_city(self, good: int) -> list[int]:
        found = self._city_dist.get(good)
        if found is None:
            found, step = self.distances(self.cities[good], self.city_weight(good))
            self._city_dist[good] = found
            self._city_step[good] = step
        return found

    def _plans(self) -> list[Plan]:
        state, bot = self.state, self.bot
        threatened = _threatened(state, self.me)
        plans, chances = [], []
        for square, good, under in state.laden_camels(self.me):
            worth = float(VALUE[good])
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
            chances.append(Plan(good, square, float(VALUE[good] + state.space_markers(index)),
                                chain, pick))
        gamma = bot.gamma
        chances.sort(key=lambda plan: -plan.worth * gamma ** (plan.chain + plan.pick))
        return plans + chances[:OPPORTUNITIES]

    def value(self, chains: list[int] | None = None, picks: list[int] | None = None) -> float:
        """The position value; ``chains``/``picks`` override the plans' costs (what-ifs)."""
        gamma = self.bot.gamma
        total = self.scores[self.me]
        chances = []
        for index, plan in enumerate(self.plans):
            chain = plan.chain if chains is None else chains[index]
            pick = plan.pick if picks is None else picks[index]
            cost = chain + pick + 1
            if chain > 0 and not self.spare:
                continue  # no camel left to build the chain with
            worth = plan.worth * gamma ** cost
            if plan.pick:
                chances.append(worth)
            else:
                total += worth
        chances.sort(reverse=True)
        opportunity = self.bot.opportunity
        total += opportunity * sum(chances[:1]) + opportunity / 2 * sum(chances[1:2])
        rivals = 0.0
        for seat in range(self.state.game.players):
            if seat != self.me:
                carried = sum(VALUE[good] for _, good, _ in self.state.laden_camels(seat))
                rivals += self.scores[seat] + 0.3 * carried
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


def _threatened(state: CaravanState, me: PlayerId) -> set[int]:
    """Squares where a rival holding a theft marker has an unladen camel."""
    found: set[int] = set()
    for seat in range(state.game.players):
        if seat != me and state.theft_markers(seat):
            found.update(square for square, good, _ in state.camels(seat) if good == NO_GOOD)
    return found


class GreedyBot:
    """Greedy by a position value (see the module docstring); deterministic."""

    name = "caravan-greedy"

    def __init__(self, seed: int | None = None, gamma: float = 0.8, theft: float = 0.6,
                 rivals: float = 0.3, opportunity: float = 0.5) -> None:
        self._rng = random.Random(seed)
        self._cache: dict[tuple[tuple[int, ...], int, int], tuple[list[int], list[int]]] = {}
        self._keep_alive = 0
        self._last_score = 0.0
        self.gamma = gamma
        self.theft = theft
        self.rivals = rivals
        self.opportunity = opportunity

    def begin(self, game: Game, seat: PlayerId, seed: int) -> None:
        self._rng = random.Random(seed)
        self._keep_alive = 0
        self._last_score = 0.0

    def value(self, state: CaravanState, me: PlayerId) -> float:
        """The value of ``state`` for seat ``me`` (see the module docstring)."""
        if state.is_terminal():
            winners = state.winners()
            result = WIN if winners == [me] else 0.0 if me in winners else -WIN
            return result + state.scores()[me]
        return Position(self, state, me).value()

    def choose(self, view: View) -> Action:
        actions = view.legal_actions()
        if not actions:
            raise CamelcadeError(f"seat {view.player} has no legal action to choose")
        if len(actions) == 1:
            return actions[0]
        state = view.sample_state(self._rng)  # Caravan hides nothing: the true position
        assert isinstance(state, CaravanState)
        me = view.player
        self._cache.clear()
        here = Position(self, state, me)
        base = here.value()
        best: Action = PASS if PASS in actions else actions[0]
        best_gain = 1e-9
        if PASS in actions and state.actions_left == allowance(state.turn):
            # A pass without acting may end the game (the safety stop) now or, if the
            # others pass too, within a round: value it as the result of ending now.
            after = state.clone()
            after.apply(PASS)
            if after.is_terminal():
                best_gain = self.value(after, me) - base
            elif me not in state.leaders():
                best_gain = -WIN  # behind: act rather than let the game end
            if best_gain < 0 and self._keep_alive >= KEEP_ALIVE:
                best_gain = 1e-9  # no points for a while: let it end
        forced = best_gain < 0
        targets = here.targets()
        places: dict[int, Action] = {}
        moves: dict[int, dict[int, Action]] = {}
        for action in actions:
            if isinstance(action, Place):
                if action.to in targets and here.helps(action.to):
                    places[action.to] = action
            elif isinstance(action, Move):
                if action.to in targets and here.helps(action.to):
                    moves.setdefault(action.start, {})[action.to] = action
            elif not isinstance(action, Pass):
                child = state.clone()
                child.apply(action)
                gain = self.value(child, me) - base
                if gain > best_gain:
                    best, best_gain = action, gain
        options: list[tuple[Position, dict[int, Action]]] = []
        if places:
            options.append((here, places))
        elif moves:
            # Moving = back to the supply, then placing: value the first step exactly.
            for start, by_square in sorted(moves.items()):
                options.append((Position(self, state.lifted(me, start), me), by_square))
        for position, by_square in options:
            values = position.with_camel_on(set(by_square))
            for square, action in sorted(by_square.items()):
                gain = (values[square] - base) / state.place_cost(square)
                if gain > best_gain:
                    best, best_gain = action, gain
        # Actions made only to keep a losing game alive are limited until the score moves:
        # two bots could otherwise shuffle a camel back and forth for ever.
        score = here.scores[me]
        if score != self._last_score:
            self._keep_alive, self._last_score = 0, score
        elif forced and best != PASS:
            self._keep_alive += 1
        return best


__all__ = ["GreedyBot", "Plan", "Position", "shortest"]
