"""The actions of Caravan and their notation (the rules file's "Notation" is the contract).

=======================  =====================  ==========================================
action                   text                   meaning
=======================  =====================  ==========================================
place from the supply    ``camel d4``           1 action onto an empty square, 2 onto an
                                                occupied one
move an unladen camel    ``camel b2-d4``        the same costs
pick up                  ``pick a7``            your unladen camel there takes the good and
                                                the demand markers
relay along a chain      ``relay salt a7-d4``   your camels join the two squares; delivers
                                                in the salt city
steal                    ``steal salt c3 2``    the good, the square, the victim's seat
end the turn early       ``pass``
chance: a bag draw       ``draw salt``          fills the lowest-numbered empty goods space
=======================  =====================  ==========================================

Squares are held as ids 0..48 (``a1`` = 0, ``g1`` = 6, ``a2`` = 7, ``g7`` = 48) and goods
as ids into ``spec.GOODS``; the text uses names. Actions are values (equal by value), and
the rules share one object per value (``PLACES``, ``MOVES``, ``RELAYS`` ...).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from camelcade.core.action import Action
from camelcade.core.errors import ActionSyntaxError
from camelcade.core.words import t
from camelcade.games.caravan.goods import good_name
from camelcade.games.caravan.spec import COLOURS, GOODS, SQUARE_ID, SQUARE_NAMES, SQUARES

# Texts of the two most frequent actions, made once: records and saved states print
# thousands of them.
_PLACE_TEXT = tuple(f"camel {name}" for name in SQUARE_NAMES)
_MOVE_TEXT = tuple(tuple(f"camel {a}-{b}" for b in SQUARE_NAMES) for a in SQUARE_NAMES)


@dataclass(frozen=True, slots=True)
class Place(Action):
    """A camel from the supply onto ``to``."""

    to: int

    def __str__(self) -> str:
        return _PLACE_TEXT[self.to]


@dataclass(frozen=True, slots=True)
class Move(Action):
    """An unladen camel from ``start`` onto ``to`` (any square, no adjacency needed)."""

    start: int
    to: int

    def __str__(self) -> str:
        return _MOVE_TEXT[self.start][self.to]


@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Your unladen camel on goods space ``square`` takes the good and its demand markers."""

    square: int

    def __str__(self) -> str:
        return f"pick {SQUARE_NAMES[self.square]}"


@dataclass(frozen=True, slots=True)
class Relay(Action):
    """Move ``good`` from your camel on ``start`` along your chain to your camel on ``to``."""

    good: int
    start: int
    to: int

    def __str__(self) -> str:
        return f"relay {GOODS[self.good]} {SQUARE_NAMES[self.start]}-{SQUARE_NAMES[self.to]}"


@dataclass(frozen=True, slots=True)
class Steal(Action):
    """Take ``good`` from on top of seat ``victim``'s camel on ``square``, under your own."""

    good: int
    square: int
    victim: int

    def __str__(self) -> str:
        return f"steal {GOODS[self.good]} {SQUARE_NAMES[self.square]} {self.victim}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """End the turn without using the remaining actions."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Chance: ``good`` comes out of the bag onto the lowest-numbered empty goods space."""

    good: int

    def __str__(self) -> str:
        return f"draw {GOODS[self.good]}"


CaravanAction = Place | Move | Pick | Relay | Steal | Pass | Draw

# Shared values. Legal-action lists are built from these, never from new objects (the
# rules' hottest path), and parsing returns them too, so an action read from text is the
# very object the state listed and its legality check is an identity scan.
PASS = Pass()
PLACES: tuple[Place, ...] = tuple(Place(to) for to in range(SQUARES))
"""``PLACES[to]``: a camel from the supply onto ``to``."""
MOVES: tuple[tuple[Move, ...], ...] = tuple(
    tuple(Move(start, to) for to in range(SQUARES)) for start in range(SQUARES))
"""``MOVES[start][to]`` (the never legal ``start == to`` included, so that a row is indexed
by square)."""
MOVES_FROM: tuple[tuple[Move, ...], ...] = tuple(
    tuple(move for move in row if move.to != move.start) for row in MOVES)
