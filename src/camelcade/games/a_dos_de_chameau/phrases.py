"""The small noun phrases every A dos de Chameau text is made of: cards, spaces, camels.

The sentences (``text.py``), the rich board (``terminal.py``) and the browser's board cells
(``web.py``) all name a card, a space or a camel through these functions, so a thing is
called the same everywhere and is translated once. Each phrase is a whole message of its
own ("your camel on space {space}"), never glued from parts, and works from plain values —
a seat, a space, the listener — so the web layout can build it from an observation alone.

``listener`` is the seat being spoken to (None: a spectator, or the public record): that
seat's things are "your", and that seat is "you".
"""

from __future__ import annotations

from collections.abc import Sequence

from camelcade.core.types import PlayerId
from camelcade.core.words import N_, and_list, t, tn, translate
from camelcade.games.a_dos_de_chameau.spec import (
    LEADER,
    MIRAGE_CARD,
    OASIS_FIRST,
    STORM,
    TOWN,
    card_value,
)

SEAT_NAMES: tuple[str, ...] = (N_("Red"), N_("Yellow"), N_("Orange"), N_("Brown"))
"""Seat names in seat order, written out so that each is in the catalogue."""


def colour(seat: PlayerId) -> str:
    """The seat's name, its camels' colour ("Red"): players are called by their colour."""
    return translate(SEAT_NAMES[seat])


def seat_word(seat: PlayerId, listener: PlayerId | None) -> str:
    """"you" for the listener, else the colour: for lists ("Orange 11, Yellow 4, you 3")."""
    return t("you") if seat == listener else colour(seat)


def card_name(card: str) -> str:
    """'oasis3' → 'oasis 3'; 'mirage1' → 'mirage 1'; 'the caravan leader'; 'the sandstorm'."""
    if card == LEADER:
        return t("the caravan leader")
    if card == STORM:
        return t("the sandstorm")
    if card.startswith(MIRAGE_CARD):
        return t("mirage {palms}", palms=card_value(card))
    return t("oasis {palms}", palms=card_value(card))


def card_kind(card: str) -> str:
    """The word printed on a card's face: "Oasis", "Mirage", "Leader", "Sandstorm"."""
    if card == LEADER:
        return t("Leader")
    if card == STORM:
        return t("Sandstorm")
    return t("Mirage") if card.startswith(MIRAGE_CARD) else t("Oasis")


def card_list(cards: Sequence[str]) -> str:
    """"oasis 1, mirage 2 and the sandstorm"; "no cards" for none."""
    return and_list([card_name(card) for card in cards]) if cards else t("no cards")


def oasis_points(points: Sequence[int], space: int) -> int:
    """The points of oasis space ``space`` (31..36) under the game's ``oasis_points``."""
    return points[space - OASIS_FIRST]


def place(space: int, points: Sequence[int]) -> str:
    """Where a camel arrives: "the town", "space 16", "oasis space 36 (6 points)"."""
    if space == TOWN:
        return t("the town")
    if space >= OASIS_FIRST:
        return tn("oasis space {space} ({count} point)", "oasis space {space} ({count} points)",
                  oasis_points(points, space), space=space)
    return t("space {space}", space=space)


def camel(owner: PlayerId, space: int, listener: PlayerId | None,
          actor: PlayerId | None = None) -> str:
    """A camel named by its owner and where it stands: "your camel on space 12", "their
    camel in the town" (the owner is ``actor``, the player just named), "Yellow's camel on
    space 9"."""
    if owner == listener:
        if space == TOWN:
            return t("your camel in the town")
        return t("your camel on space {space}", space=space)
    if owner == actor:
        if space == TOWN:
            return t("their camel in the town")
        return t("their camel on space {space}", space=space)
    if space == TOWN:
        return t("{seat}'s camel in the town", seat=colour(owner))
    return t("{seat}'s camel on space {space}", seat=colour(owner), space=space)


def space_holder(owner: PlayerId | None, listener: PlayerId | None) -> str:
    """Who stands on a space, for the board's cells: "your camel", "Yellow's camel", "empty"."""
    if owner is None:
        return t("empty")
    if owner == listener:
        return t("your camel")
    return t("{seat}'s camel", seat=colour(owner))


def town_camels(counts: Sequence[int], listener: PlayerId | None) -> str:
    """The camels in the town by seat, the listener's first: "2 of your camels and 1 Orange
    camel"; "no camels"."""
    order = sorted(range(len(counts)), key=lambda seat: seat != listener)
    items = []
    for seat in order:
        if not counts[seat]:
            continue
        if seat == listener:
            items.append(tn("{count} of your camels", "{count} of your camels", counts[seat]))
        else:
            items.append(tn("{count} {seat} camel", "{count} {seat} camels", counts[seat],
                            seat=colour(seat)))
    return and_list(items) if items else t("no camels")


def played_cards(discards: Sequence[str]) -> str:
    """A discard pile, top card first: "4 played, oasis 3 on top"; "nothing played"."""
    if not discards:
        return t("nothing played")
    return t("{played} played, {card} on top", played=len(discards),
             card=card_name(discards[-1]))
