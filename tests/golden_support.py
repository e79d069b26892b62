"""The one text format of golden playthroughs, shared by every game's golden tests.

A seeded random game printed step by step: its action text, the public sentence
``describe_action`` gives for it, and the public ``describe()`` of the position after it.
Chance and choices both come from ``random.Random(seed)``.
"""

from __future__ import annotations

import random

from camelcade.core.chance import sample_chance
from camelcade.core.game import State


def seeded_playthrough(
    state: State, seed: int, *, title: str, chance: str, test_file: str, max_actions: int
) -> str:
    """The playthrough text of ``state`` played on by ``random.Random(seed)``.

    ``title`` heads the file, ``chance`` names what chance samples ("draws", "dice"), and
    ``test_file`` is the test that regenerates it with ``UPDATE_GOLDEN=1``.
    """
    rng = random.Random(seed)
    lines = [
        f"# {title}",
        f"# Chance and choices from random.Random(seed): sample_chance for {chance},",
        "# rng.choice(legal_actions()) for the seat to play. Regenerate with",
        f"# UPDATE_GOLDEN=1 pytest {test_file}",
        "# Each step: its number and action, what it does (public), the position after it.",
        "",
        "== start",
        state.describe(),
    ]
    step = 0
    while not state.is_terminal():
        assert step < max_actions, f"the game does not end within {max_actions} actions"
        action = sample_chance(state, rng) if state.is_chance() else \
            rng.choice(state.legal_actions())
        sentence = state.describe_action(action)
        state.apply(action)
        step += 1
        lines += ["", f"== {step}: {action}", sentence, state.describe()]
    lines += ["", f"== end: returns {state.returns()}, winners {state.winners()}", ""]
    return "\n".join(lines)
