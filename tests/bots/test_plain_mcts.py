"""``mcts-plain``: the first release's ``mcts``, kept move for move.

``golden/plain_mcts.json`` holds games played by the first release's ``mcts`` (recorded
from its code before it was renamed): seeded bots in every seat, chance from
``random.Random(seed)``, the first 120 actions. The kept bot must play them again exactly.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import camelcade as cc
from camelcade.bots.plain_mcts import PlainMCTSBot
from camelcade.core.chance import sample_chance
from tests.core.toy import ToyGame

GOLDEN = json.loads((Path(__file__).parent / "golden" / "plain_mcts.json").read_text())


def replay_with_plain_mcts(case: dict[str, Any]) -> list[str]:
    options = case["options"]
    game = ToyGame(**options) if case["game"] == "toy" else cc.load(case["game"], **options)
    seed = case["seed"]
    bots = [PlainMCTSBot(seed=seed * 10 + seat, **case["settings"])
            for seat in range(game.players)]
    state, rng = game.new_state(), random.Random(seed)
    actions: list[str] = []
    while not state.is_terminal() and len(actions) < len(case["actions"]):
        if state.is_chance():
            action = sample_chance(state, rng)
        else:
            action = bots[state.current_player].choose(state.view(state.current_player))
        state.apply(action)
        actions.append(str(action))
    return actions


@pytest.mark.parametrize("case", GOLDEN, ids=[case["game"] for case in GOLDEN])
def test_plain_mcts_plays_the_first_releases_games_again(case: dict[str, Any]) -> None:
    assert replay_with_plain_mcts(case) == case["actions"]


def test_plain_mcts_finds_the_only_winning_move_in_the_toy_game() -> None:
    """Target 7, total 3, seat 0 to move: 'add 1' (to 4) wins by force, 'add 2' (to 5) loses.

    From 4 the opponent leaves 5 or 6 and seat 0 reaches 7; from 5 the opponent adds 2.
    """
    state = ToyGame(players=2, target=7).new_state()
    for text in ["deal 1", "deal 1", "add 2", "add 1"]:
        state.apply(text)
    assert str(PlainMCTSBot(iterations=400, seed=2).choose(state.view(0))) == "add 1"


def test_plain_mcts_counts_cpu_time_when_told() -> None:
    bot = cc.bots.load("mcts-plain", time_limit=0.01, clock="cpu")
    state = ToyGame(players=2, target=20).new_state()
    for text in ["deal 1", "deal 2"]:
        state.apply(text)
    assert bot.choose(state.view(0)) in state.legal_actions()
    with pytest.raises(cc.OptionError, match="clock must be one of wall, cpu"):
        PlainMCTSBot(clock="sundial")
    with pytest.raises(cc.CamelcadeError, match="at least 1 iteration"):
        PlainMCTSBot(iterations=0)
