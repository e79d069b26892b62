"""Golden playthroughs in tests/golden/camel-up/ (``UPDATE_GOLDEN=1`` rewrites them)."""

from __future__ import annotations

import os

import pytest

import camelcade as cc

from .golden import GAMES, golden_path, playthrough


@pytest.mark.parametrize(("edition", "players", "seed"), GAMES)
def test_golden_playthrough(edition: int, players: int, seed: int) -> None:
    path = golden_path(edition, players, seed)
    text = playthrough(edition, players, seed)
    if os.environ.get("UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"missing {path}; run with UPDATE_GOLDEN=1 to create it"
    assert text == path.read_text(encoding="utf-8"), (
        f"{path.name} differs from a fresh playthrough; if the change is intended, "
        "rerun with UPDATE_GOLDEN=1 and review the diff"
    )


@pytest.mark.parametrize(("edition", "players", "seed"), GAMES)
def test_golden_actions_replay_to_the_stored_end(edition: int, players: int, seed: int) -> None:
    """The stored action texts alone replay the game to the result the file states."""
    lines = golden_path(edition, players, seed).read_text(encoding="utf-8").splitlines()
    actions = [line.split(": ", 1)[1] for line in lines
               if line.startswith("== ") and line[3].isdigit()]
    state = cc.load("camel-up", players=players, edition=edition).new_state()
    for action in actions:
        state.apply(action)
    assert state.is_terminal()
    assert lines[-1] == f"== end: returns {state.returns()}, winners {state.winners()}"
