"""The web app's calls are answered in the page's language, whatever chose it.

A page open in German while the language setting (the cookie) has since changed, in
another tab, to another language, in a browser that asks for yet another: the server's
refusals the page shows (``api()`` puts them in ``error.message``) must still be German,
the page's language, so ``api()`` sends it with every call.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.support import ServerProcess
from tests.web.support import chromium_watchdog

pytestmark = pytest.mark.browser

ASK = """async (path) => {
  const { api } = await import("/static/js/dom.js");
  try { await api(path); return "answered"; } catch (error) { return [error.code, error.message]; }
}"""


@pytest.mark.parametrize(("code", "said"), [
    ("de", "Es gibt keine Partie 'nope'."), ("fr", "Il n'y a pas de partie 'nope'."),
    ("da", "Der er intet parti 'nope'."), ("en", "There is no match 'nope'.")])
def test_a_refusal_reaches_the_page_in_the_page_s_language(
        browser: Any, web_server: ServerProcess, code: str, said: str) -> None:
    """(Its own browser context: the refusal's 404 is logged in the console on purpose,
    which ``new_page`` counts as a failure.)"""
    context = browser.new_context(base_url=web_server.base,
                                  locale="en-GB" if code != "en" else "de-DE")
    try:
        page = context.new_page()
        failures: list[str] = []
        page.on("pageerror", lambda error: failures.append(str(error)))
        page.goto(f"/my?lang={code}")
        assert page.locator("html").get_attribute("lang") == code
        other = "fr" if code != "fr" else "da"
        context.add_cookies([{"name": "camelcade_lang", "value": other,
                              "url": web_server.base}])  # the setting, changed elsewhere
        assert page.evaluate(ASK, "/api/matches/nope") == ["match/not_found", said]
        assert not failures
    finally:
        with chromium_watchdog():
            context.close()
