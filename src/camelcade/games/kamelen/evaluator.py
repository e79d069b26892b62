"""Kamelen's ``material`` evaluator: ``kamelen-search``'s evaluation, for the generic bots.

The evaluation (``evaluation.py``, computed by the compiled ``kernel``) scores a position
for the side to move in centi-dromedaries: material, the attacking camels' closeness to
the enemy home field, the attackers each side has left and mobility. :class:`Material`
lends it to the generic bots through the manifest's ``search`` slot: the searches can
value a leaf by it (``mcts:evaluator=material``) and the eager bot, the easy level,
judges each move one ply ahead by it, as ``kamelen-greedy`` does, but now and then plays
any legal move instead.

The score becomes the searches' 0-to-1 scale by a logistic with a scale of ``SCALE``
(one dromedary: a side a dromedary up is about three to one to win).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

from camelcade.bots.evaluators import Evaluator
from camelcade.core.game import Game, State
from camelcade.games.kamelen import kernel
from camelcade.games.kamelen.search import prepared
from camelcade.games.kamelen.state import KamelenState

SCALE: Final = 100.0
"""Centi-dromedaries that make the side ahead e:1 to win."""


class Material(Evaluator):
    """Each side's chance of winning, by a logistic of the evaluation."""

    def __init__(self, scale: float = SCALE) -> None:
        if scale <= 0:
            raise ValueError(f"scale must be above 0, got {scale}")
        self.scale = scale

    def evaluate(self, state: State, rng: random.Random) -> Sequence[float]:
        assert isinstance(state, KamelenState)
        tables, work = prepared(state)
        score = kernel.evaluate(tables, work, -1, int(work[kernel.W_MOVES]))
        mover = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, score / self.scale))))
        side = int(work[kernel.SIDE])
        return [mover, 1.0 - mover] if side == 0 else [1.0 - mover, mover]


def material(game: Game) -> Material:
    """The ``material`` evaluator of the manifest's search slot (one per bot)."""
    return Material()
