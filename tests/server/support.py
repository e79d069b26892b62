"""Helpers for the server tests: real servers (in a thread or a process) and real clients.

Every server listens on 127.0.0.1 and a free port; every wait has a deadline, so a broken
server fails a test instead of hanging it.
"""

from __future__ import annotations

import json
import os
import random
import socket
import ssl
import subprocess
import sys
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.sync.client import ClientConnection, connect

import camelcade as cc
from camelcade.core.game import State
from camelcade.core.words import player_names
from camelcade.server.app import create_app, websocket_options
from camelcade.server.protocol import server_adapter
from camelcade.server.settings import Settings
from camelcade.server.views import told
from camelcade.server.web.layout import laid_out, with_cells

HOST = "127.0.0.1"
REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


class ServerThread:
    """A real uvicorn server running ``create_app(settings)`` in a background thread."""

    def __init__(self, settings: Settings) -> None:
        self.port = free_port()
        self.settings = settings.with_changes(host=HOST, port=self.port)
        self.app = create_app(self.settings)
        config = uvicorn.Config(self.app, host=HOST, port=self.port, log_level="warning",
                                **websocket_options(self.settings))
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    @property
    def base(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://{HOST}:{self.port}"

    def start(self) -> ServerThread:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(20)


class ServerProcess:
    """``python -m camelcade.server`` as a real child process (for crash and multi-process)."""

    def __init__(self, db: str | None, port: int | None = None,
                 env: dict[str, str] | None = None,
                 log: Path | None = None, args: list[str] | None = None) -> None:
        """``args``: more command-line flags (``--log-format json``)."""
        self.db = db
        self.args = list(args or [])
        self.port = port or free_port()
        self.env = {**os.environ, **(env or {})}
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://{HOST}:{self.port}"

    @property
    def ws_base(self) -> str:
        return f"ws://{HOST}:{self.port}"

    def start(self, timeout: float = 40.0) -> ServerProcess:
        out = open(self.log, "ab") if self.log else subprocess.DEVNULL  # noqa: SIM115
        database = ["--db", self.db] if self.db else []
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "camelcade.server", *database, "--host", HOST,
             "--port", str(self.port), *self.args],
            stdout=out, stderr=subprocess.STDOUT, env=self.env, cwd=REPO,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited with {self.proc.returncode}; see {self.log}")
            try:
                if httpx.get(self.base + "/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.kill()
        raise RuntimeError("the server process did not answer in time")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, exactly like a crash."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


class Api:
    """The HTTP side, with the error body checked on every refusal."""

    def __init__(self, base: str, source: str | None = None,
                 verify: ssl.SSLContext | None = None) -> None:
        """``source``: the loopback address to send from (another client address);
        ``verify``: the TLS context that trusts the server (Caddy's own authority)."""
        transport = httpx.HTTPTransport(local_address=source, verify=verify or True) \
            if source else None
        self.http = httpx.Client(base_url=base, timeout=10, transport=transport,
                                 verify=verify or True)

    def create(self, game: str = "a-dos-de-chameau", players: int = 2,
               seats: list[dict[str, Any]] | None = None, **extra: Any) -> dict[str, Any]:
        body: dict[str, Any] = {"game": game, "options": {"players": players}, **extra}
        if seats is not None:
            body["seats"] = seats
        response = self.http.post("/api/matches", json=body)
        assert response.status_code == 201, response.text
        return dict(response.json())

    def join(self, match_id: str, seat: int, name: str | None = None) -> str:
        response = self.http.post(f"/api/matches/{match_id}/seats/{seat}", json={"name": name})
        assert response.status_code == 200, response.text
        return str(response.json()["token"])

    def start(self, match_id: str, token: str) -> dict[str, Any]:
        response = self.http.post(f"/api/matches/{match_id}/start",
                                  headers={"Authorization": f"Bearer {token}"})
        assert response.status_code == 200, response.text
        return dict(response.json())

    def match(self, match_id: str) -> dict[str, Any]:
        return dict(self.http.get(f"/api/matches/{match_id}").json())

    def error(self, response: httpx.Response) -> str:
        body = response.json()
        assert set(body) == {"error"} and set(body["error"]) == {"code", "message"}, body
        assert "Traceback" not in response.text
        return str(body["error"]["code"])

    def open_match(self, players: int = 2, **extra: Any) -> tuple[str, str, list[str]]:
        """A running match with every seat joined: (id, host token, seat tokens)."""
        created = self.create(players=players, **extra)
        match_id = created["match"]["id"]
        tokens = [self.join(match_id, seat, f"P{seat}") for seat in range(players)]
        self.start(match_id, created["host_token"])
        return match_id, created["host_token"], tokens


def stuck_at(thread: threading.Thread) -> str:
    """The innermost frames of a stuck attempt and of the library's reader threads
    (``recv_events``): whether a handshake hangs in TLS or waits for the HTTP answer."""
    frames = sys._current_frames()
    said = []
    for each in threading.enumerate():
        if each.ident in frames and (each is thread or "recv_events" in each.name):
            stack = traceback.extract_stack(frames[each.ident])[-4:]
            said.append(f"{each.name}: " + " < ".join(
                f"{Path(frame.filename).name}:{frame.lineno} {frame.name}"
                for frame in reversed(stack)))
    return "; ".join(said) or "no thread found"


def connect_within(uri: str, open_timeout: float, **options: Any) -> ClientConnection:
    """``websockets.sync.client.connect``, bounded in time whatever happens.

    After a handshake that timed out on TLS the library joins its reader thread without a
    limit, and that thread may sit in an SSL read for good: a test through Caddy waited
    out the suite's five minutes there (CI, 2026-12-07). Here the attempt runs in a thread
    of its own; one still stuck a few seconds past ``open_timeout`` is abandoned (a daemon)
    and reported.
    """
    outcome: list[ClientConnection | BaseException] = []

    def attempt() -> None:
        try:
            outcome.append(connect(uri, open_timeout=open_timeout, **options).__enter__())
        except BaseException as failure:  # handed to the caller below
            outcome.append(failure)

    thread = threading.Thread(target=attempt, name="ws-connect", daemon=True)
    thread.start()
    thread.join(open_timeout + 5)
    if not outcome:
        raise TimeoutError(f"no websocket to {uri} after {open_timeout + 5:.0f} s: the "
                           "handshake timed out and the client library is stuck closing; "
                           f"where the attempt waits: {stuck_at(thread)}")
    if isinstance(outcome[0], BaseException):
        raise outcome[0]
    return outcome[0]


class Client:
    """A websocket client that validates and keeps every message it receives."""

    def __init__(self, ws_base: str, match_id: str, token: str | None = None,
                 hello: bool = True, source: str | None = None, lang: str | None = None,
                 headers: dict[str, str] | None = None, board: bool | None = None,
                 tls: ssl.SSLContext | None = None, open_timeout: float = 10.0) -> None:
        """``source``: the loopback address to connect from (127.0.0.2 ...), to be another
        client address for the per-address limits; ``lang`` and ``board`` go in the hello,
        ``headers`` (``Accept-Language``) in the handshake."""
        extra: dict[str, Any] = {"source_address": (source, 0)} if source else {}
        if headers:
            extra["additional_headers"] = headers
        if tls is not None:
            extra["ssl"] = tls
        self.ws: ClientConnection = connect_within(
            f"{ws_base}/ws/matches/{match_id}", open_timeout, close_timeout=2,
            max_size=2**22, **extra)
        self.messages: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.history: list[str] = []
        self.state: dict[str, Any] | None = None
        self.closed = False
        if hello:
            hello_message: dict[str, Any] = {"type": "hello", "token": token}
            if lang is not None:
                hello_message["lang"] = lang
            if board is not None:
                hello_message["board"] = board
            self.send(hello_message)
            self.welcome = self.recv()
            assert self.welcome["type"] == "welcome", self.welcome

    def send(self, message: Any) -> None:
        self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def recv(self, timeout: float = 10.0) -> dict[str, Any]:
        raw = self.ws.recv(timeout=timeout)
        assert isinstance(raw, str)
        message: dict[str, Any] = json.loads(raw)
        server_adapter.validate_python(message)
        self.raw.append(raw)
        self.messages.append(message)
        if message["type"] == "state":
            view = message["view"]
            if view is not None:
                if view["history_from"] == 0:
                    self.history = list(view["history"])
                else:
                    assert view["history_from"] == len(self.history), (view, self.history)
                    self.history.extend(view["history"])
                assert len(self.history) == message["state_id"]
            self.state = message
        return message

    def wait(self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 10.0
             ) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no matching message")
            message = self.recv(left)
            if predicate(message):
                return message

    def wait_state(self, predicate: Callable[[dict[str, Any]], bool] = lambda m: True,
                   timeout: float = 10.0) -> dict[str, Any]:
        if self.state is not None and predicate(self.state):
            return self.state
        return self.wait(lambda m: m["type"] == "state" and predicate(m), timeout)

    def wait_error(self, timeout: float = 10.0) -> dict[str, Any]:
        return self.wait(lambda m: m["type"] == "error", timeout)

    def act(self, action: str, state_id: int | None = None) -> None:
        if state_id is None:
            assert self.state is not None
            state_id = self.state["state_id"]
        sid = state_id
        self.send({"type": "action", "action": action, "state_id": sid})

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.ws.close()


def past(state_id: int) -> Callable[[dict[str, Any]], bool]:
    """A predicate for ``state`` messages beyond ``state_id``."""
    return lambda message: bool(message["state_id"] > state_id)


MAX_STATES = 3000
"""Random games of every game end long before this; past it a game is not ending."""


def play_until_finished(clients: list[Client], seed: int = 0, timeout: float = 30.0,
                        stop_after: int | None = None) -> None:
    """Each client plays random legal moves for its seat in its own thread until the end.

    ``stop_after``: return once the match reaches that many state ids instead.
    """
    errors: list[BaseException] = []

    def run(client: Client, rng: random.Random) -> None:
        try:
            deadline = time.monotonic() + timeout
            acted = -1
            while time.monotonic() < deadline:
                state = client.state
                if state is not None and (state["status"] == "finished" or (
                        stop_after is not None and state["state_id"] >= stop_after)):
                    return
                if state is not None and state["state_id"] > MAX_STATES:
                    raise AssertionError(f"the game did not end within {MAX_STATES} actions")
                if (state is not None and state["legal_actions"]
                        and state["state_id"] != acted):
                    acted = state["state_id"]
                    client.act(rng.choice(state["legal_actions"])["action"])
                message = client.recv(max(0.01, deadline - time.monotonic()))
                if message["type"] == "error":
                    raise AssertionError(f"unexpected error while playing: {message}")
            raise TimeoutError("the match did not finish in time")
        except BaseException as error:  # reported by the main thread
            errors.append(error)

    threads = [threading.Thread(target=run, args=(c, random.Random(seed * 100 + i)))
               for i, c in enumerate(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout + 10)
    if errors:
        tails = [(c.state or {}).get("state_id") for c in clients]
        raise AssertionError(f"playing failed: {errors[0]!r}; clients at states {tails}; "
                             f"last messages {[c.raw[-1:] for c in clients]}") from errors[0]


def replay_states(game: cc.Game, texts: list[str]) -> list[State]:
    """The state after each number of actions, ``0 .. len(texts)``."""
    state = game.new_state()
    states = [state.clone()]
    for text in texts:
        state.apply(text)
        states.append(state.clone())
    return states


def check_views(client: Client, role: int | None, states: list[State], texts: list[str],
                seed: int) -> int:
    """Check every ``state`` message ``client`` got against the engine's answer for ``role``.

    A seat must get exactly its observation, history, description, events (grouped as
    ``camelcade play`` groups them) and (on its turn) legal actions; a spectator the game's
    public observation, the public history and description, no actions. Returns how many
    messages were checked.
    """
    checked = 0
    previous = -1
    for raw, message in zip(client.raw, client.messages, strict=True):
        assert "Traceback" not in raw
        assert str(seed) not in raw, "the chance seed reached a client"
        if message["type"] != "state" or message["view"] is None:
            continue
        sid = message["state_id"]
        state = states[sid]
        view = message["view"]
        # A game without player colours calls seats by the names their players gave.
        given = [s["name"] if s["kind"] != "bot" else None for s in message["seats"]]
        with player_names(given):
            start = view["history_from"]
            assert view["history"] == state.history_for(role)[start:]
            assert view["description"] == state.describe(role)
            if start > 0 and previous >= 0:  # an update: the actions since, told as play tells
                expected = told(state.game.id, [states[i].describe_action(texts[i], role)
                                                for i in range(previous, sid)])
                assert view["events"] == expected
                assert view["events_from"] == previous
            laid = laid_out(state, role)
            assert view["board"] == laid.board  # the game's web layout for this role, or None
            if role is None:
                assert view["observation"] == state.public_observation()
                assert message["legal_actions"] == []
            else:
                assert view["observation"] == state.observation(role)
                mine = state.current_player == role and message["status"] == "running"
                legal = with_cells([{"action": str(a),
                                     "description": state.describe_action(a, role)}
                                    for a in state.legal_actions()], laid.cells, laid
                                   ) if mine else []
                assert message["legal_actions"] == legal
        previous = sid
        checked += 1
    return checked
