"""Perft: the number of leaves of the move tree to a depth, for testing and timing the rules.

It walks the state itself with ``apply(check=False)`` and ``undo`` (make/unmake), so it
counts exactly what the one move generator lists: a side without moves passes, and a
finished game (won, two passes, or drawn otherwise) is not expanded. The tests compare it
with an independent reference generator; ``benchmarks/bench_kamelen.py`` times it.
"""

from __future__ import annotations

from camelcade.games.kamelen.state import KamelenState


def perft(state: KamelenState, depth: int) -> int:
    """Leaves at ``depth`` below ``state`` (which is left as it was)."""
    if depth == 0:
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        state.apply(action, check=False)
        total += perft(state, depth - 1)
        state.undo()
    return total
