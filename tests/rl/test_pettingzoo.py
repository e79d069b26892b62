"""The PettingZoo AEC environment: PettingZoo's own ``api_test`` for every game and player
count, and the behaviours its users ask for (turns of several actions, seeds, rewards)."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test

import camelcade as cc
from camelcade.core import IllegalActionError, OptionError
from camelcade.rl import env
from camelcade.rl.table import rank_rewards
from tests.rl.support import CASES, case_id

EXPECTED_WARNINGS = {
    # PettingZoo's classic games give the same dict of "observation" and "action_mask";
    # api_test warns about it for any game outside its own list of classic games.
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or "
    "gymnasium.spaces.discrete",
}


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_pettingzoo_api_test_passes(case: tuple[str, int]) -> None:
    game_id, players = case
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game_id, players=players), num_cycles=60)
    assert {str(w.message) for w in caught} <= EXPECTED_WARNINGS


def _play(aec: Any, seed: int, limit: int = 100_000) -> tuple[list[str], dict[str, float]]:
    """A seeded random game: the agents in the order they acted, and their total rewards."""
    aec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    order: list[str] = []
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    for agent in aec.agent_iter(limit):
        observation, reward, terminated, truncated, _ = aec.last()
        totals[agent] += reward
        if terminated or truncated:
            aec.step(None)
            continue
        order.append(agent)
        aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return order, totals


def test_a_turn_of_several_actions_selects_the_same_agent_again() -> None:
    """Caravan's turns of 1, 2, 3, then 4 actions: camels placed on empty squares (one
    action each) show the same agent selected until its turn is spent."""
    aec = env("caravan", players=2)
    aec.reset(seed=4)
    texts = aec.table.encoding.actions.texts
    left = aec.table.encoding.layout.offset["actions_left"]
    used: set[str] = set()
    runs = []
    for _ in range(9):
        agent = aec.agent_selection
        observation = aec.observe(agent)
        runs.append((agent, round(float(observation["observation"][left]) * 4)))
        index = next(int(i) for i in np.flatnonzero(observation["action_mask"])
                     if texts[i].startswith("camel ") and "-" not in texts[i]
                     and texts[i] not in used)
        used.add(texts[index])
        aec.step(index)
    assert runs == [("player_0", 1), ("player_1", 2), ("player_1", 1),
                    ("player_0", 3), ("player_0", 2), ("player_0", 1),
                    ("player_1", 4), ("player_1", 3), ("player_1", 2)]


def test_the_same_seed_gives_the_same_game() -> None:
    first = _play(env("a-dos-de-chameau", players=3), seed=11)
    again = _play(env("a-dos-de-chameau", players=3), seed=11)
    other = _play(env("a-dos-de-chameau", players=3), seed=12)
    assert first == again
    assert first != other


def test_ranking_rewards_are_paid_at_the_end_and_match_the_ranking() -> None:
    aec = env("camel-up", players=4)
    _, totals = _play(aec, seed=5)
    state = aec.game_state
    assert state.is_terminal()
    expected = rank_rewards(state.ranking(), 4)
    assert [totals[f"player_{seat}"] for seat in range(4)] == expected
    assert sum(totals.values()) == pytest.approx(0.0)


def test_points_rewards_add_up_to_the_games_points() -> None:
    aec = env("caravan", players=2, reward="points")
    _, totals = _play(aec, seed=2)
    assert aec.game_state.is_terminal()
    returns = aec.game_state.returns()
    assert [totals[f"player_{seat}"] for seat in range(2)] == pytest.approx(returns)


def test_an_index_outside_the_mask_is_refused_and_nothing_is_played() -> None:
    aec = env("kamelen")
    aec.reset(seed=0)
    mask = aec.observe(aec.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = len(aec.game_state.history)
    with pytest.raises(IllegalActionError, match=f"action {illegal} .* is not legal now"):
        aec.step(illegal)
    assert len(aec.game_state.history) == before


def test_other_agents_see_an_all_zero_mask_and_their_own_tensor() -> None:
    aec = env("camel-drive", players=4)
    aec.reset(seed=1)
    mover = aec.agent_selection
    for agent in aec.agents:
        observed = aec.observe(agent)
        assert (observed["action_mask"].sum() > 0) == (agent == mover)
        seat = int(agent.split("_")[1])
        assert observed["observation"][seat] == 1.0  # the "seat" block comes first


def test_max_steps_truncates_every_agent_without_reward() -> None:
    aec = env("kamelen", max_steps=5)
    order, totals = _play(aec, seed=3)
    assert len(order) == 5
    assert totals == {"player_0": 0.0, "player_1": 0.0}
    assert not aec.agents


def test_render_gives_the_position_in_words() -> None:
    aec = env("camel-up", players=3, render_mode="ansi")
    aec.reset(seed=0)
    text = aec.render()
    assert isinstance(text, str) and text.startswith("Leg 1. It is Player 1's turn.")
    assert text.endswith("Player 1 to act.")


def test_bad_settings_are_refused_saying_what_is_allowed() -> None:
    with pytest.raises(OptionError, match="reward='coins' is not offered; choose one of: "
                                          "ranking, points"):
        env("camel-up", reward="coins")
    with pytest.raises(OptionError, match="render_mode='rgb_array' is not offered"):
        env("camel-up", render_mode="rgb_array")
    with pytest.raises(cc.OptionError, match="Kamelen is played by 2 players, not 3"):
        env("kamelen", players=3)
    with pytest.raises(OptionError, match="either a loaded Game or a game id"):
        env(cc.load("kamelen"), players=2)
