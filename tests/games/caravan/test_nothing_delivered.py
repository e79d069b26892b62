"""A seat that delivered nothing is told so in a whole sentence (issue 26, item 8): French
said "vous avez livré rien", built from "you delivered {delivered}" and "nothing"."""

from __future__ import annotations

from camelcade import load
from camelcade.core.words import language


def test_nothing_delivered_is_worded_by_each_language() -> None:
    state = load("caravan", players=2).new_state()
    with language("fr"):
        told = state.describe(0)
    assert "vous n'avez rien livré" in told and "livré rien" not in told
    assert "Jaune : " in told or "Rouge : " in told or "n'a rien livré" in told
    with language("en"):
        assert "you delivered nothing" in state.describe(0)
