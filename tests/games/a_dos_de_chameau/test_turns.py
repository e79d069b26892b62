"""Setup, turn order, drawing back up, dead cards and skipped seats (rules file: Setup, Turn)."""

from __future__ import annotations

import pytest

import camelcade as cc

from .helpers import camels, data, game, legal, position


def test_setup_deals_three_cards_seat_0_first() -> None:
    state = game(3).new_state()
    start = data(state)
    assert start["camels"] == [[0, 0, 0]] * 3
    assert start["hands"] == [[], [], []]
    assert start["draw_queue"] == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    drawers = []
    for card in ["oasis4", "mirage1", "leader", "storm", "oasis1", "oasis1",
                 "mirage3", "oasis2", "oasis3"]:
        assert state.current_player == cc.CHANCE
        drawers.append(data(state)["draw_queue"][0])
        state.apply(f"draw {card}")
    assert drawers == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    dealt = data(state)
    assert dealt["hands"] == [
        ["oasis4", "mirage1", "leader"], ["oasis1", "oasis1", "storm"],
        ["oasis2", "oasis3", "mirage3"],
    ]
    assert [len(pile) for pile in dealt["piles"]] == [9, 9, 9]
    assert state.current_player == 0


def test_play_passes_clockwise() -> None:
    state = position([[0, 0, 0]] * 3, ["oasis1 oasis2 oasis3"] * 3)
    seats = []
    for _ in range(5):
        seats.append(state.current_player)
        state.apply(state.legal_actions()[0])
        assert state.is_chance()
        state.apply(state.legal_actions()[0])
    assert seats == [0, 1, 2, 0, 1]


def test_draw_back_up_to_three_after_play() -> None:
    state = position([[0, 0, 0], [0, 0, 0]], ["oasis1 oasis2 leader", "oasis1"],
                     piles=["oasis4 mirage2 mirage3", ""])
    state.apply("oasis2 0")
    assert state.is_chance()
    assert data(state)["draw_queue"] == [0]
    assert [(str(a), p) for a, p in state.chance_outcomes()] == [
        ("draw oasis4", 1 / 3), ("draw mirage2", 1 / 3), ("draw mirage3", 1 / 3),
    ]
    state.apply("draw mirage2")
    after = data(state)
    assert after["hands"][0] == ["oasis1", "mirage2", "leader"]
    assert after["piles"][0] == ["oasis4", "mirage3"]
    assert state.current_player == 1


def test_empty_pile_play_with_fewer_cards() -> None:
    state = position([[0, 0, 0], [0, 0, 0]], ["oasis1 oasis2 leader", "oasis3"],
                     piles=["", ""])
    state.apply("oasis2 0")
    assert not state.is_chance()
    assert state.current_player == 1
    assert data(state)["hands"] == [["oasis1", "leader"], ["oasis3"]]
    state.apply("oasis3 0")
    assert state.current_player == 0
    assert legal(state) == ["oasis1 0", "oasis1 2", "leader 0", "leader 2"]


def test_discard_only_when_no_card_has_a_legal_play() -> None:
    # Yellow's camels are in town (no mirage target); Red's own camel on 30 leads, so the
    # caravan leader would enter the oasis.
    state = position([[0, 0, 30], [0, 0, 0]], ["mirage1 mirage2 leader", "oasis1"])
    assert legal(state) == ["discard mirage1", "discard mirage2", "discard leader"]
    state.apply("discard mirage2")
    after = data(state)
    assert after["camels"] == [[0, 0, 30], [0, 0, 0]]
    assert after["hands"][0] == ["mirage1", "leader"]
    assert after["discards"][0] == ["mirage2"]
    assert after["draw_queue"] == [0]


def test_must_play_if_a_legal_play_exists() -> None:
    state = position([[0, 0, 30], [0, 0, 0]], ["oasis1 mirage1 leader", "oasis1"])
    assert legal(state) == ["oasis1 0", "oasis1 30"]
    before = state.to_json()
    with pytest.raises(cc.IllegalActionError, match="a card may be discarded only when no "
                       "card in hand has a legal play"):
        state.apply("discard mirage1")
    assert state.to_json() == before


def test_player_with_no_cards_is_skipped() -> None:
    # Unreachable in play (see the doc: a sandstorm always refills every hand), but the rule
    # is implemented: Yellow has played all twelve cards, so Orange follows Red.
    state = position([[0, 0, 0]] * 3, ["oasis1 oasis2", "", "oasis3"],
                     piles=["", "", ""])
    state.apply("oasis1 0")
    assert state.current_player == 2


def test_safety_end_when_no_player_has_a_card_left() -> None:
    state = position([[0, 0, 31], [0, 0, 33]], ["oasis1", ""], piles=["", ""])
    state.apply("oasis1 0")
    assert state.is_terminal()
    assert data(state)["end"] == "no-cards"
    assert camels(state) == [[0, 1, 31], [0, 0, 33]]
    assert (state.returns(), state.winners()) == ([1.0, 3.0], [1])


def test_chance_node_draws_for_the_seat_that_played() -> None:
    state = position([[0, 0, 0], [0, 0, 0]], ["oasis1", "oasis2"], turn=1)
    state.apply("oasis2 0")
    assert state.current_player == cc.CHANCE
    assert data(state)["draw_queue"] == [1]
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
    assert state.legal_actions() == [a for a, _ in state.chance_outcomes()]
