"""The shared conformance suite for 2, 3 and 4 players and the main option variants.

Random camels rarely pick anything up, so by default (``no_progress_rounds=10``) a random
game ends for want of progress within a few hundred actions; without that stop it runs to
thousands. Deep checks look at every 300th state of one such long game per player count,
cheap checks cover a dozen more of each kind; ``max_actions`` is raised to match. Games
played by the greedy bot (which refills, steals, delivers and ends on a delivery) are
checked too.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import camelcade as cc
from camelcade.core.chance import sample_chance
from camelcade.core.conformance import check_game
from camelcade.games.caravan.bots import GreedyBot

MAX_ACTIONS = 60_000


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_deep(players: int) -> None:
    report = check_game("caravan", players=players, games=1, deep_every=300, seed=players,
                        max_actions=MAX_ACTIONS, no_progress_rounds=0)
    assert report.games == 1 and report.deep_states >= 5


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_deep_with_the_no_progress_stop(players: int) -> None:
    report = check_game("caravan", players=players, games=4, deep_every=10, seed=players,
                        max_actions=MAX_ACTIONS)
    assert report.games == 4 and report.deep_states >= 20


@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_many_games(players: int) -> None:
    report = check_game("caravan", players=players, games=12, deep_every=0, seed=100,
                        max_actions=MAX_ACTIONS)
    assert report.games == 12
    assert all(len(r) == players for r in report.terminal_returns)


@pytest.mark.parametrize("options", [{"camels": 6}, {"short_game": False},
                                     {"short_game": True}, {"safety_stop": "bag-empty"},
                                     {"no_progress_rounds": 0}, {"no_progress_rounds": 1}],
                         ids=["six-camels", "full-bag", "short-bag", "bag-empty-stop",
                              "no-progress-stop-off", "no-progress-stop-1"])
@pytest.mark.parametrize("players", [2, 4])
def test_conformance_variants(players: int, options: dict[str, Any]) -> None:
    report = check_game("caravan", players=players, games=3, deep_every=0, seed=200,
                        max_actions=MAX_ACTIONS, **options)
    assert report.games == 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_games_keep_every_invariant_and_end(players: int) -> None:
    game = cc.load("caravan", players=players)
    for seed in range(2):
        rng = random.Random(seed)
        bots = [GreedyBot(seed=seed * 10 + seat) for seat in range(players)]
        state = game.new_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance():
                action = sample_chance(state, rng)
            else:
                action = bots[state.current_player].choose(state.view(state.current_player))
            state.apply(action)
            steps += 1
            assert steps < 5_000, "a greedy game did not end"
            if steps % 25 == 0:
                saved = json.loads(json.dumps(state.to_json()))
                assert game.state_from_json(saved) == state
                for seat in range(players):
                    sample = state.view(seat).sample_state(random.Random(seat))
                    assert sample.observation(seat) == state.observation(seat)
        assert len(state.returns()) == players

