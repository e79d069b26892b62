"""Caravan's easy level (the generic ``eager`` bot judged by the ``plans`` evaluator): it
delivers what it carries, picks up what pays, and its games score (issue: easy games
used to end nought to nought)."""

from __future__ import annotations

import pytest

import camelcade as cc
from camelcade.games.caravan.state import CaravanState
from tests.bots.eager_support import MOST, easy_picks
from tests.games.caravan.helpers import position


def test_easy_delivers_when_a_chain_reaches_the_city() -> None:
    state = position([["d2 salt", "d3", "b6"], []], turn=5)
    before = state.scores()[0]
    delivered = state.child("relay salt d2-d3")
    assert delivered.scores()[0] > before  # the one action here that scores
    assert easy_picks(state)["relay salt d2-d3"] >= MOST


def test_easy_picks_up_a_good_whose_markers_pay() -> None:
    state = position([["a7", "g5"], []], markers=[3, 0, 0, 0, 0, 0, 0, 0], turn=5)
    assert easy_picks(state)["pick a7"] >= MOST


def _scored(seed: int) -> bool:
    players = 2 + seed % 2
    game = cc.load("caravan", players=players)
    record = cc.play(game, [cc.bots.load_level("caravan", "easy") for _ in range(players)],
                     seed=seed)
    final = cc.replay(record)
    assert isinstance(final, CaravanState)
    return max(final.scores()) > 0


def test_easy_beats_random_players() -> None:
    wins = 0
    for seed in range(6):
        agents = [cc.bots.load("random"), cc.bots.load("random")]
        agents[seed % 2] = cc.bots.load_level("caravan", "easy")
        record = cc.play(cc.load("caravan", players=2), agents, seed=seed)
        wins += record.winners == [seed % 2]
    assert wins >= 5


@pytest.mark.slow
def test_games_between_easy_bots_score() -> None:
    """100 games of two and three easy seats: somebody scores in at least 95."""
    assert sum(_scored(seed) for seed in range(100)) >= 95
