"""The actions of A dos de Chameau and their notation (see the rules file, "Notation").

=====================  ==================  =============================================
action                 text                meaning
=====================  ==================  =============================================
play an oasis card     ``oasis3 12``       your camel on space 12 moves 3 empty spaces on
play a mirage card     ``mirage2 17``      another player's camel on 17 goes back 2
caravan leader         ``leader 4``        your camel on 4 jumps ahead of the leader
sandstorm              ``storm``           everyone reshuffles all 12 cards and draws 3
dead card              ``discard mirage3`` only when no card in hand has a legal play
chance: a draw         ``draw oasis2``     seen only by the drawing player
=====================  ==================  =============================================

Space ``0`` is the town; camels in town are alike, so ``oasis2 0`` moves one of them.

Each action keeps its text, made once: records and histories print every action of a
game, and the values are shared (``PLAYS``, ``DISCARDS``, ``DRAWS``), so the text is made
once per value, not once per print.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Final

from camelcade.core.action import Action
from camelcade.core.errors import ActionSyntaxError
from camelcade.core.words import t
from camelcade.games.a_dos_de_chameau.spec import CARD_ORDER, STORM, TRACK_END


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play ``card`` from hand; ``space`` names the camel it acts on (None for the storm)."""

    card: str
    space: int | None = None
    _text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        text = self.card if self.space is None else f"{self.card} {self.space}"
        object.__setattr__(self, "_text", text)

    def __str__(self) -> str:
        return self._text


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Put a card with no legal use onto the discard pile, without effect (AD4)."""

    card: str
    _text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", f"discard {self.card}")

    def __str__(self) -> str:
        return self._text


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Chance: the drawing player takes ``card`` from their face-down pile."""

    card: str
    _text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", f"draw {self.card}")

    def __str__(self) -> str:
        return self._text


ADoSAction = Play | Discard | Draw

PLAYS: Final = {card: tuple(Play(card, space) for space in range(TRACK_END + 1))
                for card in CARD_ORDER if card != STORM}
"""``PLAYS[card][space]``: the one shared value of each card play naming a camel.

Legal-action lists and the parser hand out these same objects, so no list allocates an
action, and a parsed action is found among the legal ones by identity."""
STORM_PLAY: Final = Play(STORM)
DISCARDS: Final = {card: Discard(card) for card in CARD_ORDER}
DRAWS: Final = {card: Draw(card) for card in CARD_ORDER}

_CARDS = "|".join(CARD_ORDER)
_PATTERN = re.compile(rf"^(?:(?P<verb>discard|draw) (?P<card>{_CARDS})|(?P<play>{_CARDS})"
                      rf"(?: (?P<space>[0-9]{{1,2}}))?)$")


def syntax_help() -> str:
    """What an action looks like, in the current language (the notation stays notation)."""
    # TRANSLATORS: the quoted actions are notation and stay as they are; SPACE and CARD
    # stand for what the player fills in and may be translated.
    return t("an action is 'oasis1'..'oasis4 SPACE', 'mirage1'..'mirage3 SPACE', "
             "'leader SPACE', 'storm', 'discard CARD' or 'draw CARD', where SPACE is 0 (the "
             "town) to {last} and CARD one of {cards}", last=TRACK_END,
             cards=", ".join(CARD_ORDER))


def parse(text: str) -> ADoSAction:
    """Parse canonical notation (case-insensitive); raise ActionSyntaxError otherwise."""
    match = _PATTERN.match(text.strip().lower())
    if match is None:
        raise ActionSyntaxError(t("cannot read '{text}': {help}", text=text,
                                  help=syntax_help()))
    if match["verb"] == "discard":
        return DISCARDS[match["card"]]
    if match["verb"] == "draw":
        return DRAWS[match["card"]]
    card, space = match["play"], match["space"]
    if card == STORM:
        if space is not None:
            raise ActionSyntaxError(t("cannot read '{text}': the sandstorm names no space",
                                      text=text))
        return STORM_PLAY
    if space is None:
        raise ActionSyntaxError(t("cannot read '{text}': {card} needs the space of the camel "
                                  "it moves, e.g. '{card} 12' (0 is the town)",
                                  text=text, card=card))
    number = int(space)
    if number > TRACK_END:
        raise ActionSyntaxError(t("cannot read '{text}': spaces run from 0 (town) to {last}",
                                  text=text, last=TRACK_END))
    return PLAYS[card][number]
