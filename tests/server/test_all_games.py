"""Every registered game is served through the API alone: no game is named in the server.

For each game a person (seat 0) plays random moves against server bots while a spectator
watches; every message both received is then checked against the engine's own answer for
that recipient (``support.check_views``), so no game leaks hidden information either.
"""

from __future__ import annotations

import pytest

import camelcade as cc
from camelcade.core.registry import game_class
from tests.server.support import Api, Client, ServerThread, check_views, play_until_finished
from tests.server.support import replay_states as replay

STOP_AFTER = 250


@pytest.mark.parametrize("game_id", cc.game_ids())
def test_every_game_plays_through_the_server_without_leaks(
    server: ServerThread, api: Api, game_id: str
) -> None:
    players = game_class(game_id).default_players
    seats = [{"kind": "open"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    created = api.create(game=game_id, players=players, seats=seats, auto_start=True)
    match_id = created["match"]["id"]
    watcher = Client(server.ws_base, match_id)
    person = Client(server.ws_base, match_id, api.join(match_id, 0, "Ann"))
    play_until_finished([person, watcher], seed=3, timeout=60, stop_after=STOP_AFTER)
    person.close()
    watcher.close()
    row, _seats, texts = server.app.state.services.store.load_match(match_id)
    states = replay(cc.load(row.game, **row.options), texts)
    assert check_views(person, 0, states, texts, row.seed) > 0
    assert check_views(watcher, None, states, texts, row.seed) > 0
