"""The saved layout of a Caravan position: one dataclass, written as JSON and read back checked.

A saved state comes from files, the network and bots' samplers, so nothing in it is
trusted: ``CaravanPosition.from_data`` raises ``StateError`` saying which field is wrong
and what is allowed. The fields are the keys of ``to_json()["state"]``, in this order::

    supply        camels each seat still has off the board
    camels        per seat, its camels on the board: "d4", "b2 salt" or "c3 meat under"
    spaces        goods spaces 1-8 in order: {"good": "salt" or null, "markers": 1}
    bag           goods left in the bag, by name
    delivered     per seat, goods delivered, by name
    demand        per seat, demand markers held
    theft         per seat, theft markers held
    turn          turns started so far (the action ramp: 1, 2, 3, then 4 actions)
    actions_left  actions left in the current turn
    refilling     true while goods are being drawn onto empty spaces (a chance node)
    idle          turns in a row ended by a pass with no action used
    progress_turn the turn of the last pick-up, delivery, theft or draw; only in games
                  with the no-progress stop (``no_progress_rounds`` > 0), so the saved
                  positions of games without it are as they always were
    end           null, "delivery", "stalled" or "no-progress"

In the dataclass the values are the engine's (square and good ids, camels as
``(square, good, under)`` tuples sorted per seat); ``to_data`` writes the names. The state
is built from a checked layout (``CaravanState(game, position)``) and gives its own back
(``state.position()``), so the layout is written down here only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from camelcade.core.errors import StateError
from camelcade.core.saved import SavedPosition
from camelcade.core.types import JSONDict
from camelcade.games.caravan.spec import (
    END_DELIVERY,
    END_NO_PROGRESS,
    END_STALLED,
    GOODS,
    GOODS_SPACES,
    NO_GOOD,
    REFILL_AFTER,
    SQUARE_ID,
    SQUARE_NAMES,
    THEFT_MARKERS_EACH,
    allowance,
)

Camel = tuple[int, int, bool]
"""``(square, good, under)``; good is -1 for an unladen camel, ``under`` marks a stolen good."""
UNDER = "under"


@dataclass(frozen=True)
class Setup:
    """What a position is checked against: the game's options, resolved once per game."""

    players: int
    camels: int
    """Camels per seat (5, or 6 in the introductory game)."""
    goods: tuple[int, ...]
    """Cubes of each good in the game (the short game has fewer)."""
    stop_any_time: bool
    """``safety_stop="round"``: a full round of passes ends the game at any time."""
    demand_spaces: tuple[int, ...]
    """Goods spaces (1-8) holding a demand marker at setup."""
    no_progress_turns: int = 0
    """Turns in a row without a pick-up, delivery, theft or draw that end the game:
    ``no_progress_rounds`` times the players; 0, no such stop."""


@dataclass(frozen=True)
class Space:
    """A numbered goods space: its good (``NO_GOOD`` when empty) and its demand markers."""

    good: int
    markers: int


