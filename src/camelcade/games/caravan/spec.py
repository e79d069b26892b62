"""Caravan as data: goods, their values and counts, the action ramp, scoring, options.

Sources and decisions: ``shared/rules/caravan.md`` (seed: the German BGG description of
Galleon Games' *Caravan*). Values marked PROPOSED there are options or documented
decisions here; the board itself is a map file (see ``board.py`` and ``maps/``).
"""

from __future__ import annotations

import os
from typing import Any, Final

from camelcade.core.options import Control, Option, Preset, choice, integer
from camelcade.core.words import N_, t

SIZE: Final = 7
"""The board is 7×7; squares are ``a1``..``g7`` (files a-g, ranks 1-7 from the bottom)."""
FILES: Final = "abcdefg"
SQUARES: Final = SIZE * SIZE
NO_SQUARE: Final = -1

GOODS: Final = ("ivory", "cloth", "gems", "paper", "meat", "swords", "salt", "hides")
"""Every good, rare ones first; a good's index in this tuple is its id in the state."""
GOOD_ID: Final = {name: index for index, name in enumerate(GOODS)}
RARE: Final = frozenset({"ivory", "cloth", "gems", "paper"})
NO_GOOD: Final = -1

VALUE: Final = tuple(6 if good in RARE else 3 for good in GOODS)
"""Points for delivering one good: rare 6, common 3 (seed)."""
FULL_COUNT: Final = tuple(3 if good in RARE else 9 for good in GOODS)
"""Cubes per good in the full game: 48 in all."""
SHORT_REMOVED: Final = tuple(1 if good in RARE else 3 for good in GOODS)
"""Cubes removed for the short game (besettled): 32 remain."""

CUBE_COLOUR: Final = {
    "ivory": "grey", "cloth": "green", "gems": "purple", "paper": "pink",
    "meat": "red", "swords": "blue", "salt": "white", "hides": "brown",
}
"""Cube colours (the two colour sets are sourced, the pairing with names is PROPOSED)."""

GOODS_SPACES: Final = 8
"""Numbered goods spaces 1-8 on every map."""
REFILL_AFTER: Final = 4
"""A refill happens as soon as this many goods were picked up since the last one."""
DEMAND_MARKERS: Final = 44
"""Markers in the box: 4 at setup + 4 at each of 10 refills, exactly enough."""

COLOURS: Final = ("red", "green", "blue", "yellow")
SEAT_NAMES: Final = (N_("Red"), N_("Green"), N_("Blue"), N_("Yellow"))
"""The seats' names, in seat order, written out for the catalogue (``translate`` them)."""
"""Camel colours in seat order."""
LETTERS: Final = tuple(colour[0].upper() for colour in COLOURS)
"""One letter per seat, shown with the colour so a camel is never only a colour."""

MAX_ACTIONS: Final = 4
"""Turn n of the game (counting every player's turns) allows min(n, 4) actions."""
PLACE_COST_EMPTY: Final = 1
PLACE_COST_OCCUPIED: Final = 2
THEFT_MARKERS_EACH: Final = 1


def allowance(turn: int) -> int:
    """Actions allowed in the ``turn``-th turn of the game (1-based): 1, 2, 3, then 4."""
    return min(turn, MAX_ACTIONS)


def penalty(held: int) -> int:
    """Points lost for goods still on your camels at the end: 0, 0, 1, 3, 6, 10, 15 ...

    BGA's 0/0/-1/-3/-6 continued as n(n-1)/2 (CA12).
    """
    return held * (held - 1) // 2


def goods_count(short_game: bool) -> tuple[int, ...]:
    """Cubes of each good in the bag at the start."""
    if short_game:
        return tuple(n - r for n, r in zip(FULL_COUNT, SHORT_REMOVED, strict=True))
    return FULL_COUNT


def square_name(square: int) -> str:
    """0 → 'a1', 6 → 'g1', 48 → 'g7'."""
    return f"{FILES[square % SIZE]}{square // SIZE + 1}"


SQUARE_NAMES: Final = tuple(square_name(square) for square in range(SQUARES))
SQUARE_ID: Final = {name: square for square, name in enumerate(SQUARE_NAMES)}


def _neighbours(square: int) -> tuple[int, ...]:
    row, col = divmod(square, SIZE)
    found = []
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        r, c = row + dr, col + dc
        if 0 <= r < SIZE and 0 <= c < SIZE:
            found.append(r * SIZE + c)
    return tuple(found)


NEIGHBOURS: Final = tuple(_neighbours(square) for square in range(SQUARES))
"""Orthogonal neighbours of every square: chains run through these."""

BIT: Final = tuple(1 << square for square in range(SQUARES))
"""A set of squares is also held as an int whose bit ``square`` is set (``BIT[square]``):
the rules' hot paths test and grow such sets with a few integer operations."""
_FILE_A: Final = sum(BIT[rank * SIZE] for rank in range(SIZE))
_FILE_G: Final = sum(BIT[rank * SIZE + SIZE - 1] for rank in range(SIZE))
_NOT_FILE_A: Final = ~_FILE_A
_NOT_FILE_G: Final = ~_FILE_G


def spread(squares: int) -> int:
    """The set ``squares`` grown by one orthogonal step (bits past g7 may appear; mask them).

    Up and down a rank is a shift by 7; a step along the rank is a shift by 1 that must not
    wrap from file g to the next rank's file a, or back.
    """
    return ((squares << SIZE) | (squares >> SIZE) | ((squares & _NOT_FILE_G) << 1)
            | ((squares & _NOT_FILE_A) >> 1))


