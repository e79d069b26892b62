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


def test_a_match_page_in_another_language_plays_and_passes_axe(new_page: Any) -> None:
    page = new_page(locale="de-DE")
    create_match(page, "toy", ["me", "bot:@easy"])
    page.locator("#act").wait_for()
    assert page.locator("html").get_attribute("lang") == "de"
    audit(page, "a match in German")
