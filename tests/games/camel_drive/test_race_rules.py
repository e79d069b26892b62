"""One test per rule of a Camel Drive race (shared/rules/camel-drive.md), named after it."""

from __future__ import annotations

import pytest

import camelcade as cc

from .helpers import data, game, legal, open_race, play, position


def test_call_card_deck_is_twelve_cards_zero_to_three_three_each() -> None:
    state = game().new_state()
    assert data(state)["piles"] == [[3, 3, 3, 3]] * 4
    play(state, "draw")
    outcomes = {str(a): p for a, p in state.chance_outcomes()}
    assert outcomes == {"card 0": 0.25, "card 1": 0.25, "card 2": 0.25, "card 3": 0.25}


def test_call_card_chance_follows_the_cards_left_in_that_deck() -> None:
    state = position(piles=[[1, 0, 2, 3], [3, 3, 3, 3], [3, 3, 3, 3], [3, 3, 3, 3]])
    play(state, "draw")
    outcomes = {str(a): p for a, p in state.chance_outcomes()}
    assert outcomes == pytest.approx({"card 0": 1 / 6, "card 2": 2 / 6, "card 3": 3 / 6})
    with pytest.raises(cc.IllegalActionError, match="being revealed"):
        state.apply("card 1")  # no 1 is left in Red's pile


def test_revealed_card_goes_onto_the_discard_pile_face_up() -> None:
    state = play(game().new_state(), "draw", "card 2")
    assert data(state)["piles"][0] == [3, 3, 2, 3]
    assert data(state)["discards"][0] == [0, 0, 1, 0]
    assert state.top_discard(0) == 2


def test_empty_draw_pile_is_made_again_from_the_shuffled_discards() -> None:
    state = position(piles=[[0, 0, 0, 0]] + [[3, 3, 3, 3]] * 3, tops=[1, None, None, None])
    play(state, "draw")
    assert [p for _, p in state.chance_outcomes()] == [0.25] * 4
    play(state, "card 3")
    assert data(state)["piles"][0] == [3, 3, 3, 2]
    assert data(state)["discards"][0] == [0, 0, 0, 1]
    assert state.top_discard(0) == 3


def test_only_the_top_discard_is_visible() -> None:
    one = position(piles=[[2, 2, 3, 3]] + [[3, 3, 3, 3]] * 3,
                   discards=[[1, 1, 0, 0]] + [[0, 0, 0, 0]] * 3, tops=[1, None, None, None])
    other = position(piles=[[3, 1, 3, 3]] + [[3, 3, 3, 3]] * 3,
                     discards=[[0, 2, 0, 0]] + [[0, 0, 0, 0]] * 3, tops=[1, None, None, None])
    assert data(one) != data(other)
    for seat in range(4):
        seen = one.observation(seat)
        assert seen == other.observation(seat)
        assert "piles" not in seen and "discards" not in seen
        assert seen["tops"][0] == 1 and seen["pile_sizes"][0] == 10
        assert seen["discard_sizes"][0] == 2


def test_setup_start_player_takes_lane_one_and_the_others_follow_in_seat_order() -> None:
    state = game(5).new_state()
    assert [state.lane(c) for c in range(5)] == [1, 2, 3, 4, 5]
    assert state.lane_order() == [0, 1, 2, 3, 4]
    assert state.current_player == 0
    assert data(state)["positions"] == [0] * 5
    assert data(state)["scores"] == [0] * 5


def test_each_camel_gets_three_interjections_for_the_whole_game() -> None:
    assert data(game().new_state())["interjections"] == [3, 3, 3, 3]
    assert data(game(interjections=5).new_state())["interjections"] == [5] * 4


def test_opening_double_move_reveals_two_cards_and_moves_by_their_sum() -> None:
    state = play(game().new_state(), "draw", "card 2")
    assert state.is_chance() and state.position(0) == 0
    play(state, "card 3")
    assert state.position(0) == 5
    assert state.current_player == 1


def test_no_interjection_in_a_camels_first_turn_of_a_race() -> None:
    state = game().new_state()
    assert legal(state) == ["draw"]
    with pytest.raises(cc.IllegalActionError, match="opening double move"):
        state.apply("shout forward")
    open_race(state, (1, 1), (1, 1), (1, 1))
    assert legal(state) == ["draw"]  # Blue has not opened yet
    open_race(state, (1, 1))
    assert legal(state) == ["draw", "shout forward", "shout back", "shout left", "shout right"]


def test_after_the_opening_a_draw_reveals_one_card_and_moves_forward_by_it() -> None:
    state = position(positions=[4, 0, 0, 0])
    play(state, "draw", "card 3")
    assert state.position(0) == 7 and not state.is_chance()
    assert state.current_player == 1


def test_a_zero_card_leaves_the_camel_where_it_stands() -> None:
    state = play(position(positions=[4, 0, 0, 0]), "draw", "card 0")
    assert state.position(0) == 4
    assert state.current_player == 1


