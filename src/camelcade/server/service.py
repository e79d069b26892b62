"""The running server's parts, wired together: store, hub, manager, bots, listener.

``create_app`` builds one ``Services`` per app; the lifespan starts it (migrations,
recovery of running matches, the PostgreSQL listener, housekeeping) and stops it.
Recovery re-arms what a crash interrupted: matches whose turn belongs to a bot, and turn
timers, whose deadlines are stored with the match.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from camelcade import __version__
from camelcade.server import admin
from camelcade.server.accounts import db as accounts_db
from camelcade.server.backup import scheduled_backup
from camelcade.server.botpool import BotPool
from camelcade.server.bots import BotRunner
from camelcade.server.channels.wire import Notices
from camelcade.server.db import MigrationFailed, make_engine, migrate
from camelcade.server.hub import AddressLimiter, Connection, Hub
from camelcade.server.lobby import PageCache
from camelcade.server.manager import MatchManager
from camelcade.server.metrics import Metrics, matches_by_game
from camelcade.server.moves import MoveWriter
from camelcade.server.notify import Listener
from camelcade.server.protocol import REACTIONS
from camelcade.server.runtime import LiveMatch
from camelcade.server.settings import Settings, data_dir
from camelcade.server.store import Store

log = logging.getLogger(__name__)
HOUSEKEEPING_SECONDS = 5.0
EXPIRY_SWEEP_SECONDS = 60.0
"""Longest time between two sweeps of expired open matches (``Services.expire``)."""
CHECKPOINT_SECONDS = 1.0
"""Seconds between two checkpoints of SQLite's log (``Store.checkpoint``)."""


