"""Golden playthroughs: seeded random matches printed step by step, compared to stored text.

A file shows, for every action of one match, its text, the public sentence
``describe_action`` gives for it, and the public ``describe()`` of the position after it.
Chance and the players' choices both come from ``random.Random(seed)``: reveals are sampled
with ``sample_chance``, a seat picks ``rng.choice(state.legal_actions())``. Any change in
the rules, their order of legal actions or the text shows up as a diff. Short target
scores keep the files readable.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.golden_support import seeded_playthrough

from .helpers import game

GOLDEN_DIR = Path(__file__).resolve().parents[2] / "golden" / "camel-drive"
MAX_ACTIONS = 20_000

GAMES: tuple[tuple[str, int, int, dict[str, Any]], ...] = (
    ("players2-seed3", 2, 3, {"target_score": 10}),
    ("players4-seed7", 4, 7, {"target_score": 12}),
    ("players6-seed8-tie-race", 6, 8, {"target_score": 6, "tie_race": True}),
)
"""(name, players, seed, options) of each stored playthrough."""


def golden_path(name: str) -> Path:
    return GOLDEN_DIR / f"{name}.txt"


def playthrough(players: int, seed: int, options: dict[str, Any]) -> str:
    """The text of the seeded random match with ``players`` seats and ``options``."""
    the_game = game(players, **options)
    state = the_game.new_state()
    return seeded_playthrough(
        state, seed, chance="card reveals",
        title=f"Camel Drive golden playthrough: {the_game!r}, seed={seed}.",
        test_file="tests/games/camel_drive/test_golden.py", max_actions=MAX_ACTIONS,
    )
