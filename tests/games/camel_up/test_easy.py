"""Camel Up's easy level: the generic ``eager`` bot judged by the ``legs`` evaluator."""

from __future__ import annotations

import random

import camelcade as cc
from camelcade.bots.eager import EagerBot
from camelcade.games.camel_up.evaluator import LegsEvaluator
from tests.bots.eager_support import MOST, easy_picks

from .helpers import START, rolls, setup


def _purple_ahead() -> cc.State:
    """Three dice of the leg out, Purple three spaces clear: its 5-coin ticket is the
    obvious buy (a pyramid ticket pays 1, the others' tickets are long shots)."""
    state = setup(START)
    rolls(state, "purple 3", "blue 1", "green 1")
    return state


def test_easy_takes_the_leg_bet_on_the_clear_leader() -> None:
    assert easy_picks(_purple_ahead())["bet purple"] >= MOST


def test_the_legs_value_counts_tickets_at_their_expected_pay() -> None:
    state = _purple_ahead()
    seat = state.current_player
    evaluator = LegsEvaluator()
    before = evaluator.coins(state)[seat]
    assert evaluator.coins(state.child("bet purple"))[seat] > before + 3
    assert evaluator.coins(state.child("roll"))[seat] == before + 1  # its pyramid ticket
    values = evaluator.evaluate(state.child("bet purple"), random.Random(0))
    assert min(values) > 0 and max(values) < 1 and values[seat] == max(values)


def test_easy_decides_from_its_view_only() -> None:
    """A seat's secret overall bet is redrawn, never read: the same seed, the same move."""
    choices = set()
    for secret in ("purple", "blue", "red"):
        state = setup(START)
        state.apply(f"winner {secret}")  # seat 0's face-down card
        bot = cc.bots.load_level("camel-up", "easy")
        assert isinstance(bot, EagerBot)
        bot.begin(state.game, 1, 5)
        choices.add(str(bot.choose(state.view(1))))
    assert len(choices) == 1


def test_ismcts_can_borrow_the_legs_evaluator_by_name() -> None:
    bot = cc.bots.load("ismcts", iterations=30, evaluator="legs", seed=1)
    state = _purple_ahead()
    assert bot.choose(state.view(state.current_player)) in state.legal_actions()
