"""Backups of a server's database, taken while it runs, and their restoring.

A backup is one file: a tar archive holding ``backup.json`` (what it is: the backend, the
schema revision, the camelcade version, when) and the database itself. SQLite is copied
page by page through its online backup API, so the server goes on committing moves
meanwhile and the copy is one consistent moment. PostgreSQL is dumped with ``pg_dump``
in its custom format (one consistent snapshot, too) and restored with ``pg_restore``.

A backup is restored only into a camelcade of the same schema revision, or, asked with
``migrate=True``, of a newer one: the restored database is then migrated to it. One of a
revision this camelcade does not know (made by a newer version) is refused with the reason.
Restore with the server stopped: it replaces everything in the database.
"""

from __future__ import annotations

import glob
import io
import json
import shutil
import sqlite3
import subprocess
import tarfile
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from alembic.script import ScriptDirectory
from sqlalchemy import create_engine
from sqlalchemy.engine import make_url

from camelcade import __version__
from camelcade.core.words import t
from camelcade.server.db import alembic_config, current_revision, head_revision, libpq_url, migrate

MANIFEST = "backup.json"
FORMAT = 1
SUFFIX = ".camelcade-backup"


class BackupError(Exception):
    """A backup could not be made or restored; the message says why, for the host."""


@dataclass(frozen=True)
class Manifest:
    backend: str
    revision: str | None
    camelcade: str
    created: float
    member: str


def _sqlite_path(url: str) -> Path:
    database = make_url(url).database
    if not database or database == ":memory:":
        raise BackupError(t("An in-memory database cannot be backed up."))
    return Path(database).expanduser()


def _pg_tool(name: str) -> str:
    """``pg_dump`` or ``pg_restore``: on the PATH, else the newest Debian installs."""
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
                        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit()
                        else 0)
    if candidates:
        return candidates[-1]
    raise BackupError(t("{tool} is not installed; PostgreSQL backups need it (Debian: "
                        "apt-get install postgresql-client).", tool=name))


def _run(args: list[str]) -> None:
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        reason = (done.stderr or done.stdout).strip().splitlines()
        raise BackupError(t("{tool} failed: {reason}", tool=Path(args[0]).name,
                            reason=reason[-1] if reason else done.returncode))


def backup(database_url: str, path: Path) -> Manifest:
    """Write a backup of ``database_url`` to ``path`` (while the server runs)."""
    backend = make_url(database_url).get_backend_name()
    path = path.expanduser()
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="camelcade-backup-") as work:
        if backend == "sqlite":
            source_path = _sqlite_path(database_url)
            if not source_path.exists():
                raise BackupError(t("There is no database at {path}.", path=str(source_path)))
            member = "database.sqlite"
            copy = Path(work) / member
            source = sqlite3.connect(source_path, timeout=30)
            target = sqlite3.connect(copy)
            try:
                source.backup(target)
            finally:
                target.close()
                source.close()
            revision = current_revision(create_engine(f"sqlite:///{copy}"))
        elif backend == "postgresql":
            member = "database.pgdump"
            copy = Path(work) / member
            engine = create_engine(database_url)
            try:
                revision = current_revision(engine)
            finally:
                engine.dispose()
            _run([_pg_tool("pg_dump"), "--format=custom", "--no-owner", "--no-privileges",
                  "--file", str(copy), "--dbname", libpq_url(database_url)])
        else:
            raise BackupError(t("Backups support SQLite and PostgreSQL, not {backend}.",
                                backend=backend))
        manifest = Manifest(backend, revision, __version__, time.time(), member)
        partial = path.with_name(path.name + ".partial")
        with tarfile.open(partial, "w") as archive:
            data = json.dumps({"format": FORMAT, **manifest.__dict__}).encode()
            info = tarfile.TarInfo(MANIFEST)
            info.size, info.mtime = len(data), int(manifest.created)
            archive.addfile(info, io.BytesIO(data))
            archive.add(copy, arcname=member)
        partial.replace(path)  # a backup file is whole or absent
    return manifest


def read_manifest(path: Path) -> Manifest:
    try:
        with tarfile.open(path.expanduser(), "r") as archive:
            found = archive.extractfile(MANIFEST)
            if found is None:
                raise KeyError(MANIFEST)
            data = json.loads(found.read())
        return Manifest(str(data["backend"]), data["revision"], str(data["camelcade"]),
                        float(data["created"]), str(data["member"]))
    except (OSError, KeyError, ValueError, tarfile.TarError) as error:
        raise BackupError(t("{path} is not a camelcade backup ({reason}).", path=str(path),
                            reason=type(error).__name__)) from None


def _check_revision(manifest: Manifest, may_migrate: bool) -> None:
    head = head_revision()
    if manifest.revision == head:
        return
    known = {script.revision for script in
             ScriptDirectory.from_config(alembic_config()).walk_revisions()}
    if manifest.revision is not None and manifest.revision not in known:
        raise BackupError(t(
            "This backup is at schema revision {found}, made by camelcade {version}; this "
            "camelcade ({mine}) knows revisions up to {head} only. Restore it with camelcade "
            "{version} or newer.", found=manifest.revision, version=manifest.camelcade,
            mine=__version__, head=head))
    if not may_migrate:
        raise BackupError(t(
            "This backup is at schema revision {found}, this camelcade's is {head}. Restore "
            "it with --migrate to migrate it to {head} as it is restored.",
            found=manifest.revision or "-", head=head))


def restore(path: Path, database_url: str, may_migrate: bool = False) -> Manifest:
    """Replace the database at ``database_url`` by the backup at ``path``."""
    manifest = read_manifest(path)
    backend = make_url(database_url).get_backend_name()
    if backend != manifest.backend:
        raise BackupError(t("This backup is of a {found} database; it cannot be restored "
                            "into {backend}.", found=manifest.backend, backend=backend))
    _check_revision(manifest, may_migrate)
    with tempfile.TemporaryDirectory(prefix="camelcade-restore-") as work, \
            tarfile.open(path.expanduser(), "r") as archive:
        archive.extract(manifest.member, work, filter="data")
        copy = Path(work) / manifest.member
        if backend == "sqlite":
            target_path = _sqlite_path(database_url)
            target_path.parent.mkdir(parents=True, exist_ok=True)
            source = sqlite3.connect(copy)
            target = sqlite3.connect(target_path, timeout=30)
            try:
                source.backup(target)
            finally:
                target.close()
                source.close()
        else:
            _run([_pg_tool("pg_restore"), "--clean", "--if-exists", "--no-owner",
                  "--no-privileges", "--single-transaction",
                  "--dbname", libpq_url(database_url), str(copy)])
    if manifest.revision != head_revision():
        engine = create_engine(database_url)
        try:
            migrate(engine)
        finally:
            engine.dispose()
    return manifest


def scheduled_backup(database_url: str, folder: Path, keep: int) -> Path:
    """One backup into ``folder``, named by its time; only the ``keep`` newest are kept."""
    now = time.time_ns()
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime(now // 10**9))
    path = folder / f"camelcade-{stamp}.{now % 10**9:09d}Z{SUFFIX}"  # sorted by name = by time
    backup(database_url, path)
    kept = sorted(folder.glob(f"camelcade-*{SUFFIX}"))
    for old in kept[:-keep] if keep > 0 else []:
        old.unlink(missing_ok=True)
    return path
