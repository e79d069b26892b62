"""The compiled inner loop of ``kamelen-search`` and ``kamelen-greedy`` (numba).

Why compiled: in CPython an alpha-beta node cost about 10 µs, a third of it listing moves,
and no rearrangement of the Python got near the 3× the issue on strong bots asks for.
numba compiles these functions to machine code once (``cache=True`` keeps the result in
the user's cache folder, ``cache_dir()``, so a later process loads it in under a second).

numba is the optional extra ``camelcade[fast]``, not a dependency of every install: where
it cannot be imported these same functions run as plain Python on the same arrays (the
pure-Python search, ``COMPILED`` is False). Every move and score is the same, only about
a hundred times slower, so a bot under a time budget searches shallower and one under a
depth or node budget takes that much longer (``tests/games/kamelen/test_kernel.py``
checks the two agree).

What this module holds is the search's working copy of a position, not a second set of
rules: every table it walks is built from the rules' own (``movegen.tables``, the
``Geometry``'s Zobrist keys, home fields and attacker codes, ``evaluation.piece_values``;
``search.kernel_tables`` packs them), and ``tests/games/kamelen/test_kernel.py`` plays
thousands of random positions on both, checking that the moves listed, the hash, the end
of the game and the evaluation agree with ``KamelenState`` and ``evaluation`` move for
move. It plays the rules' draws too: two passes, the no-capture clock and a third
occurrence of a position that occurred twice before the search began.

Why flat arrays: each function takes three or four int64 arrays (``T`` the fixed tables,
``W`` the position with its undo stack and buffers, ``M`` the transposition table, ``E``
the evaluation cache), laid out by the offsets below. Tuples of arrays were tried first:
numba counts references to every array in a tuple at every call, which made a call cost
more than a node's work. Moves are ints ``source << 8 | target`` (``Move.code``),
``PASS_CODE`` a pass.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

import numpy as np
import numpy.typing as npt

from camelcade.bots.budget import CLOCKS
from camelcade.games.kamelen.evaluation import ELIMINATION_GAP, WIN, WIN_BOUND

try:
    import numba
except ImportError:  # no ``camelcade[fast]``: the pure-Python search (module docstring)
    COMPILED = False
else:
    COMPILED = True

F = TypeVar("F", bound=Callable[..., Any])

Array = npt.NDArray[np.int64]


def cache_dir() -> Path:
    """Where numba keeps the compiled kernel: ``$NUMBA_CACHE_DIR`` when it is set, else
    ``camelcade/numba`` in the user's cache folder (``$XDG_CACHE_HOME``, or ``~/.cache``).

    Never beside this file, numba's own default: installed, that is site-packages,
    which is shared by every user and often not theirs to write.
    """
    given = os.environ.get("NUMBA_CACHE_DIR", "")
    if given:
        return Path(given)
    base = os.environ.get("XDG_CACHE_HOME", "")
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".cache"
    return root / "camelcade" / "numba"


def _writable(folder: Path) -> bool:
    """Whether ``folder`` can be made and written (a read-only home, a locked-down
    container): numba's test, made before numba would fall back to the package's folder."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError:
        return False
    return True


_CACHE = cache_dir() if COMPILED else None
_CACHING = _CACHE is not None and _writable(_CACHE)


def _compiled(function: F) -> F:
    """numba's ``njit`` (machine code, cached in ``cache_dir()``), typed for mypy as the
    function; the function itself, interpreted, without numba.

    numba picks a function's cache folder when it is decorated, from its
    ``config.CACHE_DIR``; that is set to ours for the decoration only, so other users of
    numba in the process keep theirs. Where ours cannot be written nothing is cached
    (each process compiles anew) rather than written into the package.

    The recursive ``search`` and ``quiesce`` are always called with int64 arguments
    (``_wide(1)``, not ``1``): numba types a constant argument as a literal of its
    own, and a recursive function compiled for two argument types crashes when it is
    loaded back from the cache (numba issue 6713).
    """
    if not COMPILED:
        return function
    if not _CACHING:
        return cast(F, numba.njit(cache=False)(function))
    config: Any = numba.config  # its settings are set from the environment at run time
    saved = config.CACHE_DIR
    config.CACHE_DIR = str(_CACHE)
    try:
        return cast(F, numba.njit(cache=True)(function))
    finally:
        config.CACHE_DIR = saved


