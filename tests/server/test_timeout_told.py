"""A timeout told (issue: a timeout is told): when a turn clock runs out and a bot moves for
a seat, every viewer hears first that time ran out and who played for whom, in its own
language, before the move itself; a viewer who comes later is told the same."""

from __future__ import annotations

import time

from tests.server.support import Api, Client, ServerThread


def test_a_timeout_says_first_that_time_ran_out_and_who_played(
    server: ServerThread, api: Api
) -> None:
    timer = {"seconds": 1.0, "on_timeout": "bot", "bot": "first"}
    match_id, _host, tokens = api.open_match(players=2, turn_timer=timer)
    late = Client(server.ws_base, match_id, tokens[0])
    other = Client(server.ws_base, match_id, tokens[1], lang="de")
    watcher = Client(server.ws_base, match_id, None, lang="fr")
    state = late.wait_state()
    assert state["current_player"] == 0
    moved = late.wait_state(lambda m: m["state_id"] > state["state_id"], timeout=5)
    assert time.time() >= state["deadline"] - 0.05
    told = moved["view"]["events"][0]
    assert told.startswith("Your time ran out; the first bot played for you. "), told
    assert told.removeprefix("Your time ran out; the first bot played for you. ")  # the move
    heard = other.wait_state(lambda m: m["state_id"] >= moved["state_id"])
    assert any(e.startswith("Die Zeit von Rot ist abgelaufen; der Bot first hat für Rot "
                            "gespielt. ") for e in heard["view"]["events"]), heard["view"]

    seen = watcher.wait_state(lambda m: m["state_id"] >= moved["state_id"])
    assert any(e.startswith("Le temps de Rouge est écoulé ; le bot first a joué à sa place. ")
               for e in seen["view"]["events"]), seen["view"]["events"]
    # A page loaded afterwards (the events replayed for a new viewer) is told the same.
    later = Client(server.ws_base, match_id, None, lang="en")
    events = later.wait_state()["view"]["events"]
    assert any(e.startswith("Red's time ran out; the first bot played for them. Red plays ")
               for e in events), events
    for client in (late, other, watcher, later):
        client.close()
