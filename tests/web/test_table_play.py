"""Play on the board (issue 26, item 2): the action bar (kinds first, details second), the
choice popup of an ambiguous click, the natural first clicks, and what a keyboard and a
screen reader meet around them (item 8: "(target)" read, one announcer queue, Escape, the
focus after a move)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.web.play import ANSWERED, create_match, my_turn, toy_after_one_move
from tests.web.support import RESULT_OPENINGS, audit
from tests.web.test_camel_drive import MY_CAMEL, grid_to

pytestmark = pytest.mark.browser

COUNT_CLICKS = """() => { window.__clicks = 0; window.__listClicks = 0;
  document.addEventListener('click', (e) => { if (e.detail > 0) window.__clicks += 1;
    if (e.target.closest('#act')) window.__listClicks += 1; }, true); }"""
"""Counts the person's mouse clicks, and those on the legal-move list (none allowed)."""
COUNT_SAID = """() => { window.__told = 0; new MutationObserver((changes) => {
  window.__told += changes.reduce((n, c) => n + c.addedNodes.length, 0); })
  .observe(document.querySelector('#said'), { childList: true }); }"""
"""Counts the sentences said (the log keeps only the last 200)."""
COUNT_MOUSE = """() => { window.__mouse = 0;
  for (const kind of ['mousedown', 'mouseup', 'pointerdown', 'wheel'])
    document.addEventListener(kind, () => { window.__mouse += 1; }, true); }"""


def shown(page: Any) -> list[int]:
    return list(page.evaluate("() => [window.__ccStateId, window.__ccRefusals || 0]"))


def legal(page: Any) -> list[str]:
    """The legal moves' notations, read (never clicked) from the move list."""
    # text_content: the list is folded (a closed <details>), where inner_text reads ""
    texts = page.locator("#act .cc-moves .cc-notation-text").all_text_contents()
    return [text.strip()[1:-1] for text in texts]


def kinds(page: Any) -> list[str]:
    return [str(k) for k in page.locator("#action-bar .cc-bar-kind").evaluate_all(
        "els => els.map(e => e.dataset.kind)")]


def bar_play(page: Any, kind: str, rng: random.Random) -> None:
    """Press a kind in the action bar, then (a kind of several moves) one of its details."""
    page.locator(f'#action-bar .cc-bar-kind[data-kind="{kind}"]').click()
    details = page.locator("#action-bar .cc-bar-detail")
    if page.locator(f'#action-bar .cc-bar-kind[data-kind="{kind}"][aria-expanded="true"]').count():
        details.nth(rng.randrange(details.count())).click()


def finished(page: Any, turns: int) -> None:
    assert turns >= 2
    assert page.locator("#result").inner_text().startswith(RESULT_OPENINGS)
    assert page.evaluate("() => window.__listClicks") == 0, "the move list was used"


def test_camel_up_whole_match_on_the_board_and_the_action_bar(new_page: Any) -> None:
    """Rolls, leg bets and overall bets from the bar, tiles on the board's spaces: the two
    sides open in a popup where the click was, and the page does not scroll."""
    page = new_page(viewport={"width": 1280, "height": 1000})
    create_match(page, "camel-up", ["me", "bot:@easy", "bot:@easy"])
    page.evaluate(COUNT_CLICKS)
    rng = random.Random(5)
    turns = tiles = 0
    while my_turn(page, timeout=60_000):
        moves, before = legal(page), shown(page)
        plan = ("Roll a die", "Bet on a leg", "tile", "Roll a die", "Bet on the overall winner",
                "Roll a die")[turns % 6]
        spaces = sorted({m.split()[1] for m in moves if m.startswith("tile")})
        if plan == "tile" and spaces:
            space = page.locator(f'#board-svg [data-cell="s{rng.choice(spaces)}"]')
            space.scroll_into_view_if_needed()
            y = page.evaluate("() => window.scrollY")
            space.click()
            popup = page.locator("#choice-popup")
            popup.wait_for()
            assert page.evaluate("() => window.scrollY") == y, "the choice scrolled the page"
            assert popup.locator(".cc-popup-choice").count() == 2
            if tiles == 0:
                audit(page, "camel-up with the tile's two sides in the popup")
            popup.locator(".cc-popup-choice").first.click()
            tiles += 1
        else:
            if turns == 1:
                page.locator('#action-bar .cc-bar-kind[data-kind="Bet on a leg"]').click()
                audit(page, "camel-up with the action bar's leg bets open")
                page.locator('#action-bar .cc-bar-kind[data-kind="Bet on a leg"]').click()
            bar_play(page, plan if plan in kinds(page) else "Roll a die", rng)
        page.wait_for_function(ANSWERED, arg=before)
        turns += 1
        assert turns < 300, "the match did not end"
    finished(page, turns)
    assert tiles >= 1


