"""Kamelen's lessons against the rules, worked out here independently of the judges."""

from __future__ import annotations

from camelcade.core.learn import check, course
from camelcade.games.kamelen.geometry import colour_of
from camelcade.games.kamelen.notation import parse_position
from camelcade.games.kamelen.spec import END_CONQUEST, END_ELIMINATION

COURSE = course("kamelen")


def test_the_course_covers_leaps_dromedaries_rocks_and_both_wins() -> None:
    rules = {lesson.rule for lesson in COURSE.lessons}
    assert {"The camel's leap", "No animal passes over a piece", "The dromedary's leap",
            "Rocks", "Home conquest", "Camel elimination"} <= rules


def test_a_weaker_leap_counts_the_squares_the_camel_reaches() -> None:
    lesson = COURSE.lesson("camel-leap")
    state = lesson.start()
    from_e2 = [str(a) for a in state.legal_actions() if str(a).startswith("e2-")]
    said = check(lesson, state, "e2-d5").text
    assert f"It could reach {len(from_e2)} squares from e2" in said


def test_the_winning_moves_win_the_way_their_lesson_says() -> None:
    conquest = COURSE.lesson("home-conquest").start().child("e8-f11")
    assert conquest.end_reason == END_CONQUEST and conquest.scores() == [2.0, 0.0]
    lesson = COURSE.lesson("camel-elimination")
    start = lesson.start()
    after = start.child("e2-f5")
    assert after.end_reason == END_ELIMINATION and after.scores() == [1.0, 0.0]
    squares = {name: index for index, name in enumerate(
        f"{f}{r}" for r in range(1, 12) for f in "abcdefghijk")}
    assert colour_of(squares["a5"]) != colour_of(squares["f1"]) == colour_of(squares["f5"])
    assert "and score 1," in check(lesson, start, "e2-f5").text


def test_every_position_is_the_board_of_its_line() -> None:
    for lesson in COURSE.lessons:
        state = lesson.start()
        parsed = parse_position(lesson.position, state.geometry)
        assert tuple(parsed.board) == tuple(state.board) and parsed.side == 0
