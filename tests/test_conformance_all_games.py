"""Every registered game, at every allowed player count, keeps the core invariants, and
every slot of its manifest fits its protocol (``check_plugin``).

Deep checks (JSON, clones, sampling, refusals, text) run on a few games; cheap checks
(legal actions, chance sums, termination) on many random games more, and hypothesis picks
further seeds. Games whose random playouts are long get a smaller count (``BUDGETS``) so
the whole suite fits CI's two cores; each game's own tests add option variants.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from camelcade.core import game_class, game_ids
from camelcade.core.conformance import check_game, check_plugin


@dataclass(frozen=True)
class Budget:
    cheap_games: int = 250
    deep_games: int = 2
    deep_every: int = 3
    hypothesis_deep_every: int = 40
    max_actions: int = 20_000
    presenters_every: int = 90
    """Actions between the states at which every presenter is checked against redraws."""


BUDGETS = {
    # Random Caravan games run to thousands of actions (the bag empties slowly when
    # nobody aims for deliveries), about 0.3-0.5 s each even unchecked.
    "caravan": Budget(cheap_games=25, deep_games=1, deep_every=60,
                      hypothesis_deep_every=400, max_actions=60_000, presenters_every=30),
}

CASES = [
    (game_id, players)
    for game_id in game_ids()
    for players in range(game_class(game_id).min_players, game_class(game_id).max_players + 1)
]


def _ids(case: tuple[str, int]) -> str:
    return f"{case[0]}-{case[1]}p"


def _budget(game_id: str) -> Budget:
    return BUDGETS.get(game_id, Budget())


@pytest.mark.parametrize("game_id", game_ids())
def test_every_slot_of_the_manifest_loads_and_fits_its_protocol(game_id: str) -> None:
    checked = check_plugin(game_id)
    assert checked[0] == "game" and len(checked) > 5


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_deep_invariants_on_random_games(case: tuple[str, int]) -> None:
    game_id, players = case
    budget = _budget(game_id)
    report = check_game(game_id, players=players, games=budget.deep_games, seed=1000,
                        deep_every=budget.deep_every, max_actions=budget.max_actions)
    assert report.games == budget.deep_games and report.deep_states > 0


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_presenters_show_nothing_the_viewer_cannot_see(case: tuple[str, int]) -> None:
    """Words, sentences, the rich board, prompt and advisor commands, the web layout and
    the tensor are the same from the true position and from redraws of what each seat
    and the spectator cannot see (``camelcade.core.seen``)."""
    game_id, players = case
    budget = _budget(game_id)
    report = check_game(game_id, players=players, games=1, seed=2000,
                        deep_every=budget.presenters_every, presenters_every=1,
                        max_actions=budget.max_actions)
    assert report.presented_states == report.deep_states >= 2


@pytest.mark.parametrize("case", CASES, ids=_ids)
def test_cheap_invariants_on_many_random_games(case: tuple[str, int]) -> None:
    game_id, players = case
    budget = _budget(game_id)
    report = check_game(game_id, players=players, games=budget.cheap_games, seed=0,
                        deep_every=0, max_actions=budget.max_actions)
    assert report.games == budget.cheap_games
    assert len(report.terminal_returns) == budget.cheap_games


@pytest.mark.parametrize("case", CASES, ids=_ids)
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_hypothesis_seeds_keep_the_invariants(case: tuple[str, int], seed: int) -> None:
    game_id, players = case
    budget = _budget(game_id)
    report = check_game(game_id, players=players, games=1, seed=seed,
                        deep_every=budget.hypothesis_deep_every, max_actions=budget.max_actions)
    assert report.games == 1