"""``MOVES_FROM[start]``: every move from ``start``, in square order."""
PICKS: tuple[Pick, ...] = tuple(Pick(square) for square in range(SQUARES))
DRAWS: tuple[Draw, ...] = tuple(Draw(good) for good in range(len(GOODS)))
RELAYS: tuple[tuple[tuple[Relay, ...], ...], ...] = tuple(
    tuple(tuple(Relay(good, start, to) for to in range(SQUARES)) for start in range(SQUARES))
    for good in range(len(GOODS)))
"""``RELAYS[good][start][to]``: every relay (19,208, made once)."""
MAX_SEATS = len(COLOURS)
STEALS: tuple[tuple[tuple[Steal, ...], ...], ...] = tuple(
    tuple(tuple(Steal(good, square, victim) for victim in range(MAX_SEATS))
          for square in range(SQUARES)) for good in range(len(GOODS)))
"""``STEALS[good][square][victim]``: every theft from the seats a game can have."""


def steal(good: int, square: int, victim: int) -> Steal:
    """The shared ``Steal`` (the notation reads seats up to 9; those are never legal)."""
    return STEALS[good][square][victim] if victim < MAX_SEATS else Steal(good, square, victim)


_SQ = r"[a-g][1-7]"
_GOOD = "|".join(GOODS)
_PATTERNS = (
    (re.compile(rf"^camel ({_SQ})$"), "place"),
    (re.compile(rf"^camel ({_SQ})-({_SQ})$"), "move"),
    (re.compile(rf"^pick ({_SQ})$"), "pick"),
    (re.compile(rf"^relay ({_GOOD}) ({_SQ})-({_SQ})$"), "relay"),
    (re.compile(rf"^steal ({_GOOD}) ({_SQ}) ([0-9])$"), "steal"),
    (re.compile(rf"^draw ({_GOOD})$"), "draw"),
    (re.compile(r"^pass$"), "pass"),
)


def syntax_help() -> str:
    """What an action looks like, in the current language. The goods are listed by their
    notation (what is typed), each with its name where the language names it otherwise
    ("salt (Salz)"); the quoted actions are notation too."""
    goods = [token if good_name(good) == token
             else t("{token} ({name})", token=token, name=good_name(good))
             for good, token in enumerate(GOODS)]
    # TRANSLATORS: the quoted actions and the goods are notation and stay as they are;
    # SQUARE, FROM, TO, GOOD and SEAT stand for what the player fills in and may be
    # translated.
    return t("an action is 'camel SQUARE' (from your supply), 'camel FROM-TO', 'pick SQUARE', "
             "'relay GOOD FROM-TO', 'steal GOOD SQUARE SEAT', 'pass' or 'draw GOOD', where "
             "squares are a1 to g7 and goods are {goods}", goods=", ".join(goods))


def parse(text: str) -> CaravanAction:
    """Parse canonical notation (case-insensitive); raise ActionSyntaxError otherwise."""
    return _parse(" ".join(text.lower().split()))


@lru_cache(maxsize=16384)
def _parse(cleaned: str) -> CaravanAction:
    """Parse cleaned text into the shared value (cached: replays parse thousands)."""
    for pattern, kind in _PATTERNS:
        found = pattern.match(cleaned)
        if found is None:
            continue
        parts = found.groups()
        if kind == "place":
            return PLACES[SQUARE_ID[parts[0]]]
        if kind == "move":
            return MOVES[SQUARE_ID[parts[0]]][SQUARE_ID[parts[1]]]
        if kind == "pick":
            return PICKS[SQUARE_ID[parts[0]]]
        if kind == "relay":
            return RELAYS[GOODS.index(parts[0])][SQUARE_ID[parts[1]]][SQUARE_ID[parts[2]]]
        if kind == "steal":
            return steal(GOODS.index(parts[0]), SQUARE_ID[parts[1]], int(parts[2]))
        if kind == "draw":
            return DRAWS[GOODS.index(parts[0])]
        return PASS
    raise ActionSyntaxError(t("cannot read '{text}': {help}", text=cleaned, help=syntax_help()))
