"""The rules of Caravan: the action ramp, placing and moving camels, pick-ups, relays along
chains of your camels, theft, refills from the bag as chance, delivery, the end, scoring.

Camels of a seat are kept as a sorted list of ``(square, good, under)`` tuples (good -1:
unladen; ``under``: a stolen good, safe until moved); camels in the supply are a count.
A camel carries at most one good, on top or under: one with a good under it counts as
laden (PROPOSED in the rules file), so it can neither pick up, receive, steal nor move.
Bag draws are chance nodes over what is left, so the bag needs no order.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from camelcade.core.action import Action
from camelcade.core.errors import StateError
from camelcade.core.game import State
from camelcade.core.types import CHANCE, TERMINAL, JSONDict, PlayerId
from camelcade.games.caravan import actions as notation
from camelcade.games.caravan.actions import (
    MOVES_FROM,
    PASS,
    PLACES,
    Draw,
    Move,
    Pass,
    Pick,
    Place,
    Relay,
    Steal,
)
from camelcade.games.caravan.spec import (
    COLOURS,
    GOODS,
    GOODS_SPACES,
    NEIGHBOURS,
    NO_GOOD,
    PLACE_COST_EMPTY,
    PLACE_COST_OCCUPIED,
    REFILL_AFTER,
    SQUARES,
    STOP_ROUND,
    THEFT_MARKERS_EACH,
    VALUE,
    allowance,
    goods_count,
    penalty,
)

if TYPE_CHECKING:
    from camelcade.games.caravan.board import CaravanMap
    from camelcade.games.caravan.game import Caravan

Camel = tuple[int, int, bool]
"""``(square, good, under)``; good is -1 for an unladen camel."""

END_DELIVERY = "delivery"
"""The bag was empty and someone delivered a good."""
END_STALLED = "stalled"
"""A full round passed in which every player passed without acting (the safety stop).

