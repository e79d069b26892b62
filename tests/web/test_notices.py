"""The installable page and its push notices in chromium: the service worker registers at
the site's root, the web app manifest is served and valid, a pushed message becomes a
notification, and a seat finds "Notify me" in its match's settings."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from tests.server.support import ServerProcess
from tests.web.play import create_match, my_turn
from tests.web.support import audit

pytestmark = pytest.mark.browser

READY = """async () => {
  const registration = await navigator.serviceWorker.ready;
  return { scope: registration.scope, script: registration.active.scriptURL };
}"""
NOTIFICATIONS = """async () => {
  const registration = await navigator.serviceWorker.ready;
  return (await registration.getNotifications()).map(
    (n) => ({ title: n.title, body: n.body, url: n.data.url, tag: n.tag }));
}"""


def test_the_manifest_is_served_and_valid(new_page: Any, web_server: ServerProcess) -> None:
    page = new_page()
    page.goto("/")
    href = page.locator("link[rel=manifest]").get_attribute("href")
    assert href == "/manifest.webmanifest"
    answer = page.request.get(href, headers={"Accept-Language": "fr"})
    assert answer.status == 200
    assert answer.headers["content-type"].startswith("application/manifest+json")
    manifest = json.loads(answer.text())
    assert manifest["name"] and manifest["display"] == "standalone"
    assert manifest["start_url"] == "/my" and manifest["scope"] == "/"
    assert manifest["lang"] == "fr" and "navigateur" in manifest["description"]
    icon = manifest["icons"][0]
    assert page.request.get(icon["src"]).status == 200 and icon["type"] == "image/svg+xml"


def test_the_service_worker_registers_and_shows_a_pushed_notice(
        new_page: Any, web_server: ServerProcess) -> None:
    """Headless chromium has no push service to subscribe at, so the push is delivered by
    the DevTools protocol (``ServiceWorker.deliverPushMessage``) straight to the worker,
    which must show it as a notification carrying the match's address."""
    page = new_page()
    page.context.grant_permissions(["notifications"], origin=web_server.base)
    cdp = page.context.new_cdp_session(page)
    registrations: list[dict[str, Any]] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated",
           lambda event: registrations.extend(event["registrations"]))
    said: list[dict[str, Any]] = []  # what the worker went through, for a failure's message
    cdp.on("ServiceWorker.workerVersionUpdated", lambda event: said.extend(
        {key: v.get(key) for key in ("runningStatus", "status")} for v in event["versions"]))
    cdp.on("ServiceWorker.workerErrorReported", lambda event: said.append(event))
    cdp.send("ServiceWorker.enable")
    create_match(page, "toy", ["me", "bot:@easy"])
    ready = page.evaluate(READY)
    assert ready == {"scope": web_server.base + "/", "script": web_server.base + "/sw.js"}
    found = [r for r in registrations if r["scopeURL"] == web_server.base + "/"
             and not r.get("isDeleted")]
    assert found, registrations
    notice = {"title": "Your turn in Toy (South)", "body": "It is your turn as South in Toy.",
              "url": "/match/abc?lang=en", "tag": "abc.1", "kind": "turn", "lang": "en"}
    cdp.send("ServiceWorker.deliverPushMessage", {
        "origin": web_server.base, "registrationId": found[0]["registrationId"],
        "data": json.dumps(notice)})
    # A stopped worker is started to take the push: seconds on a loaded CI machine (it
    # once failed after 5), so the wait is long, and bounded.
    shown: list[dict[str, Any]] = []
    deadline = time.monotonic() + 30
    while not shown and time.monotonic() < deadline:
        page.wait_for_timeout(100)
        shown = page.evaluate(NOTIFICATIONS)
    assert shown == [{"title": notice["title"], "body": notice["body"],
                      "url": notice["url"], "tag": "abc.1"}], said


def test_a_seat_finds_notify_me_in_its_match_settings(new_page: Any) -> None:
    page = new_page()
    create_match(page, "toy", ["me", "bot:@easy"])
    assert my_turn(page)
    page.locator("#tab-settings").click()
    group = page.get_by_role("group", name="Notify me")
    group.wait_for()
    device = page.get_by_label("A notification on this device")
    assert device.is_visible() and not device.is_checked()
    assert page.locator("#notify-address").count() == 0  # this server sends no e-mail
    audit(page, "the match settings with Notify me")
