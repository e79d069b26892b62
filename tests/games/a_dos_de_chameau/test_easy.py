"""A dos de Chameau's easy level: the generic ``eager`` bot judged by the ``expert``
evaluator, points at once first."""

from __future__ import annotations

from tests.bots.eager_support import MOST, easy_picks

from .helpers import position


def test_easy_brings_a_camel_into_the_oasis_when_a_card_can() -> None:
    # Red's camel on 29: oasis2 takes it to 31, the oasis's first space; nothing else scores.
    state = position([[29, 5, 3], [4, 6, 8]], ["oasis2 oasis1 mirage2", "oasis1 oasis2 oasis3"])
    scoring = [str(a) for a in state.legal_actions() if state.child(a).scores()[0] > 0]
    assert scoring == ["oasis2 29"]
    assert easy_picks(state)["oasis2 29"] >= MOST
