"""Oasis and mirage cards: counting empty spaces, the oasis, the town (rules file: Turn)."""

from __future__ import annotations

import pytest

import camelcade as cc

from .helpers import camels, data, legal, position


def test_oasis_card_counts_only_empty_spaces() -> None:
    # Ahead of Red's camel on 10: 11 Yellow, 12 empty, 13 Yellow, 14 empty, 15 empty.
    state = position([[0, 0, 10], [11, 13, 0]], ["oasis3", "oasis1"])
    state.apply("oasis3 10")
    assert camels(state) == [[0, 0, 15], [0, 11, 13]]


def test_oasis_card_moves_a_camel_out_of_town() -> None:
    state = position([[0, 0, 0], [1, 0, 0]], ["oasis2", "oasis1"])
    assert legal(state) == ["oasis2 0"]
    state.apply("oasis2 0")
    assert camels(state) == [[0, 0, 3], [0, 0, 1]]


def test_one_camel_per_space() -> None:
    # One empty space ahead of 10 is 12, since Yellow stands on 11: never two on 11.
    state = position([[0, 0, 10], [11, 0, 0]], ["oasis1", "oasis1"])
    state.apply("oasis1 10")
    assert camels(state) == [[0, 0, 12], [0, 0, 11]]


def test_oasis_must_be_entered_exactly_no_move_beyond_36() -> None:
    # From 33 only 35 and 36 are empty ahead (Yellow holds 34): two steps at most.
    state = position([[0, 0, 33], [5, 6, 34]], ["oasis2 oasis3 oasis4", "oasis1"])
    assert legal(state) == ["oasis2 0", "oasis2 33", "oasis3 0", "oasis4 0"]
    state.apply("oasis2 33")
    assert camels(state) == [[0, 0, 36], [5, 6, 34]]


def test_oasis_card_that_overshoots_is_not_usable_on_that_camel() -> None:
    # Red's only camels outside town are on 35 and 36: nothing lies two empty spaces ahead.
    state = position([[0, 35, 36], [1, 2, 3]], ["oasis2 oasis3", "oasis1"])
    assert legal(state) == ["oasis2 0", "oasis3 0"]
    with pytest.raises(cc.IllegalActionError, match="fewer than 2 empty spaces lie ahead of "
                       r"space 35 before the end of the oasis \(36\)"):
        state.apply("oasis2 35")


def test_camel_in_oasis_may_still_move_forward_inside_it() -> None:
    state = position([[31, 33, 34], [1, 2, 3]], ["oasis1 oasis2", "oasis1"])
    assert legal(state) == ["oasis1 31", "oasis1 33", "oasis1 34",
                            "oasis2 31", "oasis2 33", "oasis2 34"]
    state.apply("oasis2 31")  # 32 and 35 are the two empty spaces ahead
    assert camels(state) == [[33, 34, 35], [1, 2, 3]]


def test_mirage_moves_back_counting_only_empty_spaces() -> None:
    # Behind Yellow's camel on 10: 9 Red, 8 empty, 7 Red, 6 empty.
    state = position([[0, 7, 9], [10, 0, 0]], ["mirage2", "oasis1"])
    state.apply("mirage2 10")
    assert camels(state) == [[0, 7, 9], [0, 0, 6]]


def test_mirage_with_too_few_empty_spaces_sends_camel_to_town() -> None:
    # Behind Yellow's camel on 4 only space 3 is empty: mirage 2 ends in the town.
    state = position([[1, 2, 20], [4, 0, 0]], ["mirage2", "oasis1"])
    state.apply("mirage2 4")
    assert camels(state) == [[1, 2, 20], [0, 0, 0]]


def test_mirage_on_space_one_reaches_the_town() -> None:
    state = position([[0, 0, 9], [1, 5, 0]], ["mirage1", "oasis1"])
    state.apply("mirage1 1")
    assert camels(state) == [[0, 0, 9], [0, 0, 5]]


def test_mirage_cannot_move_camel_in_oasis() -> None:
    state = position([[0, 0, 9], [20, 31, 36]], ["mirage3", "oasis1"])
    assert legal(state) == ["mirage3 20"]
    before = state.to_json()
    with pytest.raises(cc.IllegalActionError, match=r"a mirage moves back a camel on spaces "
                       r"1-30 \(not the town or oasis\)"):
        state.apply("mirage3 31")
    assert state.to_json() == before


def test_mirage_only_targets_other_players_camels() -> None:
    state = position([[0, 12, 14], [15, 0, 0]], ["mirage3", "oasis1"])
    assert legal(state) == ["mirage3 15"]
    with pytest.raises(cc.IllegalActionError, match="a mirage moves only another player's camel"):
        state.apply("mirage3 12")


def test_mirage_targets_any_other_player_in_a_four_player_game() -> None:
    state = position([[0, 0, 5], [6, 0, 0], [7, 0, 0], [8, 0, 0]],
                     ["mirage1", "oasis1", "oasis1", "oasis1"])
    assert legal(state) == ["mirage1 6", "mirage1 7", "mirage1 8"]
    state.apply("mirage1 8")
    assert camels(state) == [[0, 0, 5], [0, 0, 6], [0, 0, 7], [0, 0, 4]]


def test_mirage_has_no_use_on_camels_in_town() -> None:
    state = position([[0, 0, 5], [0, 0, 0]], ["mirage1 oasis1", "oasis1"])
    assert legal(state) == ["oasis1 0", "oasis1 5"]


def test_town_has_unlimited_capacity() -> None:
    # Eleven camels wait in town; a mirage sends the twelfth there too.
    state = position([[0, 0, 0], [0, 0, 2], [0, 0, 0], [0, 0, 0]],
                     ["mirage3", "oasis1", "oasis1", "oasis1"])
    state.apply("mirage3 2")
    assert camels(state) == [[0, 0, 0]] * 4
    assert "Town: Red 3, Yellow 3, Orange 3, Brown 3." in state.describe()
    # And every camel can still leave it.
    state.apply("draw oasis1")
    assert legal(state) == ["oasis1 0"]


def test_played_card_goes_face_up_onto_own_discard_pile() -> None:
    state = position([[0, 0, 10], [11, 0, 0]], ["oasis1 mirage1", "oasis1"],
                     discards=["leader", ""])
    state.apply("mirage1 11")
    assert data(state)["discards"] == [["leader", "mirage1"], []]
    assert data(state)["hands"] == [["oasis1"], ["oasis1"]]
