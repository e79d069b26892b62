"""Saving and loading a Caravan position: every invariant checked, each failure named.

A saved state comes from files, the network and bots' samplers, so nothing in it is
trusted: a bad one raises ``StateError`` saying which field is wrong and what is allowed.

Layout of ``to_json()["state"]``::

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
    end           null, "delivery" or "stalled"
"""

from __future__ import annotations

from typing import Any

from camelcade.core.types import JSONDict
from camelcade.games.caravan.spec import (
    GOODS,
    GOODS_SPACES,
    NO_GOOD,
    REFILL_AFTER,
    SQUARE_ID,
    SQUARE_NAMES,
    allowance,
    goods_count,
)
from camelcade.games.caravan.state import (
    END_DELIVERY,
    END_STALLED,
    Camel,
    CaravanState,
    check,
)

FIELDS = ("supply", "camels", "spaces", "bag", "delivered", "demand", "theft", "turn",
          "actions_left", "refilling", "idle", "end")
UNDER = "under"


def camel_text(camel: Camel) -> str:
    """(12, 6, True) → 'f2 salt under'."""
    square, good, under = camel
    if good == NO_GOOD:
        return SQUARE_NAMES[square]
    return f"{SQUARE_NAMES[square]} {GOODS[good]}{' under' if under else ''}"


def _goods_dict(counts: list[int]) -> dict[str, int]:
    return {name: counts[good] for good, name in enumerate(GOODS)}


def position_data(state: CaravanState) -> JSONDict:
    """The complete position as JSON-safe data (the inverse of ``load_position``)."""
    seats = range(state.game.players)
    return {
        "supply": [state.supply(seat) for seat in seats],
        "camels": [[camel_text(camel) for camel in state.camels(seat)] for seat in seats],
        "spaces": [
            {"good": None if state.space_good(i) == NO_GOOD else GOODS[state.space_good(i)],
             "markers": state.space_markers(i)}
            for i in range(GOODS_SPACES)
        ],
        "bag": _goods_dict(state.bag()),
        "delivered": [_goods_dict(state.delivered(seat)) for seat in seats],
        "demand": [state.demand_markers(seat) for seat in seats],
        "theft": [state.theft_markers(seat) for seat in seats],
        "turn": state.turn,
        "actions_left": state.actions_left,
        "refilling": state._refilling,
        "idle": state._idle,
        "end": state.end_reason,
    }


def _count(value: Any, name: str) -> int:
    check(isinstance(value, int) and not isinstance(value, bool) and value >= 0,
          f"{name} must be a whole number of 0 or more, got {value!r}")
    return int(value)


def _per_seat(value: Any, players: int, name: str) -> list[Any]:
    check(isinstance(value, list) and len(value) == players,
          f"'{name}' must be a list with one entry per seat ({players}), got {value!r}")
    return list(value)


def _goods(value: Any, name: str) -> list[int]:
    check(isinstance(value, dict) and set(value) == set(GOODS),
          f"{name} must map every good ({', '.join(GOODS)}) to a count, got {value!r}")
    return [_count(value[good], f"{name}[{good!r}]") for good in GOODS]


def _camel(text: Any, seat: int) -> Camel:
    parts = text.split() if isinstance(text, str) else []
    problem = (f"camel {text!r} of seat {seat} must read 'SQUARE', 'SQUARE GOOD' or "
               f"'SQUARE GOOD under' (squares a1-g7, goods {', '.join(GOODS)})")
    check(1 <= len(parts) <= 3 and parts[0] in SQUARE_ID, problem)
    if len(parts) == 1:
        return (SQUARE_ID[parts[0]], NO_GOOD, False)
    check(parts[1] in GOODS and (len(parts) == 2 or parts[2] == UNDER), problem)
    return (SQUARE_ID[parts[0]], GOODS.index(parts[1]), len(parts) == 3)


