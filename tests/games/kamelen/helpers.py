"""Build Kamelen positions from a few named squares, and read results back.

``position({"f6": "C", "c10": "c"})`` is the 11x11 position with a South camel on f6, a
North camel on c10, the rocks of the board and South to move. Letters are those of the
position notation: ``C``/``D`` South's camel/dromedary, ``c``/``d`` North's.
"""

from __future__ import annotations

from typing import Any

import camelcade as cc
from camelcade.games.kamelen.game import KamelenGame
from camelcade.games.kamelen.geometry import SQUARE_NAMES, geometry
from camelcade.games.kamelen.notation import format_position
from camelcade.games.kamelen.spec import BOARDS, LETTER_CODES
from camelcade.games.kamelen.state import KamelenState

GAME_ID = "kamelen"

START = {
    "11x11": "1d1d3d1d1/1cccc1cccc1/d1d1d1d1d1d/11/11/#1#1#1#1#1#/11/11/D1D1D1D1D1D/"
             "1CCCC1CCCC1/1D1D3D1D1 s 0 0",
    "11x12": "1d1d3d1d1/1cccc1cccc1/d1d1d1d1d1d/11/11/2#3#3#/#3#3#2/11/11/D1D1D1D1D1D/"
             "1CCCC1CCCC1/1D1D3D1D1 s 0 0",
    "11x13": "1d1d3d1d1/1cccc1cccc1/d1d1d1d1d1d/11/11/11/#1#1#1#1#1#/11/11/11/D1D1D1D1D1D/"
             "1CCCC1CCCC1/1D1D3D1D1 s 0 0",
}

STUCK = ("11/D10/2CC1c1c1C1/2D8/1d3d5/#1#1#1#1#1#/11/3dd1C1D2/2D1Cc1dcC1/1d4d4/"
         "2d1C1d2D1")
"""Neither side has a legal move (found by a search; 25 animals locked together)."""
SOUTH_STUCK = ("11/D10/2CC1c1c1C1/2D8/5d5/#1#1#1#1#1#/11/3dd1C1D2/2D1Cc1dcC1/1d4d4/"
               "2d1C1d2D1")
"""STUCK without North's dromedary on b7: South cannot move, North can."""


def game(**options: Any) -> KamelenGame:
    loaded = cc.load(GAME_ID, **options) if GAME_ID in cc.game_ids() else KamelenGame(**options)
    assert isinstance(loaded, KamelenGame)
    return loaded


def text(pieces: dict[str, str], *, side: str = "s", clock: int = 0, passes: int = 0,
         board: str = "11x11") -> str:
    """The position line with ``pieces`` (square -> letter) and the board's rocks."""
    geo = geometry(BOARDS[board])
    codes = list(geo.start)
    codes = [5 if c == 5 else 0 for c in codes]
    for name, letter in pieces.items():
        square = geo.square(name)
        assert square is not None, name
        codes[square] = LETTER_CODES[letter]
    return format_position(codes, geo.ranks, "sn".index(side), clock, passes)


def position(pieces: dict[str, str], *, side: str = "s", clock: int = 0, passes: int = 0,
             **options: Any) -> KamelenState:
    """A loaded state (no history) with ``pieces`` on the board."""
    the_game = game(**options)
    board = the_game.option("board")
    return the_game.state_from_position(
        text(pieces, side=side, clock=clock, passes=passes, board=board))


def legal(state: cc.State) -> list[str]:
    return [str(action) for action in state.legal_actions()]


def targets(state: cc.State, source: str) -> set[str]:
    """Where the animal on ``source`` may move."""
    return {t.split("-")[1] for t in legal(state) if t.split("-")[0] == source}


def square(name: str) -> int:
    return SQUARE_NAMES.index(name)
