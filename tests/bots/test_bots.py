"""The game-agnostic bots: random, first-action and information-set MCTS."""

from __future__ import annotations

import random

import pytest

import camelcade as cc
from camelcade.bots.mcts import MCTSBot, score_rewards
from tests.core.toy import ToyGame


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


def test_mcts_finds_the_only_winning_move_in_the_toy_game() -> None:
    """Target 7, total 3, seat 0 to move: 'add 1' (to 4) wins by force, 'add 2' (to 5) loses.

    From 4 the opponent leaves 5 or 6 and seat 0 reaches 7; from 5 the opponent adds 2.
    """
    state = ToyGame(players=2, target=7).new_state()
    for text in ["deal 1", "deal 1", "add 2", "add 1"]:
        state.apply(text)
    assert state.current_player == 0
    assert str(MCTSBot(iterations=400, seed=2).choose(state.view(0))) == "add 1"


def test_mcts_beats_random_in_the_toy_game() -> None:
    game = ToyGame(players=2, target=11)
    wins = 0.0
    for seed in range(20):
        seats = [MCTSBot(iterations=150), cc.bots.load("random")]
        mcts_seat = seed % 2
        if mcts_seat:
            seats.reverse()
        record = cc.play(game, seats, seed=seed)
        assert record.winners is not None
        if mcts_seat in record.winners:
            wins += 1 / len(record.winners)
    # Random wins about half of such games; perfect play wins nearly all (secrets only
    # add 1-3 points against the 5 for reaching the target).
    assert wins >= 15


def test_mcts_plays_a_hidden_information_game_to_the_end() -> None:
    game = cc.load("a-dos-de-chameau", players=3)
    bots = [MCTSBot(iterations=8, rollout_limit=30), cc.bots.load("random"),
            cc.bots.load("random")]
    record = cc.play(game, bots, seed=3)
    assert cc.replay(record).is_terminal()


def test_mcts_respects_its_settings() -> None:
    with pytest.raises(cc.CamelcadeError, match="at least 1 iteration"):
        MCTSBot(iterations=0)
    assert cc.bots.load("mcts", iterations=5).name == "mcts"


def test_score_rewards_map_scores_to_unit_range() -> None:
    state = cc.load("a-dos-de-chameau", players=2).new_state()
    assert score_rewards(state) == [0.5, 0.5]
