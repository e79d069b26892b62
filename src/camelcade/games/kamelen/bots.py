"""Kamelen bots: ``kamelen-search`` (alpha-beta) and ``kamelen-greedy`` (one ply).

Both read the position from their ``View`` (Kamelen has perfect information, so the
sampled state is the true position) and search on that state itself, making and
unmaking moves with ``apply`` and ``undo``: the rules they play by are the state's.
"""

from __future__ import annotations

import random

from camelcade.bots.budget import clock_named
from camelcade.core.action import Action
from camelcade.core.errors import CamelcadeError
from camelcade.core.game import Game
from camelcade.core.types import PlayerId
from camelcade.core.view import View
from camelcade.games.kamelen.evaluation import DEFAULT_WEIGHTS, Evaluator, Weights
from camelcade.games.kamelen.game import KamelenGame
from camelcade.games.kamelen.search import Entry, Searcher, SearchResult
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
        self._clock = clock_named(clock)
        self.time_limit = time_limit
        self.max_depth = max_depth
        self.max_nodes = max_nodes
        self.weights = weights
        self._seed = seed
        self._rng: random.Random | None = None if seed is None else random.Random(seed)
        self._table: dict[int, Entry] = {}
        self._evaluations: dict[int, int] = {}
        self.last: SearchResult | None = None
        """The most recent search: move, score, depth reached, nodes, seconds, PV."""

    def begin(self, game: Game, seat: PlayerId, seed: int) -> None:
        self._table.clear()
        self._evaluations.clear()
        if self._seed is None:
            self._rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        return self.search(_state_of(view)).move

    def search(self, state: KamelenState) -> SearchResult:
        """Search ``state`` with this bot's budgets (also used for hints).

        The search makes and unmakes moves on a copy of the position (built anew, not
        cloned: a new object keeps CPython's fast attribute access); ``state`` itself is
        not touched.
        """
        game = state.game
        assert isinstance(game, KamelenGame)
        copy = KamelenState.from_layout(game, state.layout())
        searcher = Searcher(Evaluator(copy, self.weights),
                            max_depth=self.max_depth, max_nodes=self.max_nodes,
                            time_limit=self.time_limit, rng=self._rng, table=self._table,
                            evaluations=self._evaluations, clock=self._clock)
        self.last = searcher.run()
        return self.last


class GreedyBot:
    """One ply: wins at once if it can, else the move whose position evaluates best."""

    name = "kamelen-greedy"

    def __init__(self, seed: int | None = None, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self._rng = random.Random(seed)
        self.weights = weights

    def begin(self, game: Game, seat: PlayerId, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View) -> Action:
        evaluator = Evaluator(_state_of(view), self.weights)
        state = evaluator.state
        best: list[Action] = []
        best_score = None
        for action in state.legal_actions():
            evaluator.make(action)
            score = 10**9 if state.winner is not None else -evaluator.evaluate()
            evaluator.unmake()
            if best_score is None or score > best_score:
                best, best_score = [action], score
            elif score == best_score:
                best.append(action)
        return self._rng.choice(best)
