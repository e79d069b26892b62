"""Invariants over whole seeded random games (the conformance checks, game by game).

At every step: legal actions are empty exactly at the end; chance outcomes sum to one and
are the legal actions; each seat holds its twelve cards between hand, pile and discards,
with at most three in hand, and the sandstorm is never among the discards (it reshuffles
itself away); no two camels share a space outside the town; every seat holds a card whenever a
seat is to play (so no one is ever skipped, and AD7's safety end never comes); the
oasis fills up and never loses a camel;
``child`` leaves its parent alone; a record replays to the same state.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import camelcade as cc
from camelcade.core.chance import sample_chance
from camelcade.games.a_dos_de_chameau.spec import card_set

from .helpers import MAX_ACTIONS, data, game


def check_invariants(state: cc.State, deck: Counter[str]) -> None:
    position = data(state)
    if state.is_terminal():
        assert state.legal_actions() == []
    else:
        assert state.legal_actions()
    if state.is_chance():
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        assert [a for a, _ in outcomes] == state.legal_actions()
    for seat in range(state.game.players):
        cards = position["hands"][seat] + position["piles"][seat] + position["discards"][seat]
        assert Counter(cards) == deck
        assert len(position["hands"][seat]) <= 3
        assert "storm" not in position["discards"][seat]
        if state.current_player >= 0:
            assert position["hands"][seat]
    spaces = [s for seat in position["camels"] for s in seat if s]
    assert len(spaces) == len(set(spaces))


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (2, 2), (3, 3), (3, 4), (4, 5), (4, 6)])
def test_random_game_keeps_every_invariant(players: int, seed: int) -> None:
    the_game = game(players)
    deck = card_set(the_game.option("oasis_cards"))
    state, rng = the_game.new_state(), random.Random(seed)
    while not state.is_terminal():
        assert len(state.history) < MAX_ACTIONS, "the game does not end"
        check_invariants(state, deck)
        before = state.to_json()
        action = sample_chance(state, rng) if state.is_chance() else \
            rng.choice(state.legal_actions())
        child = state.child(action)
        assert state.to_json() == before
        state.apply(action)
        assert child == state
    check_invariants(state, deck)
    assert data(state)["end"] == "oasis-full"


def test_oasis_occupancy_never_drops() -> None:
    state, rng = game(4).new_state(), random.Random(21)
    occupied = 0
    while not state.is_terminal():
        assert len(state.history) < MAX_ACTIONS, "the game does not end"
        now = sum(1 for seat in data(state)["camels"] for s in seat if s >= 31)
        assert now >= occupied
        occupied = now
        action = sample_chance(state, rng) if state.is_chance() else \
            rng.choice(state.legal_actions())
        state.apply(action)
    assert occupied == 5


def test_play_and_replay_agree() -> None:
    the_game = game(3)
    record = cc.play(the_game, [cc.bots.load("random")] * 3, seed=9)
    state = cc.replay(record)
    assert state.is_terminal()
    assert state.returns() == record.returns
    assert state.winners() == record.winners
    assert record.to_json()["actions"][:9] == [str(a) for a in state.history[:9]]
    assert cc.play(the_game, [cc.bots.load("random")] * 3, seed=9).actions == record.actions
