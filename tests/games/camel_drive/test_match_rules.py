"""One test per rule of the Camel Drive match: the end, tie-breaks, the tie race, 2-3 players."""

from __future__ import annotations

from typing import Any

import pytest

import camelcade as cc
from camelcade.games.camel_drive.spec import camels_for

from .helpers import data, game, legal, open_race, play, position


def _last_race(players: int = 4, **fields: Any) -> cc.State:
    """Sprint with Blue (camel 3) out first and Green (camel 2, on 14) to win with a 1.

    Red stands on 12 (next placed, +2) and Yellow on 9 (+1) unless ``fields`` say otherwise.
    """
    base: dict[str, Any] = dict(phase="sprint", positions=[12, 9, 14, 15], first=3,
                                bets=[0, 0, 0, 0], turn=2)
    base.update(fields)
    return play(position(players, **base), "draw", "card 1")


def test_match_ends_after_a_race_once_a_colour_reaches_the_target() -> None:
    state = _last_race(scores=[29, 5, 0, 0])
    assert state.is_terminal()
    assert state.returns() == [31.0, 6.0, 5.0, 0.0]
    assert state.winners() == [0]


def test_match_goes_on_while_every_colour_is_below_the_target() -> None:
    state = _last_race(scores=[27, 5, 0, 0])
    assert not state.is_terminal() and state.race == 2


def test_target_score_option_sets_the_match_length() -> None:
    state = _last_race(scores=[8, 5, 0, 0], target_score=10)
    assert state.is_terminal() and state.winners() == [0]


def test_the_highest_score_wins_even_if_another_colour_crossed_the_target() -> None:
    # Green reaches 30 with its win, but Red ends higher.
    state = _last_race(scores=[29, 0, 25, 0], bets=[0, 0, 1, 1])
    assert state.returns() == [31.0, 1.0, 30.0, 0.0]
    assert state.winners() == [0]


def test_tie_break_most_unused_interjections() -> None:
    state = _last_race(scores=[28, 29, 0, 0], bets=[1, 1, 1, 1], interjections=[1, 2, 0, 0])
    assert state.returns()[:2] == [30.0, 30.0]
    assert state.winners() == [1]


def test_players_still_tied_after_the_tie_break_share_the_win() -> None:
    state = _last_race(scores=[28, 29, 0, 0], bets=[1, 1, 1, 1], interjections=[2, 2, 0, 0])
    assert state.winners() == [0, 1]


def _tie_race() -> cc.State:
    state = _last_race(scores=[28, 29, 0, 0], bets=[1, 1, 1, 1], interjections=[1, 2, 0, 0],
                       tie_race=True)
    assert state.phase == "tie-race"
    return state


def test_tie_race_variant_settles_a_tie_with_a_race_of_the_tied_players() -> None:
    state = _tie_race()
    assert state.racers == [1, 0]  # lane order of the next race: Yellow starts
    assert legal(state) == ["draw"]  # no interjections, no bets
    assert data(state)["positions"] == [0, 0, 0, 0]
    assert data(state)["scores"][:2] == [30, 30]


def test_tie_race_gives_everyone_the_same_number_of_turns_and_overshoot_decides() -> None:
    state = _tie_race()
    # Yellow reaches exactly 15 on its sixth turn; Red still has its sixth turn and ends on 16.
    open_race(state, (3, 3), (3, 3))
    for yellow, red in ((3, 2), (2, 2), (1, 1), (1, 2)):
        play(state, "draw", f"card {yellow}", "draw", f"card {red}")  # Y 13, R 13
    play(state, "draw", "card 2")
    assert state.position(1) == 15 and not state.is_terminal()
    assert state.current_player == 0
    play(state, "draw", "card 3")
    assert state.position(0) == 16
    assert state.is_terminal() and state.winners() == [0]


def test_tie_race_is_run_again_while_the_racers_stay_level() -> None:
    state = _tie_race()
    open_race(state, (3, 3), (3, 3))
    for value in (3, 2, 2, 1):
        play(state, "draw", f"card {value}", "draw", f"card {value}")
    assert state.position(1) == 14 and state.position(0) == 14
    play(state, "draw", "card 1", "draw", "card 1")  # both exactly on 15
    assert state.phase == "tie-race" and not state.is_terminal()
    assert data(state)["positions"] == [0, 0, 0, 0]
    assert state.racers == [0, 1]  # the start rotates again


def test_tie_race_is_off_by_default() -> None:
    assert game().option("tie_race") is False
    assert _last_race(scores=[28, 29, 0, 0], bets=[1, 1, 1, 1]).is_terminal()


# -- 2 and 3 players ---------------------------------------------------------------------


def test_two_and_three_players_run_two_camels_each() -> None:
    for players, owners in ((2, [0, 0, 1, 1]), (3, [0, 0, 1, 1, 2, 2])):
        state = game(players).new_state()
        assert state.camels == 2 * players
        assert [state.owner(c) for c in range(state.camels)] == owners


