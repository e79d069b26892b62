"""The web app in the browser's language: ``<html lang>`` says it (axe checks it is a
valid language), the setting in the header changes it for good, and the match page's
modules load their catalogue before they speak."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.play import create_match
from tests.web.support import audit

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("locale", "code"), [("de-DE", "de"), ("fr-FR", "fr"),
                                              ("da-DK", "da"), ("en-GB", "en")])
def test_the_lobby_comes_in_the_browser_s_language(new_page: Any, locale: str,
                                                   code: str) -> None:
    page = new_page(locale=locale)
    page.goto("/")
    assert page.locator("html").get_attribute("lang") == code
    assert page.locator("#cc-lang").input_value() == code
    audit(page, f"the lobby in {code}")


def test_the_language_setting_is_kept_from_page_to_page(new_page: Any) -> None:
    page = new_page(locale="en-GB")
    page.goto("/")
    with page.expect_navigation():
        page.locator("#cc-lang").select_option("fr")
    assert page.locator("html").get_attribute("lang") == "fr"
    page.goto("/my")
    assert page.locator("html").get_attribute("lang") == "fr"
    page.goto("/?lang=da")
    page.goto("/replay")
    assert page.locator("html").get_attribute("lang") == "da"


@pytest.mark.parametrize("code", ["de", "fr", "da"])
def test_a_match_page_in_another_language_plays_and_passes_axe(new_page: Any, code: str) -> None:
    """A real game against a bot, switched to another language by the page's setting (the
    lobby is filled in English, so the form's labels are known): the page says its
    language, the position and what the live region says are no longer the English ones,
    and axe finds nothing, ``lang`` included."""
    page = new_page(locale="en-GB")
    create_match(page, "a-dos-de-chameau", ["me", "bot:@easy"])
    page.locator("#act").wait_for()
    page.locator("#position").wait_for()
    english = page.locator("#position").inner_text()
    page.goto(page.url.split("?")[0] + f"?lang={code}")
    page.locator("#act").wait_for()
    page.wait_for_function("() => document.querySelector('#position')?.innerText.length > 0")
    assert page.locator("html").get_attribute("lang") == code
    translated = page.locator("#position").inner_text()
    assert translated and translated != english
    for english_words in ("It is your turn", "Your turn", "legal moves"):
        assert english_words not in translated, (english_words, translated)
    audit(page, f"an A dos de Chameau match in {code}")
