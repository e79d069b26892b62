"""Server settings: where the database lives, where to listen, and the limits that protect it.

One frozen value built once at start-up and handed to ``create_app``, so a test can start a
server with tight limits (a slow rate, a tiny message size) without touching globals.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

SQLITE_FILE = "camelcade.db"


def data_dir() -> Path:
    """The user's data folder for camelcade (``$XDG_DATA_HOME/camelcade``), created if missing.

    The XDG base directory spec puts application data under ``$XDG_DATA_HOME`` and falls back
    to ``~/.local/share`` when it is unset or not absolute.
    """
    base = os.environ.get("XDG_DATA_HOME", "")
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".local" / "share"
    folder = root / "camelcade"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def default_database_url() -> str:
    """SQLite in the user's data folder: the embedded default needs no setup at all."""
    return f"sqlite:///{data_dir() / SQLITE_FILE}"


def normalise_database_url(db: str | None) -> str:
    """Accept a SQLAlchemy URL, a bare ``postgresql://`` URL or a plain file path.

    ``postgresql://`` would select psycopg2, which we do not depend on, so it is rewritten to
    the psycopg 3 driver; a value without ``://`` is taken as a SQLite file path.
    """
    if not db:
        return default_database_url()
    if db.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + db.partition("://")[2]
    if "://" not in db:
        path = Path(db).expanduser().resolve()
        path.parent.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{path}"
    return db


