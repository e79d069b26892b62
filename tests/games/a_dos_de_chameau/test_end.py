"""The end of the game, scoring and ties (rules file: End, AD2, AD7)."""

from __future__ import annotations

import pytest

import camelcade as cc

from .helpers import data, position


def test_game_ends_when_oasis_full_without_draw() -> None:
    state = position([[31, 33, 35], [30, 32, 34]], ["oasis1 oasis2", "oasis1 oasis2 mirage1"],
                     turn=1)
    state.apply("oasis1 30")
    assert state.is_terminal()
    assert state.current_player == cc.TERMINAL
    assert state.legal_actions() == []
    after = data(state)
    assert after["end"] == "oasis-full"
    assert after["camels"] == [[31, 33, 35], [32, 34, 36]]
    assert after["draw_queue"] == []
    assert after["hands"] == [["oasis1", "oasis2"], ["oasis2", "mirage1"]]
    assert (state.returns(), state.winners()) == ([9.0, 12.0], [1])


def test_game_goes_on_while_an_oasis_space_is_empty() -> None:
    state = position([[31, 33, 35], [10, 32, 34]], ["oasis1", "oasis1 oasis2"], turn=1)
    state.apply("oasis1 10")
    assert not state.is_terminal()
    assert data(state)["end"] is None


def test_scoring_sums_oasis_points_per_player() -> None:
    # Camels outside the oasis score nothing; each oasis space scores its own points.
    state = position([[0, 31, 36], [20, 33, 34], [32, 35, 0], [1, 2, 3]],
                     ["oasis1", "oasis1", "oasis1", "oasis1"], end="oasis-full")
    assert state.returns() == [7.0, 7.0, 7.0, 0.0]
    assert state.scores() == [7.0, 7.0, 7.0, 0.0]


def test_scores_are_kept_during_play() -> None:
    state = position([[0, 0, 34], [12, 31, 32]], ["oasis1", "oasis1"])
    assert state.scores() == [4.0, 3.0]
    with pytest.raises(cc.CamelcadeError, match="defined once the game is over"):
        state.returns()


def test_ties_give_several_winners() -> None:
    state = position([[0, 31, 36], [20, 33, 34], [32, 35, 0], [1, 2, 3]],
                     ["oasis1", "oasis1", "oasis1", "oasis1"], end="oasis-full")
    assert state.winners() == [0, 1, 2]
    assert "Red, Yellow and Orange share the win with 7 points." in state.describe()


def test_single_winner_is_the_highest_total() -> None:
    state = position([[31, 32, 33], [34, 35, 36]], ["oasis1", "oasis1"], end="oasis-full")
    assert (state.returns(), state.winners()) == ([6.0, 15.0], [1])


def test_terminal_state_refuses_every_action() -> None:
    state = position([[31, 32, 33], [34, 35, 36]], ["oasis1", "oasis1"], end="oasis-full")
    before = state.to_json()
    for text in ["oasis1 0", "draw oasis1", "storm"]:
        with pytest.raises(cc.GameOverError, match="the game is over"):
            state.apply(text)
    assert state.to_json() == before


def test_ranking_puts_equal_totals_in_one_place() -> None:
    # Points 7, 7, 7 and 0: the three tied seats share first place (no tie-break).
    state = position([[0, 31, 36], [20, 33, 34], [32, 35, 0], [1, 2, 3]],
                     ["oasis1", "oasis1", "oasis1", "oasis1"], end="oasis-full")
    assert state.ranking() == [[0, 1, 2], [3]]
    assert state.winners() == state.ranking()[0]


def test_ranking_orders_distinct_totals_best_first() -> None:
    # Points 11, 4, 4 and 2: a tie in the middle shares second place; fourth stays last.
    state = position([[0, 35, 36], [0, 0, 34], [31, 33, 0], [0, 0, 32]],
                     ["oasis1", "oasis1", "oasis1", "oasis1"], end="oasis-full")
    assert state.returns() == [11.0, 4.0, 4.0, 2.0]
    assert state.ranking() == [[0], [1, 2], [3]]


def test_ranking_follows_the_oasis_points_option() -> None:
    # Reversed points (AD2): space 31 is now worth 6, so the seat there leads.
    state = position([[31, 32, 33], [34, 35, 36]], ["oasis1", "oasis1"], end="oasis-full",
                     oasis_points=[6, 5, 4, 3, 2, 1])
    assert state.returns() == [15.0, 6.0]
    assert state.ranking() == [[0], [1]]


def test_returns_agree_with_the_ranking() -> None:
    """Points are the whole result: no tie-break hides behind them."""
    state = position([[0, 35, 36], [0, 0, 34], [31, 33, 0], [0, 0, 32]],
                     ["oasis1", "oasis1", "oasis1", "oasis1"], end="oasis-full")
    returns = state.returns()
    for better, worse in zip(state.ranking(), state.ranking()[1:], strict=False):
        assert min(returns[s] for s in better) > max(returns[s] for s in worse)
    for group in state.ranking():
        assert len({returns[s] for s in group}) == 1
