"""``State._repr_svg_``: a notebook shows a state as the SVG of its game's web layout."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import camelcade as cc
from camelcade.core import plugin
from camelcade.core.board_svg import board_svg, render_board

SVG = "{http://www.w3.org/2000/svg}"


def test_a_game_with_a_web_layout_shows_its_board_in_a_notebook(toy_game: str) -> None:
    state = cc.load(toy_game).new_state()
    while state.is_chance():
        state.apply(state.legal_actions()[0])
    picture = state._repr_svg_()
    assert picture is not None
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    assert root.findtext(f"{SVG}title", "").startswith("Toy track")
    assert root.findtext(f"{SVG}desc") == state.describe()
    cells = root.findall(f"{SVG}g")
    assert [cell.get("data-cell") for cell in cells][:3] == ["s0", "s1", "s2"]
    assert cells[0].findtext(f"{SVG}title") == "0: the total"


def test_each_game_gives_its_boards_picture_or_none_so_the_notebook_shows_text() -> None:
    for game_id in cc.game_ids():
        slot = plugin(game_id).web
        picture = cc.load(game_id).new_state()._repr_svg_()
        if slot is None or slot.layout is None:
            assert picture is None, game_id
        else:
            assert picture is not None and ET.fromstring(picture).tag == f"{SVG}svg"


def test_a_grid_draws_its_column_and_row_headers_and_escapes_words() -> None:
    board = {"kind": "grid", "label": "Little <grid>", "columns": ["a", "b"],
             "rows": [{"label": "2", "cells": [{"id": "a2", "text": "a2 & more"},
                                               {"id": "b2", "text": ""}]},
                      {"label": "1", "cells": [{"id": "a1", "text": "x " * 80},
                                               {"id": "b1", "text": "y"}]}]}
    root = ET.fromstring(render_board(board, "two by two"))
    assert root.findtext(f"{SVG}title") == "Little <grid>"
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert texts[:2] == ["a", "b"] and "2" in texts and "1" in texts
    assert "a2 & more" in texts
    long_cell = next(g for g in root.findall(f"{SVG}g") if g.get("data-cell") == "a1")
    assert len(long_cell.findall(f"{SVG}text")) == 4  # wrapped, cut with an ellipsis
    assert long_cell.findall(f"{SVG}text")[-1].text.endswith("…")


def test_a_seat_may_be_asked_for_its_own_view(toy_game: str) -> None:
    state = cc.load(toy_game).new_state()
    while state.is_chance():
        state.apply(state.legal_actions()[0])
    picture = board_svg(state, 0)
    assert picture is not None
    assert ET.fromstring(picture).findtext(f"{SVG}desc") == state.describe(0)
