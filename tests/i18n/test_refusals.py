"""Refusals in the reader's language: the server's websocket and HTTP errors, the terminal.

A refusal's ``code`` is the closed, language-neutral set of ``docs/api.md``; its
``message`` is read by a person, so it comes in the language of the seat (its hello, else
its handshake's ``Accept-Language``) or of the HTTP request. These tests read the real
catalogues and look for English with the playthrough's detection: words that are English
and not German, French or Danish, and the catalogue's long English sentences.
"""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Any

import pytest

from camelcade.cli.online import lobby_lines
from camelcade.core.errors import IllegalActionError
from camelcade.core.registry import load
from camelcade.core.words import language, t
from tests.i18n.test_playthrough import ENGLISH_ONLY, english_sentences
from tests.server.support import Api, Client, ServerThread

NOTATION = re.compile(r"(?<!\w)'[^'\s][^']*'(?!\w)|\"[^\"]*\"|\{[^}]*\}|\S+@\S+|--[\w-]+")
"""Quoted text (what the client sent, notation, field names), addresses and command-line
options (``--players``): not words.
A quote opens after a space, never inside a word (French "l'option" elides)."""


def english_in(text: str) -> list[str]:
    """The English a reader of another language would meet in ``text``."""
    words = NOTATION.sub(" ", text)
    found = ENGLISH_ONLY.findall(words)
    return found + [sentence for sentence in english_sentences() if sentence in text]


def refusal(client: Client, message: dict[str, Any]) -> dict[str, Any]:
    client.send(message)
    return client.wait_error()


def both_languages(server: ServerThread, api: Api, waiting: bool
                   ) -> tuple[Client, Client, int]:
    """A running two-seat Kamelen match and one of its seats (the one to move, or the one
    waiting) connected twice: in German and in English; and that seat."""
    match_id, _host, tokens = api.open_match(game="kamelen", players=2)
    probe = Client(server.ws_base, match_id, tokens[0])
    mover = probe.wait_state(lambda m: m["status"] == "running")["current_player"]
    probe.close()
    seat = 1 - mover if waiting else mover
    german = Client(server.ws_base, match_id, tokens[seat], lang="de")
    english = Client(server.ws_base, match_id, tokens[seat], lang="en")
    for client in (german, english):
        client.wait_state(lambda m: m["status"] == "running")
    return german, english, seat


def test_a_german_seat_is_refused_in_german_an_english_one_in_english_same_codes(
        server: ServerThread, api: Api) -> None:
    german, english = both_languages(server, api, waiting=True)[:2]
    sid = german.wait_state()["state_id"]
    asked = {
        "not your turn": {"type": "action", "action": "pass", "state_id": sid},
        "stale": {"type": "action", "action": "pass", "state_id": sid + 7},
        "malformed": {"type": "action", "action": "pass", "state_id": "one"},
        "hello again": {"type": "hello"},
        "unknown type": {"type": "shout"},
    }
    for kind, message in asked.items():
        in_german, in_english = refusal(german, message), refusal(english, message)
        assert in_german["code"] == in_english["code"], kind
        assert in_german["message"] != in_english["message"], (kind, in_german)
        assert not english_in(in_german["message"]), (kind, in_german["message"])
    assert refusal(german, asked["not your turn"])["code"] == "action/not_your_turn"
    malformed = refusal(german, asked["malformed"])["message"]
    assert "state_id" in malformed and "muss eine ganze Zahl sein" in malformed  # field kept
    german.close()
    english.close()


def test_an_illegal_action_is_refused_as_the_engine_words_it_in_the_seat_s_language(
        server: ServerThread, api: Api) -> None:
    """The engine's refusal (what was wrong, what is legal) is worded while the seat's
    language is current, with the one code ``action/illegal``."""
    german, english, seat = both_languages(server, api, waiting=False)
    sid = german.wait_state()["state_id"]
    position = load("kamelen").new_state()
    for action in german.history:
        position.apply(action)
    for code, client in (("de", german), ("en", english)):
        refused = refusal(client, {"type": "action", "action": "xyzzy", "state_id": sid})
        assert refused["code"] == "action/illegal" and refused["state_id"] == sid
        with language(code), pytest.raises(IllegalActionError) as engine:
            position.check_action("xyzzy", player=seat)
        assert refused["message"] == str(engine.value), code
    german.close()
    english.close()