def test_camel_drive_whole_match_on_the_board_and_the_action_bar(new_page: Any) -> None:
    """Your own camel is the natural first click: it draws (or offers drawing and its
    interjections in the popup); the betting round is the bar's stones."""
    page = new_page()
    create_match(page, "camel-drive", ["me", "bot:@easy"], {"target_score": 6,
                                                             "track_length": 8})
    page.evaluate(COUNT_CLICKS)
    rng = random.Random(2)
    turns = popups = bets = 0
    while my_turn(page, timeout=60_000):
        before = shown(page)
        if "Place your stone" in kinds(page):
            bar_play(page, "Place your stone", rng)
            bets += 1
        else:
            me = page.evaluate(MY_CAMEL)
            page.locator(f'#board-svg [data-cell="{me}"]').click()
            page.wait_for_function(f"""([sid, refusals]) => ({ANSWERED})([sid, refusals])
              || document.querySelector('#choice-popup')""", arg=before)
            popup = page.locator("#choice-popup .cc-popup-choice")
            if popup.count():
                assert "draw" in popup.first.inner_text()
                popups += 1
                popup.nth(rng.randrange(popup.count())).click()
        page.wait_for_function(ANSWERED, arg=before)
        turns += 1
        assert turns < 300, "the match did not end"
    finished(page, turns)
    assert popups and bets


def test_a_dos_de_chameau_whole_match_from_the_cards_in_hand(new_page: Any) -> None:
    """Every turn starts at a card in hand (once refused: "No move with Your card 1"):
    the card, then a lit target; a discard or the sandstorm from the bar."""
    page = new_page(viewport={"width": 1200, "height": 1000})
    create_match(page, "a-dos-de-chameau", ["me", "bot:@easy"])
    page.evaluate(COUNT_CLICKS)
    page.evaluate(COUNT_SAID)
    rng = random.Random(4)
    turns = from_hand = 0
    while my_turn(page):
        before = shown(page)
        bar = kinds(page)
        if "Discard a card" in bar:
            bar_play(page, "Discard a card", rng)
        else:
            slots = page.locator("#board-grid [data-cell^='hand']").evaluate_all(
                "els => els.filter(e => !e.textContent.includes(': none'))"
                ".map(e => e.dataset.cell)")
            said = ""
            for cell in slots:  # a card may have no move now: the next is tried
                told = page.evaluate("() => window.__told")
                page.locator(f'#board-svg [data-cell="{cell}"]').click()
                page.wait_for_function(f"""([sid, refusals]) => ({ANSWERED})([sid, refusals])
                  || window.__told > {told}""", arg=before)
                said = page.locator("#said li").last.inner_text()
                if not said.startswith("No move with"):
                    break
            assert not said.startswith("No move with"), said
            if said.startswith("Selected"):
                page.locator("#board-svg .cc-target").first.click()
                from_hand += 1
            if page.locator("#choice-popup").count():
                page.locator("#choice-popup .cc-popup-choice").first.click()
        page.wait_for_function(ANSWERED, arg=before)
        turns += 1
        assert turns < 300, "the match did not end"
    finished(page, turns)
    assert from_hand >= turns // 2


def test_camel_up_whole_match_by_keyboard_on_the_action_bar(new_page: Any) -> None:
    """Tab to the bar, arrows along its kinds, Enter; the details by arrows and Enter. No
    mouse event reaches the page, and after each move the focus stays in the bar."""
    page = new_page()
    create_match(page, "camel-up", ["me", "bot:@easy", "bot:@easy"])
    page.evaluate(COUNT_MOUSE)
    turns = 0
    while my_turn(page, timeout=60_000):
        before = shown(page)
        if not page.evaluate("() => document.querySelector('#action-bar').contains("
                             "document.activeElement)"):
            page.locator("#board-grid").evaluate("el => el.querySelector('[tabindex=\"0\"]')"
                                                 ".focus()")
            page.keyboard.press("Tab")  # from the grid's one tab stop on to the bar
        want = "Bet on a leg" if turns % 3 == 1 else "Roll a die"
        for _ in range(12):
            if page.evaluate("() => document.activeElement.dataset.kind") == want:
                break
            page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        if want != "Roll a die":
            assert page.evaluate("() => document.activeElement.classList.contains("
                                 "'cc-bar-detail')")
            page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
        page.wait_for_function(ANSWERED, arg=before)
        turns += 1
        assert turns < 300, "the match did not end"
    assert page.locator("#result").inner_text().startswith(RESULT_OPENINGS)
    assert page.evaluate("() => window.__mouse") == 0


