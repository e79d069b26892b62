"""Pile codes and the tables the rules and the samplers read them with (deck.py)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from camelcade.games.camel_drive.deck import (
    CARDS,
    COUNTS,
    DISCARDS,
    FULL,
    PILES,
    REVEALS,
    SIZE,
    code_of,
    draw_pile,
)
from camelcade.games.camel_drive.spec import CARD_VALUES, COPIES, DECK


def test_a_pile_code_holds_the_counts_of_each_value_and_its_discards_the_rest() -> None:
    assert COUNTS[FULL] == DECK and SIZE[FULL] == 12 and DISCARDS[FULL] == (0, 0, 0, 0)
    assert COUNTS[0] == (0, 0, 0, 0) and DISCARDS[0] == DECK
    for code, counts in enumerate(COUNTS):
        assert code_of(counts) == code
        assert [a + b for a, b in zip(counts, DISCARDS[code], strict=True)] == [COPIES] * 4


def test_a_reveal_follows_the_cards_left_and_an_empty_pile_reveals_a_full_deck() -> None:
    for code in range(FULL + 1):
        counts = COUNTS[code or FULL]
        chances = {action.value: p for action, p in REVEALS[code]}  # type: ignore[attr-defined]
        assert chances == {v: counts[v] / sum(counts) for v in CARD_VALUES if counts[v]}


def test_picking_by_a_uniform_number_gives_each_card_its_reveal_chance() -> None:
    for code in range(FULL + 1):
        cards = CARDS[code]
        shares = {v: k / len(cards) for v, k in Counter(cards).items()}
        assert shares == {action.value: p for action, p in REVEALS[code]}  # type: ignore[attr-defined]


@pytest.mark.parametrize(("top", "size"), [(0, 5), (3, 0), (2, 11), (1, 7), (None, 12)])
def test_a_drawn_pile_is_a_uniform_subset_of_the_cards_not_on_top(top: int | None,
                                                                  size: int) -> None:
    rest = [v for v in CARD_VALUES for _ in range(COPIES)]
    if top is not None:
        rest.remove(top)
    expected = Counter(code_of([sum(1 for i in pick if rest[i] == v) for v in CARD_VALUES])
                       for pick in combinations(range(len(rest)), size))
    codes, weights = PILES[top, size]
    got = dict(zip(codes, [b - a for a, b in zip((0, *weights), weights, strict=False)],
                   strict=True))
    assert got == dict(expected)
    rng = random.Random(size)
    for _ in range(50):
        code = draw_pile(top, size, rng)
        assert SIZE[code] == size and code in expected
        assert top is None or DISCARDS[code][top] >= 1
