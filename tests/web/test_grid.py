"""The accessible board grid on a board of rows and columns (the toy's is a track): one
tab stop, arrow keys, Home/End, each cell read as its text, Enter picks the cell."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.support import audit

pytestmark = pytest.mark.browser

BOARD = {
    "kind": "grid", "label": "Test board, 3 by 3", "columns": ["a", "b", "c"],
    "rows": [{"label": str(rank), "cells": [
        {"id": f"{file}{rank}", "text": f"{file}{rank}" + (": a camel" if file == "b" else "")}
        for file in "abc"]} for rank in (3, 2, 1)],
}
MOUNT = """async (board) => {
  const { BoardGrid } = await import("/static/js/grid.js");
  const host = document.createElement("div");
  document.querySelector("main").append(host);
  window.__picked = [];
  window.__grid = new BoardGrid(host, { onActivate: (cell) => window.__picked.push(cell) });
  window.__grid.render(board);
}"""


def focused(page: Any) -> str:
    return str(page.evaluate("() => document.activeElement.dataset.cell"))


def test_the_board_grid_is_one_tab_stop_walked_with_arrows(new_page: Any) -> None:
    page = new_page()
    page.goto("/my")
    page.evaluate(MOUNT, BOARD)
    tree = page.locator("[role=grid]").aria_snapshot()
    assert 'grid "Test board, 3 by 3"' in tree
    assert 'gridcell "b3: a camel"' in tree and 'columnheader "a"' in tree
    assert 'rowheader "3"' in tree
    assert page.locator("[role=gridcell][tabindex='0']").count() == 1
    page.locator("[role=gridcell][tabindex='0']").focus()
    assert focused(page) == "a3"
    steps = [("ArrowRight", "b3"), ("ArrowDown", "b2"), ("End", "c2"), ("Home", "a2"),
             ("Control+End", "c1"), ("Control+Home", "a3"), ("ArrowUp", "a3"),
             ("ArrowLeft", "a3")]
    for key, cell in steps:
        page.keyboard.press(key)
        assert focused(page) == cell, key
        assert page.locator("[role=gridcell][tabindex='0']").count() == 1
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowDown")
    page.keyboard.press(" ")
    assert page.evaluate("() => window.__picked") == ["b3", "b2"]
    page.evaluate("() => window.__grid.mark({selected: 'b3', targets: new Set(['b2']),"
                  " last: new Set()})")
    assert page.locator("[data-cell=b3]").get_attribute("aria-selected") == "true"
    assert page.locator("[data-cell=b3]").inner_text() == "b3: a camel (selected)"
    assert page.locator("[data-cell=b2]").inner_text() == "b2: a camel (target)"
    audit(page, "the board grid")


def test_a_new_position_keeps_the_focused_cell(new_page: Any) -> None:
    page = new_page()
    page.goto("/my")
    page.evaluate(MOUNT, BOARD)
    page.locator("[role=gridcell][tabindex='0']").focus()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    changed = {**BOARD, "rows": [{**row, "cells": [{**cell, "text": cell["text"] + " now"}
                                                   for cell in row["cells"]]}
                                 for row in BOARD["rows"]]}
    page.evaluate("(board) => window.__grid.render(board)", changed)
    assert focused(page) == "b2"
    assert page.evaluate("() => document.activeElement.textContent") == "b2: a camel now"


PICKER = """async (legal) => {
  const { CellPicker } = await import("/static/js/actions.js");
  const log = { played: [], offered: [], said: [] };
  const picker = new CellPicker({
    onPlay: (action) => log.played.push(action),
    onOffer: (actions) => log.offered.push(actions.map((a) => a.action)),
    onMarks: () => {}, say: (text) => log.said.push(text), cellText: (cell) => cell + ": sand",
  });
  picker.update(legal);
  for (const cell of ["a7", "a7", "a7", "b7", "a7", "a6"]) picker.pick(cell);
  return log;
}"""


def test_a_cell_picked_again_plays_the_action_that_ends_there(new_page: Any) -> None:
    """Regression: a one-cell action on a cell that also starts longer ones (Caravan's
    pick-up where the camel could also move) could not be chosen by clicking."""
    page = new_page()
    page.goto("/my")
    legal = [{"action": "pick a7", "cells": ["a7"]},
             {"action": "camel a7 a6", "cells": ["a7", "a6"]},
             {"action": "camel a7 b7", "cells": ["a7", "b7"]}]
    log = page.evaluate(PICKER, legal)
    assert log["said"][0] == "Selected a7. 2 targets: a6, b7. Select a7 again for pick a7."
    # a7 selects, a7 again plays the pick; a7 b7 moves; a7 a6 moves.
    assert log["played"] == ["pick a7", "camel a7 b7", "camel a7 a6"]
    assert log["offered"] == []
