"""Golden playthroughs: seeded random games, every action with its sentence and the
position text and description after it. Regenerate with ``UPDATE_GOLDEN=1``.
"""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from tests.games.kamelen.helpers import game

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "kamelen"

CASES: dict[str, tuple[int, dict[str, Any]]] = {
    # seeds picked for short games; each ends a different way
    "11x11-conquest": (70, {"board": "11x11"}),
    "11x12-elimination": (92, {"board": "11x12"}),
    "11x13-conquest": (173, {"board": "11x13"}),
    "11x11-no-capture-draw": (1, {"board": "11x11", "no_capture_limit": 12}),
}


def playthrough(seed: int, options: dict[str, Any]) -> str:
    rng = random.Random(seed)
    the_game = game(**options)
    state = the_game.new_state()
    shown = ", ".join(f"{k}={v}" for k, v in sorted(the_game.options.items()))
    lines = [f"# kamelen, {shown}, random moves from seed {seed}", "", "[0] start",
             state.position(), state.describe(), ""]
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        sentence = state.describe_action(action)
        state.apply(action)
        lines += [f"[{len(state.history)}] {action}: {sentence}", state.position(),
                  state.describe(), ""]
    lines.append(f"returns {state.returns()} winners {state.winners()}")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name: str) -> None:
    seed, options = CASES[name]
    text = playthrough(seed, options)
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path}; run with UPDATE_GOLDEN=1"
    assert text == path.read_text(encoding="utf-8")
