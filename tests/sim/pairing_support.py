"""Shared by the games' paired-seed tests: one seed played in every rotation of its seats,
each game's draws split by the source a game says they come from.

A game's test names the source of a draw (a camel's deck in one race, a seat's pile in one
shuffle) and checks that every rotation drew the same cards from it, as far as each got.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from camelcade.core.game import State
from camelcade.core.registry import load
from camelcade.sim.entrants import parse_entrants
from camelcade.sim.match import play_match
from camelcade.sim.plan import Tournament

Source = Callable[[State, int], Hashable]
"""The source of the chance node ``state``, given how many actions came before it."""
Draws = dict[Hashable, list[str]]


def rotations_draws(game_id: str, bots: Sequence[str], seed: int, source: Source,
                    watch: Callable[[State, str], None] | None = None) -> list[Draws]:
    """Play seed ``seed`` (keyed chance) in every rotation of ``bots``; per rotation, the
    cards drawn from each source in order. ``watch`` sees every state and action."""
    game = load(game_id, players=len(bots))
    tournament = Tournament(game.id, game.options, tuple(parse_entrants(bots, game.id)),
                            seed=seed, seating="rotate")
    found = []
    for match in tournament.matches(1):
        state = game.new_state()
        draws: Draws = {}
        for step, text in enumerate(play_match(match).record.actions):
            if state.is_chance():
                draws.setdefault(source(state, step), []).append(text)
            if watch is not None:
                watch(state, text)
            state.apply(text)
        found.append(draws)
    assert len(found) == len(bots), "every rotation of distinct bots is played"
    return found


def first_difference(first: Sequence[str], second: Sequence[str]) -> int | None:
    """Where two runs of draws from one source first differ (None: one is the other's
    beginning, as when one game ended or reshuffled sooner)."""
    return next((i for i, (a, b) in enumerate(zip(first, second, strict=False)) if a != b),
                None)
