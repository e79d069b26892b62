"""Train a small Camel Up policy with numpy alone, against random seats, in a few minutes.

    pip install -e '.[rl,plots]'
    python examples/train_camel_up.py                      # 3 CPU minutes, 4 players
    python examples/train_camel_up.py --minutes 1 --plot curve.png

The policy is linear: one weight per (action, tensor entry) over the observation tensor of
``camelcade.rl`` (``make docs`` lists its blocks), a softmax over the legal actions only
(the action mask), trained by REINFORCE with a linear baseline and Adam, one update per
``--batch`` games (one game's gradient alone is so noisy that Adam's steps wander). The
reward is the ranking reward (1 alone first, -1 alone last), paid at the end of the game.
The seat it plays changes every episode, the three others are ``random`` bots.

Every tenth of the training it plays the same 200 seeded games (50 from each seat) twice —
sampling its actions as it learns them, and choosing its most likely action — and prints
its win share (a shared first place counts 1/k). Two yardsticks come from the same games:
a random seat (the untrained policy is uniform), and the ``first`` bot, which always plays
the first legal action: in Camel Up that is ``roll``, a habit that already beats random
seats most of the time. The curve goes to ``--plot``.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

import camelcade.rl as ccrl
from camelcade.rl.gym import CamelcadeGym

Array = npt.NDArray[np.float64]


@dataclass
class LinearPolicy:
    """Softmax over the legal actions of ``weights @ tensor + bias``, trained with Adam."""

    actions: int
    features: int
    rate: float = 0.01
    entropy: float = 0.0
    """Weight of the entropy bonus, which keeps the policy from settling too early."""
    weights: Array = field(init=False)
    bias: Array = field(init=False)

    def __post_init__(self) -> None:
        self.weights = np.zeros((self.actions, self.features))
        self.bias = np.zeros(self.actions)
        self._moments = [np.zeros_like(self.weights), np.zeros_like(self.bias)]
        self._squares = [np.zeros_like(self.weights), np.zeros_like(self.bias)]
        self._updates = 0

    def probabilities(self, tensor: Array, mask: npt.NDArray[np.int8]) -> Array:
        logits = np.where(mask > 0, self.weights @ tensor + self.bias, -np.inf)
        exp = np.exp(logits - logits.max())
        return exp / exp.sum()  # type: ignore[no-any-return]

    def update(self, tensors: Array, actions: list[int], probabilities: list[Array],
               advantages: Array) -> None:
        """One REINFORCE step: raise log pi(action) at each step in proportion to the
        advantage of what followed it."""
        steps = tensors
        chances = np.array(probabilities)
        grad_logits = -chances
        grad_logits[np.arange(len(actions)), actions] += 1.0
        grad_logits *= advantages[:, None]
        if self.entropy:
            logs = np.log(np.where(chances > 0, chances, 1.0))
            spread = -(chances * logs).sum(axis=1, keepdims=True)
            grad_logits -= self.entropy * chances * (logs + spread)
        grads = [grad_logits.T @ steps / len(actions), grad_logits.sum(axis=0) / len(actions)]
        self._updates += 1
        for value, grad, moment, square in zip([self.weights, self.bias], grads,
                                               self._moments, self._squares, strict=True):
            moment *= 0.9
            moment += 0.1 * grad
            square *= 0.999
            square += 0.001 * grad * grad
            fixed = moment / (1 - 0.9 ** self._updates)
            value += self.rate * fixed / (np.sqrt(square / (1 - 0.999 ** self._updates)) + 1e-8)


@dataclass
class Baseline:
    """A linear estimate of the reward still to come from a tensor (REINFORCE's baseline:
    it lowers the variance of the updates without biasing them)."""

    features: int
    rate: float = 0.01
    weights: Array = field(init=False)

    def __post_init__(self) -> None:
        self.weights = np.zeros(self.features + 1)

    def __call__(self, tensors: Array) -> Array:
        return tensors @ self.weights[:-1] + self.weights[-1]  # type: ignore[no-any-return]

    def fit(self, tensors: Array, targets: Array) -> None:
        error = targets - self(tensors)
        self.weights[:-1] += self.rate * error @ tensors / len(targets)
        self.weights[-1] += self.rate * error.mean()


def episode(env: CamelcadeGym, policy: LinearPolicy, rng: np.random.Generator, seed: int,
            greedy: bool = False) -> tuple[list[float], list[Array], list[int], list[Array]]:
    """One game from ``env``'s seat: the reward after each of its steps, and what the
    policy saw and did."""
    tensor, info = env.reset(seed=seed)
    tensors, actions, chances, rewards = [], [], [], []
    while True:
        probabilities = policy.probabilities(tensor.astype(np.float64), info["action_mask"])
        action = (int(np.argmax(probabilities)) if greedy
                  else int(rng.choice(len(probabilities), p=probabilities)))
        tensors.append(tensor.astype(np.float64))
        actions.append(action)
        chances.append(probabilities)
        tensor, reward, terminated, truncated, info = env.step(action)
        rewards.append(float(reward))
        if terminated or truncated:
            return rewards, tensors, actions, chances


def win_share(env: CamelcadeGym) -> float:
    """The seat's share of the win in a finished game: 1/k for k seats sharing first."""
    first = env.table.state.ranking()[0]
    return 1.0 / len(first) if env.seat in first else 0.0


