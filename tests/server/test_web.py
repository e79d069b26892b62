"""The web app's server side: board layouts in state messages, board files, pages, the
offline API page, level bots, replays, command answers, my games and turn e-mails."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from camelcade.core import registry
from tests.server.conftest import sqlite_settings
from tests.server.support import Api, Client, ServerThread, past
from tests.toygame.plain import PLUGIN as PLAIN_PLUGIN
from tests.toygame.plugin import PLUGIN as TOY_PLUGIN


@pytest.fixture(scope="module")
def toy_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    """A server in a thread with the toy registered for this module (it has a board)."""
    registry.register(TOY_PLUGIN)
    registry.register(PLAIN_PLUGIN)
    running = ServerThread(sqlite_settings(tmp_path_factory.mktemp("webdb"))).start()
    yield running
    running.stop()
    registry.unregister(TOY_PLUGIN.id)
    registry.unregister(PLAIN_PLUGIN.id)


@pytest.fixture
def api(toy_server: ServerThread) -> Iterator[Api]:
    client = Api(toy_server.base)
    yield client
    client.http.close()


def toy_match(api: Api, seats: list[dict[str, Any]] | None = None) -> tuple[str, list[str]]:
    seats = seats or [{"kind": "open"}, {"kind": "open"}]
    created = api.create("toy", players=len(seats), seats=seats)
    match_id = created["match"]["id"]
    tokens = [api.join(match_id, s, f"P{s}") for s, spec in enumerate(seats)
              if spec["kind"] == "open"]
    api.start(match_id, created["host_token"])
    return match_id, tokens


def test_state_messages_carry_the_board_and_each_actions_cells(
        api: Api, toy_server: ServerThread) -> None:
    match_id, tokens = toy_match(api)
    north = Client(toy_server.ws_base, match_id, tokens[0])
    state = north.wait_state(lambda m: m["status"] == "running")
    board = state["view"]["board"]
    assert board["kind"] == "list"
    cells = board["rows"][0]["cells"]
    assert cells[0] == {"id": "s0", "text": "0: the total"}
    assert {a["action"]: a["cells"] for a in state["legal_actions"]} == {
        "add 1": ["s0", "s1"], "add 2": ["s0", "s2"]}
    watcher = Client(toy_server.ws_base, match_id, None)
    seen = watcher.wait_state()
    assert seen["view"]["board"] == board and seen["legal_actions"] == []
    north.act("add 2")
    moved = north.wait_state(past(state["state_id"]))
    assert moved["view"]["board"]["rows"][0]["cells"][2]["text"] == "2: the total"
    assert moved["legal_actions"] == []  # South's turn now: no cells for North
    north.close()
    watcher.close()


def test_state_messages_carry_each_seats_facts_as_that_viewer_may_see_them(
        api: Api, toy_server: ServerThread) -> None:
    match_id, tokens = toy_match(api)
    south = Client(toy_server.ws_base, match_id, tokens[1])
    watcher = Client(toy_server.ws_base, match_id, None)
    facts = south.wait_state(lambda m: m["status"] == "running")["view"]["facts"]
    assert facts == [[{"label": "seat number", "value": "1"}, {"label": "you", "value": "no"}],
                     [{"label": "seat number", "value": "2"}, {"label": "you", "value": "yes"}]]
    assert [row[1]["value"] for row in watcher.wait_state()["view"]["facts"]] == ["no", "no"]
    south.close()
    watcher.close()


def test_every_games_layout_gives_each_seat_a_short_list_of_facts() -> None:
    """The players' panels: every game with a board says each seat's facts, in words of
    the page's language, a few a seat, for a player and a spectator alike."""
    import random

    import camelcade as cc
    from camelcade.core.words import language
    from camelcade.server.web.layout import laid_out

    for game_id in laid_out_games():
        game = cc.load(game_id)
        state = game.new_state()
        state.playout(random.Random(3), 20)
        for role in [None, *range(game.players)]:
            seats = laid_out(state, role).seats
            assert len(seats) == game.players, game_id
            assert all(1 <= len(facts) <= 6 for facts in seats), (game_id, seats)
            assert all(fact["label"] and fact["value"] for facts in seats for fact in facts)
        with language("de"):
            german = laid_out(state, 0).seats
        assert german != laid_out(state, 0).seats or game_id == "toy", game_id