With ``safety_stop="round"`` (the default) this ends the game at any time: such a round
repeats the position, and without it a game can go on for ever (every camel laden before
the bag is empty is reachable, and then nobody can act). With ``"bag-empty"`` (the rules
file's wording) it ends the game only once the bag is empty, or when nobody can act."""


class CaravanState(State):
    """A position of Caravan."""

    def __init__(self, game: Caravan) -> None:
        super().__init__(game)
        players = game.players
        board = game.board
        self._board = board
        self._space_square: tuple[int, ...] = board.spaces
        self._space_at: tuple[int, ...] = board.space_at
        self._city_at: tuple[int, ...] = board.city_at
        self._supply = [int(game.option("camels"))] * players
        self._camels: list[list[Camel]] = [[] for _ in range(players)]
        self._occupancy = [0] * SQUARES
        self._space_good = [NO_GOOD] * GOODS_SPACES
        self._space_markers = [0] * GOODS_SPACES
        for number in board.demand_spaces:
            self._space_markers[number - 1] += 1
        self._bag = list(goods_count(bool(game.option("short_game"))))
        self._delivered = [[0] * len(GOODS) for _ in range(players)]
        self._demand = [0] * players
        self._theft = [THEFT_MARKERS_EACH] * players
        self._turn = 1
        """Turns started so far, counting every player's (the action ramp counts these)."""
        self._left = allowance(1)
        self._refilling = True
        """Goods are being drawn onto the empty goods spaces: a chance node."""
        self._idle = 0
        """Turns in a row that ended with a pass and no action used."""
        self._end: str | None = None
        self._stop_any_time = game.option("safety_stop") == STOP_ROUND

    # -- reading the position ------------------------------------------------------------

    @property
    def player(self) -> PlayerId:
        """The seat whose turn it is (also during a refill in its turn)."""
        return (self._turn - 1) % self._game.players

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

    def camels(self, seat: PlayerId) -> list[Camel]:
        """``seat``'s camels on the board, sorted by square."""
        return list(self._camels[seat])

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
        return sum(1 for camel in self._camels[seat] if camel[1] != NO_GOOD)

    def place_cost(self, square: int) -> int:
        """1 action onto a square with no camel, 2 onto one with a camel of any colour."""
        return PLACE_COST_OCCUPIED if self._occupancy[square] else PLACE_COST_EMPTY

    def components(self, seat: PlayerId) -> dict[int, int]:
        """Square → component id of ``seat``'s camel network (orthogonal adjacency).

        Relays are legal between any two squares of one component: reachability by BFS
        over the (at most six) occupied squares, never by enumerating paths.
        """
        squares = {camel[0] for camel in self._camels[seat]}
        component: dict[int, int] = {}
        label = 0
        for root in squares:
            if root in component:
                continue
            component[root] = label
            frontier = [root]
            while frontier:
                square = frontier.pop()
                for near in NEIGHBOURS[square]:
                    if near in squares and near not in component:
                        component[near] = label
                        frontier.append(near)
            label += 1
        return component

    # -- legal actions -------------------------------------------------------------------

    def _current_player(self) -> PlayerId:
        if self._end is not None:
            return TERMINAL
        return CHANCE if self._refilling else self.player

    def _legal_actions(self) -> Sequence[Action]:
        seat = self.player
        left = self._left
        mine = self._camels[seat]
        unladen = sorted({square for square, good, _ in mine if good == NO_GOOD})
        found: list[Action] = []
        for square in unladen:
            index = self._space_at[square]
            if index >= 0 and self._space_good[index] != NO_GOOD:
                found.append(Pick(square))
        found += self._relays(seat, unladen)
        if self._theft[seat] and unladen:
            found += self._steals(seat, set(unladen))
        if left >= PLACE_COST_OCCUPIED:  # every square is affordable
            if self._supply[seat]:
                found += PLACES
            for start in unladen:
                found += MOVES_FROM[start]
        else:  # one action left: only empty squares
            occupancy = self._occupancy
            if self._supply[seat]:
                found += [PLACES[to] for to in range(SQUARES) if not occupancy[to]]
            for start in unladen:
                found += [move for move in MOVES_FROM[start] if not occupancy[move.to]]
        found.append(PASS)
        return found

    def _relays(self, seat: PlayerId, unladen: list[int]) -> list[Action]:
        sources = sorted({(square, good) for square, good, _ in self._camels[seat]
                          if good != NO_GOOD})
        if not sources or not unladen:
            return []
        component = self.components(seat)
        return [Relay(good, start, to) for start, good in sources for to in unladen
                if component[to] == component[start]]

    def _steals(self, seat: PlayerId, unladen: set[int]) -> list[Action]:
        found = {
            (good, square, victim)
            for victim, camels in enumerate(self._camels) if victim != seat
            for square, good, under in camels
            if good != NO_GOOD and not under and square in unladen
        }
        return [Steal(good, square, victim) for good, square, victim in sorted(found)]

    def _chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        total = sum(self._bag)
        return [(Draw(good), count / total) for good, count in enumerate(self._bag) if count]

    # -- applying ------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        if isinstance(action, Draw):
            self._draw(action.good)
            return
        if isinstance(action, Pass):
            self._pass()
            return
        seat = self.player
        if isinstance(action, Place):
            cost = self.place_cost(action.to)
            self._supply[seat] -= 1
            self._add(seat, (action.to, NO_GOOD, False))
        elif isinstance(action, Move):
            cost = self.place_cost(action.to)
            self._remove(seat, (action.start, NO_GOOD, False))
            self._add(seat, (action.to, NO_GOOD, False))
        elif isinstance(action, Pick):
            cost = 1
            self._pick(seat, action.square)
        elif isinstance(action, Relay):
            cost = 1
            self._relay(seat, action)
        elif isinstance(action, Steal):
            cost = 1
            self._steal(seat, action)
        else:  # pragma: no cover - the core only passes legal actions
            raise AssertionError(f"not a caravan action: {action!r}")
        self._idle = 0
        if self._end is not None:
            return
        self._left -= cost
        if self._left == 0:
            self._next_turn()

    def _add(self, seat: PlayerId, camel: Camel) -> None:
        insort(self._camels[seat], camel)
        self._occupancy[camel[0]] += 1

    def _remove(self, seat: PlayerId, camel: Camel) -> None:
        self._camels[seat].remove(camel)
        self._occupancy[camel[0]] -= 1

    def _load(self, seat: PlayerId, old: Camel, new: Camel) -> None:
        """Change what one camel carries (it stays on its square)."""
        camels = self._camels[seat]
        camels.remove(old)
        insort(camels, new)

    def _pick(self, seat: PlayerId, square: int) -> None:
        index = self._space_at[square]
        good = self._space_good[index]
        self._load(seat, (square, NO_GOOD, False), (square, good, False))
        self._space_good[index] = NO_GOOD
        self._demand[seat] += self._space_markers[index]
        self._space_markers[index] = 0
        empty = self._space_good.count(NO_GOOD)
        if empty >= REFILL_AFTER and any(self._bag):
            # Refill at once, even mid-turn: a marker on each good left, then draws.
            for other in range(GOODS_SPACES):
                if self._space_good[other] != NO_GOOD:
                    self._space_markers[other] += 1
            self._refilling = True

    def _relay(self, seat: PlayerId, action: Relay) -> None:
        good, start, to = action.good, action.start, action.to
        # A good on top moves before an identical one kept safe underneath.
        source = (start, good, False)
        if source not in self._camels[seat]:
            source = (start, good, True)
        self._load(seat, source, (start, NO_GOOD, False))
        if self._city_at[to] == good:
            self._delivered[seat][good] += 1
            if self.bag_empty():
                self._end = END_DELIVERY
        else:
            self._load(seat, (to, NO_GOOD, False), (to, good, False))

    def _steal(self, seat: PlayerId, action: Steal) -> None:
        good, square, victim = action.good, action.square, action.victim
        self._load(victim, (square, good, False), (square, NO_GOOD, False))
        self._load(seat, (square, NO_GOOD, False), (square, good, True))
        self._theft[seat] -= 1
        self._theft[victim] += 1

    def _pass(self) -> None:
        if self._left == allowance(self._turn):
            self._idle += 1
            if self._idle >= self._game.players and self._stall_ends():
                self._end = END_STALLED
                return
        else:
            self._idle = 0
        self._next_turn()

    def _stall_ends(self) -> bool:
        """A full round passed without any action: does the safety stop end the game?"""
        if self._stop_any_time or self.bag_empty():
            return True
        return not any(self.can_act(seat) for seat in range(self._game.players))

    def can_act(self, seat: PlayerId) -> bool:
        """Whether ``seat`` has any action but passing (in a turn of its own).

        A camel in the supply can always be placed, and an unladen camel always moved, on
        one of the empty squares (49 squares, at most 24 camels); a seat whose camels are
        all on the board and laden can do nothing at all.
        """
        return bool(self._supply[seat]) or any(
            camel[1] == NO_GOOD for camel in self._camels[seat])

    def _next_turn(self) -> None:
        self._turn += 1
        self._left = allowance(self._turn)

    def _draw(self, good: int) -> None:
        self._bag[good] -= 1
        index = self._space_good.index(NO_GOOD)
        self._space_good[index] = good
        if NO_GOOD not in self._space_good or not any(self._bag):
            self._refilling = False

    def _parse_action(self, text: str) -> Action:
        return notation.parse(text)

    def _why_illegal(self, action: Action) -> str | None:
        from camelcade.games.caravan.text import why_illegal

        return why_illegal(self, action)

    # -- results -------------------------------------------------------------------------

    def goods_delivered(self, seat: PlayerId) -> int:
        return sum(self._delivered[seat])

    def _scores(self) -> list[float]:
        return [
            float(sum(n * v for n, v in zip(self._delivered[seat], VALUE, strict=True))
                  + self._demand[seat] - penalty(self.held(seat)))
            for seat in range(self._game.players)
        ]

    def leaders(self) -> list[PlayerId]:
        """The seats that would win if the game ended now (tie-break included)."""
        return self._winners()

    def lifted(self, seat: PlayerId, square: int) -> CaravanState:
        """A copy with one of ``seat``'s unladen camels on ``square`` back in the supply.

        Not a move of the game: planners use it to value moving that camel elsewhere.
        """
        copy = self.clone()
        copy._remove(seat, (square, NO_GOOD, False))
        copy._supply[seat] += 1
        copy._legal_cache = None
        return copy

    def _winners(self) -> list[PlayerId]:
        """Highest total; tie-break most goods delivered (BGA); then a shared win."""
        scores = self._scores()
        keys = [(scores[seat], self.goods_delivered(seat)) for seat in range(len(scores))]
        best = max(keys)
        return [seat for seat, key in enumerate(keys) if key == best]

    def colour(self, seat: PlayerId) -> str:
        """The seat's colour name, capitalised ("Green"): camels are named, not only coloured."""
        return COLOURS[seat].capitalize()

    # -- copies and JSON -----------------------------------------------------------------

    def _copy_into(self, other: State) -> None:
        assert isinstance(other, CaravanState)
        other._supply = list(self._supply)
        other._camels = [list(camels) for camels in self._camels]
        other._occupancy = list(self._occupancy)
        other._space_good = list(self._space_good)
        other._space_markers = list(self._space_markers)
        other._bag = list(self._bag)
        other._delivered = [list(row) for row in self._delivered]
        other._demand = list(self._demand)
        other._theft = list(self._theft)

    def _to_data(self) -> JSONDict:
        from camelcade.games.caravan.validate import position_data

        return position_data(self)

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

    def load_data(self, data: Any) -> None:
        """Fill this fresh state from ``to_json()["state"]``, checking every invariant."""
        from camelcade.games.caravan.validate import load_position

        load_position(self, data)

    # -- text ------------------------------------------------------------------------------

    def _describe(self, player: PlayerId | None) -> str:
        from camelcade.games.caravan.text import describe_state

        return describe_state(self, player)

    def _describe_action(self, action: Action, player: PlayerId | None) -> str:
        from camelcade.games.caravan.text import describe_action

        return describe_action(self, action, player)


def check(condition: bool, message: str) -> None:
    """Raise ``StateError`` with ``message`` unless ``condition`` holds."""
    if not condition:
        raise StateError(message)
