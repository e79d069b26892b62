"""Caravan: random full games per second, and legal-action generation in a crowded position.

* Random games, 2-4 players, through the public API (legality checked on every apply),
  with a baseline measured in the same run: the same games driven through the private
  hooks (``_legal_actions``/``_apply``, no checks, no history). The ratio is the price of
  the public API's checks.
* Legal actions in a crowded 4-player position (24 camels, long chains, laden camels,
  thefts possible): generations per second (a state remembers its relay lists, so calls
  after the first on one position find them), and the relay part alone, found afresh each
  time (``state.relays``), against a baseline that enumerates simple paths along the
  chains instead of growing connected components (what the rules generator avoids).

The core's benchmark (``bench_core.py caravan``) measures playouts and search against the
first release; the figures and the profile behind them are in ``docs/games/caravan.md``.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from benchmarks.random_games import api_overhead

import camelcade as cc
from camelcade.core.game import STATE_FORMAT
from camelcade.games.caravan.actions import Relay
from camelcade.games.caravan.spec import NEIGHBOURS, NO_GOOD
from camelcade.games.caravan.state import CaravanState

GAME_ID = "caravan"

CROWDED = {
    "supply": [0, 0, 0, 0],
    "camels": [
        ["a7 salt", "a6", "a5 meat", "a4", "b4", "c4 hides"],
        ["g7 swords", "g6", "g5 ivory", "g4", "f4", "e4"],
        ["a1 gems", "b1", "c1 cloth", "d1", "d2", "d3 paper under"],
        ["g1 meat", "f1", "e1", "e2 salt", "d2", "c2"],
    ],
    "spaces": [{"good": g, "markers": m} for g, m in (
        (None, 0), (None, 0), ("salt", 2), ("meat", 1), ("hides", 0), ("swords", 1),
        ("hides", 3), (None, 0))],
    "bag": {"ivory": 2, "cloth": 2, "gems": 2, "paper": 2, "meat": 6, "swords": 7,
            "salt": 6, "hides": 6},
    "delivered": [dict.fromkeys(("ivory", "cloth", "gems", "paper", "meat", "swords",
                                 "salt", "hides"), 0) for _ in range(4)],
    "demand": [1, 0, 2, 1],
    "theft": [1, 1, 0, 2],
    "turn": 21,
    "actions_left": 4,
    "refilling": False,
    "idle": 0,
    "end": None,
}


def crowded() -> CaravanState:
    game = cc.load(GAME_ID, players=4, camels=6)
    state = game.state_from_json({"format": STATE_FORMAT, "game": GAME_ID,
                                  "options": game.options, "history": [], "seen_by": [],
                                  "state": CROWDED})
    assert isinstance(state, CaravanState)
    return state


def relays_by_paths(state: CaravanState, seat: int) -> list[Relay]:
    """Baseline: relays found by enumerating every simple path along the seat's camels."""
    camels = state.camels(seat)
    squares = {square for square, _, _ in camels}
    unladen = {square for square, good, _ in camels if good == NO_GOOD}
    def walk(square: int, seen: frozenset[int], reached: set[int]) -> None:
        reached.add(square)
        for near in NEIGHBOURS[square]:
            if near in squares and near not in seen:
                walk(near, seen | {near}, reached)

    found: set[Relay] = set()
    for start in sorted({(sq, g) for sq, g, _ in camels if g != NO_GOOD}):
        reached: set[int] = set()
        walk(start[0], frozenset({start[0]}), reached)
        found.update(Relay(start[1], start[0], to) for to in reached & unladen)
    return sorted(found, key=str)


def _per_second(call: Callable[[], object], seconds: float) -> float:
    """Calls per CPU second (the machine is shared: wall time would measure the others)."""
    count, started = 0, time.process_time()
    while (elapsed := time.process_time() - started) < seconds:
        for _ in range(50):
            call()
        count += 50
    return count / elapsed


def run(quick: bool) -> dict[str, object]:
    games = 3 if quick else 20
    figures: dict[str, object] = {"games_per_measure": games}
    for players in (2, 3, 4):
        game = cc.load(GAME_ID, players=players)
        figures[f"{players}p"] = api_overhead(game, games)
    state = crowded()
    seat = state.current_player
    window = 0.3 if quick else 2.0
    component_relays = sorted(state.relays(seat), key=str)
    assert component_relays == relays_by_paths(state, seat)
    bfs = _per_second(lambda: state.relays(seat), window)
    paths = _per_second(lambda: relays_by_paths(state, seat), window)
    figures["crowded_position"] = {
        "legal_actions": len(state._legal_actions()),
        "relays": len(component_relays),
        "legal_generations_per_second": round(_per_second(state._legal_actions, window)),
        "relay_generations_per_second_components": round(bfs),
        "relay_generations_per_second_path_enumeration": round(paths),
        "components_vs_paths_ratio": round(bfs / paths, 2),
    }
    return figures


if __name__ == "__main__":
    import json

    print(json.dumps(run(quick=True), indent=1))
