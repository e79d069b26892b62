"""Fixtures: a SQLite server in a thread, a PostgreSQL cluster, fresh databases."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from camelcade.server.settings import Settings
from tests.server.postgres import fresh_database, in_ci, postgres_cluster
from tests.server.support import Api, ServerThread


@pytest.fixture(scope="session")
def postgres_admin() -> Iterator[str]:
    """A running PostgreSQL (started here if needed); see tests/server/postgres.py."""
    with postgres_cluster() as url:
        if url is None:
            if in_ci():
                pytest.fail("PostgreSQL is not installed, and CI must test it: "
                            "apt-get install -y postgresql")
            pytest.skip("PostgreSQL binaries are not installed")
        yield url


@pytest.fixture
def postgres_url(postgres_admin: str) -> Iterator[str]:
    with fresh_database(postgres_admin) as url:
        yield url


FAST_CLIENTS = {"rate_per_second": 1000.0, "rate_burst": 1000, "http_rate_per_second": 1000.0,
                "http_rate_burst": 1000, "create_rate_per_second": 1000.0,
                "create_rate_burst": 1000, "read_rate_per_second": 1000.0,
                "read_rate_burst": 1000, "lobby_cache_seconds": 0.0, "bot_only_pace": 0.0}
"""Test clients answer in microseconds; the rate limit has its own tests."""


def sqlite_settings(tmp: Path, **changes: object) -> Settings:
    settings = Settings(database_url=f"sqlite:///{tmp / 'camelcade.db'}")
    return settings.with_changes(**{**FAST_CLIENTS, **changes})


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    """One SQLite server per test module, in a thread, on 127.0.0.1."""
    running = ServerThread(sqlite_settings(tmp_path_factory.mktemp("db"))).start()
    yield running
    running.stop()


@pytest.fixture
def api(server: ServerThread) -> Iterator[Api]:
    client = Api(server.base)
    yield client
    client.http.close()
