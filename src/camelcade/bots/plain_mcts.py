"""The first release's ``mcts``, kept as ``mcts-plain``: a plain determinised UCT.

Kept exactly (the same moves from the same seed, checked against games recorded from
the first release's code) so benchmarks compare later searches with the same algorithm;
``mcts`` and ``ismcts`` (``camelcade.bots.search``) are the stronger searches. Its one
addition is ``clock="cpu"``, which only changes what its ``time_limit`` counts.

What it does: every
iteration draws a determinisation with ``view.sample_state(rng)`` — for a perfect-information
game that is the position itself — and descends one shared tree whose edges are actions.
An edge is a candidate only where it is legal in the current determinisation, and its
"availability" count replaces the parent's visit count in UCB, so actions that exist only
in some worlds are not over-explored. Chance nodes are sampled, not searched. Each
node keeps a reward per seat (max^n): the seat to move picks what is best for itself,
which is how the bot handles 2 to 8 players alike. Its weaknesses, which the newer
searches fix: chance outcomes are not branches (the node after a die roll is the same
whatever the die showed), an opponent's hidden action is an edge by its true identity,
every legal action is expanded before any is deepened, and the tree is thrown away
after each move. The reward of a finished playout is the
seat's share of the win (split on ties); a playout cut short by ``rollout_limit`` scores
seats by their normalised ``scores()``.

Descent and playouts apply actions the state itself listed, through the fast path
(``apply(action, check=False)``): nothing is parsed or checked twice.
"""

from __future__ import annotations

import math
import random

from camelcade.bots.budget import clock_named
from camelcade.bots.opening import forced_action
from camelcade.core.action import Action
from camelcade.core.chance import sample_chance
from camelcade.core.errors import CamelcadeError
from camelcade.core.game import Game, State
from camelcade.core.types import CHANCE, TERMINAL, PlayerId
from camelcade.core.view import View
from camelcade.core.words import t


class _Node:
    """One edge's statistics: visits, availability, summed rewards per seat, children.

    A plain slotted class: a search makes one per iteration and reads them all the time.
    """

    __slots__ = ("available", "children", "rewards", "visits")

    def __init__(self, available: int, rewards: list[float]) -> None:
        self.visits = 0
        self.available = available
        self.rewards = rewards
        self.children: dict[Action, _Node] = {}


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


class PlainMCTSBot:
    """Plain determinised UCT: ``iterations`` playouts (or ``time_limit`` seconds) a move.

    ``time_limit`` counts wall-clock seconds, as in the first release, or with
    ``clock="cpu"`` the CPU seconds of the calling thread (for comparisons on a busy
    machine); with it set, ``iterations`` is ignored.
    """

    name = "mcts-plain"

    def __init__(
        self,
        iterations: int = 300,
        time_limit: float | None = None,
        exploration: float = 0.7,
        rollout_limit: int | None = 400,
        seed: int | None = None,
        clock: str = "wall",
    ) -> None:
        if iterations < 1:
            raise CamelcadeError(t("{setting} must be a whole number of at least {least}, got "
                                   "{given}", setting="iterations", least="1",
                                   given=repr(iterations)))
        self.clock = clock
        self._clock = clock_named(clock)
        self.iterations = int(iterations)
        self.time_limit = None if time_limit is None else float(time_limit)
        self.exploration = float(exploration)
        self.rollout_limit = None if rollout_limit is None else int(rollout_limit)
        self._rng = random.Random(seed)

    def begin(self, game: Game, seat: PlayerId, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        forced = forced_action(view)
        if forced is not None:
            return forced
        actions = view.legal_actions()
        players = view.game.players
        root = _Node(0, [0.0] * players)
        clock = self._clock
        deadline = None if self.time_limit is None else clock() + self.time_limit
        for done in range(self.iterations if deadline is None else 10**9):
            if deadline is not None and done > 0 and clock() > deadline:
                break
            self._iterate(root, view.sample_state(self._rng), players)
        return max(
            actions,
            key=lambda action: (root.children[action].visits if action in root.children else -1,
                                str(action)),
        )

    def _iterate(self, root: _Node, state: State, players: int) -> None:
        rng = self._rng
        path = [root]
        node = root
        while True:
            mover = state.current_player
            if mover == TERMINAL:
                break
            if mover == CHANCE:
                state.apply(sample_chance(state, rng), check=False)
                continue
            legal = state.legal_actions()
            children = node.children
            untried = []
            for action in legal:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
            if untried:
                action = rng.choice(untried)
                child = _Node(1, [0.0] * players)
                children[action] = child
                state.apply(action, check=False)
                path.append(child)
                break
            action = self._select(node, legal, mover)
            node = children[action]
            state.apply(action, check=False)
            path.append(node)
        rewards = self._rollout(state)
        for visited in path:
            visited.visits += 1
            visited.rewards = [total + reward
                               for total, reward in zip(visited.rewards, rewards, strict=True)]

    def _select(self, node: _Node, legal: list[Action], mover: PlayerId) -> Action:
        """The legal edge of best UCB for ``mover`` (the first on ties), availability in
        place of the parent's visits."""
        best, best_value = legal[0], -math.inf
        exploration, log, sqrt = self.exploration, math.log, math.sqrt
        children = node.children
        for action in legal:
            child = children[action]
            visits, available = child.visits, child.available
            if visits:
                value = child.rewards[mover] / visits + exploration * sqrt(
                    log(available if available > 1 else 1) / visits)
            else:
                value = exploration * sqrt(log(available if available > 1 else 1))
            if value > best_value:
                best, best_value = action, value
        return best

    def _rollout(self, state: State) -> list[float]:
        state.playout(self._rng, self.rollout_limit)
        return outcome_rewards(state) if state.is_terminal() else score_rewards(state)
