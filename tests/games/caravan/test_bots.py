"""The ``caravan-greedy`` bot: registered, sensible in set positions, and clearly stronger
than random play (a small, statistically safe version of benchmarks/eval_caravan_greedy.py).
"""

from __future__ import annotations

import camelcade as cc
from camelcade.games.caravan.bots import GreedyBot, shortest
from camelcade.games.caravan.spec import SQUARE_ID, SQUARES
from tests.games.caravan.helpers import position

EMPTY_BAG = dict.fromkeys(("ivory", "cloth", "gems", "paper", "meat", "swords", "salt",
                           "hides"), 0)
ROW = ["salt", "meat", "hides", "swords", "ivory", "cloth", "gems", "paper"]


def choose(state: cc.State, bot: GreedyBot | None = None) -> str:
    return str((bot or GreedyBot()).choose(state.view(state.current_player)))


def test_greedy_is_registered_by_name() -> None:
    bot = cc.bots.load("caravan-greedy")
    assert bot.name == "caravan-greedy"


def test_greedy_delivers_when_a_chain_reaches_the_city() -> None:
    state = position([["d2 salt", "d3", "b6"], []], turn=5)
    assert choose(state) == "relay salt d2-d3"


def test_greedy_picks_up_a_good_with_demand_markers() -> None:
    state = position([["a7", "g5"], []], markers=[3, 0, 0, 0, 0, 0, 0, 0], turn=5)
    assert choose(state) == "pick a7"


def test_greedy_builds_a_chain_towards_the_city() -> None:
    state = position([["d1 salt"], []], turn=5)  # salt city d3 is two squares up
    assert choose(state) in {"camel d2", "camel d3"}


def test_greedy_steals_a_good_it_can_deliver() -> None:
    state = position([["d2", "d3"], ["d2 salt"]], turn=5)
    assert choose(state) == "steal salt d2 1"


def test_greedy_does_not_end_the_game_with_a_delivery_it_would_lose() -> None:
    state = position([["d2 salt", "d3"], ["a1"]], spaces=ROW, bag=EMPTY_BAG,
                     delivered=[{"salt": 4, "meat": 5, "ivory": 1, "cloth": 1},
                                {"hides": 5, "swords": 5, "gems": 1, "paper": 1}],
                     demand=[0, 10])
    assert "relay salt d2-d3" in [str(a) for a in state.legal_actions()]
    assert choose(state) != "relay salt d2-d3"


def test_greedy_ends_the_game_with_a_delivery_that_wins() -> None:
    state = position([["d2 salt", "d3"], ["a1"]], spaces=ROW, bag=EMPTY_BAG,
                     delivered=[{"salt": 4, "meat": 5, "ivory": 1, "cloth": 1},
                                {"hides": 5, "swords": 5, "gems": 1, "paper": 1}])
    assert choose(state) == "relay salt d2-d3"


def test_chain_costs_count_only_squares_without_our_camels() -> None:
    weight = [1] * SQUARES
    weight[SQUARE_ID["d2"]] = 0
    dist = shortest(weight, SQUARE_ID["d3"], 0)
    assert dist[SQUARE_ID["d1"]] == 1  # d2 is ours, d1 costs 1
    assert dist[SQUARE_ID["a3"]] == 3


def test_greedy_beats_random_players_clearly() -> None:
    """16 two-player games, seats alternating: a random bot wins half; greedy must win at
    least 14 (a random bot would, with probability 0.2 %)."""
    wins = 0
    for seed in range(16):
        seat = seed % 2
        agents = [cc.bots.load("random"), cc.bots.load("random")]
        agents[seat] = cc.bots.load("caravan-greedy")
        record = cc.play(cc.load("caravan", players=2), agents, seed=seed)
        wins += seat in (record.winners or [])
    assert wins >= 14
