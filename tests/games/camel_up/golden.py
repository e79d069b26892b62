"""Golden playthroughs: seeded random games printed step by step, compared to stored text.

For every action of one game: its text, the public sentence ``describe_action`` gives for
it, and the public ``describe()`` of the position after it. Chance and choices both come
from ``random.Random(seed)`` (``sample_chance`` for dice, ``rng.choice(legal_actions())``
for the seat to play), so any change in the rules, the order of legal actions or the text
shows up as a diff.
"""

from __future__ import annotations

from pathlib import Path

import camelcade as cc
from tests.golden_support import seeded_playthrough

GOLDEN_DIR = Path(__file__).resolve().parents[2] / "golden" / "camel-up"

GAMES: tuple[tuple[int, int, int], ...] = ((2, 4, 5), (2, 6, 11), (1, 3, 2))
"""(edition, players, seed) of each stored playthrough: a 2nd-edition game, one with
partnerships (6 players), a 1st-edition game."""


def golden_path(edition: int, players: int, seed: int) -> Path:
    return GOLDEN_DIR / f"edition{edition}-players{players}-seed{seed}.txt"


def playthrough(edition: int, players: int, seed: int) -> str:
    """The text of one seeded random game."""
    state = cc.load("camel-up", players=players, edition=edition).new_state()
    return seeded_playthrough(
        state, seed, chance="dice",
        title=f"Camel Up golden playthrough: edition={edition}, players={players}, seed={seed}.",
        test_file="tests/games/camel_up/test_golden.py", max_actions=100_000,
    )
