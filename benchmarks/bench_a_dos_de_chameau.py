"""A dos de Chameau: random full games per second, through the public API and without it.

The baseline is the same random games driven through the games' private hooks
(``_legal_actions``/``_apply``, no legality or turn checks, no history): the ratio is the
price of the public API's checks, measured in the same run.
"""

from __future__ import annotations

from benchmarks.random_games import api_overhead

import camelcade as cc

GAME_ID = "a-dos-de-chameau"


def run(quick: bool) -> dict[str, object]:
    games = 20 if quick else 200
    figures: dict[str, object] = {"games_per_measure": games}
    for players in (2, 3, 4):
        game = cc.load(GAME_ID, players=players)
        figures[f"{players}p"] = api_overhead(game, games)
    return figures
