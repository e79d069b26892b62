"""The short readable golden of Camel Drive (``UPDATE_GOLDEN=1`` rewrites it).

Two players (two camels each) on a short track, so the 60 steps hold a whole race —
openings, interjections, the first finish, the betting round, the sprint and the scoring —
and the start of the next, which the start rotation by player gives to seat 1's pair
(Green in lane 1, Blue in lane 2). The long games are ``*.moves`` files, replayed by
tests/test_golden_moves.py.
"""

from __future__ import annotations

from pathlib import Path

from tests.golden_support import short_playthrough

from .helpers import check_golden, game

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "camel-drive" / "short-players2.txt"
OPTIONS = {"players": 2, "track_length": 8, "target_score": 10}
SEED = 0


def _text() -> str:
    the_game = game(**OPTIONS)
    return short_playthrough(
        the_game.new_state(), SEED,
        title=f"Camel Drive short golden: {the_game!r}, seed={SEED}.",
        test_file="tests/games/camel_drive/test_golden.py",
    )


def test_short_golden_playthrough() -> None:
    check_golden(GOLDEN.name, _text())


def test_the_short_golden_shows_a_whole_race_and_the_next_players_start() -> None:
    text = GOLDEN.read_text(encoding="utf-8")
    assert len(text.encode("utf-8")) <= 40_000
    for event in ("plays an interjection", "comes home first", "places its stone",
                  "comes home second", "wins race 1", "race 2 follows", "Race 2 to field"):
        assert event in text, event
    race_two = text.split("comes home second", 1)[1]
    assert "Lane 1, Green" in race_two and "Lane 2, Blue" in race_two
