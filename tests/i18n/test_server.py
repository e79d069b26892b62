"""The server words each connection's text in its own language, and serves pages in the
browser's. The catalogues are pseudo-translations (``«de» ...``): the machinery is tested
here, the translations by test_catalogues."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.i18n.support import pseudo_catalogues
from tests.server.support import Api, Client, ServerThread, past


@pytest.fixture
def pseudo() -> Iterator[None]:
    with pseudo_catalogues():
        yield


def marks(text: str) -> set[str]:
    return {code for code in ("de", "fr", "da") if f"«{code}»" in text}


def test_each_seat_hears_its_own_language_in_the_same_match(
        server: ServerThread, api: Api, pseudo: None) -> None:
    match_id, _host, tokens = api.open_match(players=2)
    german = Client(server.ws_base, match_id, tokens[0], lang="de")
    french = Client(server.ws_base, match_id, tokens[1], lang="fr-CH")
    danish = Client(server.ws_base, match_id, headers={"Accept-Language": "da, en;q=0.5"})
    english = Client(server.ws_base, match_id, lang="ja")  # not spoken: English
    clients = {"de": german, "fr": french, "da": danish, "en": english}
    for code, client in clients.items():
        assert client.welcome["lang"] == code
    states = {code: client.wait_state() for code, client in clients.items()}
    for code, state in states.items():
        assert marks(state["view"]["description"]) == ({code} - {"en"})
    assert states["de"]["legal_actions"] and all(
        marks(entry["description"]) == {"de"} for entry in states["de"]["legal_actions"])
    assert states["fr"]["legal_actions"] == []

    sid = states["de"]["state_id"]
    german.act(states["de"]["legal_actions"][0]["action"], sid)
    after = {code: client.wait_state(past(sid)) for code, client in clients.items()}
    for code, state in after.items():
        events = state["view"]["events"]
        assert events and all(marks(event) == ({code} - {"en"}) for event in events), events
    # the notation the server and the records keep is one, whatever the language
    assert danish.history == english.history
    assert not any(marks(entry) for client in clients.values() for entry in client.history)
    for client in clients.values():
        client.close()


def test_pages_come_in_the_browser_s_language_and_say_so(api: Api, pseudo: None) -> None:
    asked = api.http.get("/", headers={"Accept-Language": "fr;q=0.9, de"})
    assert '<html lang="de">' in asked.text and "«de» Create a match" in asked.text
    assert "Accept-Language" in asked.headers["vary"]
    setting = api.http.get("/my", headers={"Accept-Language": "de", "Cookie": "camelcade_lang=da"})
    assert '<html lang="da">' in setting.text and "«da» My games" in setting.text
    chosen = api.http.get("/replay?lang=fr", headers={"Cookie": "camelcade_lang=da"})
    assert '<html lang="fr">' in chosen.text and 'aria-label="«fr» Site"' in chosen.text
    plain = api.http.get("/match/x", headers={"Accept-Language": "ja"})
    assert '<html lang="en">' in plain.text and "«" not in plain.text.split("<main")[1]


def test_the_web_catalogue_of_each_language_is_served(api: Api) -> None:
    german = api.http.get("/i18n/de.json").json()
    assert german["lang"] == "de" and german["plural_categories"] == ["one", "other"]
    assert isinstance(german["messages"], dict)
    assert api.http.get("/i18n/en.json").json()["messages"] == {}
    assert api.http.get("/i18n/xx.json").status_code == 404


def test_rules_pages_fall_back_to_english_and_say_in_which_language(
    api: Api, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = api.http.get("/rules/kamelen/developer", headers={"Accept-Language": "de"}).text
    assert '<html lang="de">' in page and '<article class="cc-rules" lang="de">' in page
    english_only = tmp_path / "games"
    english_only.mkdir()
    (english_only / "kamelen.md").write_text("# Kamelen\n\nThe rules.\n", encoding="utf-8")
    monkeypatch.setattr("camelcade.core.rules_docs.doc_dirs", lambda: [english_only])
    from camelcade.server.web.routes import _rules_html

    _rules_html.cache_clear()  # pages are made once per game and language
    try:
        page = api.http.get("/rules/kamelen/developer",
                            headers={"Accept-Language": "de"}).text
        assert '<html lang="de">' in page and '<article class="cc-rules" lang="en">' in page
    finally:
        _rules_html.cache_clear()  # no page of the stand-in folder outlives the test


def test_the_json_calls_answer_in_the_request_s_language(api: Api, pseudo: None) -> None:
    match_id, _host, _tokens = api.open_match(players=2)
    asked = api.http.post(f"/api/web/matches/{match_id}/ask", json={"command": "hand"},
                          headers={"Accept-Language": "da"}).json()
    assert marks(asked["text"]) == {"da"}
    plain = api.http.post(f"/api/web/matches/{match_id}/ask", json={"command": "hand"}).json()
    assert marks(plain["text"]) == set()
