"""Preset reactions at the table (issue 28, item 5): a seat says "good game", "thanks" or
"oops"; every seat hears it, on this server process and (PostgreSQL) on another one; a
spectator, free text, an unknown reaction and a flood are refused, and nothing is sent."""

from __future__ import annotations

from tests.server.support import Api, Client, ServerProcess, ServerThread
from tests.server.test_multiprocess import pair as pair  # two processes on PostgreSQL


def _reactions(client: Client) -> list[tuple[int, str]]:
    return [(m["seat"], m["reaction"]) for m in client.messages if m["type"] == "reaction"]


def test_a_reaction_reaches_every_seat_and_no_spectator(server: ServerThread) -> None:
    api = Api(server.base)
    match_id, _host, tokens = api.open_match(players=2)
    ada, bea = (Client(server.ws_base, match_id, token) for token in tokens)
    watcher = Client(server.ws_base, match_id)
    try:
        ada.send({"type": "react", "reaction": "good_game"})
        for client in (ada, bea):
            client.wait(lambda m: m["type"] == "reaction")
            assert _reactions(client) == [(0, "good_game")]
        watcher.send({"type": "react", "reaction": "thanks"})
        refused = watcher.wait_error()
        assert refused["code"] == "action/spectator" and "Spectators" in refused["message"]
        ada.send({"type": "react", "reaction": "oops"})  # within 2 seconds of the first
        assert ada.wait_error()["code"] == "rate/limited"
        for bad in ({"type": "react", "reaction": "lol"},
                    {"type": "react", "reaction": "thanks", "text": "free words"},
                    {"type": "react"}):
            bea.send(bad)
            assert bea.wait_error()["code"] == "message/malformed", bad
        bea.send({"type": "ping"})  # everything before it was answered: nothing more came
        bea.wait(lambda m: m["type"] == "pong")
        assert _reactions(bea) == [(0, "good_game")]
        assert not any(m["type"] == "reaction" for m in watcher.messages)
    finally:
        for client in (ada, bea, watcher):
            client.close()


def test_a_reaction_crosses_server_processes(
        pair: tuple[ServerProcess, ServerProcess]) -> None:
    a, b = pair
    api = Api(a.base)
    match_id, _host, tokens = api.open_match(players=2)
    on_a, on_b = Client(a.ws_base, match_id, tokens[0]), Client(b.ws_base, match_id, tokens[1])
    try:
        on_a.wait(lambda m: m["type"] in ("presence", "state")
                  and [s["connected"] for s in m["seats"]] == [True, True], timeout=15)
        on_b.send({"type": "react", "reaction": "thanks"})
        on_a.wait(lambda m: m["type"] == "reaction", timeout=10)
        assert _reactions(on_a) == [(1, "thanks")]
    finally:
        on_a.close()
        on_b.close()

