"""``/learn/<game>`` in the browser: each game's whole tutorial done by keyboard alone and
by mouse, in English and in German, with axe at every lesson; the lesson is what the live
region says; the lobby and the rules page link to the lessons, and the last step starts a
real match against bots.

The keyboard run counts its keystrokes (``KEYSTROKES``, printed with ``-s``): the page
puts the focus in the move box when a lesson opens, so a lesson is its move typed, Enter,
and Enter again on "Next lesson"."""

from __future__ import annotations

from typing import Any

import pytest

from camelcade.core.learn import course, games_with_lessons
from tests.web.support import audit

pytestmark = pytest.mark.browser

GAMES = games_with_lessons()
LANGUAGES = ("en", "de")
KEYSTROKES: dict[tuple[str, str], int] = {}
SAID: dict[tuple[str, str, int], str] = {}
"""What the live region said as each lesson opened (printed with ``-s``)."""
HEADINGS = {"en": "Lesson {number} of {count}", "de": "Lektion {number} von {count}",
            "da": "Lektion {number} af {count}"}
LEGAL_BUT = {"en": "is legal, but it does not reach the goal.",
             "de": "ist erlaubt, erreicht aber das Ziel nicht.",
             "da": "er lovligt, men når ikke målet."}
SEED_LANGUAGE = {"camel-up": "da"}
"""A course is also done in the language of the game's seed rulebook, when it is not one
of ``LANGUAGES`` (Camel Up's seed is Danish), by keyboard and by mouse."""


def open_course(page: Any, game: str, lang: str) -> None:
    page.goto(f"/learn/{game}?lang={lang}")
    page.wait_for_function("() => document.querySelector('#lesson-goal').textContent !== ''")


def at_lesson(page: Any, game: str, lang: str, number: int) -> None:
    """The lesson is shown, is what the live region says, and passes axe."""
    count = len(course(game).lessons)
    heading = HEADINGS[lang].format(number=number, count=count)
    page.wait_for_function("h => document.querySelector('#lesson-h').textContent.startsWith(h)",
                           arg=heading)
    goal = str(page.locator("#lesson-goal").text_content())
    page.wait_for_function(
        "g => document.querySelector('#announce-polite').textContent.includes(g)", arg=goal)
    said = str(page.locator("#announce-polite").text_content()).strip("\u00a0")
    assert said.startswith(heading) and said.endswith(goal)
    SAID[game, lang, number] = said
    audit(page, f"{game} lesson {number} ({lang})")


def verdict(page: Any, kind: str) -> str:
    page.wait_for_selector(f"#verdict.cc-verdict-{kind}")
    return str(page.locator("#verdict").text_content())


def at_first_game(page: Any, game: str, lang: str) -> None:
    page.wait_for_function("() => !document.querySelector('#first').hidden")
    assert page.evaluate("() => document.activeElement.id") == "first-start"
    audit(page, f"{game} first game ({lang})")


RUNS = [(game, lang) for game in GAMES
        for lang in (*LANGUAGES, *([SEED_LANGUAGE[game]] if game in SEED_LANGUAGE else []))]


@pytest.mark.parametrize(("game", "lang"), RUNS)
def test_the_whole_tutorial_by_keyboard_alone(new_page: Any, game: str, lang: str) -> None:
    page = new_page()
    open_course(page, game, lang)
    keys = 0
    for lesson in course(game).lessons:
        at_lesson(page, game, lang, lesson.number)
        assert page.evaluate("() => document.activeElement.closest('form') !== null")
        page.keyboard.type(lesson.moves[0])
        page.keyboard.press("Enter")
        keys += len(lesson.moves[0]) + 1
        verdict(page, "right")
        assert page.evaluate("() => document.activeElement.id") == "lesson-next"
        page.keyboard.press("Enter")
        keys += 1
    at_first_game(page, game, lang)
    KEYSTROKES[game, lang] = keys
    print(f"\n{game} ({lang}): {len(course(game).lessons)} lessons by keyboard in {keys} keys")


@pytest.mark.parametrize(("game", "lang"), RUNS)
def test_the_whole_tutorial_by_mouse(new_page: Any, game: str, lang: str) -> None:
    page = new_page()
    open_course(page, game, lang)
    for lesson in course(game).lessons:
        at_lesson(page, game, lang, lesson.number)
        page.click("#lesson-hint")
        assert page.locator("#lesson-hint-text").is_visible()
        wrong = [str(a) for a in lesson.start().legal_actions() if str(a) not in lesson.moves]
        if wrong:
            page.locator("#act .cc-moves button", has_text=f"({wrong[0]})").click()
            assert LEGAL_BUT[lang] in verdict(page, "weaker")
        page.locator("#act .cc-moves button", has_text=f"({lesson.moves[0]})").click()
        verdict(page, "right")
        page.click("#lesson-next")
        print(f"\n{game} ({lang}) lesson {lesson.number} said: {SAID[game, lang, lesson.number]}")
    at_first_game(page, game, lang)
    page.click("#first-start")
    page.wait_for_url("**/match/*")


def test_the_lobby_and_the_rules_page_link_to_the_lessons(new_page: Any) -> None:
    page = new_page()
    page.goto("/")
    for game in GAMES:
        link = page.locator(f'#games a[href="/learn/{game}"]')
        link.wait_for()
        assert str(link.text_content()).startswith("Learn to play")
    page.goto(f"/rules/{GAMES[0]}")
    assert page.locator(f'a[href="/learn/{GAMES[0]}"]').count() == 1

