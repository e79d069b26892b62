"""What a host monitors: /health, /ready, /version, /metrics, and the JSON log lines."""

from __future__ import annotations

import asyncio
import io
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from sqlalchemy import create_engine, text

from camelcade import __version__
from camelcade.core.registry import game_class, game_ids
from camelcade.server.db import head_revision, libpq_url
from camelcade.server.logs import JsonLines, RequestContext, client_var, match_id_var, redact
from tests.server.conftest import FAST_CLIENTS, sqlite_settings
from tests.server.support import Api, Client, ServerProcess, ServerThread, free_port


def _serve(tmp_path: Path, **changes: object) -> ServerThread:
    return ServerThread(sqlite_settings(tmp_path, **changes)).start()


@pytest.fixture
def monitored(tmp_path: Path) -> Iterator[ServerThread]:
    running = _serve(tmp_path, metrics_token="s3cret-metrics")
    yield running
    running.stop()


def test_health_version_and_ready_on_a_healthy_server(monitored: ServerThread) -> None:
    assert httpx.get(monitored.base + "/health").json() == {"status": "ok"}
    version = httpx.get(monitored.base + "/version").json()
    assert version["camelcade"] == __version__
    assert version["games"] == {game: game_class(game).rules_version for game in game_ids()}
    ready = httpx.get(monitored.base + "/ready")
    assert ready.status_code == 200, ready.text
    body = ready.json()
    assert body["status"] == "ready"
    assert body["checks"]["schema"] == {"ok": True, "revision": head_revision(),
                                        "expected": head_revision()}
    assert body["checks"]["bot_workers"] == {"ok": True, "dead": []}


def test_ready_is_unready_while_the_schema_is_not_the_expected_one(
    monitored: ServerThread,
) -> None:
    engine = create_engine(monitored.settings.database_url)
    with engine.begin() as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = '0003'"))
    try:
        ready = httpx.get(monitored.base + "/ready")
        assert ready.status_code == 503
        assert ready.json()["checks"]["schema"]["ok"] is False
        assert ready.json()["checks"]["schema"]["revision"] == "0003"
    finally:
        with engine.begin() as connection:
            connection.execute(text("UPDATE alembic_version SET version_num = :head"),
                               {"head": head_revision()})
        engine.dispose()
    assert httpx.get(monitored.base + "/ready").status_code == 200


def test_ready_follows_postgresql_going_away_and_coming_back(
    postgres_url: str, postgres_admin: str,
) -> None:
    """The database refuses connections (as when PostgreSQL stops): unready; back: ready."""
    from camelcade.server.settings import Settings

    running = ServerThread(Settings(database_url=postgres_url).with_changes(**FAST_CLIENTS))
    running.start()
    name = postgres_url.rsplit("/", 1)[1]
    try:
        assert httpx.get(running.base + "/ready").status_code == 200
        with psycopg.connect(libpq_url(postgres_admin), autocommit=True) as admin:
            admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
            admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                          "WHERE datname = %s AND pid <> pg_backend_pid()", (name,))
            unready = httpx.get(running.base + "/ready", timeout=10)
            assert unready.status_code == 503, unready.text
            assert unready.json()["checks"]["database"]["ok"] is False
            assert httpx.get(running.base + "/health").status_code == 200
            admin.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')
        assert httpx.get(running.base + "/ready", timeout=10).status_code == 200
    finally:
        running.stop()


def test_metrics_need_their_token_and_count_moves(monitored: ServerThread) -> None:
    base = monitored.base
    assert httpx.get(base + "/metrics").status_code == 401
    wrong = httpx.get(base + "/metrics", headers={"Authorization": "Bearer nope"})
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "auth/required"

    api = Api(base)
    match_id, _host, tokens = api.open_match(players=2)
    first = Client(monitored.ws_base, match_id, tokens[0])
    state = first.wait_state(lambda m: m["current_player"] == 0)
    first.act(state["legal_actions"][0]["action"], state["state_id"])
    first.wait_state(lambda m: m["state_id"] > state["state_id"])

    scraped = httpx.get(base + "/metrics", headers={"Authorization": "Bearer s3cret-metrics"})
    assert scraped.status_code == 200
    lines = scraped.text.splitlines()
    game = api.match(match_id)["game"]
    assert f'camelcade_matches_live{{game="{game}"}} 1.0' in lines
    assert "camelcade_websockets_open 1.0" in lines
    assert "camelcade_moves_acknowledged_total 1.0" in lines
    assert "camelcade_ack_latency_seconds_count 1.0" in lines
    assert any(line.startswith("camelcade_db_commit_seconds_count ") and
               float(line.split()[1]) >= 1 for line in lines)
    for name in ("camelcade_bot_jobs_queued ", "camelcade_bot_job_wait_seconds_count ",
                 "process_cpu_seconds_total ", "process_resident_memory_bytes "):
        assert any(line.startswith(name) for line in lines), name
    first.close()
    api.http.close()


