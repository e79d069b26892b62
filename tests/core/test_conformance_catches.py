"""The conformance suite passes a correct game and catches each kind of broken one."""

from __future__ import annotations

import pytest

from camelcade.core.conformance import ConformanceError, check_game
from tests.core.toy import (
    BadOddsState,
    CopiedSecretsState,
    EndlessState,
    LeakyPublicState,
    LeakyState,
    ResampledOwnSecretState,
    SharedListState,
    ToyGame,
    ToyState,
    UnrankedState,
    variant,
)


def test_correct_toy_game_passes_every_invariant() -> None:
    report = check_game(ToyGame(), games=30, seed=3)
    assert report.games == 30
    assert report.deep_states == report.states
    assert report.longest >= 4
    assert report.resampled_fields == report.open_fields == {"secrets"}


@pytest.mark.parametrize(
    ("state_class", "message"),
    [
        (LeakyState, r"(sample_state|determinize)\(.*another observation"),
        (CopiedSecretsState, r"determinize\(\) never redrew \['secrets'\].*hidden truth"),
        (ResampledOwnSecretState, r"another observation"),
        (UnrankedState, r"does not name every seat once"),
        (LeakyPublicState, r"(changes the )?public(_| )observation"),
        (SharedListState, "clone changed the original"),
        (BadOddsState, "sum to"),
        (EndlessState, "did not end"),
    ],
)
def test_broken_games_are_caught(state_class: type[ToyState], message: str) -> None:
    with pytest.raises(ConformanceError, match=message):
        check_game(variant(state_class), games=5, seed=1, max_actions=200)
