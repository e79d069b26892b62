"""Golden playthroughs: seeded random games printed step by step, compared to stored text.

A file shows, for every action of one game, its text, the public sentence
``describe_action`` gives for it, and the public ``describe()`` of the position after it.
Chance and the players' choices both come from ``random.Random(seed)``: draws are sampled
with ``sample_chance``, a seat picks ``rng.choice(state.legal_actions())``. Any change in
the rules, their order of legal actions or the text shows up as a diff.
"""

from __future__ import annotations

from pathlib import Path

import camelcade as cc
from tests.golden_support import seeded_playthrough

from .helpers import MAX_ACTIONS

GOLDEN_DIR = Path(__file__).resolve().parents[2] / "golden" / "a-dos-de-chameau"

GAMES: tuple[tuple[int, int], ...] = ((2, 43), (3, 212), (4, 129))
"""(players, seed) of each stored playthrough, chosen to show discards, mirages into the
town, the caravan leader on its own leading camel, sandstorms, and (3 players) a tie."""


def golden_path(players: int, seed: int) -> Path:
    return GOLDEN_DIR / f"players{players}-seed{seed}.txt"


def playthrough(players: int, seed: int) -> str:
    """The text of the seeded random game with ``players`` seats."""
    state = cc.load("a-dos-de-chameau", players=players).new_state()
    return seeded_playthrough(
        state, seed, chance="draws",
        title=f"A dos de Chameau golden playthrough: players={players}, seed={seed}.",
        test_file="tests/games/a_dos_de_chameau/test_golden.py", max_actions=MAX_ACTIONS,
    )