@dataclass(frozen=True)
class CaravanPosition(SavedPosition):
    """A complete position (see the module docstring for the fields)."""

    supply: tuple[int, ...]
    camels: tuple[tuple[Camel, ...], ...]
    spaces: tuple[Space, ...]
    bag: tuple[int, ...]
    delivered: tuple[tuple[int, ...], ...]
    demand: tuple[int, ...]
    theft: tuple[int, ...]
    turn: int
    actions_left: int
    refilling: bool
    idle: int
    progress_turn: int | None
    end: str | None

    @classmethod
    def initial(cls, setup: Setup) -> CaravanPosition:
        """Before the first draw: camels in the supply, demand markers on their spaces and
        every good in the bag; the eight goods spaces are filled by chance next."""
        players = setup.players
        return cls(
            supply=(setup.camels,) * players,
            camels=((),) * players,
            spaces=tuple(Space(NO_GOOD, int(number in setup.demand_spaces))
                         for number in range(1, GOODS_SPACES + 1)),
            bag=setup.goods,
            delivered=((0,) * len(GOODS),) * players,
            demand=(0,) * players,
            theft=(THEFT_MARKERS_EACH,) * players,
            turn=1,
            actions_left=allowance(1),
            refilling=True,
            idle=0,
            progress_turn=1 if setup.no_progress_turns else None,
            end=None,
        )

    def to_data(self) -> JSONDict:
        """The position as saved: names for squares and goods, keys in field order
        (``progress_turn`` only where the game counts it)."""
        data = {
            "supply": list(self.supply),
            "camels": [[camel_text(camel) for camel in seat] for seat in self.camels],
            "spaces": [{"good": None if space.good == NO_GOOD else GOODS[space.good],
                        "markers": space.markers} for space in self.spaces],
            "bag": _goods_dict(self.bag),
            "delivered": [_goods_dict(row) for row in self.delivered],
            "demand": list(self.demand),
            "theft": list(self.theft),
            "turn": self.turn,
            "actions_left": self.actions_left,
            "refilling": self.refilling,
            "idle": self.idle,
            "progress_turn": self.progress_turn,
            "end": self.end,
        }
        if self.progress_turn is None:
            del data["progress_turn"]
        return data

    @classmethod
    def saved_keys(cls, setup: Setup) -> tuple[str, ...]:
        """The keys a position of a game with ``setup`` is saved with."""
        keys = cls.keys()
        return keys if setup.no_progress_turns else tuple(k for k in keys
                                                          if k != "progress_turn")

    @classmethod
    def from_data(cls, data: Any, setup: Setup) -> CaravanPosition:
        """Read ``data`` (``to_json()["state"]``), checking every invariant of the rules;
        raise ``StateError`` naming the field and what is allowed."""
        if isinstance(data, dict) and not setup.no_progress_turns:
            _check("progress_turn" not in data, "'progress_turn' is saved only by games with "
                   "the no-progress stop, and this one has no_progress_rounds=0")
            data = {**data, "progress_turn": None}
        fields = cls.checked_keys(data)
        players = setup.players
        supply = tuple(_count(n, f"supply of seat {seat}")
                       for seat, n in enumerate(_per_seat(fields["supply"], players, "supply")))
        camels = []
        for seat, entries in enumerate(_per_seat(fields["camels"], players, "camels")):
            _check(isinstance(entries, list), f"camels of seat {seat} must be a list")
            camels.append(tuple(sorted(_camel(text, seat) for text in entries)))
            _check(len(camels[seat]) + supply[seat] == setup.camels,
                   f"seat {seat} has {len(camels[seat])} camels on the board and "
                   f"{supply[seat]} in the supply; it must have {setup.camels} in all")
        spaces = _spaces(fields["spaces"])
        bag = _goods(fields["bag"], "'bag'")
        delivered = tuple(
            _goods(row, f"delivered by seat {seat}")
            for seat, row in enumerate(_per_seat(fields["delivered"], players, "delivered")))
        demand = tuple(_count(n, f"demand markers of seat {seat}")
                       for seat, n in enumerate(_per_seat(fields["demand"], players, "demand")))
        theft = tuple(_count(n, f"theft markers of seat {seat}")
                      for seat, n in enumerate(_per_seat(fields["theft"], players, "theft")))
        _check(sum(theft) == players * THEFT_MARKERS_EACH,
               f"the seats hold {sum(theft)} theft markers; there are {players}, one per "
               "player (a thief hands the marker to the victim)")
        for good, name in enumerate(GOODS):
            carried = sum(1 for seat in camels for camel in seat if camel[1] == good)
            total = (bag[good] + sum(1 for space in spaces if space.good == good) + carried
                     + sum(row[good] for row in delivered))
            _check(total == setup.goods[good],
                   f"{total} {name} in the bag, on goods spaces, on camels and delivered; "
                   f"this game has {setup.goods[good]}")
        turn = fields["turn"]
        _check(isinstance(turn, int) and not isinstance(turn, bool) and turn >= 1,
               f"'turn' must be a whole number from 1, got {turn!r}")
        left = _count(fields["actions_left"], "'actions_left'")
        _check(left <= allowance(turn),
               f"'actions_left' is {left}, but turn {turn} allows only {allowance(turn)}")
        refilling, end = fields["refilling"], fields["end"]
        _check(isinstance(refilling, bool),
               f"'refilling' must be true or false, got {refilling!r}")
        idle = _count(fields["idle"], "'idle'")
        _check(end in (None, END_DELIVERY, END_STALLED, END_NO_PROGRESS),
               f"'end' must be null, {END_DELIVERY!r}, {END_STALLED!r} or "
               f"{END_NO_PROGRESS!r}, got {end!r}")
        progress = fields["progress_turn"]
        if setup.no_progress_turns:
            _check(isinstance(progress, int) and not isinstance(progress, bool)
                   and isinstance(turn, int) and 1 <= progress <= turn,
                   f"'progress_turn' must be a turn from 1 to 'turn' ({turn}), got {progress!r}")
        position = cls(supply, tuple(camels), spaces, bag, delivered, demand, theft, turn,
                       left, refilling, idle, progress, end)
        position._check_flow(setup)
        return position

    def _check_flow(self, setup: Setup) -> None:
        """The invariants that tie refills, the turn and the end together."""
        empty = sum(1 for space in self.spaces if space.good == NO_GOOD)
        bag_left = sum(self.bag)
        for number, space in enumerate(self.spaces, 1):
            _check(space.markers == 0 or space.good != NO_GOOD or self.refilling,
                   f"goods space {number} is empty but holds demand markers; they leave "
                   "with the good")
        if self.refilling:
            _check(self.end is None and empty > 0 and bag_left > 0,
                   "'refilling' needs an empty goods space, goods in the bag and a game "
                   "not over")
        else:
            _check(not bag_left or empty < REFILL_AFTER,
                   f"{empty} goods spaces are empty and the bag is not: a refill is due "
                   "('refilling' must be true)")
        if self.end is None:
            _check(self.actions_left >= 1,
                   "'actions_left' is 0 but the game goes on: the turn would have passed")
        elif self.end == END_DELIVERY:
            _check(bag_left == 0, "the game ends on a delivery only once the bag is empty")
        players = setup.players
        stalls = stall_ends(setup.stop_any_time, self.bag, self.supply, self.camels)
        if self.end is None:
            _check(self.idle < players or not stalls,
                   f"'idle' is {self.idle}: {players} turns in a row without an action end "
                   "the game")
        elif self.end == END_STALLED:
            stop = "round" if setup.stop_any_time else "bag-empty"
            _check(self.idle >= players and stalls,
                   f"the game stalls after {players} turns in a row without an action (with "
                   f"safety_stop={stop!r}), but 'idle' is {self.idle}")
        self._check_progress(setup)

    def _check_progress(self, setup: Setup) -> None:
        """The no-progress stop: it ends the game at the end of the turn that makes
        ``no_progress_turns`` turns in a row without progress."""
        limit = setup.no_progress_turns
        if not limit or self.progress_turn is None:
            _check(self.end != END_NO_PROGRESS,
                   "the game ended for want of progress, but it has no_progress_rounds=0")
            return
        quiet = self.turn - self.progress_turn
        rounds = limit // setup.players
        if self.end == END_NO_PROGRESS:
            _check(quiet == limit,
                   f"the game ends for want of progress after {rounds} full rounds "
                   f"({limit} turns) without a pick-up, delivery, theft or draw; but "
                   f"'progress_turn' is {self.progress_turn} and 'turn' {self.turn}")
        elif self.end is None:
            _check(quiet <= limit,
                   f"'progress_turn' is {self.progress_turn} and 'turn' {self.turn}: "
                   f"{rounds} full rounds ({limit} turns) without progress end the game")


