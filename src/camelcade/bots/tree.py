"""The search tree: nodes keyed by what the searching seat saw, edges by the mover's action.

A :class:`Node` is one point of the game *as the searching seat knows it*: its children
are keyed by what that seat saw of each step (``ismcts``: the seat's own history text of
the step, so an opponent's face-down bet or a card drawn out of sight is one child
whatever it was; ``mcts``: the action itself). Its :class:`Edge` statistics are keyed by
the true action of the seat to move, which that seat always knows, and hold the mover's
total reward (max^n: each mover maximises its own value).

Selection is UCB1 with availability counts (Cowling, Powley & Whitehouse 2012): an
action legal in only some determinisations is scored against the number of visits in
which it was available, not the parent's visits, so it is neither starved nor
over-explored. Progressive widening (Coulom 2007; Chaslot et al. 2008) admits a new
action only while fewer than ``max(widening_floor, widening · visits ** widening_exponent)``
have been tried (the heaviest prior first, else at random), so a decision among hundreds
is deepened before every action has been tried once; with a grouping a big decision is
first a choice of group (``camelcade.bots.grouping``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from camelcade.core.action import Action
from camelcade.core.game import State

K = TypeVar("K", bound=Hashable)
PriorsHook = Callable[[State, Sequence[Action]], Sequence[float] | None]


class Edge:
    """One action's statistics at a node (or one group's, summed over its actions)."""

    __slots__ = ("available", "prior", "total", "visits")

    def __init__(self, prior: float = 0.0) -> None:
        self.visits = 0
        self.available = 1
        self.total = 0.0
        """The mover's rewards summed over the visits."""
        self.prior = prior

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class Node:
    """A point of the game as the searching seat knows it (see the module docstring)."""

    __slots__ = ("children", "edges", "groups", "visits")

    def __init__(self) -> None:
        self.visits = 0
        """Iterations that chose an action here."""
        self.edges: dict[Action, Edge] = {}
        self.children: dict[Hashable, Node] = {}
        self.groups: dict[Hashable, Edge] | None = None

    def size(self) -> int:
        """Nodes in this subtree, this one included."""
        count, stack = 0, [self]
        while stack:
            node = stack.pop()
            count += 1
            stack.extend(node.children.values())
        return count


@dataclass(frozen=True)
class Selection:
    """The settings of the choice at a node (see the module docstring)."""

    exploration: float = 0.7
    widening: float = 2.0
    """Actions tried at a node: at most ``widening · visits ** widening_exponent``, but
    never fewer than ``widening_floor``; 0 tries every action before deepening any."""
    widening_exponent: float = 0.5
    prior_weight: float = 1.0
    grouping: Callable[[Action], Hashable] | None = None
    group_above: int = 24
    """Decisions with more actions than this are grouped (when they form two groups)."""
    widening_floor: int = 24
    """Widening never holds back the first this many actions of a node (or group): a
    decision no bigger is searched in full, as plain UCT would, since without priors the
    order in which actions are admitted is a guess."""

    def width(self, visits: int) -> float:
        if self.widening <= 0:
            return math.inf
        return max(float(self.widening_floor),
                   self.widening * math.pow(visits, self.widening_exponent))


