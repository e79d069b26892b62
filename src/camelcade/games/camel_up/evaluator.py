"""Camel Up's ``legs`` evaluator: each seat's coins as the leg will pay them, on average.

Coins come late in Camel Up: a leg ticket pays when the leg ends, a pyramid ticket too,
so a position's coins say little about who is ahead. :class:`LegsEvaluator` adds what
the leg in progress will pay each seat, exactly, from the leg odds every seat can work
out (``odds.leg_odds``, the odds ``camel-up-ev`` and the ``odds`` word use): each leg
ticket held at its expected value, each pyramid ticket at its coin, each desert tile at
the camels expected to land on it. Overall bets are left out (their worth is a guess at
the whole race). The odds are those of the track without its tiles, so one solve of the
leg serves every action of a decision (a tile moves the camels that land on it, and each
placement would be a solve of its own): a tile is worth the camels expected to land on
its space as if it were not there, a close guess at the cost of a fraction of a
millisecond instead of a hundred. The eager bot, which judges by this value one action
ahead, takes the good leg tickets and the pyramid ticket, and bets on the race only when
it wanders.

The seats' expected coins become the searches' 0-to-1 scale by a logistic of their
differences (``chances_ahead``) with a scale of ``SCALE`` coins. It reads only what every
seat sees (the track, the tiles, the dice left, the tickets taken); a finished game is
valued by the search from its ranking, and a position before the camels are set up by
its coins alone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from camelcade.bots.evaluators import Evaluator, chances_ahead
from camelcade.core.game import Game, State
from camelcade.games.camel_up.advice import Evaluator as Odds
from camelcade.games.camel_up.odds import Position
from camelcade.games.camel_up.spec import PYRAMID_PAY, ROLL, SETUP, TILE_PAY
from camelcade.games.camel_up.state import CamelUpState

SCALE: Final = 3.0
"""Coins of difference that make one seat e:1 to finish ahead of another."""


class LegsEvaluator(Evaluator):
    """Each seat's coins with the leg's expected pay-out, compared by a logistic."""

    def __init__(self, scale: float = SCALE) -> None:
        self.scale = scale
        self.odds = Odds(fast=True)
        """The leg odds, cached by position (one leg's positions share most of them)."""

    def coins(self, state: CamelUpState) -> list[float]:
        """Each seat's coins plus what the leg in progress will pay it, on average."""
        coins = [float(c) for c in state.coins()]
        if state.phase == SETUP or state.is_terminal():
            return coins
        position = Position.from_state(state)
        if position.finished:
            return coins
        legs = self.odds.leg(Position(position.edition, position.track, (),
                                      position.pyramid, position.precedence))
        for seat in range(state.game.players):
            coins[seat] += PYRAMID_PAY * state.pyramid_tickets(seat)
            for colour, value in state.tickets(seat):
                coins[seat] += float(legs.ticket_value(colour, value))
        if state.phase == ROLL:  # the die is still in the air: its ticket is taken
            coins[state.turn] += PYRAMID_PAY
        for space, _side, owner in position.tiles:
            coins[owner] += TILE_PAY * float(legs.landings.get(space, 0))
        return coins

    def evaluate(self, state: State, rng: random.Random) -> Sequence[float]:
        assert isinstance(state, CamelUpState)
        return chances_ahead(self.coins(state), self.scale)


def legs(game: Game) -> LegsEvaluator:
    """The ``legs`` evaluator of the manifest's search slot (one per bot)."""
    return LegsEvaluator()
