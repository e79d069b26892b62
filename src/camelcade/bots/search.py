"""The tree search behind ``mcts`` and ``ismcts``: one engine, two ways of keying the tree.

Every iteration draws a determinisation from the seat's ``View`` (``view.sample_state``:
everything the seat cannot see redrawn, so the search never reads hidden information;
on a perfect-information game it is the position itself), then walks the tree from the
root:

- at a decision, the mover picks an action (``camelcade.bots.tree``: UCB1 with
  availability counts, progressive widening, action groups for big choices);
- at a chance node, the outcome is drawn by its probability, and each outcome the
  searching seat sees is a branch of its own (the plan after a die shows 6 is not the
  plan after a 1);
- the step taken leads to the child keyed by what the searching seat saw of it
  (``ismcts``) or by the action itself (``mcts``).

The walk stops at the first new node (or new action): the game over is valued by its
ranking, anything else by the :class:`~camelcade.bots.evaluators.Evaluator` (random
rollouts unless told otherwise), and every edge walked adds its mover's value (max^n).
The move played is the root's most visited action (at a grouped decision: of the most
visited group).

Between moves the tree is kept: the next search starts from the node the seat's
history now leads to, so what earlier searches learnt there counts, where the seat's
information allows it (an ``mcts`` tree keyed by true actions cannot follow a hidden
one, and starts afresh). ``begin`` (a new game) throws the tree away.

Reproducible: with an iteration budget, the same seed, position and earlier moves give
the same move; a time budget does not repeat (``camelcade.bots.budget``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import ClassVar

from camelcade.bots.budget import Budget
from camelcade.bots.evaluators import Evaluator
from camelcade.bots.grouping import check_grouping
from camelcade.bots.rewards import outcome_values, reward_named
from camelcade.bots.slots import build_evaluator, game_grouping
from camelcade.bots.tree import Edge, Node, Selection, Selector
from camelcade.core.action import Action
from camelcade.core.chance import sample_chance
from camelcade.core.errors import CamelcadeError, OptionError
from camelcade.core.game import Game, State
from camelcade.core.types import CHANCE, TERMINAL, PlayerId
from camelcade.core.view import View
from camelcade.core.words import t


@dataclass(frozen=True)
class SearchReport:
    """What the last search did: for benchmarks, tests and curious people."""

    iterations: int
    """Iterations of this search (none when the move was forced)."""
    reused: int
    """Visits the root had from earlier searches when this one began."""


def _check_number(name: str, value: object, low: float, *, whole: bool = False,
                  above: bool = False) -> None:
    kinds = (int,) if whole else (int, float)
    if isinstance(value, bool) or not isinstance(value, kinds) or value < low or (
            above and value == low):
        given, least = repr(value), f"{low:g}"
        if whole:
            raise OptionError(t("{setting} must be a whole number of at least {least}, got "
                                "{given}", setting=name, least=least, given=given))
        if above:
            raise OptionError(t("{setting} must be a number above {least}, got {given}",
                                setting=name, least=least, given=given))
        raise OptionError(t("{setting} must be a number of at least {least}, got {given}",
                            setting=name, least=least, given=given))


class TreeSearchBot:
    """Base of ``mcts`` and ``ismcts``; ``keys_seen`` is the only difference.

    Settings (all keyword; the lab writes them ``ismcts:time_limit=0.5:clock=cpu``):

    - ``iterations``, ``time_limit``, ``clock``: the budget (``camelcade.bots.budget``);
      neither given means 1000 iterations, a time alone means no iteration cap.
    - ``exploration`` (0.7): UCB's constant, rewards being 0 to 1.
    - ``rollout_limit`` (400): steps of the random rollouts (none: to the end).
    - ``reward`` (``rank``/``win``): the scale of a game's outcome (``camelcade.bots.rewards``).
    - ``evaluator`` (``random``): random rollouts, or an evaluator the game declares by
      name, or an ``Evaluator`` object (from Python).
    - ``grouping`` (``auto``/``kind``/``game``/``none``) and ``group_above`` (24).
    - ``widening`` (2.0; 0 for none), ``widening_exponent`` (0.5), ``widening_floor`` (24),
      ``prior_weight`` (1.0): progressive widening and bias (``camelcade.bots.tree``).
    - ``reuse`` (true): keep the tree between moves.
    - ``seed``: the bot's randomness (drivers reseed it through ``begin``).
    """

    name = "tree-search"
    keys_seen: ClassVar[bool] = True
    """Key children by what the seat saw (ISMCTS) rather than by the true action."""

    def __init__(
        self,
        iterations: int | None = None,
        time_limit: float | None = None,
        exploration: float = 0.7,
        rollout_limit: int | None = 400,
        seed: int | None = None,
        *,
        clock: str = "wall",
        reward: str = "rank",
        evaluator: str | Evaluator = "random",
        grouping: str = "auto",
        group_above: int = 24,
        widening: float = 2.0,
        widening_exponent: float = 0.5,
        widening_floor: int = 24,
        prior_weight: float = 1.0,
        reuse: bool = True,
    ) -> None:
        self.budget = Budget.of(iterations, time_limit, clock)
        self.iterations = self.budget.iterations
        self.time_limit = self.budget.time_limit
        """Read by the lab: a timed bot's games do not repeat from their seed."""
        _check_number("exploration", exploration, 0.0)
        _check_number("widening", widening, 0.0)
        _check_number("widening_exponent", widening_exponent, 0.0, above=True)
        _check_number("prior_weight", prior_weight, 0.0)
        _check_number("group_above", group_above, 1, whole=True)
        _check_number("widening_floor", widening_floor, 1, whole=True)
        if rollout_limit is not None:
            _check_number("rollout_limit", rollout_limit, 0, whole=True)
        if not isinstance(reuse, bool):
            raise OptionError(t("{setting} must be true or false, got {given}", setting="reuse",
                                given=repr(reuse)))
        if not isinstance(evaluator, str | Evaluator):
            raise OptionError(t("evaluator must be an evaluator's name, got {given}",
                                given=repr(evaluator)))
        self._reward = reward_named(reward)
        self.selection = Selection(float(exploration), float(widening),
                                   float(widening_exponent), float(prior_weight), None,
                                   int(group_above), int(widening_floor))
        self.rollout_limit = rollout_limit
        self.reward = reward
        self.evaluator_setting = evaluator
        self.grouping = check_grouping(grouping)
        self.reuse = reuse
        self._rng = random.Random(seed)
        self._game: Game | None = None
        self._seat: PlayerId | None = None
        self._observer: PlayerId | None = None
        self._evaluator: Evaluator | None = None
        self._selector: Selector | None = None
        self._root: Node | None = None
        self._root_at = 0
        self._root_last: str | None = None
        self.last: SearchReport | None = None
        """What the last ``choose`` did."""

    # -- the driver's protocol --------------------------------------------------------

    def begin(self, game: Game, seat: PlayerId, seed: int) -> None:
        """A new game: reseed, forget the tree, read the game's plug-in slot."""
        self._rng = random.Random(seed)
        self._setup(game, seat)
        self._root = None

    def choose(self, view: View) -> Action:
        actions = view.legal_actions()
        if not actions:
            raise CamelcadeError(f"seat {view.player} has no legal action to choose")
        self._setup(view.game, view.player)
        root = self._start(view)
        reused = root.visits
        done = 0
        if len(actions) > 1:
            iterate, sample, rng = self._iterate, view.sample_state, self._rng
            more = self.budget.runner()
            while more(done):
                iterate(root, sample(rng))
                done += 1
        assert self._selector is not None  # set by _setup
        choice = self._selector.final(root, actions)
        self._keep(root, view)
        self.last = SearchReport(done, reused)
        return choice

    @property
    def tree(self) -> Node | None:
        """The root kept from the last search (for tests and the curious)."""
        return self._root

    # -- set-up and tree reuse ----------------------------------------------------------

    def _setup(self, game: Game, seat: PlayerId) -> None:
        if self._selector is not None and game == self._game and seat == self._seat:
            self._selector.rng = self._rng
            return
        self._evaluator = build_evaluator(self.evaluator_setting, game,
                                          rollout_limit=self.rollout_limit, reward=self.reward)
        settings = replace(self.selection, grouping=game_grouping(self.grouping, game))
        self._selector = Selector(settings, self._rng, self._evaluator.priors)
        seen = self.keys_seen and not game.perfect_information
        self._observer = seat if seen else None
        self._game, self._seat = game, seat
        self._root = None

    def _start(self, view: View) -> Node:
        """The node the seat's history leads to from the kept root, or a new root."""
        root = self._root
        self._root = None
        if root is None or not self.reuse:
            return Node()
        history = view.history
        start = self._root_at
        if len(history) < start or (start and history[start - 1] != self._root_last):
            return Node()
        node: Node | None = root
        for text in history[start:]:
            assert node is not None
            node = self._child_seen_as(node, text)
            if node is None:
                return Node()
        assert node is not None
        return node

    def _child_seen_as(self, node: Node, text: str) -> Node | None:
        if self._observer is not None:
            return node.children.get(text)
        for key, child in node.children.items():  # keyed by actions: match their text
            if str(key) == text:
                return child
        return None

    def _keep(self, root: Node, view: View) -> None:
        if not self.reuse:
            return
        history = view.history
        self._root = root
        self._root_at = len(history)
        self._root_last = history[-1] if len(history) else None

    # -- one iteration ------------------------------------------------------------------

    def _iterate(self, root: Node, state: State) -> None:
        rng = self._rng
        observer = self._observer
        selector, evaluator = self._selector, self._evaluator
        assert selector is not None and evaluator is not None
        choose, evaluate = selector.choose, evaluator.evaluate
        path: list[tuple[Edge, Edge | None, PlayerId]] = []
        node = root
        depth = 0
        while True:
            mover = state.current_player
            fresh = False
            if mover == TERMINAL:
                values = outcome_values(state, self._reward)
                break
            if mover == CHANCE:
                action = sample_chance(state, rng)
            else:
                legal = state.legal_actions()
                if len(legal) == 1:
                    action = legal[0]
                else:
                    action, edge, group, fresh = choose(node, state, legal)
                    path.append((edge, group, mover))
            state.apply(action, check=False)
            key = action if observer is None else state.history_for(observer, depth)[0]
            depth += 1
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node()
                fresh = True
            node = child
            if fresh:
                if state.is_terminal():
                    values = outcome_values(state, self._reward)
                else:
                    values = list(evaluate(state, rng))
                break
        for edge, group, seat in path:
            value = values[seat]
            edge.visits += 1
            edge.total += value
            if group is not None:
                group.visits += 1
                group.total += value