def test_turn_order_is_clockwise_in_seat_order() -> None:
    state = position(5, turn=3)
    seats = []
    for _ in range(6):
        seats.append(state.current_player)
        play(state, "draw", "card 1")
    assert seats == [3, 4, 0, 1, 2, 3]


def test_interjection_forward_reveals_two_cards_for_your_own_camel() -> None:
    state = play(position(positions=[4, 0, 0, 0]), "shout forward", "card 1", "card 3")
    assert state.position(0) == 8
    assert state.interjections_left(0) == 2
    assert state.current_player == 1


def test_interjection_back_moves_your_camel_back_by_one_card() -> None:
    state = play(position(positions=[9, 0, 0, 0]), "shout back", "card 3")
    assert state.position(0) == 6
    assert state.current_player == 1


def test_interjection_back_never_goes_behind_the_start_field() -> None:
    state = play(position(positions=[1, 5, 0, 0]), "shout back", "card 3")
    assert state.position(0) == 0


def test_interjection_left_neighbour_moves_and_play_continues_after_the_interjector() -> None:
    state = play(position(positions=[4, 6, 2, 3]), "shout left", "card 2")
    assert state.position(1) == 8 and state.position(0) == 4
    assert data(state)["piles"][1] == [3, 3, 2, 3]  # Yellow's own deck was used
    # Yellow plays next although it has just moved.
    assert state.current_player == 1 and legal(state)[0] == "draw"


def test_interjection_right_neighbour_moves_one_card() -> None:
    state = play(position(positions=[4, 6, 2, 3]), "shout right", "card 3")
    assert state.position(3) == 6
    assert state.current_player == 1


def test_interjections_are_limited_for_the_whole_game() -> None:
    state = position(positions=[2, 2, 2, 2], interjections=[1, 3, 3, 3])
    play(state, "shout back", "card 0")
    for _ in range(3):
        play(state, "draw", "card 0")
    assert state.current_player == 0
    assert legal(state) == ["draw"]
    with pytest.raises(cc.IllegalActionError, match="no interjection cards left"):
        state.apply("shout forward")


def test_unused_interjections_carry_over_to_the_next_race() -> None:
    state = position(phase="sprint", positions=[15, 14, 3, 3], first=0, bets=[1, 1, 1, 1],
                     turn=1, interjections=[0, 2, 1, 3])
    play(state, "draw", "card 1")
    assert state.race == 2 and state.phase == "race"
    assert data(state)["interjections"] == [0, 2, 1, 3]


def test_surplus_movement_beyond_the_finish_is_lost() -> None:
    state = play(position(positions=[14, 0, 0, 0]), "draw", "card 3")
    assert state.position(0) == 15


def test_first_camel_to_finish_loses_and_leaves_the_race() -> None:
    state = play(position(positions=[14, 5, 6, 7]), "draw", "card 2")
    assert state.first_finisher == 0
    assert state.phase == "betting"
    for bet in ("bet green", "bet green", "bet green", "bet green"):
        play(state, bet)
    taken = []
    for _ in range(4):
        taken.append(state.current_player)
        play(state, "draw", "card 0")
    assert taken == [1, 2, 3, 1]  # Red's turns are skipped for the rest of the race


def test_after_a_finish_by_own_card_the_left_neighbour_moves_next() -> None:
    state = play(position(positions=[5, 6, 14, 3], turn=2), "draw", "card 1")
    assert state.first_finisher == 2
    assert data(state)["turn"] == 3 and state.bettors[0] == 3


def test_after_a_finish_by_an_interjection_the_interjector_moves_next() -> None:
    state = play(position(positions=[5, 6, 14, 3], turn=3), "shout right", "card 1")
    assert state.first_finisher == 2
    assert data(state)["turn"] == 3 and state.bettors[0] == 3
    play(state, "bet red", "bet red", "bet red", "bet red")
    assert state.phase == "sprint" and state.current_player == 3


def test_own_forward_interjection_finishing_first_gives_the_next_move_to_the_left() -> None:
    state = play(position(positions=[5, 6, 13, 3], turn=2), "shout forward", "card 1", "card 1")
    assert state.first_finisher == 2
    assert data(state)["turn"] == 3


def test_interjections_are_allowed_only_before_the_first_camel_finishes() -> None:
    state = position(phase="sprint", positions=[15, 4, 3, 3], first=0, bets=[1, 1, 1, 1],
                     turn=1)
    assert legal(state) == ["draw"]
    with pytest.raises(cc.IllegalActionError, match="only before the first camel finishes"):
        state.apply("shout back")


def test_betting_round_starts_with_the_next_mover_and_goes_clockwise() -> None:
    state = play(position(positions=[5, 6, 14, 3], turn=2), "draw", "card 1")
    order = []
    while state.phase == "betting":
        order.append(state.actor)
        play(state, "bet yellow")
    assert order == [3, 0, 1, 2]


