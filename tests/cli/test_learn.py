"""``camelcade learn GAME --plain``: a scripted session completes the whole tutorial, a
weaker and an illegal move are answered with the reason, and the real game follows."""

from __future__ import annotations

import re

import pytest

from camelcade.core.learn import course, games_with_lessons
from tests.cli.conftest import Run, assert_plain


def _script(game: str) -> str:
    """hint, one weaker legal move and one illegal text per lesson, then its right move;
    then quit in the first real game."""
    lines = []
    for lesson in course(game).lessons:
        state = lesson.start()
        weaker = [str(a) for a in state.legal_actions() if str(a) not in lesson.moves]
        lines += ["hint", *weaker[:1], "no-such-move", lesson.moves[0]]
    return "\n".join([*lines, "quit", ""])


@pytest.mark.parametrize("game", games_with_lessons())
def test_a_plain_session_completes_the_whole_tutorial(run: Run, game: str) -> None:
    lessons = course(game).lessons
    result = run("learn", game, "--plain", "--seed", "1", input=_script(game))
    assert result.exit_code == 0, result.output
    out = result.output
    assert_plain(out)
    for lesson in lessons:
        assert f"Lesson {lesson.number} of {len(lessons)}: {lesson.title}" in out
        assert lesson.goal in out and lesson.hint in out
        assert f"Rule: {lesson.rule}." in out
    with_weaker = [lesson for lesson in lessons
                   if any(str(a) not in lesson.moves for a in lesson.start().legal_actions())]
    assert len(with_weaker) >= len(lessons) - 1
    assert out.count("is legal, but it does not reach the goal.") == len(with_weaker)
    refused = [line for line in out.splitlines()
               if line.startswith("Error:") and "'no-such-move'" in line]
    assert len(refused) == len(lessons)
    assert f"You have done {len(lessons)} of the {len(lessons)} lessons." in out
    assert course(game).first_game.goal in out
    # the real game began (a game set up by chance, as Camel Up's camels are and Caravan's
    # bag draws onto the goods spaces, counts those actions before the learner's first turn)
    assert re.search(r"You left the game after \d+ actions\.", out)


def test_the_session_speaks_the_chosen_language(run: Run) -> None:
    result = run("--lang", "de", "learn", "kamelen", "--plain", input="tipp\nskip\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Lektion 1 von 6" in result.output


def test_camel_up_s_lessons_speak_danish_with_the_rulebook_s_words(run: Run) -> None:
    script = "hint\nroll\nbet yellow\nquit\n"
    result = run("--lang", "da", "learn", "camel-up", "--plain", "--lesson", "stacking",
                 input=script)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Lektion 1 af 7" in out and "væddemålsbillet" in out
    assert "Det tager ingen væddemålsbillet." in out  # the weaker roll, and why
    assert "Rigtigt: Gul fører, når benet slutter, med en chance på 67 %." in out


def test_skip_and_quit_and_a_start_lesson(run: Run) -> None:
    result = run("learn", "camel-drive", "--plain", "--lesson", "bet", input="skip\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Lesson 5 of 6" in result.output and "Lesson 6 of 6" in result.output
    assert "Lesson 4 of 6" not in result.output
    assert "You stopped after 0 lessons done." in result.output


def test_a_game_without_lessons_names_those_with_them(run: Run) -> None:
    result = run("learn", "a-dos-de-chameau", "--plain", input="")
    assert result.exit_code == 2
    assert "has no lessons yet" in result.output and "kamelen" in result.output
