"""The ``plans`` evaluator: Caravan's position value lent to the generic searches.

Its values are the searches' rank scale (0 to 1), lean towards the seat that has
delivered or is about to, come from the table alone, and steer ``mcts`` to a delivery
that random play-outs would value no better than any other action.
"""

from __future__ import annotations

import random

import pytest

import camelcade as cc
from camelcade.bots.mcts import MCTSBot
from camelcade.bots.slots import build_evaluator, evaluator_names
from camelcade.core.chance import sample_chance
from camelcade.games.caravan.evaluator import PlansEvaluator
from camelcade.games.caravan.state import CaravanState
from tests.games.caravan.helpers import game, position


def values(state: cc.State) -> list[float]:
    return list(PlansEvaluator().evaluate(state.clone(), random.Random(1)))


def played(players: int, steps: int, seed: int) -> list[CaravanState]:
    """The positions of a random game, one after each of its first ``steps`` steps."""
    rng = random.Random(seed)
    state = game(players).new_state()
    found = []
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.current_player < 0:
            state.apply(sample_chance(state, rng))
        else:
            state.apply(rng.choice(list(state.legal_actions())))
        assert isinstance(state, CaravanState)
        found.append(state.clone())
    return found


def test_the_plugin_declares_the_plans_evaluator() -> None:
    the_game = game(3)
    assert "plans" in evaluator_names(the_game)
    built = build_evaluator("plans", the_game, rollout_limit=0, reward="rank")
    assert isinstance(built, PlansEvaluator)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_values_are_ranks_between_0_and_1(players: int) -> None:
    for state in played(players, 150, seed=players)[::5]:
        if state.is_terminal():
            continue
        found = values(state)
        assert len(found) == players
        assert all(0.0 <= value <= 1.0 for value in found)
        # The mean chance of finishing ahead of each other seat: they add up as ranks do.
        assert sum(found) == pytest.approx(players / 2)


def test_seats_alike_are_even() -> None:
    state = position([[], []], turn=5)
    assert values(state) == pytest.approx([0.5, 0.5])


def test_the_seat_that_has_delivered_is_ahead() -> None:
    state = position([["a1"], ["g7"]], delivered=[{"salt": 1}, {}], turn=5)
    mine, theirs = values(state)
    assert mine > 0.6 > 0.4 > theirs


def test_the_seat_closer_to_delivering_is_ahead() -> None:
    # Both carry salt (city d3): Red's camel is beside the city with one in it, Green's
    # at the far corner with no chain.
    state = position([["d2 salt", "d3"], ["g7 salt", "a1"]], turn=5)
    mine, theirs = values(state)
    assert mine > theirs


def test_values_read_only_the_table() -> None:
    """Caravan hides nothing; the value depends on the position, not on the randomness
    it is given (the bag's order is no part of it) or on how the state was made."""
    state = played(3, 120, seed=4)[-1]
    again = state.game.state_from_json(state.to_json())
    evaluator = PlansEvaluator()
    first = list(evaluator.evaluate(state.clone(), random.Random(1)))
    assert list(evaluator.evaluate(state.clone(), random.Random(99))) == first
    assert list(PlansEvaluator().evaluate(again, random.Random(5))) == first


def test_priors_put_the_delivery_first() -> None:
    state = position([["d2 salt", "d3", "b6"], ["a1"]], turn=5)
    actions = list(state.legal_actions())
    weights = PlansEvaluator().priors(state, actions)
    assert weights is not None and len(weights) == len(actions)
    best = max(range(len(actions)), key=lambda index: weights[index])
    assert str(actions[best]) == "relay salt d2-d3"
    assert all(0.0 <= weight <= 1.0 for weight in weights)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_mcts_with_the_evaluator_delivers(seed: int) -> None:
    state = position([["d2 salt", "d3", "b6"], ["a1"]], turn=5)
    bot = MCTSBot(iterations=40, seed=seed, evaluator="plans", group_above=1000)
    bot.begin(state.game, state.current_player, seed)
    assert str(bot.choose(state.view(state.current_player))) == "relay salt d2-d3"


def test_mcts_with_the_evaluator_picks_up_demand_markers() -> None:
    state = position([["a7", "g5"], ["b1"]], markers=[3, 0, 0, 0, 0, 0, 0, 0], turn=5)
    bot = MCTSBot(iterations=40, seed=1, evaluator="plans", group_above=1000)
    bot.begin(state.game, state.current_player, 1)
    assert str(bot.choose(state.view(state.current_player))) == "pick a7"


def test_mcts_with_the_evaluator_outscores_random_play() -> None:
    """A small functional check (fixed iterations, not time): the search with the value
    delivers in a two-seat game (at least one good's points ahead), where with random
    play-outs it scored a point or nothing in these seeds."""
    the_game = game(2)
    for seed in (1, 2):
        result = cc.play(the_game, [MCTSBot(iterations=30, evaluator="plans",
                                            group_above=1000), cc.bots.load("random")],
                         seed=seed)
        assert result.returns[0] >= result.returns[1] + 3
