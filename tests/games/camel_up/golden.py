"""Golden playthroughs: seeded random games printed step by step, compared to stored text.

For every action of one game: its text, the public sentence ``describe_action`` gives for
it, and the public ``describe()`` of the position after it. Chance and choices both come
from ``random.Random(seed)`` (``sample_chance`` for dice, ``rng.choice(legal_actions())``
for the seat to play), so any change in the rules, the order of legal actions or the text
shows up as a diff.
"""

from __future__ import annotations

import random
from pathlib import Path

import camelcade as cc
from camelcade.core.chance import sample_chance

GOLDEN_DIR = Path(__file__).resolve().parents[2] / "golden" / "camel-up"

GAMES: tuple[tuple[int, int, int], ...] = ((2, 4, 5), (2, 6, 11), (1, 3, 2))
"""(edition, players, seed) of each stored playthrough: a 2nd-edition game, one with
partnerships (6 players), a 1st-edition game."""


def golden_path(edition: int, players: int, seed: int) -> Path:
    return GOLDEN_DIR / f"edition{edition}-players{players}-seed{seed}.txt"


def playthrough(edition: int, players: int, seed: int) -> str:
    """The text of one seeded random game."""
    state = cc.load("camel-up", players=players, edition=edition).new_state()
    rng = random.Random(seed)
    lines = [
        f"# Camel Up golden playthrough: edition={edition}, players={players}, seed={seed}.",
        "# Chance and choices from random.Random(seed): sample_chance for dice,",
        "# rng.choice(legal_actions()) for the seat to play. Regenerate with",
        "# UPDATE_GOLDEN=1 pytest tests/games/camel_up/test_golden.py",
        "# Each step: its number and action, what it does (public), the position after it.",
        "",
        "== start",
        state.describe(),
    ]
    step = 0
    while not state.is_terminal():
        action = sample_chance(state, rng) if state.is_chance() else \
            rng.choice(state.legal_actions())
        sentence = state.describe_action(action)
        state.apply(action)
        step += 1
        lines += ["", f"== {step}: {action}", sentence, state.describe()]
    lines += ["", f"== end: returns {state.returns()}, winners {state.winners()}", ""]
    return "\n".join(lines)
