"""Camels on the track: stacking and carrying, tiles, the grey die's choice, the ranking.

The track is a dict from space to the stack on it, bottom first. Spaces are integers: 1..16
on the board, above 16 for a unit that crossed the finish line clockwise, 0 and below for
one carried back over it by a crazy camel, so the ranking is a plain sort by (space,
height) and a camel carried back ranks behind everyone with no special case.

A move is planned first (:func:`plan_move`, pure) and then applied, so the rules, the text
("Blue moves 2 to space 7, onto Red.") and the tests share one account of what happens.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from camelcade.games.camel_up.spec import FIRST_SPACE, LAST_SPACE, Edition

Track = dict[int, list[str]]
"""Space -> the units on it, bottom first; only occupied spaces are keys."""


@dataclass(frozen=True, slots=True)
class Tile:
    """A spectator (2nd edition) or desert (1st edition) tile on the board."""

    space: int
    side: str
    owner: int


class Movement(NamedTuple):
    """What one die does: who moves, where the die value leads, and where they end.

    A named tuple, not a dataclass: one is made for every die of every playout.
    """

    mover: str
    """The camel whose die (or grey-die choice) moves."""
    direction: int
    """+1 clockwise (racing camels), -1 counterclockwise (crazy camels)."""
    steps: int
    group: tuple[str, ...]
    """The moving unit: the mover and everything above it, bottom first."""
    start: int
    landing: int
    """The space the die value reaches, where a tile may push the unit on."""
    tile: Tile | None
    end: int
    on_top: bool
    """False when a backward tile put the unit underneath what stands on ``end``."""
    joined: tuple[str, ...]
    """The units already on ``end`` (bottom first) that the group joins."""

    @property
    def crossed(self) -> bool:
        """The unit left the board over the finish line: the game ends at once."""
        return not FIRST_SPACE <= self.end <= LAST_SPACE


def position_of(track: Mapping[int, Sequence[str]], unit: str) -> int:
    """The space of ``unit`` (raises KeyError if it is not on the track)."""
    for space, stack in track.items():
        if unit in stack:
            return space
    raise KeyError(unit)


def plan_move(
    track: Mapping[int, Sequence[str]],
    tiles: Mapping[int, Tile],
    edition: Edition,
    mover: str,
    steps: int,
    direction: int,
    start: int | None = None,
) -> Movement:
    """The movement of ``mover`` (and all above it) by ``steps`` in ``direction``.

    A unit ending on a tile is pushed one space further in its own direction (forward
    side, on top) or one space back (backward side, underneath); it may thus come back to
    its own start space, underneath the camels it left there.
    """
    if start is None:
        start = position_of(track, mover)
    stack = track[start]
    height = stack.index(mover)
    group = tuple(stack[height:])
    landing = start + direction * steps
    tile = tiles.get(landing)
    if tile is None:
        end, on_top = landing, True
    else:
        push = edition.tile_push(tile.side)
        end, on_top = landing + direction * push, push > 0
        assert end not in tiles, "tiles are never adjacent, so a push cannot meet a tile"
    joined = tuple(stack[:height]) if end == start else tuple(track.get(end, ()))
    return Movement(mover, direction, steps, group, start, landing, tile, end, on_top, joined)


def apply_move(track: Track, movement: Movement) -> None:
    """Carry out a planned movement on ``track`` (in place)."""
    stack = track[movement.start]
    del stack[len(stack) - len(movement.group):]
    if not stack:
        del track[movement.start]
    group = list(movement.group)
    if movement.on_top:
        track.setdefault(movement.end, []).extend(group)
    else:
        track[movement.end] = group + track.get(movement.end, [])


def place_on_top(track: Track, unit: str, space: int) -> None:
    """Setup: put ``unit`` on ``space``, on top of whatever is there."""
    track.setdefault(space, []).append(unit)


def ranking(track: Mapping[int, Sequence[str]], racing: Sequence[str]) -> list[str]:
    """Racing camels from first to last: further clockwise first, then higher first.

    Crazy camels are not ranked. Camels past the line rank by how far past; camels carried
    back over it (space 0 or below) rank behind everyone, higher still ahead.
    """
    return [unit for space in sorted(track, reverse=True) for unit in reversed(track[space])
            if unit in racing]


def _carries_racing(stack: Sequence[str], height: int, crazy: Sequence[str]) -> bool:
    return any(unit not in crazy for unit in stack[height + 1:])


def crazy_to_move(
    track: Mapping[int, Sequence[str]], crazy: Sequence[str], shown: str, precedence: str
) -> str:
    """Which crazy camel the grey die moves when it shows ``shown`` (rules (i)-(iii)).

    (i) if exactly one crazy camel carries racing camels (anywhere above it), that one;
    (ii) if one crazy camel sits directly on the other, the top one; (iii) the colour shown.
    ``precedence`` "stacked-first" tries (ii) before (i). The two orders never disagree (if
    one sits directly on the other, both or neither carry racing camels), but the option
    is kept so a table that reads the rulebook otherwise can say so.
    """
    places = {camel: position_of(track, camel) for camel in crazy}
    heights = {camel: track[places[camel]].index(camel) for camel in crazy}

    def carrying() -> str | None:
        carriers = [c for c in crazy
                    if _carries_racing(track[places[c]], heights[c], crazy)]
        return carriers[0] if len(carriers) == 1 else None

    def stacked() -> str | None:
        for camel in crazy:
            stack, height = track[places[camel]], heights[camel]
            if height > 0 and stack[height - 1] in crazy:
                return camel
        return None

    rules = (carrying, stacked) if precedence == "carrying-first" else (stacked, carrying)
    for rule in rules:
        chosen = rule()
        if chosen is not None:
            return chosen
    return shown


TILE_SPACES = range(FIRST_SPACE + 1, LAST_SPACE + 1)
"""Tiles go on spaces 2..16: never on space 1."""
_TILE_BITS = sum(1 << space for space in TILE_SPACES)


def space_mask(spaces: Iterable[int]) -> int:
    """The spaces 2..16 among ``spaces`` as a bit mask (bit ``s`` for space ``s``)."""
    return sum(1 << space for space in spaces if FIRST_SPACE < space <= LAST_SPACE)


def tile_blocked(occupied: int, tiles: int, own: int) -> int:
    """The spaces 2..16 where a tile may *not* go, as a bit mask.

    ``occupied`` and ``tiles`` are masks of the spaces holding camels and tiles; ``own``
    is the space of the placing player's tile if it is already out (0 if not): it does
    not count for adjacency (PROPOSED) and the tile must move to a different space.
    The rule as bits, because legal actions are listed at every step of every playout.
    """
    others = tiles & ~(1 << own)
    return (occupied | others | others << 1 | others >> 1 | 1 << own) & _TILE_BITS


def free_tile_spaces(blocked: int) -> list[int]:
    """The spaces 2..16 not in the ``blocked`` mask, in track order."""
    return [space for space in TILE_SPACES if not blocked >> space & 1]

