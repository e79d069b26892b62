"""The lessons of ``/learn/<game>``: each lesson's position as the page draws it, and the
lesson's verdict on a move, both worked out here from ``camelcade.core.learn``.

A lesson needs no match: its position is fixed, a move is judged and never played, and
nobody else sits at the table, so the page asks two stateless calls: the course (every
lesson's goal, hint, position in words, board layout and legal moves, for the learner's
seat) and a verdict. The browser holds no rules; the verdict is ``core.learn.check``, the
same the terminal's ``camelcade learn`` prints, in the page's language. The course's last
step, the first real game, is an ordinary match against bots (the lobby's call), where the
advisor is on because every other seat is a bot.
"""

from __future__ import annotations

from typing import Any

from camelcade.core.errors import CamelcadeError
from camelcade.core.learn import Course, Lesson, check, course
from camelcade.core.registry import game_ids
from camelcade.core.words import t, translate
from camelcade.server.protocol import ErrorCode, ProtocolError, unknown_game
from camelcade.server.views import seat_names
from camelcade.server.web.layout import laid_out

MAX_MOVE_CHARS = 200


def _lesson(lesson: Lesson, count: int) -> dict[str, Any]:
    state = lesson.start()
    seat = lesson.seat(state)
    observation = state.observation(seat)
    laid = laid_out(state, seat, observation)
    names = seat_names(state.game)
    return {
        "number": lesson.number,
        "count": count,
        "id": lesson.id,
        "rule": translate(lesson.rule),
        "title": translate(lesson.title),
        "goal": translate(lesson.goal),
        "hint": translate(lesson.hint),
        "seat": seat,
        "seats": [{"seat": s, "label": name} for s, name in enumerate(names)],
        "current_player": seat,
        "description": state.describe(seat),
        "observation": observation,
        "board": laid.board,
        "legal": [{"action": str(a), "description": state.describe_action(a, seat),
                   "cells": laid.cells.get(str(a), [])} for a in state.legal_actions()],
    }


def course_data(game_id: str) -> dict[str, Any]:
    """The whole course for the page, in the current language."""
    found = _course(game_id)
    first = found.first_game
    game = found.lessons[0].game()
    return {
        "game": game_id,
        "title": game.title,
        "lessons": [_lesson(lesson, len(found.lessons)) for lesson in found.lessons],
        "first_game": {"title": translate(first.title), "goal": translate(first.goal),
                       "level": first.level, "advisor": first.advisor,
                       "options": dict(first.options),
                       "players": int(first.options.get("players", game.players))},
    }


def verdict_data(game_id: str, key: str, move: Any) -> dict[str, Any]:
    """The lesson's word on ``move``: ``kind`` (right, weaker, illegal) and ``text``."""
    found = _course(game_id)
    try:
        lesson = found.lesson(key)
    except CamelcadeError as error:
        raise ProtocolError(ErrorCode.MATCH_NOT_FOUND, str(error)) from None
    if not isinstance(move, str) or not move.strip() or len(move) > MAX_MOVE_CHARS:
        raise ProtocolError(ErrorCode.ACTION_ILLEGAL, t(
            "Send the move as text of 1 to {most} characters, such as one of the legal "
            "moves listed.", most=MAX_MOVE_CHARS))
    verdict = check(lesson, lesson.start(), move)
    return {"kind": verdict.kind, "text": verdict.text, "move": verdict.move,
            "lesson": lesson.number}


def _course(game_id: str) -> Course:
    if game_id not in game_ids():
        raise unknown_game(game_id)
    try:
        return course(game_id)
    except CamelcadeError as error:
        raise ProtocolError(ErrorCode.GAME_UNKNOWN, str(error)) from None
