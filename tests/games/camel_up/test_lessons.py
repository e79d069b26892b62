"""Camel Up's lessons against the rules, worked out here independently of the judges: the
leg is played out die by die through the State's own moves (``board.py``), not through the
odds solver the judges use, and every chance counted."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from fractions import Fraction

import pytest

from camelcade.core.errors import StateError
from camelcade.core.game import State
from camelcade.core.learn import check, course
from camelcade.core.registry import load
from camelcade.games.camel_up.actions import Die
from camelcade.games.camel_up.notation import position_state
from camelcade.games.camel_up.spec import OVERALL_PAYS, PYRAMID_PAY
from camelcade.games.camel_up.state import CamelUpState

COURSE = course("camel-up")


def _rest_of_leg(state: State) -> Iterator[tuple[Fraction, CamelUpState, list[int]]]:
    """Every way the leg can end from ``state`` by rolling, with its chance and the spaces
    landed on by the way."""
    assert isinstance(state, CamelUpState)
    left = state.edition.rolls_per_leg - len(state.rolled())
    todo: list[tuple[Fraction, CamelUpState, list[int], int]] = [(Fraction(1), state, [], left)]
    while todo:
        chance, now, landed, rolls = todo.pop()
        if rolls == 0 or now.is_terminal():
            yield chance, now, landed
            continue
        rolling = now.child("roll")
        assert isinstance(rolling, CamelUpState)
        for die, p in rolling.chance_outcomes():
            assert isinstance(die, Die)
            landing = rolling.movement_of(die).landing
            after = rolling.child(die)
            assert isinstance(after, CamelUpState)
            todo.append((chance * Fraction(p).limit_denominator(36), after,
                         [*landed, landing], rolls - 1))


def _leads(lesson_id: str) -> Counter[str]:
    leads: Counter[str] = Counter()
    for chance, end, _ in _rest_of_leg(COURSE.lesson(lesson_id).start()):
        leads[end.camel_order()[0]] += chance  # type: ignore[assignment]
    return leads


def _percent(chance: Fraction) -> int:
    return round(100 * chance)


def test_the_course_covers_every_rule_a_first_race_needs() -> None:
    rules = " ".join(lesson.rule for lesson in COURSE.lessons)
    for word in ("Stacking", "Crazy camels", "Leg tickets", "Spectator tiles",
                 "pyramid ticket", "Race bets", "loser"):
        assert word in rules
    assert len(COURSE.lessons) == 7 and COURSE.first_game.level == "easy"


def test_stacking_yellow_on_green_s_back_leads_two_legs_in_three() -> None:
    leads = _leads("stacking")
    assert leads["yellow"] == Fraction(2, 3) and leads["blue"] == Fraction(1, 3)
    lesson = COURSE.lesson("stacking")
    said = check(lesson, lesson.start(), "bet yellow").text
    assert f"with a chance of {_percent(leads['yellow'])}%" in said


def test_the_grey_die_moves_the_crazy_camel_carrying_red() -> None:
    lesson = COURSE.lesson("crazy-camels")
    leads = _leads("crazy-camels")
    # Blue's own die always puts it in front; the grey die carries Red back two spaces out
    # of three (White moves, whatever colour it shows): 1/2 + 1/2 * 2/3
    assert leads["blue"] == Fraction(5, 6)
    said = check(lesson, lesson.start(), "bet red").text
    assert f"Red leads when the leg ends with a chance of {_percent(leads['red'])}%" in said
    assert f"Blue leads with {_percent(leads['blue'])}%" in said


def test_the_leg_ticket_worth_most_is_not_the_likely_leader_s() -> None:
    lesson = COURSE.lesson("leg-tickets")
    first: Counter[str] = Counter()
    second: Counter[str] = Counter()
    for chance, end, _ in _rest_of_leg(lesson.start()):
        order = end.camel_order()
        first[order[0]] += chance  # type: ignore[assignment]
        second[order[1]] += chance  # type: ignore[assignment]

    def worth(colour: str, value: int) -> Fraction:
        p1, p2 = first[colour], second[colour]
        return value * p1 + p2 - (1 - p1 - p2)

    assert max(first, key=lambda c: first[c]) == "yellow"
    assert worth("blue", 5) > worth("yellow", 2)
    said = check(lesson, lesson.start(), "bet yellow").text
    assert f"is worth {float(worth('yellow', 2)):.2f} coins on average" in said
    assert f"the Blue ticket is worth {float(worth('blue', 5)):.2f}" in said


def test_the_best_tile_space_counts_the_landings() -> None:
    lesson = COURSE.lesson("spectator-tile")
    landings: Counter[int] = Counter()
    for chance, _, landed in _rest_of_leg(lesson.start()):
        for space in landed:
            landings[space] += chance  # type: ignore[assignment]
    best = max(range(2, 17), key=lambda s: landings[s])
    assert best == 7
    said = check(lesson, lesson.start(), "tile 9 boo").text
    assert f"space {best} expects {float(landings[best]):.2f}." in said
    assert f"space 9 expects {float(landings[9]):.2f} landings" in said


def test_the_pyramid_ticket_beats_every_ticket_and_tile_left() -> None:
    lesson = COURSE.lesson("pyramid-ticket")
    state = lesson.start()
    ends = list(_rest_of_leg(state))
    racing = [c for c in state.edition.racing if state.ticket_stack(c)]
    for colour in racing:
        value = state.ticket_stack(colour)[0]
        first = sum(p for p, end, _ in ends if end.camel_order()[0] == colour)
        second = sum(p for p, end, _ in ends if end.camel_order()[1] == colour)
        assert value * first + second - (1 - first - second) < PYRAMID_PAY
    assert check(lesson, state, "roll").kind == "right"
    assert f"pays {PYRAMID_PAY} coin for sure" in check(lesson, state, "roll").text


def test_race_bets_say_what_the_early_cards_pay() -> None:
    lesson = COURSE.lesson("race-winner")
    said = check(lesson, lesson.start(), "winner red").text
    first, second, third = OVERALL_PAYS[:3]
    assert f"The first right card pays {first} coins, the second {second}, the third {third}" \
        in said
    loser = COURSE.lesson("race-loser")
    state = loser.start()
    assert state.pile("winner") == [(0, "red")] and "red" not in state.hand(0)
    assert check(loser, state, "loser red").kind == "illegal"  # the card is on the pile


def test_the_position_notation_fills_in_a_new_match_and_refuses_bad_lines() -> None:
    game = load("camel-up", players=3)
    state = position_state(game, COURSE.lesson("stacking").position)
    assert state.phase == "play" and state.coins() == [3, 3, 3]  # the rest as at the start
    with pytest.raises(StateError, match="not one line of JSON"):
        position_state(game, "1:red 2:blue")
    with pytest.raises(StateError, match="track, tiles, rolled"):
        position_state(game, '{"camels": []}')
    with pytest.raises(StateError, match="every camel"):
        position_state(game, '{"track": [[3, ["red"]]]}')
