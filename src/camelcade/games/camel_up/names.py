"""What Camel Up's things are called, in the current language: camels, dice, seats, tiles.

Every name is a whole message of its own (``t("Blue")``, ``t("your cheering tile")``), so
the translations can word each one, and the sentences of :mod:`.text` and
:mod:`.narration` take them as named placeholders. Players have no colour in Camel Up (the
camels do), so a seat is called by the name its player gave ("Ben", see
:func:`camelcade.core.words.player_name`), else "Player 3", and the listener is "you":
their own things are "your", in messages of their own, never "Ben (you)".
"""

from __future__ import annotations

from collections.abc import Sequence

from camelcade.core.types import PlayerId
from camelcade.core.words import and_list, current_language, player_name, t
from camelcade.games.camel_up.spec import Edition

_COLOURS: dict[str, dict[str, str]] = {}


def _colour_names() -> dict[str, str]:
    found = _COLOURS.get(current_language())
    if found is None:
        found = {
            "blue": t("Blue"), "green": t("Green"), "yellow": t("Yellow"), "red": t("Red"),
            "purple": t("Purple"), "orange": t("Orange"), "white": t("White"),
            "black": t("Black"),
        }
        _COLOURS[current_language()] = found
    return found


def colour_name(colour: str) -> str:
    """'Blue', 'Black': a colour as a name (the notation's word is lower case)."""
    return _colour_names()[colour]


def camel_name(edition: Edition, unit: str) -> str:
    """'Blue'; a crazy camel is 'crazy White' (2nd edition: white is never a racer)."""
    if unit in edition.crazy:
        return t("crazy {colour}", colour=colour_name(unit))
    return colour_name(unit)


def seat_label(seat: PlayerId) -> str:
    """A seat's name: its player's ("Ben"), else "Player 3" (numbered from 1, as people
    count; the notation ``partner 2`` and ``--seat`` count from 0)."""
    return player_name(seat)


def then_list(names: Sequence[str]) -> str:
    """'Red', 'Red, then Blue', 'Red, then Blue, then Green' (bottom first)."""
    told = names[0]
    for name in names[1:]:
        told = t("{lower}, then {upper}", lower=told, upper=name)
    return told


def stack_words(edition: Edition, stack: Sequence[str]) -> str:
    """A stack from the bottom: 'Blue', 'Blue, with Red on top', 'Blue, then Green, with
    Red on top' — the top camel last, as it leads."""
    names = [camel_name(edition, unit) for unit in stack]
    if len(names) == 1:
        return names[0]
    return t("{lower}, with {top} on top", lower=then_list(names[:-1]), top=names[-1])


def camel_list(edition: Edition, units: Sequence[str]) -> str:
    """'Blue, Green and crazy Black'."""
    return and_list([camel_name(edition, unit) for unit in units])


def tile_name(side: str, owner: PlayerId, player: PlayerId | None) -> str:
    """'your cheering tile', 'Ben's booing tile' (1st edition: oasis, mirage)."""
    if owner == player:
        return {"cheer": t("your cheering tile"), "boo": t("your booing tile"),
                "oasis": t("your oasis tile"), "mirage": t("your mirage tile")}[side]
    seat = seat_label(owner)
    return {"cheer": t("{seat}'s cheering tile", seat=seat),
            "boo": t("{seat}'s booing tile", seat=seat),
            "oasis": t("{seat}'s oasis tile", seat=seat),
            "mirage": t("{seat}'s mirage tile", seat=seat)}[side]


def side_up(side: str) -> str:
    """'cheering side up' (how a placed tile lies)."""
    return {"cheer": t("cheering side up"), "boo": t("booing side up"),
            "oasis": t("oasis side up"), "mirage": t("mirage side up")}[side]


def ticket_name(colour: str, value: int) -> str:
    """A leg ticket 'Yellow 5', or a racing die out of the pyramid 'Green 2'."""
    return t("{colour} {value}", colour=colour_name(colour), value=value)


def die_name(edition: Edition, die: str) -> str:
    """A die in the pyramid: 'Blue', or 'grey' for the crazy camels' die."""
    return t("grey") if die not in edition.racing else colour_name(die)


def roll_name(edition: Edition, colour: str, value: int) -> str:
    """A die out of the pyramid: 'Green 2'; the grey die 'grey Black 3'."""
    if colour in edition.crazy:
        return t("grey {colour} {value}", colour=colour_name(colour), value=value)
    return ticket_name(colour, value)


def coins_list(coins: Sequence[int], player: PlayerId | None) -> str:
    """'you 10, Ben 12 and Player 3 6': everyone's coins, in seat order."""
    return and_list([t("you {coins}", coins=n) if seat == player
                     else t("{seat} {coins}", seat=seat_label(seat), coins=n)
                     for seat, n in enumerate(coins)])
