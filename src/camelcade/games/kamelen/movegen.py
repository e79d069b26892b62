"""Move generation on a bare board: the hot path of the rules and of every bot.

A board is a list of piece codes (see ``spec``); a move is the int ``from << 8 | to``.
Generation walks the squares in index order (a1, b1, ... k1, a2, ...) and each animal's
leap table in its fixed order, so the order of moves is canonical.
"""

from __future__ import annotations

from collections.abc import Sequence

from camelcade.games.kamelen.geometry import Geometry
from camelcade.games.kamelen.spec import CAMEL, DROMEDARY

LANDING: tuple[tuple[bool, ...], tuple[bool, ...]] = (
    (True, False, False, True, True, False),
    (True, True, True, False, False, False),
)
"""LANDING[seat][code]: may an animal of ``seat`` end its move on a square holding ``code``?
Empty squares and enemy animals (captured) yes; own animals and rocks no."""


def generate(board: Sequence[int], seat: int, geo: Geometry) -> list[int]:
    """Every legal move of ``seat`` (not counting pass), in canonical order."""
    camel, dromedary = CAMEL[seat], DROMEDARY[seat]
    landing = LANDING[seat]
    camel_table, dromedary_table = geo.camel, geo.dromedary
    moves: list[int] = []
    append = moves.append
    for source, code in enumerate(board):
        if code == camel:
            table = camel_table[source]
        elif code == dromedary:
            table = dromedary_table[source]
        else:
            continue
        base = source << 8
        for target, first, second in table:
            if landing[board[target]] and not board[first] and not board[second]:
                append(base | target)
    if geo.shared_destinations:
        moves = list(dict.fromkeys(moves))
    return moves


def has_move(board: Sequence[int], seat: int, geo: Geometry) -> bool:
    """Whether ``seat`` has any move (stops at the first one found)."""
    camel, dromedary = CAMEL[seat], DROMEDARY[seat]
    landing = LANDING[seat]
    for source, code in enumerate(board):
        if code == camel:
            table = geo.camel[source]
        elif code == dromedary:
            table = geo.dromedary[source]
        else:
            continue
        for target, first, second in table:
            if landing[board[target]] and not board[first] and not board[second]:
                return True
    return False