def _without_board(message: dict[str, Any]) -> dict[str, Any]:
    """A state message as a client that draws no board is to be sent it."""
    view = message["view"] and {**message["view"], "board": None, "facts": [],
                                                "colours": []}
    return {**message, "view": view,
            "legal_actions": [{**a, "cells": []} for a in message["legal_actions"]]}


def test_a_client_that_draws_no_board_gets_the_same_state_without_board_or_cells(
        api: Api, toy_server: ServerThread) -> None:
    match_id, tokens = toy_match(api)
    drawn = Client(toy_server.ws_base, match_id, tokens[0], board=True)
    text = Client(toy_server.ws_base, match_id, tokens[0], board=False)
    watcher = Client(toy_server.ws_base, match_id, None, board=False)
    first = drawn.wait_state(lambda m: m["status"] == "running")
    assert first["view"]["board"] is not None and any(a["cells"] for a in first["legal_actions"])
    told = text.wait_state(lambda m: m["status"] == "running")
    assert told["view"]["board"] is None and told["state_id"] == first["state_id"]
    assert told["legal_actions"] == _without_board(first)["legal_actions"]
    assert watcher.wait_state()["view"]["board"] is None
    text.act("add 2")  # it plays as any client does
    moved = drawn.wait_state(past(first["state_id"]))
    assert moved["view"]["board"]["rows"][0]["cells"][2]["text"] == "2: the total"
    assert text.wait_state(past(first["state_id"])) == _without_board(moved)
    watched = watcher.wait_state(past(first["state_id"]))
    assert watched["view"]["board"] is None and watched["state_id"] == moved["state_id"]
    for client in (drawn, text, watcher):
        client.close()


def test_a_game_without_a_layout_has_no_board_and_no_cells(
        api: Api, toy_server: ServerThread) -> None:
    match_id, _host, tokens = api.open_match(players=2, game=PLAIN_PLUGIN.id)
    client = Client(toy_server.ws_base, match_id, tokens[0])
    state = client.wait_state(lambda m: m["status"] == "running")
    assert state["view"]["board"] is None
    mover = state["current_player"]
    if mover == 0:
        assert state["legal_actions"] and all(a["cells"] == [] for a in state["legal_actions"])
    client.close()


@pytest.mark.parametrize("path", ["web/board.js", "web/board.css"])
def test_board_files_the_slot_names_are_served(api: Api, path: str) -> None:
    response = api.http.get(f"/games/toy/{path}")
    assert response.status_code == 200
    kind = "javascript" if path.endswith(".js") else "css"
    assert kind in response.headers["content-type"]


@pytest.mark.parametrize("path", ["web.py", "plugin.py", "web/../game.py", "game.py",
                                  "web/%2e%2e/plugin.py", "web/nothing.js", "../conftest.py"])
def test_nothing_else_of_a_game_package_is_served(api: Api, path: str) -> None:
    response = api.http.get(f"/games/toy/{path}")
    assert response.status_code in (307, 404)  # a path climbing out is not even routed here
    assert "import" not in response.text


def test_board_files_of_an_unknown_game_are_refused(api: Api) -> None:
    assert api.error(api.http.get("/games/nope/web/board.js")) == "game/unknown"


@pytest.mark.parametrize("path", ["/", "/match/{id}", "/replay", "/replay/{id}", "/my",
                                  "/rules/kamelen", "/rules/toy"])
def test_every_page_is_html_with_lang_and_one_h1(api: Api, path: str) -> None:
    response = api.http.get(path.format(id=api.create("toy")["match"]["id"]))
    assert response.status_code == 200
    html = response.text
    assert '<html lang="en">' in html and html.count("<h1") == 1
    assert "http://" not in html.replace("http://www.w3.org", "")  # nothing from outside
    assert "https://" not in html


def test_the_match_pages_seats_list_is_a_named_tab_stop(api: Api) -> None:
    """The seats' panels scroll in their column at 1280x800: a keyboard must reach the list
    and a screen reader name it (axe's scrollable-region-focusable)."""
    html = api.http.get(f"/match/{api.create('toy')['match']['id']}").text
    assert '<ul id="seats" class="cc-seats" tabindex="0" aria-labelledby="seats-h">' in html
    assert '<h2 id="seats-h">' in html


