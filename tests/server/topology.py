"""The compose topology as processes, for the tests: PostgreSQL (a fresh database), two
``camelcade serve`` processes on it, and Debian's caddy in front with the repository's
deploy/Caddyfile under ``tls internal`` (no containers run here)."""

from __future__ import annotations

import contextlib
import os
import shutil
import ssl
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from tests.server.conftest import FAST_CLIENTS
from tests.server.postgres import in_ci
from tests.server.support import REPO, ServerProcess, free_port


@dataclass
class Topology:
    base: str
    ws_base: str
    tls: ssl.SSLContext
    servers: list[ServerProcess]
    proxy_log: Path


def _caddy() -> str:
    caddy = shutil.which("caddy")
    if caddy is None:
        if in_ci():
            pytest.fail("caddy is not installed, and CI must test it: apt-get install -y caddy")
        pytest.skip("caddy is not installed")
    return caddy


@contextlib.contextmanager
def running_topology(postgres_url: str, tmp_path: Path,
                     **extra_env: str) -> Iterator[Topology]:
    """Start the four; stop them after. ``extra_env`` goes to both camelcade processes."""
    caddy = _caddy()
    env = {**extra_env, "CAMELCADE_SERVER_BOT_WORKERS": "1", "CAMELCADE_SERVER_FORWARDED_ALLOW_IPS":
           "127.0.0.1", "CAMELCADE_SERVER_LOG_FORMAT": "json",
           # test clients answer in microseconds; the rate limits have their own tests
           **{f"CAMELCADE_SERVER_{name.upper()}": str(value)
              for name, value in FAST_CLIENTS.items()}}
    servers = [ServerProcess(postgres_url, env=env, log=tmp_path / f"camelcade-{i}.log")
               for i in (1, 2)]
    for server in servers:  # both start together: they migrate once, under the lock
        server.start(timeout=60)
    https_port, http_port = free_port(), free_port()
    storage = tmp_path / "caddy"
    config = tmp_path / "Caddyfile"
    config.write_text(  # debug: the proxy's log says whether an upstream answered
        "{\n\tadmin off\n\tskip_install_trust\n\tdebug\n"
        f"\thttp_port {http_port}\n\thttps_port {https_port}\n"
        f"\tstorage file_system {storage}\n}}\n\n"
        f"import {REPO / 'deploy' / 'Caddyfile'}\n")
    upstreams = " ".join(f"127.0.0.1:{server.port}" for server in servers)
    caddy_env = {**os.environ, "CAMELCADE_DOMAIN": "localhost", "CAMELCADE_TLS": "internal",
                 "CAMELCADE_UPSTREAMS": upstreams, "HOME": str(tmp_path),
                 "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
    log = (tmp_path / "caddy.log").open("wb")
    proxy = subprocess.Popen([caddy, "run", "--adapter", "caddyfile", "--config", str(config)],
                             env=caddy_env, stdout=log, stderr=subprocess.STDOUT, cwd=tmp_path)
    root = storage / "pki" / "authorities" / "local" / "root.crt"
    base = f"https://localhost:{https_port}"
    try:
        deadline = time.monotonic() + 30
        while not root.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        tls = ssl.create_default_context(cafile=str(root))
        while time.monotonic() < deadline:
            try:
                if httpx.get(base + "/ready", verify=tls, timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        else:
            raise RuntimeError(f"caddy did not serve: {(tmp_path / 'caddy.log').read_text()}")
        yield Topology(base, f"wss://localhost:{https_port}", tls, servers,
                       tmp_path / "caddy.log")
    finally:
        proxy.terminate()
        proxy.wait(10)
        log.close()
        for server in servers:
            server.stop()
