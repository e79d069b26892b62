"""Kamelen's own playout loop (``KamelenState._playout``): legal, and uniformly random.

The loop draws its moves by rejection sampling (``sampler``), not as the generic loop's
``actions[floor(u * n)]``, so it is not compared with that loop number for number.
Instead every step of many playouts is replayed through the checked path, and the move
chosen at fixed positions is tested for uniformity by chi-square: at the start, in the
middle of a game, with bent-back leaps where a move is reachable two ways, and where so
few moves are legal that the sampler often falls back to listing them.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from camelcade.games.kamelen.geometry import geometry, leap_paths
from camelcade.games.kamelen.sampler import TRIES, slot_tables
from camelcade.games.kamelen.spec import CAMEL
from camelcade.games.kamelen.state import KamelenState
from tests.playout_support import (
    check_playouts_replay,
    chi_square,
    chi_square_critical,
    chosen_counts,
)

from .helpers import SOUTH_STUCK, STUCK, game, legal, position, square

VARIANTS = [
    {},
    {"third_step": "any"},
    {"board": "11x13", "no_capture_limit": 12},
    {"board": "11x12", "no_capture_limit": 0},
]

FEW_MOVES = {
    "two moves": "11/D10/2CC1c1c1C1/2D8/5d5/#1#1#1#1#1#/11/3dd1C1D2/2D1C2dcC1/1d4d4/"
                 "2d1C1d2D1 s 0 0",
    "four moves": "11/D10/2CC1c1c1C1/2D8/5d5/#1#1#1#1#1#/11/3d2C1D2/2D1Cc1dcC1/1d4d4/"
                  "2d1C1d2D1 s 0 0",
}
"""SOUTH_STUCK with one North animal taken off: twelve South animals, two or four moves."""


@pytest.mark.parametrize("options", VARIANTS)
def test_every_step_of_a_playout_is_a_legal_move_applied_as_apply_would(
        options: dict[str, Any]) -> None:
    """A thousand playouts a variant (every board, bent-back leaps, the no-capture draw,
    no limit), each replayed move by move through the checked ``apply``."""
    assert check_playouts_replay(game(**options), positions=1000, seed=len(options)) == 1000


@pytest.mark.parametrize("third_step", ["outward", "any"])
@pytest.mark.parametrize("ranks", [11, 12, 13])
def test_every_leap_has_one_slot_and_every_animal_as_many_slots(ranks: int,
                                                                 third_step: str) -> None:
    """What makes a drawn slot uniform over the leaps: each leap of an animal's table in
    exactly one slot, in order, the same number of slots on every square (8 outward, 16
    with bent-back leaps), and a later path to a square knows the earlier ones."""
    geo = geometry(ranks, third_step)
    tables = slot_tables(geo)
    width = 1 << tables.shift
    assert width == (8 if third_step == "outward" else 16)
    twins = 0
    for code, leaps in ((1, geo.camel), (2, geo.dromedary), (3, geo.camel), (4, geo.dromedary)):
        by_square = tables.by_code[code]
        assert by_square is not None and len(by_square) == geo.size
        for source, slots in enumerate(by_square):
            assert len(slots) == width
            filled = [slot for slot in slots if slot is not None]
            assert [(target, first, second) for first, second, target, _, _ in filled] == \
                list(leaps[source])
            for index, (_, _, target, leap, earlier) in enumerate(filled):
                assert (leap.source, leap.target) == (source, target)
                assert earlier == tuple((first, second) for first, second, other, _, _
                                        in filled[:index] if other == target)
                twins += bool(earlier)
    assert (twins > 0) == (third_step == "any")


@pytest.mark.parametrize(("text", "played"), [(SOUTH_STUCK, 5), (STUCK, 2)])
def test_a_side_without_moves_passes(text: str, played: int) -> None:
    """South, walled in, passes and North plays on; with both walled in, two passes draw."""
    start = game().state_from_position(text + " s 0 0")
    assert legal(start) == ["pass"]
    own, replayed = start.clone(), start.clone()
    assert own.playout(random.Random(played), 5) == played
    assert own.history_for(None)[0] == "pass"
    for action in own.history_for(None):
        replayed.apply(action)
    assert replayed.to_json() == own.to_json()
    assert own.is_terminal() == (played == 2)


def _midgame(options: dict[str, Any], plies: int, seed: int) -> KamelenState:
    state = game(**options).new_state()
    rng = random.Random(seed)
    for _ in range(plies):
        state.apply(rng.choice(state.legal_actions()))
    assert not state.is_terminal()
    return state


def _bent_back() -> KamelenState:
    """``third_step="any"``: South's camel on f3 reaches e2 and g2 two ways each; e4 and g4
    only the second way (by e3 / g3), South's dromedary on f4 blocking the first."""
    state = position({"f3": "C", "f4": "D", "b2": "D", "f9": "c", "c10": "d"},
                     third_step="any")
    board, geo = state.board, state.geometry
    open_paths = {
        target: sum(1 for passed in leap_paths(geo, True, square("f3"), square(target))
                    if not any(board[s] for s in passed))
        for target in ("e2", "g2", "g4", "e4")
    }
    assert open_paths == {"e2": 2, "g2": 2, "g4": 1, "e4": 1}
    assert board[square("f3")] == CAMEL[0]
    assert {"f3-e2", "f3-g2", "f3-g4", "f3-e4"} <= set(legal(state))
    return state


def _fallback_share(state: KamelenState) -> float:
    """The probability that every draw misses and the sampler lists the moves."""
    slots = 1 << slot_tables(state.geometry).shift
    hit = len(state.moves()) / (len(state.animal_squares[state.side]) * slots)
    return float((1.0 - hit) ** TRIES)


POSITIONS = {
    "the start": lambda: game().new_state(),
    "a middle game": lambda: _midgame({}, 40, 5),
    "a middle game, bent-back leaps": lambda: _midgame({"third_step": "any"}, 30, 6),
    "a move reachable two ways": _bent_back,
    **{name: (lambda text=text: game().state_from_position(text))
       for name, text in FEW_MOVES.items()},
}


@pytest.mark.parametrize("name", POSITIONS)
def test_the_move_a_playout_chooses_is_uniform_over_the_legal_moves(name: str) -> None:
    """Chi-square of 400 one-move playouts per legal move against equal shares: below the
    value a uniform pick exceeds one time in 10,000. A sampler that counts a move
    reachable two ways twice, or picks badly after its misses, fails it."""
    state = POSITIONS[name]()
    moves = legal(state)
    counts = chosen_counts(state, samples=400 * len(moves), seed=len(moves))
    assert set(counts) == set(moves)
    assert chi_square(counts, moves) < chi_square_critical(len(moves) - 1)


@pytest.mark.parametrize("name", FEW_MOVES)
def test_the_few_move_positions_make_the_sampler_list_the_moves_often(name: str) -> None:
    """What makes the uniformity test above reach the sampler's fallback: with this few
    legal moves among twelve animals, a tenth or more of the picks come from the listing."""
    assert _fallback_share(game().state_from_position(FEW_MOVES[name])) > 0.1