def evaluate(envs: list[CamelcadeGym], policy: LinearPolicy, games: int, greedy: bool
             ) -> float:
    """Win share over the same seeded games every time, each seat in turn."""
    rng = np.random.default_rng(0)
    shares = []
    for number in range(games):
        env = envs[number % len(envs)]
        episode(env, policy, rng, seed=1_000_000 + number, greedy=greedy)
        shares.append(win_share(env))
    return float(np.mean(shares))


Point = tuple[int, float, float, float]
"""(training games, CPU seconds, win share sampling, win share greedy)"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="CPU minutes of training")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--reward", choices=["ranking", "points"], default="ranking",
                        help="learn from the ranking (the default) or from the coins "
                             "(divided by 10)")
    parser.add_argument("--entropy", type=float, default=0.0, help="entropy bonus weight")
    parser.add_argument("--rate", type=float, default=0.01, help="Adam's learning rate")
    parser.add_argument("--batch", type=int, default=16,
                        help="games a policy update averages over (fewer: noisier steps)")
    parser.add_argument("--plot", default="rl-camel-up-curve.png",
                        help="where to draw the learning curve (needs matplotlib)")
    args = parser.parse_args()

    envs = [ccrl.gym_env("camel-up", players=args.players, seat=seat, opponents="random",
                         reward=args.reward)
            for seat in range(args.players)]
    features = envs[0].observation_space.shape[0]
    policy = LinearPolicy(int(envs[0].action_space.n), features, args.rate, args.entropy)
    rng = np.random.default_rng(args.seed)
    budget = args.minutes * 60
    first = evaluate(envs, LinearPolicy(policy.actions, features), args.eval_games, True)
    curve: list[Point] = [(0, 0.0, evaluate(envs, policy, args.eval_games, False), first)]
    print(f"win share over {args.eval_games} fixed games; a random seat gets about "
          f"{1 / args.players:.0%}, the 'first' bot (always roll) {first:.1%}")
    print("episodes  cpu s  sampling  greedy")
    print(f"{0:8d}  {0:5.0f}  {curve[0][2]:8.3f}  {curve[0][3]:6.3f}   <- untrained")
    baseline = Baseline(features)
    scale = 0.1 if args.reward == "points" else 1.0
    episodes, spent = 0, 0.0
    started = time.process_time()
    checkpoint = budget / 10
    while spent < budget:
        batch: list[tuple[list[float], list[Array], list[int], list[Array]]] = []
        for _ in range(args.batch):
            env = envs[episodes % len(envs)]
            batch.append(episode(env, policy, rng, seed=int(rng.integers(1 << 30))))
            episodes += 1
        to_come = np.concatenate([np.cumsum(np.array(rewards[::-1]) * scale)[::-1]
                                  for rewards, _, _, _ in batch])
        tensors = np.array([tensor for _, seen, _, _ in batch for tensor in seen])
        actions = [action for _, _, chosen, _ in batch for action in chosen]
        chances = [chance for _, _, _, seen in batch for chance in seen]
        policy.update(tensors, actions, chances, to_come - baseline(tensors))
        baseline.fit(tensors, to_come)
        spent = time.process_time() - started
        if spent >= checkpoint or spent >= budget:
            evaluating = time.process_time()
            point = (episodes, spent, evaluate(envs, policy, args.eval_games, False),
                     evaluate(envs, policy, args.eval_games, True))
            started += time.process_time() - evaluating  # evaluation is not training time
            curve.append(point)
            print(f"{episodes:8d}  {spent:5.0f}  {point[2]:8.3f}  {point[3]:6.3f}", flush=True)
            checkpoint += budget / 10
    plot(curve, args.players, first, args.plot)


def plot(curve: list[Point], players: int, first: float, path: str) -> None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed (pip install -e '.[plots]'): no plot drawn")
        return
    figure, axis = plt.subplots(figsize=(6.4, 3.6), dpi=100)
    games = [c[0] for c in curve]
    axis.plot(games, [100 * c[2] for c in curve], marker="o", label="policy, sampling")
    axis.plot(games, [100 * c[3] for c in curve], marker="s", label="policy, greedy")
    axis.axhline(100 * first, color="black", linestyle=":", label="'first' bot: always roll")
    axis.axhline(100 / players, color="grey", linestyle="--", label="a random seat")
    axis.set_xlabel(f"training games against {players - 1} random seats")
    axis.set_ylabel("win share, %")
    axis.set_ylim(0, 100)
    axis.set_title(f"Camel Up, {players} players: REINFORCE with numpy")
    axis.legend(loc="lower right", fontsize="small")
    figure.tight_layout()
    figure.savefig(path)
    print(f"learning curve: {path}")


if __name__ == "__main__":
    main()
