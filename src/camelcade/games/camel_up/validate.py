"""Loading a saved position with every invariant checked, and saying why an action is illegal.

Saved states come from files, the network and bots' samplers, so nothing is trusted: a bad
one raises ``StateError`` naming the field and what is allowed.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from camelcade.core.action import Action
from camelcade.core.errors import check_state as check
from camelcade.games.camel_up.actions import PILES, Bet, Die, Overall, Partner, PlaceTile, Roll
from camelcade.games.camel_up.board import Tile, Track, tile_spaces_allowed
from camelcade.games.camel_up.spec import (
    CRAZY_START,
    DIE_VALUES,
    FIRST_SPACE,
    GREY,
    LAST_SPACE,
    START_SPACES,
    STARTING_COINS,
)
from camelcade.games.camel_up.state import OVER, PHASES, ROLL, SETUP, CamelUpState

FIELDS = {"phase", "track", "tiles", "rolled", "tickets", "pyramid_tickets", "coins",
          "partners", "turn", "start_player", "leg", "hands", "piles"}


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


def _track(state: CamelUpState, data: Any, phase: str) -> Track:
    edition = state.edition
    check(isinstance(data, list), "'track' must be a list of [space, [units bottom first]]")
    track: Track = {}
    for entry in data:
        check(isinstance(entry, list) and len(entry) == 2 and _int(entry[0])
              and isinstance(entry[1], list) and bool(entry[1]),
              f"a track entry is [space, [units...]] with at least one unit, got {entry!r}")
        space, units = entry
        check(space not in track, f"space {space} appears twice in 'track'")
        check(all(u in edition.units for u in units),
              f"units on space {space} must be camels of this edition "
              f"({', '.join(edition.units)}), got {units!r}")
        track[space] = list(units)
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
                  f"space {space} holds {stack!r}")
    else:
        check(len(placed) == len(edition.units),
              f"every camel ({', '.join(edition.units)}) must be on the track")
        if phase == OVER:
            check(len(off) == 1, "a finished game has exactly one unit past the finish line")
            space = next(iter(off))
            check(-2 <= space <= LAST_SPACE + 4, f"space {space} is too far past the line")
        else:
            check(not off, f"spaces run from {FIRST_SPACE} to {LAST_SPACE} until a unit "
                           f"crosses the line; got {sorted(off)}")
    return track


def _tiles(state: CamelUpState, data: Any, track: Track, players: int) -> dict[int, Tile]:
    sides = state.edition.tile_sides
    check(isinstance(data, list), "'tiles' must be a list of [space, side, owner]")
    tiles: dict[int, Tile] = {}
    for entry in data:
        check(isinstance(entry, list) and len(entry) == 3 and _int(entry[0])
              and entry[1] in sides,
              f"a tile is [space, {' or '.join(repr(s) for s in sides)}, owner], got {entry!r}")
        space, side, owner = entry
        owner = _seat(owner, players, "a tile's owner")
        check(FIRST_SPACE < space <= LAST_SPACE, f"tiles go on spaces 2-16, not {space}")
        check(space not in tiles, f"two tiles on space {space}")
        check(all(t.owner != owner for t in tiles.values()), f"seat {owner} has two tiles")
        check(space not in track, f"a camel stands on the tile on space {space}")
        tiles[space] = Tile(space, side, owner)
    check(all(s + 1 not in tiles for s in tiles), "two tiles lie on adjacent spaces")
    return tiles


def _rolled(state: CamelUpState, data: Any) -> list[tuple[str, int]]:
    edition = state.edition
    check(isinstance(data, list), "'rolled' must be a list of [colour, value]")
    rolled = []
    for entry in data:
        check(isinstance(entry, list) and len(entry) == 2 and entry[0] in edition.units
              and entry[1] in DIE_VALUES and _int(entry[1]),
              f"a rolled die is [colour, 1-3] with a camel of this edition, got {entry!r}")
        rolled.append((entry[0], entry[1]))
    dice = [GREY if c in edition.crazy else c for c, _ in rolled]
    check(len(set(dice)) == len(dice), "a die came out of the pyramid twice in one leg")
    return rolled


def _tickets(state: CamelUpState, data: Any, players: int) -> list[list[tuple[str, int]]]:
    edition = state.edition
    tickets = []
    for seat, held in enumerate(_per_seat(data, players, "tickets")):
        check(isinstance(held, list) and all(
            isinstance(t, list) and len(t) == 2 and t[0] in edition.racing
            and t[1] in edition.leg_tickets and _int(t[1]) for t in held),
            f"tickets of seat {seat} must be [colour, value] pairs, got {held!r}")
        tickets.append([(c, v) for c, v in held])
    for colour in edition.racing:
        values = sorted((v for seat in tickets for c, v in seat if c == colour), reverse=True)
        stack = list(edition.leg_tickets)
        check(values == stack[:len(values)],
              f"the {colour} tickets held {values} are not the top of its stack {stack}")
    return tickets


def _cards(state: CamelUpState, hands_data: Any, piles_data: Any, players: int) -> tuple[
        list[list[str]], dict[str, list[tuple[int, str]]]]:
    racing = state.edition.racing
    hands = _per_seat(hands_data, players, "hands")
    check(isinstance(piles_data, dict) and set(piles_data) == set(PILES),
          f"'piles' must be an object with {' and '.join(PILES)} lists")
    piles: dict[str, list[tuple[int, str]]] = {}
    for name in PILES:
        pile = piles_data[name]
        check(isinstance(pile, list) and all(
            isinstance(e, list) and len(e) == 2 and e[1] in racing for e in pile),
            f"the {name} pile must list [seat, colour] cards, got {pile!r}")
        piles[name] = [(_seat(s, players, f"a {name} card's seat"), c) for s, c in pile]
    for seat, hand in enumerate(hands):
        check(isinstance(hand, list) and all(c in racing for c in hand),
              f"hand of seat {seat} must list racing colours, got {hand!r}")
        played = [c for name in PILES for s, c in piles[name] if s == seat]
        check(sorted(hand + played) == sorted(racing),
              f"seat {seat}'s hand and played cards must be its five finish cards, "
              f"one per colour ({', '.join(racing)})")
    return [sorted(hand, key=racing.index) for hand in hands], piles


def _partners(state: CamelUpState, data: Any, players: int) -> list[int | None]:
    partners = _per_seat(data, players, "partners")
    for seat, other in enumerate(partners):
        if other is None:
            continue
        check(state.partnerships, "partnerships exist only with 6+ players (2nd edition)")
        other = _seat(other, players, f"partner of seat {seat}")
        check(other != seat and partners[other] == seat,
              f"seat {seat}'s partnership with {other} must be mutual")
    return partners


def load_position(state: CamelUpState, data: Any) -> None:
    """Fill a fresh ``state`` from ``data``; raise ``StateError`` naming any problem."""
    check(isinstance(data, dict), "'state' must be an object")
    missing, extra = FIELDS - set(data), set(data) - FIELDS
    check(not missing, f"'state' lacks {sorted(missing)}")
    check(not extra, f"'state' has unknown fields {sorted(extra)}; allowed: {sorted(FIELDS)}")
    players = state.game.players
    phase = data["phase"]
    check(phase in PHASES, f"'phase' must be one of {', '.join(PHASES)}, got {phase!r}")
    track = _track(state, data["track"], phase)
    tiles = _tiles(state, data["tiles"], track, players)
    rolled = _rolled(state, data["rolled"])
    tickets = _tickets(state, data["tickets"], players)
    pyramid = _per_seat(data["pyramid_tickets"], players, "pyramid_tickets")
    check(all(_int(n) and n >= 0 for n in pyramid), "pyramid tickets are counts >= 0")
    coins = _per_seat(data["coins"], players, "coins")
    check(all(_int(n) and n >= 0 for n in coins), "coins are whole numbers >= 0")
    hands, piles = _cards(state, data["hands"], data["piles"], players)
    partners = _partners(state, data["partners"], players)
    turn = _seat(data["turn"], players, "'turn'")
    start = _seat(data["start_player"], players, "'start_player'")
    leg = data["leg"]
    check(_int(leg) and leg >= 1, f"'leg' must be a number from 1, got {leg!r}")
    rolls = state.edition.rolls_per_leg
    check(sum(pyramid) == len(rolled),
          "pyramid tickets taken must equal the dice out of the pyramid")
    if phase == SETUP:
        check(not (tiles or rolled or any(tickets) or any(piles.values())
                   or any(p is not None for p in partners)),
              "nothing but camels is placed during setup")
        check(coins == [STARTING_COINS] * players and (turn, start, leg) == (0, 0, 1),
              f"during setup every seat has {STARTING_COINS} coins, seat 0 starts, leg 1")
    elif phase == OVER:
        check(len(rolled) <= rolls, f"at most {rolls} dice come out in a leg")
    else:
        check(len(rolled) < rolls,
              f"the leg ends when {rolls} dice are out; 'rolled' has {len(rolled)}")
    state._phase = phase
    state._track = track
    state._tiles = tiles
    state._rolled = rolled
    state._tickets = tickets
    state._taken = {c: sum(1 for seat in tickets for t in seat if t[0] == c)
                    for c in state.edition.racing}
    state._pyramid_tickets = [int(n) for n in pyramid]
    state._coins = [int(n) for n in coins]
    state._hands = hands
    state._piles = piles
    state._partners = partners
    state._turn = turn
    state._start = start
    state._leg = int(leg)


def why_illegal(state: CamelUpState, action: Action) -> str | None:
    """A plain reason why ``action`` is not legal here (None if no better reason is known)."""
    if state.phase == SETUP:
        return "the camels are being set up; the outcome is a 'die COLOUR VALUE' action"
    if state.phase == ROLL:
        dice = ", ".join(state.pyramid())
        return f"a die is coming out of the pyramid ({dice}); the outcome is 'die COLOUR VALUE'"
    if isinstance(action, Die):
        return "dice come out of the pyramid only after a player takes a pyramid ticket ('roll')"
    seat = state.turn
    if isinstance(action, Bet):
        return f"the {action.colour} leg tickets are all taken this leg"
    if isinstance(action, PlaceTile):
        return _why_tile(state, action)
    if isinstance(action, Overall):
        return f"you have already bet your {action.colour} finish card"
    if isinstance(action, Partner):
        if not state.partnerships:
            return "partnerships exist only with 6 or more players (2nd edition)"
        if action.seat == seat:
            return "you cannot partner yourself"
        if action.seat >= state.game.players:
            return f"there is no seat {action.seat}"
        if state.partner(seat) is not None:
            return "you already have a partner this leg"
        return f"seat {action.seat} already has a partner this leg"
    if isinstance(action, Roll):  # pragma: no cover - rolling is always legal in play
        return None
    return None


def _why_tile(state: CamelUpState, action: PlaceTile) -> str:
    space = action.space
    tiles = state.tiles()
    own = state.tile_of(state.turn)
    if space == FIRST_SPACE:
        return "no tile may go on space 1"
    if own is not None and own.space == space:
        return "a moved tile must go to a different space"
    if space in tiles:
        return f"space {space} already has a tile"
    if space in state.track():
        return f"camels stand on space {space}"
    if space not in tile_spaces_allowed(state.track(), tiles, own.space if own else None):
        return f"space {space} is next to another tile"
    return "not allowed here"  # pragma: no cover


__all__ = ["load_position", "why_illegal"]

