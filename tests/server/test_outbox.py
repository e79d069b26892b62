"""Notices that arrive: written with their move, delivered at least once, shown at most once.

The outbox's guarantees (``camelcade.server.outbox``) against real parts: a real SMTP
server (``aiosmtpd`` on 127.0.0.1), a real server process killed with SIGKILL between a
move and its notice's delivery, a local HTTP endpoint standing in for the push service
whose request the test decrypts with the subscription's own keys (RFC 8291).
"""

from __future__ import annotations

import asyncio
import base64
import email
import email.policy
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import http_ece
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from sqlalchemy import Engine, select, text

from camelcade.server import outbox as outbox_module
from camelcade.server.channels.email import EmailChannel
from camelcade.server.channels.keys import NoticeKeys, notice_keys
from camelcade.server.db import make_engine, migrate
from camelcade.server.models import notice_channels, outbox
from camelcade.server.moves import Advance, MoveWriter
from camelcade.server.outbox import (
    CLOCK,
    OVER,
    TURN,
    Delivery,
    Notice,
    Outbox,
    counts,
    notices_for,
    set_channel,
)
from camelcade.server.settings import Settings
from camelcade.server.store import ActionRow, MatchRow, SeatRow, Store
from tests.server.conftest import sqlite_settings
from tests.server.support import Api, Client, ServerProcess, ServerThread, free_port, past
from tests.server.test_web import Inbox

# -- which notices a change causes ----------------------------------------------------------


def test_a_turn_is_noticed_once_per_turn_and_the_end_for_every_person() -> None:
    assert notices_for(0, 1, "running", [0, 1], 5.0, None, None, False) == [
        Notice(1, TURN, 5.0)]
    assert notices_for(1, 1, "running", [0, 1], 5.0, None, None, False) == []  # same turn
    assert notices_for(0, 1, "running", [0], 5.0, None, None, False) == []  # a bot's turn
    assert notices_for(0, 0, "running", [0, 1], 5.0, None, None, True) == [
        Notice(0, TURN, 5.0)]  # the start
    assert notices_for(0, -1, "finished", [0, 2], 5.0, None, None, False) == [
        Notice(0, OVER, 5.0), Notice(2, OVER, 5.0)]
    # a correspondence clock (a day a move) warns six hours... at most an hour before
    day = notices_for(0, 1, "running", [0, 1], 5.0, 5.0 + 86400, 86400.0, False)
    assert day == [Notice(1, TURN, 5.0), Notice(1, CLOCK, 5.0 + 86400 - 3600)]
    # a live clock (a minute a move) warns nobody by mail
    assert notices_for(0, 1, "running", [0, 1], 5.0, 65.0, 60.0, False) == [
        Notice(1, TURN, 5.0)]


# -- written in the move's transaction ----------------------------------------------------


def _database(tmp_path: Path) -> tuple[Store, str]:
    """A migrated SQLite database with one running two-seat match and an e-mail channel
    for seat 1."""
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'notices.db'}")
    engine = make_engine(settings)
    migrate(engine)
    store = Store(engine, "camelcade", "test", inline_writes=True)
    now = time.time()
    store.insert_match(MatchRow(
        id="m1", game="toy", options={}, seed=1, status="running", state_id=0,
        auto_start=True, turn_seconds=None, on_timeout="bot", timeout_bot="random",
        created_at=now, updated_at=now), [SeatRow(seat=0, kind="human", token_hash="a"),
                                          SeatRow(seat=1, kind="human", token_hash="b")])
    channel = set_channel(engine, "m1", 1, "email", "south@example.org", now)
    assert channel is not None
    return store, channel


def _move(expected: int, idx: int, notices: list[Notice]) -> Advance:
    return Advance("m1", expected, [ActionRow(idx=idx, text="add 1", seat=0)], "running",
                   None, None, time.time(), notices=notices)


