"""The hosting files (Containerfile, compose.yaml, deploy/Caddyfile, .env.example) agree with
each other and with the server, and Debian's Caddy accepts the Caddyfile."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from typer.testing import CliRunner

from camelcade.cli.main import app as cli
from camelcade.server.settings import _TUNABLE, ENV_PREFIX
from tests.server.postgres import in_ci
from tests.server.support import REPO

CLI_VARIABLES = {"DATABASE_URL", "HOST", "PORT"}
"""Read by ``camelcade serve``'s own flags (``--db``, ``--host``, ``--port``)."""


def _compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((REPO / "compose.yaml").read_text())
    return loaded


def test_the_image_is_multi_stage_non_root_with_a_health_check_and_a_base_argument() -> None:
    text = (REPO / "Containerfile").read_text()
    assert (REPO / "Dockerfile").resolve() == (REPO / "Containerfile").resolve()
    assert "ARG BASE=docker.io/library/python:3.11-slim-bookworm" in text
    assert text.count("FROM ${BASE}") == 2 and "COPY --from=build" in text
    assert "USER camelcade" in text and "useradd --system" in text
    assert "HEALTHCHECK" in text and "/health" in text
    assert 'ENTRYPOINT ["camelcade", "serve"]' in text
    assert "CAMELCADE_SERVER_HOST=0.0.0.0" in text
    assert 'pip install ".[server,fast]"' in text and "camelcade.mo" in text


def test_compose_runs_postgresql_two_camelcades_and_caddy_trusted_by_address() -> None:
    compose = _compose()
    services = compose["services"]
    assert set(services) == {"db", "camelcade-1", "camelcade-2", "caddy"}
    db = services["db"]
    assert "pg_isready" in " ".join(db["healthcheck"]["test"])
    assert db["volumes"][0].split(":")[0] in compose["volumes"]
    caddy_address = services["caddy"]["networks"]["internal"]["ipv4_address"]
    for name in ("camelcade-1", "camelcade-2"):
        service = services[name]
        assert service["build"]["dockerfile"] == "Containerfile"
        assert service["depends_on"]["db"]["condition"] == "service_healthy"
        environment = service["environment"]
        assert environment["CAMELCADE_SERVER_FORWARDED_ALLOW_IPS"] == caddy_address
        assert environment["CAMELCADE_SERVER_DATABASE_URL"].startswith("postgresql+psycopg://")
    assert "443:443" in services["caddy"]["ports"]
    assert "./deploy/Caddyfile:/etc/caddy/Caddyfile:ro" in services["caddy"]["volumes"]


def test_every_variable_of_the_example_env_is_one_the_server_reads() -> None:
    names = [line.split("=", 1)[0] for line in (REPO / ".env.example").read_text().splitlines()
             if line and not line.startswith("#")]
    known = {name.upper() for name in _TUNABLE} | CLI_VARIABLES
    ours = [name for name in names if name.startswith(ENV_PREFIX)]
    assert ours and all(name[len(ENV_PREFIX):] in known for name in ours), ours
    assert {"CAMELCADE_DOMAIN", "POSTGRES_PASSWORD"} <= set(names)


def test_serve_reads_its_database_address_and_port_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[tuple[Any, ...]] = []
    monkeypatch.setattr("camelcade.server.app.run_server", lambda *args: seen.append(args))
    done = CliRunner().invoke(cli, ["serve"], env={
        "CAMELCADE_SERVER_DATABASE_URL": "postgresql+psycopg://camel@db/camelcade",
        "CAMELCADE_SERVER_HOST": "0.0.0.0", "CAMELCADE_SERVER_PORT": "8123"})
    assert done.exit_code == 0, done.output
    assert seen[0][:3] == ("postgresql+psycopg://camel@db/camelcade", "0.0.0.0", 8123)


@pytest.mark.parametrize("tls", ["acme", "internal"])
def test_caddy_accepts_the_caddyfile(tls: str, tmp_path: Path) -> None:
    caddy = shutil.which("caddy")
    if caddy is None:
        if in_ci():
            pytest.fail("caddy is not installed, and CI must test it: apt-get install -y caddy")
        pytest.skip("caddy is not installed")
    env = {**os.environ, "CAMELCADE_DOMAIN": "games.example.org", "CAMELCADE_TLS": tls,
           "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
    done = subprocess.run([caddy, "validate", "--adapter", "caddyfile", "--config",
                           str(REPO / "deploy" / "Caddyfile")], capture_output=True, text=True,
                          env=env, cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stderr
    assert "Valid configuration" in done.stderr + done.stdout
