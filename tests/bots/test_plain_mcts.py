"""``mcts-plain``: the first release's ``mcts``, kept move for move.

``golden/plain_mcts.json`` holds games played by the first release's ``mcts`` (recorded
from its code before it was renamed): seeded bots in every seat, chance from
``random.Random(seed)``, the first 120 actions. The kept bot must play them again exactly.

A game whose ``_playout`` draws its random moves its own way (``SAMPLED_PLAYOUTS``) is
replayed with the generic loop: see ``reference_playouts``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import camelcade as cc
from camelcade.bots.plain_mcts import PlainMCTSBot
from camelcade.core.chance import sample_chance
from camelcade.core.game import State
from tests.core.toy import ToyGame

GOLDEN = json.loads((Path(__file__).parent / "golden" / "plain_mcts.json").read_text())

SAMPLED_PLAYOUTS = frozenset({"kamelen"})
"""Games whose own playout loop picks its uniformly random moves its own way (Kamelen's
rejection sampler): the same distribution as the first release's playouts, but other moves
from the same numbers, so its recorded games could not be played again."""


@pytest.fixture
def reference_playouts(monkeypatch: pytest.MonkeyPatch) -> Callable[[cc.Game], None]:
    """Pins a game's playouts to the generic loop (``State._playout``) for one test.

    That loop draws ``actions[floor(u * n)]`` over the listed moves, as the first release
    did, so with it the golden still proves that mcts-plain's tree, selection and
    backups are the first release's, move for move. The game's own loop is proven legal
    and uniform by its own tests (``tests/games/kamelen/test_playout.py``).
    """
    def pin(game: cc.Game) -> None:
        own = type(game.new_state())
        assert own._playout is not State._playout, (
            f"{game.id} has no playout loop of its own: take it out of SAMPLED_PLAYOUTS")
        monkeypatch.setattr(own, "_playout", State._playout)
    return pin


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
def test_plain_mcts_plays_the_first_releases_games_again(
        case: dict[str, Any], reference_playouts: Callable[[cc.Game], None]) -> None:
    if case["game"] in SAMPLED_PLAYOUTS:
        reference_playouts(cc.load(case["game"], **case["options"]))
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
    with pytest.raises(cc.CamelcadeError, match="iterations must be a whole number of at least 1"):
        PlainMCTSBot(iterations=0)
