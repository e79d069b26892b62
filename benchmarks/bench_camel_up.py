"""Camel Up throughput: exact leg odds, Monte Carlo races, random games; and the peer.

Figures (``run(quick) -> dict``, times never asserted):

* exact leg odds of the 2nd edition from a fresh leg (all 6 dice in the pyramid; 5 will
  come out) and after 1 and 2 dice, best of several runs, wall clock and CPU time; with
  and without the expected landings per space; the 1st edition's fresh leg;
* Monte Carlo whole races per second; random full games (4 players) per CPU second,
  through the checked public path and the fast path (``apply(action, check=False)``);
* what a search pays per iteration besides its playout: ``clone``, ``determinize`` (the
  other seats' face-down finish cards redrawn) and a seat's ``observation``, in CPU
  microseconds, from a position with face-down cards on both piles;
* the exact fresh leg side by side with the installable peers and with our solver as it
  was before it was made faster (``git show 9801fe7``), each in a process of its own, CPU
  time (``side_by_side``). The peers are installed into a throw-away virtual environment
  (never a dependency of ours): ``camel-up-solver`` 0.1.2 (2nd edition; it enumerates
  every order of all 6 dice, moves a random crazy camel and stacks crazy camels under, so
  its leg is ours with all six dice rolled: the ratio compares one exact fresh-leg answer
  each, and ours is also timed with all six rolled) and ``camelcalc`` 0.1.1 (1st edition,
  exact: it deep-copies the game for every die outcome of every order of the 5 dice; its
  leg is exactly our 1st-edition fresh leg and its best ticket's value is checked against
  ours). Ours is the median of several solves in its process, a peer's one solve.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import camelcade as cc
from camelcade.core.chance import sample_chance
from camelcade.games.camel_up.odds import Position, leg_odds, race_odds, race_paths

FRESH = ((1, ("red",)), (2, ("blue", "green")), (3, ("yellow", "purple")), (14, ("black",)),
         (16, ("white",)))
AFTER_1 = ((1, ("red",)), (2, ("blue",)), (3, ("yellow", "purple")), (4, ("green",)),
           (14, ("black",)), (16, ("white",)))
AFTER_2 = ((1, ("red",)), (2, ("blue",)), (3, ("yellow",)), (4, ("green",)),
           (5, ("purple",)), (14, ("black",)), (16, ("white",)))
FRESH_1 = ((1, ("blue",)), (2, ("green", "orange")), (3, ("yellow", "white")))

BEFORE_COMMIT = "9801fe7"
"""The last commit with the earlier solver (one layer per die, every grey face moved)."""

SOLVER_SCRIPT = """
import time
from camel_up import State, enumerate_leg
state = State(track={1: ["red"], 2: ["blue", "green"], 3: ["yellow", "purple"],
                     14: ["black"], 16: ["white"]})
started, cpu = time.perf_counter(), time.process_time()
stats = enumerate_leg(state)
print(time.perf_counter() - started, time.process_time() - cpu, stats.completions)
"""

CAMELCALC_SCRIPT = """
import time
from camelcalc.camelup import Camel, Color, Game, Spot
from camelcalc.camelcalc import calculate_best_leg_bet
game = Game(4)
game.spots = [Spot(i) for i in range(16)]
game.camels = {}
for space, colours in ((1, ["blue"]), (2, ["green", "orange"]), (3, ["yellow", "white"])):
    for colour in reversed(colours):  # insert_single_head puts a camel at the bottom
        camel = Camel(Color(colour), space - 1)
        game.camels[camel.color] = camel
        game.spots[space - 1].camels.insert_single_head(camel)
started, cpu = time.perf_counter(), time.process_time()
best, value = calculate_best_leg_bet(game)
print(time.perf_counter() - started, time.process_time() - cpu, best.value, value)
"""

OURS_SCRIPT = """
import importlib.util, json, statistics, sys, time
path, repeats = sys.argv[1], int(sys.argv[2])
if path == "-":
    import camelcade.games.camel_up.odds as odds
