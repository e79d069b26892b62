"""A new player, as in headless chromium (issue 28, item 1): plays as a guest at once,
keeps the profile by the link of a mail read from a real SMTP server (aiosmtpd on
127.0.0.1), and a second browser signed in by another link finds the same match with its
turn. The account page and My games pass axe, in English and in German."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.support import ServerProcess
from tests.server.test_accounts import Mail
from tests.web.conftest import start_server
from tests.web.play import create_match, my_turn
from tests.web.support import audit, chromium_watchdog

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def mail() -> Iterator[Mail]:
    served = Mail()
    yield served
    served.controller.stop()


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory, mail: Mail) -> Iterator[ServerProcess]:
    """This module's server sends mail (``new_page`` opens pages on it)."""
    server = start_server(tmp_path_factory.mktemp("accounts"),
                          CAMELCADE_SERVER_SMTP_HOST="127.0.0.1",
                          CAMELCADE_SERVER_SMTP_PORT=str(mail.port))
    yield server
    server.stop()


def ask_link(page: Any, address: str) -> None:
    page.goto("/account")
    page.locator("#account-who").filter(has_text="You play as").wait_for()  # the page's script runs
    page.get_by_label("E-mail address").first.fill(address)
    page.get_by_role("button", name="Send me a sign-in link").click()
    page.wait_for_function("() => /on its way/.test(document.querySelector('#link-status')"
                           ".textContent)")


def follow(page: Any, link: str) -> None:
    page.goto(link)
    page.wait_for_function("() => /signed in as/.test(document.querySelector("
                           "'#signin-status').textContent)")
    assert "#signin" not in page.url  # the token leaves the address bar at once


def test_a_guest_plays_at_once_keeps_the_profile_and_finds_the_match_elsewhere(
        new_page: Any, mail: Mail, tmp_path: Path) -> None:
    first = new_page()
    match_id = create_match(first, "toy", ["me", "bot:@easy"])
    assert my_turn(first)  # no form: a guest from the first page on
    first.goto("/account")
    who = first.locator("#account-who")
    who.filter(has_text="You play as").wait_for()  # filled in once /api/me answers
    assert who.inner_text().startswith("You play as Guest ")
    audit(first, "the account page of a guest")
    ask_link(first, "ada@example.org")
    link, _ = mail.link(0)
    follow(first, link)
    assert "kept by ada@example.org" in who.inner_text()
    audit(first, "the account page of a kept profile")

    second = new_page()  # another browser: nothing in its storage
    second.goto("/my")
    assert match_id not in second.locator("#my-turn").inner_text()
    ask_link(second, "ada@example.org")
    link, _ = mail.link(1)
    follow(second, link)
    assert "kept by ada@example.org" in second.locator("#account-who").inner_text()
    second.goto("/my")
    turn = second.locator("#my-turn a")
    turn.first.wait_for()
    assert turn.count() == 1 and turn.first.get_attribute("href") == f"/match/{match_id}"
    audit(second, "My games of a profile signed in on a second browser")
    turn.first.click()
    second.wait_for_url(f"**/match/{match_id}")
    assert my_turn(second)


def test_the_account_page_speaks_german_and_refuses_a_used_link(
        new_page: Any, mail: Mail, browser: Any, web_server: ServerProcess) -> None:
    page = new_page(locale="de-DE", extra_http_headers={"Accept-Language": "de"})
    page.goto("/account?lang=de")
    assert page.locator("h1").inner_text() == "Konto"
    page.locator("#account-who").filter(has_text="Du spielst als Gast").wait_for()
    audit(page, "the account page in German")
    count = len(mail.inbox.messages)
    page.get_by_label("E-Mail-Adresse").first.fill("bo@example.org")
    page.get_by_role("button", name="Anmeldelink senden").click()
    page.wait_for_function("() => /unterwegs/.test(document.querySelector('#link-status')"
                           ".textContent)")
    message = mail.message(count)
    assert message["Subject"] == "Dein Anmeldelink für camelcade"
    link, _ = mail.link(count)
    page.goto(link)
    page.wait_for_function("() => /angemeldet/.test(document.querySelector("
                           "'#signin-status').textContent)")
    # The same link in another browser: used already. (Its page logs the refusal's 400,
    # which ``new_page`` would count as a failure.)
    with chromium_watchdog(closing=False):
        context = browser.new_context(base_url=web_server.base, locale="de-DE")
        other = context.new_page()
    errors: list[str] = []
    other.on("pageerror", lambda error: errors.append(str(error)))
    other.set_default_timeout(15_000)
    try:
        other.goto(link)
        other.wait_for_function("() => /schon benutzt/.test(document.querySelector("
                                "'#signin-status').textContent)")
        assert "Gast" in other.locator("#account-who").inner_text()
    finally:
        with chromium_watchdog():
            context.close()
    assert not errors


def test_the_account_page_signs_a_terminal_in_by_keyboard(
        new_page: Any, web_server: ServerProcess) -> None:
    import httpx

    page = new_page()
    page.goto("/account")
    page.locator("#account-who").filter(has_text="You play as").wait_for()
    button = page.get_by_role("button", name="Make a terminal token")
    button.focus()
    page.keyboard.press("Enter")
    page.locator("#terminal-status").filter(has_text="shown only this once").wait_for()
    token_box = page.get_by_label("Token (keep it secret)")
    assert token_box.get_attribute("readonly") is not None
    assert page.evaluate("document.activeElement.id") == "terminal-token"
    assert page.get_by_label("Command").input_value() == (
        f"camelcade online login --server {web_server.base}")
    audit(page, "the account page with a terminal token")
    token = token_box.input_value()
    answer = httpx.get(f"{web_server.base}/api/me",
                       headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200, answer.text
    assert answer.json()["profile"]["name"] in page.locator("#account-who").inner_text()
