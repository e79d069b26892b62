"""The lobby's name box, create-and-join, and the share link (issue 14, items 2, 3, 7).

The page allowed 40 characters and the server 32; HTML's maxlength counts UTF-16 code
units, so 👨‍👩‍👧 (8 of them) used a quarter of it. The page now counts characters as the
server does (``Intl.Segmenter``), says how many are left, and refuses a long name in the
page's language before asking. A refused creation leaves no match; the name is kept for
the next match; the share link comes from the server's public address, and a server
that listens on this computer only says so next to it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.support import ServerProcess
from tests.web.conftest import start_server
from tests.web.play import create_match
from tests.web.support import audit, chromium_watchdog, open_lobby

pytestmark = pytest.mark.browser

OPACITY = "(button) => getComputedStyle(button).opacity"
FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
LOBBY_IDS = """async () => {
  const answer = await fetch("/api/matches?limit=50");
  return (await answer.json()).matches.map((m) => m.id);
}"""


@pytest.fixture
def own_page(browser: Any, web_server: ServerProcess) -> Iterator[Any]:
    """A page whose refused requests may log to the console (``new_page`` counts those
    as failures), but whose script errors still fail the test."""
    with chromium_watchdog(closing=False):
        context = browser.new_context(base_url=web_server.base)
        page = context.new_page()
    failures: list[str] = []
    page.on("pageerror", lambda error: failures.append(str(error)))
    page.set_default_timeout(15_000)
    yield page
    with chromium_watchdog():
        context.close()
    assert not failures


def choose_me_and_open(page: Any) -> None:
    page.get_by_label("Game", exact=True).select_option("kamelen")
    page.get_by_label("Player 1", exact=True).select_option("me")
    page.get_by_label("Player 2", exact=True).select_option("open")


def test_the_name_box_counts_characters_as_the_server_does(new_page: Any) -> None:
    page = new_page()
    open_lobby(page)
    name, hint = page.locator("#create-name"), page.locator("#create-name-hint")
    assert hint.inner_text() == "32 characters left."
    name.fill(FAMILY * 32)  # 256 UTF-16 code units: maxlength must not cut it
    assert name.input_value() == FAMILY * 32
    assert hint.inner_text() == "0 characters left."
    assert name.get_attribute("aria-invalid") == "false"
    name.fill("नमस्ते")
    assert hint.inner_text() == "29 characters left."
    name.fill(FAMILY * 33)
    said = "This name is 33 characters long; a name can have at most 32."
    assert hint.inner_text() == said
    assert name.get_attribute("aria-invalid") == "true"
    assert int(name.get_attribute("maxlength") or 0) >= len(FAMILY * 33 * 2)
    audit(page, "the lobby with a name too long")
    before = page.evaluate(LOBBY_IDS)
    choose_me_and_open(page)
    page.get_by_role("button", name="Create the match").click()
    assert page.locator("#create-error").inner_text() == said
    assert page.evaluate("document.activeElement.id") == "create-name"
    assert page.evaluate(LOBBY_IDS) == before  # nothing was asked of the server


def test_the_hint_and_the_refusal_are_in_the_pages_language(new_page: Any) -> None:
    page = new_page()
    page.goto("/?lang=de")
    page.wait_for_selector("#create-game option[value]", state="attached")
    page.locator("#create-name").fill("x" * 40)
    assert page.locator("#create-name-hint").inner_text() == (
        "Dieser Name ist 40 Zeichen lang; ein Name darf höchstens 32 haben.")
    page.locator("#create-name").fill("Jörg")
    assert page.locator("#create-name-hint").inner_text() == "Noch 28 Zeichen."


def test_a_name_the_server_refuses_leaves_no_match_in_the_lobby(own_page: Any) -> None:
    """The page's count passes a right-to-left override; the server refuses it, in one
    step with the creation: the lobby shows no "Join (1 open)" ghost."""
    page = own_page
    open_lobby(page)
    before = page.evaluate(LOBBY_IDS)
    choose_me_and_open(page)
    page.locator("#create-name").fill("Ann\u202eboB")
    for _ in range(3):
        page.get_by_role("button", name="Create the match").click()
        page.wait_for_function("() => document.querySelector('#create-error').textContent")
        assert "U+202E" in page.locator("#create-error").inner_text()
        assert "Invalid request" not in page.locator("#create-error").inner_text()
    assert page.evaluate(LOBBY_IDS) == before
    page.get_by_role("button", name="Refresh the list").click()
    assert "Join" not in page.locator("#matches").inner_text()


def test_an_enter_before_the_games_arrive_does_nothing_until_the_form_is_ready(
        new_page: Any) -> None:
    """Regression (CI, 2026-12-07): the form was live before its script had the games, so an
    Enter in the name box submitted it natively (a GET of the lobby, no match). Now the
    button is disabled and the form busy until the games are there."""
    page = new_page()
    held: list[Any] = []
    page.route("**/api/web/games*", lambda route: held.append(route))
    page.goto("/")
    page.wait_for_function("() => document.readyState === 'complete'")
    assert page.locator("#create").get_attribute("aria-busy") == "true"
    assert page.locator("#create-submit").is_disabled()
    assert float(page.locator("#create-submit").evaluate(OPACITY)) < 1  # looks disabled too
    page.locator("#create-name").focus()
    page.keyboard.type("Kim")
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)  # a native submission would have navigated by now
    assert page.url.endswith("/") and "?" not in page.url
    assert len(held) == 1
    held[0].continue_()
    page.wait_for_selector("#create:not([aria-busy]) #create-submit:enabled")
    assert page.locator("#create-game option").count() >= 5
    assert float(page.locator("#create-submit").evaluate(OPACITY)) == 1
    assert page.locator("#create-name").input_value() == "Kim"  # not lost to a reload


def test_the_lobby_says_when_the_games_cannot_be_loaded(own_page: Any) -> None:
    page = own_page
    page.route("**/api/web/games*", lambda route: route.fulfill(
        status=503, content_type="application/json",
        body=json.dumps({"error": {"code": "unavailable", "message": "The server is busy."}})))
    page.goto("/")
    page.wait_for_function("() => document.querySelector('#create-error').textContent")
    assert page.locator("#create-error").inner_text() == (
        "The games could not be loaded (The server is busy.); reload the page.")
    assert page.locator("#create-submit").is_disabled()


def test_a_joined_emoji_name_plays_is_remembered_and_the_loopback_note_shows(
    new_page: Any
) -> None:
    page = new_page()
    match_id = create_match(page, "kamelen", ["me", "open"], name=f"{FAMILY} Ann")
    link = page.locator("#share-link").inner_text()
    assert link == f"{page.evaluate('location.origin')}/match/{match_id}"
    note = page.locator("#share-note").inner_text()
    assert "listens on this computer only" in note and "--host 0.0.0.0" in note
    audit(page, "the lobby with a share link and its note")
    seats = page.evaluate(f"""async () => (await (await fetch(
        "/api/matches/{match_id}")).json()).seats""")
    assert seats[0]["name"] == f"{FAMILY} Ann" and seats[0]["taken"]
    kept = json.loads(page.evaluate("localStorage.getItem('camelcade.seats.v1')"))
    assert kept[match_id]["seats"]["0"]  # the token came back in the one answer
    open_lobby(page)
    assert page.locator("#create-name").input_value() == f"{FAMILY} Ann"
    friend = new_page()
    friend.goto(f"/match/{match_id}")
    box = friend.locator("#join-name")
    box.fill("x" * 33)
    assert friend.locator("#join-name-hint").inner_text().startswith("This name is 33")
    box.fill("Ελένη")
    friend.get_by_role("button", name="Play as").first.click()
    friend.wait_for_function("() => !document.querySelector('#join-name')")
    open_lobby(friend)
    assert friend.locator("#create-name").input_value() == "Ελένη"


def test_the_share_link_uses_the_public_address(browser: Any, tmp_path: Path) -> None:
    server = start_server(tmp_path, CAMELCADE_SERVER_PUBLIC_URL="https://friends.example/")
    try:
        with chromium_watchdog(closing=False):
            context = browser.new_context(base_url=server.base)
            page = context.new_page()
        page.set_default_timeout(15_000)
        match_id = create_match(page, "kamelen", ["me", "open"], name="Ann")
        assert page.locator("#share-link").inner_text() == (
            f"https://friends.example/match/{match_id}")
        assert page.locator("#share-note").count() == 0
        page.goto(f"/match/{match_id}")
        page.wait_for_selector("#seats li")
        with chromium_watchdog():
            context.close()
    finally:
        server.stop()


def test_a_wrong_address_shows_the_404_page_with_the_way_back(own_page: Any) -> None:
    page = own_page
    response = page.goto("/match/nope?lang=fr")
    assert response.status == 404
    assert page.locator("h1").inner_text() == "Partie introuvable"
    audit(page, "the 404 page of a match")
    page.get_by_role("link", name="Aller au salon").click()
    page.wait_for_selector("#create-game option[value]", state="attached")
    response = page.goto("/rules/nope")
    assert response.status == 404 and page.locator("h1").inner_text() == "Page introuvable"