else:
    spec = importlib.util.spec_from_file_location("odds_before", path)
    odds = importlib.util.module_from_spec(spec)
    sys.modules["odds_before"] = odds
    spec.loader.exec_module(odds)
FRESH = ((1, ("red",)), (2, ("blue", "green")), (3, ("yellow", "purple")), (14, ("black",)),
         (16, ("white",)))
FRESH_1 = ((1, ("blue",)), (2, ("green", "orange")), (3, ("yellow", "white")))
fresh = odds.Position(2, FRESH)
work = {
    "fresh_leg_2nd_edition": lambda: odds.leg_odds(fresh),
    "fresh_leg_2nd_edition_with_landings": lambda: odds.leg_odds(fresh, landings=True),
    "all_six_dice_2nd_edition": lambda: odds._solve(fresh.board(), fresh.dice_code(), 6,
                                                    True, False),
    "fresh_leg_1st_edition": lambda: odds.leg_odds(odds.Position(1, FRESH_1)),
}
figures = {}
for name, solve in work.items():
    times = []
    for _ in range(repeats):
        cpu = time.process_time()
        solve()
        times.append(time.process_time() - cpu)
    figures[name] = {"median_cpu_ms": round(statistics.median(times) * 1000, 2),
                     "best_cpu_ms": round(min(times) * 1000, 2)}
