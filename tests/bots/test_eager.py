"""The ``eager`` bot, every game's easy level: weak, but it takes what is on offer."""

from __future__ import annotations

from collections import Counter

import pytest

import camelcade as cc
from camelcade.bots.eager import EagerBot
from camelcade.core.plugin import DEFAULT_LEVELS
from camelcade.core.registry import plugins

GAMES = sorted(manifest.id for manifest in plugins())


def _toy_at(toy_game: str, total: int) -> cc.State:
    """The toy game with secrets dealt and ``total`` reached by adding 1s, seat to move
    whoever's turn that is (target 7)."""
    state = cc.load(toy_game, players=2).new_state()
    state.apply("deal 1")
    state.apply("deal 1")
    for _ in range(total):
        state.apply("add 1")
    return state


def test_eager_is_a_generic_bot_and_random_stays_one() -> None:
    assert {"eager", "random"} <= set(cc.bots.names())
    assert cc.bots.load("eager", seed=1).name == "eager"
    assert DEFAULT_LEVELS["easy"].bot == "eager"


def test_the_score_judge_takes_the_point_on_offer(toy_game: str) -> None:
    state = _toy_at(toy_game, 5)  # add 2 reaches the target 7 and scores; add 1 does not
    seat = state.current_player
    picks = Counter(str(EagerBot(seed=seed).choose(state.view(seat))) for seed in range(100))
    assert picks["add 2"] >= 80, picks  # a quarter of its moves wander: half of those hit


def test_without_wandering_it_always_takes_the_point(toy_game: str) -> None:
    state = _toy_at(toy_game, 5)
    seat = state.current_player
    bot = EagerBot(wander=0.0)
    assert {str(bot.choose(state.view(seat))) for _ in range(20)} == {"add 2"}
    values = dict(zip(map(str, state.legal_actions()), bot.values(state.view(seat)),
                      strict=True))
    assert values["add 2"] > values["add 1"]


def test_it_wanders_as_often_as_it_is_told(toy_game: str) -> None:
    state = _toy_at(toy_game, 5)
    seat = state.current_player
    bot = EagerBot(seed=3, wander=1.0)
    picks = Counter(str(bot.choose(state.view(seat))) for _ in range(400))
    assert 160 <= picks["add 1"] <= 240  # uniformly random: about half


def test_bad_settings_are_refused_saying_what_is_allowed() -> None:
    with pytest.raises(cc.OptionError, match="wander must be a share"):
        cc.bots.load("eager", wander=1.5)
    with pytest.raises(cc.OptionError, match="shortlist must be a whole number"):
        cc.bots.load("eager", shortlist=-1)
    with pytest.raises(cc.OptionError, match="chance_leaves must be a whole number"):
        cc.bots.load("eager", chance_leaves=0)
    bot = cc.bots.load("eager", judge="crystal-ball")
    for manifest in plugins():
        judges = ", ".join(["score", *sorted(manifest.search.evaluators)])
        with pytest.raises(cc.OptionError, match=f"no judge 'crystal-ball' for {manifest.id}; "
                                                 f"its judges are: {judges}$"):
            bot.begin(cc.load(manifest.id), 0, 1)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_games_easy_level_is_the_eager_bot_judged_by_its_own_evaluator(
        game_id: str) -> None:
    easy = cc.bots.levels(game_id)["easy"]
    assert easy.bot == "eager" and easy.description
    judge = easy.settings.get("judge", "score")
    manifest = next(found for found in plugins() if found.id == game_id)
    assert judge == "score" or judge in manifest.search.evaluators
    assert 0 < easy.settings.get("wander", 0.25) < 1  # weak, never uniformly random


@pytest.mark.parametrize("game_id", GAMES)
def test_the_easy_level_plays_whole_games_and_repeats_from_its_seed(game_id: str) -> None:
    game = cc.load(game_id)
    players = game.players

    def match() -> cc.Record:
        return cc.play(game, [cc.bots.load_level(game_id, "easy") for _ in range(players)],
                       seed=11)

    first = match()
    assert first.actions == match().actions
    assert cc.replay(first).is_terminal()