def load_position(state: CaravanState, data: Any) -> None:
    """Fill a fresh ``state`` from ``data``; raise ``StateError`` naming any problem."""
    check(isinstance(data, dict), "'state' must be an object")
    missing = [key for key in FIELDS if key not in data]
    extra = sorted(set(data) - set(FIELDS))
    check(not missing, f"'state' lacks {missing}")
    check(not extra, f"'state' has unknown fields {extra}; allowed: {list(FIELDS)}")
    game = state.game
    players, camels_each = game.players, int(game.option("camels"))

    supply = [_count(n, f"supply of seat {seat}")
              for seat, n in enumerate(_per_seat(data["supply"], players, "supply"))]
    camels: list[list[Camel]] = []
    for seat, entries in enumerate(_per_seat(data["camels"], players, "camels")):
        check(isinstance(entries, list), f"camels of seat {seat} must be a list")
        camels.append(sorted(_camel(text, seat) for text in entries))
        check(len(camels[seat]) + supply[seat] == camels_each,
              f"seat {seat} has {len(camels[seat])} camels on the board and {supply[seat]} in "
              f"the supply; it must have {camels_each} in all")

    spaces = data["spaces"]
    check(isinstance(spaces, list) and len(spaces) == GOODS_SPACES,
          f"'spaces' must list the {GOODS_SPACES} goods spaces in order")
    space_good, space_markers = [], []
    for number, space in enumerate(spaces, 1):
        check(isinstance(space, dict) and set(space) == {"good", "markers"},
              f"goods space {number} must be {{\"good\": NAME or null, \"markers\": N}}")
        good = space["good"]
        check(good is None or good in GOODS,
              f"goods space {number} holds {good!r}; goods are {', '.join(GOODS)} (or null)")
        space_good.append(NO_GOOD if good is None else GOODS.index(good))
        space_markers.append(_count(space["markers"], f"markers on goods space {number}"))

    bag = _goods(data["bag"], "'bag'")
    delivered = [_goods(d, f"delivered by seat {seat}")
                 for seat, d in enumerate(_per_seat(data["delivered"], players, "delivered"))]
    demand = [_count(n, f"demand markers of seat {seat}")
              for seat, n in enumerate(_per_seat(data["demand"], players, "demand"))]
    theft = [_count(n, f"theft markers of seat {seat}")
             for seat, n in enumerate(_per_seat(data["theft"], players, "theft"))]
    check(sum(theft) == players,
          f"the seats hold {sum(theft)} theft markers; there are {players}, one per player "
          "(a thief hands the marker to the victim)")

    full = goods_count(bool(game.option("short_game")))
    for good, name in enumerate(GOODS):
        carried = sum(1 for seat in camels for camel in seat if camel[1] == good)
        total = (bag[good] + space_good.count(good) + carried
                 + sum(row[good] for row in delivered))
        check(total == full[good],
              f"{total} {name} in the bag, on goods spaces, on camels and delivered; "
              f"this game has {full[good]}")

    turn = data["turn"]
    check(isinstance(turn, int) and not isinstance(turn, bool) and turn >= 1,
          f"'turn' must be a whole number from 1, got {turn!r}")
    left = _count(data["actions_left"], "'actions_left'")
    check(left <= allowance(turn),
          f"'actions_left' is {left}, but turn {turn} allows only {allowance(turn)}")
    refilling, idle, end = data["refilling"], data["idle"], data["end"]
    check(isinstance(refilling, bool), f"'refilling' must be true or false, got {refilling!r}")
    idle = _count(idle, "'idle'")
    check(end in (None, END_DELIVERY, END_STALLED),
          f"'end' must be null, {END_DELIVERY!r} or {END_STALLED!r}, got {end!r}")
    empty = space_good.count(NO_GOOD)
    bag_left = sum(bag)
    for number in range(1, GOODS_SPACES + 1):
        check(space_markers[number - 1] == 0 or space_good[number - 1] != NO_GOOD or refilling,
              f"goods space {number} is empty but holds demand markers; they leave with "
              "the good")
    if refilling:
        check(end is None and empty > 0 and bag_left > 0,
              "'refilling' needs an empty goods space, goods in the bag and a game not over")
    else:
        check(not bag_left or empty < REFILL_AFTER,
              f"{empty} goods spaces are empty and the bag is not: a refill is due "
              "('refilling' must be true)")
    if end is None:
        check(left >= 1, "'actions_left' is 0 but the game goes on: the turn would have passed")
    elif end == END_DELIVERY:
        check(bag_left == 0, "the game ends on a delivery only once the bag is empty")

    state._supply = supply
    state._camels = camels
    state._occupancy = [0] * len(state._occupancy)
    for seat_camels in camels:
        for camel in seat_camels:
            state._occupancy[camel[0]] += 1
    state._space_good = space_good
    state._space_markers = space_markers
    state._bag = bag
    state._delivered = delivered
    state._demand = demand
    state._theft = theft
    state._turn = turn
    state._left = left
    state._refilling = refilling
    state._idle = idle
    state._end = end
    if end is None:
        check(idle < players or not state._stall_ends(),
              f"'idle' is {idle}: {players} turns in a row without an action end the game")
    elif end == END_STALLED:
        check(idle >= players and state._stall_ends(),
              f"the game stalls after {players} turns in a row without an action (with "
              f"safety_stop={game.option('safety_stop')!r}), but 'idle' is {idle}")
