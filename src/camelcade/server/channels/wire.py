"""The notices of one server process: its keys, its channels, and its outbox's loop.

Built by ``Services``, started after the migrations (the keys live in the database) and
the recovery of running matches, so the notices a crash left undelivered go out at once.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from camelcade.server.accounts import quiet
from camelcade.server.accounts.invitations import INVITE, notice_of
from camelcade.server.channels.email import EmailChannel
from camelcade.server.channels.keys import NoticeKeys, notice_keys
from camelcade.server.channels.push import PushChannel
from camelcade.server.channels.wording import word, word_invitation
from camelcade.server.outbox import (
    CLOCK,
    EMAIL,
    LATER,
    PUSH,
    TURN,
    Channel,
    Delivery,
    Outbox,
    clock_warning_at,
    sweep,
)
from camelcade.server.protocol import ProtocolError
from camelcade.server.runtime import LiveMatch
from camelcade.server.settings import Settings
from camelcade.server.store import Store

log = logging.getLogger(__name__)
SWEEP_SECONDS = 3600.0
CLOCK_SLACK_SECONDS = 60.0
"""A warning claimed this early is still on time (the outbox polls, clocks drift)."""


def seat_present(match: LiveMatch, seat: int, now: float | None = None) -> bool:
    """Whether a page or client of ``seat`` is connected to ``match``, in this process or
    (PostgreSQL) in another live one."""
    if any(connection.seat == seat for connection in match.connections):
        return True
    now = time.time() if now is None else now
    return any(expires > now and seat in seats
               for seats, _spectators, expires in match.remote_presence.values())


class Notices:
    """See the module docstring."""

    def __init__(self, settings: Settings, store: Store, lookup: Any, refresh: Any) -> None:
        self.settings = settings
        self.store = store
        self.lookup = lookup
        """``MatchManager.get``: a match by id (raises ``ProtocolError`` if gone)."""
        self.refresh = refresh
        """``MatchManager.refresh``: catch up with a move another process committed."""
        self.keys: NoticeKeys | None = None
        self.outbox: Outbox | None = None
        self.email: EmailChannel | None = None
        self._sweeping: asyncio.Task[None] | None = None

    @property
    def email_enabled(self) -> bool:
        return bool(self.settings.smtp_host)

    async def start(self) -> None:
        self.keys = await asyncio.to_thread(notice_keys, self.store.engine)
        channels: dict[str, Channel] = {PUSH: PushChannel(self.settings, self.keys)}
        if self.email_enabled:
            self.email = channels[EMAIL] = EmailChannel(self.settings, self.keys)
        self.outbox = Outbox(self.store.engine, self.settings.instance_id, channels,
                             self.decide, self.settings.notice_poll_seconds,
                             write=self.store.write, read=self.store.read)
        if self.settings.notices:
            self.outbox.start()
            self._sweeping = asyncio.create_task(self._sweep(), name="camelcade-outbox-sweep")

    def wake(self) -> None:
        if self.outbox is not None:
            self.outbox.wake()

    async def close(self) -> None:
        if self._sweeping is not None:
            self._sweeping.cancel()
            await asyncio.gather(self._sweeping, return_exceptions=True)
        if self.outbox is not None:
            await self.outbox.close()
        if self.email is not None:
            await self.email.close()

    async def decide(self, delivery: Delivery) -> tuple[str, Any]:
        """Send, or not: see ``camelcade.server.outbox``."""
        try:
            match: LiveMatch = await self.lookup(delivery.match_id)
            if match.state_id < delivery.state_id:  # another process's move, not yet heard of
                await self.refresh(delivery.match_id)
        except ProtocolError:
            return "stale", None
        if delivery.kind == INVITE:
            return await self._invitation(match, delivery)
        if delivery.kind == TURN and (match.status != "running"
                                      or match.state.current_player != delivery.seat):
            return "stale", None
        if delivery.kind == CLOCK and (match.status != "running"
                                       or match.state_id != delivery.state_id
                                       or _clock_moved_on(match)):
            return "stale", None
        if seat_present(match, delivery.seat):
            return "seen", None
        quiet_end = await self.store.read(quiet.quiet_until, self.store.engine,
                                          delivery.match_id, delivery.seat, time.time())
        if quiet_end is not None:
            return LATER, quiet_end
        return "send", word(match, delivery, self.settings.public_url)

    async def _invitation(self, match: LiveMatch, delivery: Delivery) -> tuple[str, Any]:
        """An invitation answered, or whose seat was taken, meanwhile is not worth a mail."""
        found = await self.store.read(notice_of, self.store.engine, delivery.channel_id)
        if found is None:
            return "stale", None
        inviter, lang, invitee = found
        quiet_end = await self.store.read(quiet.profile_quiet_until, self.store.engine,
                                          invitee, time.time())
        if quiet_end is not None:
            return LATER, quiet_end
        return "send", word_invitation(match, self.settings.public_url, inviter, lang)

    async def _sweep(self) -> None:
        while True:
            try:
                rows, channels = await self.store.write(sweep, self.store.engine, time.time())
                if rows or channels:
                    log.info("deleted %d old notices and %d channels of old matches", rows,
                             channels)
            except Exception:
                log.exception("sweeping the outbox failed")
            await asyncio.sleep(SWEEP_SECONDS)


def _clock_moved_on(match: LiveMatch) -> bool:
    """A vacation taken since the move pushed the deadline past this warning: warning now
    would say time runs out days before it does (and while the player is away)."""
    deadline, per_move = match.row.turn_deadline, match.row.turn_seconds
    if deadline is None or not per_move:
        return True
    return time.time() < clock_warning_at(deadline, per_move) - CLOCK_SLACK_SECONDS
