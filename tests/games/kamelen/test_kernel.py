"""The compiled kernel of kamelen-search agrees with the rules and the evaluation.

The kernel keeps its own working copy of a position (``kernel``'s docstring says why), so
random games are played on a ``KamelenState`` and, at every position, every legal move is
also made and unmade by the kernel: the moves listed, the hash, the end of the game, the
evaluation and the restored copy must all agree with the state. Boards of each size, the
bend-back third step (two paths to one square) and a short no-capture clock are covered.
"""

from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from camelcade.games.kamelen import bots as bots_module
from camelcade.games.kamelen import evaluator as evaluator_module
from camelcade.games.kamelen import kernel
from camelcade.games.kamelen import search as search_module
from camelcade.games.kamelen.bots import one_ply_scores
from camelcade.games.kamelen.evaluation import DEFAULT_WEIGHTS, Weights, piece_values
from camelcade.games.kamelen.search import action_of, code_of, prepared
from camelcade.games.kamelen.spec import (
    END_CONQUEST,
    END_ELIMINATION,
    END_NO_CAPTURE,
    END_PASSES,
    END_REPETITION,
    OWNER,
)
from camelcade.games.kamelen.state import KamelenState
from tests.games.kamelen.helpers import game, position

KERNEL_END = {None: kernel.GOES_ON, END_CONQUEST: kernel.CONQUEST,
              END_ELIMINATION: kernel.ELIMINATION, END_NO_CAPTURE: kernel.DRAW,
              END_PASSES: kernel.DRAW, END_REPETITION: kernel.DRAW}

CONFIGURATIONS = [
    {"board": "11x11"},
    {"board": "11x12", "no_capture_limit": 24},
    {"board": "11x13"},
    {"board": "11x11", "third_step": "any"},
]


def reference_score(state: KamelenState, weights: Weights = DEFAULT_WEIGHTS) -> int:
    """The evaluation as ``evaluation`` defines it, counted from scratch on the state."""
    values = piece_values(state.geometry, weights)
    balance = sum(values[code][square] * (1 if OWNER[code] == 0 else -1)
                  for square, code in enumerate(state.cells) if OWNER[code] is not None)
    side = state.side
    score = balance if side == 0 else -balance
    score += weights.attackers[state.attackers(side)] - \
        weights.attackers[state.attackers(1 - side)]
    return score + weights.mobility * (len(state.moves(side)) - len(state.moves(1 - side)))


def _listed(tables: kernel.Array, work: kernel.Array) -> list[int]:
    count = kernel.listed(tables, work)
    start = work[kernel.W_MOVES]
    return [int(code) for code in work[start:start + count]]


def _check_position(state: KamelenState) -> None:
    tables, work = prepared(state)
    assert _listed(tables, work) == [code_of(m) for m in state.moves()]
    assert kernel.evaluate(tables, work, -1, work[kernel.W_MOVES]) == reference_score(state)
    assert work[kernel.HASH] == kernel.signed(state.position_hash)
    before = work.copy()
    for action in state.legal_actions():
        child = state.child(action)
        done = kernel.make(tables, work, code_of(action))
        assert done == KERNEL_END[child.end_reason], (state.position(), str(action))
        assert work[kernel.HASH] == kernel.signed(child.position_hash)
        board = work[kernel.W_BOARD]
        assert list(work[board:board + len(child.cells)]) == list(child.cells)
        assert (work[kernel.ATTACKERS], work[kernel.ATTACKERS_NORTH]) == \
            (child.attackers(0), child.attackers(1))
        assert work[kernel.CLOCK] == child.clock and work[kernel.PASSES] == child.passes
        if child.end_reason is None:
            assert kernel.evaluate(tables, work, -1, work[kernel.W_MOVES]) == \
                reference_score(child)
            assert sorted(_listed(tables, work)) == sorted(code_of(m) for m in child.moves())
        kernel.unmake(tables, work)
        assert np.array_equal(work[:kernel.W_HEADER], before[:kernel.W_HEADER])
        board = work[kernel.W_BOARD]
        assert list(work[board:board + len(state.cells)]) == list(state.cells)


@pytest.mark.parametrize("options", CONFIGURATIONS, ids=lambda o: "-".join(map(str, o.values())))
def test_the_kernel_agrees_with_the_rules_move_for_move(options: dict[str, object]) -> None:
    """Six seeded random games a configuration (about 1,500 positions and 25,000 moves)."""
    the_game = game(**options)
    positions = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = the_game.new_state()
        while not state.is_terminal() and len(state.history) < 250:
            _check_position(state)
            positions += 1
            state.apply(rng.choice(state.legal_actions()))
    assert positions > 300


