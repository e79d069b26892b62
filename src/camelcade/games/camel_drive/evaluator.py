"""Camel Drive's ``race`` evaluator: each seat's points with the race in progress played out.

Points come at the end of a race (placings and bets), so the scores of a position in the
middle of one say nothing about a shout or a stone just placed. :class:`RaceEvaluator`
plays the race out ``endings`` times with the rules' own ``play_out_race`` (every camel
then only draws, and every stone still to place backs the first camel racing, as the
planner assumes) and adds each seat's mean points of those endings, bets counted, to the
points it has. A few endings make a rough judge: enough for the eager bot, which judges
one action ahead by it, to back a likely winner and to keep a shout that does not pay,
and far from the planner's hundreds of endings compared draw for draw.

The values become the searches' 0-to-1 scale by a logistic of the seats' differences
(``chances_ahead``) with a scale of ``SCALE`` points. The state it plays out is the
caller's determinisation (the decks redrawn from what the seat knows), never the truth.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from camelcade.bots.evaluators import Evaluator, chances_ahead
from camelcade.core.game import Game, State
from camelcade.games.camel_drive.spec import owner_of
from camelcade.games.camel_drive.state import CamelDriveState

SCALE: Final = 3.0
"""Points of difference that make one seat e:1 to finish ahead of another."""
ENDINGS: Final = 6
"""Race endings played out a position."""


class RaceEvaluator(Evaluator):
    """Each seat's points plus its mean points of a few race endings, by a logistic."""

    def __init__(self, endings: int = ENDINGS, scale: float = SCALE) -> None:
        if endings < 1 or scale <= 0:
            raise ValueError(f"endings must be 1 or more and scale above 0, got {endings}, "
                             f"{scale}")
        self.endings = endings
        self.scale = scale

    def points(self, state: CamelDriveState, rng: random.Random) -> list[float]:
        """Each seat's points, and the mean of what the race in progress adds to them."""
        players = state.game.players
        points = list(state.scores())
        share = 1.0 / self.endings
        for _ in range(self.endings):
            ending = state.play_out_race(rng)
            for camel, gain in enumerate(ending.gains):
                points[owner_of(camel, players)] += share * gain
        return points

    def evaluate(self, state: State, rng: random.Random) -> Sequence[float]:
        assert isinstance(state, CamelDriveState)
        return chances_ahead(self.points(state, rng), self.scale)


def race(game: Game) -> RaceEvaluator:
    """The ``race`` evaluator of the manifest's search slot (one per bot)."""
    return RaceEvaluator()