def test_a_rolled_back_move_leaves_no_notice(tmp_path: Path) -> None:
    """Two moves in one transaction, the second failing (its action's index is taken): the
    first move's notice goes with it. Alone, the same move writes its notice."""
    store, _channel = _database(tmp_path)
    writer = MoveWriter(store)
    good = _move(0, 0, [Notice(1, TURN, time.time())])
    clash = _move(1, 0, [Notice(1, TURN, time.time())])
    with pytest.raises(Exception, match="UNIQUE"):
        writer._commit_batch([good, clash])
    with store.engine.connect() as conn:
        assert conn.execute(select(outbox)).all() == []
        assert conn.execute(text("SELECT state_id FROM matches")).scalar() == 0
    assert writer._commit_batch([good]) == [True]
    with store.engine.connect() as conn:
        rows = conn.execute(select(outbox)).all()
    assert [(r.match_id, r.state_id, r.seat, r.kind, r.status) for r in rows] == [
        ("m1", 1, 1, TURN, "pending")]
    # the same notice again (a replayed commit) is one row: the unique index
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE matches SET state_id = 0"))
        conn.execute(text("DELETE FROM actions"))
    assert writer._commit_batch([good]) == [True]
    assert counts(store.engine) == {"pending": 1}
    asyncio.run(writer.close())
    store.engine.dispose()


def test_the_notice_is_written_with_the_move_on_postgresql(postgres_url: str) -> None:
    """PostgreSQL's one-statement commit (``moves._PG_ADVANCE``) writes the notice too, and
    a stale move (the match moved on) writes none."""
    engine = make_engine(Settings(database_url=postgres_url))
    migrate(engine)
    store = Store(engine, "camelcade", "test")
    now = time.time()
    store.insert_match(MatchRow(
        id="m1", game="toy", options={}, seed=1, status="running", state_id=0,
        auto_start=True, turn_seconds=None, on_timeout="bot", timeout_bot="random",
        created_at=now, updated_at=now), [SeatRow(seat=0, kind="human", token_hash="a"),
                                          SeatRow(seat=1, kind="human", token_hash="b")])
    set_channel(engine, "m1", 1, "email", "south@example.org", now)
    set_channel(engine, "m1", 1, "push", '{"endpoint": "https://push.example/x"}', now)

    async def run() -> list[bool | Exception]:
        writer = MoveWriter(store)
        try:
            first = await writer._commit_batch_pg([_move(0, 0, [Notice(1, TURN, now)])])
            stale = await writer._commit_batch_pg([_move(0, 0, [Notice(0, TURN, now)])])
            return first + stale
        finally:
            await writer.close()

    assert asyncio.run(run()) == [True, False]
    with engine.connect() as conn:
        rows = conn.execute(select(outbox.c.seat, outbox.c.kind)).all()
    assert sorted(rows) == [(1, TURN), (1, TURN)]  # one row per channel, none for seat 0
    engine.dispose()


# -- delivered once, by one of several deliverers -----------------------------------------


class Counting:
    """A channel that counts what it is asked to send (and can fail the first times)."""

    def __init__(self, failures: int = 0) -> None:
        self.sent: list[str] = []
        self.failures = failures
        self.lock = threading.Lock()

    async def send(self, delivery: Delivery, content: Any) -> None:
        await asyncio.sleep(0.01)
        with self.lock:
            if self.failures:
                self.failures -= 1
                raise OSError("connection refused by south@example.org's server")
            self.sent.append(delivery.key)


async def _always_send(delivery: Delivery) -> tuple[str, Any]:
    return "send", None


def _pending_rows(engine: Engine, count: int) -> None:
    now = time.time()
    with engine.begin() as conn:
        for state_id in range(count):
            conn.execute(outbox.insert().values(
                match_id="m1", state_id=state_id + 1, seat=1, kind=TURN,
                channel_id=conn.execute(select(notice_channels.c.id)).scalar_one(),
                status="pending", due_at=now, attempts=0, created_at=now))


def _two_deliverers(url: str) -> None:
    engines = [make_engine(Settings(database_url=url)) for _ in range(2)]
    _pending_rows(engines[0], 30)
    channel = Counting()

    async def run() -> None:
        boxes = [Outbox(engine, f"process-{i}", {"email": channel}, _always_send)
                 for i, engine in enumerate(engines)]
        for _round in range(3):
            await asyncio.gather(*(box.deliver_due() for box in boxes for _ in range(2)))

    asyncio.run(run())
    assert len(channel.sent) == 30 and len(set(channel.sent)) == 30
    assert counts(engines[0]) == {"sent": 30}
    for engine in engines:
        engine.dispose()


def test_two_deliverers_send_each_notice_once_on_sqlite(tmp_path: Path) -> None:
    store, _channel = _database(tmp_path)
    _two_deliverers(str(store.engine.url))


