"""A real PostgreSQL for the tests, started the way ``shared/design/stack.md`` describes.

Started only if nothing answers on the test port, and stopped only by the test session
that started it, after the last pytest-xdist worker using it has finished (a lock file and
one marker per worker keep the workers from stopping it under each other). Under CI a
missing PostgreSQL is a failure; locally the tests skip only if the binaries are absent.
"""

from __future__ import annotations

import contextlib
import fcntl
import glob
import os
import secrets
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg

PG_PORT = int(os.environ.get("CAMELCADE_TEST_PG_PORT", "55432"))
PG_DIR = Path(os.environ.get("CAMELCADE_TEST_PG_DIR", "/tmp/camelcade-pg"))
PG_USER = "camel"
ADMIN_URL = f"postgresql://{PG_USER}@127.0.0.1:{PG_PORT}/postgres"


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


def pg_bin() -> Path | None:
    """The newest PostgreSQL server binaries installed, if any."""
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit()
                        else 0)
    if candidates:
        return Path(candidates[-1]).parent
    found = shutil.which("pg_ctl")
    return Path(found).parent if found else None


def answering() -> bool:
    try:
        with psycopg.connect(ADMIN_URL, connect_timeout=2):
            return True
    except psycopg.Error:
        return False


def _as_postgres(args: list[str]) -> list[str]:
    """initdb refuses to run as root; run the server tools as the ``postgres`` user then."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *args]
    return args


def _start(binaries: Path) -> None:
    PG_DIR.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        shutil.chown(PG_DIR, "postgres", "postgres")
    data = PG_DIR / "data"
    if not (data / "PG_VERSION").exists():
        subprocess.run(
            _as_postgres([str(binaries / "initdb"), "-D", str(data), "-U", PG_USER,
                          "--auth=trust", "-E", "UTF8"]),
            check=True, capture_output=True, timeout=120,
        )
    subprocess.run(
        _as_postgres([str(binaries / "pg_ctl"), "-D", str(data), "-l", str(PG_DIR / "log"),
                      "-w", "-t", "60", "-o",
                      f"-k {PG_DIR} -p {PG_PORT} -c listen_addresses=127.0.0.1 "
                      "-c max_connections=200", "start"]),
        check=True, capture_output=True, timeout=90,
    )
    deadline = time.monotonic() + 30
    while not answering():
        if time.monotonic() > deadline:
            raise RuntimeError(f"PostgreSQL did not answer; see {PG_DIR / 'log'}")
        time.sleep(0.2)


def _stop(binaries: Path) -> None:
    subprocess.run(
        _as_postgres([str(binaries / "pg_ctl"), "-D", str(PG_DIR / "data"), "-m", "fast",
                      "-w", "stop"]),
        capture_output=True, timeout=60, check=False,
    )


@contextlib.contextmanager
def _locked() -> Iterator[None]:
    lock_path = Path(f"/tmp/camelcade-pg-{PG_PORT}.lock")
    with open(lock_path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _users_dir() -> Path:
    return Path(f"/tmp/camelcade-pg-{PG_PORT}.users")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@contextlib.contextmanager
def postgres_cluster() -> Iterator[str | None]:
    """Yield the admin URL of a running test cluster, or None if PostgreSQL is absent."""
    binaries = pg_bin()
    users = _users_dir()
    marker = users / "started-by-tests"
    with _locked():
        absent = not answering() and binaries is None
        if not absent and not answering():
            assert binaries is not None
            _start(binaries)
            users.mkdir(exist_ok=True)
            marker.touch()
        if not absent:
            users.mkdir(exist_ok=True)
            (users / str(os.getpid())).touch()
    if absent:
        yield None
        return
    try:
        yield ADMIN_URL
    finally:
        with _locked():
            (users / str(os.getpid())).unlink(missing_ok=True)
            others = [p for p in users.iterdir() if p.name.isdigit() and _alive(int(p.name))]
            if not others and marker.exists() and binaries is not None:
                _stop(binaries)
                marker.unlink(missing_ok=True)


@contextlib.contextmanager
def fresh_database(admin_url: str) -> Iterator[str]:
    """A new empty database for one test; dropped afterwards. Yields a SQLAlchemy URL."""
    name = "cc_" + secrets.token_hex(6)
    with psycopg.connect(admin_url, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgresql+psycopg://{PG_USER}@127.0.0.1:{PG_PORT}/{name}"
    finally:
        with psycopg.connect(admin_url, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