best = odds.leg_odds(odds.Position(1, FRESH_1))
figures["best_1st_edition_ticket"] = max(float(best.ticket_value(c, 5)) for c in best.racing)
print(json.dumps(figures))
"""


def best_of(repeats: int, work: Callable[[], object]) -> tuple[float, float]:
    """(best wall-clock seconds, best CPU seconds) over ``repeats`` runs."""
    wall, cpu = float("inf"), float("inf")
    for _ in range(repeats):
        w0, c0 = time.perf_counter(), time.process_time()
        work()
        wall = min(wall, time.perf_counter() - w0)
        cpu = min(cpu, time.process_time() - c0)
    return wall, cpu


def timed_odds(position: Position, repeats: int, landings: bool = False) -> dict[str, Any]:
    wall, cpu = best_of(repeats, lambda: leg_odds(position, landings=landings))
    return {"ms": round(wall * 1000, 2), "cpu_ms": round(cpu * 1000, 2),
            "outcomes": leg_odds(position).outcomes}


def random_games(count: int, players: int = 4, edition: int = 2) -> dict[str, Any]:
    """Seeded random games, through the public (checked) path and the fast path."""
    game = cc.load("camel-up", players=players, edition=edition)
    figures: dict[str, Any] = {"games": count}
    for name, check in (("public", True), ("fast", False)):
        rng = random.Random(0)
        actions = 0
        started = time.process_time()
        for _ in range(count):
            state = game.new_state()
            while not state.is_terminal():
                action = (sample_chance(state, rng) if state.is_chance()
                          else rng.choice(state.legal_actions()))
                state.apply(action, check=check)
                actions += 1
        seconds = time.process_time() - started
        figures[f"{name}_actions_per_cpu_s"] = round(actions / seconds)
        figures[f"{name}_games_per_cpu_s"] = round(count / seconds, 1)
    return figures


def search_costs(repeats: int) -> dict[str, float]:
    """CPU microseconds of a clone, a determinisation and an observation, mid-game."""
    game = cc.load("camel-up", players=4)
    rng = random.Random(2)
    state = game.new_state()
    while not (all(state.pile(p) for p in ("winner", "loser")) and state.phase == "play"):
        state.apply(sample_chance(state, rng) if state.is_chance()
                    else rng.choice(state.legal_actions()))
    seat = state.current_player

    def each(work: Callable[[], object]) -> float:
        return round(best_of(7, lambda: [work() for _ in range(repeats)])[1] / repeats * 1e6, 2)

    return {"clone_us": each(state.clone),
            "determinize_us": each(lambda: game.determinize(state, seat, rng)),
            "observation_us": each(lambda: state.observation(seat))}


def _run(python: str, args: list[str], timeout: float) -> str:
    return subprocess.run([python, *args], check=True, capture_output=True, text=True,
                          timeout=timeout).stdout


def ours(repeats: int, timeout: float) -> dict[str, Any]:
    """Our exact legs now and at ``BEFORE_COMMIT``, each in a fresh process."""
    root = Path(__file__).resolve().parent.parent
    figures: dict[str, Any] = {"now": json.loads(
        _run(sys.executable, ["-c", OURS_SCRIPT, "-", str(repeats)], timeout))}
    with tempfile.TemporaryDirectory() as folder:
        before = Path(folder) / "odds_before.py"
        try:
            before.write_text(_run("git", ["-C", str(root), "show",
                                           f"{BEFORE_COMMIT}:src/camelcade/games/camel_up/odds.py"],
                                   60), encoding="utf-8")
            figures["before"] = json.loads(
                _run(sys.executable, ["-c", OURS_SCRIPT, str(before), str(repeats)], timeout))
        except (subprocess.SubprocessError, OSError) as error:
            figures["before"] = {"why": f"could not run the solver of {BEFORE_COMMIT}: {error}"}
    figures["before"]["commit"] = BEFORE_COMMIT
    return figures


def peers(timeout: float) -> dict[str, Any]:
    """Install the peers into a temporary venv and time each one's exact fresh leg."""
    with tempfile.TemporaryDirectory() as folder:
        venv = Path(folder) / "venv"
        try:
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True,
                           capture_output=True, timeout=120)
            python = str(venv / "bin" / "python")
            subprocess.run([python, "-m", "pip", "install", "--quiet", "camel-up-solver==0.1.2",
                            "camelcalc==0.1.1"], check=True, capture_output=True, timeout=300)
        except (subprocess.SubprocessError, OSError) as error:
            return {"installed": False, "why": f"could not install the peers: {error}"}
        figures: dict[str, Any] = {}
        try:
            seconds, cpu, completions = _run(python, ["-c", SOLVER_SCRIPT], timeout).split()
            figures["camel-up-solver"] = {
                "package": "camel-up-solver 0.1.2", "edition": 2,
                "computes": "exact leg, every order of all 6 dice (1,049,760 completions)",
                "fresh_leg_ms": round(float(seconds) * 1000, 1),
                "fresh_leg_cpu_ms": round(float(cpu) * 1000, 1),
                "completions": int(completions)}
        except (subprocess.SubprocessError, OSError, ValueError) as error:
            figures["camel-up-solver"] = {"why": f"camel-up-solver did not finish: {error}"}
        try:
            seconds, cpu, best, value = _run(python, ["-c", CAMELCALC_SCRIPT], timeout).split()
            figures["camelcalc"] = {
                "package": "camelcalc 0.1.1", "edition": 1,
                "computes": "exact leg, every order of the 5 dice (29,160 outcomes), "
                            "calculate_best_leg_bet",
                "fresh_leg_ms": round(float(seconds) * 1000, 1),
                "fresh_leg_cpu_ms": round(float(cpu) * 1000, 1),
                "best_ticket": best, "best_ticket_value": float(value)}
        except (subprocess.SubprocessError, OSError, ValueError) as error:
            figures["camelcalc"] = {"why": f"camelcalc did not finish: {error}"}
        return figures


