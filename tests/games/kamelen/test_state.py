"""The state's incremental bookkeeping and ``undo``, against a position judged from scratch.

A move updates the board, the animal lists, the Zobrist hash, the repetition counts, the
attackers and the end in place; a loaded position computes all of it anew. Random games on
every board and rule variant must agree with a reload at every step, and every action
taken back with ``undo`` must leave the state exactly as before.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import camelcade as cc
from camelcade.games.kamelen.game import KamelenGame
from camelcade.games.kamelen.state import KamelenState
from tests.games.kamelen.helpers import game, position
from tests.games.kamelen.test_rules import SOUTH_STUCK

VARIANTS = [
    ({"board": "11x11"}, 3),
    ({"board": "11x12"}, 2),
    ({"board": "11x13"}, 2),
    ({"board": "11x11", "third_step": "any"}, 2),
    ({"board": "11x11", "no_capture_limit": 12}, 4),
]


def _bookkeeping(state: KamelenState) -> tuple[Any, ...]:
    """Everything the state keeps up to date about its position, read through its public
    face (the history is not part of the position)."""
    return (state.to_json()["state"], state.position_hash, state.animal_squares,
            list(state.attacker_counts), state.end_reason, state.winner,
            state.current_player, state.legal_actions(), state.repetitions(),
            state.earlier_keys())


def _reloaded(state: KamelenState) -> KamelenState:
    the_game = state.game
    assert isinstance(the_game, KamelenGame)
    return KamelenState.from_layout(the_game, state.layout())


def _random_states(options: dict[str, Any], games: int) -> list[KamelenState]:
    """Every position of seeded random games, in order (the last of each is terminal)."""
    found = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game(**options).new_state()
        while True:
            found.append(state.clone())
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize(("options", "games"), VARIANTS, ids=str)
def test_incremental_bookkeeping_matches_a_position_judged_from_scratch(
        options: dict[str, Any], games: int) -> None:
    for state in _random_states(options, games):
        assert _bookkeeping(state) == _bookkeeping(_reloaded(state))
        assert state._seen == _reloaded(state)._seen


@pytest.mark.parametrize(("options", "games"), VARIANTS, ids=str)
def test_undo_takes_every_action_back_exactly(options: dict[str, Any], games: int) -> None:
    for state in _random_states(options, games)[::3]:
        before = _bookkeeping(state)
        history = state.to_json()
        for action in state.legal_actions():
            state.apply(action, check=False)
            assert state.undo() is action
            assert _bookkeeping(state) == before and state.to_json() == history


def test_undo_through_a_passing_and_repeating_game() -> None:
    """Passes, a pass reset by a move, repetitions and captures, all taken back."""
    start = game().state_from_position(SOUTH_STUCK + " s 7 0")
    for seed in range(6):
        rng = random.Random(seed)
        state = start.clone()
        seen = [_bookkeeping(state)]
        while not state.is_terminal() and len(state.history) < 120:
            state.apply(rng.choice(state.legal_actions()))
            seen.append(_bookkeeping(state))
            assert state._seen == _reloaded(state)._seen
        while len(seen) > 1:
            seen.pop()
            state.undo()
            assert _bookkeeping(state) == seen[-1]
    assert "pass" in [str(a) for a in start.legal_actions()]


def test_undo_of_a_whole_game_returns_to_the_start_and_then_refuses() -> None:
    rng = random.Random(4)
    state = game().new_state()
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    played = len(state.history)
    for _ in range(played):
        state.undo()
    assert state.to_json() == game().new_state().to_json()
    with pytest.raises(cc.CamelcadeError, match="no action to undo"):
        state.undo()


def test_loaded_and_sampled_positions_cannot_undo_but_clones_can() -> None:
    state = game().new_state()
    for text in ["a3-d5", "a9-d7", "d5-a3"]:
        state.apply(text)
    loaded = state.game.state_from_json(state.to_json())
    assert loaded.history == state.history
    assert isinstance(loaded, KamelenState)
    with pytest.raises(cc.CamelcadeError, match="no action to undo"):
        loaded.undo()
    sample = state.view(1).sample_state(random.Random(0))
    assert isinstance(sample, KamelenState)
    with pytest.raises(cc.CamelcadeError, match="no action to undo"):
        sample.undo()
    twin = state.clone()
    assert str(twin.undo()) == "d5-a3"
    assert len(state.history) == 3 and len(twin.history) == 2


def test_a_clone_takes_back_a_capture_without_touching_the_original() -> None:
    state = position({"d4": "C", "c7": "d", "a2": "C", "k10": "c", "e1": "d"})
    for text in ["d4-g5", "e1-h3", "g5-d4", "h3-e1", "d4-c7"]:  # a capture clears history
        state.apply(text)
    before = state.to_json()
    twin = state.clone()
    twin.undo()
    twin.apply("d4-g5")
    twin.undo()
    assert state.to_json() == before
    state.undo()
    assert state.to_json() == twin.to_json()
    assert state.repetitions() == 2  # the history cleared by the capture came back


def test_undo_keeps_the_history_texts_and_lapses_views() -> None:
    state = game().new_state()
    state.apply("b2-c5")
    state.apply("b10-c7")
    assert state.history_for(None) == ["b2-c5", "b10-c7"]
    view = state.view(0)
    state.undo()
    assert state.history_for(None) == ["b2-c5"] and state.history_for(0) == ["b2-c5"]
    with pytest.raises(cc.StaleViewError):
        _ = view.observation
    assert state.current_player == 1 and str(state.legal_actions()[0]) != "pass"


def test_a_third_occurrence_is_found_again_after_undo_and_redo() -> None:
    state = game().new_state()
    shuffle = ["a3-d5", "a9-d7", "d5-a3", "d7-a9"] * 2
    for text in shuffle:
        state.apply(text)
    assert state.is_terminal() and state.repetitions() == 3
    last = state.undo()
    assert not state.is_terminal() and state.repetitions() == 2
    state.apply(last)
    assert state.end_reason == "repetition" and state.winners() == [0, 1]


def test_a_hash_count_alone_does_not_draw_the_exact_keys_decide() -> None:
    """The seen counts are keyed by hash; the draw is confirmed by comparing boards."""
    state = game().new_state()
    state.apply("a3-d5")
    # White-box: pretend two other positions shared this hash (a collision).
    state._seen[state.position_hash] = 2
    assert state.repetitions() == 1 and not state._repeated()


def test_the_live_board_is_one_list_for_the_states_life() -> None:
    state = game().state_from_position(game().new_state().position())
    cells, squares = state.cells, state.animal_squares
    state.apply("b2-c5")
    state.undo()
    assert state.cells is cells and state.animal_squares[0] is squares[0]
    assert list(cells) == list(state.board)
