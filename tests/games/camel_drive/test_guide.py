"""The player's guide (guide.py): written for players, every action on a line of its own
that starts with what to type, the match's own options in it."""

from __future__ import annotations

from camelcade.core.registry import plugin
from camelcade.games.camel_drive.guide import guide

from .helpers import game


def test_every_action_is_a_line_that_starts_with_what_to_type() -> None:
    lines = guide(game(4)).splitlines()
    for notation in ("draw", "shout forward", "shout back", "shout left", "shout right",
                     "bet green"):
        assert any(line.startswith(f"{notation}: ") for line in lines), notation


def test_one_column_only_for_a_screen_reader() -> None:
    for players in (2, 4):
        for line in guide(game(players)).splitlines():
            assert "  " not in line and "\t" not in line and "|" not in line, line


def test_the_guide_speaks_of_this_match() -> None:
    text = guide(game(3, track_length=12, target_score=20, interjections=1))
    assert "to the finish (field 12)" in text
    assert "once a colour has 20 points or more" in text
    assert "Each camel has 1 for the whole match" in text
    assert "With 3 players you drive two camels" in text
    assert "better single camel, then to the most unused interjections" in text
    four = guide(game(4, tie_race=True))
    assert "drive two camels" not in four
    assert "A tie is settled by a tie race" in four


def test_the_plugin_offers_the_guide() -> None:
    ref = plugin("camel-drive").guide
    assert ref is not None and ref.load() is guide