def test_two_deliverers_send_each_notice_once_on_postgresql(postgres_url: str) -> None:
    engine = make_engine(Settings(database_url=postgres_url))
    migrate(engine)
    now = time.time()
    Store(engine, "c", "t").insert_match(MatchRow(
        id="m1", game="toy", options={}, seed=1, status="running", state_id=0,
        auto_start=True, turn_seconds=None, on_timeout="bot", timeout_bot="random",
        created_at=now, updated_at=now), [SeatRow(seat=1, kind="human", token_hash="b")])
    set_channel(engine, "m1", 1, "email", "south@example.org", now)
    engine.dispose()
    _two_deliverers(postgres_url)


def test_a_failed_send_is_retried_with_backoff_and_the_address_is_not_kept_in_the_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store, _channel = _database(tmp_path)
    _pending_rows(store.engine, 1)
    monkeypatch.setattr(outbox_module, "backoff", lambda attempts: 0.05 * attempts)
    channel = Counting(failures=2)

    async def run() -> None:
        box = Outbox(store.engine, "p", {"email": channel}, _always_send, poll_seconds=0.05)
        box.start()
        deadline = time.monotonic() + 10
        while not channel.sent and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        await box.close()

    asyncio.run(run())
    assert len(channel.sent) == 1
    with store.engine.connect() as conn:
        row = conn.execute(select(outbox)).one()
    assert (row.status, row.attempts) == ("sent", 2)
    assert "example.org" not in (row.error or "") and "<e-mail>" in (row.error or "")
    store.engine.dispose()


# -- a real SMTP server ----------------------------------------------------------------------


class FlakyInbox(Inbox):
    """Refuses the first ``refusals`` mails with a temporary error, then takes them."""

    def __init__(self, refusals: int = 0) -> None:
        super().__init__()
        self.refusals = refusals

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        if self.refusals:
            self.refusals -= 1
            return "451 try again later"
        return await super().handle_DATA(server, session, envelope)


@contextmanager
def smtp_server(inbox: Inbox, port: int | None = None) -> Iterator[int]:
    from aiosmtpd.controller import Controller

    port = port or free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield port
    finally:
        controller.stop()


def test_the_email_channel_retries_after_the_smtp_server_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """aiosmtplib against aiosmtpd refusing once (451): the outbox tries again and the mail
    arrives once, with its one-click unsubscribe headers."""
    store, channel_id = _database(tmp_path)
    _pending_rows(store.engine, 1)
    monkeypatch.setattr(outbox_module, "backoff", lambda attempts: 0.05)
    keys = notice_keys(store.engine)
    inbox = FlakyInbox(refusals=1)
    with smtp_server(inbox) as port:
        settings = Settings(database_url=str(store.engine.url), smtp_host="127.0.0.1",
                            smtp_port=port, public_url="https://games.example")
        from camelcade.server.channels.wording import Wording

        wording = Wording(lang="en", subject="Your turn", short="Your turn.",
                          lines=["Your turn."], path="/match/m1", unsubscribe="Stop: {link}")

        async def decide(delivery: Delivery) -> tuple[str, Any]:
            return "send", wording

        async def run() -> None:
            box = Outbox(store.engine, "p", {"email": EmailChannel(settings, keys)}, decide,
                         poll_seconds=0.05)
            box.start()
            inbox_deadline = time.monotonic() + 10
            while not inbox.messages and time.monotonic() < inbox_deadline:
                await asyncio.sleep(0.02)
            await asyncio.sleep(0.3)
            await box.close()

        asyncio.run(run())
    assert len(inbox.messages) == 1
    mail = email.message_from_bytes(inbox.messages[0].content, policy=email.policy.default)
    assert mail["List-Unsubscribe"] == (
        f"<https://games.example/unsubscribe/{keys.token('unsubscribe', channel_id)}>")
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    with store.engine.connect() as conn:
        assert conn.execute(select(outbox.c.status, outbox.c.attempts)).one() == ("sent", 1)
    store.engine.dispose()


# -- the whole server ------------------------------------------------------------------------


def _outbox_rows(database: str) -> list[tuple[Any, ...]]:
    engine = make_engine(Settings(database_url=database))
    try:
        with engine.connect() as conn:
            return [tuple(row) for row in conn.execute(text(
                "SELECT kind, status, attempts, claimed_by FROM outbox ORDER BY id"))]
    finally:
        engine.dispose()


