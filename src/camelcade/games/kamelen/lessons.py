"""The judges of Kamelen's lessons (``lessons.toml``): goals and numbers from the engine.

Each judge gets a lesson's position and one legal move of it, and says whether the move
reaches the lesson's goal and the numbers its sentences speak of, all computed here from
the rules (the squares an animal reaches, the moves that win, the points a win scores);
``camelcade.core.learn`` words them. The messages of weaker moves are marked for the
catalogue with ``N_`` and translated when said.
"""

from __future__ import annotations

from camelcade.core.game import State
from camelcade.core.learn import Judged
from camelcade.core.words import N_
from camelcade.games.kamelen.actions import Move
from camelcade.games.kamelen.geometry import square_name
from camelcade.games.kamelen.phrases import animal, squares
from camelcade.games.kamelen.spec import OWNER, WIDTH
from camelcade.games.kamelen.state import KamelenState

ROCK_RANK = 6
"""The rank of the rocks on the 11x11 board the lessons use (``spec.ROCKS``)."""

NOTHING_CAPTURED = N_(
    "Your {animal} lands on the empty square {square} and captures nothing. It could reach "
    "{count} squares from {source}; enemy animals stood on {captures} of them.")
NOT_ACROSS = N_(
    "After it no animal of yours stands beyond the rocks. {crossing} of your {count} legal "
    "moves cross them, all from {free}.")
NOT_A_WIN = N_(
    "The game goes on after it; {wins} of your {count} legal moves would have won at once.")


def _kamelen(state: State) -> KamelenState:
    assert isinstance(state, KamelenState)
    return state


def _from(state: KamelenState, move: Move) -> list[Move]:
    return [m for m in state.moves() if m.source == move.source]


def captures(state: State, action: Move) -> Judged:
    """Goal: capture an enemy animal with this move."""
    board = _kamelen(state)
    enemy = board.side ^ 1
    reach = _from(board, action)
    taking = [m for m in reach if OWNER[board.piece(m.target)] == enemy]
    values = {"animal": animal(board.piece(action.source)), "square": square_name(action.target),
              "source": square_name(action.source), "count": len(reach),
              "captures": len(taking)}
    reached = OWNER[board.piece(action.target)] == enemy
    return Judged(reached, values, NOTHING_CAPTURED)


def _across(state: KamelenState, move: Move) -> bool:
    rank = move.target // WIDTH + 1
    return rank > ROCK_RANK if state.side == 0 else rank < ROCK_RANK


def crosses(state: State, action: Move) -> Judged:
    """Goal: bring an animal across the row of rocks in one move."""
    board = _kamelen(state)
    moves = board.moves()
    crossing = [m for m in moves if _across(board, m)]
    free = sorted({m.source for m in crossing})
    values = {"crossing": len(crossing), "count": len(moves), "free": squares(free)}
    return Judged(_across(board, action), values, NOT_ACROSS)


def wins(state: State, action: Move) -> Judged:
    """Goal: win the game with this move (a home conquest or the last reachable camel)."""
    board = _kamelen(state)
    seat = board.side
    moves = board.legal_actions()
    winning = [m for m in moves if board.child(m).winner == seat]
    after = board.child(action)
    points = after.scores()[seat]
    values = {"wins": len(winning), "count": len(moves), "points": f"{points:g}",
              "double": f"{2 * points:g}", "half": f"{points / 2:g}"}
    return Judged(after.winner == seat, values, NOT_A_WIN)
