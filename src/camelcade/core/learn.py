"""Learn to play: a game's guided tutorial, lessons read as data and checked by its engine.

A game offers lessons through its manifest (``GamePlugin.lessons``): a TOML file in its
package and a module of *judges*. Each lesson is a prepared position in the game's own
position notation (``GamePlugin.position``), the rule it teaches, a goal in a sentence
or two, the move or moves that reach it, a hint, and what is said after the right move.
Its judge, a function of the game's, tells for any legal move whether it reaches the goal
and gives the numbers the explanation speaks of, computed by the engine from the position
(how many squares a camel reaches, a bet's chance): the texts hold placeholders, never a
typed number, so an explanation cannot go stale when a rule or a position changes.

Every text is an English message of the one catalogue, looked up when it is said, so the
same lesson is told in every language; ``camelcade.i18n.extract.lessons`` puts the texts
into the catalogue. The front ends (``camelcade learn``, ``/learn/<game>``) walk the same
:class:`Course` and say the same sentences: a lesson's :func:`check` answers a move with
a :class:`Verdict` (right, legal but weaker and why, or illegal and the game's reason).
The course ends with a first real game against a bot level with the advisor on.
"""

from __future__ import annotations

import importlib
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any, Literal

from camelcade.core.errors import CamelcadeError, IllegalActionError, OptionError
from camelcade.core.game import Game, State
from camelcade.core.registry import load, plugin, plugins
from camelcade.core.types import CHANCE, TERMINAL, PlayerId
from camelcade.core.words import t, translate

MIN_LESSONS, MAX_LESSONS = 5, 10
"""A course is five to ten small lessons before the first real game."""
TEXTS = ("rule", "title", "goal", "hint", "right")
"""The texts of a lesson, each an English message of the catalogue."""
_TYPED_NUMBER = re.compile(r"(?<![A-Za-z0-9-])\d+(?![A-Za-z0-9])")
"""A number standing alone in a text ("3 fields"); a square's name ("f5") is notation."""


@dataclass(frozen=True)
class Judged:
    """A judge's word on one legal move: whether it reaches the goal, and the numbers.

    ``values`` fill the placeholders of the lesson's ``right`` text when the move reaches
    the goal, else of ``message``, which says why the move is weaker (an English message
    the game marks with ``N_``).
    """

    reached: bool
    values: Mapping[str, Any] = field(default_factory=dict)
    message: str = ""


Judge = Callable[[State, Any], Judged]
"""A lesson's judge: the lesson's position (not to be changed) and a legal action of it."""


@dataclass(frozen=True)
class Lesson:
    """One lesson of a course (see the module docstring); texts are English messages."""

    game_id: str
    number: int
    id: str
    rule: str
    title: str
    options: Mapping[str, Any]
    position: str
    goal: str
    moves: tuple[str, ...]
    hint: str
    right: str
    judge_name: str
    judge: Judge

    def game(self) -> Game:
        return load(self.game_id, **dict(self.options))

    def start(self) -> State:
        """A fresh state of the lesson's position."""
        return position_of(self.game(), self.position)

    def seat(self, state: State) -> PlayerId:
        """The learner's seat: whoever is to move in the lesson's position."""
        return state.current_player


@dataclass(frozen=True)
class FirstGame:
    """The course's last step: a real game against a bot level, with the advisor on."""

    options: Mapping[str, Any]
    level: str
    advisor: bool
    title: str
    goal: str


@dataclass(frozen=True)
class Course:
    """A game's lessons in order, then its first real game."""

    game_id: str
    lessons: tuple[Lesson, ...]
    first_game: FirstGame

    def lesson(self, key: str | int) -> Lesson:
        """A lesson by id or by number (1 is the first); ``OptionError`` otherwise."""
        for lesson in self.lessons:
            if key in (lesson.id, lesson.number, str(lesson.number)):
                return lesson
        raise OptionError(t("{game} has no lesson {lesson}; its lessons are {lessons}.",
                            game=self.game_id, lesson=key,
                            lessons=", ".join(lesson.id for lesson in self.lessons)))


Kind = Literal["right", "weaker", "illegal"]


@dataclass(frozen=True)
class Verdict:
    """What a lesson answers to a move: ``right`` (the goal is reached), ``weaker`` (legal
    but not the goal) or ``illegal``, and the sentences that say why, in the current
    language."""

    kind: Kind
    text: str
    move: str | None = None
    """The move as the game writes it (None when the text did not parse)."""


def games_with_lessons() -> list[str]:
    """Registered games that offer a course (nothing is imported)."""
    return [p.id for p in plugins() if p.lessons is not None]


def has_lessons(game_id: str) -> bool:
    return plugin(game_id).lessons is not None


def position_of(game: Game, text: str) -> State:
    """The state of ``text`` in the game's position notation (its manifest's parser)."""
    parser = plugin(game.id).position
    if parser is None:
        raise OptionError(t("{game} has no position notation, so it cannot have lessons.",
                            game=game.id))
    return parser.load()(game, text)