def test_metrics_on_a_port_of_their_own_are_not_on_the_public_one(tmp_path: Path) -> None:
    port = free_port()
    running = _serve(tmp_path, metrics_port=port)
    try:
        assert httpx.get(running.base + "/metrics").status_code == 404
        scraped = httpx.get(f"http://127.0.0.1:{port}/metrics")
        assert scraped.status_code == 200
        assert "camelcade_websockets_open 0.0" in scraped.text.splitlines()
    finally:
        running.stop()
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"http://127.0.0.1:{port}/metrics", timeout=2)


def test_secrets_never_reach_a_log_line() -> None:
    line = redact('join failed: token=AbC123xyz, seed: 9876543 for ada@example.org '
                  '{"token": "tok-en"} Authorization: Bearer zzz.yyy password=hunter2')
    for secret in ("AbC123xyz", "9876543", "ada@example.org", "tok-en", "zzz.yyy", "hunter2"):
        assert secret not in line, line
    assert "<e-mail>" in line and "token=<hidden>" in line


def test_json_lines_carry_the_match_and_the_client_and_hide_secrets() -> None:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonLines())
    logger = logging.getLogger("camelcade.test.json")
    logger.addHandler(handler)
    logger.propagate = False
    tokens = match_id_var.set("m-123"), client_var.set("203.0.113.9")
    try:
        logger.warning("seat token=%s joined as %s", "sekret-token", "bo@example.com")
    finally:
        match_id_var.reset(tokens[0])
        client_var.reset(tokens[1])
    logger.warning("no request here")
    logger.removeHandler(handler)
    first, second = (json.loads(line) for line in stream.getvalue().splitlines())
    assert first["match_id"] == "m-123" and first["client"] == "203.0.113.9"
    assert first["level"] == "warning" and first["logger"] == "camelcade.test.json"
    assert "sekret-token" not in first["message"] and "bo@example.com" not in first["message"]
    assert "match_id" not in second and "client" not in second


def test_a_request_is_logged_with_a_tag_of_its_client_never_its_address() -> None:
    """No IP address in a log: RequestContext gives each line a keyed hash of the address,
    the same for one client and different for another."""
    seen: list[str | None] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        seen.append(client_var.get())

    middleware = RequestContext(app)
    for address in ("203.0.113.9", "203.0.113.9", "198.51.100.7"):
        scope = {"type": "http", "path": "/api/matches", "client": (address, 40000)}
        asyncio.run(middleware(scope, None, None))
    assert all(tag is not None and tag.startswith("c-") and len(tag) == 14 for tag in seen)
    assert seen[0] == seen[1] != seen[2]
    assert not any("203.0.113" in str(tag) or "198.51" in str(tag) for tag in seen)


def test_the_server_process_logs_json_lines(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    process = ServerProcess(str(tmp_path / "db.sqlite"), log=log,
                            args=["--log-format", "json"],
                            env={"CAMELCADE_SERVER_BOT_WORKERS": "1"}).start()
    try:
        httpx.get(process.base + "/api/matches/nosuchmatch", timeout=5)
    finally:
        process.stop()
    lines = [line for line in log.read_text().splitlines() if line.strip()]
    assert lines
    parsed = [json.loads(line) for line in lines]  # every line is one JSON object
    assert any("camelcade server on" in entry["message"] for entry in parsed)
    assert all({"time", "level", "logger", "message"} <= entry.keys() for entry in parsed)
