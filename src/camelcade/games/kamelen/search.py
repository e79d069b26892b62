"""Alpha-beta search for Kamelen: negamax with principal-variation search (PVS),
iterative deepening under a time, depth or node budget, a transposition table and an
evaluation cache keyed by Zobrist hashes, and move ordering (hash move, home conquests,
captures by victim value, killer moves, history counts). Leaves are settled by a
capture-only quiescence search; a node where the opponent threatens to conquer the home
field is searched one ply deeper.

The tree itself is searched by ``kernel`` (compiled); this module builds the kernel's
arrays from the rules' tables and the ``KamelenState`` searched, runs the iterations and
reads the principal variation back from the table with the state's own moves. One
heuristic of its own: a position that repeats one already on the current search path
scores as a draw at once (the side that could repeat it once can repeat it again), as
chess engines do; repetitions of positions before the root count only as the rules say.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

import numpy as np

from camelcade.bots.budget import CLOCKS
from camelcade.core.action import Action
from camelcade.games.kamelen import kernel
from camelcade.games.kamelen.actions import PASS, move
from camelcade.games.kamelen.evaluation import DEFAULT_WEIGHTS, WIN_BOUND, Weights, piece_values
from camelcade.games.kamelen.evaluation import tables as evaluation_tables
from camelcade.games.kamelen.geometry import Geometry
from camelcade.games.kamelen.movegen import LANDING
from camelcade.games.kamelen.movegen import tables as move_tables
from camelcade.games.kamelen.spec import CAMEL, OWNER
from camelcade.games.kamelen.state import KamelenState

MAX_PLY = kernel.MAX_PLY


@dataclass
class SearchResult:
    move: Action
    score: int
    depth: int
    """Deepest iteration completed."""
    nodes: int
    seconds: float
    pv: list[Action] = field(default_factory=list)


def code_of(action: Action) -> int:
    """The kernel's int for ``action``: ``Move.code``, or ``PASS_CODE``."""
    return action.code if action is not PASS else kernel.PASS_CODE  # type: ignore[attr-defined]


def action_of(code: int) -> Action:
    return PASS if code < 0 else move(code >> 8, code & 255)


Memory = tuple[kernel.Array, kernel.Array]
"""A bot's transposition table and evaluation cache (``kernel.new_memory``)."""


def _packed(header_size: int, header: dict[int, int],
            tables: dict[int, Sequence[int] | int]) -> kernel.Array:
    """One int64 array: the header's values, then each table (an int: that many zeros),
    its start in the header."""
    sizes = {key: part if isinstance(part, int) else len(part) for key, part in tables.items()}
    packed = np.zeros(header_size + sum(sizes.values()), np.int64)
    for field_index, value in header.items():
        packed[field_index] = value
    at = header_size
    for field_index, part in tables.items():
        packed[field_index] = at
        if not isinstance(part, int):
            packed[at:at + len(part)] = part
        at += sizes[field_index]
    return packed


