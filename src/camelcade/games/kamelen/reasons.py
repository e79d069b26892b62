"""Why an action is not legal here, in words (the text of ``IllegalActionError``).

Read from the board alone, so the state can say why without importing its text module.
"""

from __future__ import annotations

from collections.abc import Sequence

from camelcade.core.action import Action
from camelcade.games.kamelen.actions import Move, Pass
from camelcade.games.kamelen.geometry import Geometry, leap_paths, square_name
from camelcade.games.kamelen.spec import ANIMAL_NAMES, CAMEL, OWNER, ROCK, SIDE_NAMES


def why_illegal(board: Sequence[int], side: int, geo: Geometry, action: Action) -> str | None:
    """Why ``action`` (not legal here) cannot be played by ``side`` on ``board``."""
    if isinstance(action, Pass):
        return f"{SIDE_NAMES[side]} has a legal move, so may not pass"
    if isinstance(action, Move):
        return why_move_illegal(board, side, geo, action)
    return None


def why_move_illegal(board: Sequence[int], side: int, geo: Geometry, move: Move) -> str:
    """Why ``move`` is not legal for ``side`` on ``board``: the first rule it breaks."""
    source, target = move.source, move.target
    code = board[source]
    at = square_name(source)
    if code == ROCK:
        return f"{at} holds a rock; rocks never move"
    seat = OWNER[code]
    if seat is None:
        return f"there is no animal on {at}"
    animal = ANIMAL_NAMES[code]
    if seat != side:
        return f"the {animal} on {at} is {SIDE_NAMES[seat]}'s; it is {SIDE_NAMES[side]}'s turn"
    paths = leap_paths(geo, code == CAMEL[side], source, target)
    to = square_name(target)
    if not paths:
        shape = ("two squares straight, then one diagonally" if code == CAMEL[side]
                 else "two squares diagonally, then one straight")
        outward = " outward" if geo.third_step == "outward" else ""
        return f"a {animal} moves {shape}{outward}: {at} to {to} is not such a move"
    if board[target] == ROCK:
        return f"{to} holds a rock; rocks cannot be entered"
    if OWNER[board[target]] == side:
        return f"{to} holds {SIDE_NAMES[side]}'s own {ANIMAL_NAMES[board[target]]}"
    blocked = sorted({s for path in paths for s in path if board[s]})
    names = ", ".join(f"{square_name(s)} ({occupant(board[s])})" for s in blocked)
    return f"the way from {at} to {to} is blocked: an animal may not pass {names}"


def occupant(code: int) -> str:
    """'a rock' or "North's camel": what stands on a square (not empty)."""
    if code == ROCK:
        return "a rock"
    seat = OWNER[code]
    assert seat is not None
    return f"{SIDE_NAMES[seat]}'s {ANIMAL_NAMES[code]}"
