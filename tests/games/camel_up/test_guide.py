"""The player's guide: written for players, every action with an example, one per line."""

from __future__ import annotations

import re

import pytest

import camelcade as cc
from camelcade.core.registry import plugin
from camelcade.games.camel_up.guide import guide

from .helpers import FRESH_1, FRESH_2, setup


def examples(text: str) -> list[str]:
    """The lines that begin with an action as typed ("bet blue: take ...")."""
    return [line.split(":")[0] for line in text.splitlines()
            if re.match(r"^(bet|tile|roll|winner|loser|partner)\b", line)]


@pytest.mark.parametrize(("players", "edition", "fresh"), [(4, 2, FRESH_2), (6, 2, FRESH_2),
                                                           (3, 1, FRESH_1)])
def test_every_example_is_an_action_the_game_reads(players: int, edition: int,
                                                   fresh: dict[int, list[str]]) -> None:
    text = guide(cc.load("camel-up", players=players, edition=edition))
    state = setup(fresh, players=players, edition=edition)
    shown = examples(text)
    kinds = {example.split()[0] for example in shown}
    assert kinds == {"bet", "tile", "roll", "winner", "loser"} | (
        {"partner"} if players >= 6 and edition == 2 else set())
    for example in shown:
        state.parse_action(example)  # raises unless it is the game's notation
    assert {"tile 7 cheer", "tile 12 boo"} <= set(shown) if edition == 2 else \
        {"tile 7 oasis", "tile 12 mirage"} <= set(shown)


def test_the_guide_reads_one_idea_a_line_without_columns() -> None:
    text = guide(cc.load("camel-up", players=6))
    for line in text.splitlines():
        assert not re.search(r"\S {2,}\S", line), line  # no two-column layout
        assert not line or line.endswith((".", ":")), line
    assert "crazy camels" in text and "cheering" in text.lower()
    assert "8, 5, 3, 2, then 1 each" in text


def test_the_first_edition_guide_has_no_crazy_camels() -> None:
    text = guide(cc.load("camel-up", players=3, edition=1))
    assert "crazy" not in text and "grey" not in text
    assert "Oasis side" in text and "Orange" in text


def test_the_guide_is_the_plugins() -> None:
    ref = plugin("camel-up").guide
    assert ref is not None and ref.load() is guide