@cache
def kernel_tables(geo: Geometry, weights: Weights, limit: int) -> kernel.Array:
    """The kernel's fixed array ``T``, read from the rules' tables (once per game kind)."""
    moves = move_tables(geo)
    size = geo.size
    starts = [0] * (kernel.CODES * size)
    ends = [0] * (kernel.CODES * size)
    first: list[int] = []
    second: list[int] = []
    exit_start: list[int] = []
    exit_end: list[int] = []
    targets: list[int] = []
    for code, per_square in enumerate(moves.by_code):
        for square, directions in enumerate(per_square or ()):
            starts[code * size + square] = len(first)
            for passed, passed_too, exits in directions:
                first.append(passed)
                second.append(passed_too)
                exit_start.append(len(targets))
                targets.extend(target for target, _ in exits)
                exit_end.append(len(targets))
            ends[code * size + square] = len(first)
    approaches = evaluation_tables(geo).approaches
    width = max(len(rows) for rows in approaches) + 1
    approach = [-1] * (3 * 2 * width)
    for seat, rows in enumerate(approaches):
        for k, row in enumerate(rows):
            for part, square in enumerate(row):
                approach[(part * 2 + seat) * width + k] = square
    values = piece_values(geo, weights)
    return _packed(kernel.T_HEADER, {
        kernel.T_SIZE: size, kernel.T_SIDE_KEY: kernel.signed(geo.side_key),
        kernel.T_APPROACH_WIDTH: width, kernel.T_WORTH_TOP: len(weights.attackers) - 1,
        kernel.T_MOBILITY: weights.mobility, kernel.T_DEDUPE: int(moves.dedupe),
        kernel.T_LIMIT: limit,
    }, {
        kernel.T_DIR_START: starts, kernel.T_DIR_END: ends,
        kernel.T_FIRST: first, kernel.T_SECOND: second,
        kernel.T_EXIT_START: exit_start, kernel.T_EXIT_END: exit_end,
        kernel.T_EXIT_TARGET: targets,
        kernel.T_LANDING: [int(may) for row in LANDING for may in row],
        kernel.T_ZOBRIST: [kernel.signed(key) for row in geo.zobrist for key in row],
        kernel.T_HOMES: geo.homes, kernel.T_CAMEL: CAMEL,
        kernel.T_ATTACKER: [code for row in geo.attacker_code for code in row],
        kernel.T_APPROACH: approach,
        kernel.T_VALUES: [value for row in values for value in row],
        kernel.T_WORTH: weights.attackers,
    })


def new_work(state: KamelenState, tables: kernel.Array) -> kernel.Array:
    """The kernel's working array ``W`` for ``state`` (the state itself is never touched)."""
    size = len(state.cells)
    squares = [-1] * (2 * kernel.SLOTS)
    index = [0] * size
    for seat, own in enumerate(state.animal_squares):
        assert len(own) <= kernel.SLOTS  # the layout allows 18 animals a side
        for k, square in enumerate(own):
            squares[seat * kernel.SLOTS + k] = square
            index[square] = k
    values = int(tables[kernel.T_VALUES])
    balance = 0
    for square, piece in enumerate(state.cells):
        owner = OWNER[piece]
        if owner is not None:
            value = int(tables[values + piece * size + square])
            balance += -value if owner else value
    repeated = [kernel.signed(h) for h in state.repeated_hashes()]
    rows = kernel.PLIES
    return _packed(kernel.W_HEADER, {
        kernel.SIDE: state.side, kernel.HASH: kernel.signed(state.position_hash),
        kernel.CLOCK: state.clock, kernel.PASSES: state.passes,
        kernel.ATTACKERS: state.attackers(0), kernel.ATTACKERS_NORTH: state.attackers(1),
        kernel.BALANCE: balance, kernel.NODE_LIMIT: 1 << 62,
        kernel.W_REPEATS: len(repeated),
    }, {
        kernel.W_BOARD: state.cells, kernel.W_SQUARES: squares,
        kernel.W_COUNTS: [len(own) for own in state.animal_squares], kernel.W_INDEX: index,
        kernel.W_UNDO: rows * 6, kernel.W_PATHS: rows, kernel.W_REPEATED: repeated,
        kernel.W_MOVES: rows * kernel.MOVES_A_PLY, kernel.W_KEYS: rows * kernel.MOVES_A_PLY,
        kernel.W_KILLERS: rows * 2,  # 0 is no move: no leap ends where it starts
        kernel.W_HISTORY: size * size,
    })


def prepared(state: KamelenState, weights: Weights = DEFAULT_WEIGHTS
             ) -> tuple[kernel.Array, kernel.Array]:
    """The kernel's tables ``T`` and working array ``W`` for ``state``."""
    tables = kernel_tables(state.geometry, weights, state.no_capture_limit)
    return tables, new_work(state, tables)