def test_the_rules_page_renders_the_games_document_with_its_notation(api: Api) -> None:
    html = api.http.get("/rules/kamelen/developer").text
    assert "<h1>Kamelen</h1>" in html and "Notation" in html
    assert "<script>" not in html.lower().replace('<script type="module"', "")


def test_the_api_page_works_offline(api: Api) -> None:
    html = api.http.get("/docs").text
    assert "/static/swagger/swagger-ui-bundle.js" in html and "cdn" not in html.lower()
    script = api.http.get("/static/swagger/swagger-ui-bundle.js")
    assert script.status_code == 200 and len(script.content) > 100_000
    assert api.http.get("/static/swagger/swagger-ui.css").status_code == 200


def test_the_lobby_lists_games_with_summaries_levels_and_pictures(api: Api) -> None:
    games = {g["id"]: g for g in api.http.get("/api/web/games").json()}
    toy = games["toy"]
    assert toy["summary"] == TOY_PLUGIN.summary
    assert [lv["name"] for lv in toy["levels"]] == ["easy", "hard"]
    assert toy["levels"][1] == {"name": "hard", "bot": "@hard", "label": "hard",
                                 "description": "always adds 2"}
    assert toy["assets"]["board"] == "/games/toy/web/board.js"
    assert toy["assets"]["picture"] == "/static/img/game.svg"  # no picture: the generic one
    assert toy["options"][0]["name"] == "target" and toy["options"][0]["default"] == 7
    assert api.http.get(toy["assets"]["picture"]).status_code == 200
    assert all(g["summary"] for g in games.values())


def test_a_bot_seat_may_name_a_level(api: Api, toy_server: ServerThread) -> None:
    match_id, tokens = toy_match(api, [{"kind": "open"}, {"kind": "bot", "bot": "@hard"}])
    north = Client(toy_server.ws_base, match_id, tokens[0])
    state = north.wait_state(lambda m: m["current_player"] == 0)
    north.act("add 1")
    answered = north.wait_state(lambda m: m["state_id"] > state["state_id"] and (
        m["current_player"] == 0 or m["status"] == "finished"))
    assert "South plays add 2." in answered["view"]["events"]  # the hard level: always 2
    assert state["seats"][1]["name"] == "@hard"
    north.close()


def test_an_unknown_level_is_refused_naming_the_levels(api: Api) -> None:
    response = api.http.post("/api/matches", json={
        "game": "toy", "options": {"players": 2},
        "seats": [{"kind": "open"}, {"kind": "bot", "bot": "@expert"}]})
    assert api.error(response) == "bot/unknown"
    assert "@easy, @hard" in response.json()["error"]["message"]


def finish(api: Api, toy_server: ServerThread) -> str:
    match_id, tokens = toy_match(api, [{"kind": "open"}, {"kind": "bot", "bot": "@hard"}])
    north = Client(toy_server.ws_base, match_id, tokens[0])
    while True:
        state = north.wait_state(lambda m: m["current_player"] == 0 or m["status"] == "finished")
        if state["status"] == "finished":
            break
        north.act("add 2")
        north.wait_state(past(state["state_id"]))
    north.close()
    return match_id


def test_a_finished_match_replays_step_by_step_in_words(
        api: Api, toy_server: ServerThread) -> None:
    match_id = finish(api, toy_server)
    replay = api.http.get(f"/api/web/matches/{match_id}/replay").json()
    record = api.http.get(f"/api/matches/{match_id}/record").json()
    steps = replay["steps"]
    assert len(steps) == len(record["actions"]) + 1
    assert steps[0]["sentence"] is None and steps[0]["description"].startswith("Total 0")
    assert steps[1]["sentence"] == "North is dealt a secret."  # public: no secret named
    assert all("secret is" not in step["description"] for step in steps)
    assert steps[-1]["board"]["kind"] == "list" and steps[-1]["current_player"] is None
    assert replay["seat_names"] == ["North", "South"]
    uploaded = api.http.post("/api/web/replay", json=record).json()
    assert uploaded["steps"] == steps


