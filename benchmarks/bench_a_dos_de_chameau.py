"""A dos de Chameau: random full games per second, through the public API and without it.

The baseline is the same random games driven through the games' private hooks
(``_legal_actions``/``_apply``, no legality or turn checks, no history): the ratio is the
price of the public API's checks, measured in the same run.
"""

from __future__ import annotations

import random
import time

import camelcade as cc
from camelcade.core.chance import sample_chance

GAME_ID = "a-dos-de-chameau"


def _public_game(game: cc.Game, rng: random.Random) -> int:
    state = game.new_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply(sample_chance(state, rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
        steps += 1
    return steps


def _unchecked_game(game: cc.Game, rng: random.Random) -> int:
    state = game.new_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance():
            outcomes = state._chance_outcomes()
            point, total = rng.random(), 0.0
            chosen = outcomes[-1][0]
            for action, probability in outcomes:
                total += probability
                if point < total:
                    chosen = action
                    break
        else:
            chosen = rng.choice(list(state._legal_actions()))
        state._apply(chosen)
        state._legal_cache = None
        steps += 1
    return steps


def _rate(play: object, game: cc.Game, games: int) -> tuple[float, float]:
    rng = random.Random(1)
    started = time.perf_counter()
    actions = sum(play(game, rng) for _ in range(games))  # type: ignore[operator]
    seconds = time.perf_counter() - started
    return games / seconds, actions / seconds


def run(quick: bool) -> dict[str, object]:
    games = 20 if quick else 200
    figures: dict[str, object] = {"games_per_measure": games}
    for players in (2, 3, 4):
        game = cc.load(GAME_ID, players=players)
        public, public_actions = _rate(_public_game, game, games)
        raw, _ = _rate(_unchecked_game, game, games)
        figures[f"{players}p"] = {
            "random_games_per_second": round(public, 1),
            "actions_per_second": round(public_actions),
            "unchecked_games_per_second": round(raw, 1),
            "api_overhead_ratio": round(raw / public, 2),
        }
    return figures
