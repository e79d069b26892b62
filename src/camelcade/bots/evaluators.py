"""Evaluators: what a search asks of a game's knowledge, and the generic answer.

A tree search (``mcts``, ``ismcts``) grows its tree one node an iteration and asks an
:class:`Evaluator` two things:

- ``evaluate(state, rng)``: each seat's value, 0 to 1, of the node it just added (a game
  over is valued by the search itself, from its ranking). ``state`` is the search's copy — a
  determinisation, so it holds nothing the searching seat may not know — and the
  evaluator may play it on (a rollout) or read it (a heuristic).
- ``priors(state, actions)``: optionally, a weight per action at a decision: progressive
  widening tries the heaviest first, and the bias term of the selection
  (``prior_weight · prior / (visits + 1)``, Chaslot et al.'s progressive bias) leans on
  them while an action has few visits.

:class:`Rollout` is the generic evaluator and the default: random play (the game's own
``State.playout``) for up to ``limit`` steps, then the outcome's rewards, or the
position's value if the game is not over — the scores ranked, or a game's heuristic
``leaf``. An expert plugs in a rollout ``policy`` (the game's greedy bot's choice, say),
a ``leaf`` value (``limit=0``: no rollout at all), ``priors``, or subclasses
:class:`Evaluator` for anything else; a game declares its evaluators by name in its
plug-in manifest (``GamePlugin.search``) and the bots' ``evaluator`` setting picks one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from camelcade.bots.rewards import outcome_values, reward_named
from camelcade.core.action import Action
from camelcade.core.chance import sample_chance
from camelcade.core.errors import OptionError
from camelcade.core.game import State
from camelcade.core.types import CHANCE, TERMINAL
from camelcade.core.words import t

Policy = Callable[[State, Sequence[Action], random.Random], Action]
"""A rollout policy: returns one of ``actions`` (the state's own legal list, applied through
the fast path, so it must be one of those objects) at ``state``."""
LeafValue = Callable[[State], Sequence[float]]
"""Each seat's value, 0 to 1, of a position a rollout stopped in before the end."""
Priors = Callable[[State, Sequence[Action]], Sequence[float] | None]
"""A weight (0 to 1) per action of ``actions``, or None for no preference."""


def chances_ahead(points: Sequence[float], scale: float) -> list[float]:
    """Each seat's value on the searches' 0-to-1 scale from its points: the mean, over the
    other seats, of a logistic of the difference, ``1 / (1 + exp(-(mine - theirs) /
    scale))``, read as its chance of finishing ahead of that seat (so the values add up
    to what the ranks would, ``players / 2``). One seat alone is worth 1."""
    players = len(points)
    if players < 2:
        return [1.0] * players
    values = []
    for seat, mine in enumerate(points):
        ahead = 0.0
        for other, theirs in enumerate(points):
            if other != seat:
                ahead += 1.0 / (1.0 + math.exp((theirs - mine) / scale))
        values.append(ahead / (players - 1))
    return values


class Evaluator:
    """The interface a search calls; subclass it and override what the game knows.

    ``evaluate`` must be given; ``priors`` says nothing by default. An evaluator must not
    keep the states it is given (the search reuses them) and gets its randomness only
    from the ``rng`` passed in, so the search stays reproducible from its seed. One
    evaluator serves one bot (it may keep caches), in one thread.
    """

    def evaluate(self, state: State, rng: random.Random) -> Sequence[float]:
        """Each seat's value, 0 to 1, of the unfinished ``state`` (which this may change)."""
        raise NotImplementedError(f"{type(self).__name__} does not evaluate positions")

    def priors(self, state: State, actions: Sequence[Action]) -> Sequence[float] | None:
        """A weight per action of ``actions`` at ``state``, or None (no preference)."""
        return None


class Rollout(Evaluator):
    """Play on for up to ``limit`` steps (None: to the end), then value the position.

    Without a ``policy`` the steps are uniformly random, through ``State.playout`` (the
    game's fastest loop); with one, each decision is the policy's and chance is drawn
    by its probabilities. A finished game is worth its ranking's rewards; an unfinished
    one its ``leaf`` value, or its scores ranked when no ``leaf`` is given.
    """

    def __init__(self, limit: int | None = 400, *, policy: Policy | None = None,
                 leaf: LeafValue | None = None, priors: Priors | None = None,
                 reward: str = "rank") -> None:
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int)
                                  or limit < 0):
            raise OptionError(t("rollout_limit must be a whole number of steps, 0 or more, "
                                "or none (to the end), got {given}", given=repr(limit)))
        self.limit = limit
        self.policy = policy
        self.leaf = leaf
        self._priors = priors
        self.reward = reward_named(reward)

    def evaluate(self, state: State, rng: random.Random) -> Sequence[float]:
        if self.policy is None:
            state.playout(rng, self.limit)
        else:
            self._policy_playout(state, rng)
        if self.leaf is not None and not state.is_terminal():
            return self.leaf(state)
        return outcome_values(state, self.reward)

    def _policy_playout(self, state: State, rng: random.Random) -> None:
        policy = self.policy
        assert policy is not None
        remaining = -1 if self.limit is None else self.limit
        while remaining != 0:
            mover = state.current_player
            if mover == TERMINAL:
                return
            if mover == CHANCE:
                state.apply(sample_chance(state, rng), check=False)
            else:
                legal = state.legal_actions()
                state.apply(policy(state, legal, rng) if len(legal) > 1 else legal[0],
                            check=False)
            remaining -= 1

    def priors(self, state: State, actions: Sequence[Action]) -> Sequence[float] | None:
        return None if self._priors is None else self._priors(state, actions)
