"""Caravan's accessible board for the browser (``web.py``): what each cell says, which cells
each legal action takes, and that the layout holds only what the seat may know."""

from __future__ import annotations

import json
import random

import camelcade as cc
from camelcade.games.caravan.spec import SQUARE_NAMES
from camelcade.games.caravan.web import layout
from tests.games.caravan.helpers import position


def cell_ids(found: dict[str, object]) -> list[str]:
    board = found["board"]
    assert isinstance(board, dict)
    return [cell["id"] for row in board["rows"] for cell in row["cells"]]


def texts(found: dict[str, object]) -> dict[str, str]:
    board = found["board"]
    assert isinstance(board, dict)
    return {cell["id"]: cell["text"] for row in board["rows"] for cell in row["cells"]}


def test_the_grid_is_the_map_top_row_first_each_cell_in_words() -> None:
    state = position([["d5 salt", "a7"], ["d5"]], markers=[2, 0, 0, 0, 0, 0, 0, 0], turn=5)
    found = layout(state.seen(0))
    assert found["board"]["kind"] == "grid"
    assert found["board"]["columns"] == list("abcdefg")
    assert [row["label"] for row in found["board"]["rows"]] == [str(n) for n in range(7, 0, -1)]
    assert cell_ids(found)[:2] == ["a7", "b7"] and cell_ids(found)[-1] == "g1"
    assert sorted(cell_ids(found)) == sorted(SQUARE_NAMES)
    said = texts(found)
    assert said["d5"] == "d5, meat city: your camel carrying salt; Green's camel"
    assert said["a7"] == "a7, goods space 1 with salt and 2 demand markers: your camel"
    assert said["b6"] == "b6: empty"
    assert texts(layout(state.seen(1)))["d5"] == (
        "d5, meat city: your camel; Red's camel carrying salt")


def test_each_legal_action_has_its_cells_in_click_order_on_the_board() -> None:
    state = position([["a7", "d2 salt", "d3", "c3"], ["c3 meat", "e5"]], turn=5)
    actions = layout(state.seen(0))["actions"]
    assert set(actions) == {str(action) for action in state.legal_actions()}
    assert actions["camel e5"] == ["e5"]
    assert actions["camel c3-b5"] == ["c3", "b5"]
    assert actions["pick a7"] == ["a7"]
    assert actions["relay salt d2-d3"] == ["d2", "d3"]
    assert actions["steal meat c3 1"] == ["c3"]
    assert actions["pass"] == []
    ids = set(cell_ids(layout(state.seen(0))))
    assert all(set(cells) <= ids for cells in actions.values())
    assert layout(state.seen(1))["actions"] == {}  # not Green's turn
    assert layout(state.seen(None))["actions"] == {}


def test_every_action_is_reachable_by_its_cells_or_the_list_in_games_played() -> None:
    """Through a seeded game: every legal action is in the layout, its cells name board
    cells, and the cells of one action are told apart from another's or listed together
    (the shell offers actions sharing cells as a short list)."""
    game = cc.load("caravan", players=3)
    state = game.new_state()
    rng = random.Random(4)
    checked = 0
    while not state.is_terminal() and checked < 60:
        if state.is_chance():
            state.apply(rng.choice(state.legal_actions()))
            continue
        found = layout(state.seen(state.current_player))
        json.dumps(found)  # JSON-safe
        ids = set(cell_ids(found))
        legal = {str(action) for action in state.legal_actions()}
        assert set(found["actions"]) == legal
        for text, cells in found["actions"].items():
            assert set(cells) <= ids, text
            assert cells or text == "pass", text
        checked += 1
        state.apply(rng.choice(state.legal_actions()))


def test_the_layout_holds_only_what_the_seat_may_know() -> None:
    """Caravan hides nothing, so a seat's resampled position (everything it cannot see
    redrawn) gives the very same layout; the bag's order is not in it."""
    game = cc.load("caravan", players=2)
    state = game.new_state()
    rng = random.Random(2)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    for seat in (0, 1):
        other = game.determinize(state, seat, random.Random(9))
        assert layout(other.seen(seat)) == layout(state.seen(seat))


def test_the_scene_gives_the_drawing_its_data_and_a_legend() -> None:
    state = position([["d5 salt", "c2 meat under"], ["d5"]], turn=5)
    scene = layout(state.seen(0))["board"]["scene"]
    assert scene["squares"]["d5"]["city"] == "meat"
    assert scene["squares"]["d5"]["cityName"] == "meat"
    assert scene["squares"]["d5"]["camels"] == [
        {"seat": 0, "letter": "R", "good": "salt", "under": False, "short": "Sa"},
        {"seat": 1, "letter": "G", "good": None, "under": False, "short": None}]
    assert scene["squares"]["c2"]["camels"][0]["under"] is True
    assert scene["squares"]["a7"]["space"] == 1
    assert scene["seats"][0]["caption"] == "You (R): -1"  # 2 goods held: penalty 1
    assert scene["seats"][1]["caption"] == "Green (G): 0"
    marks = {entry["mark"] for entry in scene["legend"]}
    assert {"city", "space", "markers", "camel", "load", "under", "good-salt"} <= marks
