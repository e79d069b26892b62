"""``a-dos-expert``: the generic information-set search with the game's expert evaluator.

The search is ``ismcts`` itself (``camelcade.bots.search``), not a second one: this class
only gives it the evaluator of ``expert.py`` (card counting, camel progress in palms,
when to spend the caravan leader and the mirages) and defaults that suit the game. A
leaf valued after 16 random steps instead of a random rollout to the end makes each
iteration about ten times cheaper, so the same time buys a far deeper tree.

Settings are ``ismcts``'s (less ``evaluator``, ``rollout_limit`` and ``grouping``, which
this bot fixes), with ``time_limit`` defaulting to ``auto``: half a second a move, unless
``iterations`` is given, when the search stops after exactly those iterations and
repeats from its seed. The evaluator's weights (``carry``, ``curve`` ... and
``rollout``, the random steps before the leaf value; see ``Weights``) are settings too,
for tuning in the lab.
"""

from __future__ import annotations

from typing import Final, cast

from camelcade.bots.ismcts import ISMCTSBot
from camelcade.games.a_dos_de_chameau.expert import ExpertEvaluator, Weights

AUTO: Final = "auto"
"""``time_limit=auto``: ``DEFAULT_TIME`` seconds a move, or none when ``iterations`` is set."""
DEFAULT_TIME: Final = 0.5


class ADosExpertBot(ISMCTSBot):
    """``ismcts`` with the expert evaluator (see the module docstring)."""

    name = "a-dos-expert"

    def __init__(self, iterations: int | None = None, time_limit: float | str | None = AUTO,
                 exploration: float = 0.7, seed: int | None = None, *, clock: str = "wall",
                 reward: str = "rank", widening: float = 2.0, widening_exponent: float = 0.5,
                 widening_floor: int = 24, prior_weight: float = 1.0, reuse: bool = True,
                 carry: float = Weights.carry, curve: float = Weights.curve,
                 leader_need: float = Weights.leader_need,
                 leader_keep: float = Weights.leader_keep,
                 mirage_palm: float = Weights.mirage_palm,
                 storm_held: float = Weights.storm_held, deepen: float = Weights.deepen,
                 spread: float = Weights.spread,
                 spread_per_space: float = Weights.spread_per_space,
                 rollout: int = Weights.rollout) -> None:
        if time_limit == AUTO:
            time_limit = None if iterations is not None else DEFAULT_TIME
        evaluator = ExpertEvaluator(Weights(
            carry=carry, curve=curve, leader_need=leader_need, leader_keep=leader_keep,
            mirage_palm=mirage_palm, storm_held=storm_held, deepen=deepen, spread=spread,
            spread_per_space=spread_per_space, rollout=rollout))
        # Any other text is refused by the budget, saying what a time limit may be.
        super().__init__(iterations, cast("float | None", time_limit), exploration,
                         seed=seed, clock=clock, reward=reward, evaluator=evaluator,
                         widening=widening, widening_exponent=widening_exponent,
                         widening_floor=widening_floor, prior_weight=prior_weight,
                         reuse=reuse)
