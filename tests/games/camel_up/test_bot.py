"""The expected-value bot: its values, that it plays from its View, and that it wins."""

from __future__ import annotations

import camelcade as cc
from camelcade.games.camel_up.advice import Evaluator
from camelcade.games.camel_up.odds import Position, leg_odds

from .helpers import START, roll, setup


def test_the_bot_is_registered_by_name() -> None:
    bot = cc.bots.load("camel-up-ev", seed=3)
    assert bot.name == "camel-up-ev"


def test_action_values_follow_the_exact_odds() -> None:
    state = setup(START)
    state.apply("bet purple")
    view = state.view(1)
    odds = leg_odds(Position.from_state(state), landings=True)
    values = {str(v.action): v.value for v in Evaluator(race_samples=200).values(view)}
    p1, p2 = odds.first["purple"], odds.second["purple"]
    assert abs(values["bet purple"] - float(3 * p1 + p2 - (1 - p1 - p2))) < 1e-12
    assert abs(values["tile 6 cheer"] - float(odds.landings[6])) < 1e-12
    assert values["roll"] <= 1.0
    assert set(values) == {str(a) for a in view.legal_actions()}


def test_rolling_gives_nothing_away_with_the_last_die_of_the_leg() -> None:
    state = setup(START)
    for outcome in ("red 1", "blue 1", "green 1", "yellow 1"):
        roll(state, outcome)
    values = {str(v.action): v.value for v in Evaluator(race_samples=100).values(state.view(0))}
    assert values["roll"] == 1.0


def test_the_bot_decides_from_its_view_only() -> None:
    choices = set()
    for secret in ("purple", "blue", "red"):
        state = setup(START)
        state.apply(f"winner {secret}")  # seat 0's hidden card
        bot = cc.bots.load("camel-up-ev", seed=1)
        choices.add(str(bot.choose(state.view(1))))
    assert len(choices) == 1


def test_the_bot_beats_three_random_bots() -> None:
    """Six seeded 4-player games (both editions, rotating seats); it must win at least 4.

    The full evaluation (1,000 games) is benchmarks/eval_camel_up_ev.py; with a true win
    rate of 95 % this test fails with probability 0.2 %.
    """
    wins = 0
    for seed in range(6):
        edition = 1 + seed % 2
        seat = seed % 4
        agents = [cc.bots.load("random") for _ in range(4)]
        agents[seat] = cc.bots.load("camel-up-ev")
        record = cc.play(cc.load("camel-up", players=4, edition=edition), agents, seed=seed)
        wins += seat in (record.winners or [])
    assert wins >= 4
