"""Why an action is not legal here, in words (the text of ``IllegalActionError``).

Read from the board alone, so the state can say why without importing its text module;
the words are the game's own (``phrases``), in the current language.
"""

from __future__ import annotations

from collections.abc import Sequence

from camelcade.core.action import Action
from camelcade.core.words import Sentence, and_list, t
from camelcade.games.kamelen.actions import Move, Pass
from camelcade.games.kamelen.geometry import Geometry, leap_paths, square_name
from camelcade.games.kamelen.phrases import animal, side
from camelcade.games.kamelen.spec import CAMEL, OWNER, ROCK


def why_illegal(board: Sequence[int], side_to_move: int, geo: Geometry,
                action: Action) -> str | None:
    """Why ``action`` (not legal here) cannot be played by ``side_to_move`` on ``board``."""
    if isinstance(action, Pass):
        return t("{side} has a legal move, so may not pass", side=side(side_to_move))
    if isinstance(action, Move):
        return why_move_illegal(board, side_to_move, geo, action)
    return None


def why_move_illegal(board: Sequence[int], side_to_move: int, geo: Geometry,
                     move: Move) -> str:
    """Why ``move`` is not legal for ``side_to_move`` on ``board``: the first rule it breaks."""
    source, target = move.source, move.target
    code = board[source]
    at = square_name(source)
    if code == ROCK:
        return t("{square} holds a rock; rocks never move", square=at)
    seat = OWNER[code]
    if seat is None:
        return t("there is no animal on {square}", square=at)
    if seat != side_to_move:
        return t("the {animal} on {square} is {owner}'s; it is {side}'s turn",
                 animal=animal(code), square=at, owner=side(seat), side=side(side_to_move))
    camel = code == CAMEL[side_to_move]
    paths = leap_paths(geo, camel, source, target)
    to = square_name(target)
    if not paths:
        return _shape(camel, geo.third_step == "outward", at, to)
    if board[target] == ROCK:
        return t("{square} holds a rock; rocks cannot be entered", square=to)
    if OWNER[board[target]] == side_to_move:
        return t("{square} holds {side}'s own {animal}", square=to, side=side(side_to_move),
                 animal=animal(board[target]))
    blocked = sorted({s for path in paths for s in path if board[s]})
    names = and_list([t("{square} ({occupant})", square=square_name(s),
                        occupant=occupant(board[s])) for s in blocked])
    return t("the way from {start} to {to} is blocked: an animal may not pass {squares}",
             start=at, to=to, squares=names)


def _shape(camel: bool, outward: bool, at: str, to: str) -> Sentence:
    """How the animal moves, and that ``at`` to ``to`` is not such a move."""
    if camel and outward:
        return t("a camel moves two squares straight, then one diagonally outward: {start} to "
                 "{to} is not such a move", start=at, to=to)
    if camel:
        return t("a camel moves two squares straight, then one diagonally: {start} to {to} is "
                 "not such a move", start=at, to=to)
    if outward:
        return t("a dromedary moves two squares diagonally, then one straight outward: "
                 "{start} to {to} is not such a move", start=at, to=to)
    return t("a dromedary moves two squares diagonally, then one straight: {start} to {to} "
             "is not such a move", start=at, to=to)


def occupant(code: int) -> str:
    """'a rock' or "North's camel": what stands on a square (not empty)."""
    if code == ROCK:
        return t("a rock")
    seat = OWNER[code]
    assert seat is not None
    return t("{side}'s {animal}", side=side(seat), animal=animal(code))