@_compiled
def _wide(value: int) -> int:
    """``value`` as an int64 rather than a literal (see ``_compiled``)."""
    return np.int64(value)  # type: ignore[return-value]


PASS_CODE = -1
NO_MOVE = -2
INFINITY = 10 * WIN
EXACT, LOWER, UPPER = 1, 2, 3
"""Transposition-table flags; 0 marks an empty entry, so a new table is all zeros."""
QUIESCENCE_DEPTH = 6
MAX_PLY = 64
PLIES = MAX_PLY + QUIESCENCE_DEPTH + 10
"""Rows of the per-ply buffers (killers, move lists, undo): deeper than a search reaches."""
MOVES_A_PLY = 320
"""Room for one side's moves: 18 animals with at most 16 leaps each."""
SLOTS = 20
"""Room for one side's animals (18 at the start)."""
CLOCK_EVERY = 255
"""The clock is read when ``nodes & CLOCK_EVERY == 0``: every 256 nodes."""
CODES = 6
"""Square contents: empty, South camel and dromedary, North camel and dromedary, rock."""

GOES_ON, CONQUEST, ELIMINATION, DRAW = 0, 1, 2, 3
"""What a move did, as ``make`` returns it."""

# The header of T: values, or where each table starts ([a, b] tables are row-major).
(T_SIZE, T_DIR_START, T_DIR_END, T_FIRST, T_SECOND, T_EXIT_START, T_EXIT_END,
 T_EXIT_TARGET, T_LANDING, T_ZOBRIST, T_SIDE_KEY, T_HOMES, T_CAMEL, T_ATTACKER,
 T_APPROACH, T_APPROACH_WIDTH, T_VALUES, T_WORTH, T_WORTH_TOP, T_MOBILITY, T_DEDUPE,
 T_LIMIT) = range(22)
T_HEADER = 22
"""T_DIR_START/T_DIR_END [code, square]: an animal's directions there; T_FIRST/T_SECOND
[direction]: the squares it passes; T_EXIT_START/T_EXIT_END [direction]: its leaps into
T_EXIT_TARGET; T_LANDING [seat, code]: may seat end on it; T_ZOBRIST [code, square];
T_ATTACKER [seat, square]: the camel code that attacks from there, else -1; T_APPROACH
[part, seat, k]: (source, passed, passed) of the camel leaps onto seat's target, -1 pads;
T_VALUES [code, square]: piece-square values; T_WORTH [attackers]."""

# The header of W: the scalars, then where each buffer starts.
(SIDE, HASH, CLOCK, PASSES, ATTACKERS, ATTACKERS_NORTH, BALANCE, MADE, NODES, NODE_LIMIT,
 STOPPED, PATH, DEADLINE, CLOCK_KIND, TIMED, W_BOARD, W_SQUARES, W_COUNTS, W_INDEX, W_UNDO,
 W_PATHS, W_REPEATED, W_REPEATS, W_MOVES, W_KEYS, W_KILLERS, W_HISTORY) = range(27)
W_HEADER = 27
"""ATTACKERS + seat: its camels able to reach the enemy home; MADE: moves made and not
taken back; PATH: positions on the search path; DEADLINE: nanoseconds on the clock
CLOCK_KIND (its index in ``CLOCKS``) when TIMED. W_SQUARES [seat, k]: its animals (in
no order), W_COUNTS [seat], W_INDEX [square]: k of the animal there; W_UNDO [made, 6]:
move, victim, hash, clock, passes, balance before it; W_PATHS: the path's hashes;
W_REPEATED: W_REPEATS hashes that occurred twice before the root; W_MOVES, W_KEYS
[ply, k]; W_KILLERS [ply, 2]; W_HISTORY [source, target]: quiet moves' cut-off counts."""

