"""Kamelen's easy level: the generic ``eager`` bot judged by the ``material`` evaluator."""

from __future__ import annotations

import random

import camelcade as cc
from camelcade.games.kamelen.evaluator import Material
from tests.bots.eager_support import MOST, easy_picks
from tests.games.kamelen.helpers import game, position

BACKGROUND = {"a2": "C", "k10": "c"}


def test_easy_takes_a_win_in_one() -> None:
    state = position({"e8": "C", "d4": "C", "c7": "d", **BACKGROUND})
    assert easy_picks(state)["e8-f11"] >= MOST


def test_the_material_value_favours_the_side_a_dromedary_up() -> None:
    up = position({"a3": "D", "c2": "C", "c10": "c", **BACKGROUND})
    even = position({"a3": "D", "a9": "d", "c2": "C", "c10": "c", **BACKGROUND})
    evaluator = Material()
    ahead = evaluator.evaluate(up, random.Random(0))
    level = evaluator.evaluate(even, random.Random(0))
    assert ahead[0] > level[0] and abs(sum(ahead) - 1.0) < 1e-12


def test_the_easy_level_is_clearly_weaker_than_the_greedy_bot_it_replaced() -> None:
    """It wanders: over eight games with seats swapped the one-ply greedy bot, which
    never does, finishes ahead more often."""
    greedy = 0.0
    for seed in range(4):
        for seat in (0, 1):
            agents = [cc.bots.load_level("kamelen", "easy"), cc.bots.load_level("kamelen",
                                                                                "easy")]
            agents[seat] = cc.bots.load("kamelen-greedy")
            record = cc.play(game(), agents, seed=seed)
            winners = record.winners or []
            greedy += 1.0 if winners == [seat] else 0.5 if len(winners) != 1 else 0.0
    assert greedy > 4
