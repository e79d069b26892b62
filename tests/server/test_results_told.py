"""Results told right by the server (the web app's words come from here).

A drawn match's ``state`` message carries ``result_text``, the result in each connection's
own language (a draw, not "Winners: Red and Green"), and so do the answer to "scores", the
match's record (its ``outcome``) and the web replay.
"""

from __future__ import annotations

from tests.server.support import Api, Client, ServerThread

DRAWN = {
    "de": "Unentschieden zwischen Rot (R) und Grün (G).",
    "fr": "Partie nulle entre Rouge (R) et Vert (G).",
    "da": "Uafgjort mellem Rød (R) og Grøn (G).",
    "en": "Draw between Red (R) and Green (G).",
}


def test_a_match_at_nought_all_is_told_as_a_draw_in_each_language(
    server: ServerThread, api: Api
) -> None:
    match_id, _host, tokens = api.open_match(players=2, game="caravan")
    seats = [Client(server.ws_base, match_id, tokens[0], lang="de"),
             Client(server.ws_base, match_id, tokens[1], lang="fr")]
    spectator = Client(server.ws_base, match_id, None, lang="da")
    english = Client(server.ws_base, match_id, None, lang="en")
    for _ in range(2):  # both seats pass: a full round without any action ends it, 0-0
        state = seats[0].wait_state(lambda m: m["status"] == "running"
                                    and m["current_player"] in (0, 1))
        mover = seats[state["current_player"]]
        mine = mover.wait_state(lambda m, sid=state["state_id"]: m["state_id"] == sid)
        mover.act("pass", mine["state_id"])
        seats[0].wait_state(lambda m, sid=mine["state_id"]: m["state_id"] > sid)
    for client, code in ((seats[0], "de"), (seats[1], "fr"), (spectator, "da"),
                         (english, "en")):
        final = client.wait_state(lambda m: m["status"] == "finished")
        assert final["result"]["ranking"] == [[0, 1]]
        assert final["result_text"] == DRAWN[code], final["result_text"]
    record = api.http.get(f"/api/matches/{match_id}/record").json()
    assert record["outcome"] == "draw" and record["ranking"] == [[0, 1]]
    replay = api.http.get(f"/api/web/matches/{match_id}/replay").json()
    assert replay["result"] == DRAWN["en"]
    assert "The game is a draw" in replay["steps"][-1]["description"]
    scores = api.http.post(f"/api/web/matches/{match_id}/ask", json={"command": "scores"},
                           headers={"Authorization": f"Bearer {tokens[0]}"})
    assert scores.status_code == 200, scores.text
    assert scores.json()["text"] == DRAWN["en"]
    for client in (*seats, spectator, english):
        client.close()