def _subscribe(api: Api, match_id: str, token: str, **body: Any) -> Any:
    kind = "push" if "subscription" in body else "email"
    answer = api.http.post(f"/api/web/matches/{match_id}/{kind}", json=body,
                           headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200, answer.text
    return answer.json()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_notice_survives_a_sigkill_between_its_move_and_its_delivery(
        tmp_path: Path, backend: str, request: pytest.FixtureRequest) -> None:
    """The SMTP server is down when the move commits, so the notice waits in the outbox;
    the server process is killed (SIGKILL); the SMTP server comes up, a new process starts
    on the same database, and exactly one mail arrives."""
    database = (f"sqlite:///{tmp_path / 'crash.db'}" if backend == "sqlite"
                else str(request.getfixturevalue("postgres_url")))
    port = free_port()
    env = {"CAMELCADE_SERVER_SMTP_HOST": "127.0.0.1", "CAMELCADE_SERVER_SMTP_PORT": str(port),
           "CAMELCADE_SERVER_NOTICE_POLL_SECONDS": "0.2",
           "CAMELCADE_SERVER_PUBLIC_URL": "http://games.example",
           "CAMELCADE_SERVER_HTTP_RATE_BURST": "1000"}
    log = tmp_path / "server.log"
    first = ServerProcess(database, env=env, log=log).start()
    try:
        api = Api(first.base)
        match_id, _host, tokens = api.open_match(players=2)
        mover_client = Client(first.ws_base, match_id, tokens[0])
        state = mover_client.wait_state(lambda m: m["status"] == "running")
        mover = state["current_player"]
        if mover != 0:
            mover_client.close()
            mover_client = Client(first.ws_base, match_id, tokens[mover])
            state = mover_client.wait_state()
        other = 1 - mover
        _subscribe(api, match_id, tokens[other], email="west@example.org")
        mover_client.act(state["legal_actions"][0]["action"])
        mover_client.wait_state(past(state["state_id"]))
        deadline = time.monotonic() + 20
        while not any(attempts >= 1 and claimed is None
                      for _kind, _status, attempts, claimed in _outbox_rows(database)):
            assert time.monotonic() < deadline, _outbox_rows(database)
            time.sleep(0.05)
        first.kill()
        mover_client.closed = True
        api.http.close()
    finally:
        first.kill()
    assert [row[:2] for row in _outbox_rows(database)] == [(TURN, "pending")]
    inbox = Inbox()
    with smtp_server(inbox, port):
        second = ServerProcess(database, port=first.port, env=env, log=log).start()
        try:
            inbox.wait(1, seconds=30)
            time.sleep(1.5)  # time for a second mail, were one to come
        finally:
            second.stop()
    assert len(inbox.messages) == 1, log.read_text()[-3000:]
    assert inbox.messages[0].rcpt_tos == ["west@example.org"]
    assert [row[:2] for row in _outbox_rows(database)] == [(TURN, "sent")]
    assert "west@example.org" not in log.read_text()  # the address is never logged


@contextmanager
def mail_server(tmp_path: Path, **changes: Any) -> Iterator[tuple[Inbox, ServerThread, Api]]:
    inbox = Inbox()
    with smtp_server(inbox) as port:
        server = ServerThread(sqlite_settings(
            tmp_path, smtp_host="127.0.0.1", smtp_port=port, notice_poll_seconds=0.2,
            **changes)).start()
        api = Api(server.base)
        try:
            yield inbox, server, api
        finally:
            api.http.close()
            server.stop()


def _started(server: ServerThread, api: Api) -> tuple[str, list[str], Client, dict[str, Any]]:
    """A running two-seat match, the client of the seat to move, and its state."""
    match_id, _host, tokens = api.open_match(players=2)
    client = Client(server.ws_base, match_id, tokens[0])
    state = client.wait_state(lambda m: m["status"] == "running")
    if state["current_player"] != 0:
        client.close()
        client = Client(server.ws_base, match_id, tokens[1])
        state = client.wait_state()
    return match_id, tokens, client, state


def _mail_link(message: Any) -> str:
    mail = email.message_from_bytes(message.content, policy=email.policy.default)
    return str(mail["List-Unsubscribe"]).strip("<>")


def test_the_unsubscribe_link_is_signed_asks_on_get_and_works_on_post(tmp_path: Path) -> None:
    with mail_server(tmp_path, public_url="http://placeholder") as (inbox, server, api):
        match_id, tokens, client, state = _started(server, api)
        other = 1 - state["current_player"]
        _subscribe(api, match_id, tokens[other], email="east@example.org")
        client.act(state["legal_actions"][0]["action"])
        inbox.wait()
        assert len(inbox.messages) == 1
        link = _mail_link(inbox.messages[0])
        path = link.removeprefix("http://placeholder")
        assert path.startswith("/unsubscribe/")
        engine = server.app.state.services.store.engine

        def channels() -> int:
            with engine.connect() as conn:
                return len(conn.execute(select(notice_channels)).all())

        asked = api.http.get(path)  # a mail scanner following the link changes nothing
        assert asked.status_code == 200 and 'method="post"' in asked.text
        assert channels() == 1
        forged = path[:-1] + ("0" if path[-1] != "0" else "1")
        for bad in (forged, "/unsubscribe/" + path.rsplit("/", 1)[1].split(".")[0] + ".x",
                    "/unsubscribe/nothing"):
            refused = api.http.post(bad, headers={"Accept-Language": "de"})
            assert refused.status_code == 400 and "nicht gültig" in refused.text, refused.text
        assert channels() == 1
        done = api.http.post(path, data={"List-Unsubscribe": "One-Click"})
        assert done.status_code == 200 and "no more notices" in done.text
        assert channels() == 0
        client.close()
    with sqlite3.connect(tmp_path / "camelcade.db") as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    assert b"east@example.org" not in (tmp_path / "camelcade.db").read_bytes()


def test_no_notice_while_the_seat_has_the_match_open(tmp_path: Path) -> None:
    with mail_server(tmp_path) as (inbox, server, api):
        match_id, tokens, client, state = _started(server, api)
        other = 1 - state["current_player"]
        _subscribe(api, match_id, tokens[other], email="north@example.org")
        watching = Client(server.ws_base, match_id, tokens[other])
        watching.wait_state()
        client.act(state["legal_actions"][0]["action"])
        watching.wait_state(past(state["state_id"]))
        engine = server.app.state.services.store.engine
        deadline = time.monotonic() + 10
        while counts(engine).get("pending", 1) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert counts(engine) == {"seen": 1}
        assert inbox.messages == []
        client.close()
        watching.close()


def test_a_refused_address_and_a_seatless_token_are_told_plainly(tmp_path: Path) -> None:
    with mail_server(tmp_path) as (_inbox, server, api):
        match_id, _host, tokens = api.open_match(players=2)
        for bad in ("nope", "a@b.org\r\nBcc: x@y.org", "<a@b.org>"):
            answer = api.http.post(f"/api/web/matches/{match_id}/email", json={"email": bad},
                                   headers={"Authorization": f"Bearer {tokens[0]}",
                                            "Accept-Language": "fr"})
            assert api.error(answer) == "message/malformed" and "adresse" in answer.text
        far = {"endpoint": "https://10.0.0.1/push", "keys": {"p256dh": "B" * 87,
                                                             "auth": "a" * 22}}
        answer = api.http.post(f"/api/web/matches/{match_id}/push",
                               json={"subscription": far},
                               headers={"Authorization": f"Bearer {tokens[0]}"})
        assert api.error(answer) == "message/malformed" and "https://" in answer.text
        with server.app.state.services.store.engine.connect() as conn:
            assert conn.execute(select(notice_channels)).all() == []


# -- Web Push, decrypted ------------------------------------------------------------------


class PushService:
    """A local HTTP endpoint standing in for a browser's push service."""

    def __init__(self) -> None:
        self.requests: list[tuple[str, dict[str, str], bytes]] = []
        received = self.requests

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                received.append((self.path, dict(self.headers.items()), body))
                self.send_response(201)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                return

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def endpoint(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/push/device-1"

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _unb64(data: str) -> bytes:
    return base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))


