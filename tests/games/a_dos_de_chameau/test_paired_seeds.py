"""Paired seeds: every seat rotation of one seed deals each pile the same cards.

``ADosState._chance_key`` names the pile (its seat and the cards it holds). After a deal
(the start, every sandstorm) a seat's pile is its twelve cards, so its first three cards
are the same in every arrangement. A later card is keyed by the cards left *and* how often
that pile held them before; an earlier shuffle of the pile that ran further in one
arrangement (its sandstorm came later) may have passed those very cards there only, and
from that card on the two part. That is the one way they may diverge, checked here.
"""

from __future__ import annotations

from collections import Counter

import pytest

import camelcade as cc
from camelcade.core.game import State
from camelcade.games.a_dos_de_chameau.spec import HAND_SIZE
from camelcade.games.a_dos_de_chameau.state import ADosState
from tests.sim.pairing_support import first_difference, rotations_draws

BOTS = ["random", "first", "first", "first"]
"""``random`` plays the sandstorm whenever it happens to: the shuffles end at different
times in different rotations."""


class _Piles:
    """Each draw's source (seat, shuffle number) and how often that pile had held the
    same cards before it."""

    def __init__(self) -> None:
        self.shuffles = 0
        self.held: Counter[tuple[int, tuple[str, ...]]] = Counter()
        self.visits: dict[tuple[int, int, int], int] = {}
        self._draws: Counter[tuple[int, int]] = Counter()

    def source(self, state: State, _: int) -> tuple[int, int]:
        assert isinstance(state, ADosState) and state.drawing is not None
        seat = state.drawing
        cards = (seat, tuple(state.pile(seat)))
        index = self._draws[seat, self.shuffles]
        self.visits[seat, self.shuffles, index] = self.held[cards]
        self.held[cards] += 1
        self._draws[seat, self.shuffles] += 1
        return seat, self.shuffles

    def watch(self, state: State, action: str) -> None:
        if action == "storm":
            self.shuffles += 1


def _play(seed: int) -> tuple[list[dict[object, list[str]]], list[_Piles]]:
    piles: list[_Piles] = []

    def source(state: State, step: int) -> object:
        if step == 0:
            piles.append(_Piles())
        return piles[-1].source(state, step)

    def watch(state: State, action: str) -> None:
        piles[-1].watch(state, action)

    return rotations_draws("a-dos-de-chameau", BOTS, seed, source, watch), piles


def test_the_key_names_the_drawing_seat_and_its_cards() -> None:
    state = cc.load("a-dos-de-chameau").new_state()
    for _ in range(HAND_SIZE):
        state.apply(state.chance_outcomes()[0][0])
    assert state.chance_key().startswith("pile 1 ")
    assert state.chance_key().endswith(State._chance_key(state))


@pytest.mark.parametrize("seed", range(8))
def test_rotations_draw_the_same_cards_from_each_pile_as_far_as_the_rules_allow(
        seed: int) -> None:
    rotations, piles = _play(seed)
    compared = 0
    for other in range(1, len(rotations)):
        for source in rotations[0].keys() & rotations[other].keys():
            compared += 1
            where = first_difference(rotations[0][source], rotations[other][source])
            if where is None:
                continue
            seat, shuffle = source  # type: ignore[misc]
            assert where >= HAND_SIZE, f"a deal's cards differ: {source}"
            assert (piles[0].visits[seat, shuffle, where]
                    != piles[other].visits[seat, shuffle, where]), \
                f"pile {source} parts at card {where} with the same history"
    assert compared >= 3 * 4 * 2, "every seat's piles in several shuffles compared"


def test_seat_keys_pair_better_than_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keyed by the cards alone, two seats holding the same cards share one stream, so the
    order of their draws decides who gets what: more piles part."""

    def parting(seeds: range) -> int:
        count = 0
        for seed in seeds:
            rotations, _ = _play(seed)
            count += sum(first_difference(rotations[0][s], other[s]) is not None
                         for other in rotations[1:] for s in rotations[0].keys() & other.keys())
        return count

    keyed = parting(range(8))
    monkeypatch.setattr(ADosState, "_chance_key", State._chance_key)
    assert parting(range(8)) > keyed