def test_a_running_match_has_no_replay_yet(api: Api) -> None:
    match_id, _tokens = toy_match(api)
    assert api.error(api.http.get(f"/api/web/matches/{match_id}/replay")) == "match/not_finished"


@pytest.mark.parametrize(("change", "code"), [
    ({"format": "nope"}, "message/malformed"),
    ({"actions": ["add 9"]}, "action/illegal"),
    ({"game": "nope"}, "message/malformed"),
])
def test_a_bad_record_is_refused_saying_why(api: Api, change: dict[str, Any], code: str
                                          ) -> None:
    record = {"format": "camelcade-record/1", "game": "toy", "options": {"players": 2},
              "players": ["a", "b"], "actions": ["deal 1", "deal 2", "add 1"],
              "returns": None, **change}
    assert api.error(api.http.post("/api/web/replay", json=record)) == code


def ask(api: Api, match_id: str, command: str, token: str | None) -> httpx.Response:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return api.http.post(f"/api/web/matches/{match_id}/ask", json={"command": command},
                         headers=headers)


def test_command_keys_are_answered_by_the_server_for_the_asking_seat(api: Api) -> None:
    match_id, tokens = toy_match(api)
    hand = ask(api, match_id, "hand", tokens[0]).json()["text"]
    assert "Your secret is" in hand
    assert "Your secret" not in ask(api, match_id, "hand", None).json()["text"]
    assert ask(api, match_id, "count", tokens[1]).json()["text"].endswith("asked by seat 1")
    refused = ask(api, match_id, "tip", tokens[0])
    assert api.error(refused) == "action/illegal" and "against bots" in refused.text
    assert api.error(ask(api, match_id, "nothing", tokens[0])) == "action/illegal"


def test_the_advisor_answers_in_a_match_against_bots_alone(api: Api) -> None:
    match_id, tokens = toy_match(api, [{"kind": "open"}, {"kind": "bot", "bot": "random"}])
    assert ask(api, match_id, "tip", tokens[0]).json()["text"] == "TIP for seat 0"
    meta = api.http.get(f"/api/web/matches/{match_id}",
                        headers={"Authorization": f"Bearer {tokens[0]}"}).json()
    assert meta["advisor"] is True and meta["seat_names"] == ["North", "South"]
    assert {"name": "tip", "label": "tip", "help": "An advisor's tip, offered only with "
            "--advisor.", "advisor": True} in meta["commands"]


def test_my_games_lists_the_seats_held_with_my_turn_first(api: Api) -> None:
    first, first_tokens = toy_match(api)
    second, second_tokens = toy_match(api)
    held = [{"match_id": first, "token": first_tokens[1]},
            {"match_id": second, "token": second_tokens[0]},
            {"match_id": "gone-match", "token": "x"}]
    found = api.http.post("/api/web/mine", json={"seats": held}).json()["matches"]
    assert [m["match_id"] for m in found][:2] == [second, first]
    assert found[0]["your_turn"] is True and found[0]["seat_name"] == "North"
    assert found[1]["your_turn"] is False and found[1]["to_move"] == "North"
    assert found[2] == {"match_id": "gone-match", "gone": True}


def test_tokens_for_my_games_are_never_taken_from_a_url(api: Api) -> None:
    assert api.http.get("/api/web/mine").status_code == 405


class Inbox:
    def __init__(self) -> None:
        self.messages: list[Any] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.messages.append(envelope)
        return "250 OK"

    def wait(self, count: int = 1, seconds: float = 10.0) -> None:
        """Until ``count`` e-mails have arrived (or the time is up: the caller checks)."""
        deadline = time.monotonic() + seconds
        while len(self.messages) < count and time.monotonic() < deadline:
            time.sleep(0.05)


@contextmanager
def mail_served(tmp_path: Path) -> Iterator[tuple[Inbox, ServerThread, Api]]:
    """A server that sends turn e-mails through a local SMTP server into an ``Inbox``."""
    from aiosmtpd.controller import Controller

    from tests.server.support import free_port

    inbox = Inbox()
    port = free_port()
    smtp = Controller(inbox, hostname="127.0.0.1", port=port)
    smtp.start()
    server = ServerThread(sqlite_settings(tmp_path, smtp_host="127.0.0.1", smtp_port=port,
                                          public_url="http://games.example")).start()
    api = Api(server.base)
    try:
        yield inbox, server, api
    finally:
        api.http.close()
        server.stop()
        smtp.stop()


