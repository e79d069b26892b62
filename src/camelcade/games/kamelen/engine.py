"""A search board for bots: make/unmake, incremental Zobrist hashing and the evaluation.

The public ``KamelenState`` is built for clarity and checks; a search visits millions of
positions, so it works on this stripped copy instead: one mutable board, an undo stack,
ints for moves (``from << 8 | to``, 0 = pass) and a 64-bit hash kept up to date on every
move. The rules here are the same as ``state.py`` (the tests play both side by side).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from camelcade.games.kamelen.geometry import Geometry, colour_of
from camelcade.games.kamelen.movegen import LANDING
from camelcade.games.kamelen.spec import CAMEL, DROMEDARY, EMPTY

PASS_MOVE = 0
"""A real move never starts and ends on the same square, so 0 is free for 'pass'."""

WIN = 100_000
"""Score of a conquest (2 points); an elimination (1 point) scores ``WIN - ELIMINATION_GAP``."""
ELIMINATION_GAP = 2_000
WIN_BOUND = WIN - 10_000
"""Scores beyond this are wins or losses found by the search, not evaluations."""

NO_WIN, WON_CONQUEST, WON_ELIMINATION = 0, 1, 2


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
    """Per-geometry data of the engine: Zobrist keys and distances to the home fields."""

    zobrist: tuple[tuple[int, ...], ...]
    """zobrist[code][square] for codes 0..5 (empty and rock keys unused)."""
    side_key: int
    distance: tuple[tuple[int, ...], tuple[int, ...]]
    """distance[seat][square]: camel moves from ``square`` to seat's *target* (the enemy
    home) on an empty board; 99 when unreachable (the other colour)."""
    approaches: tuple[tuple[tuple[int, int, int], ...], tuple[tuple[int, int, int], ...]]
    """approaches[seat]: every (source, passed, passed) of a camel leap onto seat's target."""


@cache
def tables(geo: Geometry) -> Tables:
    rng = random.Random(0x4B414D454C454E)  # fixed: hashes are the same in every run
    zobrist = tuple(tuple(rng.getrandbits(64) for _ in range(geo.size)) for _ in range(6))
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
    return Tables(zobrist, rng.getrandbits(64), (distance[0], distance[1]),
                  (approaches[0], approaches[1]))


def position_hash(table: Tables, board: Sequence[int], side: int) -> int:
    """The Zobrist hash of a board with ``side`` to move."""
    zobrist = table.zobrist
    value = table.side_key if side else 0
    for square, code in enumerate(board):
        if code in (1, 2, 3, 4):
            value ^= zobrist[code][square]
    return value


