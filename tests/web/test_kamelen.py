"""Kamelen in the browser: a person plays whole matches against bots with the mouse on the
SVG board (click an animal, then one of its highlighted squares) and by keyboard alone
(the board grid, the move box and the list), what a screen reader is given and told, the
board turned for North, axe in every state reached, and screenshots of the board."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.web.play import ANSWERED, create_match, my_turn, open_moves
from tests.web.support import ARTIFACTS, RESULT_OPENINGS, audit, open_lobby, screenshot

pytestmark = pytest.mark.browser

OPTIONS = {"no_capture_limit": 30}
"""A shorter match: thirty plies without a capture draw it."""
COUNT_MOUSE_EVENTS = """() => { window.__mouse = 0;
  for (const kind of ['mousedown', 'mouseup', 'pointerdown', 'wheel', 'click'])
    document.addEventListener(kind, (e) => { if (kind !== 'click' || e.detail > 0)
      window.__mouse += 1; }, true); }"""
"""Counts every mouse event (a click made by the Enter key has detail 0 and is not one)."""


def legal_moves(page: Any) -> list[tuple[str, str]]:
    """The legal moves listed, as (notation, sentence)."""
    found = []
    for button in page.locator("#act .cc-moves button").all():
        # text_content: the list is folded under the board (inner_text of a folded part is "")
        notation = str(button.locator(".cc-notation-text").text_content()).strip("()")
        found.append((notation, str(button.text_content())))
    return found


def pick(moves: list[tuple[str, str]], rng: random.Random) -> str:
    """A capture when there is one (games end sooner), else any move, seeded."""
    captures = [move for move, said in moves if " and capture" in said]
    return rng.choice(captures or [move for move, _ in moves])


def shown(page: Any) -> list[int]:
    return list(page.evaluate("() => [window.__ccStateId, window.__ccRefusals || 0]"))


def on_board(page: Any, cell: str) -> Any:
    """The topmost clickable thing on a square: the animal standing there, else the square."""
    animal = page.locator(f'#board-svg .km-animal[data-cell="{cell}"]')
    return animal if animal.count() else page.locator(f'#board-svg .km-square[data-cell="{cell}"]')


class States:
    """axe (and a screenshot) once in each state of the match the person reaches."""

    def __init__(self, page: Any, name: str) -> None:
        self.page, self.name, self.seen = page, name, set()

    def check(self, state: str) -> None:
        if state not in self.seen:
            self.seen.add(state)
            audit(self.page, f"kamelen {self.name}, {state}")
            screenshot(self.page, f"kamelen-{self.name}-{state}")


def test_a_whole_match_with_the_mouse_on_the_board(new_page: Any) -> None:
    page = new_page()
    create_match(page, "kamelen", ["me", "bot:@easy"], OPTIONS)
    states = States(page, "mouse")
    rng = random.Random(5)
    turns = 0
    pictured = False
    while my_turn(page, timeout=60_000):
        moves = legal_moves(page)
        states.check("my-turn")
        before = shown(page)
        if [move for move, _ in moves] == ["pass"]:
            open_moves(page)
            page.locator("#act .cc-moves button").first.click()
        else:
            move = pick(moves, rng)
            source, target = move.split("-")
            on_board(page, source).click()
            page.locator("#board-svg .km-square.cc-target").first.wait_for()
            if turns == 0:
                targets = page.locator("#board-svg .km-square.cc-target").evaluate_all(
                    "els => els.map(e => e.dataset.cell).sort()")
                assert targets == sorted(m.split("-")[1] for m, _ in moves
                                         if m.startswith(f"{source}-"))
                selected = page.locator("#board-grid .cc-selected").inner_text()
                assert selected.startswith(f"{source}: your ") and selected.endswith("(selected)")
                states.check("selected")
            capture = page.locator("#board-svg .km-mark.km-occupied.cc-target").count() > 0
            if not pictured and turns >= 4 and (capture or turns >= 8):
                board_picture(page)  # the middle of a game, a capture on offer if any
                pictured = True
            on_board(page, target).click()
        page.wait_for_function(ANSWERED, arg=before)
        turns += 1
        assert turns < 300, "the match did not end"
    assert turns >= 3
    if not pictured:  # a short game: the end is the picture
        board_picture(page)
    assert page.locator("#result").inner_text().startswith(RESULT_OPENINGS)
    said = "\n".join(page.locator("#said li").all_inner_texts())
    assert any(end in said for end in ("Home conquest", "Camel elimination", "No capture in",
                                       "Threefold repetition", "Two passes")), said[-600:]
    states.check("finished")


def focused_cell(page: Any) -> str:
    return str(page.evaluate("() => document.activeElement?.dataset?.cell ?? ''"))


GRID_PLACE = """id => { const rows = [...document.querySelectorAll('#board-grid [role=row]')]
  .map(r => [...r.querySelectorAll('[data-cell]')].map(c => c.dataset.cell))
  .filter(r => r.length);
  const find = (cell) => { for (let r = 0; r < rows.length; r++) {
    const c = rows[r].indexOf(cell); if (c >= 0) return [r, c]; } return null; };
  return [find(document.activeElement?.dataset?.cell), find(id)]; }"""


def grid_to(page: Any, cell: str) -> None:
    """Walk the board grid with the arrow keys from the focused cell to ``cell``."""
    here, there = page.evaluate(GRID_PLACE, cell)
    assert here is not None and there is not None, (cell, here, there)
    rows, columns = there[0] - here[0], there[1] - here[1]
    for _ in range(abs(rows)):
        page.keyboard.press("ArrowDown" if rows > 0 else "ArrowUp")
    for _ in range(abs(columns)):
        page.keyboard.press("ArrowRight" if columns > 0 else "ArrowLeft")
    assert focused_cell(page) == cell


def test_a_whole_match_by_keyboard_alone(new_page: Any) -> None:
    """Created and played with key presses only (not one mouse event): moves on the grid
    (Enter on the animal, then on its target), typed in the move box, and from the list."""
    page = new_page()
    open_lobby(page)
    page.evaluate(COUNT_MOUSE_EVENTS)
    page.locator("#create-game").focus()
    page.keyboard.press("k")
    assert page.locator("#create-game").input_value() == "kamelen"
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
    rng = random.Random(8)
    turns = 0
    while my_turn(page, timeout=60_000):
        moves = legal_moves(page)
        move = pick(moves, rng)
        before = shown(page)
        way = ("grid", "typed", "list")[turns % 3] if move != "pass" else "typed"
        if way == "grid":
            source, target = move.split("-")
            page.keyboard.press("g")
            grid_to(page, source)
            page.keyboard.press("Enter")
            grid_to(page, target)
            assert "(target)" in page.evaluate("() => document.activeElement.textContent")
            page.keyboard.press("Enter")
        elif way == "typed":
            page.keyboard.press("x")
            page.keyboard.type(move)
            page.keyboard.press("Enter")
        else:
            page.keyboard.press("x")
            while page.evaluate("() => !document.activeElement.classList.contains('cc-move')"):
                page.keyboard.press("Tab")
            page.keyboard.press("Enter")
        page.wait_for_function(ANSWERED, arg=before)
        turns += 1
        assert turns < 300, "the match did not end"
    assert turns >= 3
    assert page.locator("#result").inner_text().startswith(RESULT_OPENINGS)
    assert page.evaluate("() => window.__mouse") == 0
    audit(page, "kamelen finished by keyboard")


def test_what_a_screen_reader_is_told(new_page: Any) -> None:
    """The tree says what the text view says, each square is read by its words, and the
    live regions tell my move, North's answer and my turn; the advisor answers in words."""
    page = new_page()
    create_match(page, "kamelen", ["me", "bot:@medium"])
    assert my_turn(page)
    tree = page.locator("main").aria_snapshot().replace("''", "'")  # YAML quoting
    for line in page.locator("#position").inner_text().splitlines():
        assert line.strip() in tree, f"the accessibility tree lacks {line!r}"
    assert 'grid "Kamelen board, 11 by 11: you play South, at the bottom"' in tree
    for text in ("gridcell \"c2: your camel, can reach North's home field\"",
                 'gridcell "f1, your home field: empty"', 'gridcell "a6: rock"',
                 "gridcell \"c10: North's camel, can reach your home field\"",
                 'rowheader "11"', 'columnheader "a"'):
        assert text in tree, text
    assert page.locator("#announce-assertive").inner_text().startswith(
        "Your turn, South. 16 legal moves.")
    page.keyboard.press("g")
    grid_to(page, "b2")
    page.keyboard.press("Enter")
    assert page.locator("#said li").last.inner_text() == "Selected b2. 2 targets: c5, a5."
    grid_to(page, "c5")
    assert page.evaluate("() => document.activeElement.textContent") == "c5: empty (target)"
    before = shown(page)
    page.keyboard.press("Enter")
    page.wait_for_function(ANSWERED, arg=before)
    assert my_turn(page)
    # The match's first move is told as a move, not as a return to the match (its update
    # starts at history entry 0, as a whole view does: the page no longer mistakes it).
    said = page.locator("#said li").all_inner_texts()
    assert "You move your camel from b2 to c5. North to move." in said, said
    assert not any(text.startswith("Back in the match") for text in said), said
    move, sentence = legal_moves(page)[0]
    assert sentence.startswith("You move your ")
    page.keyboard.press("x")
    page.keyboard.type(move)
    before = shown(page)
    page.keyboard.press("Enter")
    page.wait_for_function(ANSWERED, arg=before)
    assert my_turn(page)
    said = page.locator("#said li").all_inner_texts()
    assert said[-3] == f"{sentence.removesuffix(f' ({move})')} North to move.", said
    assert said[-2].startswith("North moves its "), said
    assert said[-1].startswith("Your turn, South."), said
    assert "last move from" in page.locator("#board-grid").inner_text()
    page.keyboard.press("l")
    assert page.locator("#said li").last.inner_text().startswith("North moves its ")
    page.keyboard.press("a")
    page.wait_for_function("() => /The advisor suggests/.test("
                           "document.querySelector('#said li:last-child').textContent)")
    record_turn(page, tree)


