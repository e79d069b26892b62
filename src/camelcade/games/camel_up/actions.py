"""The actions of Camel Up and their notation (rules file, "Notation": an API contract).

=========================================  =====================  ===========================
action                                     text                   notes
=========================================  =====================  ===========================
take the top leg ticket of a colour        ``bet blue``
place or move your spectator tile          ``tile 7 cheer``       edition 1: ``oasis``/``mirage``
take a pyramid ticket and roll             ``roll``               a chance node follows
overall winner / loser bet                 ``winner red``         hidden from the other seats
partnership (6+ players, 2nd edition)      ``partner 3``          a seat number
chance: a die comes out of the pyramid     ``die blue 2``         ``die white 3`` = grey die
=========================================  =====================  ===========================

Setup is chance too: ``die blue 2`` puts Blue on space 2; ``die white 2`` puts the crazy
White on 15. Colours and tile sides are those of the game's edition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from camelcade.core.action import Action
from camelcade.core.errors import ActionSyntaxError
from camelcade.core.words import t
from camelcade.games.camel_up.spec import DIE_VALUES, LAST_SPACE, MAX_PLAYERS, Edition

WINNER = "winner"
LOSER = "loser"
PILES = (WINNER, LOSER)


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Take a pyramid ticket; a die then comes out of the pyramid (chance)."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Bet(Action):
    """Take the top leg-betting ticket of ``colour``."""

    colour: str

    def __str__(self) -> str:
        return f"bet {self.colour}"


@dataclass(frozen=True, slots=True)
class PlaceTile(Action):
    """Place (or move) your spectator / desert tile on ``space`` with ``side`` up."""

    space: int
    side: str

    def __str__(self) -> str:
        return f"tile {self.space} {self.side}"


@dataclass(frozen=True, slots=True)
class Overall(Action):
    """Put your ``colour`` finish card face down on the ``pile`` ("winner" or "loser")."""

    pile: str
    colour: str

    def __str__(self) -> str:
        return f"{self.pile} {self.colour}"


@dataclass(frozen=True, slots=True)
class Partner(Action):
    """Form a partnership for this leg with ``seat`` (6 or more players)."""

    seat: int

    def __str__(self) -> str:
        return f"partner {self.seat}"


@dataclass(frozen=True, slots=True)
class Die(Action):
    """Chance: a die shows ``colour`` and ``value`` (the grey die shows white or black)."""

    colour: str
    value: int

    def __str__(self) -> str:
        return f"die {self.colour} {self.value}"


CamelUpAction = Roll | Bet | PlaceTile | Overall | Partner | Die

# -- shared action values ------------------------------------------------------------------
# Legal actions are listed at every step of every playout and searched by hash, so each
# distinct action is made once and reused: no per-call object churn, and an action taken
# from one state's list is the very object another state lists (identity, not equality).

ROLL_ACTION = Roll()
bet = cache(Bet)
tile = cache(PlaceTile)
overall = cache(Overall)
partner = cache(Partner)
die = cache(Die)


def tile_actions(spaces: tuple[int, ...], sides: tuple[str, str]) -> tuple[PlaceTile, ...]:
    """Both sides of a tile on each of ``spaces``, in track order."""
    return tuple(tile(space, side) for space in spaces for side in sides)


@cache
def overall_actions(hand: tuple[str, ...]) -> tuple[Overall, ...]:
    """A finish card of ``hand`` on the winner pile, then on the loser pile."""
    return tuple(overall(pile, colour) for pile in PILES for colour in hand)

_WORD = re.compile(r"^[a-z]+$")
_NUMBER = re.compile(r"^\d{1,2}$")


def syntax_help(edition: Edition) -> str:
    """What an action of ``edition`` looks like, in the current language (the quoted actions
    are notation and stay as they are)."""
    values = {"racing": "|".join(edition.racing), "dice": "|".join(edition.units),
              "sides": "|".join(edition.tile_sides), "last": LAST_SPACE}
    # TRANSLATORS: the quoted actions are notation; SPACE, COLOUR and SEAT stand for what
    # the player fills in and may be translated.
    if edition.partnerships:
        return t("an action is 'roll', 'bet {racing}', 'tile SPACE {sides}' (SPACE 2-{last}), "
                 "'winner COLOUR', 'loser COLOUR', 'partner SEAT' or the chance outcome 'die "
                 "{dice} 1-3'", **values)
    return t("an action is 'roll', 'bet {racing}', 'tile SPACE {sides}' (SPACE 2-{last}), "
             "'winner COLOUR', 'loser COLOUR' or the chance outcome 'die {dice} 1-3'",
             **values)


def parse(text: str, edition: Edition) -> CamelUpAction:
    """Parse canonical notation (case-insensitive) for ``edition``; else ActionSyntaxError."""
    words = text.strip().lower().split()

    def fail(why: str) -> ActionSyntaxError:
        return ActionSyntaxError(t("cannot read '{text}': {why}; {help}", text=text, why=why,
                                   help=syntax_help(edition)))

    if not words or not all(_WORD.match(w) or _NUMBER.match(w) for w in words):
        raise fail(t("unknown words"))
    verb, args = words[0], words[1:]
    if verb == "roll" and not args:
        return ROLL_ACTION
    if verb in ("bet", WINNER, LOSER) and len(args) == 1:
        colour = args[0]
        if colour not in edition.racing:
            raise fail(t("'{colour}' is not a racing camel ({camels})", colour=colour,
                         camels=", ".join(edition.racing)))
        return bet(colour) if verb == "bet" else overall(verb, colour)
    if verb == "tile" and len(args) == 2:
        space, side = args
        if not _NUMBER.match(space) or not 1 <= int(space) <= LAST_SPACE:
            raise fail(t("'{space}' is not a space 1-{last}", space=space, last=LAST_SPACE))
        if side not in edition.tile_sides:
            first, second = edition.tile_sides
            raise fail(t("'{side}' is not a tile side ({first} or {second})", side=side,
                         first=first, second=second))
        return tile(int(space), side)
    if verb == "partner" and len(args) == 1 and _NUMBER.match(args[0]):
        seat = int(args[0])
        if not edition.partnerships or seat >= MAX_PLAYERS:
            raise fail(t("partnerships name a seat 0-7 (2nd edition only)"))
        return partner(seat)
    if verb == "die" and len(args) == 2:
        colour, value = args
        if colour not in edition.units:
            raise fail(t("'{colour}' is not a camel ({camels})", colour=colour,
                         camels=", ".join(edition.units)))
        if not _NUMBER.match(value) or int(value) not in DIE_VALUES:
            raise fail(t("'{value}' is not a die value 1-3", value=value))
        return die(colour, int(value))
    raise fail(t("unknown action"))