def test_a_spectator_and_a_handshake_language_are_refused_in_their_language(
        server: ServerThread, api: Api) -> None:
    match_id, _host, _tokens = api.open_match(game="kamelen", players=2)
    watcher = Client(server.ws_base, match_id, headers={"Accept-Language": "da"})
    assert watcher.welcome["lang"] == "da"
    watcher.wait_state()
    said = refusal(watcher, {"type": "action", "action": "pass", "state_id": 0})
    assert said["code"] == "action/spectator" and said["message"] == "Tilskuere kan ikke spille."
    watcher.close()
    stranger = Client(server.ws_base, match_id, hello=False, headers={"Accept-Language": "fr"})
    bad = refusal(stranger, {"type": "hello", "token": "not-a-token"})
    assert bad["code"] == "auth/bad_token" and "jeton" in bad["message"]
    assert not english_in(bad["message"])
    stranger.close()


def test_a_french_http_create_with_bad_options_is_refused_in_french(api: Api) -> None:
    french = {"Accept-Language": "fr-FR, fr;q=0.9, en;q=0.5"}
    asked = [
        ({"game": "kamelen", "options": {"players": "2"}}, "game/bad_options"),
        ({"game": "kamelen", "seats": [{"kind": "robot"}, {}]}, "message/malformed"),
        ({"game": "kamelen", "options": {"players": 2}, "seats": [{}, {}, {}]},
         "game/bad_options"),
        ({"game": "kamelen", "seats": [{"kind": "bot", "bot": "@nope"}, {}]}, "bot/unknown"),
    ]
    for body, code in asked:
        refused = api.http.post("/api/matches", json=body, headers=french)
        english = api.http.post("/api/matches", json=body)
        assert api.error(refused) == api.error(english) == code, refused.text
        message = refused.json()["error"]["message"]
        assert message != english.json()["error"]["message"]
        assert not english_in(message), message
    loose = api.http.post("/api/matches", json=asked[0][0], headers=french)
    assert "doit être donnée comme la valeur JSON 2" in loose.json()["error"]["message"]


def test_the_body_guard_and_unknown_routes_refuse_in_the_request_s_language(api: Api) -> None:
    """The body guard sits in front of every route: the language is chosen before it."""
    twice = api.http.post("/api/matches", content=b'{"game": "kamelen", "game": "caravan"}',
                          headers={"Content-Type": "application/json",
                                   "Accept-Language": "de"})
    assert api.error(twice) == "message/malformed"
    assert "kommt zweimal vor" in twice.json()["error"]["message"]
    gone = api.http.get("/api/matches/nothing-here?lang=da")
    assert api.error(gone) == "match/not_found"
    assert gone.json()["error"]["message"] == "Der er intet parti 'nothing-here'."


def test_camelcade_list_in_german_has_no_english_heads() -> None:
    for style in (["--plain"], []):
        done = subprocess.run(
            [sys.executable, "-c", "from camelcade.cli.main import main; main()",
             "--lang", "de", "list", *style],
            capture_output=True, text=True, timeout=60, check=True)
        text = done.stdout
        for head in ("Games", "Title", "Players", "Default players", " to "):
            assert head not in text, (head, text)
        assert "Spiele" in text and "Titel" in text and "2 bis 4" in text
        assert not english_in(text), text


