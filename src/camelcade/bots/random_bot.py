"""The simplest opponents: uniform random, and "always the first legal action"."""

from __future__ import annotations

import random

from camelcade.core.action import Action
from camelcade.core.errors import CamelcadeError
from camelcade.core.game import Game
from camelcade.core.types import PlayerId
from camelcade.core.view import View


class RandomBot:
    """Picks uniformly among the legal actions; seeded by ``seed`` or by ``begin``.

    It chooses by index (``choose_index``, see ``core.agent``), so a driver checks its
    choice in constant time. Without a seed its generator is made on first use, from the
    system's entropy as ``random.Random()`` is: a bot that a driver seeds with ``begin``
    (every match) never pays for one it would throw away.
    """

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._rng: random.Random | None = None if seed is None else random.Random(seed)

    def begin(self, game: Game, seat: PlayerId, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose_index(self, view: View) -> int:
        """The position in ``view.actions`` of a uniformly drawn one.

        ``randrange(n)`` draws exactly what ``choice`` of ``n`` actions draws, so seeded
        games are the ones this bot always played.
        """
        count = len(view.actions)
        if not count:
            raise CamelcadeError(f"seat {view.player} has no legal action to choose")
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random()
        return rng.randrange(count)

    def choose(self, view: View) -> Action:
        return view.actions[self.choose_index(view)]


class FirstActionBot:
    """Always plays the first legal action: a fixed, predictable opponent for tests."""

    name = "first"

    def choose(self, view: View) -> Action:
        actions = view.actions
        if not actions:
            raise CamelcadeError(f"seat {view.player} has no legal action to choose")
        return actions[0]
