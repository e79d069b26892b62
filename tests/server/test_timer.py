"""Turn timers: when a seat's time runs out, a bot moves for it (or it passes)."""

from __future__ import annotations

import random
import time

import pytest

import camelcade as cc
from camelcade.core.chance import sample_chance
from camelcade.core.registry import game_class
from tests.server.support import Api, Client, ServerThread


@pytest.mark.parametrize("on_timeout", ["bot", "pass"])
def test_a_bot_moves_for_a_seat_whose_time_ran_out(
    server: ServerThread, api: Api, on_timeout: str
) -> None:
    timer = {"seconds": 1.0, "on_timeout": on_timeout, "bot": "first"}
    match_id, _host, tokens = api.open_match(players=2, turn_timer=timer)
    first = Client(server.ws_base, match_id, tokens[0])
    state = first.wait_state()
    assert state["deadline"] is not None
    assert 0.5 < state["deadline"] - time.time() <= 1.0
    moved = first.wait_state(lambda m: m["state_id"] > state["state_id"], timeout=5)
    # Not before the seat's time ran out (the deadline is the server's clock, the same
    # machine's): how long the wait was depends on when the state reached the client.
    assert time.time() >= state["deadline"] - 0.05
    # a-dos-de-chameau has no "pass" action, so the bot moves in both cases
    assert first.history[state["state_id"]] == state["legal_actions"][0]["action"]
    assert moved["current_player"] == 1 and moved["deadline"] > state["deadline"]
    assert moved["view"]["events"]
    first.close()


def test_a_timely_move_resets_the_timer(server: ServerThread, api: Api) -> None:
    timer = {"seconds": 30.0}
    match_id, _host, tokens = api.open_match(players=2, turn_timer=timer)
    first = Client(server.ws_base, match_id, tokens[0])
    state = first.wait_state()
    first.act(state["legal_actions"][-1]["action"])
    after = first.wait_state(lambda m: m["state_id"] > state["state_id"])
    assert first.history[state["state_id"]] == state["legal_actions"][-1]["action"]
    assert after["deadline"] >= state["deadline"]
    first.close()


def _game_that_can_pass_first() -> str | None:
    """A registered game whose first mover may play 'pass' (the rule varies per game)."""
    for game_id in cc.game_ids():
        state = cc.load(game_id).new_state()
        rng = random.Random(0)
        while state.is_chance():
            state.apply(sample_chance(state, rng))
        if "pass" in [str(a) for a in state.legal_actions()]:
            return game_id
    return None


def test_on_timeout_pass_plays_pass_where_the_game_has_it(server: ServerThread, api: Api) -> None:
    game_id = _game_that_can_pass_first()
    if game_id is None:
        pytest.skip("no registered game lets its first mover pass")
    players = game_class(game_id).default_players
    created = api.create(game=game_id, players=players,
                         turn_timer={"seconds": 1.0, "on_timeout": "pass", "bot": "first"})
    match_id = created["match"]["id"]
    tokens = [api.join(match_id, seat) for seat in range(players)]
    api.start(match_id, created["host_token"])
    client = Client(server.ws_base, match_id, tokens[0])
    state = client.wait_state()
    mover = state["current_player"]
    watcher = client if mover == 0 else Client(server.ws_base, match_id, tokens[mover])
    waiting = watcher.wait_state(lambda m: m["state_id"] == state["state_id"])
    assert "pass" in [a["action"] for a in waiting["legal_actions"]]
    watcher.wait_state(lambda m: m["state_id"] > state["state_id"], timeout=5)
    assert watcher.history[state["state_id"]] == "pass"
    for each in {client, watcher}:
        each.close()
