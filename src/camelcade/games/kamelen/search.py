"""Alpha-beta search for Kamelen: negamax with principal-variation search (PVS),
iterative deepening under a time, depth or node budget, a transposition table keyed by
Zobrist hashes, and move ordering (hash move, home conquests, captures by victim value,
killer moves, history counts). Leaves are settled by a capture-only quiescence search;
a node where the opponent threatens to conquer the home field is searched one ply deeper.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from camelcade.games.kamelen.engine import (
    ELIMINATION_GAP,
    WIN,
    WIN_BOUND,
    WON_CONQUEST,
    Engine,
)

INFINITY = 10 * WIN
EXACT, LOWER, UPPER = 0, 1, 2
QUIESCENCE_DEPTH = 6
TT_LIMIT = 1_000_000
MAX_PLY = 64


class OutOfBudget(Exception):
    """Raised inside the search when the time or node budget runs out."""


@dataclass
class SearchResult:
    move: int
    score: int
    depth: int
    """Deepest iteration completed."""
    nodes: int
    seconds: float
    pv: list[int] = field(default_factory=list)


class Searcher:
    """One search tree's worth of state; the transposition table may be shared across moves."""

    def __init__(self, engine: Engine, *, max_depth: int | None = None,
                 max_nodes: int | None = None, time_limit: float | None = None,
                 rng: random.Random | None = None,
                 table: dict[int, tuple[int, int, int, int]] | None = None) -> None:
        self.engine = engine
        self.max_depth = max_depth if max_depth is not None else MAX_PLY
        self.max_nodes = max_nodes
        self.time_limit = time_limit
        self.rng = rng
        self.table: dict[int, tuple[int, int, int, int]] = {} if table is None else table
        self.killers: list[list[int]] = [[0, 0] for _ in range(MAX_PLY + QUIESCENCE_DEPTH + 8)]
        self.history: dict[int, int] = {}
        self.nodes = 0
        self._deadline = 0.0

    # -- driver --------------------------------------------------------------------------

    def run(self) -> SearchResult:
        """Iterative deepening until a budget ends; returns the best move found."""
        engine = self.engine
        start = time.perf_counter()
        self._deadline = start + self.time_limit if self.time_limit is not None else 0.0
        if len(self.table) > TT_LIMIT:
            self.table.clear()
        root_moves = engine.moves()
        if self.rng is not None:
            self.rng.shuffle(root_moves)  # seeded variety among equally good moves
        best = SearchResult(root_moves[0], 0, 0, 0, 0.0)
        if len(root_moves) == 1:
            best.seconds = time.perf_counter() - start
            return best
        stack_size = len(engine._stack)
        for depth in range(1, self.max_depth + 1):
            try:
                move, score = self._root(root_moves, depth)
            except OutOfBudget:
                while len(engine._stack) > stack_size:
                    engine.unmake()
                break
            best = SearchResult(move, score, depth, self.nodes, 0.0)
            root_moves.remove(move)
            root_moves.insert(0, move)
            if abs(score) > WIN_BOUND:
                break  # a forced result: deeper search cannot change it
        best.nodes = self.nodes
        best.seconds = time.perf_counter() - start
        best.pv = self.principal_variation(best.move)
        return best

    def _root(self, moves: list[int], depth: int) -> tuple[int, int]:
        engine = self.engine
        alpha, beta = -INFINITY, INFINITY
        best_move, best_score = moves[0], -INFINITY
        for index, move in enumerate(moves):
            engine.make(move)
            if index == 0:
                score = -self._search(depth - 1, -beta, -alpha, 1)
            else:
                score = -self._search(depth - 1, -alpha - 1, -alpha, 1)
                if alpha < score:
                    score = -self._search(depth - 1, -beta, -alpha, 1)
            engine.unmake()
            if score > best_score:
                best_move, best_score = move, score
                alpha = max(alpha, score)
        self._store(depth, EXACT, best_score, best_move, 0)
        return best_move, best_score

    def _tick(self) -> None:
        self.nodes += 1
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise OutOfBudget
        if self._deadline and not self.nodes & 255 and time.perf_counter() >= self._deadline:
            raise OutOfBudget

    # -- the tree ------------------------------------------------------------------------

    def _loss(self, ply: int) -> int:
        """Score for the side to move, whose opponent has just won."""
        gap = 0 if self.engine.won == WON_CONQUEST else ELIMINATION_GAP
        return -(WIN - gap - ply)

    def _search(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        self._tick()
        engine = self.engine
        if engine.won:
            return self._loss(ply)
        if engine.draw_reason():
            return 0
        if depth <= 0:
            if ply < MAX_PLY and engine.threatens(1 - engine.side):
                depth = 1  # the home field is under attack: look at the replies
            else:
                return self._quiesce(alpha, beta, ply, 0)
        entry = self.table.get(engine.hash)
        hash_move = 0
        if entry is not None:
            stored_depth, flag, stored, hash_move = entry
            if stored_depth >= depth:
                score = _from_table(stored, ply)
                if flag == EXACT or (flag == LOWER and score >= beta) or \
                        (flag == UPPER and score <= alpha):
                    return score
        original_alpha = alpha
        best_score, best_move = -INFINITY, 0
        for index, move in enumerate(self._ordered(engine.moves(), hash_move, ply)):
            engine.make(move)
            if index == 0:
                score = -self._search(depth - 1, -beta, -alpha, ply + 1)
            else:
                score = -self._search(depth - 1, -alpha - 1, -alpha, ply + 1)
                if alpha < score < beta:
                    score = -self._search(depth - 1, -beta, -alpha, ply + 1)
            engine.unmake()
            if score > best_score:
                best_score, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if not engine.is_capture(move):
                            killers = self.killers[ply]
                            if killers[0] != move:
                                killers[1], killers[0] = killers[0], move
                            self.history[move] = self.history.get(move, 0) + depth * depth
                        break
        flag = EXACT
        if best_score <= original_alpha:
            flag = UPPER
        elif best_score >= beta:
            flag = LOWER
        self._store(depth, flag, best_score, best_move, ply)
        return best_score

    def _quiesce(self, alpha: int, beta: int, ply: int, qdepth: int) -> int:
        self._tick()
        engine = self.engine
        if engine.won:
            return self._loss(ply)
        stand = engine.evaluate()
        if stand >= beta or qdepth >= QUIESCENCE_DEPTH:
            return stand
        alpha = max(alpha, stand)
        board = engine.board
        home, camel = engine.geo.homes[1 - engine.side], 1 + 2 * engine.side
        tactical = [m for m in engine.moves()
                    if m and (board[m & 0xFF] or (m & 0xFF == home and board[m >> 8] == camel))]
        if not tactical:
            return stand
        tactical.sort(key=self._capture_key, reverse=True)
        best = stand
        for move in tactical:
            engine.make(move)
            score = -self._quiesce(-beta, -alpha, ply + 1, qdepth + 1)
            engine.unmake()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    # -- ordering and the table ----------------------------------------------------------

    def _capture_key(self, move: int) -> int:
        engine = self.engine
        if engine.wins_now(move):
            return 1_000
        victim = engine.board[move & 0xFF]
        target = move & 0xFF
        other = 1 - engine.side
        value = 300 if engine.geo.attacker(other, victim, target) else 100
        return value - (engine.board[move >> 8] & 1)  # prefer taking with a dromedary

    def _ordered(self, moves: list[int], hash_move: int, ply: int) -> list[int]:
        engine = self.engine
        board = engine.board
        killers = self.killers[ply]
        history = self.history
        home, camel = engine.geo.homes[1 - engine.side], 1 + 2 * engine.side

        def key(move: int) -> int:
            if move == hash_move:
                return 10_000_000
            if move and board[move & 0xFF]:
                return 1_000_000 + self._capture_key(move) * 100
            if move & 0xFF == home and board[move >> 8] == camel:
                return 5_000_000
            if move == killers[0]:
                return 900_000
            if move == killers[1]:
                return 800_000
            return history.get(move, 0)

        moves.sort(key=key, reverse=True)
        return moves

    def _store(self, depth: int, flag: int, score: int, move: int, ply: int) -> None:
        self.table[self.engine.hash] = (depth, flag, _to_table(score, ply), move)

    def principal_variation(self, first: int, length: int = 8) -> list[int]:
        """The expected line from the root, read from the transposition table."""
        engine = self.engine
        line = [first]
        engine.make(first)
        seen = {engine.hash}
        while len(line) < length and not engine.won:
            entry = self.table.get(engine.hash)
            if entry is None or not entry[3] or entry[3] not in engine.moves():
                break
            line.append(entry[3])
            engine.make(entry[3])
            if engine.hash in seen:
                break
            seen.add(engine.hash)
        for _ in line:
            engine.unmake()
        return line


def _to_table(score: int, ply: int) -> int:
    """Win scores are stored relative to the node, not the root."""
    if score > WIN_BOUND:
        return score + ply
    if score < -WIN_BOUND:
        return score - ply
    return score


def _from_table(score: int, ply: int) -> int:
    if score > WIN_BOUND:
        return score - ply
    if score < -WIN_BOUND:
        return score + ply
    return score
