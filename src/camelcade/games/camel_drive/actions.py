"""The actions of Camel Drive and their notation (see the rules file, "Notation").

=====================  ==================  =============================================
action                 text                meaning
=====================  ==================  =============================================
reveal and move        ``draw``            a camel's first turn of a race reveals two
interjection           ``shout forward``   your camel moves by two revealed cards
                       ``shout back``      your camel moves back by one revealed card
                       ``shout left``      the next camel in seat order moves one card
                       ``shout right``     the previous camel in seat order moves one card
bet                    ``bet green``       only in the betting round
chance: a card         ``card 2``          values 0-3, by the cards left in that deck
=====================  ==================  =============================================

The acting camel is always implied by the turn, so no action names its own camel.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from camelcade.core.action import Action
from camelcade.core.errors import ActionSyntaxError
from camelcade.core.words import t
from camelcade.games.camel_drive.spec import CARD_VALUES, COLOURS, SHOUTS


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Reveal the top call card (two on a camel's first turn) and move forward."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Shout(Action):
    """Play an interjection card with one of the four effects in ``SHOUTS``."""

    effect: str

    def __str__(self) -> str:
        return f"shout {self.effect}"


@dataclass(frozen=True, slots=True)
class Bet(Action):
    """Place the acting camel's betting stone on the camel of ``colour``."""

    colour: str

    def __str__(self) -> str:
        return f"bet {self.colour}"


@dataclass(frozen=True, slots=True)
class Card(Action):
    """Chance: the revealed call card has ``value``."""

    value: int

    def __str__(self) -> str:
        return _CARD_TEXT[self.value]


CamelDriveAction = Draw | Shout | Bet | Card

_CARD_TEXT = tuple(f"card {value}" for value in CARD_VALUES)

DRAW = Draw()
SHOUT_ACTIONS = {effect: Shout(effect) for effect in SHOUTS}
BET_ACTIONS = {colour: Bet(colour) for colour in COLOURS}
CARD_ACTIONS = tuple(Card(value) for value in CARD_VALUES)
"""Interned values: the hot paths reuse these instead of building new ones."""

_PATTERN = re.compile(
    rf"^(?:(?P<draw>draw)|shout (?P<shout>{'|'.join(SHOUTS)})"
    rf"|bet (?P<bet>{'|'.join(COLOURS)})|card (?P<card>[0-3]))$"
)


def syntax_help() -> str:
    """What an action looks like, in the current language (the quoted actions and colours
    are notation)."""
    # TRANSLATORS: the quoted actions and the colours are notation; COLOUR stands for what
    # the player fills in and may be translated.
    return t("an action is 'draw', 'shout forward', 'shout back', 'shout left', 'shout "
             "right', 'bet COLOUR' (COLOUR one of {colours}) or 'card 0'..'card 3'",
             colours=", ".join(COLOURS))


def parse(text: str) -> CamelDriveAction:
    """Parse canonical notation (case-insensitive); raise ActionSyntaxError otherwise."""
    known = _BY_TEXT.get(text)
    if known is not None:
        return known
    match = _PATTERN.match(text.strip().lower())
    if match is None:
        raise ActionSyntaxError(t("cannot read '{text}': {help}", text=text,
                                  help=syntax_help()))
    if match["draw"]:
        return DRAW
    if match["shout"]:
        return SHOUT_ACTIONS[match["shout"]]
    if match["bet"]:
        return BET_ACTIONS[match["bet"]]
    return CARD_ACTIONS[int(match["card"])]


_ALL: tuple[CamelDriveAction, ...] = (
    DRAW, *SHOUT_ACTIONS.values(), *BET_ACTIONS.values(), *CARD_ACTIONS)
_BY_TEXT: dict[str, CamelDriveAction] = {str(action): action for action in _ALL}
"""Canonical texts of every action: replaying a saved history needs no regular expression."""
