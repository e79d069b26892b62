"""The OpenSpiel adapter: OpenSpiel's own random simulation test for every game, its MCTS
bot and ``evaluate_bots`` playing through it, observers giving the wrappers' tensors."""

from __future__ import annotations

import json

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts
from open_spiel.python.bots import uniform_random

import camelcade as cc
from camelcade.core.encoding import encoding_for
from camelcade.rl.openspiel import load_openspiel, register_openspiel, short_name
from camelcade.rl.table import observation_tensor, rank_rewards

SIMULATIONS = {"caravan": 1}
"""Random games per game in the simulation test (a random Caravan game is ~5,000 steps)."""


@pytest.mark.parametrize("game_id", cc.game_ids())
def test_openspiel_random_simulation_passes(game_id: str) -> None:
    game = load_openspiel(game_id)
    pyspiel.random_sim_test(game, num_sims=SIMULATIONS.get(game_id, 2), serialize=True,
                            verbose=False)


@pytest.mark.parametrize("game_id", cc.game_ids())
def test_the_smallest_and_largest_tables_simulate_too(game_id: str) -> None:
    cls = cc.core.game_class(game_id)
    for players in {cls.min_players, cls.max_players} - {cls.default_players}:
        game = load_openspiel(game_id, players=players, max_game_length=300)
        pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_every_game_is_registered_with_its_options_as_parameters() -> None:
    names = register_openspiel()
    assert names == [short_name(game_id) for game_id in cc.game_ids()]
    registered = set(pyspiel.registered_names())
    assert set(names) <= registered
    game = pyspiel.load_game("camelcade_a_dos_de_chameau(players=2,oasis_cards=4;4;3;3;2;2;1)")
    assert game.camelcade.options["oasis_cards"] == [4, 4, 3, 3, 2, 2, 1]
    assert game.num_players() == 2
    info = game.get_type()
    assert info.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert info.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    board = load_openspiel("kamelen").get_type()
    assert board.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert board.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC


def _mcts(game: pyspiel.Game, seed: int, simulations: int, rollout: int | None) -> mcts.MCTSBot:
    rng = np.random.RandomState(seed)
    return mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations, random_state=rng,
                        evaluator=mcts.RandomRolloutEvaluator(1, rng, max_length=rollout))


def test_mcts_plays_a_whole_game_against_random_with_evaluate_bots() -> None:
    game = load_openspiel("camel-drive", players=2, target_score=10)
    rng = np.random.RandomState(0)
    bots = [_mcts(game, 0, 20, None), uniform_random.UniformRandomBot(1, rng)]
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, rng)
    assert state.is_terminal()
    assert list(returns) == rank_rewards(state.camelcade_state.ranking(), 2)


@pytest.mark.parametrize("game_id", cc.game_ids())
def test_mcts_chooses_legal_moves_in_every_game(game_id: str) -> None:
    game = load_openspiel(game_id)
    bot = _mcts(game, 1, 8, 60)
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    chosen = 0
    while chosen < 4 and not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        chosen += 1
    assert chosen == 4


@pytest.mark.parametrize("game_id", cc.game_ids())
def test_observation_tensors_are_the_wrappers_tensors(game_id: str) -> None:
    game = load_openspiel(game_id)
    encoding = encoding_for(game.camelcade)
    state = game.new_initial_state()
    rng = np.random.RandomState(2)
    for _ in range(30):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            continue
        for seat in range(game.num_players()):
            tensor = np.array(state.observation_tensor(seat), dtype=np.float32)
            assert np.array_equal(tensor, observation_tensor(encoding, state.camelcade_state,
                                                             seat))
            assert state.information_state_string(seat) == (
                f"seat {seat}: " + " | ".join(state.camelcade_state.history_for(seat)))
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert game.observation_tensor_shape() == [encoding.layout.size]


def test_a_seats_information_state_names_none_of_anothers_hidden_draws() -> None:
    game = load_openspiel("a-dos-de-chameau", players=2)
    state = game.new_initial_state()
    for _ in range(6):  # the opening deal: three cards each, seat 0 first
        state.apply_action(state.chance_outcomes()[0][0])
    seen_by_one = state.information_state_string(1)
    assert seen_by_one.count("draw ?") == 3
    assert state.information_state_string(0).count("draw ?") == 3


def test_max_game_length_is_a_true_bound() -> None:
    game = load_openspiel("kamelen", max_game_length=4)
    assert game.max_game_length() == 4
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    assert len(state.history()) == 4 and state.returns() == [0.0, 0.0]


def test_clones_are_independent() -> None:
    game = load_openspiel("camel-up", players=3)
    state = game.new_initial_state()
    copy = state.clone()
    copy.apply_action(copy.chance_outcomes()[0][0])
    assert len(state.camelcade_state.history) == 0
    assert len(copy.camelcade_state.history) == 1


@pytest.mark.parametrize("game_id", cc.game_ids())
def test_a_serialised_state_is_the_saved_state_not_the_games_shared_tables(game_id: str
                                                                           ) -> None:
    # Regression: pickling the state object itself walked A dos de Chameau's interned
    # card sets (half a megabyte) and sometimes exceeded the recursion limit in
    # random_sim_test(serialize=True). A state's serialisation is its to_json().
    game = load_openspiel(game_id)
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    text = pyspiel.serialize_game_and_state(game, state)
    _, copy = pyspiel.deserialize_game_and_state(text)
    saved = state.camelcade_state.to_json()
    assert copy.camelcade_state.to_json() == saved
    assert str(copy) == str(state) and copy.legal_actions() == state.legal_actions()
    assert len(text) < 4 * len(json.dumps(saved)) + 10_000
