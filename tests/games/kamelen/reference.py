"""A plain, separate Kamelen move generator, written from the rules file alone.

It shares no code with ``camelcade.games.kamelen``: its own setup, coordinates
(file, rank) from 0, its own reading of the position notation and its own move rule, so
that perft counts agreeing between the two mean both read the rules the same way. It is
slow and simple on purpose.
"""

from __future__ import annotations

from dataclasses import dataclass

FILES = "abcdefghijk"
SETUP_CAMELS = ["b2", "c2", "d2", "e2", "g2", "h2", "i2", "j2"]
SETUP_DROMEDARIES = ["b1", "d1", "h1", "j1", "a3", "c3", "e3", "g3", "i3", "k3"]
ROCKS = {
    11: ["a6", "c6", "e6", "g6", "i6", "k6"],
    12: ["a6", "e6", "i6", "c7", "g7", "k7"],
    13: ["a7", "c7", "e7", "g7", "i7", "k7"],
}

Square = tuple[int, int]


@dataclass
class Board:
    ranks: int
    pieces: dict[Square, str]
    """'C'/'D' South camel/dromedary, 'c'/'d' North, '#' rock."""
    south_to_move: bool = True
    outward_only: bool = True

    def copy(self) -> Board:
        return Board(self.ranks, dict(self.pieces), self.south_to_move, self.outward_only)


def at(name: str) -> Square:
    return FILES.index(name[0]), int(name[1:]) - 1


def start(ranks: int) -> Board:
    pieces: dict[Square, str] = {}
    for name in ROCKS[ranks]:
        pieces[at(name)] = "#"
    for names, letter in ((SETUP_CAMELS, "C"), (SETUP_DROMEDARIES, "D")):
        for name in names:
            x, y = at(name)
            pieces[(x, y)] = letter
            pieces[(x, ranks - 1 - y)] = letter.lower()
    return Board(ranks, pieces)


def read(text: str, outward_only: bool = True) -> Board:
    """The board and side of a position line (other fields ignored)."""
    rows, side = text.split()[0].split("/"), text.split()[1]
    pieces: dict[Square, str] = {}
    for row_index, row in enumerate(rows):
        y = len(rows) - 1 - row_index
        x, number = 0, ""
        for char in row + " ":
            if char.isdigit():
                number += char
                continue
            if number:
                x += int(number)
                number = ""
            if char != " ":
                pieces[(x, y)] = char
                x += 1
    return Board(len(rows), pieces, side == "s", outward_only)


def mine(board: Board, letter: str) -> bool:
    return letter in ("CD" if board.south_to_move else "cd")


def home(board: Board, south: bool) -> Square:
    return (5, 0) if south else (5, board.ranks - 1)


def winner(board: Board) -> str | None:
    """'S' or 'N' if the game is won, else None (draw rules are not modelled here)."""
    if board.pieces.get(home(board, False)) == "C":
        return "S"
    if board.pieces.get(home(board, True)) == "c":
        return "N"
    for letter, side in (("c", "S"), ("C", "N")):
        target = home(board, letter == "c")  # North's camels aim at f1, South's at fN
        colour = sum(target) % 2
        if not any(p == letter and (x + y) % 2 == colour for (x, y), p in board.pieces.items()):
            return side
    return None


def moves(board: Board) -> list[tuple[Square, Square]]:
    """Every legal (from, to) of the side to move; empty means 'pass'."""
    found: list[tuple[Square, Square]] = []
    for (x, y), letter in sorted(board.pieces.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        if not mine(board, letter):
            continue
        if letter in "Cc":
            firsts = [(0, 1), (1, 0), (0, -1), (-1, 0)]
            thirds_of = _camel_thirds
        else:
            firsts = [(1, 1), (1, -1), (-1, -1), (-1, 1)]
            thirds_of = _dromedary_thirds
        for dx, dy in firsts:
            passed = [(x + dx, y + dy), (x + 2 * dx, y + 2 * dy)]
            if not all(_on(board, s) and s not in board.pieces for s in passed):
                continue
            for tx, ty in thirds_of(dx, dy, board.outward_only):
                target = (x + 2 * dx + tx, y + 2 * dy + ty)
                if not _on(board, target) or target == (x, y):
                    continue
                there = board.pieces.get(target)
                if there is not None and (there == "#" or mine(board, there)):
                    continue
                if ((x, y), target) not in found:
                    found.append(((x, y), target))
    return found


def _camel_thirds(dx: int, dy: int, outward_only: bool) -> list[Square]:
    if outward_only:
        return [(dx, 1), (dx, -1)] if dx else [(1, dy), (-1, dy)]
    return [(1, 1), (1, -1), (-1, -1), (-1, 1)]


def _dromedary_thirds(dx: int, dy: int, outward_only: bool) -> list[Square]:
    if outward_only:
        return [(dx, 0), (0, dy)]
    return [(1, 0), (-1, 0), (0, 1), (0, -1)]


def _on(board: Board, square: Square) -> bool:
    return 0 <= square[0] < 11 and 0 <= square[1] < board.ranks


def play(board: Board, move: tuple[Square, Square] | None) -> Board:
    after = board.copy()
    if move is not None:
        source, target = move
        after.pieces[target] = after.pieces.pop(source)
    after.south_to_move = not board.south_to_move
    return after


def perft(board: Board, depth: int) -> int:
    """Leaf positions after ``depth`` plies (won positions are not expanded; pass counts)."""
    if depth == 0:
        return 1
    if winner(board) is not None:
        return 0
    found = moves(board)
    if not found:
        return perft(play(board, None), depth - 1)
    return sum(perft(play(board, move), depth - 1) for move in found)


def name(square: Square) -> str:
    return f"{FILES[square[0]]}{square[1] + 1}"


def move_texts(board: Board) -> list[str]:
    return sorted(f"{name(a)}-{name(b)}" for a, b in moves(board))
