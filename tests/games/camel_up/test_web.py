"""The accessible board of the browser (``web.layout``): what it says, what it hides, and
that every legal action can be reached from its cells."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

import camelcade as cc
from camelcade.core.chance import sample_chance
from camelcade.core.registry import plugin
from camelcade.games.camel_up.web import layout

from .helpers import START, setup

STABLE_IDS = re.compile(r"^(s([1-9]|1[0-6])|finish|pyramid|winner|loser|tickets-[a-z]+|"
                        r"card-[a-z]+|seat-\d)$")


def cells(board: dict) -> dict[str, str]:
    return {cell["id"]: cell["text"] for row in board["rows"] for cell in row["cells"]}


def test_the_board_is_a_list_of_the_track_then_the_rest() -> None:
    state = setup(START)
    state.apply("tile 5 cheer")
    board = layout(state.seen(1))["board"]
    assert board["kind"] == "list"
    assert [row["label"] for row in board["rows"]] == [
        "Track", "Leg tickets", "Pyramid", "Overall bets", "Your finish cards", "Players"]
    said = cells(board)
    assert list(said)[:16] == [f"s{space}" for space in range(1, 17)]
    assert said["s2"] == "Space 2: Blue, with Green on top."
    assert said["s5"] == "Space 5: Player 1's cheering tile."
    assert said["s6"] == "Space 6: empty."
    assert said["s16"] == "Space 16, the last before the finish line: crazy White."
    assert said["tickets-blue"] == "Blue leg tickets: 5 on top, 4 left."
    assert said["pyramid"].startswith("Pyramid: 5 tickets left; dice inside: Blue,")
    assert said["winner"] == "Overall winner pile: no cards."
    assert said["card-red"] == "Your Red finish card, in hand."
    assert said["seat-1"].startswith("You: 3 coins; finish cards in hand:")
    assert said["seat-0"] == "Player 1: 3 coins."
    assert json.loads(json.dumps(layout(state.seen(1)))) == layout(state.seen(1))


def test_a_spectator_has_no_hand_and_nobody_has_actions_out_of_turn() -> None:
    state = setup(START)
    assert "card-blue" not in cells(layout(state.seen(None))["board"])
    assert layout(state.seen(None))["actions"] == {}
    assert layout(state.seen(1))["actions"] == {}
    assert layout(state.child("roll").seen(0))["actions"] == {}  # chance is rolling


def test_each_kind_of_action_has_its_cells_in_click_order() -> None:
    actions = layout(setup(START, players=6).seen(0))["actions"]
    assert actions["roll"] == ["pyramid"]
    assert actions["bet purple"] == ["tickets-purple"]
    assert actions["tile 7 cheer"] == actions["tile 7 boo"] == ["s7"]
    assert actions["winner red"] == ["card-red", "winner"]
    assert actions["loser blue"] == ["card-blue", "loser"]
    assert actions["partner 4"] == ["seat-4"]


def test_the_plugin_declares_the_board() -> None:
    slot = plugin("camel-up").web
    assert slot is not None and slot.layout is not None and slot.layout.load() is layout
    assert (slot.board, slot.stylesheet, slot.picture) == ("web/board.js", "web/board.css",
                                                           "web/picture.svg")


@pytest.mark.parametrize(("players", "edition"), [(3, 2), (6, 2), (2, 1)])
def test_whole_games_the_board_hides_nothing_and_reaches_every_action(
        players: int, edition: int) -> None:
    """At every step of random games: redrawing what a seat cannot see changes neither its
    board nor a spectator's; every legal action has cells on the board, and picking them
    leaves at most the two sides of one tile to choose between; the cell ids are the
    stable few."""
    game = cc.load("camel-up", players=players, edition=edition)
    for seed in range(2):
        rng = random.Random(seed)
        state = game.new_state()
        while not state.is_terminal():
            for seat in (None, *range(players)):
                laid = layout(state.seen(seat))
                if seat is not None:
                    other = game.determinize(state, seat, rng)
                    assert layout(other.seen(seat))["board"] == laid["board"]
                ids = cells(laid["board"])
                assert all(STABLE_IDS.match(cell) for cell in ids), sorted(ids)
                if seat is not None and state.current_player == seat:
                    legal = [str(a) for a in state.legal_actions()]
                    assert sorted(laid["actions"]) == sorted(legal)
                    for path in laid["actions"].values():
                        assert path and all(cell in ids for cell in path), path
                    shared = Counter(tuple(path) for path in laid["actions"].values())
                    assert max(shared.values()) <= 2
            assert layout(game.determinize(state, 0, rng).seen(None)) == layout(state.seen(None))
            action = sample_chance(state, rng) if state.is_chance() else \
                rng.choice(state.legal_actions())
            state.apply(action)
        assert "finish" in cells(layout(state.seen(None))["board"])
