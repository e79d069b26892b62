"""Hands, piles and herds: the shared values the rules are built on (cards.py, herds.py)."""

from __future__ import annotations

import pytest

from camelcade.games.a_dos_de_chameau.actions import DISCARDS, DRAWS, PLAYS
from camelcade.games.a_dos_de_chameau.cards import NO_CARDS, cards_of
from camelcade.games.a_dos_de_chameau.herds import herd_of
from camelcade.games.a_dos_de_chameau.spec import card_set


def test_a_multiset_is_one_value_whatever_the_order() -> None:
    hand = cards_of(["storm", "oasis2", "oasis1", "oasis2"])
    assert hand is cards_of(["oasis1", "oasis2", "oasis2", "storm"])
    assert hand.cards == ("oasis1", "oasis2", "oasis2", "storm")
    assert hand.distinct == ("oasis1", "oasis2", "storm")
    assert hand.size == 4


def test_a_hand_knows_its_cards_by_kind_and_its_discards() -> None:
    hand = cards_of(["mirage3", "oasis4", "leader"])
    assert hand.oasis == ((4, "oasis4"),)
    assert hand.mirages == ("mirage3",)
    assert (hand.leader, hand.storm) == (True, False)
    assert hand.discards == (DISCARDS["oasis4"], DISCARDS["mirage3"], DISCARDS["leader"])


def test_taking_and_adding_a_card_lead_to_the_neighbouring_values() -> None:
    hand = cards_of(["oasis1", "mirage2"])
    assert hand.plus["storm"] is cards_of(["oasis1", "mirage2", "storm"])
    assert hand.without["oasis1"] is cards_of(["mirage2"])
    assert hand.without["mirage2"].without["oasis1"] is NO_CARDS
    assert "oasis3" not in hand.without, "only a card held can be taken"
    assert cards_of(["oasis1"] * 3).plus == {}, "a hand of three draws no more"


def test_drawing_from_a_pile_gives_each_kind_its_share_in_card_order() -> None:
    pile = cards_of(card_set([1, 1, 2, 2, 3, 3, 4]).elements())
    outcomes = pile.outcomes
    assert [draw for draw, _ in outcomes] == [DRAWS[card] for card in pile.distinct]
    assert dict((draw.card, chance) for draw, chance in outcomes)["oasis1"] == 2 / 12
    assert sum(chance for _, chance in outcomes) == pytest.approx(1.0)


def test_a_herd_knows_its_stands_mask_and_plays() -> None:
    herd = herd_of([33, 0, 0])
    assert herd is herd_of([0, 0, 33])
    assert herd.spaces == (0, 0, 33)
    assert herd.stands == (0, 33)
    assert herd.front == 33
    assert herd.in_town == 2
    assert herd.mask == 1 << 33, "the town is not a space of the path"
    assert herd.plays["oasis2"] == (PLAYS["oasis2"][0], PLAYS["oasis2"][33])
    assert herd.plays["leader"] == (PLAYS["leader"][0],), "it never moves a camel in the oasis"


def test_a_herd_after_a_move() -> None:
    herd = herd_of([0, 0, 33])
    assert herd.moved(0, 5) is herd_of([0, 5, 33])
    assert herd.moved(33, 35) is herd_of([0, 0, 35])
    assert herd_of([4, 9, 12]).moved(9, 0) is herd_of([0, 4, 12])
