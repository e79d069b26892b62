"""A game-agnostic baseline to measure ``kamelen-search`` against: flat Monte Carlo.

It knows nothing of Kamelen: for each legal action it plays random games (through the
public ``State`` API only, on its fast path) and keeps the action with the best mean
return for its seat. Playouts are cut after ``horizon`` actions and then count as half a
win. Beside the generic ``mcts`` bot it is the "knows only the rules" yardstick.
"""

from __future__ import annotations

import random

from camelcade.bots.opening import forced_action
from camelcade.core.action import Action
from camelcade.core.chance import sample_chance
from camelcade.core.game import Game, State
from camelcade.core.types import PlayerId
from camelcade.core.view import View


class FlatMonteCarloBot:
    """``playouts`` random games in all per decision, spread evenly over the actions."""

    name = "flat-mc"

    def __init__(self, playouts: int = 200, horizon: int = 60, seed: int | None = None) -> None:
        self.playouts = playouts
        self.horizon = horizon
        self._rng = random.Random(seed)

    def begin(self, game: Game, seat: PlayerId, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        forced = forced_action(view)
        if forced is not None:
            return forced
        actions = view.legal_actions()
        root = view.sample_state(self._rng)
        per_action = max(1, self.playouts // len(actions))
        best, best_value = actions[0], -1.0
        for action in actions:
            total = 0.0
            for _ in range(per_action):
                total += self._playout(root.child(action), view.player)
            value = total / per_action
            if value > best_value:
                best, best_value = action, value
        return best

    def _playout(self, state: State, seat: PlayerId) -> float:
        rng = self._rng
        for _ in range(self.horizon):
            if state.is_terminal():
                break
            if state.is_chance():
                state.apply(sample_chance(state, rng), check=False)
            else:
                state.apply(rng.choice(state.legal_actions()), check=False)
        if not state.is_terminal():
            return 0.5
        returns = state.returns()
        best = max(returns)
        if best <= 0 or len(set(returns)) == 1:
            return 0.5
        return returns[seat] / best