@dataclass(frozen=True)
class Settings:
    """Everything the server reads at start-up; the defaults suit a public server."""

    database_url: str = field(default_factory=default_database_url)
    host: str = "127.0.0.1"
    port: int = 8000
    max_message_bytes: int = 4096
    """Largest client message handled; longer ones are refused with ``message/too_large``."""
    ws_max_bytes: int = 1 << 16
    """Frames above this are cut off by the websocket layer itself (close code 1009)."""
    ws_compression: bool = True
    """Offer permessage-deflate on websockets (browsers always ask for it)."""
    gc_full_seconds: float = 600.0
    """Longest time between two full garbage collections (``collector``; the server runs
    them, not Python's counters, which under load paused the loop 0.3 s twice a minute)."""
    gc_full_growth_mb: float = 256.0
    """A full collection comes sooner once the process has grown by this many MB since the
    last one."""
    ws_compress_min_bytes: int = 8192
    """With compression, messages shorter than this go out uncompressed (``wsprotocol``):
    most state messages are a few kilobytes, not worth a deflate each; 0 deflates all."""
    rate_per_second: float = 30.0
    """Sustained client messages per second per connection (a token bucket)."""
    rate_burst: int = 60
    http_rate_per_second: float = 20.0
    """Sustained match-changing HTTP calls (create, join, start, rematch) per client address."""
    http_rate_burst: int = 100
    rate_violations_before_close: int = 200
    """A client that keeps flooding after this many refusals is disconnected."""
    hello_timeout: float = 10.0
    """Seconds a new websocket has to send its ``hello`` before it is closed."""
    outbox_size: int = 64
    """Messages queued for a slow client before its queue is replaced by one full resync."""
    bot_delay: float = 0.0
    """Seconds a server-side bot waits before moving, so people can follow its moves."""
    sqlite_synchronous: str = "NORMAL"
    """SQLite ``synchronous`` in WAL mode: NORMAL survives a killed process, FULL power loss."""
    notify_channel: str = "camelcade"
    presence_refresh: float = 10.0
    """Seconds between re-announcements of this process's connections (PostgreSQL)."""
    presence_ttl: float = 30.0
    vacation_days_per_year: int = 30
    """Days of vacation (correspondence clocks paused) a profile may take each calendar
    year (UTC); 0 turns vacations off."""
    lobby_limit: int = 50
    """Most matches one lobby page holds (``?limit=``; the default page is 20)."""
    lobby_cache_seconds: float = 1.0
    """A lobby page is answered from memory for this long: polling costs one query a second."""
    lobby_expiry_seconds: float = 86400.0
    """An open match nobody joined or changed for this long, in which no person holds a
    seat, is deleted (unless someone has it open right now), and a match finished this
    long ago leaves the lobby list (``?expired=true`` and its replay still show it)."""
    read_rate_per_second: float = 10.0
    """Sustained lobby and match reads per second per client address."""
    read_rate_burst: int = 40
    create_rate_per_second: float = 0.5
    """Sustained match creations (and rematches) per client address: 30 a minute."""
    create_rate_burst: int = 10
    max_body_bytes: int = 16384
    """Largest HTTP request body; larger ones are refused (413) before they are read."""
    max_json_depth: int = 16
    """Deepest nesting of an HTTP JSON body (websocket messages: 4)."""
    max_connections_per_match: int = 256
    """Websockets one match takes (players and spectators, in this process)."""
    max_connections_per_address: int = 64
    """Websockets one client address may hold open at once, over all matches."""
    presence_interval: float = 0.5
    """Seconds between two presence messages of one match: changes in between are merged."""
    spectator_sends_per_turn: int = 8
    """Messages to spectators sent per turn of the event loop, at most: a move in a match
    with hundreds of spectators is sent to them a few at a time, between everyone else's
    work, so a seat's acknowledgement elsewhere never waits behind the whole crowd."""
    arrivals_per_turn: int = 4
    """New websockets let in per turn of the event loop, at most, at each of two steps: the
    websocket hand-shake (``wsprotocol.py``) and the server's acceptance (``session.py``).
    A wave of hundreds of spectators arriving at once is let in a few at a time instead of
    holding the loop for tens of milliseconds."""
    bot_workers: int = 2
    """Processes that run bots; with two or more, the first runs only quick bots."""
    bot_move_seconds: float = 2.0
    """Time limit a bot is given per move (bots with a ``time_limit`` setting honour it)."""
    bot_move_deadline: float = 5.0
    """Seconds after which a bot's move is taken from a random legal action instead, and its
    worker process replaced."""
    quick_bot_seconds: float = 0.05
    """Bots whose moves take at most this (on average) run on the quick worker."""
    bot_nice: int = 10
    """Niceness of the bot processes, so thinking bots never slow the server's own work."""
    bot_matches_per_address: int = 2
    """Bot-only matches (no person seated) one client address may have going at once."""
    bot_matches_total: int = 8
    """Bot-only matches the whole server runs at once."""
    bot_only_pace: float = 0.5
    """Seconds between two moves of a bot-only match, so people can follow them."""
    bot_match_active_seconds: float = 600.0
    """A bot-only match idle (paused, unwatched) longer than this no longer counts against
    the caps above."""
    cache_idle_seconds: float = 300.0
    """Finished matches nobody watches are dropped from memory after this long."""
    instance_id: str = field(default_factory=lambda: secrets.token_hex(6))
    write_mode: str = "auto"
    """"inline" (commit on the event loop), "thread" (a writer thread) or "auto": SQLite
    inline, PostgreSQL on the thread (see ``Store.write``). PostgreSQL moves always go over
    their own asynchronous connection on the loop (``moves.py``)."""
    access_log: bool = False
    log_format: str = "text"
    """"text", or "json": one JSON object a line (``camelcade.server.logs``)."""
    metrics_token: str = ""
    """With a token, ``/metrics`` on the public port answers ``Authorization: Bearer
    TOKEN``; empty: no ``/metrics`` there."""
    metrics_port: int = 0
    """A port of its own for the metrics, off the public one (0: none)."""
    metrics_host: str = "127.0.0.1"
    forwarded_allow_ips: str = "127.0.0.1"
    """The proxies whose ``X-Forwarded-For`` names the client (addresses or networks,
    comma-separated; the compose file's Caddy): the per-address limits then count the real
    client. Anyone else's forwarded header is ignored; never ``*`` on a public port."""
    backup_every: float = 0.0
    """Seconds between two backups the server takes of its own database (0: none;
    ``--backup-every 6h``); they go to ``backup_folder``, the ``backup_keep`` newest kept."""
    backup_keep: int = 14
    backup_folder: str = ""
    """Empty: ``backups`` beside the SQLite file (in the data folder by default)."""
    """The address the metrics port listens on (``0.0.0.0`` inside a container)."""
    smtp_host: str = ""
    """SMTP server for "your turn" e-mails (docs/web.md); empty: no e-mail is sent."""
    smtp_port: int = 25
    smtp_from: str = "camelcade@localhost"
    smtp_user: str = ""
    smtp_password: str = ""
    smtp_starttls: bool = False
    notices: bool = True
    """Write and deliver "your turn" notices (docs/notices.md); off: no outbox rows at all."""
    notice_poll_seconds: float = 2.0
    """How often the outbox is read for notices due (another process's, a retry's)."""
    push_insecure_endpoints: bool = False
    """Accept ``http://`` and local Web Push endpoints (tests only: a stand-in push
    service on 127.0.0.1); never on a public server."""
    public_url: str = ""
    """The address people reach this server at (``https://games.example.org``): the share
    links of the web app and the links in e-mails are built from it. Empty: the address
    the page was opened at."""
    data_folder: str = ""
    """A folder of the host's own game data, read once at start: ``GAME-ID/OPTION/NAME.toml``
    (``GAME-ID/map/desert.toml`` is offered as that game's map ``desert``).
    Clients choose data by name only (``camelcade.core.data``); empty: the games' own."""

    @property
    def is_postgresql(self) -> bool:
        return self.database_url.startswith("postgresql")

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")

    def inline_writes(self, dialect: str) -> bool:
        if self.write_mode not in ("auto", "inline", "thread"):
            raise ValueError(f"write_mode must be auto, inline or thread, not {self.write_mode!r}")
        return self.write_mode == "inline" or (self.write_mode == "auto" and dialect == "sqlite")

    def with_changes(self, **changes: object) -> Settings:
        """A copy with some fields changed (tests tighten limits this way)."""
        return replace(self, **changes)  # type: ignore[arg-type]