def test_north_sees_the_board_turned_round(new_page: Any) -> None:
    page = new_page()
    create_match(page, "kamelen", ["bot:@easy", "me"])
    assert my_turn(page)
    headers = page.locator("#board-grid [role=columnheader]").all_inner_texts()
    assert [h.strip() for h in headers if h.strip() and h.strip() != "rank"] == \
        list("kjihgfedcba")
    assert page.locator("#board-grid [role=rowheader]").first.inner_text() == "1"
    captions = page.locator("#board-svg .km-caption").evaluate_all(
        "els => els.map(e => e.textContent)")
    assert captions == ["South", "You: North"]
    audit(page, "kamelen as North")
    screenshot(page, "kamelen-north")


def test_the_board_at_a_phone_width_and_in_the_dark(new_page: Any) -> None:
    for name, options in (("phone", {"viewport": {"width": 360, "height": 780}}),
                          ("dark", {"color_scheme": "dark"})):
        page = new_page(**options)
        create_match(page, "kamelen", ["me", "bot:@easy"], OPTIONS)
        assert my_turn(page)
        page.locator("#board-svg .km-animal").first.wait_for()
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= page.viewport_size["width"], f"{name}: the page scrolls sideways"
        audit(page, f"kamelen, {name}")
        screenshot(page, f"kamelen-{name}-page")
        page.locator("#board-h").scroll_into_view_if_needed()
        page.locator("#board-host").screenshot(path=str(ARTIFACTS / f"kamelen-{name}.png"),
                                               animations="disabled")


