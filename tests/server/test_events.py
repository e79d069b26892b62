"""What each seat is told of the moves, in words: grouped, kept, and sent again on return.

The server keeps every viewer's sentences as the match moves; ``view.events`` of an update
tells the actions since the previous message, a run of one event told once in the game's
counted form, exactly as ``camelcade play`` tells it; a ``hello`` or ``resync`` naming a
state gets the events after it (0: the whole match, which a reloaded page shows), and a
returning seat that names none gets what it missed since its last message. Haul
(``tests/cli/turngame.py``), plugged in by its manifest, has the storms, hidden draws and
turns of two actions to tell.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import camelcade as cc
from camelcade.cli.main import app
from camelcade.server.views import told
from tests.cli.turngame import HAUL_ID, plugged_in
from tests.server.conftest import sqlite_settings
from tests.server.support import Api, Client, ServerThread, past


@pytest.fixture
def haul() -> Iterator[str]:
    with plugged_in() as game_id:
        yield game_id


@pytest.fixture
def haul_server(haul: str, tmp_path: Path) -> Iterator[ServerThread]:
    server = ServerThread(sqlite_settings(tmp_path)).start()
    yield server
    server.stop()


@dataclass
class Table:
    """A running Haul match of two people, both connected: North (Ann), South (Bob)."""

    api: Api
    match_id: str
    tokens: list[str]
    ann: Client
    bob: Client

    def close(self) -> None:
        self.ann.close(), self.bob.close()
        self.api.http.close()


def two_people(server: ServerThread) -> Table:
    api = Api(server.base)
    created = api.create(HAUL_ID, players=2, seats=[{"kind": "open"}, {"kind": "open"}],
                         auto_start=True)
    match_id = created["match"]["id"]
    tokens = [api.join(match_id, seat, name) for seat, name in enumerate(("Ann", "Bob"))]
    ann, bob = (hello(server, match_id, token) for token in tokens)
    return Table(api, match_id, tokens, ann, bob)


def ann_away_while_bob_plays(table: Table) -> tuple[int, int]:
    """Ann marks twice and leaves; Bob calls a storm and marks b1. The state Ann was last
    sent, and the state now."""
    act(table.ann, "mark a1", table.bob)
    seen = act(table.ann, "mark a2", table.bob)
    table.ann.close()
    act(table.bob, "storm")
    return seen, act(table.bob, "mark b1")


def hello(server: ServerThread, match_id: str, token: str | None, **extra: Any) -> Client:
    client = Client(server.ws_base, match_id, hello=False)
    client.send({"type": "hello", "token": token, **extra})
    assert client.recv()["type"] == "welcome"
    return client


def act(mover: Client, text: str, *watchers: Client) -> int:
    """Play ``text`` and wait until everyone has the new position; its state id."""
    state = mover.wait_state(lambda m: bool(m["legal_actions"]))
    before = state["state_id"]
    mover.act(text)
    reached = mover.wait_state(past(before))["state_id"]
    for watcher in watchers:
        watcher.wait_state(lambda m: m["state_id"] >= reached)
    return int(reached)


def expected(texts: list[str], seat: int | None, since: int) -> list[str]:
    """The engine's sentences for ``seat`` of the actions after ``since``, grouped."""
    state = cc.load(HAUL_ID, players=2).new_state()
    sentences = []
    for index, text in enumerate(texts):
        if index >= since:
            sentences.append(state.describe_action(text, seat))
        state.apply(text)
    return told(HAUL_ID, sentences)


def stored_texts(server: ServerThread, match_id: str) -> list[str]:
    """Every action so far with its true text, as stored (the seats' histories redact each
    other's draws): the engine replays them for the expected sentences."""
    _row, _seats, texts = server.app.state.services.store.load_match(match_id)
    return list(texts)


def test_a_storm_is_told_to_the_other_seat_as_one_counted_event(haul_server: ServerThread
                                                                ) -> None:
    table = two_people(haul_server)
    act(table.ann, "storm", table.bob)
    update = table.bob.state
    assert update is not None
    events = update["view"]["events"]
    assert events[:2] == ["North calls a storm: everyone draws 2 cards.", "North draws 2 cards."]
    assert all(re.fullmatch(r"You draw a [123]\.", line) for line in events[2:]), events
    assert len(events) == 4
    table.close()


