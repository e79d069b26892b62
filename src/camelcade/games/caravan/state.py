"""The rules of Caravan: the action ramp, placing and moving camels, pick-ups, relays along
chains of your camels, theft, refills from the bag as chance, delivery, the end, scoring.

A camel carries at most one good, on top or under: one with a good under it counts as
laden (PROPOSED in the rules file), so it can neither pick up, receive, steal nor move.
Bag draws are chance nodes over what is left, so the bag needs no order.

The representation serves the hot path (random playouts and search: thousands of actions
a game, 100-250 legal actions a position, nine in ten of them camel moves). Per seat the
unladen camels are a sorted list of squares (repeats allowed) and a bit set of those
squares (``spec.BIT``); laden camels, which move only when a relay unloads them, are a
sorted tuple of ``(square, good, under)``, and what picks, relays and thefts need is
derived from them, the goods spaces and the theft markers only after such a rare change
(``loads.py``). So the common position, where an unladen camel can only move, is known by
one ``&``; moves are rows of shared action values (``actions.MOVES_FROM``) joined in C, the
empty squares of a turn's last action a list of flags for ``compress``. Relay lists are
remembered per set of laden camels, shared by copies. The seat to act is a field, kept up
to date by every change, because the core asks for it several times per step.

Measured by ``benchmarks/bench_core.py`` (see ``docs/games/caravan.md``, Internals); the
plain reading of the rules these fast paths must equal is ``tests/games/caravan/
test_legal_reference.py``.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Sequence
from itertools import compress
from typing import TYPE_CHECKING, Protocol, cast

from camelcade.core.action import Action
from camelcade.core.game import State
from camelcade.core.types import CHANCE, TERMINAL, JSONDict, PlayerId
from camelcade.core.words import translate
from camelcade.games.caravan import actions as notation
from camelcade.games.caravan.actions import (
    DRAWS,
    MOVES,
    MOVES_FROM,
    PASS,
    PICKS,
    PLACES,
    Draw,
    Move,
    Pass,
    Pick,
    Place,
    Relay,
    Steal,
)
from camelcade.games.caravan.loads import Offer, chain_relays, derive, squares_mask
from camelcade.games.caravan.position import Camel, CaravanPosition, Space, stall_ends
from camelcade.games.caravan.spec import (
    BIT,
    END_DELIVERY,
    END_NO_PROGRESS,
    END_STALLED,
    GOODS_SPACES,
    MAX_ACTIONS,
    NO_GOOD,
    PLACE_COST_EMPTY,
    PLACE_COST_OCCUPIED,
    REFILL_AFTER,
    SEAT_NAMES,
    SQUARES,
    VALUE,
    allowance,
    component,
    penalty,
)

if TYPE_CHECKING:
    from camelcade.games.caravan.board import CaravanMap
    from camelcade.games.caravan.game import Caravan

_SQUARES = range(SQUARES)
_UNLADEN: tuple[Camel, ...] = tuple((square, NO_GOOD, False) for square in _SQUARES)
_ONLY_PASS: tuple[Action, ...] = (PASS,)
_PLACES_AND_PASS: tuple[Action, ...] = (*PLACES, PASS)
_MOVES_THEN_PASS: tuple[tuple[Action, ...], ...] = tuple((*moves, PASS) for moves in MOVES_FROM)
"""Every move from a square, then ``pass``: the whole legal list of the commonest position."""
NEVER = 1 << 62
"""A turn count no game reaches: the no-progress limit of a game without that stop."""
RELAY_MEMO_SIZE = 4096
"""Relay lists a seat remembers for one set of laden camels (then it starts afresh)."""


class CaravanWords(Protocol):
    """Caravan's text module: the core's words, and why an action is illegal."""

    def why_illegal(self, state: CaravanState, action: Action, /) -> str | None: ...


class CaravanState(State):
    """A position of Caravan, built from a checked layout (``CaravanPosition``)."""

    def __init__(self, game: Caravan, position: CaravanPosition) -> None:
        super().__init__(game)
        board = game.board
        self._board = board
        self._players = game.players
        self._space_square: tuple[int, ...] = board.spaces
        self._space_at: tuple[int, ...] = board.space_at
        self._city_at: tuple[int, ...] = board.city_at
        self._stop_any_time = game.setup.stop_any_time
        self._supply = list(position.supply)
        self._free: list[list[int]] = []
        """Per seat: the squares of its unladen camels, sorted, a square once per camel."""
        self._free_mask: list[int] = []
        """Per seat: the squares of ``_free`` as a bit set."""
        laden: list[tuple[Camel, ...]] = []
        self._occupancy = [0] * SQUARES
        """Camels of any colour on each square."""
        for seat_camels in position.camels:
            self._free.append([square for square, good, _ in seat_camels if good == NO_GOOD])
            self._free_mask.append(squares_mask(self._free[-1]))
            laden.append(tuple(camel for camel in seat_camels if camel[1] != NO_GOOD))
            for camel in seat_camels:
                self._occupancy[camel[0]] += 1
        self._laden = tuple(laden)
        """Per seat: its laden camels, sorted. Immutable, like every field derived from
        it below: a pick, relay, theft or draw replaces them all (``_loads_changed``), and
        copies share them."""
        self._vacant = [not camels for camels in self._occupancy]
        """Per square: no camel there. ``compress(row, _vacant)`` picks a row's entries
        for the empty squares (the one-action-left moves) in one pass of C."""
        self._space_good = [space.good for space in position.spaces]
        self._space_markers = [space.markers for space in position.spaces]
        self._theft = list(position.theft)
        # Derived by _loads_changed and _goods_changed (the fields of loads.CamelLoads):
        self._laden_mask: tuple[int, ...] = ()
        self._laden_reach: tuple[int, ...] = ()
        self._sources: tuple[tuple[tuple[int, int], ...], ...] = ()
        self._offers: tuple[tuple[Offer, ...], ...] = ()
        self._rival_tops: tuple[int, ...] = ()
        self._camel_loads: tuple[int, ...] = ()
        self._goods_mask = 0
        """The squares of the goods spaces holding a good."""
        self._load_mask: tuple[int, ...] = ()
        """Per seat: where one of its unladen camels may pick up (a goods space with a
        good), relay or steal (``CamelLoads.camel_loads``). Elsewhere it can only move:
        most positions are found to offer nothing else by one ``&``."""
        self._relay_memo: tuple[dict[int, tuple[Action, ...]], ...] = ()
        """Per seat: its relays by where its unladen camels stand (``_free_mask``), for
        the laden camels it has now. Copies share it, and fill it for each other: a search
        meets the same few positions of the few unladen camels again and again."""
        self._loads_changed()
        self._bag = list(position.bag)
        self._delivered = [list(row) for row in position.delivered]
        self._demand = list(position.demand)
        self._turn = position.turn
        """Turns started so far, counting every player's (the action ramp counts these)."""
        self._left = position.actions_left
        self._refilling = position.refilling
        """Goods are being drawn onto the empty goods spaces: a chance node."""
        self._idle = position.idle
        """Turns in a row that ended with a pass and no action used."""
        self._counts_progress = bool(game.setup.no_progress_turns)
        self._quiet_limit = game.setup.no_progress_turns or NEVER
        """Turns in a row without progress that end the game (the no-progress stop)."""
        self._progress = (position.turn if position.progress_turn is None
                          else position.progress_turn)
        """The turn of the last pick-up, delivery, theft or draw."""
        self._end = position.end
        self._seat = (self._turn - 1) % self._players
        """The seat whose turn it is (also during a refill in its turn)."""
        self._mover = self._seat
        """The current player: ``_seat``, ``CHANCE`` or ``TERMINAL``."""
        self._mover_changed()

    def position(self) -> CaravanPosition:
        """The saved layout of this position."""
        return CaravanPosition(
            supply=tuple(self._supply),
            camels=tuple(tuple(self.camels(seat)) for seat in range(self._players)),
            spaces=tuple(Space(good, markers)
                         for good, markers in zip(self._space_good, self._space_markers,
                                                  strict=True)),
            bag=tuple(self._bag),
            delivered=tuple(tuple(row) for row in self._delivered),
            demand=tuple(self._demand),
            theft=tuple(self._theft),
            turn=self._turn,
            actions_left=self._left,
            refilling=self._refilling,
            idle=self._idle,
            progress_turn=self._progress if self._counts_progress else None,
            end=self._end,
        )

    # -- derived fields, brought up to date after the rare changes -------------------------

    def _loads_changed(self) -> None:
        """Derive the per-seat sets of ``_legal_actions`` from the laden camels, the goods
        spaces and the theft markers (after a pick, relay, theft or draw: rare events)."""
        loads = derive(self._laden, self._theft)
        self._laden_mask = loads.laden_mask
        self._laden_reach = loads.laden_reach
        self._sources = loads.sources
        self._offers = loads.offers
        self._rival_tops = loads.rival_tops
        self._camel_loads = loads.camel_loads
        self._relay_memo = tuple({} for _ in range(self._players))
        self._goods_changed()

    def _goods_changed(self) -> None:
        """Derive what depends on the goods spaces alone (after a draw)."""
        goods = self._goods_mask = squares_mask(
            self._space_square[index] for index in range(GOODS_SPACES)
            if self._space_good[index] != NO_GOOD)
        self._load_mask = tuple(goods | loads for loads in self._camel_loads)

    def _mover_changed(self) -> None:
        self._mover = (TERMINAL if self._end is not None
                       else CHANCE if self._refilling else self._seat)

    # -- reading the position ------------------------------------------------------------

    @property
    def player(self) -> PlayerId:
        """The seat whose turn it is (also during a refill in its turn)."""
        return self._seat

    @property
    def board(self) -> CaravanMap:
        """The map in play."""
        return self._board

    @property
    def turn(self) -> int:
        return self._turn

    @property
    def actions_left(self) -> int:
        return self._left

    @property
    def end_reason(self) -> str | None:
        return self._end

    @property
    def quiet_turns(self) -> int:
        """Turns begun since the last pick-up, delivery, theft or draw (this one included)."""
        return self._turn - self._progress

    @property
    def quiet_limit(self) -> int:
        """Turns in a row without progress that end the game (the no-progress stop; a
        number no game reaches when the game has no such stop)."""
        return self._quiet_limit

    def camels(self, seat: PlayerId) -> list[Camel]:
        """``seat``'s camels on the board, sorted by square (unladen first on a square)."""
        unladen = [_UNLADEN[square] for square in self._free[seat]]
        laden = self._laden[seat]
        return sorted(unladen + list(laden)) if laden else unladen

    def laden_camels(self, seat: PlayerId) -> tuple[Camel, ...]:
        """``seat``'s camels carrying a good (on top or under), sorted."""
        return self._laden[seat]

    def supply(self, seat: PlayerId) -> int:
        return self._supply[seat]

    def space_good(self, index: int) -> int:
        """The good on goods space ``index`` (0-7), or -1."""
        return self._space_good[index]

    def space_markers(self, index: int) -> int:
        return self._space_markers[index]

    def space_square(self, index: int) -> int:
        return self._space_square[index]

    def space_at(self, square: int) -> int:
        """The goods-space index (0-7) on ``square``, or -1."""
        return self._space_at[square]

    def city_at(self, square: int) -> int:
        """The good the city on ``square`` wants, or -1."""
        return self._city_at[square]

    def bag(self) -> list[int]:
        """Goods left in the bag, per good id."""
        return list(self._bag)

    def bag_empty(self) -> bool:
        """The last goods have been drawn: the next delivery ends the game."""
        return not any(self._bag)

    def delivered(self, seat: PlayerId) -> list[int]:
        return list(self._delivered[seat])

    def demand_markers(self, seat: PlayerId) -> int:
        return self._demand[seat]

    def theft_markers(self, seat: PlayerId) -> int:
        return self._theft[seat]

    def occupancy(self, square: int) -> int:
        """Camels of any colour on ``square``."""
        return self._occupancy[square]

    def held(self, seat: PlayerId) -> int:
        """Goods on ``seat``'s camels, on top or under (penalised at the end)."""
        return len(self._laden[seat])

    def place_cost(self, square: int) -> int:
        """1 action onto a square with no camel, 2 onto one with a camel of any colour."""
        return PLACE_COST_OCCUPIED if self._occupancy[square] else PLACE_COST_EMPTY

    def components(self, seat: PlayerId) -> dict[int, int]:
        """Square → component id of ``seat``'s camel network (orthogonal adjacency), the
        components numbered from the lowest square up.

        Relays are legal between any two squares of one component: reachability is grown
        over the (at most six) occupied squares, never found by enumerating paths.
        """
        squares = self._free_mask[seat] | self._laden_mask[seat]
        found: dict[int, int] = {}
        label = 0
        for square in _SQUARES:
            if BIT[square] & squares and square not in found:
                chain = component(square, squares)
                found.update((near, label) for near in _SQUARES if BIT[near] & chain)
                label += 1
        return found

    def can_act(self, seat: PlayerId) -> bool:
        """Whether ``seat`` has any action but passing (in a turn of its own).

        A camel in the supply can always be placed, and an unladen camel always moved, on
        one of the empty squares (49 squares, at most 24 camels); a seat whose camels are
        all on the board and laden can do nothing at all.
        """
        return bool(self._supply[seat] or self._free[seat])

    # -- legal actions -------------------------------------------------------------------

    def _current_player(self) -> PlayerId:
        return self._mover

    def _legal_actions(self) -> Sequence[Action]:
        seat = self._seat
        free = self._free[seat]
        if not free:  # no unladen camel: place one, or pass
            if not self._supply[seat]:
                return _ONLY_PASS
            if self._left >= PLACE_COST_OCCUPIED:
                return _PLACES_AND_PASS
            return (*compress(PLACES, self._vacant), PASS)
        free_mask = self._free_mask[seat]
        starts = free if free_mask.bit_count() == len(free) else sorted(set(free))
        loads = free_mask & self._load_mask[seat]
        left = self._left
        if not loads and left >= PLACE_COST_OCCUPIED and not self._supply[seat]:
            # The commonest case by far: moves only, built as one tuple the core keeps.
            count = len(starts)
            if count == 1:
                return _MOVES_THEN_PASS[starts[0]]
            if count == 2:
                return MOVES_FROM[starts[0]] + _MOVES_THEN_PASS[starts[1]]
            if count == 3:
                return (MOVES_FROM[starts[0]] + MOVES_FROM[starts[1]]
                        + _MOVES_THEN_PASS[starts[2]])
        found: list[Action] = []
        if loads:
            self._add_loads(found, seat, starts, free_mask)
        if left >= PLACE_COST_OCCUPIED:  # every square is affordable
            if self._supply[seat]:
                found += PLACES
            for start in starts:
                found += MOVES_FROM[start]
        else:  # one action left: only onto empty squares (never a camel's own square)
            vacant = self._vacant
            if self._supply[seat]:
                found += compress(PLACES, vacant)
            for start in starts:
                found += compress(MOVES[start], vacant)
        found.append(PASS)
        return found

    def _add_loads(self, found: list[Action], seat: PlayerId, starts: list[int],
                   free_mask: int) -> None:
        """Add the picks, relays and steals, in this order."""
        picks = free_mask & self._goods_mask
        while picks:  # lowest square first
            lowest = picks & -picks
            found.append(PICKS[lowest.bit_length() - 1])
            picks ^= lowest
        if free_mask & self._laden_reach[seat]:
            memo = self._relay_memo[seat]
            relays = memo.get(free_mask)
            if relays is None:
                if len(memo) >= RELAY_MEMO_SIZE:
                    memo.clear()
                relays = memo[free_mask] = tuple(chain_relays(
                    self._sources[seat], starts, free_mask, self._laden_mask[seat]))
            found += relays
        if free_mask & self._rival_tops[seat] and self._theft[seat]:
            found += [theft for bit, theft in self._offers[seat] if bit & free_mask]

    def relays(self, seat: PlayerId) -> list[Action]:
        """Every relay ``seat`` could make now (whatever its actions left)."""
        return chain_relays(self._sources[seat], sorted(set(self._free[seat])),
                            self._free_mask[seat], self._laden_mask[seat])

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        total = sum(self._bag)
        return [(DRAWS[good], count / total) for good, count in enumerate(self._bag) if count]

    # -- applying ------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        # Dispatch on the exact class, most frequent first (``isinstance`` on ABCs is slow).
        kind = type(action)
        if kind is Move:
            move: Move = action  # type: ignore[assignment]
            start, to = move.start, move.to
            occupancy = self._occupancy
            here = occupancy[to]
            occupancy[to] = here + 1
            if here:
                cost = PLACE_COST_OCCUPIED
            else:
                cost = PLACE_COST_EMPTY
                self._vacant[to] = False
            here = occupancy[start] - 1
            occupancy[start] = here
            if not here:
                self._vacant[start] = True
            seat = self._seat
            free = self._free[seat]
            free.remove(start)
            insort(free, to)
            mask = self._free_mask[seat] | BIT[to]
            self._free_mask[seat] = mask if start in free else mask ^ BIT[start]
        elif kind is Place:
            to = action.to  # type: ignore[attr-defined]
            cost = self._arrive(to)
            seat = self._seat
            self._supply[seat] -= 1
            insort(self._free[seat], to)
            self._free_mask[seat] |= BIT[to]
        elif kind is Pass:
            self._pass()
            return
        elif kind is Draw:
            self._draw(action.good)  # type: ignore[attr-defined]
            return
        else:
            cost = 1
            if kind is Pick:
                self._pick(action.square)  # type: ignore[attr-defined]
            elif kind is Relay:
                self._relay(action)  # type: ignore[arg-type]
            else:
                self._steal(action)  # type: ignore[arg-type]
            if self._end is not None:
                self._idle = 0
                return
        self._idle = 0
        left = self._left - cost
        if left:
            self._left = left
        else:  # the next turn (as _next_turn, inlined: a third of all actions end a turn)
            turn = self._turn
            if turn - self._progress >= self._quiet_limit:
                self._left = 0
                self._stop_for_want_of_progress()
                return
            turn = self._turn = turn + 1
            self._left = turn if turn < MAX_ACTIONS else MAX_ACTIONS
            seat = self._seat = (turn - 1) % self._players
            self._mover = CHANCE if self._refilling else seat

    def _arrive(self, square: int) -> int:
        """A camel comes onto ``square``: count it; return what that costs (1 or 2)."""
        occupancy = self._occupancy
        occupancy[square] += 1
        if occupancy[square] > 1:
            return PLACE_COST_OCCUPIED
        self._vacant[square] = False
        return PLACE_COST_EMPTY

    def _unload(self, seat: PlayerId, camel: Camel) -> None:
        """``camel`` (laden) of ``seat`` gives up its good and stays on its square."""
        laden = list(self._laden[seat])
        laden.remove(camel)
        self._set_laden(seat, laden)
        square = camel[0]
        insort(self._free[seat], square)
        self._free_mask[seat] |= BIT[square]

    def _load(self, seat: PlayerId, square: int, good: int, under: bool) -> None:
        """``seat``'s unladen camel on ``square`` takes ``good`` (on top, or ``under``)."""
        free = self._free[seat]
        free.remove(square)
        if square not in free:
            self._free_mask[seat] ^= BIT[square]
        self._set_laden(seat, [*self._laden[seat], (square, good, under)])

    def _set_laden(self, seat: PlayerId, camels: list[Camel]) -> None:
        laden = list(self._laden)
        laden[seat] = tuple(sorted(camels))
        self._laden = tuple(laden)

    def _pick(self, square: int) -> None:
        self._progress = self._turn
        seat = self._seat
        index = self._space_at[square]
        good = self._space_good[index]
        self._load(seat, square, good, False)
        self._space_good[index] = NO_GOOD
        self._demand[seat] += self._space_markers[index]
        self._space_markers[index] = 0
        if self._space_good.count(NO_GOOD) >= REFILL_AFTER and any(self._bag):
            # Refill at once, even mid-turn: a marker on each good left, then draws.
            for other in range(GOODS_SPACES):
                if self._space_good[other] != NO_GOOD:
                    self._space_markers[other] += 1
            self._refilling = True
            self._mover_changed()
        self._loads_changed()

    def _relay(self, action: Relay) -> None:
        seat = self._seat
        good, start, to = action.good, action.start, action.to
        # A good on top moves before an identical one kept safe underneath.
        source = (start, good, False)
        if source not in self._laden[seat]:
            source = (start, good, True)
        self._unload(seat, source)
        if self._city_at[to] == good:
            self._progress = self._turn
            self._delivered[seat][good] += 1
            if self.bag_empty():
                self._end = END_DELIVERY
                self._mover_changed()
        else:
            self._load(seat, to, good, False)
        self._loads_changed()

    def _steal(self, action: Steal) -> None:
        self._progress = self._turn
        seat = self._seat
        good, square, victim = action.good, action.square, action.victim
        self._unload(victim, (square, good, False))
        self._load(seat, square, good, True)
        self._theft[seat] -= 1
        self._theft[victim] += 1
        self._loads_changed()

    def _pass(self) -> None:
        if self._left == allowance(self._turn):
            self._idle += 1
            if self._idle >= self._players and stall_ends(
                    self._stop_any_time, self._bag, self._supply, self._camel_views()):
                self._end = END_STALLED
                self._mover_changed()
                return
        else:
            self._idle = 0
        self._next_turn()

    def _camel_views(self) -> list[list[Camel]]:
        return [self.camels(seat) for seat in range(self._players)]

    def _next_turn(self) -> None:
        turn = self._turn
        if turn - self._progress >= self._quiet_limit:
            self._stop_for_want_of_progress()
            return
        turn = self._turn = turn + 1
        self._left = turn if turn < MAX_ACTIONS else MAX_ACTIONS
        seat = self._seat = (turn - 1) % self._players
        self._mover = CHANCE if self._refilling else seat

    def _stop_for_want_of_progress(self) -> None:
        """The turn ends the ``no_progress_rounds``-th full round without progress."""
        self._end = END_NO_PROGRESS
        self._mover_changed()

    def _draw(self, good: int) -> None:
        self._progress = self._turn
        self._bag[good] -= 1
        index = self._space_good.index(NO_GOOD)
        self._space_good[index] = good
        if NO_GOOD not in self._space_good or not any(self._bag):
            self._refilling = False
            self._mover_changed()
        self._goods_changed()

    def _parse_action(self, text: str) -> Action:
        return notation.parse(text)

    def _why_illegal(self, action: Action) -> str | None:
        return cast(CaravanWords, self._game._words()).why_illegal(self, action)

    # -- results -------------------------------------------------------------------------

    def goods_delivered(self, seat: PlayerId) -> int:
        return sum(self._delivered[seat])

    def _scores(self) -> list[float]:
        return [
            float(sum(n * v for n, v in zip(self._delivered[seat], VALUE, strict=True))
                  + self._demand[seat] - penalty(len(self._laden[seat])))
            for seat in range(self._players)
        ]

    def _ranking(self) -> list[list[PlayerId]]:
        """Highest total first; tie-break most goods delivered (BGA, CA6); then a tie.

        The tie-break reaches every place, not only the first. ``returns()`` stays the
        points (the game's own result), so two seats with equal returns can be ranked
        apart here: the one that delivered more goods is ahead.
        """
        scores = self._scores()
        groups: dict[tuple[float, int], list[PlayerId]] = {}
        for seat in range(self._players):
            groups.setdefault((scores[seat], self.goods_delivered(seat)), []).append(seat)
        return [groups[key] for key in sorted(groups, reverse=True)]

    def leaders(self) -> list[PlayerId]:
        """The seats that would win if the game ended now (tie-break included)."""
        return self._ranking()[0]

    def lifted(self, seat: PlayerId, square: int) -> CaravanState:
        """A copy with one of ``seat``'s unladen camels on ``square`` back in the supply.

        Not a move of the game: planners use it to value moving that camel elsewhere.
        """
        copy = self.clone()
        free = copy._free[seat]
        free.remove(square)
        if square not in free:
            copy._free_mask[seat] ^= BIT[square]
        copy._occupancy[square] -= 1
        if not copy._occupancy[square]:
            copy._vacant[square] = True
        copy._supply[seat] += 1
        copy._legal_cache = None
        copy._legal_lookup = None
        return copy

    def colour(self, seat: PlayerId) -> str:
        """The seat's colour name, capitalised ("Green"): camels are named, not only coloured."""
        return translate(SEAT_NAMES[seat])

    # -- copies, hidden information and JSON -------------------------------------------------

    def _copy_into(self, other: State) -> None:
        """Own lists for what changes in place. The laden camels and all derived from them
        are immutable and shared, and so is the relay memo: its lists hold for any copy
        with those laden camels, and a copy whose laden camels change gets a new one."""
        assert isinstance(other, CaravanState)
        other._supply = self._supply[:]
        other._free = [free[:] for free in self._free]
        other._free_mask = self._free_mask[:]
        other._occupancy = self._occupancy[:]
        other._vacant = self._vacant[:]
        other._space_good = self._space_good[:]
        other._space_markers = self._space_markers[:]
        other._bag = self._bag[:]
        other._delivered = [row[:] for row in self._delivered]
        other._demand = self._demand[:]
        other._theft = self._theft[:]

    def _resample(self, player: PlayerId, rng: random.Random) -> None:
        """Nothing to redraw: Caravan hides nothing from any seat.

        The board, every camel and its load (stolen goods underneath included), the goods
        spaces, every seat's supply, deliveries, demand and theft markers are on the table;
        the bag's contents follow from them; and the order of future draws is not part of
        the position: each draw is a chance node over what is left in the bag.
        """
        return None

    def _to_data(self) -> JSONDict:
        return self.position().to_data()

    def _observation(self, player: PlayerId) -> JSONDict:
        """Everything is public; a seat's observation only adds which seat is asking."""
        data = self._public_observation()
        data["player"] = player
        return data

    def _public_observation(self) -> JSONDict:
        """Everything (the bag's contents follow from what is on the table)."""
        data = self._to_data()
        data.update(current_player=self._current_player(), scores=self._scores())
        return data