class Selector:
    """Picks the action at a decision node: grouped or flat, widening, UCB."""

    def __init__(self, settings: Selection, rng: random.Random, priors: PriorsHook) -> None:
        self.settings = settings
        self.rng = rng
        self.priors = priors
        self._group_of: dict[Action, Hashable] = {}

    def forget(self) -> None:
        """Drop the cached group keys (between moves: the actions change)."""
        self._group_of = {}

    def choose(self, node: Node, state: State, legal: Sequence[Action]
               ) -> tuple[Action, Edge, Edge | None, bool]:
        """The action to take at ``node``: (action, its edge, its group's edge or None,
        whether the edge is new). Availability and visit counts are updated here."""
        node.visits += 1
        settings = self.settings
        grouping = settings.grouping
        if grouping is not None and len(legal) > settings.group_above:
            buckets = self._buckets(legal, grouping)
            if len(buckets) > 1:
                return self._grouped(node, state, buckets)
        action, edge, fresh = self._flat(node.edges, state, legal, node.visits)
        return action, edge, None, fresh

    def final(self, node: Node, actions: Sequence[Action]) -> Action:
        """The action to play from ``node`` once the search is over: the most visited (then
        the best mean). At a grouped decision, the most visited group first and then its
        most visited action: a group of one action (a roll, a pass) has every visit of its
        group, so compared action by action it would win on that alone."""
        edges = node.edges
        settings = self.settings
        groups = node.groups
        if groups and settings.grouping is not None and len(actions) > settings.group_above:
            buckets = self._buckets(actions, settings.grouping)
            tried = [key for key in buckets if key in groups]
            if len(buckets) > 1 and tried:
                best = max(tried, key=lambda key: (groups[key].visits, groups[key].mean))
                actions = buckets[best]
        return max(actions, key=lambda action: (
            (edges[action].visits, edges[action].mean) if action in edges else (-1, 0.0)))

    def _buckets(self, legal: Sequence[Action], grouping: Callable[[Action], Hashable]
                 ) -> dict[Hashable, list[Action]]:
        group_of = self._group_of
        buckets: dict[Hashable, list[Action]] = {}
        for action in legal:
            key = group_of.get(action)
            if key is None:
                key = group_of[action] = grouping(action)
            bucket = buckets.get(key)
            if bucket is None:
                buckets[key] = [action]
            else:
                bucket.append(action)
        return buckets

    def _grouped(self, node: Node, state: State, buckets: dict[Hashable, list[Action]]
                 ) -> tuple[Action, Edge, Edge | None, bool]:
        groups = node.groups
        if groups is None:
            groups = node.groups = {}
        tried: list[tuple[Hashable, Edge]] = []
        untried: list[Hashable] = []
        for key in buckets:
            group = groups.get(key)
            if group is None:
                untried.append(key)
            else:
                group.available += 1
                tried.append((key, group))
        if untried and len(tried) < self.settings.width(node.visits):
            key = untried[int(self.rng.random() * len(untried))]
            group = groups[key] = Edge()
        else:
            key, group = self._best(tried)
        action, edge, fresh = self._flat(node.edges, state, buckets[key], group.visits + 1)
        return action, edge, group, fresh

    def _flat(self, edges: dict[Action, Edge], state: State, legal: Sequence[Action],
              visits: int) -> tuple[Action, Edge, bool]:
        tried: list[tuple[Action, Edge]] = []
        untried: list[Action] = []
        for action in legal:
            edge = edges.get(action)
            if edge is None:
                untried.append(action)
            else:
                edge.available += 1
                tried.append((action, edge))
        if untried and len(tried) < self.settings.width(visits):
            action, prior = self._admit(state, untried)
            edge = edges[action] = Edge(prior)
            return action, edge, True
        action, edge = self._best(tried)
        return action, edge, False

    def _admit(self, state: State, untried: list[Action]) -> tuple[Action, float]:
        """The next action to try: the heaviest prior (ties at random), else at random."""
        weights = self.priors(state, untried) if len(untried) > 1 else None
        if weights is None:
            return untried[int(self.rng.random() * len(untried))], 0.0
        heaviest = max(weights)
        best = [index for index, weight in enumerate(weights) if weight == heaviest]
        index = best[int(self.rng.random() * len(best))]
        return untried[index], float(heaviest)

    def _best(self, tried: Sequence[tuple[K, Edge]]) -> tuple[K, Edge]:
        """UCB1 with availability, plus progressive bias; the first of equals wins."""
        exploration = self.settings.exploration
        bias = self.settings.prior_weight
        log = math.log
        best_key, best_edge = tried[0]
        best_value = -math.inf
        for key, edge in tried:
            visits = edge.visits or 1
            value = edge.total / visits + exploration * math.sqrt(log(edge.available) / visits)
            if edge.prior:
                value += bias * edge.prior / (edge.visits + 1)
            if value > best_value:
                best_key, best_edge, best_value = key, edge, value
        return best_key, best_edge
