"""A balance probe for the tests: counts the players' moves (which the lab counts too)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from camelcade.core import Action, State


class MovesProbe:
    def __init__(self) -> None:
        self.moves = 0

    def step(self, state: State, action: Action) -> None:
        self.moves += not state.is_chance()

    def finish(self, state: State) -> Mapping[str, float]:
        return {"moves": float(self.moves)}

    def figures(self, totals: Mapping[str, Any], games: int) -> Mapping[str, float]:
        return {"moves a game": totals["moves"] / games}
