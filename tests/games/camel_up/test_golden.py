"""The short readable golden of Camel Up (``UPDATE_GOLDEN=1`` rewrites it).

Sixty steps of a seeded 6-player game of the 2nd edition, as each seat and a spectator
hear them: the setup dice, tiles, face-down overall bets (named only to their owner),
partnerships, rolls and a leg's end. The long games are the ``.moves`` files beside it,
replayed by ``tests/test_golden_moves.py``.
"""

from __future__ import annotations

from pathlib import Path

import camelcade as cc
from tests.golden_support import short_playthrough

from .helpers import check_golden

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "camel-up" / \
    "short-edition2-players6-seed1.txt"


def playthrough() -> str:
    state = cc.load("camel-up", players=6).new_state()
    return short_playthrough(
        state, 1, title="Camel Up, 2nd edition, 6 players (partnerships), seed 1: 60 steps.",
        test_file="tests/games/camel_up/test_golden.py")


def test_short_golden_playthrough() -> None:
    check_golden(GOLDEN, playthrough())


def test_the_short_golden_shows_what_it_is_kept_for() -> None:
    text = GOLDEN.read_text(encoding="utf-8")
    for sight in ("forms a partnership", "puts a finish card face down", "Leg 1 ends:",
                  "copies Player", "cheering side up", "takes the", "-- seat 5 also sees:",
                  "You bet on"):
        assert sight in text, sight
    assert len(text.encode("utf-8")) < 40_000
