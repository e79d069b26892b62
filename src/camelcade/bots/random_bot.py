"""The simplest opponents: uniform random, and "always the first legal action"."""

from __future__ import annotations

import random

from camelcade.core.action import Action
from camelcade.core.errors import CamelcadeError
from camelcade.core.game import Game
from camelcade.core.types import PlayerId
from camelcade.core.view import View


class RandomBot:
    """Picks uniformly among the legal actions; seeded by ``seed`` or by ``begin``."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def begin(self, game: Game, seat: PlayerId, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        actions = view.actions
        if not actions:
            raise CamelcadeError(f"seat {view.player} has no legal action to choose")
        return self._rng.choice(actions)


class FirstActionBot:
    """Always plays the first legal action: a fixed, predictable opponent for tests."""

    name = "first"

    def choose(self, view: View) -> Action:
        actions = view.legal_actions()
        if not actions:
            raise CamelcadeError(f"seat {view.player} has no legal action to choose")
        return actions[0]