def test_a_push_reaches_the_push_service_encrypted_for_the_subscription(
        tmp_path: Path) -> None:
    """The browser's part played by the test: its own P-256 key and auth secret; the
    request the server sends is decrypted with them (RFC 8291, aes128gcm), and it carries
    the notice, signed with the server's VAPID key (RFC 8292)."""
    device_key = ec.generate_private_key(ec.SECP256R1())
    auth = os.urandom(16)
    public = device_key.public_key().public_bytes(serialization.Encoding.X962,
                                                  serialization.PublicFormat.UncompressedPoint)
    service = PushService()
    try:
        server = ServerThread(sqlite_settings(tmp_path, push_insecure_endpoints=True,
                                              notice_poll_seconds=0.2)).start()
        api = Api(server.base)
        try:
            vapid = api.http.get("/api/web/push/key").json()["key"]
            match_id, tokens, client, state = _started(server, api)
            other = 1 - state["current_player"]
            subscription = {"endpoint": service.endpoint, "expirationTime": None,
                            "keys": {"p256dh": _b64(public), "auth": _b64(auth)}}
            assert _subscribe(api, match_id, tokens[other], subscription=subscription) == {
                "seat": other, "subscribed": True}
            client.act(state["legal_actions"][0]["action"])
            deadline = time.monotonic() + 15
            while not service.requests and time.monotonic() < deadline:
                time.sleep(0.05)
            client.close()
        finally:
            api.http.close()
            server.stop()
    finally:
        service.stop()
    assert len(service.requests) == 1
    path, headers, body = service.requests[0]
    headers = {k.lower(): v for k, v in headers.items()}
    assert path == "/push/device-1" and headers["content-encoding"] == "aes128gcm"
    assert f"k={vapid}" in headers["authorization"].replace(" ", "")
    assert len(headers["topic"]) <= 32
    plain = http_ece.decrypt(body, private_key=device_key, auth_secret=auth,
                             version="aes128gcm")
    notice = json.loads(plain)
    assert notice["kind"] == TURN and notice["url"] == f"/match/{match_id}?lang=en"
    assert notice["title"].startswith("Your turn in ")
    assert notice["body"].startswith("It is your turn as ")
    assert _unb64(vapid)[0] == 4 and len(_unb64(vapid)) == 65  # an uncompressed P-256 point