def stall_ends(stop_any_time: bool, bag: Sequence[int], supply: Sequence[int],
               camels: Sequence[Sequence[Camel]]) -> bool:
    """Whether a full round of passes without any action ends the game (the safety stop).

    With ``safety_stop="round"`` always; otherwise once the bag is empty, or when nobody can
    act at all: a seat can act while it has a camel in the supply or an unladen camel on the
    board (either can always go to one of the empty squares: 49 squares, at most 24 camels).
    """
    if stop_any_time or not any(bag):
        return True
    return not any(supply[seat] or any(camel[1] == NO_GOOD for camel in camels[seat])
                   for seat in range(len(supply)))


def camel_text(camel: Camel) -> str:
    """(12, 6, True) → 'f2 salt under'."""
    square, good, under = camel
    if good == NO_GOOD:
        return SQUARE_NAMES[square]
    return f"{SQUARE_NAMES[square]} {GOODS[good]}{' under' if under else ''}"


def _goods_dict(counts: Sequence[int]) -> dict[str, int]:
    return {name: counts[good] for good, name in enumerate(GOODS)}


def _check(condition: bool, message: str) -> None:
    if not condition:
        raise StateError(message)


def _count(value: Any, name: str) -> int:
    _check(isinstance(value, int) and not isinstance(value, bool) and value >= 0,
           f"{name} must be a whole number of 0 or more, got {value!r}")
    return int(value)


def _per_seat(value: Any, players: int, name: str) -> list[Any]:
    _check(isinstance(value, list) and len(value) == players,
           f"'{name}' must be a list with one entry per seat ({players}), got {value!r}")
    return list(value)


def _goods(value: Any, name: str) -> tuple[int, ...]:
    _check(isinstance(value, dict) and set(value) == set(GOODS),
           f"{name} must map every good ({', '.join(GOODS)}) to a count, got {value!r}")
    return tuple(_count(value[good], f"{name}[{good!r}]") for good in GOODS)


def _camel(text: Any, seat: int) -> Camel:
    parts = text.split() if isinstance(text, str) else []
    problem = (f"camel {text!r} of seat {seat} must read 'SQUARE', 'SQUARE GOOD' or "
               f"'SQUARE GOOD under' (squares a1-g7, goods {', '.join(GOODS)})")
    _check(1 <= len(parts) <= 3 and parts[0] in SQUARE_ID, problem)
    if len(parts) == 1:
        return (SQUARE_ID[parts[0]], NO_GOOD, False)
    _check(parts[1] in GOODS and (len(parts) == 2 or parts[2] == UNDER), problem)
    return (SQUARE_ID[parts[0]], GOODS.index(parts[1]), len(parts) == 3)


def _spaces(value: Any) -> tuple[Space, ...]:
    _check(isinstance(value, list) and len(value) == GOODS_SPACES,
           f"'spaces' must list the {GOODS_SPACES} goods spaces in order")
    spaces = []
    for number, space in enumerate(value, 1):
        _check(isinstance(space, dict) and set(space) == {"good", "markers"},
               f"goods space {number} must be {{\"good\": NAME or null, \"markers\": N}}")
        good = space["good"]
        _check(good is None or good in GOODS,
               f"goods space {number} holds {good!r}; goods are {', '.join(GOODS)} (or null)")
        spaces.append(Space(NO_GOOD if good is None else GOODS.index(good),
                            _count(space["markers"], f"markers on goods space {number}")))
    return tuple(spaces)
