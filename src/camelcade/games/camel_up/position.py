"""The saved layout of a Camel Up position, and its validation.

:class:`CamelUpPosition` is one dataclass whose fields are exactly the keys of
``to_json()["state"]``, in their saved order. Saved states come from files, the network and
bots' samplers, so :meth:`CamelUpPosition.from_data` trusts nothing: a bad one raises
``StateError`` naming the field and what is allowed. The state builds itself from a
validated layout (``CamelUpState.from_position``) and writes it back with ``position()``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from camelcade.core.errors import check_state as check
from camelcade.core.saved import SavedPosition
from camelcade.core.types import JSONDict
from camelcade.games.camel_up.actions import PILES
from camelcade.games.camel_up.spec import (
    CRAZY_START,
    DIE_VALUES,
    FIRST_SPACE,
    GREY,
    LAST_SPACE,
    OVER,
    PHASES,
    SETUP,
    START_SPACES,
    STARTING_COINS,
    Edition,
)

Stack = tuple[str, ...]
"""The units on one space, bottom first."""
Card = tuple[int, str]
"""A finish card on an overall pile: (seat, colour)."""
MAX_PAST_LINE = 3
"""How far past space 16 a crossing unit can end: a die of 3 from space 16 (no tile lies
past 16, and a tile never pushes a unit further than the space after it)."""
MIN_BEHIND_LINE = -2
"""How far back over the line a crazy camel can end: a die of 3 from space 1."""


def _value(value: Any) -> Any:
    return value


def _flat(value: tuple[Any, ...]) -> list[Any]:
    return list(value)


def _rows(value: tuple[tuple[Any, ...], ...]) -> list[list[Any]]:
    return [list(row) for row in value]


def _stacks(value: tuple[tuple[int, Stack], ...]) -> list[list[Any]]:
    return [[space, list(units)] for space, units in value]


def _row_lists(value: tuple[tuple[tuple[Any, ...], ...], ...]) -> list[list[list[Any]]]:
    return [[list(item) for item in row] for row in value]


def _piles(value: Mapping[str, tuple[Card, ...]]) -> dict[str, list[list[Any]]]:
    return {name: [list(card) for card in cards] for name, cards in value.items()}


def saved(to_json: Callable[[Any], Any]) -> Any:
    """A layout field, with how it is written as JSON (views and saves read it often, so
    each field says its own shape instead of a generic walk over every value)."""
    return field(metadata={"to_json": to_json})


@dataclass(frozen=True)
class CamelUpPosition(SavedPosition):
    """A whole position, as saved (see the module docstring)."""

    phase: str = saved(_value)
    track: tuple[tuple[int, Stack], ...] = saved(_stacks)
    """(space, units bottom first) for each occupied space, in track order."""
    tiles: tuple[tuple[int, str, int], ...] = saved(_rows)
    """(space, side, owner) for each tile, in track order."""
    rolled: tuple[tuple[str, int], ...] = saved(_rows)
    """Dice out of the pyramid this leg, in order: (colour shown, value)."""
    tickets: tuple[tuple[tuple[str, int], ...], ...] = saved(_row_lists)
    """Each seat's leg tickets, in the order taken: (colour, value)."""
    pyramid_tickets: tuple[int, ...] = saved(_flat)
    coins: tuple[int, ...] = saved(_flat)
    partners: tuple[int | None, ...] = saved(_flat)
    turn: int = saved(_value)
    start_player: int = saved(_value)
    leg: int = saved(_value)
    hands: tuple[Stack, ...] = saved(_rows)
    """Each seat's finish cards still in hand, in racing order."""
    piles: Mapping[str, tuple[Card, ...]] = saved(_piles)
    """The winner and loser piles, earliest card first."""

    def to_data(self, keys: Sequence[str] | None = None) -> JSONDict:
        """The layout as JSON-safe data, keys in field order (only ``keys`` if given)."""
        return {name: write(getattr(self, name)) for name, write in _WRITERS
                if keys is None or name in keys}

    @classmethod
    def from_data(cls, data: Any, *, edition: Edition, players: int) -> CamelUpPosition:
        """The layout of ``data`` (``to_json()["state"]``), every invariant checked."""
        data = cls.checked_keys(data)
        phase = data["phase"]
        check(phase in PHASES, f"'phase' must be one of {', '.join(PHASES)}, got {phase!r}")
        track = _track(edition, data["track"], phase)
        tiles = _tiles(edition, data["tiles"], {space for space, _ in track}, players)
        rolled = _rolled(edition, data["rolled"])
        tickets = _tickets(edition, data["tickets"], players)
        pyramid = _counts(data["pyramid_tickets"], players, "pyramid_tickets",
                          "pyramid tickets are counts >= 0")
        coins = _counts(data["coins"], players, "coins", "coins are whole numbers >= 0")
        hands, piles = _cards(edition, data["hands"], data["piles"], players)
        partners = _partners(data["partners"], players, edition.has_partnerships(players))
        turn = _seat(data["turn"], players, "'turn'")
        start = _seat(data["start_player"], players, "'start_player'")
        leg = data["leg"]
        check(_int(leg) and leg >= 1, f"'leg' must be a number from 1, got {leg!r}")
        rolls = edition.rolls_per_leg
        check(sum(pyramid) == len(rolled),
              "pyramid tickets taken must equal the dice out of the pyramid")
        if phase == SETUP:
            check(not (tiles or rolled or any(tickets) or any(piles.values())
                       or any(p is not None for p in partners)),
                  "nothing but camels is placed during setup")
            check(coins == (STARTING_COINS,) * players and (turn, start, leg) == (0, 0, 1),
                  f"during setup every seat has {STARTING_COINS} coins, seat 0 starts, leg 1")
        elif phase == OVER:
            check(len(rolled) <= rolls, f"at most {rolls} dice come out in a leg")
        else:
            check(len(rolled) < rolls,
                  f"the leg ends when {rolls} dice are out; 'rolled' has {len(rolled)}")
        return cls(phase, track, tiles, rolled, tickets, pyramid, coins, partners, turn,
                   start, leg, hands, piles)


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(value: Any, players: int, name: str) -> int:
    check(_int(value) and 0 <= value < players,
          f"{name} must be a seat from 0 to {players - 1}, got {value!r}")
    return int(value)


