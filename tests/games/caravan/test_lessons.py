"""Caravan's lessons and its position notation, against the rules written out here: a rare
good is worth 6 and a common one 3, a camel costs 1 action onto an empty square and 2 onto
one with a camel, a demand marker is worth a point, only a relay into the right city
delivers, and a stolen good goes under the thief's camel."""

from __future__ import annotations

import json

import pytest

import camelcade as cc
from camelcade.core.errors import StateError
from camelcade.core.learn import check, course
from camelcade.games.caravan.notation import position_state
from camelcade.games.caravan.spec import GOOD_ID, SQUARE_ID

COURSE = course("caravan")
GAME = cc.load("caravan", players=2)


def _right(lesson_id: str) -> str:
    lesson = COURSE.lesson(lesson_id)
    verdict = check(lesson, lesson.start(), lesson.moves[0])
    assert verdict.kind == "right"
    return verdict.text


def test_the_course_covers_actions_relays_chains_thefts_and_deliveries() -> None:
    rules = {lesson.rule for lesson in COURSE.lessons}
    assert {"Actions: placing a camel", "Actions: picking up a good",
            "Actions: what a camel costs", "Chains of camels", "Relays and deliveries",
            "Thefts"} <= rules
    assert COURSE.first_game.level == "easy" and COURSE.first_game.advisor


def test_an_empty_position_is_a_new_game() -> None:
    assert position_state(GAME, "{}").to_json() == GAME.new_state().to_json()


def test_the_bag_left_out_holds_the_goods_placed_nowhere_else() -> None:
    spaces = [{"good": "ivory", "markers": 0}] + [{"good": None, "markers": 0}] * 7
    none = dict.fromkeys(GOOD_ID, 0)
    text = json.dumps({"spaces": spaces, "camels": [["a1 salt"], []], "supply": [4, 5],
                       "delivered": [{**none, "salt": 2}, none], "refilling": True})
    bag = position_state(GAME, text).to_json()["state"]["bag"]
    start = GAME.new_state().to_json()["state"]["bag"]
    assert bag["ivory"] == start["ivory"] - 1 and bag["salt"] == start["salt"] - 3
    assert bag["gems"] == start["gems"]


@pytest.mark.parametrize(("text", "named"), [
    ("{", "not one line of JSON"),
    ('{"camel": []}', "a JSON object of the fields"),
    ('{"turn": 0}', "turn"),
    ('{"camels": [["a1"], []]}', "seat 0 has 1 camels on the board"),
    ('{"bag": {"ivory": 9}}', "bag"),
])
def test_a_bad_position_says_what_is_wrong(text: str, named: str) -> None:
    with pytest.raises(StateError, match=named):
        position_state(GAME, text)


def test_placing_says_the_cost_and_the_values_of_rare_and_common_goods() -> None:
    said = _right("place")
    assert "costs 1 action" in said and "ivory, worth 6 points" in said
    assert "a common good brings 3" in said


def test_a_pick_up_takes_the_demand_markers_of_its_space() -> None:
    lesson = COURSE.lesson("pick")
    assert lesson.start().space_markers(2) == 1  # goods space 3, c6, holds one marker
    assert "demand markers of its space: 1," in _right("pick")


def test_a_camel_onto_a_camel_costs_two_actions_and_leaves_none_to_pick_up() -> None:
    assert "costs 1 action, so 1 is left for the pick-up" in _right("costs")
    assert "it costs 2." in _right("costs")
    lesson = COURSE.lesson("costs")
    weaker = check(lesson, lesson.start(), "camel b3")
    assert weaker.kind == "weaker" and "costs 2 actions, and none is left" in weaker.text


def test_the_chain_lesson_counts_the_camels_of_the_chain() -> None:
    assert "a chain of 3 camels" in _right("chain")
    lesson = COURSE.lesson("chain")
    assert check(lesson, lesson.start(), "camel d6").kind == "right"
    assert check(lesson, lesson.start(), "camel d7-c7").kind == "weaker"  # the city emptied


def test_a_delivery_of_ivory_scores_six_and_a_relay_beside_the_city_nothing() -> None:
    assert "is delivered, 6 points for you" in _right("deliver")
    lesson = COURSE.lesson("deliver")
    state = lesson.start()
    after = state.child(state.check_action("relay ivory c6-d7"))
    assert after.scores()[0] - state.scores()[0] == 6
    weaker = check(lesson, state, "relay ivory c6-c7")
    assert weaker.kind == "weaker" and "here 6 points" in weaker.text


def test_the_best_theft_is_the_rare_good_and_the_lesser_one_is_priced() -> None:
    assert "took gems, worth 6 points" in _right("theft")
    lesson = COURSE.lesson("theft")
    weaker = check(lesson, lesson.start(), "steal salt b4 1")
    assert "salt brings 3 points; gems on e3 brings 6" in weaker.text
    state = lesson.start()
    after = state.child(state.check_action("steal gems e3 1"))
    assert (SQUARE_ID["e3"], GOOD_ID["gems"], True) in after.camels(0)  # under Red's camel
    assert after.theft_markers(0) == 0 and after.theft_markers(1) == 2