def test_two_camels_of_a_player_move_one_after_another() -> None:
    state = game(2).new_state()
    seats = []
    for _ in range(4):
        seats.append((state.current_player, state.actor))
        play(state, "draw", "card 1", "card 1")
    assert seats == [(0, 0), (0, 1), (1, 2), (1, 3)]


def test_each_camel_is_a_seat_for_neighbours() -> None:
    state = position(2, positions=[3, 3, 3, 3], turn=1)
    play(state, "shout left", "card 2")  # Yellow's left neighbour is Green, the next camel
    assert state.position(2) == 5
    state = position(2, positions=[3, 3, 3, 3], turn=0)
    play(state, "shout right", "card 2")  # Red's right neighbour is Blue, round the table
    assert state.position(3) == 5


def test_each_camel_keeps_its_own_deck_interjections_and_stone() -> None:
    state = position(3, positions=[14, 3, 3, 3, 3, 3], interjections=[3, 1, 3, 3, 3, 3])
    assert len(data(state)["piles"]) == 6
    play(state, "draw", "card 1")
    stones = []
    while state.phase == "betting":
        stones.append((state.current_player, state.actor))
        play(state, "bet blue")
    assert stones == [(0, 1), (1, 2), (1, 3), (2, 4), (2, 5), (0, 0)]


def test_team_score_is_the_sum_of_both_camels() -> None:
    state = position(2, scores=[4, 7, 2, 0])
    assert state.scores() == [11.0, 2.0]


def test_team_game_ends_when_a_single_colour_reaches_the_target() -> None:
    # Seat 0's colours total 44 but neither has 30; Green reaches 30 with its win.
    state = _last_race(2, scores=[22, 22, 25, 0])
    assert state.is_terminal()
    assert state.returns() == [24.0 + 23.0, 30.0 + 0.0]
    assert state.winners() == [0]


def test_team_game_not_over_while_only_the_team_sum_passes_the_target() -> None:
    state = _last_race(2, scores=[20, 20, 0, 0])
    assert not state.is_terminal()


def test_team_tie_break_the_better_single_camel() -> None:
    # Both teams end on 35: seat 0 with 23 + 12, seat 1 with 30 + 5.
    state = _last_race(2, scores=[21, 11, 25, 5], bets=[1, 1, 1, 1])
    assert state.returns() == [35.0, 35.0]
    assert state.winners() == [1]


def test_team_tie_break_after_the_better_camel_most_unused_interjections() -> None:
    state = _last_race(2, scores=[28, 4, 25, 5], bets=[1, 1, 1, 1],
                       interjections=[0, 1, 2, 0])
    assert state.returns() == [35.0, 35.0]
    assert data(state)["scores"][0] == data(state)["scores"][2] == 30
    assert state.winners() == [1]


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_a_whole_match_plays_to_the_end(players: int) -> None:
    record = cc.play(game(players), [cc.bots.load("random")] * players, seed=players)
    assert record.winners and len(record.actions) > 100
    state = cc.replay(record)
    assert state.is_terminal() and max(data(state)["scores"]) >= 30


# -- start rotation by player (rules file: "Start rotation by player") -------------------


def _padded(players: int) -> dict[str, Any]:
    """``_last_race``'s fields for more than four camels: the others far back, stones on Red."""
    extra = camels_for(players) - 4
    return dict(positions=[12, 9, 14, 15] + [3] * extra, bets=[0] * (4 + extra))


def _next_race(players: int, start: int = 0, **options: Any) -> cc.State:
    """The start of the race after one that camel ``start`` started (Green wins it)."""
    state = _last_race(players, start=start, **_padded(players), **options)
    assert state.phase == "race" and not state.is_terminal()
    return state


def test_start_rotation_by_player_gives_the_next_player_lanes_one_and_two() -> None:
    state = _next_race(2)
    assert state.lane_order() == [2, 3, 0, 1]  # Green and Blue (seat 1), then Red and Yellow
    assert state.current_player == 1
    assert [state.lane(c) for c in range(4)] == [3, 4, 1, 2]
    assert _next_race(2, start=2).lane_order() == [0, 1, 2, 3]  # and back to seat 0


def test_start_rotation_by_player_passes_round_three_players() -> None:
    assert _next_race(3).lane_order()[:2] == [2, 3]
    assert _next_race(3, start=2).lane_order()[:2] == [4, 5]
    assert _next_race(3, start=4).lane_order()[:2] == [0, 1]


def test_start_rotation_by_player_keeps_a_players_camels_moving_one_after_the_other() -> None:
    state = _next_race(2)
    turns = []
    for _ in range(4):
        turns.append((state.current_player, state.actor))
        play(state, "draw", "card 1", "card 1")
    assert turns == [(1, 2), (1, 3), (0, 0), (0, 1)]


def test_start_rotation_camel_keeps_the_first_release_order() -> None:
    state = _next_race(2, start_rotation="camel")
    assert state.lane_order() == [1, 2, 3, 0]  # Yellow starts: seat 0 starts again
    assert state.current_player == 0
    assert _next_race(3, start=1, start_rotation="camel").lane_order()[:2] == [2, 3]