def test_a_returning_seat_is_told_what_it_missed(haul_server: ServerThread) -> None:
    table = two_people(haul_server)
    seen, now = ann_away_while_bob_plays(table)
    back = hello(haul_server, table.match_id, table.tokens[0])  # no state named: remembered
    view = back.wait_state()["view"]
    assert view["events_from"] == seen and back.state is not None
    assert back.state["state_id"] == now
    assert view["events"] == expected(stored_texts(haul_server, table.match_id), 0, seen)
    assert "South draws 2 cards." in view["events"] and "South marks b1." in view["events"]
    back.close()
    table.close()


def test_hello_and_resync_naming_a_state_get_the_events_after_it(
    haul_server: ServerThread
) -> None:
    table = two_people(haul_server)
    match_id, ann, bob = table.match_id, table.ann, table.bob
    act(ann, "storm", bob)
    middle = act(ann, "mark c3", bob)
    act(bob, "draw", ann)
    full = stored_texts(haul_server, match_id)
    whole = hello(haul_server, match_id, table.tokens[0], state_id=0)  # a page loaded anew
    view = whole.wait_state()["view"]
    assert view["events_from"] == 0
    assert view["events"] == expected(full, 0, 0)
    assert not any("?" in line for line in view["events"])  # words, never "card ?"
    whole.send({"type": "resync", "state_id": middle})
    again = whole.wait(lambda m: m["type"] == "state")["view"]
    assert again["events_from"] == middle and again["events"] == expected(full, 0, middle)
    watcher = hello(haul_server, match_id, None)  # a spectator, first told now: a replay
    public = watcher.wait_state()["view"]
    assert public["events_from"] == 0 and public["events"] == expected(full, None, 0)
    assert "North draws 2 cards." in public["events"]
    whole.close(), watcher.close()
    table.close()


def test_after_a_restart_a_returning_seat_hears_the_match_from_the_start(
    haul: str, tmp_path: Path
) -> None:
    first = ServerThread(sqlite_settings(tmp_path)).start()
    try:
        table = two_people(first)
        act(table.ann, "storm", table.bob)
        act(table.ann, "pass", table.bob)
        match_id, south = table.match_id, table.tokens[1]
        full = stored_texts(first, match_id)
        table.close()
    finally:
        first.stop()
    second = ServerThread(sqlite_settings(tmp_path)).start()
    try:
        back = hello(second, match_id, south)
        view = back.wait_state()["view"]
        assert view["events_from"] == 0  # what it saw before died with the old process
        assert view["events"] == expected(full, 1, 0)
        back.close()
    finally:
        second.stop()


def test_online_join_with_the_token_summarises_what_was_missed(
    haul_server: ServerThread
) -> None:
    table = two_people(haul_server)
    ann_away_while_bob_plays(table)
    result = CliRunner().invoke(app, ["online", "join", table.match_id,
                                      f"--token={table.tokens[0]}",
                                      "--server", haul_server.base],
                                input="legal c3\nlegal\nhelp\ntip\nquit\n")
    out = result.output
    assert result.exit_code == 0, out
    assert "Connected to match" in out and "you are North" in out
    missed = out.split("While you were away:\n")[1].split("Your turn.")[0].splitlines()
    assert missed[0] == "South calls a storm: everyone draws 2 cards."
    assert "South draws 2 cards." in missed and missed[-1] == "South marks b1."
    assert "Your turn, 2 of 2 actions left." in out
    assert "25 legal actions. Type a number" in out  # a count, not the list
    assert "1 of 25 legal actions matches 'c3':\n10. mark c3 — You mark c3.\n" in out
    assert "25 legal actions: mark (22), draw (1), storm (1) and pass (1)." in out
    assert "How to play:" in out and "storm: everyone draws 2 cards." in out  # the guide
    assert "tip is advice, off by default as in rated play; join with --advisor" in out
    table.close()
