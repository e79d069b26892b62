"""The parts of one ``state`` message, per game: the CPU the server spends on each, in process.

A state message is built per viewer and position from the game's words and board: the
observation, the description, the legal actions with their sentences (the mover only),
the web board (``WebSlot.layout``) and the JSON text. This plays random games of each
game (two seats; Camel Up three) and builds every part for two seats at every position,
as the server does for two players, and prints microseconds of CPU per message for each
part. Figures only, never asserted; run it beside main's tree to compare, in the same
minutes::

    python benchmarks/server_views.py [GAME ...] [--lang de]
    PYTHONPATH=.bench/server-main/src python benchmarks/server_views.py   # main's code
"""

from __future__ import annotations

import argparse
import inspect
import json
import random
import time

from camelcade.core.chance import sample_chance
from camelcade.core.registry import game_class, game_ids
from camelcade.core.words import language
from camelcade.server.views import legal_actions_for
from camelcade.server.web.layout import board_and_cells

PARTS = ("observation", "describe", "legal", "board", "json")
HANDS_OVER = "seen" in inspect.signature(board_and_cells).parameters
"""Whether this tree's server hands the layout the observation it made (main's did not)."""


def measure(game_id: str, lang: str, games: int = 6, max_steps: int = 400) -> dict[str, float]:
    """Microseconds of CPU per message for each part, over ``games`` random games."""
    players = 3 if game_id == "camel-up" else 2
    game = game_class(game_id).load_saved({"players": players})
    rng = random.Random(1)
    spent = dict.fromkeys(PARTS, 0.0)
    messages = 0
    clock = time.process_time
    for _ in range(games):
        state = game.new_state()
        steps = 0
        while not state.is_terminal() and steps < max_steps:
            if state.is_chance():
                state.apply(sample_chance(state, rng))
                continue
            for role in (0, 1):
                started = clock()
                observation = state.observation(role)
                observed = clock()
                with language(lang):
                    description = state.describe(role)
                    described = clock()
                    legal = legal_actions_for(state, role, lang)
                    listed = clock()
                    board, _cells = (board_and_cells(state, role, observation)
                                     if HANDS_OVER else board_and_cells(state, role))
                    laid = clock()
                json.dumps({"observation": observation, "description": description,
                            "legal_actions": legal, "board": board}, separators=(",", ":"))
                encoded = clock()
                for part, (start, end) in zip(PARTS, [
                        (started, observed), (observed, described), (described, listed),
                        (listed, laid), (laid, encoded)], strict=True):
                    spent[part] += end - start
                messages += 1
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
    per = {part: round(value / messages * 1e6, 1) for part, value in spent.items()}
    per["total"] = round(sum(spent.values()) / messages * 1e6, 1)
    return per


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*")
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    for game_id in args.games or sorted(game_ids()):
        print(game_id, args.lang, "µs per message:", measure(game_id, args.lang), flush=True)


if __name__ == "__main__":
    main()
