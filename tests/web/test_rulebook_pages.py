"""The players' rulebooks in a browser: each of the five games in each of the four
languages passes axe, with its pictures drawn inline and named in the page's language."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.support import audit

pytestmark = pytest.mark.browser

GAMES = ("a-dos-de-chameau", "camel-drive", "camel-up", "caravan", "kamelen")
LANGUAGES = ("en", "de", "fr", "da")


def test_every_rulebook_page_passes_axe_in_every_language(new_page: Any) -> None:
    page = new_page()
    for game_id in GAMES:
        for lang in LANGUAGES:
            page.goto(f"/rules/{game_id}?lang={lang}")
            assert page.locator("html").get_attribute("lang") == lang
            pictures = page.get_by_role("img")
            assert pictures.count() >= 1
            name = pictures.first.get_attribute("aria-label") or ""
            assert page.locator(f'img[alt="{name}"]').count() == 0  # inline, not a file
            assert page.get_by_role("link", name="Dansk").count() == 1
            audit(page, f"the rules of {game_id} in {lang}")
