"""The conformance suite passes a correct game and catches each kind of broken one."""

from __future__ import annotations

import pytest

from camelcade.core.conformance import ConformanceError, check_game
from tests.core.toy import (
    BadOddsState,
    EndlessState,
    LeakyPublicState,
    LeakyState,
    SharedListState,
    ToyGame,
    ToyState,
    variant,
)


def test_correct_toy_game_passes_every_invariant() -> None:
    report = check_game(ToyGame(), games=30, seed=3)
    assert report.games == 30
    assert report.deep_states == report.states
    assert report.longest >= 4


@pytest.mark.parametrize(
    ("state_class", "message"),
    [
        (LeakyState, "sample_state"),
        (LeakyPublicState, "public_observation"),
        (SharedListState, "clone changed the original"),
        (BadOddsState, "sum to"),
        (EndlessState, "did not end"),
    ],
)
def test_broken_games_are_caught(state_class: type[ToyState], message: str) -> None:
    with pytest.raises(ConformanceError, match=message):
        check_game(variant(state_class), games=5, seed=1, max_actions=200)
