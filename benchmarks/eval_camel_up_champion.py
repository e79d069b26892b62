"""``camel-up-champion`` against three ``camel-up-expert`` seats, with its control run.

    python benchmarks/eval_camel_up_champion.py --games 400 --edition 2
    python benchmarks/eval_camel_up_champion.py --edition 1 --bot time_limit=0.8,clock=cpu
    python benchmarks/eval_camel_up_champion.py --tag betspread --no-control  # a new version,
        # the control's rows copied from the earlier file (the experts' games are the same)

Seeds are paired: seed ``s`` is played four times, the champion in each seat in turn and
experts in the others, so chance favours no seat and every seat arrangement shares its
dice. The same games are played with a fourth expert in the champion's seat (the control):
its share is the baseline from the same run, which should be the fair 25 %. A game's win
is shared among the seats tied first (the rules let a tie share the victory); the *score*
is the lab's rank score (1 for first, 2/3 for second of four, ...). The champion's CPU time
per move is measured with ``time.process_time``. Each game is one line of a results file
(resumable: a line already there is not played again); the figures go to
``results/eval_camel_up_champion[_edition1].json``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
PLAYERS = 4


def one_game(job: tuple[int, int, str, dict[str, Any]]) -> dict[str, Any]:
    """One game: the champion (or, for the control, an expert) in seat ``game % 4``."""
    import camelcade as cc
    from camelcade.bots.rewards import rank_rewards

    game, edition, who, settings = job
    seat, seed = game % PLAYERS, game // PLAYERS
    agents: list[Any] = [cc.bots.load("camel-up-expert") for _ in range(PLAYERS)]
    times: list[float] = []
    if who == "champion":
        champion = cc.bots.load("camel-up-champion", **settings)
        choose = champion.choose

        def timed(view: Any) -> Any:
            started = time.process_time()
            action = choose(view)
            times.append(time.process_time() - started)
            return action

        champion.choose = timed
        agents[seat] = champion
    record = cc.play(cc.load("camel-up", players=PLAYERS, edition=edition), agents, seed=seed)
    ranking = record.ranking or []
    winners = list(ranking[0]) if ranking else []
    returns = record.returns or []
    best_other = max(r for s, r in enumerate(returns) if s != seat)
    return {"game": game, "who": who, "seat": seat, "seed": seed,
            "win": (1.0 / len(winners)) if seat in winners else 0.0,
            "score": rank_rewards(ranking, PLAYERS)[seat],
            "margin": returns[seat] - best_other, "moves": len(times),
            "cpu": round(sum(times), 4), "cpu_max": round(max(times, default=0.0), 4)}


def summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(rows)
    if not n:
        return {"games": 0}
    wins = sum(r["win"] for r in rows)
    share = wins / n
    half = 1.96 * math.sqrt(max(share * (1 - share), 1e-9) / n)
    scores = [r["score"] for r in rows]
    mean = sum(scores) / n
    sd = math.sqrt(sum((s - mean) ** 2 for s in scores) / max(n - 1, 1))
    moves = sum(r["moves"] for r in rows)
    out = {"games": n, "win_share": round(share, 4),
           "win_share_ci95": [round(share - half, 4), round(share + half, 4)],
           "score": round(mean, 4), "score_se": round(sd / math.sqrt(n), 4),
           "mean_margin_coins": round(sum(r["margin"] for r in rows) / n, 2)}
    if moves:
        out["cpu_per_move_s"] = round(sum(r["cpu"] for r in rows) / moves, 4)
        out["cpu_max_move_s"] = max(r["cpu_max"] for r in rows)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--edition", type=int, choices=(1, 2), default=2)
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--bot", default="", help="the champion's settings, k=v,k=v")
    parser.add_argument("--no-control", action="store_true")
    parser.add_argument("--tag", default="", help="names this version's results files (the "
                        "control's rows of another file may be copied in: they are the same)")
    args = parser.parse_args()
    settings: dict[str, Any] = {}
    for pair in filter(None, args.bot.split(",")):
        key, _, value = pair.partition("=")
        settings[key] = (None if value == "none" else float(value) if "." in value
                         else int(value) if value.isdigit() else value)
    suffix = "" if args.edition == 2 else f"_edition{args.edition}"
    tag = "_".join([args.tag] * bool(args.tag)
                   + [f"{k}{v}" for k, v in sorted(settings.items())])
    lines = HERE / "results" / f"eval_camel_up_champion{suffix}{'_' + tag if tag else ''}.jsonl"
    lines.parent.mkdir(exist_ok=True)
    done = [json.loads(x) for x in lines.read_text().splitlines()] if lines.exists() else []
    have = {(r["who"], r["game"]) for r in done}
    kinds = ["champion"] + ([] if args.no_control else ["control"])
    jobs = [(g, args.edition, who, settings) for g in range(args.games) for who in kinds
            if (who, g) not in have]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool, lines.open("a") as out:
        for row in pool.map(one_game, jobs, chunksize=1):
            out.write(json.dumps(row) + "\n")
            out.flush()
            done.append(row)
    rows = [r for r in done if r["game"] < args.games]
    figures = {"edition": args.edition, "players": PLAYERS, "champion_settings": settings,
               "opponents": "3 x camel-up-expert", "pairing": "seed = game // 4, seat = game % 4",
               "champion": summary([r for r in rows if r["who"] == "champion"]),
               "control_expert_same_seats": summary([r for r in rows if r["who"] == "control"]),
               "seconds_this_run": round(time.perf_counter() - started, 1)}
    result = lines.with_suffix(".json")
    result.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(figures, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