def _per_seat(value: Any, players: int, name: str) -> list[Any]:
    check(isinstance(value, list) and len(value) == players,
          f"'{name}' must be a list with one entry per seat ({players})")
    return list(value)


def _counts(value: Any, players: int, name: str, rule: str) -> tuple[int, ...]:
    counts = _per_seat(value, players, name)
    check(all(_int(n) and n >= 0 for n in counts), rule)
    return tuple(int(n) for n in counts)


def _track(edition: Edition, data: Any, phase: str) -> tuple[tuple[int, Stack], ...]:
    check(isinstance(data, list), "'track' must be a list of [space, [units bottom first]]")
    track: dict[int, Stack] = {}
    for entry in data:
        check(isinstance(entry, list) and len(entry) == 2 and _int(entry[0])
              and isinstance(entry[1], list) and bool(entry[1]),
              f"a track entry is [space, [units...]] with at least one unit, got {entry!r}")
        space, units = entry
        check(space not in track, f"space {space} appears twice in 'track'")
        check(all(u in edition.units for u in units),
              f"units on space {space} must be camels of this edition "
              f"({', '.join(edition.units)}), got {units!r}")
        track[space] = tuple(units)
    placed = Counter(u for stack in track.values() for u in stack)
    check(all(n == 1 for n in placed.values()), "a camel stands on the track twice")
    off = {space for space in track if not FIRST_SPACE <= space <= LAST_SPACE}
    if phase == SETUP:
        racing_placed = [u for u in placed if u in edition.racing]
        crazy_placed = [u for u in placed if u in edition.crazy]
        check(len(placed) < len(edition.units), "every camel is placed, so setup is over")
        check(not crazy_placed or len(racing_placed) == len(edition.racing),
              "crazy camels are placed only after every racing camel")
        for space, stack in track.items():
            check(all(space in (START_SPACES if u in edition.racing else CRAZY_START.values())
                      for u in stack),
                  f"at setup racing camels stand on spaces 1-3 and crazy camels on 14-16; "
                  f"space {space} holds {list(stack)!r}")
    else:
        check(len(placed) == len(edition.units),
              f"every camel ({', '.join(edition.units)}) must be on the track")
        if phase == OVER:
            check(len(off) == 1, "a finished game has exactly one unit past the finish line")
            space = next(iter(off))
            check(MIN_BEHIND_LINE <= space <= LAST_SPACE + MAX_PAST_LINE,
                  f"space {space} is too far past the line")
        else:
            check(not off, f"spaces run from {FIRST_SPACE} to {LAST_SPACE} until a unit "
                           f"crosses the line; got {sorted(off)}")
    return tuple(sorted(track.items()))