def duration(text: str) -> float:
    """``6h``, ``30m``, ``90s``, ``1d`` or plain seconds, as seconds (ValueError unless
    more than zero)."""
    units = {"s": 1.0, "m": 60.0, "h": 3600.0, "d": 86400.0}
    text = text.strip().lower()
    number, unit = (text[:-1], text[-1]) if text and text[-1] in units else (text, "s")
    seconds = float(number) * units[unit]
    if not seconds > 0:
        raise ValueError(f"a duration must be more than zero, not {text!r}")
    return seconds


ENV_PREFIX = "CAMELCADE_SERVER_"
_TUNABLE: dict[str, Callable[[str], object]] = {
    "max_message_bytes": int, "ws_max_bytes": int, "rate_per_second": float,
    "rate_burst": int, "rate_violations_before_close": int,
    "http_rate_per_second": float, "http_rate_burst": int, "hello_timeout": float,
    "outbox_size": int, "bot_delay": float, "sqlite_synchronous": str,
    "cache_idle_seconds": float, "access_log": bool, "write_mode": str,
    "smtp_host": str, "smtp_port": int, "smtp_from": str, "smtp_user": str,
    "smtp_password": str, "smtp_starttls": bool, "notices": bool,
    "notice_poll_seconds": float, "push_insecure_endpoints": bool, "public_url": str,
    "data_folder": str, "vacation_days_per_year": int,
    "lobby_limit": int, "lobby_cache_seconds": float, "lobby_expiry_seconds": float,
    "read_rate_per_second": float, "read_rate_burst": int, "create_rate_per_second": float,
    "create_rate_burst": int,
    "max_body_bytes": int, "max_json_depth": int, "max_connections_per_match": int,
    "max_connections_per_address": int, "presence_interval": float, "bot_workers": int,
    "spectator_sends_per_turn": int, "arrivals_per_turn": int,
    "bot_move_seconds": float, "bot_move_deadline": float, "quick_bot_seconds": float,
    "bot_nice": int, "bot_matches_per_address": int, "bot_matches_total": int,
    "bot_only_pace": float, "bot_match_active_seconds": float, "ws_compression": bool,
    "ws_compress_min_bytes": int, "gc_full_seconds": float, "gc_full_growth_mb": float,
    "log_format": str, "metrics_token": str, "metrics_port": int, "metrics_host": str,
    "forwarded_allow_ips": str, "backup_every": duration, "backup_keep": int, "backup_folder": str,
}


def _from_environment(environ: dict[str, str]) -> dict[str, object]:
    """Limits an operator may tune without new flags: ``CAMELCADE_SERVER_RATE_BURST=100``."""
    values: dict[str, object] = {}
    for name, kind in _TUNABLE.items():
        raw = environ.get(ENV_PREFIX + name.upper())
        if raw is None:
            continue
        try:
            values[name] = raw.lower() in ("1", "true", "yes") if kind is bool else kind(raw)
        except ValueError:
            raise ValueError(f"{ENV_PREFIX}{name.upper()}={raw!r} is not a valid "
                             f"{kind.__name__}") from None
    return values


def settings_for(
    db: str | None, host: str = "127.0.0.1", port: int = 8000,
    environ: dict[str, str] | None = None, public_url: str | None = None,
) -> Settings:
    """The settings ``camelcade serve`` uses: its flags, plus tunables from the env (a
    flag given wins over its variable: ``--public-url`` over ``..._PUBLIC_URL``)."""
    extra = _from_environment(dict(os.environ) if environ is None else environ)
    if public_url is not None:
        extra["public_url"] = public_url
    if "public_url" in extra:
        extra["public_url"] = check_public_url(str(extra["public_url"]))
    return Settings(database_url=normalise_database_url(db), host=host, port=port,
                    **extra)  # type: ignore[arg-type]


def check_public_url(url: str) -> str:
    """``url`` without a trailing slash; ``ValueError`` unless it is an http(s) address."""
    url = url.strip().rstrip("/")
    if not url:
        return ""
    scheme, separator, rest = url.partition("://")
    if scheme.lower() not in ("http", "https") or not separator or not rest \
            or any(c in rest for c in "?#"):
        raise ValueError(f"The public URL must be an http:// or https:// address such as "
                         f"https://games.example.org, without ? or #, not {url!r}")
    return url


LOOPBACK_HOSTS = ("localhost", "::1")


def loopback_only(host: str) -> bool:
    """Whether a server listening on ``host`` can be reached from this computer only."""
    return host in LOOPBACK_HOSTS or host.startswith("127.")
