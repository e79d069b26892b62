"""Lessons as data (``camelcade.core.learn``): every course a game offers is checked here
against its own engine: each lesson's position is legal, its goal is reached by exactly
the moves it lists and by no other legal move, it names its rule, and its texts hold no
typed number (the judge computes them) and are in every language."""

from __future__ import annotations

import re
import string
from types import SimpleNamespace

import pytest

from camelcade.core.errors import OptionError
from camelcade.core.learn import (
    MAX_LESSONS,
    MIN_LESSONS,
    Judged,
    check,
    course,
    games_with_lessons,
    goal_moves,
    lesson_texts,
    parse_course,
)
from camelcade.core.registry import plugin
from camelcade.core.types import CHANCE, TERMINAL
from camelcade.core.words import language, translate

COURSES = games_with_lessons()
LESSONS = [(game, lesson.id) for game in COURSES for lesson in course(game).lessons]


def _lesson(game: str, lesson_id: str):  # type: ignore[no-untyped-def]
    return course(game).lesson(lesson_id)


def test_the_two_first_courses_are_there() -> None:
    assert len(COURSES) >= 2
    for game in COURSES:
        assert MIN_LESSONS <= len(course(game).lessons) <= MAX_LESSONS
        assert course(game).first_game.advisor
        assert course(game).first_game.level in plugin(game).levels


@pytest.mark.parametrize(("game", "lesson_id"), LESSONS)
def test_the_position_is_legal_and_the_learner_is_to_move(game: str, lesson_id: str) -> None:
    lesson = _lesson(game, lesson_id)
    state = lesson.start()
    assert state.current_player not in (CHANCE, TERMINAL)
    # the game's own consistency checks: the position survives its saved layout's checks
    again = lesson.game().state_from_json(state.to_json())
    assert again.to_json() == state.to_json()


@pytest.mark.parametrize(("game", "lesson_id"), LESSONS)
def test_the_goal_is_reached_by_exactly_the_listed_moves(game: str, lesson_id: str) -> None:
    lesson = _lesson(game, lesson_id)
    state = lesson.start()
    assert sorted(goal_moves(lesson, state)) == sorted(lesson.moves)
    for action in state.legal_actions():
        verdict = check(lesson, state, str(action))
        assert verdict.kind == ("right" if str(action) in lesson.moves else "weaker")
    assert state.to_json() == lesson.start().to_json()  # judging changed nothing


@pytest.mark.parametrize(("game", "lesson_id"), LESSONS)
def test_every_lesson_names_its_rule_and_types_no_number(game: str, lesson_id: str) -> None:
    lesson = _lesson(game, lesson_id)
    assert lesson.rule.strip()
    for text in (lesson.rule, lesson.title, lesson.goal, lesson.hint, lesson.right):
        assert not re.search(r"(?<![A-Za-z0-9-])\d+(?![A-Za-z0-9])", text), text


@pytest.mark.parametrize(("game", "lesson_id"), LESSONS)
def test_the_numbers_said_are_the_judge_s(game: str, lesson_id: str) -> None:
    """Every placeholder of a sentence said is filled from the judge's values, and each
    number in the sentence heard is one of those values."""
    lesson = _lesson(game, lesson_id)
    state = lesson.start()
    for action in state.legal_actions():
        judged = lesson.judge(state, action)
        template = lesson.right if str(action) in lesson.moves else judged.message
        names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
        assert names <= set(judged.values), (template, judged.values)
        said = check(lesson, state, str(action)).text
        numbers = re.findall(r"(?<![A-Za-z0-9-])-?\d+(?:\.\d+)?(?![A-Za-z0-9])", said)
        computed = {str(value) for value in judged.values.values()}
        assert set(numbers) <= computed, (said, judged.values)


@pytest.mark.parametrize(("game", "lesson_id"), LESSONS)
def test_an_illegal_move_gets_the_game_s_own_reason(game: str, lesson_id: str) -> None:
    lesson = _lesson(game, lesson_id)
    state = lesson.start()
    verdict = check(lesson, state, "zz9-zz9")
    assert verdict.kind == "illegal" and verdict.move is None
    assert "zz9-zz9" in verdict.text


@pytest.mark.parametrize("code", ["de", "fr", "da"])
@pytest.mark.parametrize("game", COURSES)
def test_every_lesson_text_is_translated(game: str, code: str) -> None:
    with language(code):
        untranslated = [text for text in lesson_texts(game) if translate(text) == text]
    assert untranslated == []


@pytest.mark.parametrize("code", ["de", "fr", "da"])
@pytest.mark.parametrize("game", COURSES)
def test_every_judge_message_is_translated_and_keeps_its_placeholders(game: str,
                                                                       code: str) -> None:
    for lesson in course(game).lessons:
        state = lesson.start()
        for action in state.legal_actions():
            judged = lesson.judge(state, action)
            for english in (judged.message, lesson.right):
                if not english:
                    continue
                with language(code):
                    translated = translate(english)
                assert translated != english, english
                names = {n for _, n, _, _ in string.Formatter().parse(english) if n}
                said = {n for _, n, _, _ in string.Formatter().parse(translated) if n}
                assert said == names, (english, translated)


def _data(**lesson: object) -> dict[str, object]:
    one = {"id": "a", "rule": "A rule", "title": "T", "position": "p", "goal": "G",
           "moves": ["m"], "judge": "judge", "hint": "H", "right": "R"}
    one.update(lesson)
    return {"lesson": [dict(one, id=f"l{n}") for n in range(MIN_LESSONS)],
            "first_game": {"level": "easy", "title": "T", "goal": "G"}}


JUDGES = SimpleNamespace(__name__="judges", judge=lambda state, action: Judged(True))


def test_a_well_formed_course_parses() -> None:
    parsed = parse_course("toy", _data(), JUDGES)
    assert [lesson.number for lesson in parsed.lessons] == list(range(1, MIN_LESSONS + 1))
    assert parsed.lesson("l2").number == 3 and parsed.lesson(1).id == "l0"


@pytest.mark.parametrize(("change", "named"), [
    ({"judge": "missing"}, "judge 'missing'"),
    ({"rule": ""}, "'rule'"),
    ({"goal": "Move 3 fields."}, "types a number"),
    ({"moves": []}, "'moves'"),
])
def test_a_malformed_lesson_is_refused_naming_the_field(change: dict[str, object],
                                                         named: str) -> None:
    with pytest.raises(OptionError, match=re.escape(named)):
        parse_course("toy", _data(**change), JUDGES)


def test_too_few_lessons_are_refused() -> None:
    data = _data()
    data["lesson"] = data["lesson"][:1]  # type: ignore[index]
    with pytest.raises(OptionError, match="5 to 10"):
        parse_course("toy", data, JUDGES)


def test_an_unknown_lesson_names_the_lessons() -> None:
    with pytest.raises(OptionError, match="camel-leap"):
        course("kamelen").lesson("nope")