def test_turn_e_mails_go_through_the_operators_smtp_server(
        tmp_path: Path, toy_server: ServerThread) -> None:
    """(``toy_server`` keeps the toy registered for this test's own server.)"""
    with mail_served(tmp_path) as (inbox, server, api):
        match_id, tokens = toy_match(api)
        headers = {"Authorization": f"Bearer {tokens[1]}"}
        bad = api.http.post(f"/api/web/matches/{match_id}/email", json={"email": "nope"},
                            headers=headers)
        assert api.error(bad) == "message/malformed"
        ok = api.http.post(f"/api/web/matches/{match_id}/email",
                           json={"email": "south@example.org"}, headers=headers)
        assert ok.json() == {"seat": 1, "subscribed": True}
        north = Client(server.ws_base, match_id, tokens[0])
        state = north.wait_state(lambda m: m["current_player"] == 0)
        north.act("add 1")
        north.wait_state(past(state["state_id"]))
        inbox.wait()
        assert len(inbox.messages) == 1
        mail = inbox.messages[0]
        assert mail.rcpt_tos == ["south@example.org"]
        body = mail.content.decode()
        assert "Subject: Your turn in Toy (South)" in body
        assert f"http://games.example/match/{match_id}" in body
        assert "Your secret is" in body  # South's own view, sent to South alone
        north.close()


def test_without_an_smtp_server_e_mail_is_refused_plainly(api: Api) -> None:
    match_id, tokens = toy_match(api)
    refused = api.http.post(f"/api/web/matches/{match_id}/email", json={"email": "a@b.org"},
                            headers={"Authorization": f"Bearer {tokens[0]}"})
    assert api.error(refused) == "action/illegal" and "no e-mail" in refused.text


def laid_out_games() -> list[str]:
    return [p.id for p in registry.plugins() if p.web is not None and p.web.layout is not None]


def test_no_web_layout_reveals_what_its_seat_cannot_see(toy_server: ServerThread) -> None:
    """Every game with a board (the toy now, the five games' boards later): redrawing what
    a seat cannot see changes neither its board nor a spectator's, at every step of random
    games, so the grid and the SVG can show nothing hidden."""
    import random

    import camelcade as cc
    from camelcade.core.chance import sample_chance
    from camelcade.server.web.layout import board_and_cells, laid_out

    assert "toy" in laid_out_games()
    for game_id in laid_out_games():
        game = cc.load(game_id)
        if game.perfect_information:  # nothing to hide; and a determinised copy has no
            continue                  # history, which a board may mark its last move from
        for seed in range(3):
            rng = random.Random(seed)
            state = game.new_state()
            while not state.is_terminal():
                for seat in range(game.players):
                    other = game.determinize(state, seat, rng)
                    mine, theirs = laid_out(state, seat), laid_out(other, seat)
                    assert (theirs.board, theirs.seats) == (mine.board, mine.seats)
                    assert board_and_cells(other, None) == board_and_cells(state, None)
                    assert laid_out(other, None).seats == laid_out(state, None).seats
                action = (sample_chance(state, rng) if state.is_chance()
                          else rng.choice(state.legal_actions()))
                state.apply(action)


def test_rules_pages_show_their_pictures_and_let_scrolled_blocks_take_focus(api: Api) -> None:
    page = api.http.get("/rules/camel-drive/developer").text
    pictures = [src for src in re.findall(r'<img src="([^"]+)"', page)]
    assert pictures and all(src.startswith("/rules-images/") for src in pictures)
    for src in pictures:
        response = api.http.get(src)
        assert response.status_code == 200 and response.headers["content-type"] == "image/png"
    assert '<pre tabindex="0">' in page and "<pre>" not in page
    for bad in ("../conftest.py", "x.py", "nothing.png"):
        assert api.http.get(f"/rules-images/{bad}").status_code == 404
