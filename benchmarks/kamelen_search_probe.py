"""kamelen-search nodes per CPU second, runnable against any version of camelcade.

``bench_kamelen.py`` runs it in today's interpreter and in the first release's (built by
``first_release.py``), so the search is compared with its predecessor in the same run on
the same positions and budgets. Prints JSON:

    python kamelen_search_probe.py NODE_BUDGET     # a fixed number of nodes a position
    python kamelen_search_probe.py 0.5s            # the bot's clock: 0.5 s a position
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

import camelcade as cc
from camelcade.games.kamelen.bots import SearchBot

POSITIONS = 7
"""The start and six positions of seeded random games."""


def positions(count: int = POSITIONS, every: int = 20) -> list[cc.State]:
    """The start, then every ``every``-th ply of seeded random games until there are
    ``count`` (each loaded from its position line, so it has no history)."""
    game = cc.load("kamelen")
    found = [game.new_state()]
    seed = 0
    while len(found) < count:
        rng = random.Random(seed)
        state = game.new_state()
        while not state.is_terminal() and len(found) < count:
            if len(state.history) % every == every // 2:
                found.append(game.state_from_position(state.position()))  # type: ignore[attr-defined]
            state.apply(rng.choice(state.legal_actions()))
        seed += 1
    return found


def main() -> None:
    budget = sys.argv[1]
    clock = float(budget[:-1]) if budget.endswith("s") else None
    nodes = 0
    depths = []
    found = positions()
    # A first small search outside the timing: it loads a compiled kernel (or compiles it,
    # on a fresh machine), which is the process's start-up, not the search's speed.
    SearchBot(time_limit=None, max_nodes=100).search(found[0])  # type: ignore[arg-type]
    started = time.process_time()
    for state in found:
        bot = SearchBot(time_limit=clock, max_nodes=None if clock else int(budget))
        result = bot.search(state)  # type: ignore[arg-type]
        nodes += result.nodes
        depths.append(result.depth)
    spent = time.process_time() - started
    figures: dict[str, Any] = {"positions": len(depths), "budget": budget,
                               "nodes": nodes, "cpu_seconds": spent,
                               "nodes_per_cpu_second": nodes / spent, "depths": depths}
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
