"""Settings (data folder, URLs, environment) and the migrations."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from camelcade.server.db import make_engine, migrate
from camelcade.server.models import metadata
from camelcade.server.settings import (
    Settings,
    default_database_url,
    normalise_database_url,
    settings_for,
)
from tests.server.support import Api, ServerProcess


def test_default_database_is_in_xdg_data_home(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    url = default_database_url()
    assert url == f"sqlite:///{tmp_path / 'data' / 'camelcade' / 'camelcade.db'}"
    assert (tmp_path / "data" / "camelcade").is_dir()
    monkeypatch.setenv("XDG_DATA_HOME", "relative/ignored")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_database_url().endswith("home/.local/share/camelcade/camelcade.db")


def test_database_urls_are_normalised(tmp_path: Path) -> None:
    assert normalise_database_url("postgresql://u@h:1/d") == "postgresql+psycopg://u@h:1/d"
    assert normalise_database_url("postgres://u@h/d") == "postgresql+psycopg://u@h/d"
    assert normalise_database_url(str(tmp_path / "a" / "x.db")) == (
        f"sqlite:///{tmp_path / 'a' / 'x.db'}"
    )
    assert normalise_database_url("sqlite:///:memory:") == "sqlite:///:memory:"


def test_limits_can_be_tuned_from_the_environment() -> None:
    settings = settings_for("sqlite:///x.db", "127.0.0.1", 9000, environ={
        "CAMELCADE_SERVER_RATE_BURST": "9", "CAMELCADE_SERVER_BOT_DELAY": "0.5",
        "CAMELCADE_SERVER_ACCESS_LOG": "yes"})
    assert (settings.rate_burst, settings.bot_delay, settings.access_log) == (9, 0.5, True)
    assert settings.port == 9000
    with pytest.raises(ValueError, match="RATE_BURST"):
        settings_for(None, environ={"CAMELCADE_SERVER_RATE_BURST": "many"})


def test_migrations_create_exactly_the_model_and_run_twice(tmp_path: Path) -> None:
    engine = make_engine(Settings(database_url=f"sqlite:///{tmp_path / 'm.db'}"))
    migrate(engine)
    migrate(engine)
    with engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), metadata) == []
        assert {"matches", "seats", "actions", "alembic_version"} <= set(
            inspect(conn).get_table_names()
        )
    engine.dispose()


def test_migrations_on_postgresql(postgres_url: str) -> None:
    engine = make_engine(Settings(database_url=postgres_url))
    migrate(engine)
    with engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), metadata) == []
    engine.dispose()


def test_serve_without_db_creates_sqlite_in_the_data_folder(tmp_path: Path) -> None:
    server = ServerProcess(None, env={"XDG_DATA_HOME": str(tmp_path / "xdg")},
                           log=tmp_path / "server.log").start()
    try:
        api = Api(server.base)
        assert api.http.get("/api/health").json()["backend"] == "sqlite"
        api.create()
    finally:
        server.stop()
    assert (tmp_path / "xdg" / "camelcade" / "camelcade.db").stat().st_size > 0
