"""The final ranking (rules file, Scoring): highest total first, then most goods delivered
(CA6), then a shared place. Every place is ranked this way, not only the first, and
``returns()`` stay the points even where the tie-break separates two seats."""

from __future__ import annotations

from typing import Any

import camelcade as cc
from tests.games.caravan.helpers import position


def finished(delivered: list[dict[str, int]], demand: list[int], **kwargs: Any) -> cc.State:
    """A full-game position just ended by the safety stop, every camel unladen on a2."""
    players = len(delivered)
    return position([["a2"] for _ in range(players)], delivered=delivered, demand=demand,
                    idle=players, end="stalled", short_game=False, **kwargs)


def test_ranking_is_by_points_highest_first() -> None:
    state = finished([{"salt": 5}, {"meat": 1}, {"hides": 3}], demand=[0, 0, 0])
    assert state.returns() == [15.0, 3.0, 9.0]
    assert state.ranking() == [[0], [2], [1]]
    assert state.winners() == [0]


def test_demand_markers_and_held_goods_count_in_the_points_that_rank() -> None:
    state = position([["a2"], ["a3 salt", "a4 salt", "a5 salt"]],
                     delivered=[{"salt": 2}, {"salt": 2}], demand=[0, 2], idle=2,
                     end="stalled", short_game=False)
    assert state.returns() == [6.0, 6.0 + 2 - 3]
    assert state.ranking() == [[0], [1]]


def test_ranking_tie_break_most_goods_delivered_for_the_win() -> None:
    state = finished([{"ivory": 1}, {"salt": 2}], demand=[0, 0])
    assert state.returns() == [6.0, 6.0]
    assert state.ranking() == [[1], [0]]  # two goods against one
    assert state.winners() == [1]


def test_ranking_tie_break_applies_below_the_first_place_too() -> None:
    state = finished([{"salt": 5}, {"ivory": 1}, {}, {"meat": 2}], demand=[0, 0, 6, 0])
    assert state.returns() == [15.0, 6.0, 6.0, 6.0]
    assert state.ranking() == [[0], [3], [1], [2]]  # 2, 1 and 0 goods delivered


def test_a_full_tie_after_the_tie_break_shares_a_place() -> None:
    state = finished([{"salt": 5}, {"meat": 2}, {"hides": 2}], demand=[0, 0, 0])
    assert state.ranking() == [[0], [1, 2]]
    shared = finished([{"salt": 2}, {"meat": 1, "ivory": 1}], demand=[3, 0])
    assert shared.returns() == [9.0, 9.0]
    assert shared.ranking() == [[0, 1]] and shared.winners() == [0, 1]


def test_leaders_are_the_first_place_of_the_ranking_during_the_game() -> None:
    state = position([["a2"], ["a3"]], delivered=[{"ivory": 1}, {"salt": 2}], turn=9)
    assert not state.is_terminal()
    assert state.leaders() == [1]
