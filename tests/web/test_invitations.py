"""Invitations in headless chromium (issue 28, item 5), two people in two browsers: Ada
invites Bea by name from the lobby, Bea accepts at the top of My games and lands in the
match, where Bea's "Good game" reaches Ada; at its end Ada plays again with the same people,
and Bea finds that invitation too.
Every page changed passes axe; Bea's answer is given by keyboard."""

from __future__ import annotations

import random
import sqlite3
import time
from typing import Any

import pytest

from tests.server.support import ServerProcess
from tests.web.play import choose_from_list, create_match
from tests.web.support import audit

pytestmark = pytest.mark.browser


def named(page: Any, name: str) -> str:
    """Rename this browser's (guest) profile on the account page; its id."""
    page.goto("/account")
    page.locator("#account-who").filter(has_text="You play as").wait_for()
    page.get_by_label("Display name").fill(name)
    page.get_by_role("button", name="Save the name").click()
    page.locator("#name-status").filter(has_text=name).wait_for()
    return str(page.evaluate("async () => (await (await fetch('/api/me')).json()).profile.id"))


def keep(server: ServerProcess, profile_id: str, address: str) -> None:
    """Keep the profile with an address, as its sign-in link would (tested elsewhere)."""
    assert server.db is not None
    with sqlite3.connect(server.db) as conn:
        conn.execute("UPDATE profiles SET email = ? WHERE id = ?", (address, profile_id))


def play_both_to_end(pages: list[Any], rng: random.Random, seconds: float = 60.0) -> None:
    """Each page moves when its status says it is its turn, until both say Finished."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        said = [page.locator("#status").inner_text() for page in pages]
        if all(text.startswith("Finished") for text in said):
            return
        for page, text in zip(pages, said, strict=True):
            if text.startswith("Your turn"):
                choose_from_list(page, rng)
        time.sleep(0.05)
    raise AssertionError("the match did not end")


def accept_first_invitation(page: Any, inviter: str) -> str:
    """On My games, by keyboard: the invitation is listed first; Accept opens the match."""
    page.goto("/my")
    item = page.locator("#my-invites li").first
    item.filter(has_text=f"{inviter} invites you").wait_for()
    audit(page, "My games with an invitation")
    accept = item.get_by_role("button", name="Accept")
    accept.focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/match/*")
    return str(page.url.rsplit("/", 1)[1])


def test_invite_by_name_accept_in_my_games_and_play_again(
        new_page: Any, web_server: ServerProcess) -> None:
    ada, bea = new_page(), new_page()
    ada_id = named(ada, "Ada")
    bea_id = named(bea, "Bea")
    keep(web_server, ada_id, "ada@example.org")
    keep(web_server, bea_id, "bea@example.org")

    match_id = create_match(ada, "toy", ["me", "open"], options={"target": 4}, name="Ada")
    form = ada.locator("#invite-form")
    ada.get_by_label("Player's name").fill("Bea")
    form.get_by_role("button", name="Invite").click()
    ada.locator("#invite-status").filter(has_text="Bea is invited to play as Player 2").wait_for()
    audit(ada, "the lobby after inviting")

    assert accept_first_invitation(bea, "Ada") == match_id
    ada.goto(f"/match/{match_id}")
    ada.locator("#status").filter(has_text="Your turn").wait_for()
    audit(bea, "a match with the reactions")
    bea.get_by_role("group", name="Reactions").get_by_role("button", name="Good game").click()
    ada.locator("#said li").filter(has_text="Good game, says South.").wait_for(state="attached")
    play_both_to_end([ada, bea], random.Random(5))

    ada.get_by_role("button", name="Play again with the same people").click()
    ada.wait_for_url(lambda url: "/match/" in url and match_id not in url)
    again_id = ada.url.rsplit("/", 1)[1]
    ada.locator("#status").filter(has_text="Waiting").wait_for()
    audit(ada, "the waiting page of the match played again")
    assert ada.locator("#invite-form").is_visible()  # the seat is open until Bea takes it

    bea.goto("/my")
    sent = ada.evaluate("async () => (await (await fetch('/api/me/invitations')).json()).sent")
    assert [(i["player"], i["status"]) for i in sent] == [("Bea", "pending"), ("Bea", "accepted")]
    assert accept_first_invitation(bea, "Ada") == again_id
    bea.locator("#status").filter(has_text="Your turn").or_(
        bea.locator("#status").filter(has_text="to move")).first.wait_for()


def test_block_on_the_profile_page_and_unblock_on_the_account_page(
        new_page: Any, web_server: ServerProcess) -> None:
    cy, dee = new_page(), new_page()
    cy_id = named(cy, "Cy")
    dee_id = named(dee, "Dee")
    keep(web_server, dee_id, "dee@example.org")
    dee.goto(f"/player/{cy_id}")
    button = dee.get_by_role("button", name="Block this player")
    button.focus()
    dee.keyboard.press("Enter")
    dee.locator("#block-status").filter(has_text="Blocked:").wait_for()
    assert dee.evaluate("document.activeElement.textContent") == "Unblock this player"
    audit(dee, "a profile page of a blocked player")
    cy.goto(f"/player/{dee_id}")  # a guest visitor is offered nothing
    cy.locator("h1").wait_for()
    assert cy.locator("#block button").count() == 0
    dee.goto("/account")
    unblock = dee.get_by_role("button", name="Unblock Cy")
    unblock.wait_for()
    audit(dee, "the account page with a blocked player")
    unblock.focus()
    dee.keyboard.press("Enter")
    dee.locator("#blocks-status").filter(has_text="Cy is unblocked.").wait_for()
    assert dee.locator("#blocks li").inner_text() == "Nobody is blocked."
