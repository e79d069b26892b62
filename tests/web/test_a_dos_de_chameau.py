"""A dos de Chameau in the browser: a whole match with the mouse on the SVG board, a whole
match by keyboard alone, and what a screen reader is told (the tree and the live regions).

The seed rules are an adaptation for blind players, so this board is where a blind player
meets camelcade first: the list of cells must say what the picture shows, and every move
must be playable from it.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.play import ANSWERED, PAINTED, create_match, my_turn, painted
from tests.web.support import ARTIFACTS, RESULT_OPENINGS, audit, open_lobby, screenshot

pytestmark = pytest.mark.browser

GAME = "a-dos-de-chameau"
COUNT_MOUSE = """() => { window.__mouse = 0;
  for (const kind of ['mousedown', 'mouseup', 'pointerdown', 'wheel'])
    document.addEventListener(kind, () => { window.__mouse += 1; }, true); }"""
LAST_SAID = "() => document.querySelector('#said li:last-child')?.textContent ?? ''"
OFFERED = "moves use these cells; choose one."
MAX_TURNS = 400


def said(page: Any) -> str:
    return str(page.evaluate(LAST_SAID))


SAID_COUNT = """() => {
  if (window.__saidCount === undefined) {
    window.__saidCount = 0;
    new MutationObserver((changes) => { for (const c of changes) window.__saidCount +=
      [...c.addedNodes].filter((n) => n.nodeName === 'LI').length; })
      .observe(document.querySelector('#said'), { childList: true });
  }
  return window.__saidCount; }"""
"""How many things were said so far (the log keeps only the last 200)."""


def said_count(page: Any) -> int:
    return int(page.evaluate(SAID_COUNT))


def said_since(page: Any, told: int) -> list[str]:
    """What was said after ``said_count`` was ``told``, in order. A click's answer is among
    these, not always the last: a state or presence message may be said right after it."""
    new = said_count(page) - told
    if new <= 0:
        return []
    texts: list[str] = page.evaluate("() => [...document.querySelectorAll('#said li')]"
                                     ".map((li) => li.textContent)")
    return texts[-new:]


def selected(page: Any, told: int) -> bool:
    """Whether a cell was selected (the picker said so) since ``said_count`` was ``told``."""
    return any(text.startswith("Selected") for text in said_since(page, told))


def board_cells(page: Any) -> dict[str, str]:
    """The accessible list's cells: id → what a screen reader reads."""
    found: dict[str, str] = page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('#board-grid [data-cell]')]"
        ".map((el) => [el.dataset.cell, el.querySelector('.cc-cell-text').textContent]))")
    return found


def space_number(cell: str) -> int:
    return int(cell[1:]) if cell.startswith("s") else 0


def sources(cells: dict[str, str]) -> list[str]:
    """Cells to try picking first: your camels, the one nearest the oasis first; the town;
    the other players' camels (mirages); the cards in your hand (sandstorm, discard)."""
    mine = sorted((c for c, text in cells.items() if c.startswith("s") and "your camel" in text),
                  key=space_number, reverse=True)
    town = ["town"] if "your camels" in cells.get("town", "") else []
    theirs = sorted((c for c, text in cells.items() if c.startswith("s") and "'s camel" in text),
                    key=space_number, reverse=True)
    hand = [c for c in cells if c.startswith("hand") and not c.endswith(": none")]
    return [*mine, *town, *theirs, *hand]


def wait_answered(page: Any, shown: list[int]) -> None:
    """The move was sent and answered, or the list offers the moves sharing these cells
    (then the first of them is chosen)."""
    page.wait_for_function(
        f"([sid, refusals]) => ({ANSWERED})([sid, refusals]) || "
        f"({LAST_SAID})().endsWith({OFFERED!r})", arg=shown)
    if said(page).endswith(OFFERED):
        page.locator(".cc-popup-choice").first.click()
        page.wait_for_function(ANSWERED, arg=shown)


