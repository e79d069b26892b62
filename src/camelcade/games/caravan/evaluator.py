"""Caravan's position value, lent to the generic searches as the ``plans`` evaluator.

Random play-outs are no judge of Caravan: a random player almost never builds a chain
from a good to the city that wants it, so a play-out scores nothing whatever the search
tried first, every action looks alike, and ``mcts`` at 0.02 CPU seconds a move ties with
``random`` (the lab's SPRT accepted H0; nearly every game ended at nought points each,
by the no-progress stop). :class:`PlansEvaluator` asks ``caravan-greedy``'s own position
value instead (``plans.py``, ``Position(bot, state, seat).value()``; one heuristic, not a
second): each seat's score plus what its carried goods, pick-up chances and free camels
are worth, discounted by the actions they still need. It plays no rollout by default
(``rollout=0``): the value already looks along the chains a play-out would have to
stumble on, and an iteration then costs a few shortest paths rather than hundreds of
random steps.

The values become the search's ``rank`` scale, 0 to 1: for each seat the mean over the
other seats of a logistic of the difference of their values, ``1 / (1 + exp(-(mine -
theirs) / scale))``, read as the chance of finishing ahead of that seat (so a table's
values add up to what the ranks would: ``(players) / 2``). ``scale`` is 3 points, the
worth of one common good: a seat one common delivery ahead is about three to one
(0.73) to stay ahead, one rare delivery (6 points) ahead about seven to one (0.88), and
a seat ahead by a few goods is nearly sure, as in a game scored in the teens. The seats'
values are taken with the bot's ``rivals`` weight at 0: the logistic of the difference
compares the seats itself, and the weight would count the rivals twice.

Caravan hides nothing (the state's ``_resample`` draws nothing), so the value reads
only what is on the table: camels, loads, goods spaces, markers and whether the bag is
empty, never the order of future draws, which are chance nodes of the search.

Its priors (``PlansEvaluator.priors``) let the search try first what the value would:
with ~25 iterations in 0.02 CPU seconds and 50 actions a decision, the order in which
actions are admitted is most of the search. (The ladder's rung was measured with
grouping off, ``group_above=1000``: then a lone pass got a whole group's visits and the
final choice, by an action's visits, picked it. The searches now choose the most visited
group first, and grouped by kind the search beats ``random`` too.)

The shortest paths the value needs are kept between evaluations (a search's positions
share most of their camels, so siblings share them): the cache is emptied when it holds
``CACHE`` entries, which bounds its memory.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

from camelcade.bots.evaluators import Evaluator, chances_ahead
from camelcade.bots.rewards import outcome_values, rank_rewards
from camelcade.core.action import Action
from camelcade.core.game import Game, State
from camelcade.games.caravan.actions import Move, Pass, Pick, Place, Relay, Steal
from camelcade.games.caravan.bots import GreedyBot
from camelcade.games.caravan.plans import Position
from camelcade.games.caravan.spec import GOODS_SPACES
from camelcade.games.caravan.state import CaravanState

SCALE: Final = 3.0
"""Points of value difference that make one seat e:1 to finish ahead of another (the
worth of a common good; see the module docstring)."""
CACHE: Final = 20_000
"""Shortest paths kept between evaluations before the cache is emptied."""
PRIORS: Final = 4_096
"""Decisions whose placement estimates are kept before that memo is emptied."""
DELIVER, PICK, STEAL, RELAY = 1.0, 0.9, 0.8, 0.7
"""Priors of the actions the search then values exactly (picks, relays, thefts: a few
a decision): a delivery first, for it is what random play never finds."""
PLACED = 0.6
"""The most a placement or move is given: ``PLACED`` times the logistic of its estimated
gain (``Position.with_camel_on``), so one that gains nothing gets half of it, as a pass
does."""


class PlansEvaluator(Evaluator):
    """Each seat's ``plans.py`` value, compared with the others' by a logistic.

    ``rollout`` random steps are played first (0: none); a game they finish is worth its
    ranking. ``scale`` is the logistic's width in points.
    """

    def __init__(self, *, rollout: int = 0, scale: float = SCALE) -> None:
        if rollout < 0 or scale <= 0:
            raise ValueError(f"rollout must be 0 or more and scale above 0, got {rollout}, "
                             f"{scale}")
        self.rollout = rollout
        self.scale = scale
        self.bot = GreedyBot(rivals=0.0)
        """The value's weights (``caravan-greedy``'s own, but ``rivals``) and its cache."""
        self._priors: dict[object, tuple[float, dict[int, float], set[int]]] = {}

    def values(self, state: CaravanState) -> list[float]:
        """Each seat's position value in points (score and plans; rivals not counted)."""
        bot = self.bot
        if len(bot.cache) > CACHE:
            bot.cache.clear()
        return [Position(bot, state, seat).value() for seat in range(state.game.players)]

    def evaluate(self, state: State, rng: random.Random) -> Sequence[float]:
        if self.rollout:
            state.playout(rng, self.rollout)
        if state.is_terminal():
            return outcome_values(state, rank_rewards)
        assert isinstance(state, CaravanState)
        return chances_ahead(self.values(state), self.scale)

    def priors(self, state: State, actions: Sequence[Action]) -> Sequence[float] | None:
        """What the value expects of each action before the search tries it.

        Picks, relays and thefts come first (they are few, and a delivery or a pick-up is
        what the search must not miss); placements and moves by ``plans.py``'s own
        estimate of the camel's worth on its square (``with_camel_on``: a move as a
        placement, less for a camel that leaves a planned chain); a pass as a placement
        that gains nothing. The estimates are memoised per decision, for the search asks
        again each time it admits an action.
        """
        assert isinstance(state, CaravanState)
        me = state.current_player
        estimates = self._estimates(state, me)
        base, on_square, chained = estimates
        scale = self.scale
        weights = []
        for action in actions:
            kind = type(action)
            if kind is Relay:
                relay: Relay = action  # type: ignore[assignment]
                weights.append(DELIVER if state.city_at(relay.to) == relay.good else RELAY)
            elif kind is Pick:
                weights.append(PICK)
            elif kind is Steal:
                weights.append(STEAL)
            elif kind is Place or kind is Move:
                to: int = action.to  # type: ignore[attr-defined]
                gain = on_square.get(to, base) - base
                if kind is Move and action.start in chained:  # type: ignore[attr-defined]
                    gain -= scale
                weights.append(PLACED / (1.0 + math.exp(-gain / scale)))
            else:
                weights.append(PLACED / 2 if kind is Pass else 0.0)
        return weights

    def _estimates(self, state: CaravanState, me: int
                   ) -> tuple[float, dict[int, float], set[int]]:
        """The mover's value, its value with a new camel on each square where one helps,
        and the squares of its planned chains (memoised by what they depend on)."""
        key = (me, state.turn, state.actions_left, state.bag_empty(),
               tuple(tuple(state.camels(seat)) for seat in range(state.game.players)),
               tuple(state.space_good(index) for index in range(GOODS_SPACES)))
        found = self._priors.get(key)
        if found is None:
            if len(self._priors) > PRIORS:
                self._priors.clear()
            if len(self.bot.cache) > CACHE:
                self.bot.cache.clear()
            position = Position(self.bot, state, me)
            targets = position.targets()
            squares = {square for square in targets if position.helps(square)}
            found = (position.value(), position.with_camel_on(squares), targets)
            self._priors[key] = found
        return found


def plans(game: Game) -> PlansEvaluator:
    """The ``plans`` evaluator of the manifest's search slot (one per bot)."""
    return PlansEvaluator()
