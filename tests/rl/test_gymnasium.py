"""The Gymnasium single-agent environment: Gymnasium's own ``check_env`` for every game and
player count, the registry and vector environments, opponents by bot or level name."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import camelcade as cc
from camelcade.core import IllegalActionError, OptionError
from camelcade.rl.gym import env_id, gym_env
from camelcade.rl.table import rank_rewards
from tests.rl.support import CASES, case_id


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_gymnasium_check_env_passes(case: tuple[str, int]) -> None:
    game_id, players = case
    made = gymnasium.make(env_id(game_id), players=players, seat=players - 1,
                          render_mode="ansi")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(made.unwrapped)
    assert [str(w.message) for w in caught] == []


def _episode(env: gymnasium.Env[Any, Any], seed: int) -> tuple[float, int, dict[str, Any]]:
    _, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps = 0.0, 0
    while True:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _observation, reward, terminated, truncated, info = env.step(action)
        total += float(reward)
        steps += 1
        if terminated or truncated:
            return total, steps, info


def test_the_seat_plays_against_bots_and_is_paid_its_ranking() -> None:
    env = gym_env("camel-up", players=4, seat=2, opponents="random")
    total, _, info = _episode(env, seed=3)
    state = env.table.state
    assert state.is_terminal()
    assert total == rank_rewards(state.ranking(), 4)[2]
    assert info["action_mask"].sum() == 0


def test_opponents_are_named_bots_levels_or_agents_one_per_seat() -> None:
    first = cc.bots.load("first")
    env = gym_env("kamelen", opponents=[first])
    assert env.opponents == {1: first}
    leveled = gym_env("camel-drive", players=3, opponents=["easy", "camel-drive-planner"])
    assert [bot.name for bot in leveled.opponents.values()] == ["eager", "camel-drive-planner"]
    with pytest.raises(OptionError, match="needs 2 opponents, got 1"):
        gym_env("camel-drive", players=3, opponents=["random"])
    with pytest.raises(OptionError, match="no bot 'nobody'"):
        gym_env("kamelen", opponents="nobody")


class Cheat:
    """An opponent whose move is never legal: by text, or by an index past the list."""

    name = "cheat"

    def __init__(self, by_index: bool) -> None:
        if by_index:
            self.choose_index = lambda view: len(view.legal_actions())

    def choose(self, view: Any) -> str:
        return "fly to the moon"


@pytest.mark.parametrize(("by_index", "said"), [
    (False, "cannot read 'fly to the moon'"),
    (True, "cheat chose action index 16 for seat 0; the index of one of its 16 legal"),
], ids=["action", "index"])
def test_an_opponents_illegal_move_is_refused_and_changes_nothing(by_index: bool,
                                                                  said: str) -> None:
    env = gym_env("kamelen", seat=1, opponents=[Cheat(by_index)])
    with pytest.raises(IllegalActionError) as refused:
        env.reset(seed=1)
    assert said in str(refused.value)
    assert env.table.state.history == []


def test_bots_are_seeded_by_the_environment() -> None:
    runs = [_episode(gym_env("a-dos-de-chameau", players=3), seed=9) for _ in range(2)]
    assert runs[0][:2] == runs[1][:2]


def test_an_illegal_index_loses_or_raises_as_asked() -> None:
    env = gym_env("kamelen")
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    with pytest.raises(OptionError, match="call reset"):
        env.step(0)
    strict = gym_env("kamelen", illegal_action="raise")
    strict.reset(seed=0)
    with pytest.raises(IllegalActionError, match="is not legal now"):
        strict.step(illegal)


def test_points_rewards_add_up_to_the_seats_points() -> None:
    env = gym_env("caravan", players=2, seat=1, reward="points")
    total, _, _ = _episode(env, seed=1)
    assert total == pytest.approx(env.table.state.returns()[1])


def test_vector_environments_step_several_games_at_once() -> None:
    vector = gymnasium.make_vec(env_id("camel-drive"), num_envs=3, players=2)
    observations, infos = vector.reset(seed=4)
    assert observations.shape == (3, vector.single_observation_space.shape[0])
    for _ in range(50):
        masks = infos["action_mask"]
        # a finished episode's mask is all zero: its next action only resets it
        actions = np.array([int(np.argmax(mask)) for mask in masks])
        observations, _, _, _, infos = vector.step(actions)
        assert observations.shape[0] == 3
    vector.close()


def test_every_game_is_in_gymnasiums_registry() -> None:
    for game_id in cc.game_ids():
        assert env_id(game_id) in gymnasium.registry
