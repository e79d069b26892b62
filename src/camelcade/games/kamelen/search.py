"""Alpha-beta search for Kamelen: negamax with principal-variation search (PVS),
iterative deepening under a time, depth or node budget, a transposition table and an
evaluation cache keyed by Zobrist hashes, and move ordering (hash move, home conquests,
captures by victim value, killer moves, history counts). Leaves are settled by a
capture-only quiescence search; a node where the opponent threatens to conquer the home
field is searched one ply deeper.

It searches on the ``KamelenState`` itself, making and unmaking moves with ``apply`` and
``undo``: the rules (moves, wins, the threefold repetition, the clock) are the state's.
One heuristic of its own: a position that repeats one already on the current search path
scores as a draw at once (the side that could repeat it once can repeat it again), as
chess engines do; repetitions of positions before the root count only as the rules say.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from camelcade.core.action import Action
from camelcade.games.kamelen.actions import PASS, Move
from camelcade.games.kamelen.evaluation import (
    ELIMINATION_GAP,
    WIN,
    WIN_BOUND,
    Evaluator,
)
from camelcade.games.kamelen.movegen import generate
from camelcade.games.kamelen.spec import CAMEL, END_CONQUEST

INFINITY = 10 * WIN
EXACT, LOWER, UPPER = 0, 1, 2
QUIESCENCE_DEPTH = 6
TT_LIMIT = 1_000_000
MAX_PLY = 64

Entry = tuple[int, int, int, Action | None]
"""A transposition table entry: (depth, bound, score, best move)."""


class OutOfBudget(Exception):
    """Raised inside the search when the time or node budget runs out."""


@dataclass
class SearchResult:
    move: Action
    score: int
    depth: int
    """Deepest iteration completed."""
    nodes: int
    seconds: float
    pv: list[Action] = field(default_factory=list)


class Searcher:
    """One search tree's worth of state; the transposition table may be shared across moves.

    ``evaluator`` wraps the state searched: it is made and unmade in place and left as it
    was found (also when a budget runs out).
    """

    def __init__(self, evaluator: Evaluator, *, max_depth: int | None = None,
                 max_nodes: int | None = None, time_limit: float | None = None,
                 rng: random.Random | None = None,
                 table: dict[int, Entry] | None = None,
                 evaluations: dict[int, int] | None = None,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self.evaluator = evaluator
        self.state = evaluator.state
        self.board = evaluator.board
        geo = evaluator.state.geometry
        self.homes = geo.homes
        self.attacker = geo.attacker
        self.max_depth = max_depth if max_depth is not None else MAX_PLY
        self.max_nodes = max_nodes
        self.time_limit = time_limit
        self.clock = clock
        """What ``time_limit`` counts: the wall clock by default, or a thread's CPU time
        (``time.thread_time``) when bots are compared at equal time on a busy machine."""
        self.rng = rng
        self.table: dict[int, Entry] = {} if table is None else table
        self.evaluations: dict[int, int] = {} if evaluations is None else evaluations
        """Static evaluations by position hash: a position's score depends on the position
        alone, and about a third of the quiescence nodes meet one already scored."""
        self.killers: list[list[Action | None]] = [
            [None, None] for _ in range(MAX_PLY + QUIESCENCE_DEPTH + 8)]
        self.history: dict[int, int] = {}
        """Cut-off counts of quiet moves, by ``Move.code``."""
        self.path: list[int] = []
        """Hashes of the positions from the root to the current node's parent (outside
        the quiescence search, whose captures never repeat a position)."""
        self._make = evaluator.make
        self._unmake = evaluator.unmake
        self.nodes = 0
        self._node_limit = max_nodes if max_nodes is not None else 1 << 62
        self._deadline = 0.0

    # -- driver --------------------------------------------------------------------------

    def run(self) -> SearchResult:
        """Iterative deepening until a budget ends; returns the best move found."""
        start = self.clock()
        self._deadline = start + self.time_limit if self.time_limit is not None else 0.0
        if len(self.table) > TT_LIMIT:
            self.table.clear()
        if len(self.evaluations) > TT_LIMIT:
            self.evaluations.clear()
        root_moves: list[Action] = self.state.moves() or [PASS]  # type: ignore[assignment]
        if self.rng is not None:
            self.rng.shuffle(root_moves)  # seeded variety among equally good moves
        best = SearchResult(root_moves[0], 0, 0, 0, 0.0)
        if len(root_moves) == 1:
            best.seconds = self.clock() - start
            return best
        made = self.evaluator.depth()
        for depth in range(1, self.max_depth + 1):
            try:
                move, score = self._root(root_moves, depth)
            except OutOfBudget:
                while self.evaluator.depth() > made:
                    self._unmake()
                self.path.clear()
                break
            best = SearchResult(move, score, depth, self.nodes, 0.0)
            root_moves.remove(move)
            root_moves.insert(0, move)
            if abs(score) > WIN_BOUND:
                break  # a forced result: deeper search cannot change it
        best.nodes = self.nodes
        best.seconds = self.clock() - start
        best.pv = self.principal_variation(best.move)
        return best

    def _root(self, moves: list[Action], depth: int) -> tuple[Action, int]:
        alpha, beta = -INFINITY, INFINITY
        best_move, best_score = moves[0], -INFINITY
        here = self.state.position_hash
        path = self.path
        for index, move in enumerate(moves):
            path.append(here)
            self._make(move)
            if index == 0:
                score = -self._search(depth - 1, -beta, -alpha, 1)
            else:
                score = -self._search(depth - 1, -alpha - 1, -alpha, 1)
                if alpha < score:
                    score = -self._search(depth - 1, -beta, -alpha, 1)
            self._unmake()
            path.pop()
            if score > best_score:
                best_move, best_score = move, score
                alpha = max(alpha, score)
        self.table[here] = (depth, EXACT, best_score, best_move)
        return best_move, best_score

    def _tick(self) -> None:
        """Count a node; raise ``OutOfBudget`` when the nodes or the time run out."""
        self.nodes = nodes = self.nodes + 1
        if nodes >= self._node_limit or \
                (self._deadline and not nodes & 255 and self.clock() >= self._deadline):
            raise OutOfBudget

    # -- the tree ------------------------------------------------------------------------

    def _loss(self, ply: int) -> int:
        """Score for the side to move, whose opponent has just won."""
        gap = 0 if self.state.end_reason == END_CONQUEST else ELIMINATION_GAP
        return -(WIN - gap - ply)

    def _search(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        self._tick()
        state = self.state
        if state.end_reason is not None:
            return 0 if state.winner is None else self._loss(ply)
        here = state.position_hash
        path = self.path
        if len(path) >= 4 and here in path[-2::-2]:
            return 0  # a repetition inside the search tree (4 plies at least): a draw
        if depth <= 0:
            if ply < MAX_PLY and self.evaluator.threatens(self.evaluator.side ^ 1):
                depth = 1  # the home field is under attack: look at the replies
            else:
                return self._quiesce(alpha, beta, ply, 0)
        entry = self.table.get(here)
        hash_move = None
        if entry is not None:
            stored_depth, flag, stored, hash_move = entry
            if stored_depth >= depth:
                score = _from_table(stored, ply)
                if flag == EXACT or (flag == LOWER and score >= beta) or \
                        (flag == UPPER and score <= alpha):
                    return score
        original_alpha = alpha
        best_score, best_move = -INFINITY, None
        evaluator = self.evaluator
        side = evaluator.side
        moves: list[Action] = generate(  # type: ignore[assignment]
            self.board, evaluator.squares[side], side, evaluator.tables) or [PASS]
        make, unmake = self._make, self._unmake
        for index, move in enumerate(self._ordered(moves, hash_move, ply)):
            path.append(here)
            make(move)
            if index == 0:
                score = -self._search(depth - 1, -beta, -alpha, ply + 1)
            else:
                score = -self._search(depth - 1, -alpha - 1, -alpha, ply + 1)
                if alpha < score < beta:
                    score = -self._search(depth - 1, -beta, -alpha, ply + 1)
            unmake()
            path.pop()
            if score > best_score:
                best_score, best_move = score, move
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        if type(move) is Move and not self.board[move.target]:
                            killers = self.killers[ply]
                            if killers[0] is not move:
                                killers[1], killers[0] = killers[0], move
                            self.history[move.code] = \
                                self.history.get(move.code, 0) + depth * depth
                        break
        flag = EXACT
        if best_score <= original_alpha:
            flag = UPPER
        elif best_score >= beta:
            flag = LOWER
        self.table[here] = (depth, flag, _to_table(best_score, ply), best_move)
        return best_score

    def _quiesce(self, alpha: int, beta: int, ply: int, qdepth: int) -> int:
        self._tick()
        state = self.state
        if state.winner is not None:
            return self._loss(ply)
        evaluator = self.evaluator
        side = evaluator.side
        here = state.position_hash
        own = None
        stand = self.evaluations.get(here)
        if stand is None:
            own = generate(self.board, evaluator.squares[side], side, evaluator.tables)
            stand = self.evaluations[here] = evaluator.evaluate(len(own))
        if stand >= beta or qdepth >= QUIESCENCE_DEPTH:
            return stand
        alpha = max(alpha, stand)
        board = self.board
        if own is None:
            own = generate(board, evaluator.squares[side], side, evaluator.tables)
        home, camel = self.homes[side ^ 1], CAMEL[side]
        tactical = [m for m in own
                    if board[m.target] or (m.target == home and board[m.source] == camel)]
        if not tactical:
            return stand
        tactical.sort(key=self._capture_key, reverse=True)
        best = stand
        make, unmake = self._make, self._unmake
        for move in tactical:
            make(move)
            score = -self._quiesce(-beta, -alpha, ply + 1, qdepth + 1)
            unmake()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    # -- ordering and the table ----------------------------------------------------------

    def _capture_key(self, move: Move) -> int:
        board, side = self.board, self.evaluator.side
        source, target = move.source, move.target
        if target == self.homes[side ^ 1] and board[source] == CAMEL[side]:
            return 1_000  # conquers the home field
        value = 300 if self.attacker(side ^ 1, board[target], target) else 100
        return value - (board[source] & 1)  # prefer taking with a dromedary

    def _ordered(self, moves: list[Action], hash_move: Action | None, ply: int
                 ) -> list[Action]:
        if len(moves) < 2:
            return moves
        board = self.board
        killers = self.killers[ply]
        first, second = killers
        history = self.history
        side = self.evaluator.side
        home, camel = self.homes[side ^ 1], CAMEL[side]
        capture_key = self._capture_key

        def key(move: Move) -> int:
            if move is hash_move:
                return 10_000_000
            if board[move.target]:
                return 1_000_000 + capture_key(move) * 100
            if move.target == home and board[move.source] == camel:
                return 5_000_000
            if move is first:
                return 900_000
            if move is second:
                return 800_000
            return history.get(move.code, 0)

        moves.sort(key=key, reverse=True)  # type: ignore[arg-type]
        return moves

    def principal_variation(self, first: Action, length: int = 8) -> list[Action]:
        """The expected line from the root, read from the transposition table."""
        state = self.state
        line = [first]
        self._make(first)
        seen = {state.position_hash}
        while len(line) < length and state.end_reason is None:
            entry = self.table.get(state.position_hash)
            if entry is None or entry[3] is None or entry[3] not in state.legal_actions():
                break
            line.append(entry[3])
            self._make(entry[3])
            if state.position_hash in seen:
                break
            seen.add(state.position_hash)
        for _ in line:
            self._unmake()
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
