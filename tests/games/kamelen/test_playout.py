"""Kamelen's own playout loop (``KamelenState._playout``) plays what the contract says."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.playout_support import check_playouts_match, reference_playout

from .helpers import SOUTH_STUCK, STUCK, game


@pytest.mark.parametrize("options", [
    {},
    {"third_step": "any"},
    {"board": "11x13", "no_capture_limit": 12},
    {"board": "11x12", "no_capture_limit": 0},
])
def test_the_own_playout_loop_plays_what_the_contract_says(options: dict[str, Any]) -> None:
    """Against the public step-by-step playout at a thousand random positions a variant:
    bent-back leaps (moves listed once), every board, the no-capture draw, no limit."""
    assert check_playouts_match(game(**options), positions=1000, seed=len(options)) == 1000


@pytest.mark.parametrize(("text", "played"), [(SOUTH_STUCK, 5), (STUCK, 2)])
def test_a_side_without_moves_passes_on_one_number_as_the_contract_says(
        text: str, played: int) -> None:
    """South, walled in, passes and North plays on; with both walled in, two passes draw.
    A pass takes one number, like any choice among one action."""
    start = game().state_from_position(text + " s 0 0")
    assert [str(action) for action in start.legal_actions()] == ["pass"]
    own, reference = start.clone(), start.clone()
    own_rng, reference_rng = random.Random(played), random.Random(played)
    assert own.playout(own_rng, 5) == reference_playout(reference, reference_rng, 5) == played
    assert str(own.history_for(None)[0]) == "pass"
    assert own.history_for(None) == reference.history_for(None)
    assert own.to_json() == reference.to_json()
    assert own_rng.getstate() == reference_rng.getstate()
