"""Camel Drive's lessons and its position notation, against the rules worked out here."""

from __future__ import annotations

import pytest

import camelcade as cc
from camelcade.core.errors import StateError
from camelcade.core.learn import check, course
from camelcade.games.camel_drive.notation import position_state

COURSE = course("camel-drive")
GAME = cc.load("camel-drive", players=4)


def test_the_course_covers_second_place_interjections_and_bets() -> None:
    rules = {lesson.rule for lesson in COURSE.lessons}
    assert {"The first camel home loses", "Interjection: a neighbour moves",
            "Interjection: two cards forward", "Bets", "Bet payouts"} <= rules


def test_an_empty_position_is_a_new_match() -> None:
    assert position_state(GAME, "{}").to_json() == GAME.new_state().to_json()


@pytest.mark.parametrize(("text", "named"), [
    ("{", "not one line of JSON"),
    ('{"lanes": 3}', "a JSON object of the fields"),
    ('{"positions": [1, 2]}', "positions"),
    ('{"phase": "betting"}', "first"),
])
def test_a_bad_position_says_what_is_wrong(text: str, named: str) -> None:
    with pytest.raises(StateError, match=named):
        position_state(GAME, text)


def test_the_chance_of_finishing_first_is_the_share_of_high_enough_cards() -> None:
    lesson = COURSE.lesson("first-loses")
    state = lesson.start()
    need = state.track_length - state.position(0)  # a card of this value or more finishes
    high = sum(1 for value in (0, 1, 2, 3) for _ in range(3) if value >= need)
    said = check(lesson, state, "draw").text
    assert f"with a chance of {round(100 * high / 12)}%." in said


def test_the_pushed_neighbour_finishes_with_the_share_of_its_non_zero_cards() -> None:
    lesson = COURSE.lesson("push-neighbour")
    state = lesson.start()
    assert state.shout_target("left") == 1 and state.position(1) == state.track_length - 1
    assert check(lesson, state, "shout left").text.endswith("with a chance of 75%.")


def test_a_crowded_stone_pays_what_the_payout_row_says() -> None:
    lesson = COURSE.lesson("crowded-bet")
    state = lesson.start()
    said = check(lesson, state, "bet yellow").text
    assert "times a payout of 1)" in said  # a fourth stone on Yellow
    assert "a stone alone pays 5 points" in check(lesson, state, "bet green").text


def test_the_race_chances_are_the_same_every_time() -> None:
    lesson = COURSE.lesson("bet")
    state = lesson.start()
    assert check(lesson, state, "bet red").text == check(lesson, state, "bet red").text
