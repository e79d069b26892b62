"""``camel-up-ev``: plays the action with the highest expected coin value.

It sees only its ``View``; the values come from :mod:`.advice` (exact leg odds, landing
expectations, Monte Carlo race odds seeded from the bot's own seed).
"""

from __future__ import annotations

from camelcade.core.action import Action
from camelcade.core.errors import CamelcadeError
from camelcade.core.game import Game
from camelcade.core.types import PlayerId
from camelcade.core.view import View
from camelcade.games.camel_up.advice import Evaluator


class ExpectedValueBot:
    """Greedy expected-value player for Camel Up (either edition)."""

    name = "camel-up-ev"

    def __init__(self, seed: int = 0, race_samples: int = 200) -> None:
        self._race_samples = race_samples
        self._evaluator = Evaluator(race_samples, seed, fast=True)

    def begin(self, game: Game, seat: PlayerId, seed: int) -> None:
        """A fresh evaluator per game, its race simulations seeded from the match seed."""
        if game.id != "camel-up":
            raise CamelcadeError(f"{self.name} plays camel-up, not {game.id}")
        self._evaluator = Evaluator(self._race_samples, seed % 2**32, fast=True)

    def choose(self, view: View) -> Action:
        if not view.legal_actions():
            raise CamelcadeError(f"seat {view.player} has no legal action to choose")
        return self._evaluator.best(view).action
