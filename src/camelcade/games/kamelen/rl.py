"""Kamelen for learning agents: the action index and the observation tensor.

Built from the notation (``docs/games/kamelen.md``: moves ``c2-d5``, the one-line position)
and the observation JSON only. Kamelen hides nothing; the tensor is the board as planes of
11 files by N ranks, square ``11 × (rank - 1) + file`` (a1 = 0), South (seat 0) upper
case in the position line, North lower case.
"""

from __future__ import annotations

from camelcade.core.encoding import (
    ActionGroup,
    ActionIndex,
    Block,
    Buffer,
    GameEncoding,
    TensorLayout,
    scaled,
    seat_blocks,
    write_seats,
)
from camelcade.core.game import Game
from camelcade.core.types import JSONDict
from camelcade.games.kamelen.spec import (
    BOARDS,
    CAMELS_PER_SIDE,
    FILES,
    HOME_FILE,
    LETTER_CODES,
    PIECE_LETTERS,
    ROCK,
    ROCKS,
    SIDE_LETTERS,
    WIDTH,
)

OUTWARD: tuple[tuple[int, int], ...] = (
    (1, 3), (-1, 3), (1, -3), (-1, -3), (3, 1), (-3, 1), (3, -1), (-3, -1),
    (2, 3), (-2, 3), (2, -3), (-2, -3), (3, 2), (-3, 2), (3, -2), (-3, -2),
)
"""(file, rank) leaps with the third step outward: camels (1, 3), dromedaries (2, 3)."""
BENT: tuple[tuple[int, int], ...] = (
    (1, 1), (-1, 1), (1, -1), (-1, -1),
    (1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (-2, 1), (2, -1), (-2, -1),
)
"""The leaps ``third_step="any"`` adds: a camel's diagonal step, a dromedary's knight move."""
CLOCK_SCALE = 100
"""The no-capture clock's scale when the option switches the limit off."""
REPEATS = 2


def square_name(square: int) -> str:
    return f"{FILES[square % WIDTH]}{square // WIDTH + 1}"


def encoding(game: Game) -> GameEncoding:
    """The encoding of one Kamelen variant (board size and third step)."""
    board = str(game.option("board"))
    ranks = BOARDS[board]
    squares = WIDTH * ranks
    leaps = OUTWARD + (BENT if game.option("third_step") == "any" else ())
    rocks = set(ROCKS[board])
    open_squares = [s for s in range(squares) if square_name(s) not in rocks]
    moves: list[str] = []
    for source in open_squares:
        file, rank = source % WIDTH, source // WIDTH
        for df, dr in leaps:
            f, r = file + df, rank + dr
            target = r * WIDTH + f
            if 0 <= f < WIDTH and 0 <= r < ranks and square_name(target) not in rocks:
                moves.append(f"{square_name(source)}-{square_name(target)}")
    leap_text = ", ".join(f"({df:+d},{dr:+d})" for df, dr in leaps)
    actions = ActionIndex([
        ActionGroup("FROM-TO", tuple(moves), f"FROM in square order (a1, b1, ... k1, a2, "
                    f"...), then each leap (file, rank) in the order {leap_text} that lands "
                    "on the board; rock squares never take part"),
        ActionGroup("pass", ("pass",), "only when no move is legal"),
    ])
    limit = int(game.option("no_capture_limit")) or CLOCK_SCALE
    layout = TensorLayout([
        *seat_blocks(2),
        Block("pieces", (4, ranks, WIDTH),
              "planes: South camels, South dromedaries, North camels, North dromedaries"),
        Block("rocks", (ranks, WIDTH), "the rocks"),
        Block("homes", (2, ranks, WIDTH), "South's home field (f1), North's (f on the last "
              "rank)"),
        Block("dark", (ranks, WIDTH), "dark squares (a1 is dark): a camel keeps its colour"),
        Block("clock", (1,), f"plies since the last capture / {limit} (clipped)"),
        Block("passes", (1,), "passes in a row just now / 2"),
        Block("repeats", (1,), f"earlier occurrences of this position / {REPEATS} (clipped)"),
    ])
    off = layout.offset
    static = [0.0] * layout.size
    for square in range(squares):
        if (square % WIDTH + square // WIDTH) % 2 == 0:
            static[off["dark"] + square] = 1.0
        if square_name(square) in rocks:
            static[off["rocks"] + square] = 1.0
    static[off["homes"] + HOME_FILE] = 1.0
    static[off["homes"] + squares + (ranks - 1) * WIDTH + HOME_FILE] = 1.0
    plane_of = {code: code - 1 for code in PIECE_LETTERS if code != ROCK}

    def encode(seen: JSONDict, out: Buffer) -> None:
        seat = int(seen["player"])
        fields = seen["position"].split()
        side = SIDE_LETTERS.index(fields[1]) if len(fields) > 1 else 0
        write_seats(out, layout, 2, seat, side if seen["end"] is None else None)
        for row, text in enumerate(fields[0].split("/")):
            rank = ranks - 1 - row
            file, number = 0, ""
            for char in text + " ":
                if char.isdigit():
                    number += char
                    continue
                if number:
                    file, number = file + int(number), ""
                if char == " ":
                    break
                code = LETTER_CODES[char]
                if code != ROCK:
                    out[off["pieces"] + plane_of[code] * squares + rank * WIDTH + file] = 1.0
                file += 1
        if len(fields) > 2:
            out[off["clock"]] = scaled(int(fields[2]), limit)
        if len(fields) > 3:
            out[off["passes"]] = scaled(int(fields[3]), 2)
        current = " ".join(fields[:2])
        out[off["repeats"]] = scaled(sum(1 for e in seen["earlier"] if e == current), REPEATS)

    notes = (
        "Variants: `board` sets the ranks (11, 12 or 13) and the rocks; "
        "`third_step=\"any\"` adds the bent leaps to the move list; `no_capture_limit` "
        "only scales the clock.",
        f"Each side has {CAMELS_PER_SIDE} camels; the planes hold only what the position "
        "line says.",
    )
    return GameEncoding(actions, ActionIndex([]), layout, encode, notes, base=tuple(static))


ENCODING = encoding
"""The manifest's ``rl`` slot."""
