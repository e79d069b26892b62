"""Camel Up in the browser: a whole match with the mouse on the SVG board, a whole match by
keyboard alone, and what a screen reader is given and told in one turn.

The person reads the legal moves from the page (their notation is in each button) and
acts on the board: a roll is the pyramid, a leg ticket its stack, a tile the space (then
one of the two sides the page offers), an overall bet a finish card and then the pile.
The board mid-game is kept as ``artifacts/camel-up-svg.png``; the README's picture of the
whole table is made by ``benchmarks/screenshots.py`` (a test run edits no tracked file).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from tests.web.play import ANSWERED, create_match, my_turn
from tests.web.support import ARTIFACTS, RESULT_OPENINGS, audit, open_lobby, screenshot

pytestmark = pytest.mark.browser

SEATS = ["me", "bot:@easy", "bot:@easy"]
COUNT_MOUSE = """() => { window.__mouse = 0;
  for (const kind of ['mousedown', 'mouseup', 'pointerdown', 'wheel'])
    document.addEventListener(kind, () => { window.__mouse += 1; }, true); }"""


def legal(page: Any) -> list[str]:
    """The legal moves' notations, as the action list shows them: "... (bet blue)"."""
    texts = page.locator("#act .cc-moves button .cc-notation-text").all_text_contents()
    return [text.strip()[1:-1] for text in texts]


def plan(moves: list[str], turn: int, rng: random.Random) -> str:
    """What the person plays: mostly rolls (so the race moves on against easy bots), and
    now and then a leg ticket, a tile or an overall bet."""
    kind = ("roll", "bet", "roll", "tile", "roll", "winner", "roll", "loser")[turn % 8]
    offered = [move for move in moves if move.split()[0] == kind]
    return rng.choice(offered) if offered else "roll"


def cells_of(move: str) -> list[str]:
    """The cells a person picks for a move, in order (as the page's help explains)."""
    word, *rest = move.split()
    if word == "roll":
        return ["pyramid"]
    if word == "bet":
        return [f"tickets-{rest[0]}"]
    if word == "tile":
        return [f"s{rest[0]}"]
    return [f"card-{rest[0]}", word]


def answered(page: Any) -> Any:
    return page.evaluate("() => [window.__ccStateId, window.__ccRefusals || 0]")


def play_to_the_end(page: Any, seed: int, act: Callable[[str, int], None]) -> None:
    """Each of the person's turns: read the legal moves, choose (``plan``), ``act(move,
    turn)`` and wait for the answer; then the match is over and every kind was played."""
    rng = random.Random(seed)
    turn = 0
    kinds: set[str] = set()
    while my_turn(page, timeout=60_000):
        move = plan(legal(page), turn, rng)
        shown = answered(page)
        act(move, turn)
        page.wait_for_function(ANSWERED, arg=shown)
        kinds.add(move.split()[0])
        turn += 1
        assert turn < 400, "the match did not end"
    assert {"roll", "bet", "tile"} <= kinds and kinds & {"winner", "loser"}
    assert page.locator("#result").inner_text().startswith(RESULT_OPENINGS)


def test_a_whole_camel_up_match_with_the_mouse(new_page: Any) -> None:
    page = new_page(viewport={"width": 1280, "height": 1000})
    create_match(page, "camel-up", SEATS)

    def click(move: str, turn: int) -> None:
        if turn == 0:
            audit(page, "camel-up on my first turn")
        if turn == 12:
            screenshot(page, "camel-up-board")
            page.locator("#board-host").screenshot(path=str(ARTIFACTS / "camel-up-svg.png"))
        for cell in cells_of(move):
            page.locator(f'#board-svg [data-cell="{cell}"]').click()
        if move.startswith("tile"):
            # the space offers both sides: the person picks one from the popup where the click was
            options = page.locator(".cc-popup-choice")
            assert options.count() == 2, options.all_inner_texts()
            if turn == 3:
                audit(page, "camel-up with a space's two tile sides offered")
            page.locator(".cc-popup-choice", has_text=f"({move})").click()

    play_to_the_end(page, 5, click)
    said = page.locator("#said li").all_inner_texts()
    assert any("Final coins:" in text for text in said), said[-5:]
    audit(page, "camel-up finished")
    screenshot(page, "camel-up-finished")


def focused_text(page: Any) -> str:
    return str(page.evaluate("() => document.activeElement?.textContent ?? ''"))


def to_cell(page: Any, cell: str) -> str:
    """From the board list's first cell, arrow right to ``cell``; returns its words."""
    page.keyboard.press("g")
    page.keyboard.press("Control+Home")
    for _ in range(60):
        if page.evaluate("() => document.activeElement?.dataset.cell") == cell:
            return focused_text(page)
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"no cell {cell!r} in the board list")


