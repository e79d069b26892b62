"""Perft: the number of leaves of the move tree to a depth, for testing and timing move
generation. Won positions are not expanded, and after two passes the game is over.

The public ``State`` and the search ``Engine`` each get one; the tests compare both with an
independent reference generator, and ``benchmarks/bench_kamelen.py`` times them.
"""

from __future__ import annotations

from camelcade.games.kamelen.engine import Engine
from camelcade.games.kamelen.state import KamelenState


def state_perft(state: KamelenState, depth: int) -> int:
    """Leaves at ``depth`` through the public API (``legal_actions`` and ``child``)."""
    if depth == 0:
        return 1
    return sum(state_perft(state.child(action), depth - 1) for action in state.legal_actions())


def engine_perft(engine: Engine, depth: int) -> int:
    """Leaves at ``depth`` through the engine's make/unmake (the engine is left unchanged)."""
    if depth == 0:
        return 1
    if engine.won or engine.passes >= 2:
        return 0
    total = 0
    for move in engine.moves():
        engine.make(move)
        total += engine_perft(engine, depth - 1)
        engine.unmake()
    return total
