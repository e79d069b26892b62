"""Stacking and carrying, the crazy camels and the grey die, spectator tiles (rules file:
"Movement and stacking", turn action 3, "Spectator tile")."""

from __future__ import annotations

import itertools

import pytest

from camelcade.games.camel_up.board import crazy_to_move
from camelcade.games.camel_up.spec import EDITIONS

from .helpers import START, black_carrying_yellow, roll, rolls, setup

BASE = {1: ["red"], 2: ["blue", "green"], 3: ["yellow", "purple"], 14: ["black"],
        16: ["white"]}


def test_stacking_a_moving_camel_carries_every_camel_above_it() -> None:
    state = setup({2: ["blue", "green", "red"], 3: ["yellow", "purple"], 14: ["black"],
                   16: ["white"]})
    roll(state, "green 2")
    assert state.track()[2] == ["blue"]
    assert state.track()[4] == ["green", "red"]


def test_stacking_a_unit_ending_on_an_occupied_space_goes_on_top() -> None:
    state = setup(BASE)
    roll(state, "red 2")
    assert state.track()[3] == ["yellow", "purple", "red"]
    assert state.camel_order()[0] == "red"


def test_stacking_camels_below_the_mover_stay_behind() -> None:
    state = setup(BASE)
    roll(state, "purple 1")
    assert state.track()[3] == ["yellow"] and state.track()[4] == ["purple"]


def test_crazy_camel_moves_counterclockwise_and_carries_racing_camels() -> None:
    state = setup(START)
    roll(state, "white 2")  # rule (iii): white moves 2 back, from 16 to 14, onto black
    assert state.track()[14] == ["black", "white"]
    carrier = black_carrying_yellow()
    roll(carrier, "white 2")  # rule (i): black carries yellow, so black moves 2 back
    assert carrier.track()[6] == ["red", "black", "yellow"]
    assert carrier.track()[8] == ["purple"] and carrier.track()[16] == ["white"]


def test_grey_die_rule_i_only_the_crazy_camel_carrying_racing_camels_moves() -> None:
    state = black_carrying_yellow().child("roll")
    for shown in ("white", "black"):
        movement = state.movement_of(state.parse_action(f"die {shown} 2"))
        assert movement.mover == "black" and movement.group == ("black", "yellow")


def test_grey_die_rule_ii_the_top_crazy_camel_moves_when_one_sits_on_the_other() -> None:
    state = setup({1: ["red"], 2: ["blue", "green"], 3: ["yellow", "purple"],
                   14: ["black", "white"]})
    rolled = state.child("roll")
    for shown in ("white", "black"):
        assert rolled.movement_of(rolled.parse_action(f"die {shown} 1")).mover == "white"


def test_grey_die_rule_iii_otherwise_the_colour_shown_moves() -> None:
    state = setup(START).child("roll")
    assert state.movement_of(state.parse_action("die white 1")).mover == "white"
    assert state.movement_of(state.parse_action("die black 1")).mover == "black"


def test_grey_die_precedence_orders_never_disagree() -> None:
    """CU4: with one crazy camel directly on the other, both or neither carry racing
    camels, so (i)-then-(ii) and (ii)-then-(i) pick the same camel in every stack."""
    crazy = EDITIONS[2].crazy
    units = ["white", "black", "red", "blue"]
    for count in range(2, 5):
        for stack in itertools.permutations(units, count):
            if not {"white", "black"} <= set(stack):
                continue
            track = {5: list(stack)}
            for shown in crazy:
                assert crazy_to_move(track, crazy, shown, "carrying-first") == \
                    crazy_to_move(track, crazy, shown, "stacked-first")


def test_crazy_camel_moving_onto_a_stack_goes_on_top() -> None:
    state = setup(START)
    rolls(state, "white 3", "red 1", "blue 1", "yellow 1", "green 1")  # a whole leg
    roll(state, "black 1")  # black: 14 -> 13, onto white
    assert state.track()[13] == ["white", "black"]


def test_spectator_tile_never_on_space_1_occupied_or_next_to_a_tile() -> None:
    state = setup(BASE)
    legal = {str(a) for a in state.legal_actions()}
    assert "tile 1 cheer" not in legal and "tile 2 cheer" not in legal  # 1 forbidden, 2 taken
    assert "tile 4 cheer" in legal and "tile 16 boo" not in legal and "tile 15 boo" in legal
    state.apply("tile 8 cheer")
    legal = {str(a) for a in state.legal_actions()}
    assert not {"tile 7 boo", "tile 8 boo", "tile 9 boo"} & legal and "tile 10 boo" in legal
    with pytest.raises(Exception, match="next to another tile"):
        state.apply("tile 9 cheer")
    with pytest.raises(Exception, match="space 1"):
        state.apply("tile 1 boo")


def test_spectator_tile_moves_to_a_different_space_ignoring_its_old_place() -> None:
    state = setup(BASE, players=3)
    state.apply("tile 8 cheer")
    state.apply("bet blue")
    state.apply("bet blue")
    legal = {str(a) for a in state.legal_actions()}
    assert "tile 8 boo" not in legal  # must go to a different space
    assert "tile 9 cheer" in legal  # its own old space does not count for adjacency
    state.apply("tile 9 boo")
    assert [(t.space, t.side, t.owner) for t in state.tiles().values()] == [(9, "boo", 0)]


def test_cheering_tile_pushes_the_unit_on_on_top_and_pays_the_owner() -> None:
    state = setup(START)
    state.apply("tile 5 cheer")  # seat 0
    roll(state, "purple 3")  # seat 1: purple 3 -> 6
    roll(state, "yellow 2")  # seat 2: yellow lands on 5, is cheered on to 6, on top
    assert state.track()[6] == ["purple", "yellow"]
    assert state.coins()[0] == 4


def test_booing_tile_pushes_the_unit_back_underneath_and_pays_the_owner() -> None:
    state = setup(START)
    state.apply("tile 5 boo")  # seat 0
    roll(state, "yellow 1")  # yellow carrying purple: 3 -> 4
    roll(state, "blue 3")  # blue carrying green lands on 5, booed back to 4, underneath
    assert state.track()[4] == ["blue", "green", "yellow", "purple"]
    assert state.coins()[0] == 4


def test_booing_tile_can_send_a_unit_back_under_the_camels_it_left() -> None:
    state = setup({1: ["red"], 2: ["blue"], 3: ["yellow", "purple", "green"], 14: ["black"],
                   16: ["white"]})
    state.apply("tile 4 boo")
    roll(state, "purple 1")  # purple + green land on 4, booed back to 3 under yellow
    assert state.track()[3] == ["purple", "green", "yellow"]


def test_crazy_camels_are_pushed_the_other_way_by_tiles() -> None:
    cheer = setup(START)
    cheer.apply("tile 13 cheer")
    roll(cheer, "white 3")  # white lands on 13, cheered on counterclockwise to 12
    assert cheer.track()[12] == ["white"]
    boo = setup(START)
    rolls(boo, "white 3", "red 1", "blue 1", "yellow 1", "green 1")  # white now on 13
    boo.apply("tile 12 boo")  # a new leg: the tiles went back, so place it now
    roll(boo, "black 2")  # black lands on 12, booed clockwise to 13, underneath white
    assert boo.track()[13] == ["black", "white"]
    assert boo.coins()[boo.tiles()[12].owner] >= 1
