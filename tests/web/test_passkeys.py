"""Passkeys in headless chromium, with the browser's own virtual authenticator (CDP
``WebAuthn``, CTAP2, resident keys, user verified): a profile kept by a mailed link adds a
passkey by keyboard, and a second browser holding the same credential signs in with it and
finds the same match. Browsers refuse an IP address as a relying party, so these pages are
opened at ``localhost``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.support import ServerProcess
from tests.server.test_accounts import Mail
from tests.web.conftest import start_server
from tests.web.play import create_match, my_turn
from tests.web.support import audit
from tests.web.test_accounts import ask_link, follow

pytestmark = pytest.mark.browser

AUTHENTICATOR = {"protocol": "ctap2", "transport": "internal", "hasResidentKey": True,
                 "hasUserVerification": True, "isUserVerified": True,
                 "automaticPresenceSimulation": True}


@pytest.fixture(scope="module")
def mail() -> Iterator[Mail]:
    served = Mail()
    yield served
    served.controller.stop()


@pytest.fixture(scope="module")
def web_server(tmp_path_factory: pytest.TempPathFactory, mail: Mail) -> Iterator[ServerProcess]:
    server = start_server(tmp_path_factory.mktemp("passkeys"),
                          CAMELCADE_SERVER_SMTP_HOST="127.0.0.1",
                          CAMELCADE_SERVER_SMTP_PORT=str(mail.port))
    yield server
    server.stop()


def _authenticator(page: Any) -> tuple[Any, str]:
    """A virtual authenticator for ``page``'s browser (its CDP session and id)."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    made = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})
    return cdp, str(made["authenticatorId"])


def _said(page: Any, selector: str, pattern: str) -> str:
    page.wait_for_function("([s, p]) => new RegExp(p).test(document.querySelector(s)"
                           ".textContent)", arg=[selector, pattern])
    return str(page.locator(selector).inner_text())


def test_a_passkey_added_on_one_browser_signs_another_in_to_the_same_match(
        new_page: Any, mail: Mail, web_server: ServerProcess) -> None:
    base = web_server.base.replace("127.0.0.1", "localhost")
    first = new_page(base_url=base)
    cdp, first_id = _authenticator(first)
    match_id = create_match(first, "toy", ["me", "bot:@easy"])
    count = len(mail.inbox.messages)
    ask_link(first, "pia@example.org")
    link, _ = mail.link(count)
    assert link.startswith(f"{base}/account")
    follow(first, link)
    name = first.get_by_label("Name of the passkey (say, the device it is on)")
    name.fill("Laptop")
    first.get_by_role("button", name="Add a passkey").focus()
    first.keyboard.press("Enter")
    assert "Laptop is added" in _said(first, "#passkey-status", "is added")
    remove = first.get_by_role("button", name="Remove the passkey Laptop")
    remove.wait_for()
    assert "never used yet" in first.locator("#passkey-list").inner_text()
    audit(first, "the account page with a passkey")
    held = cdp.send("WebAuthn.getCredentials", {"authenticatorId": first_id})["credentials"]
    assert len(held) == 1 and held[0]["isResidentCredential"] and held[0]["rpId"] == "localhost"

    second = new_page(base_url=base)  # another browser, given the same passkey
    # The button alone here (autofill has its own test): chromium's virtual authenticator
    # answers a waiting autofill request the moment the passkey is added, racing the button.
    second.add_init_script(
        "PublicKeyCredential.isConditionalMediationAvailable = async () => false;")
    other_cdp, second_id = _authenticator(second)
    second.goto("/account")
    assert "a guest" in _said(second, "#account-who", "You play as")
    other_cdp.send("WebAuthn.addCredential", {"authenticatorId": second_id,
                                              "credential": held[0]})
    second.get_by_role("button", name="Sign in with a passkey").click()
    assert "signed in as" in _said(second, "#passkey-signin-status", "signed in as")
    assert "kept by pia@example.org" in second.locator("#account-who").inner_text()
    second.goto("/my")
    turn = second.locator("#my-turn a")
    turn.first.wait_for()
    assert turn.first.get_attribute("href") == f"/match/{match_id}"
    turn.first.click()
    second.wait_for_url(f"**/match/{match_id}")
    assert my_turn(second)

    first.reload()
    remove = first.get_by_role("button", name="Remove the passkey Laptop")
    remove.wait_for()  # the list is filled once the page has the profile
    assert "last used" in first.locator("#passkey-list").inner_text()
    remove.focus()
    first.keyboard.press("Enter")
    assert "no longer signs in" in _said(first, "#passkey-status", "removed")
    assert first.locator("#passkey-list").inner_text() == "No passkey yet."


def test_a_guests_page_offers_the_passkey_in_autofill(
        new_page: Any, mail: Mail, web_server: ServerProcess) -> None:
    """Conditional UI: a guest's account page waits for a passkey from the start, so a
    browser holding one signs in without the button (chromium's virtual authenticator
    picks it as a person would in the address field's autofill)."""
    base = web_server.base.replace("127.0.0.1", "localhost")
    first = new_page(base_url=base)
    cdp, first_id = _authenticator(first)
    count = len(mail.inbox.messages)
    ask_link(first, "quinn@example.org")
    link, _ = mail.link(count)
    follow(first, link)
    first.get_by_label("Name of the passkey (say, the device it is on)").fill("Phone")
    first.get_by_role("button", name="Add a passkey").click()
    _said(first, "#passkey-status", "is added")
    held = cdp.send("WebAuthn.getCredentials", {"authenticatorId": first_id})["credentials"]

    second = new_page(base_url=base)
    other_cdp, second_id = _authenticator(second)
    other_cdp.send("WebAuthn.addCredential", {"authenticatorId": second_id,
                                              "credential": held[0]})
    second.goto("/account")
    assert second.locator("#login-email").get_attribute("autocomplete") == "username webauthn"
    assert "signed in as" in _said(second, "#passkey-signin-status", "signed in as")
    assert "kept by quinn@example.org" in second.locator("#account-who").inner_text()
