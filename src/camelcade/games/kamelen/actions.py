"""The actions of Kamelen and their notation (rules file, "Notation": a contract).

==========  ==========  ==========================================================
action      text        meaning
==========  ==========  ==========================================================
move        ``c2-d5``   the animal on c2 leaps to d5 (capturing whatever enemy is there)
capture     ``c2-d5``   written the same way; ``c2xd5`` is accepted when parsing
pass        ``pass``    only when the player to move has no legal move
==========  ==========  ==========================================================

Squares are ``a1``..``k13``: files a-k, ranks 1..N from South's side. A square that is not
on the board being played (``a13`` on 11x11) does not parse.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from camelcade.core.action import Action
from camelcade.core.errors import ActionSyntaxError
from camelcade.core.words import t
from camelcade.games.kamelen.geometry import SQUARE_NAMES, Geometry


@dataclass(frozen=True, slots=True)
class Move(Action):
    """An animal leaps from ``source`` to ``target`` (square indices, a1 = 0).

    Moves are interned (``move``): the generator lists shared values, so legality is an
    identity check and a search may compare moves with ``is``. Equal moves made apart
    (``Move(2, 36)``) are still equal and hash alike.
    """

    source: int
    target: int
    code: int = field(init=False, compare=False, repr=False)
    """The move as the int ``source << 8 | target``: its hash, and a cheap table key."""
    text: str = field(init=False, compare=False, repr=False)
    """Its notation, written once (records and histories print every move)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "code", self.source << 8 | self.target)
        text = f"{SQUARE_NAMES[self.source]}-{SQUARE_NAMES[self.target]}"
        object.__setattr__(self, "text", text)

    def __hash__(self) -> int:
        return self.code

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """No legal move exists: the turn passes (two passes in a row draw the game)."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()

_PATTERN = re.compile(r"^([a-z])(\d{1,2})\s*[-x]\s*([a-z])(\d{1,2})$")

_MOVES: dict[int, Move] = {}


def move(source: int, target: int) -> Move:
    """The shared ``Move`` value for a pair of squares (moves are interned: cheap to list)."""
    code = source << 8 | target
    found = _MOVES.get(code)
    if found is None:
        found = _MOVES[code] = Move(source, target)
    return found


def syntax_help() -> str:
    """What a move looks like, in the current language (the examples are notation)."""
    # TRANSLATORS: FROMSQUARE and TOSQUARE stand for squares and may be translated; the
    # examples and 'pass' are notation.
    return t("a move is 'FROMSQUARE-TOSQUARE' such as 'c2-d5' (or 'c2xd5'), or 'pass'")


def parse(text: str, geo: Geometry) -> Move | Pass:
    """Parse notation (case-insensitive) for a board of ``geo``; ActionSyntaxError otherwise."""
    lowered = text.strip().lower()
    if lowered == "pass":
        return PASS
    match = _PATTERN.match(lowered)
    if match is None:
        raise ActionSyntaxError(t("cannot read '{text}': {help}", text=text,
                                  help=syntax_help()))
    names = (match[1] + match[2], match[3] + match[4])
    squares = []
    for name in names:
        square = geo.square(name)
        if square is None:
            raise ActionSyntaxError(t(
                "cannot read '{text}': {square} is not a square of the 11x{ranks} board "
                "(files a-k, ranks 1-{ranks})", text=text, square=name, ranks=geo.ranks))
        squares.append(square)
    return move(squares[0], squares[1])
