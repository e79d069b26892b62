"""The short readable golden of Kamelen: one seeded random game told step by step.

The seed-70 game on 11x11 (61 plies, ending in a home conquest; the same game is stored
move by move with digests in ``tests/golden/kamelen/11x11-conquest.moves``), each action
with the sentence a spectator hears, and the position at the start, every 20 steps and at
the end as a spectator and each seat read it. Regenerate with ``UPDATE_GOLDEN=1``.
"""

from __future__ import annotations

import os
from pathlib import Path

from tests.games.kamelen.helpers import game
from tests.golden_support import short_playthrough

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "kamelen" / "short-11x11-conquest.txt"
SEED = 70
STEPS = 61
"""The whole game: it ends on the 61st ply."""


def test_short_golden_playthrough() -> None:
    text = short_playthrough(
        game().new_state(), SEED, steps=STEPS,
        title=f"kamelen 11x11, random moves from seed {SEED}",
        test_file="tests/games/kamelen/test_golden.py",
    )
    if os.environ.get("UPDATE_GOLDEN"):
        GOLDEN.write_text(text, encoding="utf-8")
    assert GOLDEN.exists(), f"missing {GOLDEN}; run with UPDATE_GOLDEN=1"
    assert text == GOLDEN.read_text(encoding="utf-8")
    assert "result: returns [2.0, 0.0], ranking [[0], [1]]" in text
