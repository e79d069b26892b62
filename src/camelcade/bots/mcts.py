"""``mcts``: Monte Carlo tree search keyed by the true actions, for perfect information.

On a perfect-information game this is closed-loop UCT with chance
nodes: every action and every chance outcome is a branch, with the shared engine's
budget, evaluator, grouping, progressive widening and tree reuse
(``camelcade.bots.search``). On a game with hidden information it still plays honestly
— each iteration searches a determinisation drawn from the seat's view — but the tree
is keyed by the true actions of those sampled worlds, so the seat's later choices may
lean on things it could not know then (strategy fusion); ``ismcts`` keys the tree by
what the seat saw instead, and is the one to use there. The first release's plain
determinised UCT is kept as ``mcts-plain`` (``camelcade.bots.plain_mcts``).
"""

from __future__ import annotations

from typing import ClassVar

from camelcade.bots.search import TreeSearchBot


class MCTSBot(TreeSearchBot):
    """MCTS keyed by true actions (see the module docstring and ``TreeSearchBot``)."""

    name = "mcts"
    keys_seen: ClassVar[bool] = False
