"""OpenSpiel's own MCTS on a small Camel Drive, through the camelcade adapter.

    pip install -e '.[rl,plots]'
    python examples/openspiel_mcts.py                       # about two CPU minutes
    python examples/openspiel_mcts.py --games 40 --plot mcts.png

The game is a short variant — 2 players (two camels each), 8 fields, the match to 5 points
— loaded with ``pyspiel.load_game`` once ``camelcade.rl.register_openspiel()`` ran. Every
move goes through OpenSpiel's API: its ``MCTSBot`` with random rollouts (explicit chance
nodes, the adapter's legal actions, clones and returns) against its ``UniformRandomBot``,
played by its ``evaluate_bots``. The search seat alternates; the result of a game is the
adapter's utility (1 for a win, -1 for a loss), shown as the searcher's win share for each
number of simulations a move.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, mcts
from open_spiel.python.bots import uniform_random

import camelcade.rl as ccrl

VARIANT = "camelcade_camel_drive(players=2,track_length=8,target_score=5)"


def win_share(game: pyspiel.Game, simulations: int, games: int) -> float:
    """The MCTS seat's share of wins (a tie counts half) over ``games`` seeded games."""
    total = 0.0
    for number in range(games):
        rng = np.random.RandomState(number)
        seat = number % game.num_players()
        bots = [uniform_random.UniformRandomBot(p, rng) for p in range(game.num_players())]
        bots[seat] = mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations,
                                  evaluator=mcts.RandomRolloutEvaluator(1, rng),
                                  random_state=rng)
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        total += (returns[seat] + 1) / 2
    return total / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per setting")
    parser.add_argument("--simulations", default="2,8,32,128",
                        help="MCTS simulations a move, comma-separated (2 or more)")
    parser.add_argument("--plot", default="rl-openspiel-mcts.png")
    args = parser.parse_args()
    ccrl.register_openspiel()
    game = pyspiel.load_game(VARIANT)
    print(f"{VARIANT}: MCTS (random rollouts) against a uniform random bot, "
          f"{args.games} games each, seats alternating")
    print("simulations  win share  cpu s")
    results = []
    for simulations in (int(s) for s in args.simulations.split(",")):
        started = time.process_time()
        share = win_share(game, simulations, args.games)
        results.append((simulations, share))
        print(f"{simulations:11d}  {share:9.3f}  {time.process_time() - started:5.1f}",
              flush=True)
    plot(results, args.games, args.plot)


def plot(results: list[tuple[int, float]], games: int, path: str) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed (pip install -e '.[plots]'): no plot drawn")
        return
    figure, axis = plt.subplots(figsize=(6.4, 3.6), dpi=100)
    axis.plot([r[0] for r in results], [100 * r[1] for r in results], marker="o",
              label=f"OpenSpiel MCTS vs uniform random, {games} games each")
    axis.axhline(50, color="grey", linestyle="--", label="an even match")
    axis.set_xscale("log", base=2)
    axis.set_xticks([r[0] for r in results], [str(r[0]) for r in results])
    axis.set_xlabel("MCTS simulations a move")
    axis.set_ylabel("win share, %")
    axis.set_ylim(0, 100)
    axis.set_title("Camel Drive (2 players, 8 fields, to 5 points) in OpenSpiel")
    axis.legend(loc="lower right", fontsize="small")
    figure.tight_layout()
    figure.savefig(path)
    print(f"plot: {path}")


if __name__ == "__main__":
    main()