def test_the_keys_are_made_once_and_kept(tmp_path: Path) -> None:
    store, _channel = _database(tmp_path)
    first = notice_keys(store.engine)
    assert isinstance(first, NoticeKeys) and notice_keys(store.engine) == first
    token = first.token("unsubscribe", "abc")
    assert first.verify("unsubscribe", token) == "abc"
    assert first.verify("other", token) is None
    assert first.verify("unsubscribe", "abd" + token[3:]) is None
    store.engine.dispose()


def test_a_mail_reads_back_whole_in_any_language(tmp_path: Path) -> None:
    """The hand-written mail (``channels.email.message_for``) parses back to the same
    subject and text, non-ASCII included, each header on one line."""
    from camelcade.server.channels.email import message_for
    from camelcade.server.channels.wording import Wording

    store, channel_id = _database(tmp_path)
    keys = notice_keys(store.engine)
    settings = Settings(database_url=str(store.engine.url), public_url="https://g.example",
                        smtp_from="jeux@g.example")
    delivery = Delivery(id=1, match_id="m1", state_id=3, seat=1, kind=TURN,
                        channel_id=channel_id, channel_kind="email", address="a@b.example",
                        attempts=0, created_at=1.0, claim="x")
    long_line = "Å" * 200
    wording = Wording(lang="fr", subject="À vous dans Kamelen (Sud)\r\nBcc: x@y.example",
                      short="", lines=["C'est à vous de jouer.", long_line], path="/m",
                      unsubscribe="Ne plus recevoir d’avis : {link}")
    raw = message_for(settings, keys, delivery, wording)
    assert all(len(line) <= 998 for line in raw.split(b"\r\n"))
    mail = email.message_from_bytes(raw, policy=email.policy.default)
    assert mail["Subject"] == "À vous dans Kamelen (Sud) Bcc: x@y.example"  # one line
    assert mail["Bcc"] is None and mail["To"] == "a@b.example"
    assert mail["Message-ID"].endswith("@g.example>")
    text = mail.get_content()  # type: ignore[attr-defined]
    assert "C'est à vous de jouer." in text and long_line in text
    assert f"Ne plus recevoir d’avis : https://g.example/unsubscribe/{channel_id}." in text
    store.engine.dispose()


