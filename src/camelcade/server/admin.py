"""What a host does to a running server from its shell: ``camelcade admin``.

The command talks to the database, never to a server over the network: it needs no port,
no token and no new way in on the public side, and it reaches every process at once, as
many as share the database. Each write is told to the processes: on PostgreSQL by a
notification on the servers' channel (they act within milliseconds), and on SQLite, whose
single server has no such channel, by a change counter in ``host_settings`` that the
server reads with its housekeeping, every few seconds.

* **Live matches** (``live_matches``): open and running, with their seats and how long
  since a move.
* **Ending a match** (``end_match``): status ``ended`` with the host's reason, which the
  players are told. Moves in flight are refused by the status guard of every commit.
* **The lobby** (``set_lobby``): closed for maintenance with a message shown on every page;
  while closed no match can be created, and the matches going on go on.
* **Bot pools** (``instance_rows``): each serving process writes a heartbeat with its pool.
* **Secrets** (``rotate_metrics_token``): the only secret the server keeps is the metrics
  token; a rotated one is stored hashed and replaces the environment's.
"""

from __future__ import annotations

import json
import time
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, Engine, Table, select, text, update
from sqlalchemy.dialects import postgresql, sqlite

from camelcade.core.words import t
from camelcade.server.auth import hash_token, new_token
from camelcade.server.models import host_settings, instances, matches, seats

LIVE_STATUSES = ("open", "running")
ENDED = "ended"
"""The status of a match its host ended (``end_match``)."""
LOBBY_KEY = "lobby"
METRICS_KEY = "metrics_token"
CHANGES_KEY = "changes"
"""A counter bumped by every admin write, and the last matches ended: what a server
without notifications (SQLite) compares with what it last saw."""
MAX_TEXT = 280
"""Characters in a reason or a lobby message: one or two sentences, shown on a page."""
KEEP_ENDED = 64
INSTANCE_FRESH_SECONDS = 30.0
"""A process whose heartbeat is older than this is shown as gone."""
INSTANCE_FORGET_SECONDS = 86_400.0


class AdminError(Exception):
    """What the host asked cannot be done; the message says why, for the host."""


@dataclass(frozen=True)
class HostState:
    """What the host set, as each server process holds it."""

    lobby_closed: bool = False
    message: str = ""
    metrics_token_hash: str | None = None
    changes: int = 0
    ended: tuple[str, ...] = field(default=())


@dataclass(frozen=True)
class LiveRow:
    """One open or running match, for ``camelcade admin matches``."""

    id: str
    game: str
    status: str
    players: list[str]
    moves: int
    idle_seconds: float


def ended_sentence(reason: str | None) -> str:
    """What players are told of a match its host ended, with the host's own words."""
    return t("The host ended this match: {reason}", reason=reason or "-")


def clean_text(given: str, what: str) -> str:
    """``given`` (a ``reason`` or a ``message``) as one line fit to show players: trimmed,
    no control characters, at most ``MAX_TEXT`` characters; refused with the reason
    otherwise (never shortened). Each refusal is a whole sentence per kind of text."""
    reason = what == "reason"
    flat = " ".join(given.split())
    if not flat:
        raise AdminError(
            t("The reason is empty; write a sentence the players will read.") if reason
            else t("The message is empty; write a sentence the players will read."))
    if any(unicodedata.category(char) in ("Cc", "Cf", "Co", "Cs") for char in flat):
        raise AdminError(
            t("The reason holds control characters; write plain text.") if reason
            else t("The message holds control characters; write plain text."))
    if len(flat) > MAX_TEXT:
        raise AdminError(
            t("The reason has {count} characters; at most {limit} are allowed.",
              count=len(flat), limit=MAX_TEXT) if reason
            else t("The message has {count} characters; at most {limit} are allowed.",
                   count=len(flat), limit=MAX_TEXT))
    return flat


# -- reading --------------------------------------------------------------------------


def read_host_state(conn: Connection) -> HostState:
    values = {row.key: row.value for row in conn.execute(select(host_settings))}
    lobby = values.get(LOBBY_KEY) or {}
    metrics = values.get(METRICS_KEY) or {}
    changes = values.get(CHANGES_KEY) or {}
    return HostState(
        lobby_closed=bool(lobby.get("closed")),
        message=str(lobby.get("message") or ""),
        metrics_token_hash=metrics.get("hash"),
        changes=int(changes.get("n") or 0),
        ended=tuple(str(i) for i in changes.get("ended") or ()),
    )


def host_state(engine: Engine) -> HostState:
    with engine.connect() as conn:
        return read_host_state(conn)


def live_matches(engine: Engine, now: float | None = None) -> list[LiveRow]:
    """Every open and running match, the longest idle last (they are the ones to end)."""
    now = time.time() if now is None else now
    with engine.connect() as conn:
        rows = conn.execute(select(matches.c.id, matches.c.game, matches.c.status,
                                   matches.c.state_id, matches.c.updated_at)
                            .where(matches.c.status.in_(LIVE_STATUSES))
                            .order_by(matches.c.updated_at.desc())).all()
        ids = [row.id for row in rows]
        players: dict[str, list[str]] = {i: [] for i in ids}
        if ids:
            for seat in conn.execute(select(seats).where(seats.c.match_id.in_(ids))
                                     .order_by(seats.c.match_id, seats.c.seat)):
                players[seat.match_id].append(_seat_word(seat))
    return [LiveRow(row.id, row.game, row.status, players[row.id], int(row.state_id),
                    max(0.0, now - float(row.updated_at))) for row in rows]