class Engine:
    """A position for searching. ``make``/``unmake`` must be paired."""

    def __init__(self, geo: Geometry, board: Sequence[int], side: int, clock: int = 0,
                 passes: int = 0, limit: int = 0, earlier: Sequence[int] = (),
                 weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.geo = geo
        self.tables = tables(geo)
        self.board = list(board)
        self.side = side
        self.clock = clock
        self.passes = passes
        self.limit = limit
        self.weights = weights
        self.hash = self.compute_hash()
        self.history: list[int] = list(earlier)
        """Hashes of the positions before this one since the last capture (game + search)."""
        self.floor = 0
        """Index in ``history`` of the first position that can still repeat."""
        self.attackers = [
            sum(1 for s, code in enumerate(self.board) if geo.attacker(seat, code, s))
            for seat in (0, 1)
        ]
        self.squares: list[list[int]] = [
            [s for s, c in enumerate(self.board) if c == code] for code in range(5)
        ]
        """squares[code]: where each animal of that code stands (index 0 unused)."""
        self.values = piece_values(geo, weights)
        self.material = [
            sum(self.values[code][s] for code in (CAMEL[seat], DROMEDARY[seat])
                for s in self.squares[code])
            for seat in (0, 1)
        ]
        """Per seat: the piece-square values of its animals, kept up to date by make."""
        self.won = NO_WIN
        """Set by ``make``: the move just made won (the side to move has lost)."""
        self._stack: list[tuple[int, int, int, int, int, int, int]] = []

    def compute_hash(self) -> int:
        return position_hash(self.tables, self.board, self.side)

    # -- moves ---------------------------------------------------------------------------

    def moves(self) -> list[int]:
        """Legal moves of the side to move; ``[PASS_MOVE]`` when it has none."""
        side, board, geo, squares = self.side, self.board, self.geo, self.squares
        landing = LANDING[side]
        moves: list[int] = []
        append = moves.append
        for leaps, code in ((geo.camel, CAMEL[side]), (geo.dromedary, DROMEDARY[side])):
            for source in squares[code]:
                base = source << 8
                for target, first, second in leaps[source]:
                    if landing[board[target]] and not board[first] and not board[second]:
                        append(base | target)
        if geo.shared_destinations:
            moves = list(dict.fromkeys(moves))
        return moves or [PASS_MOVE]

    def mobility(self, seat: int) -> int:
        """How many moves ``seat`` has (bend-back duplicates counted twice: only a score)."""
        board, geo, squares = self.board, self.geo, self.squares
        landing = LANDING[seat]
        count = 0
        for leaps, code in ((geo.camel, CAMEL[seat]), (geo.dromedary, DROMEDARY[seat])):
            for source in squares[code]:
                for target, first, second in leaps[source]:
                    if landing[board[target]] and not board[first] and not board[second]:
                        count += 1
        return count

    def make(self, move: int) -> None:
        board, side = self.board, self.side
        zobrist = self.tables.zobrist
        self._stack.append((move, 0, self.clock, self.passes, self.floor, self.hash, self.won))
        self.history.append(self.hash)
        h = self.hash ^ self.tables.side_key
        self.won = NO_WIN
        if move:
            source, target = move >> 8, move & 0xFF
            piece, victim = board[source], board[target]
            h ^= zobrist[piece][source] ^ zobrist[piece][target]
            board[target], board[source] = piece, EMPTY
            where = self.squares[piece]
            where[where.index(source)] = target
            values = self.values[piece]
            self.material[side] += values[target] - values[source]
            if victim:
                h ^= zobrist[victim][target]
                self.squares[victim].remove(target)
                self.material[1 - side] -= self.values[victim][target]
                self._stack[-1] = (move, victim, *self._stack[-1][2:])
                self.clock = 0
                self.floor = len(self.history)
                other = 1 - side
                if victim == CAMEL[other] and colour_of(target) == self.geo.target_colour[other]:
                    self.attackers[other] -= 1
                    if not self.attackers[other]:
                        self.won = WON_ELIMINATION
            else:
                self.clock += 1
            if piece == CAMEL[side] and target == self.geo.homes[1 - side]:
                self.won = WON_CONQUEST
            self.passes = 0
        else:
            self.clock += 1
            self.passes += 1
        self.hash = h
        self.side = 1 - side

    def unmake(self) -> None:
        move, victim, self.clock, self.passes, self.floor, self.hash, self.won = \
            self._stack.pop()
        self.history.pop()
        self.side = side = 1 - self.side
        if move:
            board = self.board
            source, target = move >> 8, move & 0xFF
            piece = board[source] = board[target]
            board[target] = victim
            where = self.squares[piece]
            where[where.index(target)] = source
            values = self.values[piece]
            self.material[side] += values[source] - values[target]
            if victim:
                self.squares[victim].append(target)
                self.material[1 - side] += self.values[victim][target]
                other = 1 - side
                if victim == CAMEL[other] and colour_of(target) == self.geo.target_colour[other]:
                    self.attackers[other] += 1

    def is_capture(self, move: int) -> bool:
        return bool(move) and self.board[move & 0xFF] != EMPTY

    def wins_now(self, move: int) -> bool:
        """Whether ``move`` conquers the enemy home field."""
        side = self.side
        return bool(move) and (move & 0xFF) == self.geo.homes[1 - side] and \
            self.board[move >> 8] == CAMEL[side]

    def threatens(self, seat: int) -> bool:
        """Whether ``seat`` could conquer the enemy home field with its next move."""
        board, camel = self.board, CAMEL[seat]
        for source, first, second in self.tables.approaches[seat]:
            if board[source] == camel and not board[first] and not board[second] \
                    and LANDING[seat][board[self.geo.homes[1 - seat]]]:
                return True
        return False

    # -- end of game ---------------------------------------------------------------------

    def draw_reason(self) -> bool:
        """Whether the game is drawn here (passes, clock, or a repetition).

        A position already seen since the last capture counts as a draw: in a search the
        side that could repeat it once can repeat it again (the usual simplification).
        """
        if self.passes >= 2 or (self.limit and self.clock >= self.limit):
            return True
        history, h = self.history, self.hash
        return any(history[i] == h for i in range(len(history) - 2, self.floor - 1, -2))

    # -- evaluation ----------------------------------------------------------------------

    def evaluate(self) -> int:
        """Score of the position for the side to move (positive is good).

        Piece-square values (material, and attacking camels' closeness to the enemy home
        field), the worth of the attacking camels left, and mobility.
        """
        w = self.weights
        attackers, table = self.attackers, w.attackers
        side, other = self.side, 1 - self.side
        score = self.material[side] - self.material[other]
        score += table[attackers[side]] - table[attackers[other]]
        if w.mobility:
            score += w.mobility * (self.mobility(side) - self.mobility(other))
        return score


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
