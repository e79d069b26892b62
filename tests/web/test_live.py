"""Live play between browsers: two people online, a reload mid-game, hot-seat secrecy."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tests.web.play import choose_from_list, create_match, my_turn, painted, toy_after_one_move
from tests.web.support import RESULT_OPENINGS, audit, screenshot

pytestmark = pytest.mark.browser


def test_two_browsers_play_each_other_online(new_page: Any) -> None:
    ann, bob = new_page(), new_page()
    match_id = create_match(ann, "toy", ["me", "open"], name="Ann")
    link = ann.locator("#share-link").inner_text()
    assert "token" not in link and link.endswith(f"/match/{match_id}")
    audit(ann, "the lobby with a share link")
    ann.goto(f"/match/{match_id}")
    bob.goto(link)
    bob.get_by_label("Your name").fill("Bob")
    bob.get_by_role("button", name="Play as South").click()
    rng = random.Random(7)
    pages = [ann, bob]
    for _ in range(30):
        if ann.locator("#status").inner_text().startswith("Finished"):
            break
        mover = next((p for p in pages if p.locator("#status").inner_text().startswith(
            "Your turn")), None)
        if mover is None:
            ann.wait_for_timeout(50)
            continue
        other = bob if mover is ann else ann
        seen = painted(other)
        choose_from_list(mover, rng)
        other.wait_for_function("n => window.__ccLatency.length > n", arg=seen)
    for page in pages:
        my_turn(page)
        assert page.locator("#result").inner_text().startswith(RESULT_OPENINGS)
    seats = ann.locator("#seats").inner_text()
    assert "Ann" in seats and "Bob" in seats
    said = bob.locator("#said li").all_inner_texts()
    assert any("North plays add" in text for text in said)
    screenshot(bob, "toy-online-finished")
    bob.get_by_role("button", name="Rematch").click()
    bob.wait_for_url(re.compile(r".*/match/(?!" + re.escape(match_id) + ").*"))
    ann.get_by_role("button", name="Join the rematch").click()
    for page in pages:
        page.wait_for_function("() => /Your turn|to move/.test("
                               "document.querySelector('#status').textContent)")


def test_a_reload_mid_game_continues_where_it_was(new_page: Any) -> None:
    page = new_page()
    rng = toy_after_one_move(page, target=12, seed=3)
    before = page.locator("#position").inner_text()
    history = page.locator("#events li").count()
    page.reload()
    assert my_turn(page)
    assert page.locator("#position").inner_text() == before
    assert page.locator("#events li").count() >= history
    while my_turn(page):
        choose_from_list(page, rng)
    assert page.locator("#result").inner_text().startswith(RESULT_OPENINGS)


def hand_line(page: Any) -> str:
    lines = [line for line in page.locator("#position").inner_text().splitlines()
             if line.startswith("Your hand:")]
    assert lines, "the position names no hand"
    return str(lines[0])


def test_hot_seat_hides_the_other_seats_hand(new_page: Any) -> None:
    """Two people at one device: the pass screen between them, and the previous person's
    hand is nowhere in the DOM (A dos de Chameau hands are private)."""
    page = new_page()
    create_match(page, "a-dos-de-chameau", ["me", "hotseat"])
    rng = random.Random(5)
    seen: dict[str, str] = {}
    for _ in range(6):
        pass_screen = page.locator("#pass")
        page.wait_for_function("() => !document.querySelector('#pass').hidden || "
                               "/^Your turn/.test(document.querySelector('#status').textContent)")
        if pass_screen.is_visible():
            heading = page.locator("#pass-h").inner_text()
            assert heading.startswith("Pass the device to ")
            html = page.content()
            for previous in seen.values():
                assert previous not in html, "a hand stayed in the page during the pass"
            assert page.locator("#act .cc-moves li").count() == 0
            assert page.locator("#said li").all_inner_texts() == [f"{heading}."]
            audit(page, "the hot-seat pass screen")
            screenshot(page, "hot-seat-pass")
            page.locator("#pass-ready").click()
            assert my_turn(page)
        me = page.locator("#match-title").inner_text()
        hand = hand_line(page)
        for who, previous in seen.items():
            if who != me and previous != hand:
                assert previous not in page.content(), f"{who}'s hand is in {me}'s page"
        seen[me] = hand
        choose_from_list(page, rng)
    assert len(seen) == 2


HIDDEN_TAB_WITH_NOTIFICATIONS = """
Object.defineProperty(document, "hidden", { get: () => true });
window.__notified = [];
window.Notification = class {
  constructor(title, options) { window.__notified.push([title, options.body]); }
};
window.Notification.permission = "granted";
localStorage.setItem("camelcade.settings.v1", JSON.stringify({ notify: true }));
"""


def test_my_turn_in_a_background_tab_brings_a_notification(new_page: Any) -> None:
    page = new_page()
    page.add_init_script(HIDDEN_TAB_WITH_NOTIFICATIONS)
    toy_after_one_move(page, target=12, seed=8)
    notified = page.evaluate("() => window.__notified")
    assert notified and notified[-1][0] == "Your turn in Toy"
    assert notified[-1][1].startswith("South plays add")


def test_a_turn_clock_is_shown_and_announced_before_it_runs_out(new_page: Any) -> None:
    page = new_page()
    create_match(page, "toy", ["me", "bot:@easy"], timer=60)
    assert my_turn(page)
    page.wait_for_function("() => [...document.querySelectorAll('#said li')].some("
                           "li => li.textContent.endsWith('left on your clock.'))")
    assert page.locator("#clock").inner_text().startswith("Time left for you: ")
    page.keyboard.press("t")
    assert page.locator("#said li").last.inner_text().startswith("Time left for you: ")
    audit(page, "a match with a turn clock")


def test_a_spectator_watches_without_moves_or_secrets(new_page: Any) -> None:
    player, watcher = new_page(), new_page()
    match_id = create_match(player, "toy", ["me", "bot:@easy"])
    assert my_turn(player)
    secret = [line for line in player.locator("#position").inner_text().split(". ")
              if line.startswith("Your secret")]
    link = watcher.locator(f"a[href='/match/{match_id}']")
    for _ in range(10):  # the lobby's pages are cached for a second
        watcher.goto("/")
        watcher.locator("#games li").first.wait_for()
        if link.count():
            break
        watcher.wait_for_timeout(500)
    assert watcher.get_by_role("link", name="Open (your seat)").count() == 0  # not its seat
    link.click()
    watcher.wait_for_url(f"**/match/{match_id}")  # not the lobby's page, without a #status
    watcher.wait_for_function("() => /to move|Your turn/.test("
                              "document.querySelector('#status')?.textContent)")
    assert watcher.locator("#match-title").inner_text() == "Toy: watching"
    assert watcher.locator("#act .cc-moves li").count() == 0
    assert secret and secret[0] not in watcher.content()
    audit(watcher, "a spectator's view")
