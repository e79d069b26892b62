"""The saved layout of a Kamelen position, ``to_json()["state"]``, read and checked once.

::

    {"position": "<the position line>", "earlier": ["<ranks> <side>", ...]}

``position`` is the one-line notation (``notation``): board, side to move, no-capture
clock, passes. ``earlier`` lists, oldest first, the positions since the last capture (board
and side), so that a saved game goes on counting repetitions.

A saved state arrives from files, the network, the command line and bots' samplers, so
nothing in it is trusted: ``KamelenLayout.from_data`` raises ``StateError`` saying which
field is wrong and what is allowed, and never yields a position the rules could not have
produced. The state is built from a checked layout (``KamelenState.from_layout``) and
writes its own layout back (``KamelenState.layout``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from camelcade.core.errors import check_state as check
from camelcade.core.saved import SavedPosition
from camelcade.core.types import JSONDict
from camelcade.games.kamelen.geometry import Geometry, square_name
from camelcade.games.kamelen.movegen import animals, generate, tables
from camelcade.games.kamelen.notation import Position, format_key, parse_key, parse_position
from camelcade.games.kamelen.spec import CAMEL, SIDE_NAMES, WIDTH


@dataclass(frozen=True)
class KamelenLayout(SavedPosition):
    """A checked Kamelen position: the position line's fields and the repetition keys."""

    position: Position
    earlier: tuple[bytes, ...]
    """Repetition keys (``notation.board_key``) of the positions since the last capture."""

    def to_data(self) -> JSONDict:
        ranks = len(self.position.board) // WIDTH
        return {
            "position": self.position.text(ranks),
            "earlier": [format_key(key, ranks) for key in self.earlier],
        }

    @classmethod
    def from_data(cls, data: Any, geo: Geometry, limit: int) -> KamelenLayout:
        """Read and check ``data`` for a game of ``geo`` drawn after ``limit`` plies (0: never).

        Raises ``StateError`` naming the first problem found.
        """
        fields = cls.checked_keys(data)
        earlier = fields["earlier"]
        check(isinstance(earlier, list), "'earlier' must be a list of earlier positions")
        position = parse_position(fields["position"], geo)
        keys = tuple(parse_key(text, geo) for text in earlier)
        _check_history(position, keys, limit)
        _check_end(position, geo)
        return cls(position, keys)


def _check_history(position: Position, earlier: tuple[bytes, ...], limit: int) -> None:
    check(not limit or position.clock <= limit,
          f"the no-capture clock is {position.clock} but the game is drawn at {limit}")
    check(len(earlier) <= position.clock,
          f"{len(earlier)} earlier positions are listed but only {position.clock} plies "
          f"were played since the last capture")
    material = Counter(position.board)
    for back, key in enumerate(reversed(earlier)):
        expected_side = (position.side + 1 + back) % 2
        check(key[-1] == expected_side,
              f"earlier position {len(earlier) - back} has {SIDE_NAMES[key[-1]]} to move; "
              f"turns alternate, so it must be {SIDE_NAMES[expected_side]}")
        check(Counter(key[:-1]) == material,
              f"earlier position {len(earlier) - back} has other animals than the current "
              f"one, but nothing has been captured since")
    repeated = [key for key, count in Counter(earlier).items() if count >= 3]
    check(not repeated, "an earlier position occurs three times: the game would have been "
                        "drawn then")


def _check_end(position: Position, geo: Geometry) -> None:
    board = position.board
    south_home, north_home = (square_name(s) for s in geo.homes)
    check(not (board[geo.homes[1]] == CAMEL[0] and board[geo.homes[0]] == CAMEL[1]),
          f"camels of both sides stand on the enemy home fields ({north_home} and "
          f"{south_home}); the game ends at the first")
    check(geo.attackers(board, 0) > 0 or geo.attackers(board, 1) > 0,
          "neither side has a camel left that can reach the enemy home field; the game "
          "ends when the first side loses its last one")
    decided = geo.decided(board)
    side = position.side
    if decided is not None:
        winner = decided[1]
        check(side != winner,
              f"{SIDE_NAMES[winner]} has won with the last move, so "
              f"{SIDE_NAMES[1 - winner]} must be the side to move")
        check(position.passes == 0,
              "a game that was just won cannot have passes after the win")
    if position.passes >= 1:
        check(not _can_move(board, 1 - side, geo),
              f"{SIDE_NAMES[1 - side]} is said to have passed but has a legal move")
    if position.passes == 2:
        check(not _can_move(board, side, geo),
              f"both sides are said to have passed but {SIDE_NAMES[side]} has a legal move")


def _can_move(board: tuple[int, ...], seat: int, geo: Geometry) -> bool:
    return bool(generate(board, animals(board, seat), seat, tables(geo)))
