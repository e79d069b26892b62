"""Perft: leaf counts of the move tree, golden, from two implementations that must agree.

The counts were computed by ``reference.py`` (a plain generator written from the rules
file, sharing no code with the package) and match the package's ``perft``, which walks the
state with make/unmake (``apply``/``undo``) and, at depth 2, the public ``child`` path.
Won positions are not expanded; a side without moves passes.
"""

from __future__ import annotations

import pytest

from camelcade.games.kamelen.perft import perft
from camelcade.games.kamelen.state import KamelenState
from tests.games.kamelen import reference
from tests.games.kamelen.helpers import game

START_PERFT = {
    ("11x11", "outward"): (16, 256, 4064),
    ("11x12", "outward"): (21, 441, 9533),
    ("11x13", "outward"): (26, 676, 17932),
    ("11x11", "any"): (38, 1444, 53504),
    ("11x12", "any"): (43, 1849, 81482),
    ("11x13", "any"): (48, 2304, 114436),
}

MIDGAME_PERFT = [
    # positions of seeded random games, some with captures and wins within reach
    ("11x11", "5c1d1d1/1cd2dc1c2/1cd3d1d1d/11/C5cdc2/#1#1#1#1#1#/3C1d4C/3D7/D3D1D1D2/"
              "6CDCD1/1C1DC2D1D1 s 10 0", (19, 253, 5160)),
    ("11x11", "6c2d1/7dcd1/8d2/2d2d2c2/cc1d4c2/#1#1#c#1#1#/7D3/7D2C/2D3D4/1DCD5C1/"
              "1D1DD1C2C1 s 0 0", (13, 267, 3936)),
    ("11x12", "1d2cd1d1d1/1d2c6/d6c1c1/11/cc2c6/2#3#2c#/#3#3#2/C1C3C4/9Dd/D1D3D4/"
              "2CC2C3D/1D1D3D1D1 s 0 0", (19, 602, 12675)),
    ("11x13", "1d1d3d1cc/2cc2d4/11/3DC1d4/10D/3c7/#1#1#1#1#C#/3d4d2/4d2C3/11/"
              "D5cdD1D/4D6/3D2C2D1 s 0 0", (38, 1271, 46623)),
    # South to move can conquer f11 at once (e8-f11) or capture: wins end branches
    ("11x11", "11/6c4/11/4C6/11/#1#1#1#1#1#/11/3d7/11/C10/11 s 0 0", (9, 96, 762)),
    # nobody can move: pass, pass, then the game is over (a draw: no third ply)
    ("11x11", "11/D10/2CC1c1c1C1/2D8/1d3d5/#1#1#1#1#1#/11/3dd1C1D2/2D1Cc1dcC1/1d4d4/"
              "2d1C1d2D1 s 0 0", (1, 1, 0)),
]


def child_perft(state: KamelenState, depth: int) -> int:
    """Leaves through the public, checked path only (``legal_actions`` and ``child``)."""
    if depth == 0:
        return 1
    return sum(child_perft(state.child(action), depth - 1) for action in state.legal_actions())


@pytest.mark.parametrize(("key", "golden"), list(START_PERFT.items()), ids=str)
def test_perft_from_the_start_matches_golden_counts(key: tuple[str, str],
                                                    golden: tuple[int, ...]) -> None:
    board, third_step = key
    state = game(board=board, third_step=third_step).new_state()
    before = state.to_json()
    ranks = int(board.split("x")[1])
    for depth, expected in enumerate(golden, start=1):
        assert perft(state, depth) == expected
        if depth <= 2:
            assert child_perft(state, depth) == expected
    assert state.to_json() == before  # make/unmake left the position as it was
    start = reference.start(ranks)
    start.outward_only = third_step == "outward"
    assert [reference.perft(start, d) for d in (1, 2)] == list(golden[:2])


@pytest.mark.parametrize(("board", "line", "golden"), MIDGAME_PERFT, ids=range(6))
def test_perft_from_fixed_positions_matches_golden_counts(board: str, line: str,
                                                          golden: tuple[int, ...]) -> None:
    state = game(board=board).state_from_position(line)
    for depth, expected in enumerate(golden, start=1):
        assert perft(state, depth) == expected
    assert child_perft(state, 2) == golden[1]
    assert reference.perft(reference.read(line), 2) == golden[1]


@pytest.mark.slow
@pytest.mark.parametrize("board", ["11x11", "11x13"])
def test_reference_generator_agrees_at_depth_3(board: str) -> None:
    ranks = int(board.split("x")[1])
    assert reference.perft(reference.start(ranks), 3) == START_PERFT[(board, "outward")][2]


def test_reference_and_package_list_the_same_moves_in_random_positions() -> None:
    import random

    for board in ("11x11", "11x12", "11x13"):
        the_game = game(board=board)
        for seed in range(6):
            rng = random.Random(seed)
            state = the_game.new_state()
            while not state.is_terminal():
                expected = reference.move_texts(reference.read(state.position()))
                mine = sorted(str(a) for a in state.legal_actions() if str(a) != "pass")
                assert mine == expected, state.position()
                state.apply(rng.choice(state.legal_actions()))
