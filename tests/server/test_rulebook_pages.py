"""``/rules/<game>``: the player's rulebook in the page's language, its pictures drawn by
the game's board, the language links under the title in one order, the developer document
one link away, "Learn to play" only where that page exists, and nothing of the Markdown
passed through as HTML."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from camelcade.cli.main import app as cli_app
from camelcade.core import registry, rules_docs
from camelcade.core.plugin import GamePlugin, Ref, WebSlot
from camelcade.core.registry import plugin
from camelcade.core.rules_docs import find_rulebook
from camelcade.server.web import routes
from tests.server.conftest import sqlite_settings
from tests.server.support import Api, ServerThread

GAMES = ("a-dos-de-chameau", "camel-drive", "camel-up", "caravan", "kamelen")
LANGUAGES = ("en", "de", "fr", "da")
NAMES = ("English", "Deutsch", "Français", "Dansk")


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    running = ServerThread(sqlite_settings(tmp_path_factory.mktemp("rulesdb"))).start()
    client = Api(running.base)
    yield client
    client.http.close()
    running.stop()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_page_is_the_players_rulebook_in_the_pages_language(api: Api,
                                                                       game_id: str) -> None:
    for lang in LANGUAGES:
        page = api.http.get(f"/rules/{game_id}", params={"lang": lang})
        assert page.status_code == 200
        html = page.text
        assert f'<html lang="{lang}">' in html and html.count("<h1") == 1
        assert f'<article class="cc-rules" lang="{lang}">' in html
        assert 'class="cc-note"' not in html  # written in this language: no note
        # The language links come right after the title, in the same order everywhere.
        title_end, nav = html.index("</h1>"), html.index('<nav class="cc-languages"')
        assert nav == title_end + len("</h1>")
        links = re.findall(r'hreflang="(\w+)"', html)
        assert links == list(LANGUAGES)
        assert f'hreflang="{lang}" lang="{lang}" aria-current="page"' in html
        # The pictures are inline SVG named in the page's language, and the board's words
        # are the game's own, in that language too.
        pictures = re.findall(r'<svg [^>]*role="img" aria-label="([^"]+)"', html)
        assert pictures and "](board:" not in html and "<img" not in html
        assert f'href="/rules/{game_id}/developer"' in html
        # "Learn to play" is linked exactly for the games that have lessons.
        has_lessons = plugin(game_id).lessons is not None
        assert (f'href="/learn/{game_id}"' in html) == has_lessons
        assert len(html) < 150_000


def test_the_developer_document_keeps_its_address_with_the_links_after_the_title(
        api: Api) -> None:
    html = api.http.get("/rules/camel-up/developer", params={"lang": "fr"}).text
    assert "Odds API" in html or "API" in html
    assert html.index('<nav class="cc-languages"') == html.index("</h1>") + len("</h1>")
    assert re.findall(r'hreflang="(\w+)"', html) == list(LANGUAGES)
    assert 'href="/rules/camel-up"' in html
    assert api.http.get("/rules/nope/developer").status_code == 404


def test_the_rulebook_is_far_shorter_than_the_developer_document(api: Api) -> None:
    for game_id in GAMES:
        player = find_rulebook(game_id, "en")
        developer = rules_docs.find_rules_doc(game_id, "en")
        assert player is not None and developer is not None
        assert len(player.text) * 5 < len(developer.read_text(encoding="utf-8"))


def test_learn_to_play_is_linked_from_a_game_with_lessons_only() -> None:
    with_learn = routes._rulebook_html("kamelen", "de")
    assert 'href="/learn/kamelen"' in with_learn and "Kamelen spielen lernen" in with_learn
    assert "/learn/" not in routes._rulebook_html("caravan", "de")


# An outside game: a package of its own, shipping its rulebooks in its folder.

OUTSIDE = "outside_rules_game"
RULES = """# Outside toy: rules

Add 1 or 2 <script>alert("x")</script> to the total.

![The <start> & "setup"](board:setup)

<img src=x onerror=alert(1)> [a link](javascript:alert(1))

## Setup

Nothing.
"""


@pytest.fixture
def outside_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A game package outside camelcade (on the path, registered as an entry point's
    module would be), with rules in English and German only."""
    package = tmp_path / OUTSIDE
    (package / "rules").mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "game.py").write_text(
        "from typing import ClassVar\nfrom tests.toygame.game import ToyGame\n\n\n"
        "class OutsideToy(ToyGame):\n    id: ClassVar[str] = 'outside-toy'\n"
        "    title: ClassVar[str] = 'Outside toy'\n", encoding="utf-8")
    (package / "rules" / "en.md").write_text(RULES, encoding="utf-8")
    (package / "rules" / "de.md").write_text("# Outside toy: Regeln\n\nZähle 1 oder 2 dazu.\n",
                                             encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    plugin = GamePlugin(id="outside-toy", game=Ref(f"{OUTSIDE}.game:OutsideToy"),
                        web=WebSlot(layout=Ref("tests.toygame.web:layout")))
    registry.register(plugin)
    routes._rulebook_html.cache_clear()
    yield plugin.id
    registry.unregister(plugin.id)
    routes._rulebook_html.cache_clear()
    for name in [name for name in sys.modules if name.startswith(OUTSIDE)]:
        del sys.modules[name]


def test_an_outside_games_rulebook_is_found_through_its_package(outside_game: str) -> None:
    german = find_rulebook(outside_game, "de")
    assert german is not None and german.lang == "de" and "Zähle" in german.text
    danish = find_rulebook(outside_game, "da")
    assert danish is not None and danish.lang == "en" and danish.fallback
    assert rules_docs.rulebook_languages(outside_game, list(LANGUAGES)) == ["en", "de"]


def test_a_missing_language_is_shown_in_english_with_a_note(outside_game: str) -> None:
    html = routes._rulebook_html(outside_game, "da")
    assert '<html lang="da">' in html and '<article class="cc-rules" lang="en">' in html
    assert ('<p class="cc-note" lang="da">Disse regler er endnu ikke skrevet på Dansk; '
            "her er de på engelsk.</p>") in html
    assert re.findall(r'hreflang="(\w+)"', html) == ["en", "de"]


def test_nothing_of_the_markdown_passes_as_html_but_the_pictures(outside_game: str) -> None:
    html = routes._rulebook_html(outside_game, "en")
    main = html.split("<main", 1)[1]
    assert "<script>" not in main and "&lt;script&gt;" in main
    assert "<img" not in main and "&lt;img src=x onerror=alert(1)&gt;" in main
    assert 'href="javascript:' not in main
    assert main.count("<svg") == 1
    assert 'aria-label="The &lt;start&gt; &amp; &quot;setup&quot;"' in main
    assert "<title>The &lt;start&gt; &amp; \"setup\"</title>" in main


def test_the_terminal_prints_an_outside_games_rulebook_in_words(outside_game: str) -> None:
    runner = CliRunner()
    result = runner.invoke(cli_app, ["rules", outside_game, "--plain", "--lang", "da"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "Disse regler er endnu ikke skrevet på Dansk; her er de på engelsk."
    assert "Outside toy: rules:" in lines
    assert 'The <start> & "setup":' in lines  # the picture's words, then the position
    assert "board:" not in result.output and "![" not in result.output