def test_a_notice_due_later_waits_and_a_lost_lease_is_taken_again(tmp_path: Path) -> None:
    """A clock warning is due before the deadline, not at the move: nobody claims it
    earlier. A row claimed by a process that died is taken again once its lease ends."""
    store, _channel = _database(tmp_path)
    _pending_rows(store.engine, 1)
    engine = store.engine
    later = time.time() + 3600
    with engine.begin() as conn:
        conn.execute(outbox.update().values(due_at=later))
    assert outbox_module.claim(engine, "p", time.time()) == []
    assert len(outbox_module.claim(engine, "p", later + 1)) == 1  # due now: taken …
    assert outbox_module.claim(engine, "q", later + 2) == []  # … and held by its lease
    taken = outbox_module.claim(engine, "q", later + 2 + outbox_module.LEASE_SECONDS)
    assert len(taken) == 1 and taken[0].claim.startswith("q:")  # the dead one's lease ended
    store.engine.dispose()


def test_the_next_due_time_waits_for_a_lease_so_an_idle_deliverer_sleeps(
        tmp_path: Path) -> None:
    """A row on its way (another process's, or this one's) is not due again until its
    lease ends: the loop sleeps until then instead of spinning on it."""
    store, _channel = _database(tmp_path)
    _pending_rows(store.engine, 1)
    now = time.time()
    assert outbox_module.next_due(store.engine) == pytest.approx(now, abs=5)
    outbox_module.claim(store.engine, "p", now)
    assert outbox_module.next_due(store.engine) == pytest.approx(
        now + outbox_module.LEASE_SECONDS)
    store.engine.dispose()


def test_a_notice_of_another_process_s_move_catches_the_match_up_first() -> None:
    """On PostgreSQL another process may deliver a notice before it heard of the move:
    the match is refreshed rather than the turn taken as passed (``stale``)."""
    from types import SimpleNamespace

    from camelcade.server.channels.wire import Notices

    match = SimpleNamespace(state_id=4, status="running",
                            state=SimpleNamespace(current_player=0),
                            connections=[SimpleNamespace(seat=1)], remote_presence={})
    refreshed: list[str] = []

    async def lookup(match_id: str) -> Any:
        return match

    async def refresh(match_id: str) -> None:
        refreshed.append(match_id)
        match.state_id, match.state.current_player = 5, 1  # the move, now heard of

    notices = Notices(Settings(database_url="sqlite://"), None, lookup, refresh)  # type: ignore[arg-type]
    delivery = Delivery(id=1, match_id="m1", state_id=5, seat=1, kind=TURN, channel_id="c",
                        channel_kind="email", address="a@b.example", attempts=0,
                        created_at=1.0, claim="x")
    assert asyncio.run(notices.decide(delivery)) == ("seen", None)  # seat 1 is looking
    assert refreshed == ["m1"]


def test_a_clock_warning_is_dropped_when_a_vacation_moved_the_deadline_on() -> None:
    """The warning was written for the deadline of the move; a vacation since pushed the
    deadline days later: warning now would be wrong (and the player is away)."""
    from types import SimpleNamespace

    from camelcade.server.channels.wire import Notices

    now = time.time()
    row = SimpleNamespace(turn_deadline=now + 600, turn_seconds=86400.0)
    match = SimpleNamespace(state_id=5, status="running", row=row,
                            state=SimpleNamespace(current_player=1),
                            connections=[SimpleNamespace(seat=1)], remote_presence={})

    async def lookup(match_id: str) -> Any:
        return match

    async def refresh(match_id: str) -> None:
        raise AssertionError("the match is up to date")

    notices = Notices(Settings(database_url="sqlite://"), None, lookup, refresh)  # type: ignore[arg-type]
    warning = Delivery(id=1, match_id="m1", state_id=5, seat=1, kind=CLOCK, channel_id="c",
                       channel_kind="email", address="a@b.example", attempts=0,
                       created_at=1.0, claim="x")
    # ten minutes left: a warning is due (not sent here only because the seat is looking)
    assert asyncio.run(notices.decide(warning)) == ("seen", None)
    row.turn_deadline = now + 3 * 86400  # a three-day vacation began meanwhile
    assert asyncio.run(notices.decide(warning)) == ("stale", None)
