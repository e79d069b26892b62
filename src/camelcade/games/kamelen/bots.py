"""Kamelen bots: ``kamelen-search`` (alpha-beta) and ``kamelen-greedy`` (one ply).

Both read the position from their ``View`` (Kamelen has perfect information, so the
sampled state is the true position) and hand it to the compiled ``kernel``, whose working
copy is built from the rules' own tables (and tested against the state move for move).
"""

from __future__ import annotations

import random

import numpy as np

from camelcade.bots.budget import clock_named
from camelcade.core.action import Action
from camelcade.core.errors import CamelcadeError
from camelcade.core.game import Game
from camelcade.core.types import PlayerId
from camelcade.core.view import View
from camelcade.games.kamelen import kernel
from camelcade.games.kamelen.evaluation import DEFAULT_WEIGHTS, Weights
from camelcade.games.kamelen.game import KamelenGame
from camelcade.games.kamelen.search import Memory, Searcher, SearchResult, code_of, prepared
from camelcade.games.kamelen.state import KamelenState


def _state_of(view: View) -> KamelenState:
    if not view.legal_actions():
        raise CamelcadeError(f"seat {view.player} has no legal action to choose")
    state = view.sample_state(random.Random(0))
    if not isinstance(state, KamelenState):
        raise CamelcadeError(f"this bot plays kamelen, not {view.game.id}")
    return state


class SearchBot:
    """Alpha-beta with iterative deepening; stops at whichever budget ends first.

    ``time_limit`` seconds per move (None: no clock) on the ``clock`` named (``wall``, a
    person's wait, or ``cpu``, the thread's CPU seconds, as the generic searches count them
    for comparisons at equal time), ``max_depth`` plies, ``max_nodes`` positions per move.
    With ``time_limit=None`` and a depth or node budget the bot is fully reproducible.
    ``seed`` shuffles equally good root moves (also set by ``begin``).
    """

    name = "kamelen-search"

    def __init__(self, time_limit: float | None = 0.5, max_depth: int | None = None,
                 max_nodes: int | None = None, seed: int | None = None,
                 weights: Weights = DEFAULT_WEIGHTS, clock: str = "wall") -> None:
        if time_limit is None and max_depth is None and max_nodes is None:
            raise CamelcadeError("kamelen-search needs a time_limit, max_depth or max_nodes")
        clock_named(clock)  # refuses an unknown clock
        self.clock = clock
        self.time_limit = time_limit
        self.max_depth = max_depth
        self.max_nodes = max_nodes
        self.weights = weights
        self._seed = seed
        self._rng: random.Random | None = None if seed is None else random.Random(seed)
        self._memory: Memory | None = None
        """The transposition table and evaluation cache, kept from move to move."""
        self.last: SearchResult | None = None
        """The most recent search: move, score, depth reached, nodes, seconds, PV."""

    @staticmethod
    def warm() -> None:
        """Load the compiled kernel now (compile it, the first time on a machine), so the
        first move does not wait for it: the server's bot workers call this once."""
        warm_kernel()

    def begin(self, game: Game, seat: PlayerId, seed: int) -> None:
        if self._memory is not None:
            kernel.clear(self._memory)
        if self._seed is None:
            self._rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        return self.search(_state_of(view)).move

    def search(self, state: KamelenState) -> SearchResult:
        """Search ``state`` with this bot's budgets (also used for hints).

        The kernel searches its own copy of the position and the principal variation is
        read on a copy too; ``state`` itself is not touched.
        """
        game = state.game
        assert isinstance(game, KamelenGame)
        copy = KamelenState.from_layout(game, state.layout())
        if self._memory is None:
            self._memory = kernel.new_memory()
        searcher = Searcher(copy, self.weights, max_depth=self.max_depth,
                            max_nodes=self.max_nodes, time_limit=self.time_limit,
                            rng=self._rng, memory=self._memory, clock=self.clock)
        self.last = searcher.run()
        return self.last


class GreedyBot:
    """One ply: wins at once if it can, else the move whose position evaluates best."""

    name = "kamelen-greedy"

    @staticmethod
    def warm() -> None:
        """As ``SearchBot.warm``: the greedy bot scores its moves with the same kernel."""
        warm_kernel()

    def __init__(self, seed: int | None = None, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self._rng = random.Random(seed)
        self.weights = weights

    def begin(self, game: Game, seat: PlayerId, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        state = _state_of(view)
        actions = list(state.legal_actions())
        scores = one_ply_scores(state, actions, self.weights)
        top = max(scores)
        return self._rng.choice([a for a, score in zip(actions, scores, strict=True)
                                 if score == top])


def warm_kernel() -> None:
    """Run every kernel function once on the start position (``SearchBot.warm``)."""
    state = KamelenGame().new_state()
    SearchBot(time_limit=None, max_nodes=300).search(state)
    one_ply_scores(state, list(state.legal_actions()))


def one_ply_scores(state: KamelenState, actions: list[Action],
                   weights: Weights = DEFAULT_WEIGHTS) -> list[int]:
    """Each action's score one ply deep: 10**9 for a win at once, else the evaluation of
    the position after it, for the side that played it."""
    tables, work = prepared(state, weights)
    scores = np.zeros(len(actions), np.int64)
    kernel.one_ply(tables, work, np.array([code_of(a) for a in actions], np.int64), scores)
    return [int(score) for score in scores]
