"""Board geometry: square names, colours, the start position, the leap tables and hashing.

Squares are numbered ``rank_index * 11 + file_index`` (a1 = 0, b1 = 1, a2 = 11). For each
square and animal a table lists every move as ``(destination, blocker1, blocker2)``: the two
squares the animal passes, which must be empty. Built once per (ranks, third step) and
shared, so move generation is a loop over small tuples.

A position (board and side to move) also has a Zobrist hash: one random 64-bit key per
animal and square, one for "North to move", XORed together. The state keeps it up to date
with two or three XORs a move, so repetitions are found by a dict lookup (and confirmed
square by square) and searches key their tables by it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from camelcade.games.kamelen.spec import (
    CAMEL,
    DROMEDARY,
    EMPTY,
    END_CONQUEST,
    END_ELIMINATION,
    FILES,
    HOME_FILE,
    ROCK,
    ROCKS,
    SOUTH_CAMELS,
    SOUTH_DROMEDARIES,
    WIDTH,
)

ZOBRIST_SEED = 0x4B414D454C454E
"""Fixed, so a position has the same hash in every run (and transposition tables agree)."""

Leap = tuple[int, int, int]
"""(destination, first square passed, second square passed)."""

ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONAL = ((1, 1), (1, -1), (-1, -1), (-1, 1))


SQUARE_NAMES = tuple(f"{FILES[s % WIDTH]}{s // WIDTH + 1}" for s in range(WIDTH * 13))
"""Name of every square index of the largest board (smaller boards use a prefix)."""


_SQUARE_INDEX = {name: index for index, name in enumerate(SQUARE_NAMES)}


def square_name(square: int) -> str:
    """0 -> 'a1', 12 -> 'b2'."""
    return SQUARE_NAMES[square]


def colour_of(square: int) -> int:
    """0 for the colour of a1 ('dark'), 1 for the other ('light')."""
    return (square % WIDTH + square // WIDTH) & 1


COLOUR_NAMES = ("dark", "light")


def _third_steps(first: tuple[int, int], third_step: str, options: tuple[tuple[int, int], ...]
                 ) -> list[tuple[int, int]]:
    """The third steps allowed after two steps in direction ``first``.

    Outward: no component of the step points against the first two steps (it continues
    away from the start); 'any' also allows the two that bend back.
    """
    if third_step == "any":
        return list(options)
    return [
        step for step in options
        if all(f * s >= 0 for f, s in zip(first, step, strict=True))
    ]


@dataclass(frozen=True, eq=False)
class Geometry:
    """Everything about one board size and move rule that does not change during a game.

    Built once per (ranks, third step) by ``geometry``, so identity is equality.
    """

    ranks: int
    third_step: str
    size: int
    rocks: tuple[int, ...]
    homes: tuple[int, int]
    """Home field of seat 0 (f1) and seat 1 (f{N})."""
    target_colour: tuple[int, int]
    """Square colour of each seat's *target*: the opponent's home field."""
    start: tuple[int, ...]
    camel: tuple[tuple[Leap, ...], ...]
    dromedary: tuple[tuple[Leap, ...], ...]
    shared_destinations: bool
    """True when two paths can lead to the same square (bend-back camels): dedupe moves."""
    attacker_code: tuple[tuple[int, ...], tuple[int, ...]]
    """attacker_code[seat][square]: seat's camel code where a camel of seat on that square
    can reach its target (the enemy home's colour), else -1: ``attacker`` as a lookup."""
    zobrist: tuple[tuple[int, ...], ...]
    """zobrist[code][square]: the hash key of an animal there (empty and rock keys unused)."""
    side_key: int
    """XORed into the hash when North is to move."""

    def on_board(self, file: int, rank: int) -> bool:
        return 0 <= file < WIDTH and 0 <= rank < self.ranks

    def square(self, name: str) -> int | None:
        """The index of ``name`` ('c2'), or None when it is not a square of this board."""
        index = _SQUARE_INDEX.get(name)
        return index if index is not None and index < self.size else None

    def mirror(self, square: int) -> int:
        """The square North's setup uses for South's ``square`` (rank r <-> N + 1 - r)."""
        return (self.ranks - 1 - square // WIDTH) * WIDTH + square % WIDTH

    def attacker(self, seat: int, code: int, square: int) -> bool:
        """Whether ``code`` on ``square`` is a camel of ``seat`` able to reach its target."""
        return code == self.attacker_code[seat][square]

    def attackers(self, board: Sequence[int], seat: int) -> int:
        """How many camels of ``seat`` on ``board`` can reach the opponent's home field."""
        return sum(1 for square, code in enumerate(board) if self.attacker(seat, code, square))

    def decided(self, board: Sequence[int]) -> tuple[str, int] | None:
        """``(END_CONQUEST or END_ELIMINATION, winner)`` if ``board`` is won, else None.

        A conquest is looked for first: the move that conquers may also take the last
        enemy camel able to reach the mover's home, and it then counts as the bigger win.
        """
        if board[self.homes[1]] == CAMEL[0]:
            return END_CONQUEST, 0
        if board[self.homes[0]] == CAMEL[1]:
            return END_CONQUEST, 1
        if not self.attackers(board, 1):
            return END_ELIMINATION, 0
        if not self.attackers(board, 0):
            return END_ELIMINATION, 1
        return None

    def hash_of(self, board: Sequence[int], side: int) -> int:
        """The Zobrist hash of ``board`` with ``side`` to move (from scratch)."""
        zobrist = self.zobrist
        value = self.side_key if side else 0
        for square, code in enumerate(board):
            if code and code != ROCK:
                value ^= zobrist[code][square]
        return value


def _leaps(ranks: int, square: int, firsts: tuple[tuple[int, int], ...],
           thirds: tuple[tuple[int, int], ...], third_step: str,
           rocks: frozenset[int]) -> tuple[Leap, ...]:
    file, rank = square % WIDTH, square // WIDTH
    table: list[Leap] = []
    for first in firsts:
        passed = []
        x, y = file, rank
        for _ in range(2):
            x, y = x + first[0], y + first[1]
            passed.append((x, y))
        if not all(0 <= px < WIDTH and 0 <= py < ranks for px, py in passed):
            continue
        for third in _third_steps(first, third_step, thirds):
            tx, ty = x + third[0], y + third[1]
            if not (0 <= tx < WIDTH and 0 <= ty < ranks) or (tx, ty) == (file, rank):
                continue
            target = ty * WIDTH + tx
            blockers = [py * WIDTH + px for px, py in passed]
            if target in rocks or any(b in rocks for b in blockers):
                continue  # rocks never move: such a leap can never be made
            table.append((target, blockers[0], blockers[1]))
    return tuple(table)


@cache
def geometry(ranks: int, third_step: str = "outward") -> Geometry:
    """The shared tables of a board with ``ranks`` ranks (11, 12 or 13)."""
    size = ranks * WIDTH
    board_name = f"{WIDTH}x{ranks}"

    def index(name: str) -> int:
        return (int(name[1:]) - 1) * WIDTH + FILES.index(name[0])

    rocks = tuple(sorted(index(name) for name in ROCKS[board_name]))
    rock_set = frozenset(rocks)
    homes = (HOME_FILE, (ranks - 1) * WIDTH + HOME_FILE)
    start = [EMPTY] * size
    for square in rocks:
        start[square] = ROCK
    for names, codes in ((SOUTH_CAMELS, CAMEL), (SOUTH_DROMEDARIES, DROMEDARY)):
        for name in names:
            south = index(name)
            north = (ranks - 1 - south // WIDTH) * WIDTH + south % WIDTH
            start[south], start[north] = codes[0], codes[1]
    camel = tuple(_leaps(ranks, s, ORTHOGONAL, DIAGONAL, third_step, rock_set)
                  for s in range(size))
    dromedary = tuple(_leaps(ranks, s, DIAGONAL, ORTHOGONAL, third_step, rock_set)
                      for s in range(size))
    target_colour = (colour_of(homes[1]), colour_of(homes[0]))
    attacker_code = tuple(
        tuple(CAMEL[seat] if colour_of(square) == target_colour[seat] else -1
              for square in range(size))
        for seat in (0, 1))
    rng = random.Random(ZOBRIST_SEED)
    zobrist = tuple(tuple(rng.getrandbits(64) for _ in range(size)) for _ in range(ROCK + 1))
    return Geometry(
        ranks=ranks,
        third_step=third_step,
        size=size,
        rocks=rocks,
        homes=homes,
        target_colour=target_colour,
        start=tuple(start),
        camel=camel,
        dromedary=dromedary,
        shared_destinations=third_step == "any",
        attacker_code=(attacker_code[0], attacker_code[1]),
        zobrist=zobrist,
        side_key=rng.getrandbits(64),
    )


def leap_paths(geo: Geometry, camel: bool, source: int, target: int) -> list[tuple[int, int]]:
    """The squares passed on each way ``source`` -> ``target`` (rocks ignored; for messages).

    Empty when the animal's move rule cannot join the two squares at all.
    """
    firsts, thirds = (ORTHOGONAL, DIAGONAL) if camel else (DIAGONAL, ORTHOGONAL)
    file, rank = source % WIDTH, source // WIDTH
    paths = []
    for first in firsts:
        passed = [(file + first[0] * k, rank + first[1] * k) for k in (1, 2)]
        if not all(geo.on_board(x, y) for x, y in passed):
            continue
        x, y = passed[1]
        for third in _third_steps(first, geo.third_step, thirds):
            if (x + third[0], y + third[1]) == (target % WIDTH, target // WIDTH):
                paths.append((passed[0][1] * WIDTH + passed[0][0],
                              passed[1][1] * WIDTH + passed[1][0]))
    return paths
