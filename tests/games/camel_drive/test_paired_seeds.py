"""Paired seeds: every seat rotation of one seed deals each camel the same cards in a race.

``CamelDriveState._chance_key`` names the deck (camel, race, cards left). A camel's deck is
reset at the start of each race and reshuffled by the rules alone when it runs out, so the
n-th card of camel c in race r is the same in every arrangement, whatever interjections
did to the order of turns; what may differ is only how far each arrangement got.
"""

from __future__ import annotations

import pytest

from camelcade.core.game import State
from camelcade.games.camel_drive.spec import TIE_RACE
from camelcade.games.camel_drive.state import CamelDriveState
from tests.sim.pairing_support import first_difference, rotations_draws

BOTS = ["random", "first", "first", "first"]
"""``random`` shouts (interjections move draws between camels and turns); ``first``
only draws: the rotations really differ."""


def _deck(state: State, _: int) -> tuple[int, bool, int]:
    assert isinstance(state, CamelDriveState) and state.pending is not None
    return state.race, state.phase == TIE_RACE, state.pending[0]


def _diverging(seed: int) -> int:
    rotations = rotations_draws("camel-drive", BOTS, seed, _deck)
    return sum(first_difference(base[deck], other[deck]) is not None
               for base in rotations[:1] for other in rotations[1:]
               for deck in base.keys() & other.keys())


def test_the_key_names_the_camel_the_race_and_the_cards_left() -> None:
    import camelcade as cc

    state = cc.load("camel-drive").new_state()
    state.apply("draw")
    assert state.chance_key().startswith("camel 0 race 1 ")
    assert state.chance_key().endswith(State._chance_key(state))


@pytest.mark.parametrize("seed", range(6))
def test_every_rotation_deals_each_camel_the_same_cards_in_each_race(seed: int) -> None:
    rotations = rotations_draws("camel-drive", BOTS, seed, _deck)
    shared = 0
    for other in rotations[1:]:
        for deck in rotations[0].keys() & other.keys():
            shared += 1
            assert first_difference(rotations[0][deck], other[deck]) is None, deck
    assert shared >= 3 * 4 * 4, "several races of every camel compared"


def test_the_default_key_would_not_pair_the_decks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keyed by the cards left alone, two camels with the same cards share one stream, so
    whoever draws first takes the card: rotations part."""
    monkeypatch.setattr(CamelDriveState, "_chance_key", State._chance_key)
    assert sum(_diverging(seed) for seed in range(6)) > 0
