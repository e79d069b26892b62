"""How Camel Drive names its camels and seats in words, for every listener.

Camels are named by their colour word ("Green"). The listener's own camel, where it is
named inside a sentence about something else, is "Green (yours)"; where the listener
acts, the sentence is a "You ..." message of its own (text.py), never a name with "(you)"
glued to a third-person verb. A seat is its camel's colour, or "Team Red and Yellow"
when it runs two; the listener's seat, in lists, is "you".

Every name is a message of its own (``t``), looked up at call time, so each language
names the colours in its own words.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from camelcade.core.types import PlayerId
from camelcade.core.words import and_list, t
from camelcade.games.camel_drive.table import CamelDriveTable

_COLOUR_WORDS: tuple[Callable[[], str], ...] = (
    lambda: t("Red"),
    lambda: t("Yellow"),
    lambda: t("Green"),
    lambda: t("Blue"),
    lambda: t("White"),
    lambda: t("Black"),
)
"""The colour words in seat order (``spec.COLOURS``), each its own message."""


def colour(camel: int) -> str:
    """The camel's colour word: "Green"."""
    return _COLOUR_WORDS[camel]()


def mine(state: CamelDriveTable, camel: int, player: PlayerId | None) -> bool:
    """Whether the listener runs ``camel``."""
    return player is not None and state.owner(camel) == player


def camel(state: CamelDriveTable, camel: int, player: PlayerId | None) -> str:
    """The camel named inside a sentence: "Green", or "Green (yours)" for the listener's."""
    if mine(state, camel, player):
        return t("{colour} (yours)", colour=colour(camel))
    return colour(camel)


def camels(state: CamelDriveTable, which: Iterable[int], player: PlayerId | None) -> str:
    """Several camels as a list: "Green, Blue (yours) and White"."""
    return and_list([camel(state, c, player) for c in which])


def seat(state: CamelDriveTable, seat: PlayerId, player: PlayerId | None = None) -> str:
    """A seat by its colours: "Red", or "Team Red and Yellow" when it runs two camels;
    the listener's seat is "you" (for lists; a sentence about the listener is a "You"
    message of its own)."""
    if seat == player:
        return t("you")
    own = state.camels_of(seat)
    if len(own) == 1:
        return colour(own[0])
    return t("Team {first} and {second}", first=colour(own[0]), second=colour(own[1]))


def seats(state: CamelDriveTable, which: Iterable[PlayerId], player: PlayerId | None) -> str:
    """Several seats as a list, the listener first: "you and Team Green and Blue"."""
    ordered = sorted(which, key=lambda s: (s != player, s))
    return and_list([seat(state, s, player) for s in ordered])


def capitalised(text: str) -> str:
    """A name list at the start of a sentence ("you and Blue" -> "You and Blue")."""
    return text[:1].upper() + text[1:]