def test_a_whole_camel_up_match_by_keyboard_alone(new_page: Any) -> None:
    page = new_page()
    open_lobby(page)
    page.evaluate(COUNT_MOUSE)
    page.locator("#create-game").focus()
    page.keyboard.type("camel u")  # the select's type-ahead picks Camel Up
    assert page.locator("#create-game").input_value() == "camel-up"
    page.keyboard.press("Tab")
    page.keyboard.press("Control+a")
    page.keyboard.type("3")
    page.locator("#create-name").focus()
    page.keyboard.type("Ana")
    page.keyboard.press("Enter")
    page.wait_for_url("**/match/*")
    page.evaluate(COUNT_MOUSE)

    def press(move: str, turn: int) -> None:
        way = turn % 3
        if way == 1 and move == "roll":
            page.keyboard.press("x")
            page.keyboard.type("roll")
            page.keyboard.press("Enter")
        elif way == 2 and move == "roll":
            page.keyboard.press("x")
            while page.evaluate("() => !document.activeElement.classList.contains('cc-move')"):
                page.keyboard.press("Tab")
            assert "(roll)" in focused_text(page)  # the roll is listed first
            page.keyboard.press("Enter")
        else:  # a stack, the pyramid, a space, or a finish card and then its pile
            for cell in cells_of(move):
                assert to_cell(page, cell)
                page.keyboard.press("Enter")
            if move.startswith("tile"):  # the space offers both sides, the first focused
                while f"({move})" not in focused_text(page):
                    page.keyboard.press("Tab")
                page.keyboard.press("Enter")

    play_to_the_end(page, 8, press)
    assert page.evaluate("() => window.__mouse") == 0


def test_what_a_screen_reader_is_given_and_told_in_one_camel_up_turn(new_page: Any) -> None:
    page = new_page()
    create_match(page, "camel-up", SEATS)
    assert my_turn(page)
    tree = page.locator("main").aria_snapshot()
    position = page.locator("#position").inner_text().splitlines()
    for line in position:
        assert line.strip() in tree, f"the tree lacks the position line {line!r}"
    board = page.locator("#board-grid").inner_text().splitlines()
    assert board[0].startswith("Space 1") and any(t.startswith("Pyramid:") for t in board)
    for text in board:
        assert text in tree, text
    assert "- 'list \"Camel Up: the track''s 16 spaces in race order" in tree
    assert position[0] == "Leg 1. It is your turn."
    assert page.locator("#announce-assertive").inner_text().startswith("Your turn, Player 1.")
    audit(page, "camel-up, the screen-reader turn")
    page.emulate_media(color_scheme="dark", reduced_motion="reduce")
    audit(page, "camel-up in dark mode with reduced motion")
    page.emulate_media(color_scheme="light", reduced_motion="no-preference")
    # Take the Blue leg ticket from the board list, by keyboard.
    shown = answered(page)
    assert to_cell(page, "tickets-blue") == "Blue leg tickets: 5 on top, 4 left."
    page.keyboard.press("Enter")
    page.wait_for_function(ANSWERED, arg=shown)
    assert my_turn(page)
    said = page.locator("#said li").all_inner_texts()
    mine = [i for i, text in enumerate(said) if text.startswith("You take the Blue 5 leg ticket.")]
    assert mine, said
    after = " ".join(said[mine[-1]:])
    assert re.search(r"Player 2 (takes|places|puts|moves|forms)", after), after
    assert said[-1].startswith("Your turn, Player 1.")
    # The bots move between our turns and may take a Blue ticket too (Blue holds 5, 3, 2, 2).
    blue_left = [("3 on top", 3), ("2 on top", 2), ("2 on top", 1)]
    taken_by_others = after.count("takes the Blue ")
    top, left = blue_left[taken_by_others]
    assert f"Blue leg tickets: {top}, {left} left." in page.locator("#board-grid").inner_text(), (
        after)
    page.keyboard.press("l")
    last = page.locator("#said li").last.inner_text()
    assert last.startswith(("Player 3", "The ")), last
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "camel-up-screen-reader.txt").write_text(
        f"Accessibility tree of <main>:\n{tree}\n\nLive region log:\n" + "\n".join(said)
        + "\n", encoding="utf-8")


def test_camels_slide_to_their_new_space_unless_motion_is_reduced(new_page: Any) -> None:
    """The camels are kept between repaints, so a move is a transition of the same element;
    with reduced motion there is none."""
    page = new_page()
    create_match(page, "camel-up", SEATS)
    assert my_turn(page)
    keep = "() => { window.__camels = [...document.querySelectorAll('#board-svg [data-unit]')]; }"
    same = ("() => window.__camels.every((el) => el.isConnected && "
            "document.querySelector(`#board-svg [data-unit='${el.dataset.unit}']`) === el)")
    duration = ("() => getComputedStyle(document.querySelector('#board-svg [data-unit=blue]'))"
                ".transitionDuration")
    page.evaluate(keep)
    assert page.evaluate("() => window.__camels.length") == 7
    shown = answered(page)
    page.locator('#board-svg [data-cell="pyramid"]').click()
    page.wait_for_function(ANSWERED, arg=shown)
    assert page.evaluate(same)
    assert page.evaluate(duration) not in ("0s", "")
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(duration) == "0s"