def board_picture(page: Any) -> None:
    """The board with an animal selected and its targets shown, as an artifact (the
    README's picture of the whole table is benchmarks/screenshots.py's)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    picture = ARTIFACTS / "kamelen-board.png"
    page.locator("#board-host").screenshot(path=str(picture), animations="disabled")


def record_turn(page: Any, tree: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    said = "\n".join(page.locator("#said li").all_inner_texts())
    (ARTIFACTS / "kamelen-screen-reader.txt").write_text(
        f"Accessibility tree of <main>:\n{tree}\n\nLive region log:\n{said}\n", encoding="utf-8")


SLID = "() => document.querySelectorAll('#board-svg .km-sliding').length"


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_move_slides_into_place_unless_motion_is_reduced(new_page: Any, motion: str) -> None:
    page = new_page(reduced_motion=motion)
    create_match(page, "kamelen", ["me", "bot:@easy"])
    assert my_turn(page)
    before = shown(page)
    on_board(page, "b2").click()
    on_board(page, "c5").click()
    page.wait_for_function(ANSWERED, arg=before)
    assert my_turn(page)  # North has answered: its animal is drawn on its new square
    if motion == "reduce":
        assert page.evaluate(SLID) == 0
    else:
        page.wait_for_function(f"() => ({SLID})() === 1")
