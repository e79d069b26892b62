"""Golden playthroughs in tests/golden/camel-drive/ (``UPDATE_GOLDEN=1`` rewrites them)."""

from __future__ import annotations

import os
from typing import Any

import pytest

from .golden import GAMES, golden_path, playthrough
from .helpers import game


@pytest.mark.parametrize(("name", "players", "seed", "options"), GAMES,
                         ids=[g[0] for g in GAMES])
def test_golden_playthrough(name: str, players: int, seed: int, options: dict[str, Any]) -> None:
    path = golden_path(name)
    text = playthrough(players, seed, options)
    if os.environ.get("UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path}; run with UPDATE_GOLDEN=1 to create it"
    assert text == path.read_text(encoding="utf-8"), (
        f"{path.name} differs from a fresh playthrough; if the change is intended, "
        "rerun with UPDATE_GOLDEN=1 and review the diff"
    )


@pytest.mark.parametrize(("name", "players", "seed", "options"), GAMES,
                         ids=[g[0] for g in GAMES])
def test_golden_actions_replay_to_the_stored_end(
    name: str, players: int, seed: int, options: dict[str, Any]
) -> None:
    """The stored action texts alone replay the match to the result the file states."""
    lines = golden_path(name).read_text(encoding="utf-8").splitlines()
    actions = [line.split(": ", 1)[1] for line in lines
               if line.startswith("== ") and line[3].isdigit()]
    state = game(players, **options).new_state()
    for action in actions:
        state.apply(action)
    assert state.is_terminal()
    assert lines[-1] == f"== end: returns {state.returns()}, winners {state.winners()}"


def test_the_tie_race_golden_shows_a_tie_race() -> None:
    text = golden_path("players6-seed8-tie-race").read_text(encoding="utf-8")
    assert "Tie race between" in text
