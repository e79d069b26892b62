"""The spectators' observation: only fields every seat sees alike, learned per variant."""

from __future__ import annotations

import camelcade as cc
from camelcade.server.views import PublicObservation


def test_private_fields_are_learned_and_never_published() -> None:
    public = PublicObservation(warmup_games=2)
    game = cc.load("a-dos-de-chameau", players=2)
    assert {("hand",), ("pile",), ("player",)} <= public.private_fields(game)
    state = game.new_state()
    observed = public.observe(state)
    assert not {"hand", "pile", "player"} & set(observed)
    assert observed["camels"] == state.observation(0)["camels"]


def test_equal_hands_by_chance_are_still_private() -> None:
    game = cc.load("a-dos-de-chameau", players=2)
    state = game.new_state()
    for _ in range(6):  # the opening deal: three cards each
        state.apply(state.legal_actions()[0])
    assert state.observation(0)["hand"] == state.observation(1)["hand"]
    assert "hand" not in PublicObservation(warmup_games=2).observe(state)


def test_a_field_seen_to_differ_later_stays_private() -> None:
    game = cc.load("a-dos-de-chameau", players=3)
    public = PublicObservation(warmup_games=0)
    state = game.new_state()
    assert "hand" in public.observe(state)  # nothing learnt yet: all hands are empty
    for _ in range(9):
        state.apply(state.legal_actions()[-1] if _ % 2 else state.legal_actions()[0])
    public.observe(state)
    assert ("hand",) in public.private_fields(game)
    assert "hand" not in public.observe(game.new_state())