@cache
def course(game_id: str) -> Course:
    """The game's course, read and checked once; ``OptionError`` if it has none or its
    file is malformed (naming the lesson and the field)."""
    manifest = plugin(game_id)
    slot = manifest.lessons
    if slot is None:
        having = ", ".join(games_with_lessons())
        raise OptionError(t("{game} has no lessons yet; games with lessons: {games}.",
                            game=game_id, games=having))
    text = resources.files(manifest.package).joinpath(slot.data).read_text(encoding="utf-8")
    return parse_course(game_id, tomllib.loads(text), importlib.import_module(slot.judges))


def _fail(where: str, problem: str) -> CamelcadeError:
    return OptionError(f"lessons {where}: {problem}")


def _text(entry: Mapping[str, Any], key: str, where: str) -> str:
    value = entry.get(key)
    if not isinstance(value, str) or not value.strip():
        raise _fail(where, f"'{key}' must be a non-empty text")
    if _TYPED_NUMBER.search(value) and key in TEXTS:
        raise _fail(where, f"'{key}' types a number ({value!r}); a judge computes it")
    return value


def parse_course(game_id: str, data: Mapping[str, Any], judges: Any) -> Course:
    """A course from its TOML data and the module of its judges, every field checked."""
    defaults = data.get("options", {})
    if not isinstance(defaults, dict):
        raise _fail("file", "'options' must be a table of game options")
    entries = data.get("lesson")
    if not isinstance(entries, list) or not MIN_LESSONS <= len(entries) <= MAX_LESSONS:
        raise _fail("file", f"a course has {MIN_LESSONS} to {MAX_LESSONS} [[lesson]] tables")
    lessons: list[Lesson] = []
    for number, entry in enumerate(entries, 1):
        where = f"#{number}"
        if not isinstance(entry, dict):
            raise _fail(where, "a lesson is a table")
        lesson_id = _text(entry, "id", where)
        where = f"#{number} ({lesson_id})"
        moves = entry.get("moves")
        if not (isinstance(moves, list) and moves and all(isinstance(m, str) for m in moves)):
            raise _fail(where, "'moves' must list the move or moves that reach the goal")
        judge_name = _text(entry, "judge", where)
        judge = getattr(judges, judge_name, None)
        if not callable(judge):
            raise _fail(where, f"its judge {judge_name!r} is not a function of "
                               f"{judges.__name__}")
        options = {**defaults, **entry.get("options", {})}
        lessons.append(Lesson(
            game_id=game_id, number=number, id=lesson_id, rule=_text(entry, "rule", where),
            title=_text(entry, "title", where), options=options,
            position=_text(entry, "position", where), goal=_text(entry, "goal", where),
            moves=tuple(moves), hint=_text(entry, "hint", where),
            right=_text(entry, "right", where), judge_name=judge_name, judge=judge))
    if len({lesson.id for lesson in lessons}) != len(lessons):
        raise _fail("file", "two lessons have the same id")
    final = data.get("first_game")
    if not isinstance(final, dict):
        raise _fail("file", "[first_game] is missing (the real game that ends the course)")
    first = FirstGame(options={**defaults, **final.get("options", {})},
                      level=_text(final, "level", "[first_game]"),
                      advisor=bool(final.get("advisor", True)),
                      title=_text(final, "title", "[first_game]"),
                      goal=_text(final, "goal", "[first_game]"))
    return Course(game_id, tuple(lessons), first)


def lesson_texts(game_id: str) -> list[str]:
    """Every English message of the game's course (the catalogue must hold each)."""
    found = course(game_id)
    texts = [getattr(lesson, key) for lesson in found.lessons for key in TEXTS]
    return [*texts, found.first_game.title, found.first_game.goal]


def check(lesson: Lesson, state: State, text: str) -> Verdict:
    """Judge the move ``text`` in ``state`` (the lesson's position, left unchanged).

    Illegal: the game's own reason, in the current language. Legal: the judge says whether
    it reaches the goal; the lesson's listed moves are the ones that do (the tests check
    the two agree), and the sentences are worded with the judge's numbers.
    """
    seat = state.current_player
    if seat in (CHANCE, TERMINAL):
        raise CamelcadeError(f"lesson {lesson.id}: nobody is to move in its position")
    try:
        action = state.check_action(text.strip(), player=seat)
    except IllegalActionError as error:
        return Verdict("illegal", str(error))
    move = str(action)
    judged = lesson.judge(state, action)
    if move in lesson.moves:
        return Verdict("right", translate(lesson.right).format(**judged.values), move)
    why = translate(judged.message).format(**judged.values)
    return Verdict("weaker", t("{move} is legal, but it does not reach the goal. {why}",
                               move=move, why=why), move)


def goal_moves(lesson: Lesson, state: State | None = None) -> list[str]:
    """The legal moves that reach the goal, by the judge (what the tests compare with the
    lesson's ``moves``)."""
    state = state or lesson.start()
    return [str(action) for action in state.legal_actions()
            if lesson.judge(state, action).reached]
