"""Hidden information never reaches another seat or a spectator.

Whole games of A dos de Chameau (hidden hands, hidden draws) are played through real
websockets with a client in every seat, spectators, and a player who reconnects. Then
every message each client received is checked against the engine's own answer for that
recipient at that ``state_id``, rebuilt by replaying the stored actions: a seat's view
must be exactly ``observation(seat)``, ``history_for(seat)``, ``describe(seat)`` and (on
its turn) its legal actions; a spectator's must hold only fields every seat sees alike,
``history_for(None)`` and ``describe(None)``. Anything more would be a leak.
"""

from __future__ import annotations

import pytest

import camelcade as cc
from camelcade.core.game import State
from tests.server.support import (
    Api,
    Client,
    ServerThread,
    check_views,
    play_until_finished,
    replay_states,
)

STOP_AFTER = 700


def _check_client(client: Client, role: int | None, states: list[State],
                  texts: list[str], seed: int) -> int:
    checked = check_views(client, role, states, texts, seed)
    for message in client.messages:
        if message["type"] != "state" or message["view"] is None:
            continue
        view = message["view"]
        state = states[message["state_id"]]
        if role is None:
            assert not {"hand", "pile", "player"} & set(view["observation"])
            for entry in view["history"]:
                assert not entry.startswith("draw ") or entry == "draw ?"
        else:
            for index, entry in enumerate(state.history_for(role)):
                if entry.startswith("draw ") and entry != "draw ?":
                    # only one's own draws are named
                    assert states[index].observation(role)["draw_queue"][0] == role
    return checked


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_message_reveals_another_seats_cards(
    server: ServerThread, api: Api, players: int
) -> None:
    created = api.create(players=players)
    match_id, host = created["match"]["id"], created["host_token"]
    early_watcher = Client(server.ws_base, match_id)
    tokens = [api.join(match_id, seat, f"P{seat}") for seat in range(players)]
    seat_clients = [Client(server.ws_base, match_id, t) for t in tokens]
    api.start(match_id, host)
    host_watcher = Client(server.ws_base, match_id, host)
    everyone = [*seat_clients, early_watcher, host_watcher]
    play_until_finished(everyone, seed=players, stop_after=40)
    seat_clients[0].close()
    rejoined = Client(server.ws_base, match_id, tokens[0])
    late_watcher = Client(server.ws_base, match_id)
    rest = [rejoined, *seat_clients[1:], early_watcher, host_watcher, late_watcher]
    play_until_finished(rest, seed=players + 10, stop_after=STOP_AFTER)

    store = server.app.state.services.store
    row, _seats, texts = store.load_match(match_id)
    states = replay_states(cc.load(row.game, **row.options), texts)
    checked = 0
    roles: list[tuple[Client, int | None]] = [
        *((c, i) for i, c in enumerate(seat_clients)), (rejoined, 0),
        (early_watcher, None), (host_watcher, None), (late_watcher, None),
    ]
    for client, role in roles:
        checked += _check_client(client, role, states, texts, row.seed)
        client.close()
    assert checked > 4 * players
    hidden_draws = sum(1 for entry in states[-1].history_for(None) if entry == "draw ?")
    assert hidden_draws >= 3 * players