def test_the_online_lobby_lines_are_worded_in_the_terminal_s_language() -> None:
    matches = [{"id": "m1", "game": "kamelen", "status": "running", "seats": [
        {"seat": 0, "kind": "bot", "bot": "random", "taken": True},
        {"seat": 1, "kind": "open", "name": None, "taken": False}]}]
    with language("da"):
        assert lobby_lines(matches) == ["m1  kamelen  i gang  pladser: 0 bot random, 1 åben"]
        assert lobby_lines([]) == ["Ingen åbne eller igangværende partier."]
    assert lobby_lines(matches) == ["m1  kamelen  running  seats: 0 bot random, 1 open"]


def camelcade(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", "from camelcade.cli.main import main; main()", *args],
        capture_output=True, text=True, timeout=60, check=False, stdin=subprocess.DEVNULL)


@pytest.mark.parametrize("code", ["de", "fr", "da"])
def test_the_command_line_s_own_usage_errors_are_in_its_language(code: str) -> None:
    mistakes = [["play", "camel-up", "--bogus"], ["play"], ["play", "camel-up", "--seat", "x"],
                ["plya"], ["list", "extra"], ["play", "camel-up", "--players"]]
    for mistake in mistakes:
        done = camelcade("--lang", code, *mistake)
        assert done.returncode == 2, (mistake, done.stderr)
        lines = done.stderr.strip().splitlines()
        assert lines and not english_in(done.stderr), (mistake, done.stderr)
        with language(code):
            assert lines[-1].startswith(t("Error: {message}", message=""))


def test_usage_errors_in_english_say_what_was_wrong_and_what_is_allowed() -> None:
    bogus = camelcade("play", "camel-up", "--bogus")
    assert bogus.returncode == 2
    assert bogus.stderr.splitlines() == [
        "Usage: camelcade play [OPTIONS] {game_id}", "Try 'camelcade play --help' for help.",
        "Error: There is no option --bogus; did you mean --bots?"]
    seat = camelcade("play", "camel-up", "--seat", "x").stderr.splitlines()[-1]
    assert seat == "Error: Invalid value for '--seat': must be a whole number"
    assert camelcade("play").stderr.splitlines()[-1] == \
        "Error: The argument 'game_id' is missing."


def test_an_address_nothing_serves_is_refused_in_the_closed_format_and_language(
        api: Api) -> None:
    """Unknown routes, files and methods answered FastAPI's English ``{"detail": ...}``."""
    for path in ("/api/nothing", "/static/js/nothing.js"):
        gone = api.http.get(path, headers={"Accept-Language": "fr"})
        assert gone.status_code == 404 and api.error(gone) == "match/not_found"
        assert gone.json()["error"]["message"] == f"Il n'y a rien à {path}."
    wrong = api.http.get("/api/web/mine", headers={"Accept-Language": "de"})
    assert wrong.status_code == 405 and api.error(wrong) == "message/malformed"
    assert not english_in(wrong.json()["error"]["message"])
    page = api.http.get("/nothing?lang=da", headers={"Accept": "text/html"})
    assert page.status_code == 404 and '<html lang="da">' in page.text
    assert "Siden blev ikke fundet" in page.text and not english_in(
        page.text.split("<main")[1].split("</main>")[0])


@pytest.mark.parametrize("code", ["de", "fr", "da"])
@pytest.mark.parametrize("args", [
    ["play", "chess"],
    ["play", "kamelen", "--bots", "nobot"],
    ["play", "kamelen", "--bots", "mcts:foo=1"],
    ["play", "kamelen", "--bots", "mcts:iterations=x"],
    ["play", "kamelen", "--bots", "mcts:reuse=2"],
    ["play", "kamelen", "--bots", "@nope"],
], ids=lambda value: "-".join(value) if isinstance(value, list) else value)
def test_a_bad_game_bot_or_bot_setting_is_refused_in_the_player_s_language(
        code: str, args: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-c", "from camelcade.cli.main import main; main()",
         "--lang", code, *args, "--plain"],
        capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    said = done.stdout + done.stderr
    assert done.returncode != 0 and args[-1].split(":")[-1].split("=")[0].lstrip("@") in said
    assert not english_in(said), said