def test_a_third_occurrence_from_before_the_search_is_a_draw_in_the_kernel() -> None:
    """The start occurred twice before the search began: going back to it draws, also in
    the copy a bot loads from the saved layout."""
    state = position({"a3": "D", "a9": "d", "c2": "C", "c10": "c"})
    for text in ["a3-d5", "a9-d7", "d5-a3", "d7-a9", "a3-d5", "a9-d7", "d5-a3"]:
        state.apply(text)
    back = state.parse_action("d7-a9")
    assert state.child(back).end_reason == END_REPETITION
    loaded = KamelenState.from_layout(state.game, state.layout())  # type: ignore[arg-type]
    for searched in (state, loaded):
        tables, work = prepared(searched)
        assert work[kernel.W_REPEATS] == 3  # the start and the two positions after it
        assert kernel.make(tables, work, code_of(back)) == kernel.DRAW
    _check_position(state)


def test_the_kernel_draws_at_the_no_capture_limit() -> None:
    state = game(no_capture_limit=3).new_state()
    state.apply("b2-c5")
    state.apply("b10-c7")
    assert state.clock == 2
    tables, work = prepared(state)
    assert kernel.make(tables, work, code_of(state.parse_action("c3-f5"))) == kernel.DRAW


def test_greedy_scores_are_a_win_or_the_reference_evaluation() -> None:
    rng = random.Random(5)
    state = game().new_state()
    for _ in range(40):
        actions = list(state.legal_actions())
        scores = one_ply_scores(state, actions)
        for action, score in zip(actions, scores, strict=True):
            child = state.child(action)
            expected = 10**9 if child.winner is not None else -reference_score(child)
            assert score == expected
        state.apply(rng.choice(actions))


def test_codes_round_trip_through_actions() -> None:
    state = game().new_state()
    for action in [*state.legal_actions(), state.parse_action("pass")]:
        assert action_of(code_of(action)) == action


def _pure_kernel(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """A fresh copy of ``kernel`` loaded as on an install without ``camelcade[fast]``
    (numba cannot be imported), put where the bots and the search read the kernel."""
    monkeypatch.setitem(sys.modules, "numba", None)  # `import numba` raises ImportError
    spec = importlib.util.find_spec(kernel.__name__)
    assert spec is not None and spec.loader is not None
    pure = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pure)
    for module in (search_module, bots_module, evaluator_module):
        monkeypatch.setattr(module, "kernel", pure)
    return pure


def _moves_of_the_bots(states: list[KamelenState]) -> list[tuple[str, int, int, str]]:
    """What ``kamelen-search`` (depth 3, no clock) and ``kamelen-greedy`` play in each
    state, with the search's score and node count."""
    played = []
    for number, state in enumerate(states):
        view = state.view(state.current_player)
        searcher = bots_module.SearchBot(time_limit=None, max_depth=3, seed=number)
        move = searcher.choose(view)
        assert searcher.last is not None
        greedy = bots_module.GreedyBot(seed=number).choose(view)
        played.append((str(move), searcher.last.score, searcher.last.nodes, str(greedy)))
    return played


def test_without_numba_the_same_functions_run_as_python_and_play_the_same_moves(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """numba is the optional extra ``[fast]``; without it the kernel is interpreted. Five
    seeded positions of two games: the same moves, scores and node counts either way."""
    assert kernel.COMPILED  # the test environment installs [fast]: this side is numba's
    states = []
    for seed, options in enumerate([{}, {}, {"board": "11x12"}, {"board": "11x13"}, {}]):
        rng = random.Random(seed)
        state = game(**options).new_state()
        for _ in range(6 + 4 * seed):
            state.apply(rng.choice(state.legal_actions()))
        states.append(state)
    compiled = _moves_of_the_bots(states)
    pure = _pure_kernel(monkeypatch)
    assert not pure.COMPILED and pure.search is not kernel.search
    assert _moves_of_the_bots(states) == compiled


def test_numba_caches_the_kernel_in_the_users_cache_folder_not_in_the_package(
        tmp_path: Path) -> None:
    """Installed, the package is site-packages: numba's own default, beside the source,
    is shared and often read-only. A fresh process shows where the cache goes."""
    code = ("from camelcade.games.kamelen import kernel; "
            "print(kernel.make._cache.cache_path); print(kernel.cache_dir())")
    package = Path(kernel.__file__).parent
    environ = {key: value for key, value in os.environ.items() if key != "NUMBA_CACHE_DIR"}
    for extra, expected in [({"XDG_CACHE_HOME": str(tmp_path / "xdg")},
                             tmp_path / "xdg" / "camelcade" / "numba"),
                            ({"NUMBA_CACHE_DIR": str(tmp_path / "own")}, tmp_path / "own")]:
        shown = subprocess.run([sys.executable, "-c", code], env={**environ, **extra},
                               capture_output=True, text=True, check=True).stdout.split("\n")
        cache, chosen = Path(shown[0]), Path(shown[1])
        assert chosen == expected and cache.is_relative_to(expected), shown
        assert not cache.is_relative_to(package)
