"""The fixed rating of each level a person can play against, measured by the lab.

A rated match may seat bots (``camelcade.server.accounts.ratings``): each plays at a fixed
OpenSkill μ that never moves, so beating the hard level counts for more than beating the
easy one. This measures those μ: per game, ``random`` and the game's three levels
(``@easy``, ``@medium``, ``@hard``, as the server plays them) meet round-robin at the
game's usual number of seats, paired seeds, every seat arrangement; the games' rankings
are then rated in order by OpenSkill's Plackett-Luce model from a new player's start
(μ 25, σ 25/3), the same model and scale the server rates people with. The figures go to
``results/level_ratings.json``; each game's plug-in copies them as ``bot_ratings``, and
``tests/test_level_ratings.py`` keeps the two equal.

    python benchmarks/level_ratings.py [GAME ...] [--games N] [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

import camelcade as cc
from camelcade.core.registry import game_ids
from camelcade.sim.entrants import parse_entrants
from camelcade.sim.lab import run_tournament
from camelcade.sim.plan import Tournament

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "level_ratings.json"
LEVELS = ("random", "@easy", "@medium", "@hard")


def rate(rankings: list[tuple[list[str], list[list[int]]]]) -> dict[str, dict[str, float]]:
    """Each entrant's μ and σ after rating every game's ranking in turn."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    held = {name: model.rating() for name in LEVELS}
    for players, ranking in rankings:
        place = {seat: rank for rank, group in enumerate(ranking) for seat in group}
        teams = [[held[name]] for name in players]
        new = model.rate(teams, ranks=[place[seat] for seat in range(len(players))])
        for name, [rating] in zip(players, new, strict=True):
            held[name] = rating
    return {name: {"mu": round(r.mu, 1), "sigma": round(r.sigma, 2)} for name, r in held.items()}


def measure(game_id: str, games: int, out: Path) -> dict[str, Any]:
    players = cc.load(game_id).players
    tournament = Tournament(game_id, {"players": players},
                            tuple(parse_entrants(list(LEVELS), game_id)), seed=11)
    started = time.process_time()
    run = run_tournament(tournament, games, out / f"{game_id}.jsonl")
    rankings = [(list(r.players), r.ranking) for r in run.records if r.ranking is not None]
    return {"players": players, "games": len(rankings),
            "cpu_seconds": round(time.process_time() - started, 1),
            "ratings": rate(rankings)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--games", dest="count", type=int, default=24)
    parser.add_argument("--out", type=Path, default=HERE.parent / ".bench" / "levels")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    found: dict[str, Any] = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    for game_id in args.games or sorted(game_ids()):
        found[game_id] = measure(game_id, args.count, args.out)
        found["measured_at"] = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        RESULTS.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
        print(game_id, json.dumps(found[game_id]["ratings"]), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
