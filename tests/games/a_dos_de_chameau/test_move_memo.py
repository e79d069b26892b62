"""``move_of`` is worked out once per position and play (the words and the web board both
ask for every legal play's move: a seventh of the server's CPU when each was worked out
twice), and forgotten as soon as the position changes or is copied."""

from __future__ import annotations

import random
from typing import Any

import pytest

import camelcade as cc
from camelcade.core.chance import sample_chance
from camelcade.games.a_dos_de_chameau.state import ADosState


def _plays_ahead(state: Any, rng: random.Random) -> None:
    while state.is_chance() or not any(getattr(a, "space", None) is not None
                                       for a in state.legal_actions()):
        state.apply(sample_chance(state, rng) if state.is_chance()
                    else rng.choice(state.legal_actions()))


def test_each_plays_move_is_worked_out_once_per_position(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    worked: list[Any] = []
    original = ADosState._worked_out

    def counted(self: ADosState, action: Any) -> Any:
        worked.append(action)
        return original(self, action)

    monkeypatch.setattr(ADosState, "_worked_out", counted)
    rng = random.Random(5)
    state = cc.load("a-dos-de-chameau", players=3).new_state()
    for _ in range(12):
        _plays_ahead(state, rng)
        plays = [a for a in state.legal_actions() if getattr(a, "space", None) is not None]
        worked.clear()
        first = [state.move_of(a) for a in plays]
        copy = state.clone()
        assert [state.move_of(a) for a in plays] == first
        assert len(worked) == len(plays)  # asked twice, worked out once each
        assert [copy.move_of(a) for a in plays] == first  # a copy works out its own
        assert len(worked) == 2 * len(plays)
        state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal():
            break


def test_a_plays_sentence_is_worded_once_per_language_and_listener(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The same play, told to the same listener, is the same sentence in any position, so
    it is worded once; another language or listener gets its own."""
    from camelcade.core.words import language
    from camelcade.games.a_dos_de_chameau import text

    made: list[tuple[Any, ...]] = []
    original = text._move

    def counted(*args: Any) -> str:
        made.append(args[1:])
        return original(*args)

    monkeypatch.setattr(text, "_move", counted)
    rng = random.Random(11)
    state = cc.load("a-dos-de-chameau", players=2).new_state()
    _plays_ahead(state, rng)
    play = next(a for a in state.legal_actions()
                if getattr(a, "space", None) is not None and a.card != "leader")
    mover = state.current_player
    first = state.describe_action(play, mover)
    again = state.clone().describe_action(play, mover)
    assert again == first and len(made) <= 1  # worded at most once (maybe before this test)
    with language("de"):
        german = state.describe_action(play, mover)
    other = state.describe_action(play, 1 - mover)
    assert german != first and other != first
    assert first.startswith("You play ") and not other.startswith("You ")
