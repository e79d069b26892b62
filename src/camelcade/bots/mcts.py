"""A game-agnostic Monte Carlo tree search bot that plays from its ``View`` alone.

Single-observer information-set MCTS (Cowling, Powley & Whitehouse, 2012): every
iteration draws a determinisation with ``view.sample_state(rng)`` — for a perfect-information
game that is the position itself — and descends one shared tree whose edges are action
texts. An edge is a candidate only where it is legal in the current determinisation, and
its "availability" count replaces the parent's visit count in UCB, so actions that exist
only in some worlds are not over-explored. Chance nodes are sampled, not searched. Each
node keeps a reward per seat (max^n): the seat to move picks what is best for itself,
which is how the bot handles 2 to 8 players alike. The reward of a finished playout is the
seat's share of the win (split on ties); a playout cut short by ``rollout_limit`` scores
seats by their normalised ``scores()``.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from camelcade.core.action import Action
from camelcade.core.chance import sample_chance
from camelcade.core.errors import CamelcadeError
from camelcade.core.game import Game, State
from camelcade.core.types import PlayerId
from camelcade.core.view import View


@dataclass
class _Node:
    visits: int = 0
    available: int = 0
    rewards: list[float] = field(default_factory=list)
    children: dict[str, _Node] = field(default_factory=dict)


def outcome_rewards(state: State) -> list[float]:
    """Each seat's share of the win at a terminal state (ties split the win)."""
    winners = state.winners()
    share = 1.0 / len(winners) if winners else 0.0
    return [share if seat in winners else 0.0 for seat in range(state.game.players)]


def score_rewards(state: State) -> list[float]:
    """Scores mapped to 0..1 (best seat 1, worst 0): a cut-off playout's estimate."""
    scores = state.scores()
    low, high = min(scores), max(scores)
    if high == low:
        return [1.0 / len(scores)] * len(scores)
    return [(score - low) / (high - low) for score in scores]


class MCTSBot:
    """Information-set MCTS: ``iterations`` playouts (or ``time_limit`` seconds) per move."""

    name = "mcts"

    def __init__(
        self,
        iterations: int = 300,
        time_limit: float | None = None,
        exploration: float = 0.7,
        rollout_limit: int | None = 400,
        seed: int | None = None,
    ) -> None:
        if iterations < 1:
            raise CamelcadeError(f"mcts needs at least 1 iteration, got {iterations}")
        self.iterations = int(iterations)
        self.time_limit = None if time_limit is None else float(time_limit)
        self.exploration = float(exploration)
        self.rollout_limit = None if rollout_limit is None else int(rollout_limit)
        self._rng = random.Random(seed)

    def begin(self, game: Game, seat: PlayerId, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        actions = view.legal_actions()
        if not actions:
            raise CamelcadeError(f"seat {view.player} has no legal action to choose")
        if len(actions) == 1:
            return actions[0]
        players = view.game.players
        root = _Node(rewards=[0.0] * players)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        for done in range(self.iterations if deadline is None else 10**9):
            if deadline is not None and done > 0 and time.perf_counter() > deadline:
                break
            self._iterate(root, view.sample_state(self._rng), players)
        by_text = {str(action): action for action in actions}
        best = max(
            by_text,
            key=lambda text: (root.children[text].visits if text in root.children else -1, text),
        )
        return by_text[best]

    def _iterate(self, root: _Node, state: State, players: int) -> None:
        path = [root]
        node = root
        expanded = False
        while not state.is_terminal() and not expanded:
            if state.is_chance():
                state.apply(sample_chance(state, self._rng))
                continue
            legal = state.legal_actions()
            mover = state.current_player
            texts = [str(action) for action in legal]
            for text in texts:
                child = node.children.get(text)
                if child is not None:
                    child.available += 1
            untried = [i for i, text in enumerate(texts) if text not in node.children]
            if untried and not expanded:
                index = self._rng.choice(untried)
                child = _Node(available=1, rewards=[0.0] * players)
                node.children[texts[index]] = child
                state.apply(legal[index])
                path.append(child)
                expanded = True
                continue
            index = self._select(node, texts, mover)
            node = node.children[texts[index]]
            state.apply(legal[index])
            path.append(node)
        rewards = self._rollout(state)
        for visited in path:
            visited.visits += 1
            for seat in range(players):
                visited.rewards[seat] += rewards[seat]

    def _select(self, node: _Node, texts: list[str], mover: PlayerId) -> int:
        best_index, best_value = 0, -math.inf
        for index, text in enumerate(texts):
            child = node.children[text]
            mean = child.rewards[mover] / child.visits if child.visits else 0.0
            bonus = self.exploration * math.sqrt(math.log(max(child.available, 1)) /
                                                 max(child.visits, 1))
            value = mean + bonus
            if value > best_value:
                best_index, best_value = index, value
        return best_index

    def _rollout(self, state: State) -> list[float]:
        steps = 0
        while not state.is_terminal():
            if self.rollout_limit is not None and steps >= self.rollout_limit:
                return score_rewards(state)
            if state.is_chance():
                state.apply(sample_chance(state, self._rng))
            else:
                state.apply(self._rng.choice(state.legal_actions()))
            steps += 1
        return outcome_rewards(state)
