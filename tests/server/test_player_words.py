"""Players in words people use (issue 26, item 4): a seat is called by its player's name,
its colour, or "Player 1..N" — never "Seat 0" — in pages, answers, messages and goldens.

Camel Up's players have no colour (its camels do): an opponent who typed "Ben" was still
"Seat 1" in every sentence, and the join button said "Take seat Seat 1". Server messages
named games by their ids ("kamelen is played by 2 to 2 players").
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from camelcade.cli.hooks import terminal_hooks
from camelcade.core.registry import game_class, game_ids
from camelcade.core.words import language, player_name, player_names
from camelcade.server.views import seat_names
from tests.server.support import Api, Client, ServerThread

SEAT_NUMBER = re.compile(r"\bSeat \d")
"""What no player may read: a seat called by the number of the code."""
ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("en", "de", "fr", "da")


def test_no_golden_or_transcript_calls_a_seat_by_its_number() -> None:
    scanned = [path for path in (ROOT / "tests" / "golden").rglob("*") if path.is_file()]
    assert len(scanned) >= 10
    for path in scanned:
        found = SEAT_NUMBER.search(path.read_text(encoding="utf-8"))
        assert found is None, f"{path.relative_to(ROOT)}: {found.group()!r}"


def test_no_message_of_the_code_makes_seat_and_a_number() -> None:
    """A message "Seat {seat}" is how "Seat 0" reached the pages; none is left."""
    sources = [*(ROOT / "src" / "camelcade").rglob("*.py"),
               *(ROOT / "src" / "camelcade").rglob("*.js")]
    making = re.compile(r"""["']Seat \{""")
    offenders = [str(path.relative_to(ROOT)) for path in sources
                 if making.search(path.read_text(encoding="utf-8"))]
    assert offenders == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_game_names_its_seats_without_seat_numbers(lang: str) -> None:
    for game_id in game_ids():
        cls = game_class(game_id)
        for players in range(cls.min_players, cls.max_players + 1):
            try:
                game = cls(players)
            except Exception:  # a count only some options allow (Camel Up's 2)
                continue
            with language(lang):
                names = seat_names(game)
                terminal = [terminal_hooks(game_id).seat_name(game, s) for s in range(players)]
            assert names == terminal
            assert len(set(names)) == players, names
            for name in names:
                assert not SEAT_NUMBER.search(name) and "0" not in name, (game_id, name)


def test_a_seat_without_a_colour_is_its_players_name_else_player_n_from_1() -> None:
    assert player_name(0) == "Player 1"
    with player_names(["Ann", None, "Ben"]):
        assert [player_name(s) for s in range(4)] == ["Ann", "Player 2", "Ben", "Player 4"]
    with language("de"):
        assert player_name(1) == "Spieler 2"
    with language("fr"):
        assert player_name(1) == "Joueur 2"
    with language("da"):
        assert player_name(1) == "Spiller 2"


def test_camel_up_opponents_are_called_by_the_names_they_typed(
        api: Api, server: ServerThread) -> None:
    created = api.create("camel-up", players=3)
    match_id = created["match"]["id"]
    tokens = [api.join(match_id, seat, name) for seat, name in enumerate(["Ann", "Ben", "Cy"])]
    api.start(match_id, created["host_token"])
    data = api.http.get(f"/api/web/matches/{match_id}",
                        headers={"Authorization": f"Bearer {tokens[0]}"}).json()
    assert data["seat_names"] == ["Ann", "Ben", "Cy"]
    ben = Client(server.ws_base, match_id, tokens[1])
    try:
        state = ben.wait_state(lambda m: m["status"] == "running" and m["view"] is not None)
        told = " ".join([state["view"]["description"], *state["view"]["events"]])
        assert "Ann" in told and not SEAT_NUMBER.search(told), told
        legal = state["legal_actions"]
        assert state["current_player"] != 1 or legal
    finally:
        ben.close()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_of_the_web_app_says_seat_and_a_number(api: Api, lang: str) -> None:
    paths = ["/", "/my", "/replay", *(f"/rules/{game_id}" for game_id in game_ids())]
    for game_id in game_ids():
        match_id = api.create(game_id, players=game_class(game_id).min_players
                              if game_id != "camel-up" else 3)["match"]["id"]
        paths += [f"/match/{match_id}", f"/api/web/matches/{match_id}",
                  f"/api/matches/{match_id}"]
    paths += ["/api/web/games", f"/i18n/{lang}.json"]
    for path in paths:
        response = api.http.get(path, params={"lang": lang})
        assert response.status_code == 200, path
        found = SEAT_NUMBER.search(response.text)
        assert found is None, f"{path} in {lang}: {found.group()!r}"


def test_server_messages_name_games_by_title_and_seats_by_name(api: Api) -> None:
    response = api.http.post("/api/matches", json={"game": "kamelen", "options": {"players": 3}})
    assert response.status_code == 422
    message = response.json()["error"]["message"]
    assert message.startswith("Kamelen is played by 2 players, not 3"), message
    created = api.create("camel-up", players=3)
    match_id = created["match"]["id"]
    api.join(match_id, 1, "Ben")
    taken = api.http.post(f"/api/matches/{match_id}/seats/1", json={"name": "Eve"})
    assert taken.json()["error"]["message"] == "Ben's seat is taken."
    early = api.http.post(f"/api/matches/{match_id}/start",
                          headers={"Authorization": f"Bearer {created['host_token']}"})
    assert early.json()["error"]["message"] == (
        "Player 1 and Player 3 are still open; every seat must be taken first.")
