"""The shared conformance suite (core/conformance.py) for every player count and variant."""

from __future__ import annotations

from typing import Any

import pytest

from camelcade.core.conformance import check_game

from .helpers import game


@pytest.mark.parametrize(("players", "options", "games", "deep_every"), [
    (2, {}, 40, 0),
    (2, {}, 1, 3),
    (3, {}, 30, 0),
    (3, {}, 1, 5),
    (4, {}, 60, 0),
    (4, {}, 2, 3),
    (5, {}, 30, 0),
    (5, {}, 1, 5),
    (6, {}, 30, 0),
    (6, {}, 1, 6),
    (4, {"tie_race": True, "target_score": 5}, 60, 4),
    (6, {"tie_race": True, "target_score": 6}, 30, 5),
    (3, {"interjections": 0, "track_length": 8}, 4, 5),
    (4, {"interjections": 5, "track_length": 30, "target_score": 10}, 2, 9),
], ids=["2p", "2p-deep", "3p", "3p-deep", "4p", "4p-deep", "5p", "5p-deep", "6p", "6p-deep",
        "4p-tie-race", "6p-tie-race", "3p-short-no-shouts", "4p-long-many-shouts"])
def test_conformance(players: int, options: dict[str, Any], games: int, deep_every: int) -> None:
    report = check_game(game(players, **options), games=games, seed=players, deep_every=deep_every)
    assert report.games == games
    assert all(len(r) == players for r in report.terminal_returns)
    target = game(players, **options).option("target_score")
    # Some colour reached the target, so the best seat has at least that many points.
    assert all(max(r) >= target for r in report.terminal_returns)
