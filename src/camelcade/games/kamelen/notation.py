"""The one-line position notation (like FEN), written and read.

``<ranks> <side> <clock> <passes>``, for example the 11x11 start (one line)::

    1d1d3d1d1/1cccc1cccc1/d1d1d1d1d1d/11/11/#1#1#1#1#1#/11/11/D1D1D1D1D1D/1CCCC1CCCC1/
    1D1D3D1D1 s 0 0

* ranks from the top (rank N, North's back rank) down to rank 1, separated by ``/``; in
  each rank files a to k: ``C``/``D`` South's camel/dromedary, ``c``/``d`` North's, ``#`` a
  rock, a number 1-11 that many empty squares (a run of digits is one number);
* side to move: ``s`` (South, seat 0) or ``n`` (North, seat 1);
* plies since the last capture (the no-capture clock), default 0;
* consecutive passes just made (0, 1 or 2), default 0.

Only the board part is needed; the three fields after it may be left out. Reading checks the
board (size, letters, the rocks of this board size, the number of animals and camels per
square colour) and raises ``StateError`` saying what is wrong; whole-game consistency
(finished games, passes, the repetition history) is checked by the saved layout
(``position``).

A repetition key is what makes two positions "the same": the board and the side to move,
as bytes (one per square, then the side); it is written ``<ranks> <side>``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from camelcade.core.errors import StateError
from camelcade.core.words import N_, t, translate
from camelcade.games.kamelen.geometry import COLOUR_NAMES, Geometry, colour_of, square_name
from camelcade.games.kamelen.phrases import side
from camelcade.games.kamelen.spec import (
    CAMEL,
    CAMELS_PER_COLOUR,
    CAMELS_PER_SIDE,
    DROMEDARIES_PER_SIDE,
    DROMEDARY,
    EMPTY,
    LETTER_CODES,
    PIECE_LETTERS,
    ROCK,
    SIDE_LETTERS,
    WIDTH,
)


@dataclass(frozen=True)
class Position:
    """A parsed position line: the board, the side to move, the no-capture clock, passes."""

    board: tuple[int, ...]
    side: int
    clock: int
    passes: int

    def text(self, ranks: int) -> str:
        """The position line."""
        return format_position(self.board, ranks, self.side, self.clock, self.passes)


_LETTERS = bytes.maketrans(
    bytes(range(len(PIECE_LETTERS) + 1)),
    ("." + "".join(PIECE_LETTERS[code] for code in sorted(PIECE_LETTERS))).encode(),
)
_EMPTY_RUN = re.compile(r"\.+")


def _run_length(match: re.Match[str]) -> str:
    return str(len(match[0]))


def format_board(board: Sequence[int], ranks: int) -> str:
    """The board field: ranks from the top, empty runs as numbers."""
    letters = bytes(board).translate(_LETTERS).decode()
    rows = [letters[rank * WIDTH:(rank + 1) * WIDTH] for rank in range(ranks - 1, -1, -1)]
    return _EMPTY_RUN.sub(_run_length, "/".join(rows))


def format_position(board: Sequence[int], ranks: int, side: int, clock: int,
                    passes: int) -> str:
    return f"{format_board(board, ranks)} {SIDE_LETTERS[side]} {clock} {passes}"


@lru_cache(maxsize=4096)
def format_key(key: bytes, ranks: int) -> str:
    """A repetition key (board bytes + side byte) as text: '<board> <side>'."""
    return f"{format_board(key[:-1], ranks)} {SIDE_LETTERS[key[-1]]}"


def board_key(board: Sequence[int], side: int) -> bytes:
    """What makes two positions 'the same' for repetition: the board and the side to move."""
    return bytes(board) + bytes((side,))


def _fail(text: str, problem: str) -> StateError:
    shown = text if len(text) <= 120 else text[:117] + "..."
    return StateError(t("bad position '{position}': {problem}", position=shown, problem=problem))


def _parse_rank(text: str, row: str, number: int) -> list[int]:
    codes: list[int] = []
    digits = ""
    for char in row + "$":
        if char.isdigit():
            digits += char
            continue
        if digits:
            if not 1 <= int(digits) <= WIDTH:
                raise _fail(text, t("rank {rank} has the number {digits}; runs of empty "
                                    "squares are written 1 to {width}", rank=number,
                                    digits=digits, width=WIDTH))
            codes.extend([EMPTY] * int(digits))
            digits = ""
        if char == "$":
            break
        if char not in LETTER_CODES:
            raise _fail(text, t("rank {rank} has '{char}'; use C D (South), c d (North), # "
                                "(rock) or a number of empty squares", rank=number, char=char))
        codes.append(LETTER_CODES[char])
    if len(codes) != WIDTH:
        raise _fail(text, t("rank {rank} ('{row}') covers {count} squares; every rank has "
                            "{width} (files a-k)", rank=number, row=row, count=len(codes),
                            width=WIDTH))
    return codes


def parse_board(text: str, field: str, geo: Geometry) -> list[int]:
    """Read and check the board field of ``text``."""
    rows = field.split("/")
    if len(rows) != geo.ranks:
        raise _fail(text, t("it has {count} ranks; the 11x{ranks} board has {ranks} (load "
                            "the game with the matching 'board' option)", count=len(rows),
                            ranks=geo.ranks))
    board = [EMPTY] * geo.size
    for offset, row in enumerate(rows):
        rank = geo.ranks - 1 - offset
        board[rank * WIDTH:(rank + 1) * WIDTH] = _parse_rank(text, row, rank + 1)
    check_board(text, board, geo)
    return board


def check_board(text: str, board: Sequence[int], geo: Geometry) -> None:
    """Rocks where this board has them; no more animals than a side owns."""
    rocks = [s for s, code in enumerate(board) if code == ROCK]
    if rocks != list(geo.rocks):
        expected = " ".join(square_name(s) for s in geo.rocks)
        found = " ".join(square_name(s) for s in rocks) or t("none")
        raise _fail(text, t("rocks stand on {found}; on the 11x{ranks} board they are always "
                            "on {expected} (they never move)", found=found, ranks=geo.ranks,
                            expected=expected))
    for seat in range(len(CAMEL)):
        name = side(seat)
        camels = [s for s, code in enumerate(board) if code == CAMEL[seat]]
        dromedaries = sum(1 for code in board if code == DROMEDARY[seat])
        if len(camels) > CAMELS_PER_SIDE:
            raise _fail(text, t("{side} has {count} camels; a side has {most}", side=name,
                                count=len(camels), most=CAMELS_PER_SIDE))
        if dromedaries > DROMEDARIES_PER_SIDE:
            raise _fail(text, t("{side} has {count} dromedaries; a side has {most}",
                                side=name, count=dromedaries, most=DROMEDARIES_PER_SIDE))
        for colour in range(len(COLOUR_NAMES)):
            on_colour = sum(1 for s in camels if colour_of(s) == colour)
            if on_colour > CAMELS_PER_COLOUR:
                message = (N_("{side} has {count} camels on dark squares; camels never change "
                              "colour and a side starts with {most} on each") if colour == 0
                           else N_("{side} has {count} camels on light squares; camels never "
                                   "change colour and a side starts with {most} on each"))
                raise _fail(text, translate(message).format(side=name, count=on_colour,
                                                            most=CAMELS_PER_COLOUR))


def _number(text: str, field: str, name: str, high: int) -> int:
    if not field.isdigit() or int(field) > high:
        raise _fail(text, t("{name} must be a whole number from 0 to {high}, got '{value}'",
                            name=name, high=high, value=field))
    return int(field)


def parse_side(text: str, field: str) -> int:
    letter = field.lower()
    if letter not in SIDE_LETTERS:
        raise _fail(text, t("the side to move must be 's' (South) or 'n' (North), got "
                            "'{value}'", value=field))
    return SIDE_LETTERS.index(letter)


def parse_position(text: str, geo: Geometry) -> Position:
    """Read a position line; ``StateError`` names the first problem found."""
    if not isinstance(text, str):
        raise StateError(f"a position is a line of text, got {type(text).__name__}")
    fields = text.split()
    if not 1 <= len(fields) <= 4:
        # TRANSLATORS: the words inside <> name the fields and may be translated.
        raise _fail(text, t("expected '<ranks> [<side s|n> [<plies since capture> "
                            "[<passes>]]]', separated by spaces"))
    board = parse_board(text, fields[0], geo)
    side = parse_side(text, fields[1]) if len(fields) > 1 else 0
    clock = (_number(text, fields[2], t("the no-capture clock"), 10**9)
             if len(fields) > 2 else 0)
    passes = _number(text, fields[3], t("the number of passes"), 2) if len(fields) > 3 else 0
    return Position(tuple(board), side, clock, passes)


@lru_cache(maxsize=4096)
def parse_key(text: str, geo: Geometry) -> bytes:
    """Read a repetition key '<board> <side>'."""
    if not isinstance(text, str) or len(text.split()) != 2:
        raise StateError(f"an earlier position is '<ranks> <side>', got {text!r}")
    field, side = text.split()
    return board_key(parse_board(text, field, geo), parse_side(text, side))
