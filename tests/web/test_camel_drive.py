"""Camel Drive in the browser: a person plays whole matches against bots with the mouse on
the SVG board and by keyboard alone, what a screen reader is given, axe in every phase
reached, and screenshots (the README's is copied to docs/img/web-camel-drive.png)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.web.play import ANSWERED, create_match, my_turn
from tests.web.support import ARTIFACTS, RESULT_OPENINGS, audit, open_lobby, screenshot

pytestmark = pytest.mark.browser

OPTIONS = {"target_score": 6, "track_length": 8}
"""A short match: two or three races of a few rounds each."""
MY_CAMEL = """() => [...document.querySelectorAll('#board-grid [data-cell]')]
  .find((el) => /, to (move|bet):/.test(el.textContent))?.dataset.cell ?? null"""
"""The camel the person acts with: the grid says "to move" (or "to bet") in its cell."""
COUNT_MOUSE_EVENTS = """() => { window.__mouse = 0;
  for (const kind of ['mousedown', 'mouseup', 'pointerdown', 'wheel', 'click'])
    document.addEventListener(kind, (e) => { if (kind !== 'click' || e.detail > 0)
      window.__mouse += 1; }, true); }"""
"""Counts every mouse event (a click made by the Enter key has detail 0 and is not one)."""


def legal_moves(page: Any) -> list[str]:
    texts = page.locator("#act .cc-moves .cc-notation-text").all_text_contents()
    return [text.strip("()") for text in texts]


def shown(page: Any) -> list[int]:
    return list(page.evaluate("() => [window.__ccStateId, window.__ccRefusals || 0]"))


class Phases:
    """Runs axe once in every phase of the match the person reaches (their turn in a race,
    with interjections, the betting round, the final sprint, the end)."""

    def __init__(self, page: Any, name: str) -> None:
        self.page, self.name, self.seen = page, name, set()

    def check(self, moves: list[str]) -> None:
        phase = ("betting" if moves[0].startswith("bet") else
                 "race" if any(m.startswith("shout") for m in moves) else "draw only")
        if phase not in self.seen:
            self.seen.add(phase)
            audit(self.page, f"{self.name}, {phase}")
            screenshot(self.page, f"camel-drive-{self.name}-{phase.replace(' ', '-')}")
            if phase == "betting":
                board_picture(self.page, f"camel-drive-{self.name}-board")


def test_a_whole_match_with_the_mouse_on_the_board(new_page: Any) -> None:
    """Every move by clicking the SVG board: the deck to draw, the betting column to bet, an
    interjection token then its target (your own camel offers forward and back)."""
    page = new_page()
    create_match(page, "camel-drive", ["me", "bot:@hard"], OPTIONS)
    phases = Phases(page, "mouse")
    rng = random.Random(3)
    turns = shouts = 0
    while my_turn(page, timeout=60_000):
        moves = legal_moves(page)
        phases.check(moves)
        me = page.evaluate(MY_CAMEL)
        assert me, "my turn, but no camel of mine is marked to move"
        before = shown(page)
        board = page.locator("#board-svg")
        if moves[0].startswith("bet"):
            choice = rng.choice(moves).split()[1]
            board.locator(f'[data-cell="{choice}-bets"]').click()
        elif "shout forward" in moves and shouts < 2 and rng.random() < 0.4:
            board.locator(f'[data-cell="{me}-shouts"]').click()
            page.locator("#board-svg .cc-target").first.wait_for()
            if shouts == 0:
                targets = board.locator(".cc-target").evaluate_all(
                    "els => els.map(e => e.dataset.cell)")
                assert me in targets and len(targets) == 3, targets  # self, left, right
                audit(page, "camel-drive with an interjection selected")
                screenshot(page, "camel-drive-selected")
            board.locator(f'[data-cell="{me}"]').click()  # forward or back: choose one
            offered = page.locator(".cc-popup-choice")
            assert offered.count() == 2, offered.all_inner_texts()
            offered.first.click()
            shouts += 1
        else:
            board.locator(f'[data-cell="{me}-deck"]').click()
        page.wait_for_function(ANSWERED, arg=before)
        turns += 1
        assert turns < 400, "the match did not end"
    assert shouts >= 1 and {"betting", "race", "draw only"} <= phases.seen
    assert page.locator("#result").inner_text().startswith(RESULT_OPENINGS)
    said = page.locator("#said li").all_inner_texts()
    # "You win the match", "Bea wins the match" or "… share the win": who won varies.
    assert any(end in text for text in said
               for end in ("win the match", "wins the match", "share the win",
                           "match is a draw")), said
    audit(page, "camel-drive finished")
    screenshot(page, "camel-drive-finished")


def focused_cell(page: Any) -> str:
    return str(page.evaluate("() => document.activeElement?.dataset?.cell ?? ''"))


def grid_to(page: Any, cell: str) -> None:
    """Walk the board grid by arrow keys to ``cell`` (rows are lanes, columns camel, deck,
    interjections, stones)."""
    page.keyboard.press("g")
    page.keyboard.press("Control+Home")
    for _ in range(6):
        row = page.evaluate("() => [...document.activeElement.parentElement.children]"
                            ".map(e => e.dataset?.cell ?? '')")
        if cell in row:
            break
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Home")
    for _ in range(4):
        if focused_cell(page) == cell:
            return
        page.keyboard.press("ArrowRight")
    assert focused_cell(page) == cell, f"no way to {cell} by keys"


def test_a_whole_match_by_keyboard_alone(new_page: Any) -> None:
    """Created and played with key presses only (not one mouse event): moves on the grid,
    typed in the move box, and from the list, in turn."""
    page = new_page()
    open_lobby(page)
    page.evaluate(COUNT_MOUSE_EVENTS)
    page.locator("#create-game").focus()
    page.keyboard.press("c")  # "Camel Drive" comes first of the c's
    assert page.locator("#create-game").input_value() == "camel-drive"
    page.locator("#create-players").focus()
    page.keyboard.press("Control+a")
    page.keyboard.type("2")
    page.locator("#more-options > summary").focus()  # "More options" opens by keyboard
    page.keyboard.press("Enter")
    for key, value in OPTIONS.items():
        page.locator(f"#opt-{key}").focus()
        page.keyboard.press("Control+a")
        page.keyboard.type(str(value))
    page.locator("#create-name").focus()
    page.keyboard.type("Kim")
    page.keyboard.press("Enter")
    page.wait_for_url("**/match/*")
    page.evaluate(COUNT_MOUSE_EVENTS)
    phases = Phases(page, "keyboard")
    turns = 0
    while my_turn(page, timeout=60_000):
        moves = legal_moves(page)
        phases.check(moves)
        me = page.evaluate(MY_CAMEL)
        before = shown(page)
        way = ("grid", "typed", "list")[turns % 3]
        if way == "grid":
            grid_to(page, f"{moves[-1].split()[1]}-bets" if moves[0].startswith("bet")
                    else f"{me}-deck")
            page.keyboard.press("Enter")
        elif way == "typed":
            page.keyboard.press("x")
            page.keyboard.type(moves[0])
            page.keyboard.press("Enter")
        else:
            page.keyboard.press("x")
            while page.evaluate("() => !document.activeElement.classList.contains('cc-move')"):
                page.keyboard.press("Tab")
            page.keyboard.press("Enter")
        page.wait_for_function(ANSWERED, arg=before)
        turns += 1
        assert turns < 400, "the match did not end"
    assert turns >= 4
    assert page.locator("#result").inner_text().startswith(RESULT_OPENINGS)
    assert page.evaluate("() => window.__mouse") == 0


def test_what_a_screen_reader_is_told(new_page: Any) -> None:
    """The tree says what the text view says, the grid reads each cell's words, and the
    live regions tell every move, the scoring line by line, and my turn."""
    page = new_page()
    create_match(page, "camel-drive", ["me", "bot:@hard"], OPTIONS)
    assert my_turn(page)
    tree = page.locator("main").aria_snapshot().replace("''", "'")  # YAML quoting
    for line in page.locator("#position").inner_text().splitlines():
        assert line.strip() in tree, f"the accessibility tree lacks {line!r}"
    assert 'grid "Camel Drive, race 1: 4 lanes, finish at field 8"' in tree
    for cell in page.locator("#board-grid [data-cell]").all_inner_texts():
        assert cell.strip() in tree, cell
    assert 'gridcell "Red\'s deck: 12 cards, none shown"' in tree
    assert 'rowheader "Lane 1"' in tree
    assert 'gridcell "Red (yours), to move: field 0 of 8; 0 points"' in tree
    assert page.locator("#announce-assertive").inner_text().startswith("Your turn, Team Red "
                                                                       "and Yellow.")
    for camel in ("red", "yellow"):  # the opening double moves of my two camels
        grid_to(page, f"{camel}-deck")
        before = shown(page)
        page.keyboard.press("Enter")
        page.wait_for_function(ANSWERED, arg=before)
        assert my_turn(page)
    said = page.locator("#said li").all_inner_texts()
    told = "\n".join(said)
    for sentence in ("You draw two cards for Yellow's opening double move.",
                     "Green draws two cards for its opening double move.",
                     "Blue draws two cards for its opening double move."):
        assert sentence in told, said
    assert said[-1].startswith("Your turn, Team Red and Yellow.")
    page.keyboard.press("l")
    assert page.locator("#said li").last.inner_text().startswith("Blue reveals a ")
    record_turn(page, tree)
    screenshot(page, "camel-drive-my-turn")


def test_the_board_at_a_phone_width_and_in_the_dark(new_page: Any) -> None:
    for name, options in (("phone", {"viewport": {"width": 360, "height": 780}}),
                          ("dark", {"color_scheme": "dark"})):
        page = new_page(**options)
        create_match(page, "camel-drive", ["me", "bot:@easy"], OPTIONS)
        assert my_turn(page)
        page.locator("#board-svg [data-cell]").first.wait_for()
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= page.viewport_size["width"], f"{name}: the page scrolls sideways"
        audit(page, f"camel-drive, {name}")
        screenshot(page, f"camel-drive-{name}-page")
        page.locator("#board-h").scroll_into_view_if_needed()
        page.locator("#board-host").screenshot(path=str(ARTIFACTS / f"camel-drive-{name}.png"))


def board_picture(page: Any, name: str) -> None:
    """The board alone as an artifact (the README's picture of the whole table is
    benchmarks/screenshots.py's)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.locator("#board-host").screenshot(path=str(ARTIFACTS / f"{name}.png"))


def record_turn(page: Any, tree: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    said = "\n".join(page.locator("#said li").all_inner_texts())
    (ARTIFACTS / "camel-drive-screen-reader.txt").write_text(
        f"Accessibility tree of <main>:\n{tree}\n\nLive region log:\n{said}\n", encoding="utf-8")