def mouse_turn(page: Any) -> str:
    """Click a piece on the SVG board, then its first highlighted target (or, for the
    sandstorm or a discard, the card in hand); returns the cell picked first."""
    shown = page.evaluate("() => [window.__ccStateId, window.__ccRefusals || 0]")
    for cell in sources(board_cells(page)):
        told = said_count(page)
        page.locator(f'#board-svg [data-cell="{cell}"]').click()
        answers = said_since(page, told)  # a move sent says nothing yet
        if any(answer.startswith("No move with") for answer in answers):
            continue
        if any(answer.startswith("Selected") for answer in answers):
            page.locator("#board-svg .cc-target").first.click()
        wait_answered(page, shown)
        return cell
    raise AssertionError(f"no cell led to a move: {board_cells(page)}")


def test_a_whole_match_with_the_mouse(new_page: Any) -> None:
    page = new_page(viewport={"width": 1200, "height": 1000})
    create_match(page, GAME, ["me", "bot:@easy", "bot:@easy"])
    picked: list[str] = []
    while my_turn(page):
        turn = len(picked)
        if turn == 0:
            audit(page, "A dos de Chameau on my first turn")
            assert page.locator("#board-svg [data-cell]").count() == len(board_cells(page))
        if turn == 6:
            page.wait_for_timeout(600)  # the last camel's move has finished sliding
            screenshot(page, f"{GAME}-board-page")
            page.locator("#board-host").screenshot(path=str(ARTIFACTS / f"{GAME}-board.png"))
        if turn == 2:
            cell = sources(board_cells(page))[0]
            page.locator(f'#board-svg [data-cell="{cell}"]').click()
            if said(page).startswith("Selected"):
                assert page.locator("#board-grid .cc-selected").inner_text().endswith(
                    "(selected)")
                assert page.locator("#board-grid .cc-target").count() >= 1
                audit(page, "A dos de Chameau with a camel selected")
            page.keyboard.press("Escape")
        picked.append(mouse_turn(page))
        assert len(picked) < MAX_TURNS, "the match did not end"
    assert len(picked) > 5
    assert any(cell.startswith("s") or cell == "town" for cell in picked)
    assert page.locator("#result").inner_text().startswith(RESULT_OPENINGS)
    events = "\n".join(page.locator("#events li").all_inner_texts())
    assert "The oasis is full: the game is over." in events
    assert re.search(r"(You score|scores) \d+ points?: ", events)
    audit(page, "A dos de Chameau finished")
    screenshot(page, f"{GAME}-finished")


def test_the_board_reads_well_in_dark_mode_and_on_a_phone(new_page: Any) -> None:
    for options, name in [({"color_scheme": "dark"}, "dark"),
                          ({"viewport": {"width": 360, "height": 800}}, "phone")]:
        page = new_page(**options)
        create_match(page, GAME, ["me", "bot:@easy", "bot:@easy", "bot:@easy"])
        assert my_turn(page)
        mouse_turn(page)
        assert my_turn(page)
        audit(page, f"A dos de Chameau, {name}")
        page.locator("#board-host").screenshot(path=str(ARTIFACTS / f"{GAME}-{name}.png"))
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= page.viewport_size["width"], "the page scrolls sideways"


def focused_text(page: Any) -> str:
    return str(page.evaluate("() => document.activeElement.textContent"))


def focused_cell(page: Any) -> str:
    return str(page.evaluate("() => document.activeElement.dataset.cell || ''"))


def keyboard_grid_turn(page: Any) -> bool:
    """Walk the list with the arrows from the town, Enter on one of your camels, on to a
    target and Enter. False when none of your camels can move (a mirage, the sandstorm or
    a discard: then the list of moves is used)."""
    shown = page.evaluate("() => [window.__ccStateId, window.__ccRefusals || 0]")
    page.keyboard.press("g")
    page.keyboard.press("Home")
    while focused_cell(page) != "s36":
        cell, text = focused_cell(page), focused_text(page)
        if (cell == "town" and "your camels" in text) or text.endswith(": your camel"):
            told = said_count(page)
            page.keyboard.press("Enter")
            if selected(page, told):
                while not focused_text(page).endswith("(target)"):
                    assert focused_cell(page) != "s36", "a selected camel with no target ahead"
                    page.keyboard.press("ArrowRight")
                page.keyboard.press("Enter")
                wait_answered_by_keys(page, shown)
                return True
        page.keyboard.press("ArrowRight")
    return False