def _seat_word(seat: Any) -> str:
    if seat.kind == "bot":
        return t("bot {name}", name=seat.bot)
    if seat.kind == "open" and seat.token_hash is None:
        return t("(open)")
    return str(seat.name or t("(no name)"))


def instance_rows(engine: Engine) -> list[tuple[str, float, float, dict[str, Any]]]:
    """``(id, started_at, seen_at, info)`` of every process seen in the last day."""
    since = time.time() - INSTANCE_FORGET_SECONDS
    with engine.connect() as conn:
        return [(row.id, float(row.started_at), float(row.seen_at), dict(row.info))
                for row in conn.execute(select(instances).where(instances.c.seen_at >= since)
                                        .order_by(instances.c.started_at))]


# -- writing --------------------------------------------------------------------------


def _upsert(conn: Connection, table: Table, values: dict[str, Any], changed: list[str]) -> None:
    """Insert a row, or update its ``changed`` columns if its primary key is taken (both
    backends have ``ON CONFLICT``; SQLAlchemy spells it per dialect)."""
    dialect = postgresql if conn.dialect.name == "postgresql" else sqlite
    statement = dialect.insert(table).values(**values)
    conn.execute(statement.on_conflict_do_update(
        index_elements=list(table.primary_key.columns),
        set_={name: statement.excluded[name] for name in changed}))


def _put(conn: Connection, key: str, value: dict[str, Any], now: float) -> None:
    """Insert or replace one ``host_settings`` row."""
    _upsert(conn, host_settings, {"key": key, "value": value, "updated_at": now},
            ["value", "updated_at"])


def _changed(conn: Connection, channel: str, now: float, ended: str | None = None) -> None:
    """Bump the change counter, and tell PostgreSQL's listeners at once."""
    state = read_host_state(conn)
    gone = [*state.ended, ended] if ended else list(state.ended)
    _put(conn, CHANGES_KEY, {"n": state.changes + 1, "ended": gone[-KEEP_ENDED:]}, now)
    if conn.dialect.name == "postgresql":
        payloads = [{"k": "admin", "i": "admin"}]
        if ended:
            payloads.append({"m": ended, "k": "meta", "i": "admin"})
        for payload in payloads:
            conn.execute(text("SELECT pg_notify(:channel, :payload)"),
                         {"channel": channel, "payload": json.dumps(payload)})


def end_match(engine: Engine, channel: str, match_id: str, reason: str) -> str:
    """End an open or running match with ``reason``; its previous status."""
    reason = clean_text(reason, "reason")
    now = time.time()
    with engine.begin() as conn:
        found = conn.execute(select(matches.c.status).where(matches.c.id == match_id)
                             ).scalar_one_or_none()
        if found is None:
            raise AdminError(t("There is no match {id}; 'camelcade admin matches' lists "
                               "the live ones.", id=match_id))
        if found not in LIVE_STATUSES:
            raise AdminError(t("Match {id} is {status} already; only open and running "
                               "matches can be ended.", id=match_id, status=found))
        done = conn.execute(update(matches).where(
            (matches.c.id == match_id) & matches.c.status.in_(LIVE_STATUSES)).values(
            status=ENDED, end_reason=reason, finished_at=now, updated_at=now,
            turn_deadline=None))
        if done.rowcount != 1:  # it finished between the read and the update
            raise AdminError(t("Match {id} ended by itself meanwhile.", id=match_id))
        _changed(conn, channel, now, ended=match_id)
    return str(found)


def set_lobby(engine: Engine, channel: str, closed: bool, message: str = "") -> None:
    """Close the lobby with ``message`` (shown on every page), or open it again."""
    now = time.time()
    text_ = clean_text(message, "message") if closed else ""
    with engine.begin() as conn:
        _put(conn, LOBBY_KEY, {"closed": closed, "message": text_}, now)
        _changed(conn, channel, now)


def rotate_metrics_token(engine: Engine, channel: str) -> str:
    """A new metrics token, kept hashed; the old one stops working. Shown once."""
    token = new_token()
    now = time.time()
    with engine.begin() as conn:
        _put(conn, METRICS_KEY, {"hash": hash_token(token), "rotated_at": now}, now)
        _changed(conn, channel, now)
    return token


def heartbeat(conn: Connection, instance_id: str, started_at: float, info: dict[str, Any],
              now: float) -> None:
    """This process is alive and its pool is ``info`` (``Services`` calls it)."""
    _upsert(conn, instances, {"id": instance_id, "started_at": started_at, "seen_at": now,
                              "info": info}, ["seen_at", "info"])


def forget_instance(conn: Connection, instance_id: str) -> None:
    """A process that stops cleanly leaves the list at once."""
    conn.execute(instances.delete().where(instances.c.id == instance_id))
