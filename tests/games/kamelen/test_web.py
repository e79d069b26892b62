"""The browser board's layout: the grid of squares with each cell's words, turned for
North; the cells of every legal move; nothing but what the seat may know; and the scene
the SVG draws."""

from __future__ import annotations

import json
import random

import pytest

from camelcade.core.registry import plugin
from camelcade.games.kamelen.state import KamelenState
from camelcade.games.kamelen.web import layout
from tests.games.kamelen.helpers import game, position

BACKGROUND = {"a2": "C", "k10": "c"}


def cells(laid: dict) -> dict[str, str]:
    return {cell["id"]: cell["text"] for row in laid["board"]["rows"] for cell in row["cells"]}


def random_states(count: int, seed: int, **options: object) -> list[KamelenState]:
    """Positions along seeded random games (each a state with its history)."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        state = game(**options).new_state()
        for _ in range(rng.randrange(0, 80)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        found.append(state)
    return found


def test_the_plugin_declares_the_board_files_and_layout() -> None:
    web = plugin("kamelen").web
    assert web is not None and web.layout is not None and web.layout.load() is layout
    assert (web.board, web.stylesheet, web.picture) == \
        ("web/board.js", "web/board.css", "web/picture.svg")


@pytest.mark.parametrize("board", ["11x11", "11x12", "11x13"])
def test_the_grid_is_the_board_with_every_square_once(board: str) -> None:
    state = game(board=board).new_state()
    ranks = state.geometry.ranks
    laid = layout(state.seen(0))["board"]
    assert laid["kind"] == "grid" and laid["columns"] == list("abcdefghijk")
    assert [row["label"] for row in laid["rows"]] == [str(r) for r in range(ranks, 0, -1)]
    ids = [cell["id"] for row in laid["rows"] for cell in row["cells"]]
    assert len(ids) == len(set(ids)) == 11 * ranks
    assert laid["label"] == f"Kamelen board, 11 by {ranks}: you play South, at the bottom"


def test_north_sees_the_board_turned_round() -> None:
    laid = layout(game().new_state().seen(1))["board"]
    assert laid["columns"] == list("kjihgfedcba")
    assert laid["rows"][0]["label"] == "1" and laid["rows"][0]["cells"][0]["id"] == "k1"
    assert laid["label"] == "Kamelen board, 11 by 11: you play North, at the bottom"
    assert laid["scene"]["captions"] == {"top": "South", "bottom": "You: North"}
    spectator = layout(game().new_state().seen(None))["board"]
    assert spectator["label"] == "Kamelen board, 11 by 11, South at the bottom"
    assert spectator["scene"]["captions"] == {"top": "North", "bottom": "South"}


def test_each_cell_says_its_square_first_then_what_stands_there() -> None:
    state = game().new_state()
    state.apply("b2-c5")
    south, north = cells(layout(state.seen(0))), cells(layout(state.seen(1)))
    assert south["c2"] == "c2: your camel, can reach North's home field"
    assert south["d2"] == "d2: your camel"
    assert south["b1"] == "b1: your dromedary"
    assert south["c10"] == "c10: North's camel, can reach your home field"
    assert south["a6"] == "a6: rock"
    assert south["f1"] == "f1, your home field: empty"
    assert south["f11"] == "f11, North's home field: empty"
    assert south["c5"] == "c5: your camel, last move from b2"
    assert south["b2"] == "b2: empty, last move to c5"
    assert north["c5"] == "c5: South's camel, last move from b2"
    assert north["f11"] == "f11, your home field: empty"


def test_every_legal_move_is_its_two_cells_and_a_pass_is_chosen_from_the_list() -> None:
    for state in random_states(12, seed=3):
        if state.is_terminal():
            continue
        mover = state.current_player
        laid = layout(state.seen(mover))
        ids = set(cells(laid))
        legal = [str(action) for action in state.legal_actions()]
        assert sorted(laid["actions"]) == sorted(legal)
        for text, picked in laid["actions"].items():
            if text == "pass":
                assert picked == []
            else:
                assert picked == text.split("-") and set(picked) <= ids
        pairs = [tuple(picked) for picked in laid["actions"].values() if picked]
        assert len(pairs) == len(set(pairs))  # the two cells pick exactly one move
        assert laid["board"]["scene"]["movable"] == sorted({p[0] for p in pairs})
        assert layout(state.seen(1 - mover))["actions"] == {}
        assert layout(state.seen(None))["actions"] == {}


def test_a_pass_has_no_cells() -> None:
    from tests.games.kamelen.test_rules import STUCK

    stuck = game().state_from_position(STUCK + " s 0 0")
    assert layout(stuck.seen(0))["actions"] == {"pass": []}


def test_the_layout_is_built_from_what_everyone_sees() -> None:
    """Kamelen hides nothing: a seat's layout is the same when the position is rebuilt from
    the public history alone, or sampled from that seat's view of a loaded position."""
    the_game = game()
    for state in random_states(8, seed=5):
        rebuilt = the_game.new_state()
        for text in state.history_for(None):
            rebuilt.apply(text)
        for seat in (0, 1, None):
            assert layout(rebuilt.seen(seat)) == layout(state.seen(seat))
        loaded = the_game.state_from_position(state.position())
        for seat in (0, 1):
            sampled = the_game.determinize(loaded, seat, random.Random(seat))
            assert layout(sampled.seen(seat)) == layout(loaded.seen(seat))


def test_the_scene_holds_the_pieces_colours_homes_and_last_move() -> None:
    state = position({"e8": "C", "c9": "d", **BACKGROUND})
    state.apply("e8-d11")
    scene = layout(state.seen(0))["board"]["scene"]
    assert scene["last"] == ["e8", "d11"] and scene["ply"] == 1
    assert scene["squares"]["d11"] == {"piece": "C", "side": 0, "animal": "camel",
                                       "dark": False, "home": None}
    assert scene["squares"]["c9"]["piece"] == "d" and scene["squares"]["c9"]["side"] == 1
    assert scene["squares"]["a1"]["dark"] is True
    assert scene["squares"]["f1"]["home"] == 0 and scene["squares"]["f11"]["home"] == 1
    assert scene["squares"]["a6"] == {"piece": "#", "side": None, "animal": None,
                                      "dark": False, "home": None}
    assert [item["mark"] for item in scene["legend"]] == \
        ["camel", "dromedary", "sides", "rock", "home", "last"]
    json.dumps(layout(state.seen(0)))  # JSON-safe


def test_the_scene_marks_where_the_game_was_won() -> None:
    playing = game().new_state()
    assert layout(playing.seen(0))["board"]["scene"]["won"] is None
    conquest = position({"e8": "C", **BACKGROUND})
    conquest.apply("e8-f11")
    assert layout(conquest.seen(1))["board"]["scene"]["won"] == "f11"
    elimination = position({"i7": "D", **BACKGROUND})
    elimination.apply("i7-k10")
    assert layout(elimination.seen(None))["board"]["scene"]["won"] == "k10"
    drawn = game(no_capture_limit=1).new_state()
    drawn.apply("b2-c5")
    assert layout(drawn.seen(0))["board"]["scene"]["won"] is None
