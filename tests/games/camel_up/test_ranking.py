"""The seats' ranking at the end (rules file, "Game end" and "6-8 players: partnership").

"Most money wins; ties share the victory": seats rank by coins, most first, and equal
coins share a place at every rank (the rules know no tie-break). A partnership lasts one
leg and only lets partners copy a ticket's reward at that leg's scoring, so partners rank
on their own money, never as a team.
"""

from __future__ import annotations

from typing import Any

from camelcade.core.game import rank_by_points

from .helpers import data, game, load, purple_on_15, roll


def finished(players: int = 3, **changes: Any):
    """A game just over (Purple crossed the line), its position then edited."""
    state = purple_on_15(players=players)
    roll(state, "purple 2")
    assert state.is_terminal()
    position = data(state)
    position.update(changes)
    return load(game(players), position)


def test_seats_rank_by_coins_most_first() -> None:
    state = finished(4, coins=[5, 12, 0, 7])
    assert state.ranking() == [[1], [3], [0], [2]]
    assert state.winners() == [1]


def test_ties_share_the_victory() -> None:
    state = finished(3, coins=[7, 7, 3])
    assert state.ranking() == [[0, 1], [2]] and state.winners() == [0, 1]
    assert "Player 1 and Player 2 share the win" in state.describe()


def test_ties_share_a_place_below_the_winner_too() -> None:
    state = finished(5, coins=[4, 9, 4, 1, 1])
    assert state.ranking() == [[1], [0, 2], [3, 4]]


def test_everyone_level_shares_one_place() -> None:
    assert finished(4, coins=[6, 6, 6, 6]).ranking() == [[0, 1, 2, 3]]


def test_ranking_agrees_with_the_returns() -> None:
    state = finished(6, coins=[3, 8, 8, 0, 5, 3])
    assert state.returns() == [3.0, 8.0, 8.0, 0.0, 5.0, 3.0]
    assert state.ranking() == rank_by_points(state.returns())


def test_partners_rank_on_their_own_money_not_as_a_team() -> None:
    """Seats 0 and 3 are partners in the last leg: each copies the other's best ticket
    reward at the final leg scoring, and then each ranks alone by its own coins."""
    state = purple_on_15(players=6)
    position = data(state)
    position.update(coins=[10, 4, 4, 9, 2, 2], partners=[3, None, None, 0, None, None],
                    tickets=[[], [], [], [["purple", 5]], [], []], turn=0)
    state = load(game(6), position)
    roll(state, "purple 2")  # seat 0 takes the pyramid ticket; Purple crosses the line
    assert state.is_terminal()
    # seat 0: 10 + 1 (pyramid) + 5 (copies seat 3's Purple 5); seat 3: 9 + 5 + 1 (copy)
    assert state.coins() == [16, 4, 4, 15, 2, 2]
    assert state.ranking() == [[0], [3], [1, 2], [4, 5]]
    assert state.winners() == [0]