ENTRY = 5
"""Fields of a transposition-table entry in M: key, move, score, depth, flag (0: empty)."""

_CLOCKS = tuple(CLOCKS.values())


# -- making and unmaking moves ---------------------------------------------------------


@_compiled
def make(T: Array, W: Array, move: int) -> int:
    """Play ``move`` for the side to move; returns GOES_ON, CONQUEST, ELIMINATION or DRAW."""
    size = T[T_SIZE]
    board = W[W_BOARD]
    made = W[MADE]
    undo = W[W_UNDO] + made * 6
    side = W[SIDE]
    other = side ^ 1
    W[undo] = move
    W[undo + 1] = 0
    W[undo + 2] = W[HASH]
    W[undo + 3] = W[CLOCK]
    W[undo + 4] = W[PASSES]
    W[undo + 5] = W[BALANCE]
    W[MADE] = made + 1
    W[SIDE] = other
    h = W[HASH] ^ T[T_SIDE_KEY]
    if move < 0:
        W[PASSES] += 1
        W[HASH] = h
        W[CLOCK] += 1
        if W[PASSES] >= 2:
            return DRAW
        return _draw_or_not(T, W, h)
    source = move >> 8
    target = move & 255
    piece = W[board + source]
    victim = W[board + target]
    values, zobrist = T[T_VALUES], T[T_ZOBRIST]
    gain = T[values + piece * size + target] - T[values + piece * size + source] + \
        T[values + victim * size + target]
    W[BALANCE] += -gain if side else gain
    h ^= T[zobrist + piece * size + source] ^ T[zobrist + piece * size + target]
    conquest = piece == T[T[T_CAMEL] + side] and target == T[T[T_HOMES] + other]
    squares, index = W[W_SQUARES], W[W_INDEX]
    if victim:
        W[undo + 1] = victim
        h ^= T[zobrist + victim * size + target]
        last = W[W[W_COUNTS] + other] - 1
        slot = W[index + target]
        moved = W[squares + other * SLOTS + last]
        W[squares + other * SLOTS + slot] = moved
        W[index + moved] = slot
        W[W[W_COUNTS] + other] = last
        if victim == T[T[T_ATTACKER] + other * size + target]:
            W[ATTACKERS + other] -= 1
    slot = W[index + source]
    W[squares + side * SLOTS + slot] = target
    W[index + target] = slot
    W[board + target] = piece
    W[board + source] = 0
    W[HASH] = h
    W[PASSES] = 0
    if victim:
        W[CLOCK] = 0
        if conquest:
            return CONQUEST
        if W[ATTACKERS + other] == 0:
            return ELIMINATION
        return GOES_ON
    W[CLOCK] += 1
    if conquest:
        return CONQUEST
    return _draw_or_not(T, W, h)


@_compiled
def _draw_or_not(T: Array, W: Array, h: int) -> int:
    """After a quiet move or a pass: a third occurrence, or the no-capture clock, draws."""
    repeated = W[W_REPEATED]
    for k in range(W[W_REPEATS]):
        if W[repeated + k] == h:
            return DRAW
    if T[T_LIMIT] and W[CLOCK] >= T[T_LIMIT]:
        return DRAW
    return GOES_ON


@_compiled
def unmake(T: Array, W: Array) -> None:
    """Take back the last move ``make`` played."""
    size = T[T_SIZE]
    board = W[W_BOARD]
    made = W[MADE] - 1
    W[MADE] = made
    undo = W[W_UNDO] + made * 6
    side = W[SIDE] ^ 1
    W[SIDE] = side
    W[HASH] = W[undo + 2]
    W[CLOCK] = W[undo + 3]
    W[PASSES] = W[undo + 4]
    W[BALANCE] = W[undo + 5]
    move = W[undo]
    if move < 0:
        return
    source = move >> 8
    target = move & 255
    squares, index = W[W_SQUARES], W[W_INDEX]
    W[board + source] = W[board + target]
    slot = W[index + target]
    W[squares + side * SLOTS + slot] = source
    W[index + source] = slot
    victim = W[undo + 1]
    W[board + target] = victim
    if victim:
        other = side ^ 1
        last = W[W[W_COUNTS] + other]
        W[squares + other * SLOTS + last] = target
        W[index + target] = last
        W[W[W_COUNTS] + other] = last + 1
        if victim == T[T[T_ATTACKER] + other * size + target]:
            W[ATTACKERS + other] += 1