def side_by_side(repeats: int = 9, timeout: float = 900.0) -> dict[str, Any]:
    """The exact fresh leg: ours now, ours before, each peer; CPU ratios (peer / ours)."""
    mine = ours(repeats, timeout)
    figures: dict[str, Any] = {"ours": mine, **peers(timeout)}
    now, before = mine["now"], mine["before"]
    matches = {"camel-up-solver": ("fresh_leg_2nd_edition", "all_six_dice_2nd_edition"),
               "camelcalc": ("fresh_leg_1st_edition",)}
    for name, legs in matches.items():
        peer_cpu = figures.get(name, {}).get("fresh_leg_cpu_ms")
        if peer_cpu is None:
            continue
        for leg in legs:
            figures[name][f"ratio_cpu_over_ours_{leg}"] = round(
                peer_cpu / now[leg]["median_cpu_ms"], 1)
            if leg in before:
                figures[name][f"ratio_cpu_over_ours_before_{leg}"] = round(
                    peer_cpu / before[leg]["median_cpu_ms"], 1)
    if "camelcalc" in figures and "best_ticket_value" in figures["camelcalc"]:
        figures["camelcalc"]["agrees_with_ours"] = math.isclose(
            figures["camelcalc"]["best_ticket_value"], now["best_1st_edition_ticket"])
    if "fresh_leg_2nd_edition" in before:
        mine["speedup_cpu"] = {leg: round(before[leg]["median_cpu_ms"]
                                          / now[leg]["median_cpu_ms"], 2)
                               for leg in now if isinstance(now[leg], dict)}
    return figures


def bot_moves(games: int, edition: int = 2) -> dict[str, Any]:
    """CPU seconds a move of ``camel-up-champion`` (default settings) in seat ``g % 4`` of
    seeded games against three ``camel-up-expert``, and of the experts in the same games
    (the baseline: the champion searches the expert's candidates, so costs more)."""
    times: dict[str, list[float]] = {"camel-up-champion": [], "camel-up-expert": []}
    for game in range(games):
        agents = [cc.bots.load("camel-up-expert") for _ in range(4)]
        agents[game % 4] = cc.bots.load("camel-up-champion")
        for agent in agents:
            choose = agent.choose

            def timed(view: Any, choose: Any = choose, name: str = agent.name) -> Any:
                started = time.process_time()
                action = choose(view)
                times[name].append(time.process_time() - started)
                return action

            agent.choose = timed
        cc.play(cc.load("camel-up", players=4, edition=edition), agents, seed=game)
    return {name: {"moves": len(found), "median_cpu_s": round(statistics.median(found), 4),
                   "p95_cpu_s": round(sorted(found)[int(0.95 * (len(found) - 1))], 4),
                   "max_cpu_s": round(max(found), 4)} for name, found in times.items()}


def run(quick: bool) -> dict[str, Any]:
    repeats = 2 if quick else 7
    figures: dict[str, Any] = {
        "leg_odds_fresh_6_dice": timed_odds(Position(2, FRESH), repeats),
        "leg_odds_fresh_6_dice_with_landings": timed_odds(Position(2, FRESH), repeats, True),
        "leg_odds_after_1_die": timed_odds(
            Position(2, AFTER_1, pyramid=("blue", "yellow", "red", "purple", "grey")), repeats),
        "leg_odds_after_2_dice": timed_odds(
            Position(2, AFTER_2, pyramid=("blue", "yellow", "red", "grey")), repeats),
        "leg_odds_edition_1_fresh_5_dice": timed_odds(Position(1, FRESH_1), repeats),
    }
    samples = 1000 if quick else 10_000
    started = time.perf_counter()
    race_odds(Position(2, FRESH), samples=samples, seed=0)
    figures["monte_carlo_races_per_s"] = round(samples / (time.perf_counter() - started))
    figures["random_games_4p"] = random_games(3 if quick else 30)
    figures["random_games_4p_edition_1"] = random_games(3 if quick else 30, edition=1)
    figures["search_costs"] = search_costs(200 if quick else 2000)
    started = time.perf_counter()
    race_paths(Position(2, FRESH), samples=samples, seed=0)
    figures["race_paths_per_s"] = round(samples / (time.perf_counter() - started))
    figures["bot_moves_2nd_edition"] = bot_moves(1 if quick else 8)
    figures["bot_moves_1st_edition"] = bot_moves(1 if quick else 8, edition=1)
    if quick:
        figures["side_by_side"] = {"skipped": "quick run"}
    else:
        figures["side_by_side"] = side_by_side()
    return figures


if __name__ == "__main__":
    print(json.dumps(run("--quick" in sys.argv), indent=1))