@pytest.mark.parametrize("players", [4, 5, 6])
def test_start_rotation_is_per_camel_anyway_with_four_to_six_players(players: int) -> None:
    for rotation in ("player", "camel"):
        state = _last_race(players, start_rotation=rotation, **_padded(players))
        assert state.lane_order()[0] == 1


def test_start_rotation_by_player_in_the_tie_race() -> None:
    # Both teams end on 35 with a best camel of 30: the tie race decides.
    state = _last_race(2, scores=[28, 4, 25, 5], bets=[1, 1, 1, 1], tie_race=True)
    assert state.phase == "tie-race"
    assert state.racers == [2, 3, 0, 1]  # the next player's pair starts the tie race


def test_start_is_a_players_first_camel_with_start_rotation_by_player() -> None:
    with pytest.raises(cc.StateError, match="first camel of a player's pair"):
        position(2, start=1, opened=[False] * 4)
    state = position(2, start=1, opened=[False] * 4, turn=1, start_rotation="camel")
    assert state.lane_order() == [1, 2, 3, 0]


def test_rules_version_2_marks_the_start_rotation_by_player() -> None:
    assert game().rules_version == 2
    assert game(2).option("start_rotation") == "player"


# -- ranking: every tie-break, every place ------------------------------------------------


def test_ranking_orders_the_seats_by_points() -> None:
    state = _last_race(scores=[29, 5, 0, 0])
    assert state.ranking() == [[0], [1], [2], [3]]  # 31, 6, 5, 0


def test_returns_are_the_points_and_the_ranking_applies_the_tie_breaks() -> None:
    # Yellow and Green both end on 30; Green has two interjections left, Yellow none.
    state = _last_race(scores=[0, 29, 25, 0], bets=[1, 1, 1, 1], interjections=[3, 0, 2, 3])
    assert state.returns() == [2.0, 30.0, 30.0, 0.0]
    assert state.ranking() == [[2], [1], [0], [3]]
    assert state.winners() == [2]


def test_ranking_tie_break_most_unused_interjections_at_every_place() -> None:
    # Red wins on 31; Yellow and Blue share 1 point, Blue with three interjections left.
    state = _last_race(scores=[29, 0, 0, 1], bets=[0, 0, 0, 0], interjections=[0, 0, 1, 3])
    assert state.returns() == [31.0, 1.0, 5.0, 1.0]
    assert state.ranking() == [[0], [2], [3], [1]]


def test_ranking_seats_level_on_every_tie_break_share_a_place() -> None:
    state = _last_race(scores=[28, 29, 0, 0], bets=[1, 1, 1, 1], interjections=[2, 2, 0, 0])
    assert state.ranking() == [[0, 1], [2], [3]]


def test_ranking_team_tie_break_the_better_single_camel() -> None:
    # Both teams on 35: seat 1 with 30 + 5 beats seat 0's 23 + 12.
    state = _last_race(2, scores=[21, 11, 25, 5], bets=[1, 1, 1, 1],
                       interjections=[3, 3, 0, 0])
    assert state.returns() == [35.0, 35.0]
    assert state.ranking() == [[1], [0]]


def test_ranking_team_tie_break_then_unused_interjections_of_both_camels() -> None:
    # Both teams on 35 with a best camel of 30; seat 1's camels keep 2, seat 0's 1.
    state = _last_race(2, scores=[28, 4, 25, 5], bets=[1, 1, 1, 1],
                       interjections=[0, 1, 2, 0])
    assert state.ranking() == [[1], [0]]


def test_ranking_tie_race_winner_first_then_the_racers_it_beat() -> None:
    state = _tie_race()
    open_race(state, (3, 3), (3, 3))
    for yellow, red in ((3, 2), (2, 2), (1, 1), (1, 2)):
        play(state, "draw", f"card {yellow}", "draw", f"card {red}")
    play(state, "draw", "card 2", "draw", "card 3")  # Yellow ends on 15, Red on 16
    assert state.returns() == [30.0, 30.0, 5.0, 0.0]
    assert state.ranking() == [[0], [1], [2], [3]]


def test_ranking_with_the_tie_race_leaves_lower_ties_standing() -> None:
    # As above, but the tie race variant replaces the interjection count: Yellow and
    # Blue stay level below Green (only a tie for the win is raced).
    state = _last_race(scores=[29, 0, 0, 1], bets=[0, 0, 0, 0], interjections=[0, 0, 1, 3],
                       tie_race=True)
    assert state.ranking() == [[0], [2], [1, 3]]


def test_a_loaded_finished_match_must_name_the_winners_its_scores_give() -> None:
    fields: dict[str, Any] = dict(phase="over", scores=[31, 6, 5, 0], positions=[0] * 4,
                                  opened=[False] * 4)
    assert position(**fields, winners=[0]).winners() == [0]
    with pytest.raises(cc.StateError, match="'winners' \\[1\\] must be the seats"):
        position(**fields, winners=[1])
