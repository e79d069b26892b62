"""A seat's three camels as one shared, immutable value: where they stand, and what that
means for the legal plays.

Every legal-action list needs the spaces a seat's camels stand on (each once, lowest
first), those outside the oasis (the caravan leader's choices) and their bit mask (a
mirage's targets are the other seats' camels). A :class:`Herd` works these out once for
each arrangement of three camels, and remembers the herd each move leads to, so the rules
look them up instead of recomputing them, and a state's copy copies references.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable
from typing import Final

from camelcade.games.a_dos_de_chameau.actions import PLAYS, Play
from camelcade.games.a_dos_de_chameau.spec import LEADER, OASIS_FIRST, TOWN


class Herd:
    """One seat's camels by space; make them with :func:`herd_of`."""

    __slots__ = ("front", "in_town", "mask", "moves", "plays", "spaces", "stands")

    def __init__(self, spaces: tuple[int, ...]) -> None:
        self.spaces = spaces
        """Each camel's space, lowest first (0 = the town)."""
        stands = self.stands = tuple(dict.fromkeys(spaces))
        """Each space holding one of these camels, once, lowest first."""
        self.front = stands[-1]
        """The space of the most advanced of these camels."""
        self.plays: dict[str, tuple[Play, ...]] = {
            card: tuple(map(plays.__getitem__, stands)) for card, plays in PLAYS.items()
        }
        """Each card played on each of these camels, lowest space first (the caravan leader
        only on those outside the oasis, which it never moves)."""
        self.plays[LEADER] = self.plays[LEADER][:bisect_left(stands, OASIS_FIRST)]
        mask = 0
        for space in stands:
            mask |= 1 << space
        self.mask = mask & ~(1 << TOWN)
        """Bits of the path spaces these camels stand on."""
        self.in_town = spaces.count(TOWN)
        self.moves: dict[int, Herd] = {}
        """The herds its moves lead to, by ``start << 6 | end`` (filled by :meth:`moved`)."""

    def moved(self, start: int, end: int) -> Herd:
        """This herd after its camel on ``start`` goes to ``end``."""
        key = start << 6 | end
        found = self.moves.get(key)
        if found is None:
            spaces = list(self.spaces)
            spaces[spaces.index(start)] = end
            found = self.moves[key] = herd_of(spaces)
        return found

    def __repr__(self) -> str:
        return f"herd_of({list(self.spaces)!r})"


_INTERNED: Final[dict[tuple[int, ...], Herd]] = {}
"""Every herd made so far, by its spaces (at most about nine thousand)."""


def herd_of(spaces: Iterable[int]) -> Herd:
    """The shared value of camels on ``spaces`` (0-36, in any order)."""
    key = tuple(sorted(spaces))
    found = _INTERNED.get(key)
    if found is None:
        found = _INTERNED[key] = Herd(key)
    return found
