"""The simplest game-agnostic bots, and the registry of generic bots and levels."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import camelcade as cc
from camelcade.bots.opening import forced_action
from camelcade.bots.plain_mcts import PlainMCTSBot
from camelcade.core.agent import Agent
from camelcade.core.plugin import DEFAULT_LEVELS
from camelcade.core.view import View
from camelcade.games.camel_drive.bots import PlannerBot
from camelcade.games.caravan.bots import GreedyBot
from camelcade.games.kamelen.baselines import FlatMonteCarloBot


def test_random_bot_is_reproducible_with_a_seed() -> None:
    game = cc.load("a-dos-de-chameau", players=2)
    first = cc.play(game, [cc.bots.load("random"), cc.bots.load("random")], seed=5)
    again = cc.play(game, [cc.bots.load("random"), cc.bots.load("random")], seed=5)
    assert first.actions == again.actions


def test_first_action_bot_always_picks_the_first_legal_action() -> None:
    state = cc.load("a-dos-de-chameau", players=2).new_state()
    rng = random.Random(0)
    while state.is_chance():
        state.apply(cc.core.sample_chance(state, rng))
    assert cc.bots.load("first").choose(state.view(0)) == state.legal_actions()[0]


def test_the_generic_searches_are_registered_under_their_names() -> None:
    for name in ("mcts", "ismcts", "mcts-plain"):
        assert name in cc.bots.names()
        assert cc.bots.load(name, iterations=5).name == name


def test_the_default_hard_level_is_a_search_bounded_by_a_time() -> None:
    """Not a timing: the setting that bounds the wait (bench_search.py measures it)."""
    hard = DEFAULT_LEVELS["hard"]
    bot = cc.bots.load(hard.bot, **dict(hard.settings))
    assert bot.time_limit is not None and bot.time_limit <= 1.0  # type: ignore[attr-defined]
    assert bot.budget.clock == "wall"  # type: ignore[attr-defined]


def test_a_level_is_found_by_one_lookup_with_or_without_its_prefix() -> None:
    """The command line, the lab and the server ask the same function, so they find the
    same level and refuse an unknown one in the same words, listed as it was asked for."""
    from camelcade.server.manager import check_bot
    from camelcade.server.protocol import ProtocolError
    from camelcade.sim.entrants import parse_entrant

    hard = cc.bots.level("kamelen", "hard")
    assert cc.bots.level("kamelen", cc.bots.LEVEL_PREFIX + "hard") is hard
    assert cc.bots.resolve("kamelen", "@hard")[1] == dict(hard.settings)
    assert parse_entrant("@hard", "kamelen").bot == hard.bot
    check_bot("@hard", "kamelen")
    listed = ", ".join("@" + name for name in cc.bots.levels("kamelen"))
    said = f"Kamelen has no level 'expert'; its levels are: {listed}."
    refusals = []
    for ask in (lambda: cc.bots.resolve("kamelen", "@expert"),
                lambda: parse_entrant("@expert", "kamelen"),
                lambda: check_bot("@expert", "kamelen")):
        with pytest.raises((cc.OptionError, ProtocolError)) as caught:
            ask()
        refusals.append(str(caught.value))
    assert refusals == [said] * 3
    with pytest.raises(cc.OptionError) as bare:
        cc.bots.load_level("kamelen", "expert")
    assert str(bare.value) == said.replace("@", "")


OPENING_BOTS = [PlainMCTSBot, PlannerBot, GreedyBot, FlatMonteCarloBot]
"""The bots whose turn opens with ``forced_action`` (no action refused, one played)."""


@pytest.mark.parametrize("bot", OPENING_BOTS, ids=lambda bot: bot.__name__)
def test_a_bot_refuses_a_turn_with_no_action_and_plays_a_lone_one_at_once(
        bot: Callable[[], Agent]) -> None:
    """Views made by hand (no position behind them): a bot that looked past the opening
    would fail on the lone action instead of returning it."""
    game = cc.load("a-dos-de-chameau", players=2)
    state = game.new_state()
    rng = random.Random(0)
    while state.is_chance():
        state.apply(cc.core.sample_chance(state, rng))
    lone = state.legal_actions()[0]
    assert forced_action(View(game, 0, 0, (lone,))) is lone
    assert forced_action(View(game, 0, 0, tuple(state.legal_actions()))) is None
    assert bot().choose(View(game, 0, 0, (lone,))) is lone
    with pytest.raises(cc.CamelcadeError, match="seat 1 has no legal action to choose"):
        bot().choose(View(game, 1, 0, ()))