class Searcher:
    """One search of one position; the ``memory`` (transposition table and evaluation
    cache) may be kept from move to move.

    ``clock`` names what ``time_limit`` counts (``bots.budget.CLOCKS``): ``wall``, a
    person's wait, or ``cpu``, the thread's CPU seconds, for comparisons at equal time on
    a busy machine. ``rng`` shuffles the root moves (seeded variety among equal ones).
    """

    def __init__(self, state: KamelenState, weights: Weights = DEFAULT_WEIGHTS, *,
                 max_depth: int | None = None, max_nodes: int | None = None,
                 time_limit: float | None = None, rng: random.Random | None = None,
                 memory: Memory | None = None, clock: str = "wall") -> None:
        self.state = state
        self.tables, self.work = prepared(state, weights)
        self.memory = kernel.new_memory() if memory is None else memory
        self.max_depth = min(max_depth, MAX_PLY) if max_depth is not None else MAX_PLY
        """At most ``MAX_PLY``: the kernel's buffers hold that many plies and no more."""
        self.max_nodes = max_nodes
        self.time_limit = time_limit
        self.clock = clock
        self.rng = rng

    def _start(self) -> float:
        """Load (or compile, the first time on a machine) the kernel, then start the
        clock: a budget counts the search, not the compiler."""
        work = self.work
        work[kernel.NODE_LIMIT] = 1
        kernel.root(self.tables, work, *self.memory, np.array([kernel.PASS_CODE]), 1)
        work[kernel.NODES] = work[kernel.STOPPED] = 0
        work[kernel.NODE_LIMIT] = self.max_nodes if self.max_nodes is not None else 1 << 62
        clock = CLOCKS[self.clock]
        started = clock()
        if self.time_limit is not None:
            work[kernel.DEADLINE] = int((started + self.time_limit) * 1e9)
            work[kernel.CLOCK_KIND] = list(CLOCKS).index(self.clock)
            work[kernel.TIMED] = 1
        return started

    def run(self) -> SearchResult:
        """Iterative deepening until a budget ends; returns the best move found."""
        root_moves: list[Action] = self.state.moves() or [PASS]  # type: ignore[assignment]
        if self.rng is not None:
            self.rng.shuffle(root_moves)  # seeded variety among equally good moves
        started = self._start()
        clock = CLOCKS[self.clock]
        best = SearchResult(root_moves[0], 0, 0, 0, 0.0)
        if len(root_moves) == 1:
            best.seconds = clock() - started
            return best
        work = self.work
        for depth in range(1, self.max_depth + 1):
            codes = np.array([code_of(action) for action in root_moves], np.int64)
            index, score, completed = kernel.root(self.tables, work, *self.memory, codes,
                                                  depth)
            if not completed:
                break
            chosen = root_moves.pop(index)
            root_moves.insert(0, chosen)
            best = SearchResult(chosen, int(score), depth, 0, 0.0)
            if abs(score) > WIN_BOUND:
                break  # a forced result: deeper search cannot change it
        best.nodes = int(work[kernel.NODES])
        best.seconds = clock() - started
        best.pv = self.principal_variation(best.move)
        return best

    def score_after(self, line: Sequence[Action], depth: int) -> int:
        """The search's score, for the side to move then, of the position after ``line``
        (each position of it on the search path, as inside the tree)."""
        tables, work = self.tables, self.work
        done = kernel.GOES_ON
        for action in line:
            work[work[kernel.W_PATHS] + work[kernel.PATH]] = work[kernel.HASH]
            work[kernel.PATH] += 1
            done = kernel.make(tables, work, code_of(action))
        score = kernel.search(tables, work, *self.memory, depth, -kernel.INFINITY,
                              kernel.INFINITY, len(line), done)
        for _ in line:
            kernel.unmake(tables, work)
        work[kernel.PATH] = 0
        return int(score)

    def principal_variation(self, first: Action, length: int = 8) -> list[Action]:
        """The expected line from the root, read from the transposition table."""
        state, table = self.state, self.memory[0]
        mask = table.shape[0] // kernel.ENTRY - 1
        line = [first]
        state.apply(first, check=False)
        seen = {state.position_hash}
        while len(line) < length and state.end_reason is None:
            here = kernel.signed(state.position_hash)
            entry = (here & mask) * kernel.ENTRY
            if table[entry] != here or not table[entry + 4] or \
                    table[entry + 1] == kernel.NO_MOVE:
                break
            found = action_of(int(table[entry + 1]))
            if found not in state.legal_actions():
                break
            line.append(found)
            state.apply(found, check=False)
            if state.position_hash in seen:
                break
            seen.add(state.position_hash)
        for _ in line:
            state.undo()
        return line
