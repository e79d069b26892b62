"""Each game's levels play rated matches at the fixed rating the lab measured for them.

``benchmarks/level_ratings.py`` measures them (``benchmarks/results/level_ratings.json``);
each game's plug-in copies them as ``bot_ratings``. This keeps the copy equal to the
measurement, so a level is neither guessed nor left stale after a re-measurement.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from camelcade.core.registry import checkout_entry_points, plugin, plugins
from camelcade.server.accounts.ratings import bot_rating

MEASURED = json.loads((Path(__file__).resolve().parents[1] / "benchmarks" / "results"
                       / "level_ratings.json").read_text(encoding="utf-8"))
SHIPPED = sorted(p.id for p in plugins()
                 if p.game.target.partition(":")[0].rsplit(".", 1)[0]
                 in {m.rsplit(".", 1)[0] for m in checkout_entry_points() or []})


def test_every_game_camelcade_ships_has_its_levels_measured() -> None:
    assert len(SHIPPED) == 5
    assert set(SHIPPED) <= set(MEASURED)


@pytest.mark.parametrize("game", SHIPPED)
def test_the_plugins_level_ratings_are_the_measured_ones(game: str) -> None:
    measured = {bot: figures["mu"] for bot, figures in MEASURED[game]["ratings"].items()}
    assert dict(plugin(game).bot_ratings) == measured
    assert bot_rating(game, "@hard") == measured["@hard"]  # what a rated match uses
    assert MEASURED[game]["games"] >= 24