# -- moves and the evaluation ----------------------------------------------------------


@_compiled
def generate(T: Array, W: Array, seat: int, out: int) -> int:
    """Write ``seat``'s legal moves (no pass) into W from ``out`` on; returns how many."""
    size = T[T_SIZE]
    board = W[W_BOARD]
    squares = W[W_SQUARES] + seat * SLOTS
    dir_start, dir_end = T[T_DIR_START], T[T_DIR_END]
    first, second = T[T_FIRST], T[T_SECOND]
    exit_start, exit_end, exit_target = T[T_EXIT_START], T[T_EXIT_END], T[T_EXIT_TARGET]
    landing = T[T_LANDING] + seat * CODES
    dedupe = T[T_DEDUPE]
    n = 0
    for k in range(W[W[W_COUNTS] + seat]):
        source = W[squares + k]
        at = W[board + source] * size + source
        first_of_source = n
        for d in range(T[dir_start + at], T[dir_end + at]):
            if W[board + T[first + d]] == 0 and W[board + T[second + d]] == 0:
                for e in range(T[exit_start + d], T[exit_end + d]):
                    target = T[exit_target + e]
                    if T[landing + W[board + target]]:
                        move = source << 8 | target
                        if dedupe:
                            seen = False
                            for j in range(first_of_source, n):
                                if W[out + j] == move:
                                    seen = True
                            if seen:
                                continue
                        W[out + n] = move
                        n += 1
    return n


@_compiled
def count(T: Array, W: Array, seat: int, scratch: int) -> int:
    """How many legal moves ``seat`` has (the mobility term's count), listed at ``scratch``:
    listing them costs hardly more than counting, and there is one move generator."""
    return generate(T, W, seat, scratch)


@_compiled
def evaluate(T: Array, W: Array, own_moves: int, scratch: int) -> int:
    """``evaluation``'s score for the side to move (``own_moves`` < 0: count them here)."""
    side = W[SIDE]
    other = side ^ 1
    worth, top = T[T_WORTH], T[T_WORTH_TOP]
    score = -W[BALANCE] if side else W[BALANCE]
    score += T[worth + min(W[ATTACKERS + side], top)] - \
        T[worth + min(W[ATTACKERS + other], top)]
    mobility = T[T_MOBILITY]
    if mobility:
        mine = own_moves if own_moves >= 0 else count(T, W, side, scratch)
        score += mobility * (mine - count(T, W, other, scratch))
    return int(score)


@_compiled
def threatens(T: Array, W: Array, seat: int) -> bool:
    """Whether ``seat`` could conquer the enemy home field with its next move."""
    board = W[W_BOARD]
    if not T[T[T_LANDING] + seat * CODES + W[board + T[T[T_HOMES] + (seat ^ 1)]]]:
        return False
    camel = T[T[T_CAMEL] + seat]
    width = T[T_APPROACH_WIDTH]
    sources = T[T_APPROACH] + seat * width
    passed = sources + 2 * width
    passed_too = passed + 2 * width
    for k in range(width):
        source = T[sources + k]
        if source < 0:
            break
        if W[board + source] == camel and W[board + T[passed + k]] == 0 and \
                W[board + T[passed_too + k]] == 0:
            return True
    return False


# -- the search ------------------------------------------------------------------------