class Services:
    """Everything one server process runs; see the module docstring."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        engine = make_engine(settings)
        self.store = Store(engine, settings.notify_channel, settings.instance_id,
                           inline_writes=settings.inline_writes(engine.dialect.name))
        self.moves = MoveWriter(self.store)
        self.hub = Hub(settings.instance_id, settings.presence_ttl,
                       settings.spectator_sends_per_turn, settings.arrivals_per_turn)
        self.http_limiter = AddressLimiter(settings.http_rate_per_second, settings.http_rate_burst)
        self.create_limiter = AddressLimiter(settings.create_rate_per_second,
                                             settings.create_rate_burst)
        self.read_limiter = AddressLimiter(settings.read_rate_per_second,
                                           settings.read_rate_burst)
        self.lobby_pages = PageCache(settings.lobby_cache_seconds)
        self.manager = MatchManager(self.store, self.moves, self._changed, self._turn, settings)
        self.pool = BotPool(settings.bot_workers, settings.bot_move_seconds,
                            settings.bot_move_deadline, settings.quick_bot_seconds,
                            settings.bot_nice)
        self.notices = Notices(settings, self.store, self.manager.get, self.manager.refresh)
        self.manager.notices_written = self.notices.wake
        self.runner = BotRunner(self.manager, settings, self.pool, self.watched)
        self.addresses: dict[str, int] = {}
        """Open websockets per client address (for ``max_connections_per_address``)."""
        self.metrics = Metrics(self.levels)
        self.moves.observe_commit = self.metrics.observe_commit
        self.pool.observe_wait = self.metrics.observe_bot_wait
        self.listener: Listener | None = None
        self._housekeeping: asyncio.Task[None] | None = None
        self._checkpointing: asyncio.Task[None] | None = None
        self._backing_up: asyncio.Task[None] | None = None
        self._refreshing: dict[str, bool] = {}
        self._background: set[asyncio.Task[Any]] = set()
        self.change_hooks: list[Callable[[LiveMatch], None]] = []
        """Also told of every accepted change (the web app's turn e-mails)."""
        self.clock: Callable[[], float] = time.time
        """Unix time for expiry (``expire``, the lobby's list): tests move it on."""
        self.host = admin.HostState()
        """What the host set with ``camelcade admin`` (``check_host`` keeps it current)."""
        self.started_at = time.time()

    # -- lifecycle -----------------------------------------------------------------------

    async def start(self) -> None:
        if self.settings.bot_workers > 0:
            self.pool.prepare()
        try:
            await asyncio.to_thread(migrate, self.store.engine)
        except MigrationFailed as failed:
            log.critical("%s The server stops.", failed)
            raise
        self.manager.seat_key = await asyncio.to_thread(accounts_db.server_key,
                                                        self.store.engine)
        self.moves.start()
        if self.store.is_postgresql:
            self.listener = Listener(
                self.settings.database_url,
                self.settings.notify_channel,
                self.settings.instance_id,
                self._notified,
                self._resync_all,
            )
            self.listener.start()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.listener.ready.wait(), 10.0)
        await self.recover()
        await self.notices.start()
        await self.check_host()
        if self.settings.metrics_port:
            self.metrics.serve(self.settings.metrics_host, self.settings.metrics_port)
        if self.settings.backup_every > 0:
            self._backing_up = asyncio.create_task(self._back_up(), name="camelcade-backups")
        self._housekeeping = asyncio.create_task(self._housekeep(), name="camelcade-housekeeping")
        if not self.store.is_postgresql:
            self._checkpointing = asyncio.create_task(self._checkpoint(),
                                                      name="camelcade-checkpoints")


    def backup_folder(self) -> Path:
        """Where scheduled backups go (``backup_folder``, else beside the SQLite file)."""
        if self.settings.backup_folder:
            return Path(self.settings.backup_folder).expanduser()
        database = self.store.engine.url.database
        if self.store.engine.dialect.name == "sqlite" and database:
            return Path(database).expanduser().parent / "backups"
        return data_dir() / "backups"

    async def _back_up(self) -> None:
        """Every ``backup_every`` seconds, one backup on a thread (the server goes on)."""
        folder = self.backup_folder()
        while True:
            await asyncio.sleep(self.settings.backup_every)
            try:
                made = await asyncio.to_thread(scheduled_backup, self.settings.database_url,
                                               folder, self.settings.backup_keep)
            except Exception:
                log.exception("the scheduled backup failed")
            else:
                log.info("backed up to %s", made)

    def levels(self) -> dict[str, Any]:
        """What the metrics read when scraped (``camelcade.server.metrics.Levels``)."""
        matches = list(self.manager.matches.values())
        return {
            "matches_by_game": matches_by_game(
                [match.row.game for match in matches if match.status == "running"]),
            "matches_in_memory": len(matches),
            "websockets": sum(self.addresses.values()),
            "bot_jobs_queued": len(self.pool.pending),
        }

    async def stop(self) -> None:
        self.metrics.stop()
        with contextlib.suppress(Exception):
            await self.store.write(self._forget_instance)
        for task in (self._housekeeping, self._checkpointing, self._backing_up):
            if task is not None:
                task.cancel()
                await asyncio.gather(task, return_exceptions=True)
        if self.listener is not None:
            await self.listener.close()
        await self.notices.close()
        await self.runner.close()
        for match in list(self.manager.matches.values()):
            for connection in list(match.connections):
                await connection.close()
        await self.moves.close()
        await self.store.close()

    async def recover(self) -> None:
        """Load running matches and re-arm their bots and timers (after a crash too)."""
        ids = await self.store.read(self.store.running_ids)
        for match_id in ids:
            try:
                match = await self.manager.get(match_id)
            except Exception:
                log.exception("match %s cannot be rebuilt; it is left as it is", match_id)
                continue
            self.runner.schedule(match)
        if ids:
            log.info("recovered %d running matches", len(ids))

    # -- reacting to changes -------------------------------------------------------------

    def _changed(self, match: LiveMatch) -> None:
        self.hub.broadcast_state(match)
        for hook in self.change_hooks:
            try:
                hook(match)
            except Exception:
                log.exception("a change hook failed for match %s", match.id)

    def _turn(self, match: LiveMatch, remote: bool = False) -> None:
        self.runner.schedule(match, remote=remote)

    async def _notified(self, data: dict[str, Any]) -> None:
        if data.get("k") == "admin":
            self._spawn(self.check_host())
            return
        moves = data.get("moves")
        if isinstance(moves, list):
            for entry in moves:
                if not (isinstance(entry, list) and len(entry) == 2
                        and isinstance(entry[0], str) and isinstance(entry[1], int)):
                    continue
                held = self.manager.matches.get(entry[0])
                if held is not None and held.state_id < entry[1]:
                    self._refresh_soon(entry[0])
            return
        match_id = data.get("m")
        if not isinstance(match_id, str) or match_id not in self.manager.matches:
            return
        if data.get("k") == "presence":
            self._remote_presence(match_id, data)
            return
        if data.get("k") == "react":
            seat, reaction = data.get("seat"), data.get("r")
            if isinstance(seat, int) and reaction in REACTIONS:
                self.hub.broadcast_reaction(self.manager.matches[match_id], seat, str(reaction))
            return
        self._refresh_soon(match_id)

    def react(self, match: LiveMatch, seat: int, reaction: str) -> None:
        """A seat's preset reaction: told to the seats here, and (PostgreSQL) to the other
        processes' (not stored: a reaction is of the moment)."""
        self.hub.broadcast_reaction(match, seat, reaction)
        payload = {"m": match.id, "k": "react", "seat": seat, "r": reaction}
        self._spawn(self.store.read(self.store.notify_presence, payload))

    def _refresh_soon(self, match_id: str) -> None:
        """Reload ``match_id`` if held here; coalesces bursts into one reload at a time."""
        if match_id not in self.manager.matches:
            return
        if match_id in self._refreshing:
            self._refreshing[match_id] = True  # refresh again once the running one ends
            return
        self._refreshing[match_id] = False
        self._spawn(self._refresh_loop(match_id))

    async def _refresh_loop(self, match_id: str) -> None:
        try:
            while True:
                await self.manager.refresh(match_id)
                if not self._refreshing.get(match_id):
                    return
                self._refreshing[match_id] = False
        finally:
            self._refreshing.pop(match_id, None)

    async def _resync_all(self) -> None:
        for match_id in list(self.manager.matches):
            await self.manager.refresh(match_id)

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.ensure_future(coroutine)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # -- presence ------------------------------------------------------------------------

    def _remote_presence(self, match_id: str, data: dict[str, Any]) -> None:
        match = self.manager.matches[match_id]
        seats = data.get("seats")
        spectators = data.get("spec")
        instance = data.get("i")
        if not (isinstance(seats, list) and isinstance(spectators, int) and instance):
            return
        entry = (frozenset(s for s in seats if isinstance(s, int)), spectators,
                 time.time() + self.settings.presence_ttl)
        changed = match.remote_presence.get(str(instance), (None, None))[:2] != entry[:2]
        match.remote_presence[str(instance)] = entry
        if changed:
            self._presence_soon(match, announce=False)
            self.runner.resume(match)

    def _announce(self, match: LiveMatch) -> None:
        if not self.store.is_postgresql:
            return
        seats, spectators = self.hub.local_presence(match)
        payload = {"m": match.id, "k": "presence", "seats": sorted(seats), "spec": spectators}
        self._spawn(self.store.read(self.store.notify_presence, payload))

    def watched(self, match: LiveMatch) -> bool:
        """Whether anyone is connected to ``match``, here or in another live process."""
        if match.connections:
            return True
        now = time.time()
        return any(expires > now and (seats or spectators)
                   for seats, spectators, expires in match.remote_presence.values())

    def admit(self, address: str) -> bool:
        """Count one more websocket from ``address``; False beyond the per-address cap."""
        held = self.addresses.get(address, 0)
        if held >= self.settings.max_connections_per_address:
            return False
        self.addresses[address] = held + 1
        return True

    def release(self, address: str) -> None:
        held = self.addresses.get(address, 0) - 1
        if held > 0:
            self.addresses[address] = held
        else:
            self.addresses.pop(address, None)

    def _presence_soon(self, match: LiveMatch, announce: bool = True) -> None:
        """Send presence once the interval since the last one is over (changes merge).

        400 spectators arriving once cost 400 presence messages to each of them (160,000
        in all) and stalled every match; merged, they cost a few a second per match, and
        spectators are one count in them, never a message each.
        """
        if match.presence_due is not None:
            return
        loop = asyncio.get_running_loop()
        wait = max(0.0, match.presence_sent_at + self.settings.presence_interval - loop.time())
        match.presence_due = loop.call_later(wait, self._flush_presence, match, announce)

    def _flush_presence(self, match: LiveMatch, announce: bool) -> None:
        match.presence_due = None
        match.presence_sent_at = asyncio.get_running_loop().time()
        seats, spectators = self.hub.seats_json(match)
        now = (tuple(s["connected"] for s in seats), spectators)
        if now != match.presence_sent:
            match.presence_sent = now
            self.hub.broadcast_presence(match)
        if announce:
            self._announce(match)

    async def connect(self, match: LiveMatch, connection: Connection) -> None:
        match.connections.add(connection)
        self._presence_soon(match)
        self.runner.resume(match)

    async def disconnect(self, match: LiveMatch, connection: Connection) -> None:
        match.connections.discard(connection)
        match.last_used = time.monotonic()
        await connection.close()
        self._presence_soon(match)

    # -- housekeeping ------------------------------------------------------------------

    async def _checkpoint(self) -> None:
        """SQLite's log into the database file every ``CHECKPOINT_SECONDS``, on a reader
        thread: a checkpoint waits for the disk, and no commit on the loop may do that."""
        while True:
            await asyncio.sleep(CHECKPOINT_SECONDS)
            try:
                await self.store.read(self.store.checkpoint)
            except Exception:
                log.exception("checkpointing the database failed")

    def expired_before(self) -> float:
        """Matches open unchanged, or finished, before this time have expired."""
        return self.clock() - self.settings.lobby_expiry_seconds

    async def expire(self) -> list[str]:
        """Delete the open matches that have expired (``Store.expired_open_ids``), except
        those someone has open right now; the ids deleted.

        A match whose join was refused, or whose link nobody followed, would otherwise be
        offered in the lobby ("Join (1 open)") for ever.
        """
        before = self.expired_before()
        found = await self.store.read(self.store.expired_open_ids, before)
        ids = [match_id for match_id in found if not (
            match_id in self.manager.matches and self.watched(self.manager.matches[match_id]))]
        gone = await self.store.write(self.store.delete_open_matches, ids, before)
        for match_id in gone:
            self.manager.forget(match_id)
        if gone:
            log.info("%d open matches expired", len(gone))
        return gone

    # -- the host's word (``camelcade admin``) ----------------------------------------

    async def check_host(self) -> None:
        """Read what the host set, act on what changed, and leave a heartbeat.

        Called at start, on every housekeeping round (SQLite has no notifications: this
        is how its server learns of a command within ``HOUSEKEEPING_SECONDS``), and at
        once on PostgreSQL's notification of a command."""
        found = await self.store.read(admin.host_state, self.store.engine)
        before, self.host = self.host, found
        self.manager.closed_message = found.message if found.lobby_closed else None
        if found.changes != before.changes:
            for match_id in found.ended:
                held = self.manager.matches.get(match_id)
                if held is not None and held.status != admin.ENDED:
                    self._refresh_soon(match_id)
        await self.store.write(self._heartbeat)

    def _heartbeat(self) -> None:
        info = {"version": __version__, "bot_workers": self.settings.bot_workers,
                "bot_pool": self.pool.snapshot(), "matches_in_memory": len(self.manager.matches),
                "websockets": sum(self.addresses.values())}
        with self.store.engine.begin() as conn:
            admin.heartbeat(conn, self.settings.instance_id, self.started_at, info, time.time())

    def _forget_instance(self) -> None:
        with self.store.engine.begin() as conn:
            admin.forget_instance(conn, self.settings.instance_id)

    async def _housekeep(self) -> None:
        last_announce = time.monotonic()
        last_sweep = float("-inf")
        while True:
            await asyncio.sleep(HOUSEKEEPING_SECONDS)
            try:
                if time.monotonic() - last_sweep >= min(EXPIRY_SWEEP_SECONDS,
                                                         self.settings.lobby_expiry_seconds):
                    last_sweep = time.monotonic()
                    await self.expire()
                    await self.store.write(accounts_db.forget_old, self.store.engine,
                                           self.clock())
                self.manager.evict_idle(self.settings.cache_idle_seconds)
                await self.check_host()
                if time.monotonic() - last_announce >= self.settings.presence_refresh:
                    last_announce = time.monotonic()
                    for match in list(self.manager.matches.values()):
                        if match.connections:
                            self._announce(match)
            except Exception:
                log.exception("housekeeping failed")
