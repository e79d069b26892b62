"""Profiles and ratings in the browser (issue 28, item 2): rated or casual is ticked in the
lobby's create form; the public profile lists the finished match with its replay; the
profile and leaderboard pages pass axe in English and German and are reached by keyboard."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.play import create_match, play_to_end_from_list
from tests.web.support import audit

pytestmark = pytest.mark.browser


def tab_to(page: Any, selector: str, presses: int = 40) -> None:
    """Press Tab until ``selector`` has the focus (fails if it never does)."""
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement?.matches(s) ?? false", selector):
            return
    raise AssertionError(f"{selector} was not reached by Tab in {presses} presses")


def test_rated_is_chosen_in_the_lobby_and_the_profile_and_leaderboard_pass_axe(
        new_page: Any) -> None:
    page = new_page()
    page.goto("/")
    rated = page.get_by_label("Rated: the result counts towards the players' ratings")
    assert not rated.is_checked()  # casual unless chosen
    rated.check()
    match_id = create_match_ticked(page)
    assert page.request.get(f"/api/matches/{match_id}").json()["rated"] is True
    play_to_end_from_list(page, random.Random(5))
    casual = create_match(page, "toy", ["me", "bot:@easy"])
    assert page.request.get(f"/api/matches/{casual}").json()["rated"] is False

    profile_id = page.request.get("/api/me").json()["profile"]["id"]
    # a person finds both pages by links: their profile on the account page, a game's
    # leaderboard in the lobby's list of games
    page.goto("/account")
    own = page.get_by_role("link", name="Your public profile: ratings and recent matches")
    expect(own).to_have_attribute("href", f"/player/{profile_id}")  # set once /api/me answers
    page.goto("/")
    board = page.get_by_role("link", name="Toy leaderboard")
    board.click()
    page.wait_for_url("**/leaderboard/toy")
    for lang, guest, replay in (("en", "guests are not rated", "Replay of Toy"),
                                ("de", "Gäste haben keine Wertung", "Wiederholung von Toy")):
        page.goto(f"/player/{profile_id}?lang={lang}")
        assert page.locator("html").get_attribute("lang") == lang
        assert guest in page.locator("main").inner_text()
        link = page.locator(f'main a[href="/replay/{match_id}"]')
        assert link.inner_text() == replay
        audit(page, f"the profile page ({lang})")
        tab_to(page, f'main a[href="/replay/{match_id}"]')
        page.keyboard.press("Enter")
        page.wait_for_url(f"**/replay/{match_id}")

        page.goto(f"/leaderboard/toy?lang={lang}")
        audit(page, f"the leaderboard ({lang})")
        tab_to(page, 'main nav a[href$="players=3"]')
        page.keyboard.press("Enter")
        page.wait_for_url("**/leaderboard/toy?players=3")
        current = page.locator('main nav a[aria-current="page"]')
        assert current.inner_text() == ("3 players" if lang == "en" else "3 Spieler")
        audit(page, f"the leaderboard for three players ({lang})")


def create_match_ticked(page: Any) -> str:
    """The lobby's form as ``create_match`` fills it, keeping the ticked Rated box."""
    page.get_by_label("Game", exact=True).select_option("toy")
    players = page.get_by_label("Players", exact=True)
    players.fill("2")
    players.dispatch_event("change")
    page.get_by_label("Player 1", exact=True).select_option("me")
    page.get_by_label("Player 2", exact=True).select_option("bot:@easy")
    page.get_by_role("button", name="Create the match").click()
    page.wait_for_url("**/match/*")
    return str(page.url.rsplit("/", 1)[1])


def test_a_correspondence_matchs_time_left_shows_in_my_games_and_the_seat_panel(
        new_page: Any) -> None:
    """Item 3 in the browser: a day a move, counted by the server for My games (a device
    whose clock is wrong still shows it right) and shown beside the mover on the table."""
    page = new_page()
    match_id = create_match(page, "toy", ["me", "bot:@easy"], timer=86400)
    page.wait_for_function("() => /Your turn/.test(document.querySelector('#status')"
                           ".textContent)")
    mover = page.locator("#seats li.cc-to-move")
    mover.wait_for()
    facts = mover.inner_text()
    assert "to move" in facts and ("1 day" in facts or "23 hours" in facts), facts
    assert "Time left for you:" in page.locator("#clock").inner_text()

    page.goto("/my")
    turn = page.locator("#my-turn li")
    turn.first.wait_for()
    line = turn.first.inner_text()
    assert f"/match/{match_id}" in turn.first.locator("a").get_attribute("href")
    assert "your turn." in line and " left." in line, line
    assert "1 day" in line or "23 hours" in line, line
    audit(page, "My games with a correspondence clock")