NEIGHBOUR_BITS: Final = tuple(spread(bit) & ((1 << SQUARES) - 1) for bit in BIT)
"""``NEIGHBOUR_BITS[square]``: the orthogonal neighbours of ``square`` as a bit set."""


def component(start: int, squares: int) -> int:
    """The squares of ``squares`` joined to ``start`` by orthogonal steps inside ``squares``
    (``start`` included): one chain of camels, as a set of bits. (``spread``, written out:
    this runs in the search's hot path.)"""
    found = frontier = BIT[start]
    while frontier:
        frontier = ((frontier << SIZE) | (frontier >> SIZE) | ((frontier & _NOT_FILE_G) << 1)
                    | ((frontier & _NOT_FILE_A) >> 1)) & squares & ~found
        found |= frontier
    return found


def _flag(value: Any) -> Any:
    """A yes/no option; ``None`` or 'auto' means "decide from the player count"."""
    if value is None or value == "auto":
        return None
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "yes", "1", "on"):
        return True
    if isinstance(value, str) and value.strip().lower() in ("false", "no", "0", "off"):
        return False
    raise ValueError(t("must be true or false (or 'auto')"))


def _map_name(value: Any) -> Any:
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if not isinstance(value, str) or not value.strip():
        raise ValueError(t("must be the name of a map, such as 'standard'"))
    return value.strip()


STANDARD_MAP: Final = "standard"

END_DELIVERY: Final = "delivery"
"""How a game ended: the bag was empty and someone delivered a good."""
END_STALLED: Final = "stalled"
"""How a game ended: a full round in which every player passed without acting (the safety
stop; see ``STOP_ROUND`` and ``STOP_BAG_EMPTY``)."""

END_NO_PROGRESS: Final = "no-progress"
"""How a game ended: ``no_progress_rounds`` full rounds passed without a pick-up, delivery,
theft or draw (the second safety stop; decision CA18)."""

STOP_ROUND: Final = "round"
"""The default safety stop (rules file, End; decision CA13): a full round in which every
player passes without acting ends the game at any time. Such a round repeats the position,
and without it a game could go on for ever (every camel laden before the bag is empty is
reachable, and then nobody can act)."""
STOP_BAG_EMPTY: Final = "bag-empty"
"""The rules file's original wording: such a round ends the game only once the bag is
empty, or when nobody can act at all."""

NO_PROGRESS_ROUNDS: Final = 10
"""The default of ``no_progress_rounds`` (CA18): ten full rounds, some 40 actions a player,
without a single pick-up, delivery, theft or draw is a game going nowhere. Play that gets
anywhere picks a good up every round or two; relays and camel moves can be repeated for
ever (a good relayed a1-b1 and back), so they do not count as progress."""
NO_PROGRESS_OFF: Final = 0
"""``no_progress_rounds=0``: no such stop (the rules of version 1)."""
MAX_NO_PROGRESS_ROUNDS: Final = 1000

PRESETS: Final = (
    Preset(N_("Standard"), N_("Five camels each; with 2 or 3 players the short game of "
                              "32 goods.")),
    Preset(N_("Introductory game: six camels"),
           N_("Every player starts with six camels instead of five."), {"camels": 6}),
    Preset(N_("Full game: 48 goods"), N_("All 48 goods in the bag, whatever the number of "
                                         "players."), {"short_game": False}),
)
OPTIONS: Final = (
    Option(
        "camels",
        5,
        N_("5, or 6 (introductory game)"),
        integer(5, 6),
        N_("camels per player (seed: five, six in an introductory game)"),
        label=N_("Camels per player"),
        explain=N_("Five camels each; six make the introductory game."),
    ),
    Option(
        "short_game",
        None,
        N_("true or false; by default true for 2-3 players, false for 4"),
        _flag,
        N_("remove 3 of each common and 1 of each rare good, leaving 32 (CA10)"),
        label=N_("Short game"),
        explain=N_("Play with 32 goods instead of 48, as the rules advise for 2 or 3 "
                   "players."),
        control=Control("choice", choices=(
            (None, N_("Short with 2 or 3 players, full with 4")),
            (True, N_("Short game: 32 goods")), (False, N_("Full game: 48 goods")))),
    ),
    Option(
        "safety_stop",
        STOP_ROUND,
        N_("'round' or 'bag-empty'"),
        choice(STOP_ROUND, STOP_BAG_EMPTY),
        N_("when a full round of passes without any action ends the game (see the docs)"),
        label=N_("When passing ends the game"),
        explain=N_("A full round in which everyone passes ends the game: at any time, or "
                   "only once the bag is empty."),
        control=Control("choice", choices=(
            (STOP_ROUND, N_("At any time")), (STOP_BAG_EMPTY, N_("Once the bag is empty")))),
    ),
    Option(
        "no_progress_rounds",
        NO_PROGRESS_ROUNDS,
        N_("0 (never) or a whole number of rounds from 1 to 1000"),
        integer(NO_PROGRESS_OFF, MAX_NO_PROGRESS_ROUNDS),
        N_("full rounds without a pick-up, delivery, theft or draw that end the game (CA18; "
        "0: never)"),
        label=N_("Rounds without progress that end the game"),
        explain=N_("The game ends after this many full rounds without a pick-up, delivery, "
                   "theft or draw; 0 never ends it this way."),
    ),
    Option(
        "map",
        STANDARD_MAP,
        N_("the name of a map ('standard' or one the server's host installed); at the local "
           "command line also the path of a map file like maps/standard.toml"),
        _map_name,
        N_("the board: which squares are goods spaces and cities"),
        label=N_("Map"),
        explain=N_("Which squares are goods spaces and cities."),
    ),
)
