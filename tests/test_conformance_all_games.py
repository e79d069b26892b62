"""Every registered game, at every allowed player count, keeps the core invariants.

Deep checks (JSON, clones, sampling, refusals, text) run on a few games at every state;
cheap checks (legal actions, chance sums, termination) on hundreds of random games more,
and hypothesis picks further seeds — thousands of random games per game in all.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from camelcade.core import game_class, game_ids
from camelcade.core.conformance import check_game

CASES = [
    (game_id, players)
    for game_id in game_ids()
    for players in range(
        game_class(game_id).min_players, game_class(game_id).max_players + 1
    )
]
CHEAP_GAMES = 250


def _ids(case: tuple[str, int]) -> str:
    return f"{case[0]}-{case[1]}p"


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_deep_invariants_on_random_games(case: tuple[str, int]) -> None:
    game_id, players = case
    report = check_game(game_id, players=players, games=2, seed=1000, deep_every=3)
    assert report.games == 2 and report.deep_states > 0


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_cheap_invariants_on_many_random_games(case: tuple[str, int]) -> None:
    game_id, players = case
    report = check_game(game_id, players=players, games=CHEAP_GAMES, seed=0, deep_every=0)
    assert report.games == CHEAP_GAMES
    assert len(report.terminal_returns) == CHEAP_GAMES


@pytest.mark.parametrize("case", CASES, ids=_ids)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_hypothesis_seeds_keep_the_invariants(case: tuple[str, int], seed: int) -> None:
    game_id, players = case
    report = check_game(game_id, players=players, games=1, seed=seed, deep_every=40)
    assert report.games == 1
