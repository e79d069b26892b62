"""``camelcade learn GAME``: the game's lessons at the terminal, then a first real game.

Each lesson is told as the web page tells it (``camelcade.core.learn``): its number and
title, the rule it teaches, the goal, then the position (the game's rich board, or in
``--plain`` the same words a screen reader hears). At the prompt a move is judged by the
lesson: the right one is explained and the next lesson starts; a legal but weaker one is
explained with the engine's numbers, and the goal stands; an illegal one gets the game's
own reason. ``hint``, ``board``, ``skip`` and ``quit`` are words of the prompt, in the
player's language as every command word is (``camelcade.i18n.commands``). After the last
lesson the course's first game starts: ``camelcade play`` against its bot level, with
the advisor on.
"""

from __future__ import annotations

from dataclasses import dataclass

from camelcade.cli.hooks import terminal_hooks
from camelcade.cli.play import PlaySession, seat_players
from camelcade.cli.render import Screen
from camelcade.core.learn import Course, Lesson, check
from camelcade.core.words import pt, t, tn, translate
from camelcade.i18n.commands import canonical, word

LEARN_WORDS = ("hint", "skip", "board", "quit")
"""The prompt's words by English name (``quit`` and ``board`` are every prompt's)."""


def prompt_words() -> dict[str, str]:
    """The lesson prompt's command words in the current language, by English name."""
    return {"hint": pt("command word", "hint"), "skip": pt("command word", "skip"),
            "board": word("board"), "quit": word("quit")}


@dataclass
class LearnSession:
    """One walk through a course; ``run`` returns how many lessons were done right."""

    course: Course
    screen: Screen
    seed: int
    play_first_game: bool = True
    first_lesson: int = 1
    """The number of the lesson to begin with (``--lesson``)."""

    def run(self) -> int:
        lessons = self.course.lessons
        self.screen.heading(tn(
            "Learn to play {game}: {count} lesson, then a first game.",
            "Learn to play {game}: {count} lessons, then a first game.", len(lessons),
            game=lessons[0].game().title))
        words = prompt_words()
        self.screen.note(t("Type a move in the game's notation, or {hint} for a hint, {board} "
                           "to see the position again, {skip} to go to the next lesson, "
                           "{quit} to stop.", **words))
        done = 0
        for lesson in lessons[self.first_lesson - 1:]:
            outcome = self._lesson(lesson)
            if outcome is None:
                self.screen.say(tn("You stopped after {count} lesson done.",
                                   "You stopped after {count} lessons done.", done))
                return done
            done += outcome
        self.screen.say(t("You have done {done} of the {count} lessons.", done=done,
                          count=len(lessons)))
        if self.play_first_game:
            self._first_game()
        return done

    def _lesson(self, lesson: Lesson) -> int | None:
        """1 when done right, 0 when skipped, None when the person quits."""
        count = len(self.course.lessons)
        state = lesson.start()
        seat = lesson.seat(state)
        hooks = terminal_hooks(lesson.game_id)
        self.screen.heading(t("Lesson {number} of {count}: {title}", number=lesson.number,
                              count=count, title=translate(lesson.title)))
        self.screen.say(t("Rule: {rule}.", rule=translate(lesson.rule)))
        self.screen.say(translate(lesson.goal))
        self.screen.board(state.seen(seat), hooks)
        while True:
            typed = self.screen.ask(t("Your move: "))
            if typed is None:
                return None
            command = canonical(typed, LEARN_WORDS).strip().lower()
            if command in ("quit", "exit", "q"):
                return None
            if command == "skip":
                return 0
            if command == "hint":
                self.screen.say(translate(lesson.hint))
            elif command == "board":
                self.screen.board(state.seen(seat), hooks)
            elif not command:
                self.screen.note(t("Type a move, or {hint}.", hint=prompt_words()["hint"]))
            else:
                verdict = check(lesson, state, typed)
                if verdict.kind == "right":
                    self.screen.say(verdict.text)
                    return 1
                if verdict.kind == "illegal":
                    self.screen.error(verdict.text)
                else:
                    self.screen.say(verdict.text)
                self.screen.note(t("Try again, or type {hint}.", hint=prompt_words()["hint"]))

    def _first_game(self) -> None:
        first = self.course.first_game
        game = self.course.lessons[0].game()
        if dict(first.options) != dict(self.course.lessons[0].options):
            from camelcade.core.registry import load

            game = load(self.course.game_id, **dict(first.options))
        self.screen.heading(translate(first.title))
        self.screen.say(translate(first.goal))
        seating = seat_players(game, 0, [f"@{first.level}"], hotseat=False)
        PlaySession(seating=seating, seed=self.seed, screen=self.screen,
                    advisor=first.advisor).run()