def test_camel_drive_whole_match_by_keyboard_on_the_grid_and_the_bar(new_page: Any) -> None:
    """Keys alone: your camel's cell and Enter (drawing at once, or the popup of drawing
    and the interjections, Enter on the first); the stones from the bar by Tab from
    the grid, Enter, and Enter on a detail. Not one mouse event reaches the page."""
    page = new_page()
    create_match(page, "camel-drive", ["me", "bot:@easy"], {"target_score": 6,
                                                             "track_length": 8})
    page.evaluate(COUNT_MOUSE)
    turns = popups = bets = 0
    while my_turn(page, timeout=60_000):
        before = shown(page)
        if "Place your stone" in kinds(page):
            page.keyboard.press("g")
            page.keyboard.press("Tab")  # the bar is the next tab stop after the grid
            assert page.evaluate("() => document.activeElement.dataset.kind") == \
                "Place your stone"
            page.keyboard.press("Enter")
            if page.evaluate("() => document.activeElement.classList.contains("
                             "'cc-bar-detail')"):
                page.keyboard.press("Enter")
            bets += 1
        else:
            grid_to(page, page.evaluate(MY_CAMEL))
            page.keyboard.press("Enter")
            page.wait_for_function(f"""([sid, refusals]) => ({ANSWERED})([sid, refusals])
              || document.querySelector('#choice-popup')""", arg=before)
            if page.locator("#choice-popup").count():
                assert page.evaluate("() => document.activeElement.classList.contains("
                                     "'cc-popup-choice')")
                page.keyboard.press("Enter")
                popups += 1
        page.wait_for_function(ANSWERED, arg=before)
        turns += 1
        assert turns < 300, "the match did not end"
    assert page.locator("#result").inner_text().startswith(RESULT_OPENINGS)
    assert page.evaluate("() => window.__mouse") == 0
    assert popups and bets


def test_a_space_click_opens_its_choice_where_the_click_was(new_page: Any) -> None:
    """Camel Up: a space means cheer or boo. The popup opens by the click (the page once
    scrolled 1,280 px to the list), Escape closes it and the focus returns."""
    page = new_page(viewport={"width": 1280, "height": 800})
    create_match(page, "camel-up", ["me", "bot:@easy", "bot:@easy"])
    assert my_turn(page)
    space = next(m.split()[1] for m in legal(page) if m.startswith("tile"))
    target = page.locator(f'#board-svg [data-cell="s{space}"]')
    target.scroll_into_view_if_needed()
    y = page.evaluate("() => window.scrollY")
    box = target.bounding_box()
    target.click()
    popup = page.locator("#choice-popup")
    popup.wait_for()
    assert page.evaluate("() => window.scrollY") == y
    where = popup.bounding_box()
    assert abs(where["x"] - (box["x"] + box["width"] / 2)) < 300
    assert abs(where["y"] - (box["y"] + box["height"] / 2)) < 300
    assert page.evaluate("() => document.activeElement.classList.contains('cc-popup-choice')")
    assert popup.get_attribute("role") == "dialog"
    audit(page, "camel-up popup")
    page.keyboard.press("Escape")
    assert page.locator("#choice-popup").count() == 0
    assert page.evaluate("() => document.activeElement !== document.body")
    # By keyboard on the grid: the popup opens at the cell, Escape gives the cell back.
    grid_cell = page.locator(f'#board-grid [data-cell="s{space}"]')
    grid_cell.focus()
    page.keyboard.press("Enter")
    popup.wait_for()
    page.keyboard.press("Escape")
    assert page.evaluate("() => document.activeElement.dataset.cell") == f"s{space}"


def test_camel_drive_own_camel_starts_the_move(new_page: Any) -> None:
    """Clicking your own camel once said "No move with ...": now it draws at once (the
    opening, where drawing is all), or offers drawing and the interjections."""
    page = new_page()
    create_match(page, "camel-drive", ["me", "bot:@easy"])
    assert my_turn(page)
    before = shown(page)
    me = page.evaluate("""() => [...document.querySelectorAll('#board-grid [data-cell]')]
      .find((el) => /, to move:/.test(el.textContent))?.dataset.cell ?? null""")
    page.locator(f'#board-svg [data-cell="{me}"]').click()
    page.wait_for_function(f"""([sid, refusals]) => ({ANSWERED})([sid, refusals])
      || document.querySelector('#choice-popup')""", arg=before)
    assert not page.locator("#said li").last.inner_text().startswith("No move with")
    assert page.evaluate("() => window.__ccRefusals || 0") == 0