@_compiled
def _tick(W: Array) -> bool:
    """Count a node; True (and ``STOPPED`` set) when the nodes or the time ran out."""
    nodes = W[NODES] + 1
    W[NODES] = nodes
    if nodes >= W[NODE_LIMIT] or (W[TIMED] and not nodes & CLOCK_EVERY and
                                  _now(W[CLOCK_KIND]) >= W[DEADLINE]):
        W[STOPPED] = 1
        return True
    return False


if COMPILED:
    @_compiled
    def _now(kind: int) -> int:
        """The clock ``kind`` (its index in ``CLOCKS``), in nanoseconds."""
        with numba.objmode(now="int64"):
            now = int(_CLOCKS[kind]() * 1e9)
        return now
else:
    def _now(kind: int) -> int:
        """The clock ``kind`` (its index in ``CLOCKS``), in nanoseconds."""
        return int(_CLOCKS[kind]() * 1e9)


@_compiled
def _loss(end: int, ply: int) -> int:
    """Score for the side to move, whose opponent has just won."""
    gap = 0 if end == CONQUEST else ELIMINATION_GAP
    return -(WIN - gap - ply)


@_compiled
def _to_table(score: int, ply: int) -> int:
    """Win scores are stored relative to the node, not the root."""
    if score > WIN_BOUND:
        return score + ply
    if score < -WIN_BOUND:
        return score - ply
    return score


@_compiled
def _from_table(score: int, ply: int) -> int:
    if score > WIN_BOUND:
        return score - ply
    if score < -WIN_BOUND:
        return score + ply
    return score


@_compiled
def _capture_key(T: Array, W: Array, move: int, side: int) -> int:
    board = W[W_BOARD]
    source = move >> 8
    target = move & 255
    piece = W[board + source]
    if target == T[T[T_HOMES] + (side ^ 1)] and piece == T[T[T_CAMEL] + side]:
        return 1_000  # conquers the home field
    victim = W[board + target]
    attacker = T[T[T_ATTACKER] + (side ^ 1) * T[T_SIZE] + target]
    value = 300 if victim == attacker else 100
    return int(value - (piece & 1))  # prefer taking with a dromedary


@_compiled
def _order_keys(T: Array, W: Array, n: int, hash_move: int, ply: int) -> None:
    """Keys of the moves at ``ply``: hash move, conquests, captures, killers, history."""
    board = W[W_BOARD]
    moves = W[W_MOVES] + ply * MOVES_A_PLY
    keys = W[W_KEYS] + ply * MOVES_A_PLY
    side = W[SIDE]
    home = T[T[T_HOMES] + (side ^ 1)]
    camel = T[T[T_CAMEL] + side]
    first, second = W[W[W_KILLERS] + ply * 2], W[W[W_KILLERS] + ply * 2 + 1]
    history, size = W[W_HISTORY], T[T_SIZE]
    for k in range(n):
        move = W[moves + k]
        if move == hash_move:
            key = 10_000_000
        elif move < 0:
            key = 0
        else:
            source = move >> 8
            target = move & 255
            if W[board + target]:
                key = 1_000_000 + _capture_key(T, W, move, side) * 100
            elif target == home and W[board + source] == camel:
                key = 5_000_000
            elif move == first:
                key = 900_000
            elif move == second:
                key = 800_000
            else:
                key = W[history + source * size + target]
        W[keys + k] = key


@_compiled
def _pick(W: Array, moves: int, keys: int, start: int, n: int) -> int:
    """Move the best-keyed move of ``start..n`` to ``start`` (the first of equals wins)."""
    best = start
    for k in range(start + 1, n):
        if W[keys + k] > W[keys + best]:
            best = k
    if best != start:
        move, key = W[moves + best], W[keys + best]
        for k in range(best, start, -1):  # shift, so equal keys keep their order
            W[moves + k] = W[moves + k - 1]
            W[keys + k] = W[keys + k - 1]
        W[moves + start] = move
        W[keys + start] = key
    return int(W[moves + start])


