"""Camel Drive's easy level: the generic ``eager`` bot judged by the ``race`` evaluator."""

from __future__ import annotations

import random

from camelcade.games.camel_drive.evaluator import RaceEvaluator
from camelcade.games.camel_drive.state import CamelDriveState
from tests.bots.eager_support import MOST, easy_picks

from .helpers import play, position


def test_easy_bets_on_the_camel_about_to_win() -> None:
    # Red is out; Yellow stands on 14 and moves first in the sprint, the others far back.
    state = play(position(positions=[14, 14, 3, 2]), "draw", "card 1")
    assert state.actor == 1
    assert easy_picks(state)["bet yellow"] >= MOST


def test_the_race_value_counts_the_bets_of_the_race_played_out() -> None:
    state = play(position(positions=[14, 14, 3, 2]), "draw", "card 1")
    seat = state.current_player
    good, bad = state.child("bet yellow"), state.child("bet blue")
    assert isinstance(good, CamelDriveState) and isinstance(bad, CamelDriveState)
    evaluator = RaceEvaluator(endings=20)
    # Yellow is the seat's own camel: its placing pays either way, the stone on it more.
    assert (evaluator.points(good, random.Random(1))[seat]
            > evaluator.points(bad, random.Random(1))[seat])
    assert sum(evaluator.evaluate(good, random.Random(1))) == 2.0  # four seats' ranks
