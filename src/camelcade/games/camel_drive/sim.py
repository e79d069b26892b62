"""A fast stand-in for the rest of a race, for bots and the odds advisor.

The rules engine checks every move; a bot that wants a few thousand race endings per
decision needs none of that. ``Table`` copies the public part of an observation into
plain lists, ``deal`` turns what a seat knows of each deck (pile size and top discard, or
with perfect memory the exact pile) into a random draw order, and ``finish_race`` plays
the race out with card moves only. Nothing here is a rule of its own: the turn passing,
the first-finish hand-over and the placing points mirror ``state.py`` (a test compares
the two on random positions).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from camelcade.core.types import JSONDict
from camelcade.games.camel_drive.spec import (
    CARD_VALUES,
    COPIES,
    NEXT_PLACED_POINTS,
    OPENING_CARDS,
    OTHER_POINTS,
    RACE,
    SHOUT_FORWARD_CARDS,
    WIN_POINTS,
    owner_of,
)

FULL_DECK = tuple(v for v in CARD_VALUES for _ in range(COPIES))


@dataclass
class Table:
    """The public position of one race, as plain lists (copied; safe to change)."""

    players: int
    length: int
    phase: str
    turn: int
    positions: list[int]
    opened: list[bool]
    first: int | None
    bets: list[int | None]
    pile_sizes: list[int]
    tops: list[int | None]

    @property
    def camels(self) -> int:
        return len(self.positions)

    @classmethod
    def from_observation(cls, observation: JSONDict, players: int, length: int) -> Table:
        return cls(
            players=players,
            length=length,
            phase=observation["phase"],
            turn=observation["turn"],
            positions=list(observation["positions"]),
            opened=list(observation["opened"]),
            first=observation["first"],
            bets=list(observation["bets"]),
            pile_sizes=list(observation["pile_sizes"]),
            tops=list(observation["tops"]),
        )

    def copy(self) -> Table:
        """A copy whose positions and opening flags can be played on."""
        return Table(self.players, self.length, self.phase, self.turn, list(self.positions),
                     list(self.opened), self.first, list(self.bets), self.pile_sizes,
                     self.tops)

    def owner(self, camel: int) -> int:
        return owner_of(camel, self.players)


Deal = tuple[list[list[int]], list[list[int]]]
"""Per camel: the draw order (a stack, next card last) and the discard pile."""


def deal(table: Table, rng: random.Random, piles: list[list[int]] | None = None) -> Deal:
    """A random draw order for every deck, consistent with what the seat knows.

    Without ``piles`` (counts per value, from perfect memory) a seat knows only the pile
    size and the top discard, so the pile is a random part of the other eleven cards.
    """
    orders, discards = [], []
    for camel in range(table.camels):
        size, top = table.pile_sizes[camel], table.tops[camel]
        if piles is not None:
            pile = [v for v in CARD_VALUES for _ in range(piles[camel][v])]
            gone = list(FULL_DECK)
            for card in pile:
                gone.remove(card)
        else:
            rest = list(FULL_DECK)
            if top is not None:
                rest.remove(top)
            rng.shuffle(rest)
            pile, gone = rest[:size], rest[size:]
            if top is not None:
                gone.append(top)
        rng.shuffle(pile)
        orders.append(pile)
        discards.append(gone)
    return orders, discards


def _draw(camel: int, orders: list[list[int]], discards: list[list[int]],
          rng: random.Random) -> int:
    order = orders[camel]
    if not order:
        order[:] = discards[camel]
        discards[camel].clear()
        rng.shuffle(order)
    card = order.pop()
    discards[camel].append(card)
    return card


@dataclass
class Outcome:
    """How a simulated race ended: who finished first and second, and where all stood."""

    first: int
    winner: int
    positions: list[int]

    def placing_points(self) -> list[int]:
        """Race points for placing only (bets aside), per camel."""
        points = [0] * len(self.positions)
        points[self.winner] = WIN_POINTS
        others = [c for c in range(len(points)) if c not in (self.first, self.winner)]
        best = max(self.positions[c] for c in others)
        for c in others:
            points[c] = NEXT_PLACED_POINTS if self.positions[c] == best else OTHER_POINTS
        return points


def finish_race(
    table: Table,
    dealt: Deal,
    rng: random.Random,
    move: tuple[int, int, int] | None = None,
) -> Outcome:
    """Play the race to its end with card moves only; the table and deal are used up.

    ``move`` = (camel, cards, +1 or -1) is the acting camel's chosen move, made first by
    the camel whose turn it is (a neighbour's interjected move passes that camel).
    """
    orders, discards = dealt
    pos, opened, n, length = table.positions, table.opened, table.camels, table.length
    first = table.first
    turn = table.turn
    racing = table.phase == RACE
    pending = move
    while True:
        actor = turn
        if pending is None:
            camel, cards, sign = turn, 1 if opened[turn] else OPENING_CARDS, 1
            opened[turn] = True
        else:
            camel, cards, sign = pending
            pending = None
        steps = 0
        for _ in range(cards):
            steps += _draw(camel, orders, discards, rng)
        new = pos[camel] + sign * steps
        if new < 0:
            new = 0
        if new >= length:
            pos[camel] = length
            if not racing:
                assert first is not None
                return Outcome(first, camel, pos)
            first = camel
            racing = False
            turn = actor if actor != camel else (camel + 1) % n
            continue
        pos[camel] = new
        turn = (actor + 1) % n
        if turn == first:
            turn = (turn + 1) % n


def shout_move(table: Table, effect: str) -> tuple[int, int, int]:
    """The (camel, cards, direction) of an interjection by the camel whose turn it is."""
    turn, n = table.turn, table.camels
    if effect == "forward":
        return (turn, SHOUT_FORWARD_CARDS, 1)
    if effect == "back":
        return (turn, 1, -1)
    return ((turn + 1) % n if effect == "left" else (turn - 1) % n, 1, 1)


def win_chances(table: Table, rng: random.Random, samples: int,
                piles: list[list[int]] | None = None) -> list[float]:
    """Estimated chance of each camel winning the race (finishing second)."""
    wins = [0] * table.camels
    for _ in range(samples):
        wins[finish_race(table.copy(), deal(table, rng, piles), rng).winner] += 1
    return [w / samples for w in wins]
