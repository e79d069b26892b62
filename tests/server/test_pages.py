"""Pages for wrong addresses, and what a page knows of the server (issue 14, items 7-8).

``/match/unknown`` answered 200 with an empty page and ``/rules/nope`` raw JSON; each now
gets a 404 page in the site's layout and the page's language, with a link to the lobby.
Share links came from the address the host opened (``http://127.0.0.1:8101``), which no
friend reaches; a page now carries the configured public address, and says when the
server listens on this computer only.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from camelcade.cli.main import app
from camelcade.server.names import MAX_NAME_CHARS
from camelcade.server.settings import check_public_url, loopback_only, settings_for
from tests.server.conftest import sqlite_settings
from tests.server.support import Api, ServerThread


@pytest.mark.parametrize(("path", "heading"), [
    ("/match/unknown", "Match not found"), ("/replay/unknown", "Match not found"),
    ("/rules/nope", "Page not found"), ("/no/such/page", "Page not found"),
])
def test_wrong_addresses_get_a_404_page_in_the_site_layout(api: Api, path: str,
                                                           heading: str) -> None:
    response = api.http.get(path, headers={"Accept": "text/html"})
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("text/html")
    html = response.text
    assert f"<h1>{heading}</h1>" in html and html.count("<h1") == 1
    assert '<header class="cc-header">' in html and '<nav aria-label="Site">' in html
    assert '<a href="/">Go to the lobby</a>' in html


@pytest.mark.parametrize(("lang", "heading", "back"), [
    ("de", "Partie nicht gefunden", "Zur Lobby"),
    ("fr", "Partie introuvable", "Aller au salon"),
    ("da", "Partiet findes ikke", "Gå til lobbyen"),
])
def test_the_404_page_is_in_the_pages_language(api: Api, lang: str, heading: str,
                                               back: str) -> None:
    html = api.http.get(f"/match/unknown?lang={lang}").text
    assert f'<html lang="{lang}">' in html and f"<h1>{heading}</h1>" in html
    assert f'<a href="/">{back}</a>' in html
    rules = api.http.get("/rules/nope", headers={"Accept-Language": lang})
    assert rules.status_code == 404 and f'<html lang="{lang}">' in rules.text


def test_a_match_page_of_a_real_match_is_still_served(api: Api) -> None:
    match_id = api.create("kamelen")["match"]["id"]
    assert api.http.get(f"/match/{match_id}").status_code == 200


def test_json_clients_still_get_the_error_body_for_unknown_api_paths(api: Api) -> None:
    assert api.error(api.http.get("/api/nothing")) == "match/not_found"


def meta(html: str, name: str) -> str:
    found = re.search(rf'<meta name="{name}" content="([^"]*)">', html)
    assert found is not None, name
    return found.group(1)


def test_a_loopback_server_without_public_address_says_so(api: Api) -> None:
    html = api.http.get("/").text
    assert meta(html, "camelcade-public-url") == ""
    assert meta(html, "camelcade-listens") == "loopback"
    assert meta(html, "camelcade-name-chars") == str(MAX_NAME_CHARS)
    assert 'id="create-name"' in html and 'aria-describedby="create-name-hint"' in html


@pytest.fixture(scope="module")
def public(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Api]:
    settings = sqlite_settings(tmp_path_factory.mktemp("public"),
                               public_url="https://games.example.org")
    running = ServerThread(settings).start()
    client = Api(running.base)
    yield client
    client.http.close()
    running.stop()


def test_pages_carry_the_public_address_and_no_loopback_note(public: Api) -> None:
    for path in ("/", "/match/" + public.create("kamelen")["match"]["id"]):
        html = public.http.get(path).text
        assert meta(html, "camelcade-public-url") == "https://games.example.org"
        assert meta(html, "camelcade-listens") == "network"


def test_the_public_address_is_a_flag_and_a_variable(tmp_path: Path) -> None:
    db = str(tmp_path / "x.db")
    assert settings_for(db, public_url="https://a.example/").public_url == "https://a.example"
    environ = {"CAMELCADE_SERVER_PUBLIC_URL": "http://b.example:8000/"}
    assert settings_for(db, environ=environ).public_url == "http://b.example:8000"
    assert settings_for(db, environ=environ, public_url="https://c.example").public_url \
        == "https://c.example"  # the flag wins
    for bad in ("games.example.org", "ftp://x.example", "https://x.example/?a=1"):
        with pytest.raises(ValueError, match="http:// or https://"):
            check_public_url(bad)
    assert loopback_only("127.0.0.1") and loopback_only("localhost") and loopback_only("::1")
    assert not loopback_only("0.0.0.0") and not loopback_only("192.168.1.5")


def test_serve_refuses_a_public_url_that_is_no_address() -> None:
    result = CliRunner().invoke(app, ["serve", "--public-url", "games.example.org"])
    assert result.exit_code != 0
    assert "--public-url must be an http:// or https:// address" in result.output
