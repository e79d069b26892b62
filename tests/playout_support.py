"""The differential check of a game's own playout loop (``State._playout``).

A game may run ``State.playout`` in its own tight loop for the searches' sake; it must
play exactly what the contract says: a choice among ``n`` listed actions is
``actions[floor(u * n)]`` and a chance outcome is ``sample_chance``'s, for the next
``u = rng.random()``, applied as ``apply(action, check=False)``. ``reference_playout``
is that sentence, written with the public API only; ``check_playouts_match`` plays both
from the same numbers at many random positions of random games and compares everything
that could tell them apart.
"""

from __future__ import annotations

import random

from camelcade.core.chance import sample_chance
from camelcade.core.game import Game, State

LIMITS: tuple[int | None, ...] = (0, 1, 2, 3, 7, 40, 400, None)
"""Playout lengths tried in turn: a stop at every early step, a search's 400, the end."""


def reference_playout(state: State, rng: random.Random, limit: int | None) -> int:
    """The playout as the contract (``State.playout``) defines it, step by public step."""
    played = 0
    while played != limit and not state.is_terminal():
        if state.is_chance():
            action = sample_chance(state, rng)
        else:
            actions = state.legal_actions()
            action = actions[int(rng.random() * len(actions))]
        state.apply(action, check=False)
        played += 1
    return played


def check_playouts_match(game: Game, positions: int, seed: int = 0,
                         every: float = 0.15) -> int:
    """Play random games of ``game``; at ``positions`` of their positions (a share ``every``
    of them) play out a copy by ``playout`` and another by ``reference_playout`` from
    equal generators, and require the same count, history, position, seat to act, legal
    actions and generator state. Returns how many positions were compared."""
    assert type(game.new_state())._playout is not State._playout, (
        f"{game.id} has no playout loop of its own: nothing to compare")
    rng = random.Random(seed)
    compared = 0
    while compared < positions:
        state = game.new_state()
        while not state.is_terminal() and compared < positions:
            if rng.random() < every:
                limit = LIMITS[compared % len(LIMITS)]
                own, reference = state.clone(), state.clone()
                numbers = rng.getrandbits(32)
                own_rng, reference_rng = random.Random(numbers), random.Random(numbers)
                played = own.playout(own_rng, limit)
                assert played == reference_playout(reference, reference_rng, limit)
                assert own.history_for(None) == reference.history_for(None)
                assert own.to_json() == reference.to_json()
                assert own.current_player == reference.current_player
                assert own.legal_actions() == reference.legal_actions()
                assert own_rng.getstate() == reference_rng.getstate()
                compared += 1
            if state.is_chance():
                state.apply(sample_chance(state, rng), check=False)
            else:
                actions = state.legal_actions()
                state.apply(actions[int(rng.random() * len(actions))], check=False)
    return compared