@_compiled
def search(T: Array, W: Array, M: Array, E: Array, depth: int, alpha: int, beta: int,
           ply: int, end: int) -> int:
    """Negamax with principal-variation search; ``end`` is what the move here did."""
    if _tick(W):
        return 0
    if end != GOES_ON:
        return 0 if end == DRAW else _loss(end, ply)
    here = W[HASH]
    paths = W[W_PATHS]
    length = W[PATH]
    if length >= 4:
        k = length - 2
        while k >= 0:
            if W[paths + k] == here:
                return 0  # a repetition inside the search tree (4 plies at least): a draw
            k -= 2
    side = W[SIDE]
    if depth <= 0:
        if ply < MAX_PLY and threatens(T, W, side ^ 1):
            depth = 1  # the home field is under attack: look at the replies
        else:
            return quiesce(T, W, M, E, alpha, beta, ply, _wide(0), _wide(GOES_ON))
    entry = (here & (M.shape[0] // ENTRY - 1)) * ENTRY
    hash_move = NO_MOVE
    if M[entry] == here and M[entry + 4]:
        hash_move = M[entry + 1]
        if M[entry + 3] >= depth:
            score = _from_table(M[entry + 2], ply)
            flag = M[entry + 4]
            if flag == EXACT or (flag == LOWER and score >= beta) or \
                    (flag == UPPER and score <= alpha):
                return score
    original_alpha = alpha
    moves = W[W_MOVES] + ply * MOVES_A_PLY
    keys = W[W_KEYS] + ply * MOVES_A_PLY
    n = generate(T, W, side, moves)
    if n == 0:
        W[moves] = PASS_CODE
        n = 1
    if n > 1:
        _order_keys(T, W, n, hash_move, ply)
    best_score = -INFINITY
    best_move = NO_MOVE
    board = W[W_BOARD]
    for k in range(n):
        move = _pick(W, moves, keys, k, n) if n > 1 else W[moves]
        W[paths + length] = here
        W[PATH] = length + 1
        done = make(T, W, move)
        if k == 0:
            score = -search(T, W, M, E, depth - 1, -beta, -alpha, ply + 1, done)
        else:
            score = -search(T, W, M, E, depth - 1, -alpha - 1, -alpha, ply + 1, done)
            if alpha < score < beta and not W[STOPPED]:
                score = -search(T, W, M, E, depth - 1, -beta, -alpha, ply + 1, done)
        unmake(T, W)
        W[PATH] = length
        if W[STOPPED]:
            return 0
        if score > best_score:
            best_score = score
            best_move = move
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    if move >= 0 and not W[board + (move & 255)]:
                        killers = W[W_KILLERS] + ply * 2
                        if W[killers] != move:
                            W[killers + 1] = W[killers]
                            W[killers] = move
                        W[W[W_HISTORY] + (move >> 8) * T[T_SIZE] + (move & 255)] += \
                            depth * depth
                    break
    flag = EXACT
    if best_score <= original_alpha:
        flag = UPPER
    elif best_score >= beta:
        flag = LOWER
    M[entry] = here
    M[entry + 1] = best_move
    M[entry + 2] = _to_table(best_score, ply)
    M[entry + 3] = depth
    M[entry + 4] = flag
    return best_score


@_compiled
def quiesce(T: Array, W: Array, M: Array, E: Array, alpha: int, beta: int, ply: int,
            qdepth: int, end: int) -> int:
    """Captures and home conquests only, from the static evaluation."""
    if _tick(W):
        return 0
    if end in (CONQUEST, ELIMINATION):
        return _loss(end, ply)
    side = W[SIDE]
    here = W[HASH]
    moves = W[W_MOVES] + ply * MOVES_A_PLY
    keys = W[W_KEYS] + ply * MOVES_A_PLY
    scratch = moves + MOVES_A_PLY
    own = -1
    cached = E.shape[0] > 0
    slot = (here & (E.shape[0] // 2 - 1)) * 2 if cached else 0
    if cached and E[slot] == here:
        stand = int(E[slot + 1])
    else:
        own = generate(T, W, side, moves)
        stand = evaluate(T, W, own, scratch)
        if cached:
            E[slot] = here
            E[slot + 1] = stand
    if stand >= beta or qdepth >= QUIESCENCE_DEPTH:
        return stand
    if stand > alpha:
        alpha = stand
    if own < 0:
        own = generate(T, W, side, moves)
    board = W[W_BOARD]
    home = T[T[T_HOMES] + (side ^ 1)]
    camel = T[T[T_CAMEL] + side]
    n = 0
    for k in range(own):
        move = W[moves + k]
        target = move & 255
        if W[board + target] or (target == home and W[board + (move >> 8)] == camel):
            W[moves + n] = move
            W[keys + n] = _capture_key(T, W, move, side)
            n += 1
    best = stand
    for k in range(n):
        move = _pick(W, moves, keys, k, n)
        done = make(T, W, move)
        score = -quiesce(T, W, M, E, -beta, -alpha, ply + 1, qdepth + 1, done)
        unmake(T, W)
        if W[STOPPED]:
            return 0
        if score > best:
            best = score
            if score > alpha:
                alpha = score
                if alpha >= beta:
                    break
    return best


@_compiled
def root(T: Array, W: Array, M: Array, E: Array, moves: Array, depth: int
         ) -> tuple[int, int, bool]:
    """One iteration at ``depth`` over the root ``moves`` (in order).

    Returns (index of the best move, its score, whether the iteration completed).
    """
    alpha, beta = -INFINITY, INFINITY
    best, best_score = 0, -INFINITY
    here = W[HASH]
    length = W[PATH]
    for k in range(moves.shape[0]):
        W[W[W_PATHS] + length] = here
        W[PATH] = length + 1
        done = make(T, W, moves[k])
        if k == 0:
            score = -search(T, W, M, E, depth - 1, -beta, -alpha, _wide(1), done)
        else:
            score = -search(T, W, M, E, depth - 1, -alpha - 1, -alpha, _wide(1), done)
            if alpha < score and not W[STOPPED]:
                score = -search(T, W, M, E, depth - 1, -beta, -alpha, _wide(1), done)
        unmake(T, W)
        W[PATH] = length
        if W[STOPPED]:
            return best, best_score, False
        if score > best_score:
            best, best_score = k, score
            if score > alpha:
                alpha = score
    entry = (here & (M.shape[0] // ENTRY - 1)) * ENTRY
    M[entry] = here
    M[entry + 1] = moves[best]
    M[entry + 2] = best_score
    M[entry + 3] = depth
    M[entry + 4] = EXACT
    return best, best_score, True


@_compiled
def one_ply(T: Array, W: Array, moves: Array, scores: Array) -> None:
    """``kamelen-greedy``'s scores: a win at once is best, else minus the reply's view."""
    scratch = W[W_MOVES]
    for k in range(moves.shape[0]):
        done = make(T, W, moves[k])
        if done in (CONQUEST, ELIMINATION):
            scores[k] = 10**9
        else:
            scores[k] = -evaluate(T, W, -1, scratch)
        unmake(T, W)


@_compiled
def listed(T: Array, W: Array) -> int:
    """The side to move's moves, written at W's first move buffer (for tests and hints)."""
    return generate(T, W, W[SIDE], W[W_MOVES])


# -- the arrays ------------------------------------------------------------------------


def signed(value: int) -> int:
    """A 64-bit key as the int64 with the same bits (numba's integers are signed)."""
    return value - (1 << 64) if value >= 1 << 63 else value


def new_memory(table_bits: int = 19, caching: bool = True) -> tuple[Array, Array]:
    """An empty transposition table of 2**table_bits entries and evaluation cache
    (``caching=False``: none)."""
    table = np.zeros(ENTRY << table_bits, np.int64)  # untouched pages cost no memory
    cache = np.zeros(2 << table_bits if caching else 0, np.int64)
    return table, cache


def clear(memory: tuple[Array, Array]) -> None:
    """Forget every stored position (a new game)."""
    table, cache = memory
    table[:] = 0
    cache[:] = 0
