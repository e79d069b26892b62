"""Build Caravan positions from a compact description, and read them back.

``position([["d4", "c4 salt"], ["d4 meat"]], spaces=["salt", None, ...])`` is the
two-player position with Red's camels on d4 (unladen) and c4 (carrying salt), Green's on
d4 carrying meat, those goods on spaces 1-8, and whatever is not on the table in the bag
(so every position built here keeps the goods' count and is a legal saved state). The
last progress (``progress_turn``, for the no-progress stop) is this turn unless given.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import camelcade as cc
from camelcade.core.game import STATE_FORMAT
from camelcade.games.caravan.spec import GOODS, goods_count
from camelcade.games.caravan.state import CaravanState

GAME_ID = "caravan"
FULL = ["salt", "meat", "hides", "swords", "ivory", "cloth", "gems", "paper"]
"""A full row of goods spaces 1-8 (no markers)."""


def game(players: int = 2, **options: Any) -> cc.Game:
    return cc.load(GAME_ID, players=players, **options)


def wrap(the_game: cc.Game, data: Any) -> dict[str, Any]:
    """A complete ``to_json()`` document around the position ``data``, with no history."""
    return {"format": STATE_FORMAT, "game": GAME_ID, "options": the_game.options,
            "history": [], "seen_by": [], "state": data}


def position_data(
    camels: Sequence[Sequence[str]],
    *,
    spaces: Sequence[str | None] = tuple(FULL),
    markers: Sequence[int] = (0,) * 8,
    delivered: Sequence[dict[str, int]] | None = None,
    demand: Sequence[int] | None = None,
    theft: Sequence[int] | None = None,
    bag: dict[str, int] | None = None,
    turn: int = 5,
    actions_left: int | None = None,
    refilling: bool = False,
    idle: int = 0,
    progress_turn: int | None = None,
    end: str | None = None,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The ``to_json()["state"]`` of a position (see the module docstring)."""
    players = len(camels)
    the_game = game(players, **(options or {}))
    each = the_game.option("camels")
    delivered = list(delivered) if delivered is not None else [{} for _ in camels]
    if bag is None:
        left = list(goods_count(the_game.option("short_game")))
        used = [g for g in spaces if g] + [c.split()[1] for seat in camels for c in seat
                                           if len(c.split()) > 1]
        used += [name for row in delivered for name, n in row.items() for _ in range(n)]
        for name in used:
            left[GOODS.index(name)] -= 1
        assert min(left) >= 0, f"more goods than the game has: {used}"
        bag = dict(zip(GOODS, left, strict=True))
    found = {
        "supply": [each - len(seat) for seat in camels],
        "camels": [list(seat) for seat in camels],
        "spaces": [{"good": g, "markers": m} for g, m in zip(spaces, markers, strict=True)],
        "bag": bag,
        "delivered": [{name: row.get(name, 0) for name in GOODS} for row in delivered],
        "demand": list(demand) if demand is not None else [0] * players,
        "theft": list(theft) if theft is not None else [1] * players,
        "turn": turn,
        "actions_left": min(turn, 4) if actions_left is None else actions_left,
        "refilling": refilling,
        "idle": idle,
        "progress_turn": turn if progress_turn is None else progress_turn,
        "end": end,
    }
    if not the_game.option("no_progress_rounds"):
        del found["progress_turn"]
    return found


def position(camels: Sequence[Sequence[str]], **kwargs: Any) -> CaravanState:
    """A loaded position (see the module docstring); options go in ``kwargs`` too."""
    names = ("camels_each", "short_game", "map", "safety_stop", "no_progress_rounds")
    options = {k: kwargs.pop(k) for k in names if k in kwargs}
    if "camels_each" in options:
        options["camels"] = options.pop("camels_each")
    data = position_data(camels, **kwargs, options=options)
    the_game = game(len(camels), **options)
    state = the_game.state_from_json(wrap(the_game, data))
    assert isinstance(state, CaravanState)
    return state


def data(state: cc.State) -> dict[str, Any]:
    """The position part of ``state.to_json()``."""
    part: dict[str, Any] = state.to_json()["state"]
    return part


def legal(state: cc.State) -> list[str]:
    """The legal actions as text, in the engine's order."""
    return [str(action) for action in state.legal_actions()]


def start(players: int = 2, goods: Sequence[str] = tuple(FULL), **options: Any) -> CaravanState:
    """A new game with goods spaces 1-8 filled by the chance outcomes ``goods``."""
    state = game(players, **options).new_state()
    for name in goods:
        state.apply(f"draw {name}")
    assert isinstance(state, CaravanState)
    return state
