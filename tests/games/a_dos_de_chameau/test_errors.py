"""Illegal actions: the state is left unchanged and the message says why (api.md: Errors)."""

from __future__ import annotations

import pytest

import camelcade as cc

from .helpers import position

# Red: town, town, 12; Yellow: 5, 7, 31. Red to play.
SPACES = [[0, 0, 12], [5, 7, 31]]
HANDS = ["oasis3 mirage2 leader", "oasis1 oasis2 storm"]
LEGAL = "legal now: oasis3 0, oasis3 12, mirage2 5, mirage2 7, leader 0, leader 12"


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        ("oasis4 12", "Red holds no oasis4 (hand: oasis3, mirage2, leader)"),
        ("storm", "Red holds no storm (hand: oasis3, mirage2, leader)"),
        ("discard oasis1", "Red holds no oasis1 (hand: oasis3, mirage2, leader)"),
        ("oasis3 5", "Red has no camel on space 5"),
        ("leader 31", "Red has no camel on space 31"),
        ("mirage2 12", "a mirage moves only another player's camel"),
        ("mirage2 31", "a mirage moves back a camel on spaces 1-30 (not the town or oasis)"),
        ("mirage2 0", "a mirage moves back a camel on spaces 1-30 (not the town or oasis)"),
        ("mirage2 20", "no camel stands on space 20"),
        ("discard leader", "a card may be discarded only when no card in hand has a legal play"),
        ("draw oasis1", "cards are drawn only after a card has been played"),
    ],
)
def test_illegal_action_names_why_and_changes_nothing(action: str, reason: str) -> None:
    state = position(SPACES, HANDS)
    before = state.to_json()
    with pytest.raises(cc.IllegalActionError) as error:
        state.apply(action)
    assert str(error.value) == f"illegal action {action!r}: {reason}; {LEGAL}"
    assert state.to_json() == before


def test_oasis_card_with_too_few_empty_spaces_ahead_names_them() -> None:
    state = position([[0, 0, 33], [34, 0, 0]], ["oasis3", "oasis1"])
    before = state.to_json()
    with pytest.raises(cc.IllegalActionError) as error:
        state.apply("oasis3 33")
    assert str(error.value) == (
        "illegal action 'oasis3 33': fewer than 3 empty spaces lie ahead of space 33 before "
        "the end of the oasis (36); legal now: oasis3 0"
    )
    assert state.to_json() == before


def test_own_camel_missing_from_town_is_named() -> None:
    state = position([[10, 11, 12], [0, 0, 0]], ["oasis1", "oasis1"])
    with pytest.raises(cc.IllegalActionError, match="Red has no camel in town"):
        state.apply("oasis1 0")


def test_play_during_a_draw_says_a_card_is_being_drawn() -> None:
    state = position(SPACES, HANDS)
    state.apply("oasis3 12")
    before = state.to_json()
    with pytest.raises(cc.IllegalActionError, match="a card is being drawn by Red; the outcome "
                       "is a 'draw CARD' action"):
        state.apply("oasis1 0")
    assert state.to_json() == before


def test_draw_of_a_card_not_in_the_pile_names_it() -> None:
    state = position(SPACES, HANDS, discards=["oasis4", ""])
    state.apply("leader 0")
    before = state.to_json()
    with pytest.raises(cc.IllegalActionError, match="Red's pile holds no oasis4"):
        state.apply("draw oasis4")
    assert state.to_json() == before


def test_not_your_turn_with_player_argument() -> None:
    state = position(SPACES, HANDS)
    before = state.to_json()
    with pytest.raises(cc.NotYourTurnError, match="it is not seat 1's turn; seat 0 is to act"):
        state.apply("oasis1 5", player=1)
    assert state.to_json() == before
    state.apply("oasis3 12", player=0)
    with pytest.raises(cc.NotYourTurnError, match="it is not seat 0's turn; chance is to act"):
        state.apply("draw oasis1", player=0)


def test_game_over_error_at_terminal() -> None:
    state = position([[31, 33, 35], [30, 32, 34]], ["oasis1", "oasis1 oasis2"], turn=1)
    state.apply("oasis1 30")
    before = state.to_json()
    with pytest.raises(cc.GameOverError, match="the game is over; 'oasis1 0' cannot be played"):
        state.apply("oasis1 0", player=0)
    assert state.to_json() == before


def test_errors_are_value_errors_of_the_right_kind() -> None:
    assert issubclass(cc.NotYourTurnError, cc.IllegalActionError)
    assert issubclass(cc.GameOverError, cc.IllegalActionError)
    assert issubclass(cc.ActionSyntaxError, cc.IllegalActionError)
    assert issubclass(cc.IllegalActionError, ValueError)
    state = position(SPACES, HANDS)
    with pytest.raises(cc.ActionSyntaxError):
        state.apply("oasis9 3")