def _tiles(edition: Edition, data: Any, occupied: set[int], players: int
           ) -> tuple[tuple[int, str, int], ...]:
    sides = edition.tile_sides
    check(isinstance(data, list), "'tiles' must be a list of [space, side, owner]")
    tiles: dict[int, tuple[int, str, int]] = {}
    for entry in data:
        check(isinstance(entry, list) and len(entry) == 3 and _int(entry[0])
              and entry[1] in sides,
              f"a tile is [space, {' or '.join(repr(s) for s in sides)}, owner], got {entry!r}")
        space, side, owner = entry
        owner = _seat(owner, players, "a tile's owner")
        check(FIRST_SPACE < space <= LAST_SPACE, f"tiles go on spaces 2-16, not {space}")
        check(space not in tiles, f"two tiles on space {space}")
        check(all(t[2] != owner for t in tiles.values()), f"seat {owner} has two tiles")
        check(space not in occupied, f"a camel stands on the tile on space {space}")
        tiles[space] = (space, side, owner)
    check(all(s + 1 not in tiles for s in tiles), "two tiles lie on adjacent spaces")
    return tuple(tiles[space] for space in sorted(tiles))


def _rolled(edition: Edition, data: Any) -> tuple[tuple[str, int], ...]:
    check(isinstance(data, list), "'rolled' must be a list of [colour, value]")
    rolled = []
    for entry in data:
        check(isinstance(entry, list) and len(entry) == 2 and entry[0] in edition.units
              and entry[1] in DIE_VALUES and _int(entry[1]),
              f"a rolled die is [colour, 1-3] with a camel of this edition, got {entry!r}")
        rolled.append((entry[0], entry[1]))
    dice = [GREY if c in edition.crazy else c for c, _ in rolled]
    check(len(set(dice)) == len(dice), "a die came out of the pyramid twice in one leg")
    return tuple(rolled)


def _tickets(edition: Edition, data: Any, players: int
             ) -> tuple[tuple[tuple[str, int], ...], ...]:
    tickets = []
    for seat, held in enumerate(_per_seat(data, players, "tickets")):
        check(isinstance(held, list) and all(
            isinstance(t, list) and len(t) == 2 and t[0] in edition.racing
            and t[1] in edition.leg_tickets and _int(t[1]) for t in held),
            f"tickets of seat {seat} must be [colour, value] pairs, got {held!r}")
        tickets.append(tuple((c, v) for c, v in held))
    for colour in edition.racing:
        values = sorted((v for seat in tickets for c, v in seat if c == colour), reverse=True)
        stack = list(edition.leg_tickets)
        check(values == stack[:len(values)],
              f"the {colour} tickets held {values} are not the top of its stack {stack}")
    return tuple(tickets)


def _cards(edition: Edition, hands_data: Any, piles_data: Any, players: int
           ) -> tuple[tuple[Stack, ...], dict[str, tuple[Card, ...]]]:
    racing = edition.racing
    hands = _per_seat(hands_data, players, "hands")
    check(isinstance(piles_data, dict) and set(piles_data) == set(PILES),
          f"'piles' must be an object with {' and '.join(PILES)} lists")
    piles: dict[str, tuple[Card, ...]] = {}
    for name in PILES:
        pile = piles_data[name]
        check(isinstance(pile, list) and all(
            isinstance(e, list) and len(e) == 2 and e[1] in racing for e in pile),
            f"the {name} pile must list [seat, colour] cards, got {pile!r}")
        piles[name] = tuple((_seat(s, players, f"a {name} card's seat"), c) for s, c in pile)
    for seat, hand in enumerate(hands):
        check(isinstance(hand, list) and all(c in racing for c in hand),
              f"hand of seat {seat} must list racing colours, got {hand!r}")
        played = [c for name in PILES for s, c in piles[name] if s == seat]
        check(sorted(hand + played) == sorted(racing),
              f"seat {seat}'s hand and played cards must be its five finish cards, "
              f"one per colour ({', '.join(racing)})")
    return tuple(tuple(sorted(hand, key=racing.index)) for hand in hands), piles


def _partners(data: Any, players: int, allowed: bool) -> tuple[int | None, ...]:
    partners = _per_seat(data, players, "partners")
    for seat, other in enumerate(partners):
        if other is None:
            continue
        check(allowed, "partnerships exist only with 6+ players (2nd edition)")
        other = _seat(other, players, f"partner of seat {seat}")
        check(other != seat and partners[other] == seat,
              f"seat {seat}'s partnership with {other} must be mutual")
    return tuple(partners)


SECRET_KEYS = ("hands", "piles")
"""The saved fields that hold what some seat may not see (finish cards)."""
_WRITERS = tuple((f.name, f.metadata["to_json"]) for f in fields(CamelUpPosition))
SAVED_KEYS = CamelUpPosition.keys()
PUBLIC_KEYS = tuple(name for name in SAVED_KEYS if name not in SECRET_KEYS)
"""The saved fields every seat sees as they are."""
