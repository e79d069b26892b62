"""The spectators' observation: the game's declared one, else fields every seat sees alike.

Every built-in game declares ``public_observation()``; the inference (learned per variant)
serves games that do not, and is tested here on A dos de Chameau's seat observations.
"""

from __future__ import annotations

import random

import camelcade as cc
from camelcade.core.chance import sample_chance
from camelcade.server.views import PublicObservation


def test_private_fields_are_learned_and_never_published() -> None:
    public = PublicObservation(warmup_games=2)
    game = cc.load("a-dos-de-chameau", players=2)
    assert {("hand",), ("pile",), ("player",)} <= public.private_fields(game)
    state = game.new_state()
    observed = public.infer(state)
    assert not {"hand", "pile", "player"} & set(observed)
    assert observed["camels"] == state.observation(0)["camels"]


def test_equal_hands_by_chance_are_still_private() -> None:
    game = cc.load("a-dos-de-chameau", players=2)
    state = game.new_state()
    for _ in range(6):  # the opening deal: three cards each
        state.apply(state.legal_actions()[0])
    assert state.observation(0)["hand"] == state.observation(1)["hand"]
    assert "hand" not in PublicObservation(warmup_games=2).infer(state)


def test_a_field_seen_to_differ_later_stays_private() -> None:
    game = cc.load("a-dos-de-chameau", players=3)
    public = PublicObservation(warmup_games=0)
    state = game.new_state()
    assert "hand" in public.infer(state)  # nothing learnt yet: all hands are empty
    for _ in range(9):
        state.apply(state.legal_actions()[-1] if _ % 2 else state.legal_actions()[0])
    public.infer(state)
    assert ("hand",) in public.private_fields(game)
    assert "hand" not in public.infer(game.new_state())


def test_spectators_get_the_declared_public_observation_of_every_game() -> None:
    public = PublicObservation(warmup_games=0)
    for game_id in cc.game_ids():
        state = cc.load(game_id).new_state()
        assert public.declares(state.game), game_id
        assert public.observe(state) == state.public_observation()
        assert "player" not in public.observe(state)


def test_camel_up_spectators_see_who_bet_on_the_overall_race_but_not_on_which_camel() -> None:
    game = cc.load("camel-up", players=3)
    state = game.new_state()
    rng = random.Random(3)
    while not any(state.public_observation()["piles"].values()):
        if state.is_chance():
            state.apply(sample_chance(state, rng))
            continue
        overall = [a for a in state.legal_actions() if "overall" in state.describe_action(a)]
        state.apply(overall[0] if overall else state.legal_actions()[0])
    piles = PublicObservation().observe(state)["piles"]
    bets = [entry for pile in piles.values() for entry in pile]
    assert bets and all(card is None for _seat, card in bets)
    bettor = bets[0][0]
    assert any(card is not None for pile in state.observation(bettor)["piles"].values()
               for _seat, card in pile)
