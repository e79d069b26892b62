"""The shared conformance suite (core/conformance.py) on every board and move variant.

Perfect information: ``_sample_state`` rebuilds the state from the observation, which
shows everything, so the suite's sampling check proves the observation is complete.
"""

from __future__ import annotations

import pytest

from camelcade.core.conformance import check_game
from tests.games.kamelen.helpers import game


@pytest.mark.parametrize(("options", "games", "deep_every"), [
    ({"board": "11x11"}, 30, 30),
    ({"board": "11x11"}, 1, 1),
    ({"board": "11x12"}, 8, 30),
    ({"board": "11x13"}, 8, 30),
    ({"board": "11x11", "third_step": "any"}, 6, 30),
    ({"board": "11x11", "no_capture_limit": 20}, 20, 10),
], ids=["11x11", "11x11-deep", "11x12", "11x13", "bend-back", "short-clock"])
def test_conformance(options: dict[str, object], games: int, deep_every: int) -> None:
    report = check_game(game(**options), games=games, seed=11, deep_every=deep_every)
    assert report.games == games
    assert report.deep_states > 0
    assert all(sorted(r) in ([0.0, 1.0], [0.0, 2.0], [0.5, 0.5])
               for r in report.terminal_returns)


def test_observation_shows_everything_to_both_seats() -> None:
    state = game().new_state()
    state.apply("b2-c5")
    first, second = state.observation(0), state.observation(1)
    assert {k: v for k, v in first.items() if k != "player"} == \
        {k: v for k, v in second.items() if k != "player"}
    assert first["position"] == state.position()
