"""What a game's easy level plays at a position over many seeds (the games' easy tests)."""

from __future__ import annotations

from collections import Counter

import camelcade as cc
from camelcade.bots.eager import EagerBot

TRIES = 100
"""Seeds tried a position: a quarter of the easy level's moves wander at random, so an
action it takes whenever it does not wander comes out about 75 times or more."""
MOST = 65
"""At least this many of the ``TRIES`` must take the obvious action."""


def easy_picks(state: cc.State, tries: int = TRIES) -> Counter[str]:
    """The easy level's choice at ``state`` for the seat to move, seeds 0 to tries - 1."""
    picks: Counter[str] = Counter()
    seat = state.current_player
    for seed in range(tries):
        bot = cc.bots.load_level(state.game.id, "easy")
        assert isinstance(bot, EagerBot)
        bot.begin(state.game, seat, seed)
        picks[str(bot.choose(state.view(seat)))] += 1
    return picks