def test_first_finisher_still_bets_but_cannot_be_backed() -> None:
    state = play(position(positions=[14, 5, 6, 7]), "draw", "card 2")
    assert legal(state) == ["bet yellow", "bet green", "bet blue"]
    with pytest.raises(cc.IllegalActionError, match="finished first and cannot be backed"):
        state.apply("bet red")
    play(state, "bet yellow", "bet yellow", "bet yellow")
    assert state.actor == 0 and state.current_player == 0  # Red's owner bets last


def test_a_camel_may_be_backed_by_its_own_stone() -> None:
    state = play(position(positions=[14, 5, 6, 7]), "draw", "card 2")
    play(state, "bet yellow")
    assert state.bet_of(1) == 1


def test_bets_cannot_be_changed() -> None:
    state = play(position(positions=[14, 5, 6, 7]), "draw", "card 2", "bet green")
    assert state.actor == 2  # Yellow's stone is placed; the next "bet" is Green's own
    play(state, "bet blue")
    assert state.bet_of(1) == 2 and state.bet_of(2) == 3


def test_bets_are_placed_only_in_the_betting_round() -> None:
    state = position(positions=[4, 5, 6, 7])
    with pytest.raises(cc.IllegalActionError, match="only in the betting round"):
        state.apply("bet yellow")


def _sprint(bets: list[int], **fields: object) -> cc.State:
    """Red finished first; Green (to move, on 14) is about to win with a 1."""
    base: dict[str, object] = dict(phase="sprint", positions=[15, 12, 14, 9], first=0, bets=bets,
                                   turn=2)
    base.update(fields)
    return play(position(**base), "draw", "card 1")  # type: ignore[arg-type]


def test_second_camel_to_finish_wins_five_points() -> None:
    state = _sprint([1, 1, 1, 1])
    assert state.last_race is not None and state.last_race["winner"] == 2
    assert state.last_race["gains"][2] == 5


def test_the_next_placed_camel_scores_two_and_every_other_camel_one() -> None:
    state = _sprint([3, 3, 3, 3])  # Blue (on 9) wins no bet: no stone backs Green
    assert state.last_race is not None
    assert state.last_race["gains"] == [0, 2, 5, 1]


def test_camels_tied_for_next_place_score_two_each() -> None:
    state = _sprint([3, 3, 3, 3], positions=[15, 12, 14, 12])
    assert state.last_race is not None
    assert state.last_race["gains"] == [0, 2, 5, 2]


def test_the_first_finisher_scores_nothing_for_placing() -> None:
    state = _sprint([3, 3, 3, 3])
    assert state.last_race is not None and state.last_race["gains"][0] == 0


def test_a_lone_correct_bet_pays_five() -> None:
    state = _sprint([2, 3, 3, 3])
    assert state.last_race is not None and state.last_race["gains"][0] == 5


def test_two_correct_bets_pay_three_each() -> None:
    state = _sprint([2, 2, 3, 3])
    assert state.last_race is not None and state.last_race["gains"][:2] == [3, 2 + 3]


def test_three_or_more_correct_bets_pay_one_each() -> None:
    state = _sprint([2, 2, 2, 2])
    assert state.last_race is not None
    assert state.last_race["gains"] == [1, 2 + 1, 5 + 1, 1 + 1]


def test_wrong_bets_cost_nothing() -> None:
    state = _sprint([1, 1, 1, 1])
    assert state.last_race is not None
    assert state.last_race["gains"] == [0, 2, 5, 1]


def test_race_points_are_added_to_the_score_markers() -> None:
    state = _sprint([2, 1, 1, 1], scores=[4, 0, 7, 1])
    assert data(state)["scores"] == [4 + 5, 2, 7 + 5, 1 + 1]
    assert state.scores() == [9.0, 2.0, 12.0, 2.0]


def test_new_race_rotates_the_start_player_and_the_lanes() -> None:
    state = _sprint([1, 1, 1, 1])
    assert state.race == 2
    assert [state.lane(c) for c in range(4)] == [4, 1, 2, 3]
    assert state.lane_order() == [1, 2, 3, 0]
    assert state.current_player == 1 and legal(state) == ["draw"]
    state = _sprint([1, 1, 1, 1], start=3, race=4)
    assert state.lane_order() == [0, 1, 2, 3] and state.race == 5


def test_new_race_reshuffles_every_call_card_and_returns_camels_to_the_start() -> None:
    state = _sprint([1, 1, 1, 1], piles=[[0, 1, 2, 3], [3, 3, 0, 0], [1, 1, 1, 1],
                                          [3, 3, 3, 3]])
    assert data(state)["piles"] == [[3, 3, 3, 3]] * 4
    assert data(state)["tops"] == [None] * 4
    assert data(state)["positions"] == [0] * 4
    assert data(state)["bets"] == [None] * 4 and state.first_finisher is None
    assert data(state)["opened"] == [False] * 4