def test_the_target_mark_is_read_and_escape_closes_the_keys_dialog(new_page: Any) -> None:
    """The "(target)" mark is text a screen reader reads on the cell (it was aria-hidden);
    Escape closes the keys dialog (a handled Escape once kept it open)."""
    page = new_page()
    toy_after_one_move(page, target=20, seed=1)
    page.locator("#board-svg .toy-marker").locator("xpath=..").click()
    target = page.locator("#board-grid .cc-target").first
    target.wait_for()
    mark = target.locator(".cc-mark")
    assert mark.inner_text().strip() == "(target)"
    assert mark.evaluate("el => el.closest('[aria-hidden]') === null")
    page.keyboard.press("Escape")
    page.keyboard.press("?")
    assert page.locator("#help").evaluate("d => d.open")
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('#help').open")


def test_focus_after_a_typed_move_and_after_a_list_play(new_page: Any) -> None:
    """After a typed move the focus leaves the move box (one-key commands work on the next
    turn); after a play from the list it goes to the bar or the grid, never the body."""
    page = new_page()
    rng = toy_after_one_move(page, target=20, seed=2)
    assert rng is not None
    move = legal(page)[0]
    page.keyboard.press("x")
    assert page.evaluate("() => document.activeElement.tagName") == "INPUT"
    before = shown(page)
    page.keyboard.type(move)
    page.keyboard.press("Enter")
    page.wait_for_function(ANSWERED, arg=before)
    assert my_turn(page)
    focused = page.evaluate("() => [document.activeElement.tagName, "
                            "document.activeElement.closest('#action-bar, #board-grid')?.id]")
    assert focused[0] not in ("INPUT", "BODY") and focused[1], focused
    told = page.locator("#said li").count()
    page.keyboard.press("w")  # a one-key command is heard, not typed into a box
    page.wait_for_function(f"() => document.querySelectorAll('#said li').length > {told}")
    before = shown(page)
    page.locator("#act .cc-moves button").first.click()
    page.wait_for_function(ANSWERED, arg=before)
    focused = page.evaluate("() => [document.activeElement.tagName, "
                            "document.activeElement.closest('#action-bar, #board-grid')?.id]")
    assert focused[0] != "BODY" and focused[1], focused


def test_one_announcer_queue(new_page: Any) -> None:
    """News in order, the turn last, one utterance; news 10-50 ms apart is gathered, not
    replaced; an answer to the person is said at once. (announcer.js through the page.)"""
    page = new_page()
    page.goto("/")
    said = page.evaluate("""async () => {
      const { Announcer } = await import('/static/js/announcer.js');
      const el = () => document.createElement('div');
      const polite = el(), assertive = el(), log = document.createElement('ol');
      const changes = [];
      const a = new Announcer({ polite, assertive, log, hold: 300 });
      new MutationObserver(() => changes.push(['polite', polite.textContent]))
        .observe(polite, { childList: true, characterData: true, subtree: true });
      new MutationObserver(() => changes.push(['assertive', assertive.textContent]))
        .observe(assertive, { childList: true, characterData: true, subtree: true });
      a.say('Your turn, North. 3 legal moves.', { assertive: true, turn: true, news: true });
      a.say('South plays add 2.', { news: true });
      await new Promise((r) => setTimeout(r, 20));
      for (const text of ['Bot one moves.', 'Bot two moves.', 'Bot three moves.']) {
        a.say(text, { news: true });
        await new Promise((r) => setTimeout(r, 30));
      }
      await new Promise((r) => setTimeout(r, 400));
      a.say('Selected b2.');
      await new Promise((r) => setTimeout(r, 0));
      return { changes: changes.map(([k, t]) => [k, t.replace(/\\u00a0$/, '')]),
               log: [...log.children].map((li) => li.textContent) };
    }""")
    assert said["changes"] == [
        ["assertive", "South plays add 2. Your turn, North. 3 legal moves."],
        ["polite", "Bot one moves. Bot two moves. Bot three moves."],
        ["polite", "Selected b2."],
    ], said
    assert len(said["log"]) == 6 and said["log"][-1] == "Selected b2."  # all kept, at once