def wait_answered_by_keys(page: Any, shown: list[int]) -> None:
    page.wait_for_function(
        f"([sid, refusals]) => ({ANSWERED})([sid, refusals]) || "
        f"({LAST_SAID})().endsWith({OFFERED!r})", arg=shown)
    if said(page).endswith(OFFERED):
        page.keyboard.press("Enter")  # the first offered move has the focus
        page.wait_for_function(ANSWERED, arg=shown)


def keyboard_list_turn(page: Any) -> None:
    page.keyboard.press("x")
    while page.evaluate("() => !document.activeElement.classList.contains('cc-move')"):
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")


def test_a_whole_match_by_keyboard_alone(new_page: Any) -> None:
    """Created, played and finished with key presses only: no mouse event reaches the page."""
    page = new_page()
    open_lobby(page)
    page.evaluate(COUNT_MOUSE)
    page.locator("#create-game").focus()
    page.keyboard.press("a")  # selects "A dos de Chameau"
    assert page.locator("#create-game").input_value() == GAME
    page.keyboard.press("Tab")
    page.keyboard.type("2")
    page.locator("#create-name").focus()
    page.keyboard.type("Sam")
    page.keyboard.press("Enter")
    page.wait_for_url("**/match/*")
    page.evaluate(COUNT_MOUSE)
    ways = ["grid", "typed", "list"]
    turns = grid_moves = 0
    while my_turn(page):
        before = painted(page)
        way = ways[turns % 3]
        if way == "grid" and keyboard_grid_turn(page):
            grid_moves += 1
        elif way == "typed":
            first = str(page.locator("#act .cc-moves .cc-notation-text").first.text_content())
            page.keyboard.press("x")
            page.keyboard.type(first.strip("()"))
            page.keyboard.press("Enter")
            page.wait_for_function(PAINTED, arg=before)
        else:
            keyboard_list_turn(page)
            page.wait_for_function(PAINTED, arg=before)
        turns += 1
        assert turns < MAX_TURNS, "the match did not end"
    assert turns > 5 and grid_moves > 0
    assert page.evaluate("() => window.__mouse") == 0
    said = page.locator("#said li").all_inner_texts()
    assert any(f"Game over. {opening}" in text for opening in RESULT_OPENINGS
               for text in said), said


def test_what_a_screen_reader_is_told_in_one_turn(new_page: Any) -> None:
    """The tree says what the text view says, cell by cell; the live regions say my turn,
    the cells picked, my move, each bot's move and my turn again."""
    page = new_page()
    create_match(page, GAME, ["me", "bot:@easy", "bot:@easy"])
    assert my_turn(page)
    assert page.locator("#announce-assertive").inner_text().startswith("Your turn, Red.")
    tree = page.locator("main").aria_snapshot()
    unquoted = tree.replace("''", "'")  # the snapshot is YAML: 'Yellow''s' is "Yellow's"
    for line in page.locator("#position").inner_text().splitlines():
        assert line.strip() in unquoted, f"the tree lacks the position's line {line!r}"
    cells = board_cells(page)
    assert len(cells) == 1 + 36 + 3 + 3
    for text in cells.values():
        assert f'button "{text}' in unquoted, f"the tree lacks the cell {text!r}"
    assert 'heading "Board" [level=2]' in tree
    position = [line for line in page.locator("#position").inner_text().splitlines() if line]
    assert position[0].startswith("Your turn, Red: ") and position[1].startswith("Your hand: ")
    start = page.locator("#said li").count()
    before = painted(page)
    if not keyboard_grid_turn(page):
        keyboard_list_turn(page)
    page.wait_for_function(PAINTED, arg=before)
    assert my_turn(page)
    told = page.locator("#said li").all_inner_texts()[start:]
    assert any(text.startswith("You play ") or text.startswith("You discard ")
               for text in told), told
    assert any("Yellow plays " in text or "Yellow discards " in text for text in told), told
    # A sandstorm in between deals everyone 3 again: "Orange draws 3 cards." (grouped).
    assert "You draw " in " ".join(told), told
    assert re.search(r"Orange draws (a card|\d+ cards)\.", " ".join(told)), told
    assert told[-1].startswith("Your turn, Red.")
    page.keyboard.press("l")
    assert said(page) == page.locator("#events li").last.inner_text()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"{GAME}-screen-reader.txt").write_text(
        f"Accessibility tree of <main>:\n{tree}\n\nLive region log, one turn:\n"
        + "\n".join(told) + "\n", encoding="utf-8")
