"""Clicks per turn in the web app, before and after the action bar (issue 26, item 2).

A scripted match per game (every seat plays a seeded random legal action, chance as the
game deals it); at each decision, the clicks a mouse player needs for the action chosen,
from the layout the server sends that seat, counted as the page's picker counts them:

- ``before``, today's page: the action's board cells in order, one more click where the
  last cell is shared (the same cell again, or the move chosen in the list the page scrolls
  to); an action with no cell is a click in the legal-move list.
- ``after``: the fewest of the board paths (the cells, and the layout's ``also``: the card
  in hand, your own camel), one more where a path is shared (the popup where the click
  was), and the action bar (one click for a kind of one action, else kind then detail).

``list_share`` is the share of decisions that needed the legal-move list (1,280 px below
the board on today's page). The natural first clicks today's page refused ("No move with
Your card 1") are not counted: they are clicks that did nothing, not the way a move is made.

    PYTHONPATH=src python benchmarks/web_clicks.py   # merges into benchmarks/results/web.json
"""

from __future__ import annotations

import json
import random
import statistics
from pathlib import Path
from typing import Any

from camelcade.core.registry import game_class, game_ids
from camelcade.server.web.layout import Laid, laid_out

RESULT = Path(__file__).resolve().parent / "results" / "web.json"
PLAYERS = {"camel-up": 3, "a-dos-de-chameau": 3}
MAX_DECISIONS = 400


def path_cost(path: list[str], paths: list[list[str]]) -> tuple[int, bool]:
    """Clicks to play by ``path`` among every action's ``paths``: one a cell, and one more
    where another action's path is the same or goes on from it (shared: a choice)."""
    same = sum(1 for p in paths if p == path)
    longer = any(len(p) > len(path) and p[:len(path)] == path for p in paths)
    shared = same > 1 or longer
    return len(path) + (1 if shared else 0), same > 1


def clicks(laid: Laid, action: str, legal: list[str]) -> tuple[int, bool, int, bool]:
    """(before, before used the list, after, after used the list) for ``action``."""
    cells_paths = [laid.cells.get(a, []) for a in legal]
    mine = laid.cells.get(action, [])
    if mine:
        before, offered = path_cost(mine, [p for p in cells_paths if p])
    else:
        before, offered = 1, True
    every = [p for a in legal for p in [laid.cells.get(a, []), *laid.also.get(a, [])] if p]
    options = [path_cost(p, every)[0] for p in [mine, *laid.also.get(action, [])] if p]
    group = laid.groups.get(action)
    if group is not None:
        size = sum(1 for a in legal if laid.groups.get(a, [None])[0] == group[0])
        options.append(1 if size == 1 else 2)
    after = min(options) if options else 1
    return before, offered, after, not options


def match(game_id: str, seed: int) -> dict[str, float]:
    game = game_class(game_id)(players=PLAYERS.get(game_id, 2))
    state, rng = game.new_state(), random.Random(seed)
    counts: list[tuple[int, bool, int, bool]] = []
    while not state.is_terminal() and len(counts) < MAX_DECISIONS:
        if state.current_player < 0:
            outcomes = state.chance_outcomes()
            actions = [a for a, _ in outcomes]
            chosen = rng.choices(actions, weights=[p for _, p in outcomes])[0]
        else:
            actions = state.legal_actions()
            chosen = rng.choice(actions)
            legal = [str(a) for a in actions]
            counts.append(clicks(laid_out(state, state.current_player), str(chosen), legal))
        state = state.child(chosen)
    return {
        "decisions": len(counts),
        "before": round(statistics.mean(c[0] for c in counts), 3),
        "before_list_share": round(sum(c[1] for c in counts) / len(counts), 3),
        "after": round(statistics.mean(c[2] for c in counts), 3),
        "after_list_share": round(sum(c[3] for c in counts) / len(counts), 3),
    }


def run(seed: int = 26) -> dict[str, Any]:
    per_game = {game_id: match(game_id, seed) for game_id in game_ids()}
    return {
        "what": ("mouse clicks per decision over a seeded random match per game, from the "
                 "layouts the server sends (benchmarks/web_clicks.py): before = board cells "
                 "or the legal-move list, after = board paths, popup and action bar; "
                 "list_share = decisions that needed the legal-move list"),
        "seed": seed,
        "before": {g: {"clicks_per_turn": r["before"], "list_share": r["before_list_share"]}
                   for g, r in per_game.items()},
        "after": {g: {"clicks_per_turn": r["after"], "list_share": r["after_list_share"]}
                  for g, r in per_game.items()},
        "decisions": {g: r["decisions"] for g, r in per_game.items()},
    }


def main() -> None:
    figures = run()
    data: dict[str, Any] = (json.loads(RESULT.read_text(encoding="utf-8"))
                            if RESULT.is_file() else {})
    data["clicks_per_turn"] = figures  # merged: the file's other keys stay as they are
    RESULT.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
