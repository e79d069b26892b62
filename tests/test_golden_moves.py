"""Long golden games, stored as action lists with a digest of the position after each step.

Every ``tests/golden/<game>/*.moves`` file is replayed: each action through the checked
public path, and the position after it must have the stored digest (``to_json()`` without
the options, which head the file). The digests were taken from the first release, so a
refactor that changes any rule, the saved layout or the order of legal actions shows up
here at the first step it touches.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.golden_support import MOVES_SUFFIX, end_line, position_digest, read_moves

GOLDEN = Path(__file__).resolve().parent / "golden"
FILES = sorted(GOLDEN.glob(f"*/*{MOVES_SUFFIX}"))


def _name(path: Path) -> str:
    return f"{path.parent.name}/{path.stem}"


def test_every_game_has_long_goldens() -> None:
    assert len({path.parent.name for path in FILES}) >= 5


@pytest.mark.parametrize("path", FILES, ids=_name)
def test_replay_matches_every_digest(path: Path) -> None:
    golden = read_moves(path.read_text(encoding="utf-8"))
    state = golden.game.new_state()
    assert position_digest(state) == golden.start, "the initial position changed"
    for step, (action, digest) in enumerate(golden.steps, 1):
        state.apply(action)
        assert position_digest(state) == digest, f"step {step} ({action}) changed"
    if golden.end is not None:
        assert golden.end == end_line(state)
    else:
        assert not state.is_terminal()
