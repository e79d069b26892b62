"""The evaluation of ``kamelen-search`` and ``kamelen-greedy``, kept up to date move by move.

Not rules: the bots play on a ``KamelenState`` (its own move generator, its ``undo`` for
make/unmake, its end and repetition rules). ``Evaluator`` wraps the state with what a
search adds: the piece-square values of each side, updated incrementally as it makes and
unmakes moves, and a score for the side to move.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from camelcade.core.action import Action
from camelcade.games.kamelen.actions import Move
from camelcade.games.kamelen.geometry import Geometry, colour_of
from camelcade.games.kamelen.movegen import LANDING, generate
from camelcade.games.kamelen.spec import CAMEL, DROMEDARY, OWNER
from camelcade.games.kamelen.state import KamelenState

WIN = 100_000
"""Score of a conquest (2 points); an elimination (1 point) scores ``WIN - ELIMINATION_GAP``."""
ELIMINATION_GAP = 2_000
WIN_BOUND = WIN - 10_000
"""Scores beyond this are wins or losses found by the search, not evaluations."""


@dataclass(frozen=True)
class Weights:
    """The evaluation's terms, in centi-dromedaries (a dromedary is worth 100)."""

    dromedary: int = 100
    camel: int = 90
    """A camel that cannot reach the enemy home field."""
    attackers: tuple[int, ...] = (0, 420, 700, 880, 1000)
    """Total worth of 0..4 camels able to reach the enemy home: the last ones are dearest."""
    proximity: tuple[int, ...] = (0, 70, 35, 18, 8, 3)
    """Bonus of an attacking camel 0..5 camel moves from the enemy home (0: unused)."""
    mobility: int = 3
    """Per legal move more than the opponent."""


DEFAULT_WEIGHTS = Weights()


@dataclass(frozen=True, eq=False)
class Tables:
    """Per geometry: each side's distances to its target and the leaps onto it."""

    distance: tuple[tuple[int, ...], tuple[int, ...]]
    """distance[seat][square]: camel moves from ``square`` to seat's *target* (the enemy
    home) on an empty board; 99 when unreachable (the other colour)."""
    approaches: tuple[tuple[tuple[int, int, int], ...], tuple[tuple[int, int, int], ...]]
    """approaches[seat]: every (source, passed, passed) of a camel leap onto seat's target."""


@cache
def tables(geo: Geometry) -> Tables:
    distance = []
    for seat in (0, 1):
        home = geo.homes[1 - seat]
        far = [99] * geo.size
        far[home] = 0
        frontier = [home]
        while frontier:
            nxt = []
            for square in frontier:
                for target, _, _ in geo.camel[square]:
                    if far[target] == 99:
                        far[target] = far[square] + 1
                        nxt.append(target)
            frontier = nxt
        distance.append(tuple(far))
    approaches = tuple(
        tuple((source, first, second) for source in range(geo.size)
              for target, first, second in geo.camel[source] if target == geo.homes[1 - seat])
        for seat in (0, 1)
    )
    return Tables((distance[0], distance[1]), (approaches[0], approaches[1]))


@cache
def piece_values(geo: Geometry, weights: Weights) -> tuple[tuple[int, ...], ...]:
    """values[code][square]: what an animal contributes to its side's score there."""
    distance = tables(geo).distance
    values: list[tuple[int, ...]] = [(0,) * geo.size]
    for code in (1, 2, 3, 4):
        seat = 0 if code <= 2 else 1
        row = []
        for square in range(geo.size):
            if code == DROMEDARY[seat]:
                row.append(weights.dromedary)
            elif colour_of(square) != geo.target_colour[seat]:
                row.append(weights.camel)
            else:
                steps = distance[seat][square]
                row.append(weights.proximity[steps] if steps < len(weights.proximity) else 0)
        values.append(tuple(row))
    return tuple(values)


class Evaluator:
    """A state under search, with the balance of piece-square values kept up to date.

    ``make``/``unmake`` must be paired; they apply and undo on the state itself.
    """

    def __init__(self, state: KamelenState, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.state = state
        self.weights = weights
        geo = state.geometry
        self.homes = geo.homes
        self.approaches = tables(geo).approaches
        self.values = values = piece_values(geo, weights)
        self.board = board = state.cells
        self.balance = 0
        """South's piece-square values minus North's."""
        for square, code in enumerate(board):
            seat = OWNER[code]
            if seat is not None:
                self.balance += values[code][square] if seat == 0 else -values[code][square]
        self.side = state.side
        """The side to move (kept here: searches read it at every node)."""
        self._balances: list[int] = []
        self._apply = state.apply
        self._undo = state.undo
        self._attacker_worth = weights.attackers
        self._mobility = weights.mobility
        self.squares = state.animal_squares
        self.attackers = state.attacker_counts
        self.tables = state.move_tables

    def make(self, action: Action) -> None:
        self._balances.append(self.balance)
        side = self.side
        if type(action) is Move:
            board, values = self.board, self.values
            source, target = action.source, action.target
            piece = values[board[source]]
            gain = piece[target] - piece[source] + values[board[target]][target]
            self.balance += -gain if side else gain
        self.side = side ^ 1
        self._apply(action, check=False)

    def unmake(self) -> None:
        self._undo()
        self.side ^= 1
        self.balance = self._balances.pop()

    def depth(self) -> int:
        """Moves made and not unmade yet."""
        return len(self._balances)

    def evaluate(self, own_moves: int | None = None) -> int:
        """Score of the position for the side to move (positive is good).

        Piece-square values (material, and attacking camels' closeness to the enemy home
        field), the worth of the attacking camels left, and mobility (``own_moves``: the
        side to move's move count, when the caller has generated them already).
        """
        side = self.side
        other = side ^ 1
        worth, attackers = self._attacker_worth, self.attackers
        score = (-self.balance if side else self.balance) + \
            worth[attackers[side]] - worth[attackers[other]]
        mobility = self._mobility
        if mobility:
            board, squares, tables = self.board, self.squares, self.tables
            mine = len(generate(board, squares[side], side, tables)) if own_moves is None \
                else own_moves
            score += mobility * (mine - len(generate(board, squares[other], other, tables)))
        return score

    def moves(self, seat: int) -> list[Move]:
        """``state.moves(seat)``, straight from the move generator."""
        return generate(self.board, self.squares[seat], seat, self.tables)

    def threatens(self, seat: int) -> bool:
        """Whether ``seat`` could conquer the enemy home field with its next move."""
        board, camel = self.board, CAMEL[seat]
        if not LANDING[seat][board[self.homes[1 - seat]]]:
            return False
        for source, first, second in self.approaches[seat]:
            if board[source] == camel and not board[first] | board[second]:
                return True
        return False
