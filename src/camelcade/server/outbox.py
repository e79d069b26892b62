"""Notices that arrive: "your turn", "match over", "your clock is running out".

A notice is written to the ``outbox`` table in the same transaction as the move that
causes it (``moves.py`` inserts one row per channel the seat has; a seat without channels
costs one indexed read), so a move that is rolled back leaves no notice and a committed one
always has its notices, whatever happens to the process next. ``Outbox.run`` then delivers
them: it claims due rows with a lease (PostgreSQL: ``FOR UPDATE SKIP LOCKED``; SQLite: a
conditional update, its writes being serial), so of several processes exactly one sends a
row, and a process killed mid-delivery leaves a lease that expires and is taken again after
a restart. Delivery is at least once; the row's unique key (match, move, seat, kind,
channel) and its status make it shown at most once, except in the instant between a mail
server accepting and the row being marked, where the mail's ``Message-ID`` and the push's
``Topic`` (both made from the key) let the reader's side fold the two.

Whether to send is decided at delivery, not at the move: a seat looking at the match then
gets nothing (``seen``), and a "your turn" whose turn has passed, or a clock warning after
the seat moved, is ``stale``; one due in its player's quiet hours is held until they end
(``LATER``) and decided again then.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from sqlalchemy import Connection, Engine, case, delete, func, insert, or_, select, update

from camelcade.server.logs import redact
from camelcade.server.models import matches, notice_channels, outbox, profile_channels

log = logging.getLogger(__name__)

TURN, OVER, CLOCK = "turn", "over", "clock"
KINDS = (TURN, OVER, CLOCK)
EMAIL, PUSH = "email", "push"
LATER = "later"
SEAT, PROFILE = "seat", "profile"
"""Whose a channel is: one seat's own choice, or its profile's for every seat."""
"""A decision to hold a notice until a time (quiet hours), its content being that time."""
CLOCK_NOTICE_MIN_SECONDS = 600.0
"""Turns shorter than this get no "clock running out" notice: live play, the seat is there."""
LEASE_SECONDS = 60.0
"""How long a claimed row is a deliverer's; after a crash another takes it then."""
MAX_ATTEMPTS = 8
BATCH = 50
KEEP_DONE_SECONDS = 7 * 86400.0
"""Delivered, skipped or failed rows are kept this long (for the host's questions)."""
KEEP_CHANNELS_SECONDS = 7 * 86400.0
"""A finished match's channels (with their addresses) are deleted this long after its end."""


@dataclass(frozen=True)
class Notice:
    """A notice a move causes for ``seat``, due (not sent before) ``due_at``."""

    seat: int
    kind: str
    due_at: float


def clock_warning_at(deadline: float, turn_seconds: float) -> float:
    """When to warn that a seat's clock runs out: a quarter of its time before the
    deadline, at most an hour before."""
    return deadline - min(turn_seconds / 4, 3600.0)


def notices_for(before_mover: int, mover: int, status: str, humans: list[int], now: float,
                deadline: float | None, turn_seconds: float | None, start: bool) -> list[Notice]:
    """The notices of one committed change: the end for every person, else a turn
    passing to a person (once per turn, not per action of a turn), and a clock warning."""
    if status == "finished":
        return [Notice(seat, OVER, now) for seat in humans]
    if status != "running" or mover not in humans:
        return []
    found = []
    if start or mover != before_mover:
        found.append(Notice(mover, TURN, now))
    if deadline is not None and turn_seconds and turn_seconds >= CLOCK_NOTICE_MIN_SECONDS:
        found.append(Notice(mover, CLOCK, clock_warning_at(deadline, turn_seconds)))
    return found


@dataclass
class Delivery:
    """A claimed outbox row with its channel."""

    id: int
    match_id: str
    state_id: int
    seat: int
    kind: str
    channel_id: str
    channel_kind: str
    address: str
    attempts: int
    created_at: float
    claim: str
    """The lease's own mark (``claimed_by``): finishing checks it is still ours."""

    @property
    def key(self) -> str:
        """The notice's idempotency key (the unique index's columns)."""
        return f"{self.match_id}.{self.state_id}.{self.seat}.{self.kind}.{self.channel_id}"


class PermanentFailure(Exception):
    """The channel is gone for good (a push subscription expired): it is deleted."""


class Channel(Protocol):
    async def send(self, delivery: Delivery, content: Any) -> None:
        """Deliver, or raise (``PermanentFailure``: never again; else: retry later)."""


Decide = Callable[[Delivery], Awaitable[tuple[str, Any]]]
Runner = Callable[..., Awaitable[Any]]
"""The server's word on a claimed notice: ("send", its content) or ("seen"/"stale", None)."""


def backoff(attempts: int) -> float:
    """Seconds before attempt ``attempts + 1``: 2, 4, 8 … up to an hour, with jitter."""
    base = min(2.0 ** attempts, 3600.0)
    return base * (0.75 + secrets.randbelow(500) / 1000)


# -- the channels table (run through ``Store.write`` / ``read``) -----------------------


def set_channel(engine: Engine, match_id: str, seat: int, kind: str, address: str | None,
                now: float) -> str | None:
    """Keep ``address`` as the seat's ``kind`` channel (replacing the one before), or delete
    it (None); its id, or None."""
    with engine.begin() as conn:
        conn.execute(delete(notice_channels).where(
            (notice_channels.c.match_id == match_id) & (notice_channels.c.seat == seat)
            & (notice_channels.c.kind == kind)))
        if address is None:
            return None
        channel_id = secrets.token_hex(16)
        conn.execute(insert(notice_channels).values(
            id=channel_id, match_id=match_id, seat=seat, kind=kind, address=address,
            created_at=now))
        return channel_id


def delete_channel(engine: Engine, channel_id: str) -> str | None:
    """Forget a channel, its address, and its undelivered notices: whose it was (``SEAT`` or
    ``PROFILE``), None if unknown.

    A seat's copy of its profile's channel (an unsubscribe link, a push subscription the
    push service ended) takes the profile's channel with it, and every other copy: the
    address is the profile's, and it asked for no more."""
    with engine.begin() as conn:
        row = conn.execute(select(notice_channels.c.profile_id, notice_channels.c.kind)
                           .where(notice_channels.c.id == channel_id)).first()
        if row is None:
            return None
        if row.profile_id is not None:
            _forget_profile_channel(conn, row.profile_id, row.kind)
        conn.execute(delete(notice_channels).where(notice_channels.c.id == channel_id))
        return SEAT if row.profile_id is None else PROFILE


def _forget_profile_channel(conn: Connection, profile_id: str, kind: str) -> None:
    conn.execute(delete(profile_channels).where((profile_channels.c.profile_id == profile_id)
                                                & (profile_channels.c.kind == kind)))
    conn.execute(delete(notice_channels).where((notice_channels.c.profile_id == profile_id)
                                               & (notice_channels.c.kind == kind)))


def set_profile_channel(engine: Engine, profile_id: str, kind: str, address: str | None,
                        now: float) -> None:
    """Keep ``address`` as the profile's ``kind`` channel for every seat it holds, now and
    later (replacing the one before, and the seats' copies of it), or delete it (None)."""
    with engine.begin() as conn:
        _forget_profile_channel(conn, profile_id, kind)
        if address is not None:
            conn.execute(insert(profile_channels).values(
                profile_id=profile_id, kind=kind, address=address, created_at=now))


def profile_channel_kinds(engine: Engine, profile_id: str) -> list[str]:
    with engine.connect() as conn:
        return sorted(conn.execute(select(profile_channels.c.kind).where(
            profile_channels.c.profile_id == profile_id)).scalars())


def channel_kinds(engine: Engine, match_id: str, seat: int) -> list[str]:
    with engine.connect() as conn:
        return sorted(conn.execute(select(notice_channels.c.kind).where(
            (notice_channels.c.match_id == match_id)
            & (notice_channels.c.seat == seat))).scalars())


# -- claiming and finishing rows --------------------------------------------------------


def claim(engine: Engine, owner: str, now: float, limit: int = BATCH) -> list[Delivery]:
    """Take up to ``limit`` due rows nobody holds a lease on; they are ``owner``'s for
    ``LEASE_SECONDS``. Several processes may call it at once: each row goes to one."""
    mark = f"{owner[:12]}:{secrets.token_hex(8)}"
    free = (outbox.c.status == "pending") & (outbox.c.due_at <= now) & or_(
        outbox.c.claimed_until.is_(None), outbox.c.claimed_until < now)
    with engine.begin() as conn:
        chosen = select(outbox.c.id).where(free).order_by(outbox.c.due_at).limit(limit)
        if conn.dialect.name == "postgresql":
            ids = list(conn.execute(chosen.with_for_update(skip_locked=True)).scalars())
        else:
            ids = list(conn.execute(chosen).scalars())
        if not ids:
            return []
        conn.execute(update(outbox).where(outbox.c.id.in_(ids) & free).values(
            claimed_by=mark, claimed_until=now + LEASE_SECONDS))
        rows = conn.execute(
            select(outbox, notice_channels.c.kind.label("channel_kind"),
                   notice_channels.c.address)
            .join(notice_channels, notice_channels.c.id == outbox.c.channel_id)
            .where(outbox.c.id.in_(ids) & (outbox.c.claimed_by == mark))
            .order_by(outbox.c.due_at)).all()
    return [Delivery(id=r.id, match_id=r.match_id, state_id=r.state_id, seat=r.seat,
                     kind=r.kind, channel_id=r.channel_id, channel_kind=r.channel_kind,
                     address=r.address, attempts=r.attempts, created_at=r.created_at,
                     claim=mark)
            for r in rows]


def finish(engine: Engine, delivery: Delivery, status: str, now: float,
           error: str | None = None) -> bool:
    """Mark a claimed row done (``sent``, ``seen``, ``stale``, ``failed``), only if the
    lease is still ours; False if it was lost. A sent row keeps the reason of its last
    failed attempt, if any."""
    values: dict[str, Any] = {"status": status, "done_at": now, "claimed_until": None}
    if error is not None:
        values["error"] = error
    with engine.begin() as conn:
        return bool(conn.execute(update(outbox).where(
            (outbox.c.id == delivery.id) & (outbox.c.claimed_by == delivery.claim)
            & (outbox.c.status == "pending")).values(**values)).rowcount)


def retry_later(engine: Engine, delivery: Delivery, attempts: int, due_at: float,
                error: str) -> None:
    """Give a failed row back, due again at ``due_at`` (``backoff``)."""
    with engine.begin() as conn:
        conn.execute(update(outbox).where(
            (outbox.c.id == delivery.id) & (outbox.c.claimed_by == delivery.claim)).values(
            attempts=attempts, due_at=due_at, claimed_by=None, claimed_until=None,
            error=error[:500]))


def hold_until(engine: Engine, delivery: Delivery, due_at: float) -> None:
    """Give a row back untried, due at ``due_at``: its seat's quiet hours end then, and it
    is decided afresh (it may be stale by then)."""
    with engine.begin() as conn:
        conn.execute(update(outbox).where(
            (outbox.c.id == delivery.id) & (outbox.c.claimed_by == delivery.claim)).values(
            due_at=due_at, claimed_by=None, claimed_until=None))


def next_due(engine: Engine) -> float | None:
    """When a row will next be free to claim: its due time, or, while another deliverer
    holds its lease, the lease's end (a row on its way is not due again before that)."""
    free_at = case((outbox.c.claimed_until > outbox.c.due_at, outbox.c.claimed_until),
                   else_=outbox.c.due_at)
    with engine.connect() as conn:
        found = conn.execute(select(func.min(free_at)).where(
            outbox.c.status == "pending")).scalar()
    return None if found is None else float(found)


def sweep(engine: Engine, now: float) -> tuple[int, int]:
    """Delete done rows older than ``KEEP_DONE_SECONDS``, and the channels (addresses) of
    matches over for ``KEEP_CHANNELS_SECONDS``; how many of each."""
    with engine.begin() as conn:
        rows = conn.execute(delete(outbox).where(
            (outbox.c.status != "pending") & (outbox.c.done_at < now - KEEP_DONE_SECONDS)
        )).rowcount
        over = select(matches.c.id).where(
            matches.c.status.in_(["finished", "ended"])
            & (matches.c.finished_at < now - KEEP_CHANNELS_SECONDS))
        gone = conn.execute(delete(notice_channels).where(
            notice_channels.c.match_id.in_(over))).rowcount
    return int(rows), int(gone)


def counts(engine: Engine) -> dict[str, int]:
    """Rows per status (tests and the benchmark)."""
    with engine.connect() as conn:
        found: dict[str, int] = {}
        for status in conn.execute(select(outbox.c.status)).scalars():
            found[status] = found.get(status, 0) + 1
        return found


# -- the delivery loop --------------------------------------------------------------------


class Outbox:
    """Delivers due notices through ``channels`` as ``owner``; see the module docstring."""

    def __init__(self, engine: Engine, owner: str, channels: Mapping[str, Channel],
                 decide: Decide, poll_seconds: float = 2.0, write: Runner | None = None,
                 read: Runner | None = None) -> None:
        self.engine = engine
        self.write: Runner = write or asyncio.to_thread
        """How its transactions run: the server passes ``Store.write`` (on SQLite, on the
        event loop, one writer at a time with the moves); alone, on a thread."""
        self.read: Runner = read or asyncio.to_thread
        self.owner = owner
        self.channels = channels
        self.decide = decide
        self.poll_seconds = poll_seconds
        self.sent = 0
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._flying: set[asyncio.Task[None]] = set()
        self._more = False

    def start(self) -> None:
        self._task = asyncio.create_task(self.run(), name="camelcade-outbox")

    def wake(self) -> None:
        """A move may have written notices: look now rather than at the next poll."""
        self._wake.set()

    async def close(self) -> None:
        """Stop; notices on their way are cancelled (their leases end, and they are sent
        again, by this server's next start or another process)."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        for task in list(self._flying):
            task.cancel()
        await asyncio.gather(*self._flying, return_exceptions=True)

    async def run(self) -> None:
        """Claim what is due while fewer than ``BATCH`` notices are on their way, each
        delivered on its own: one slow mail server never holds up the notices behind it."""
        while True:
            self._wake.clear()  # before claiming: a move committed meanwhile wakes us again
            room = BATCH - len(self._flying)
            claimed: list[Delivery] = []
            if room > 0:
                try:
                    claimed = await self.write(claim, self.engine, self.owner, time.time(),
                                               room)
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("claiming notices failed")
            for delivery in claimed:
                task = asyncio.create_task(self._deliver(delivery))
                self._flying.add(task)
                task.add_done_callback(self._landed)
            self._more = room > 0 and len(claimed) == room  # more may be due behind them
            wait = self.poll_seconds
            if room > 0 and not claimed:  # nothing due now: sleep until the next one is
                with contextlib.suppress(Exception):
                    due = await self.read(next_due, self.engine)
                    if due is not None:
                        wait = max(0.0, min(wait, due - time.time()))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), wait)

    def _landed(self, task: asyncio.Task[None]) -> None:
        self._flying.discard(task)
        if self._more:  # a place freed while rows were waiting for one
            self._wake.set()

    async def deliver_due(self) -> int:
        """Claim what is due and deliver it; how many rows were claimed."""
        claimed = await self.write(claim, self.engine, self.owner, time.time())
        await asyncio.gather(*(self._deliver(delivery) for delivery in claimed))
        return len(claimed)

    async def _deliver(self, delivery: Delivery) -> None:
        engine = self.engine
        try:
            verdict, content = await self.decide(delivery)
        except Exception as error:
            log.exception("notice %d could not be prepared", delivery.id)
            await self.write(finish, engine, delivery, "failed", time.time(),
                             type(error).__name__)
            return
        if verdict == LATER:
            await self.write(hold_until, engine, delivery, float(content))
            return
        if verdict != "send":
            await self.write(finish, engine, delivery, verdict, time.time())
            return
        channel = self.channels.get(delivery.channel_kind)
        if channel is None:
            await self.write(finish, engine, delivery, "failed", time.time(),
                             f"no {delivery.channel_kind} channel on this server")
            return
        try:
            await channel.send(delivery, content)
        except PermanentFailure as error:
            log.info("notice channel %s is gone (%s); deleted", delivery.channel_id, error)
            await self.write(delete_channel, engine, delivery.channel_id)
            return
        except Exception as error:
            attempts = delivery.attempts + 1
            reason = redact(f"{type(error).__name__}: {error}")[:300]
            if attempts >= MAX_ATTEMPTS:
                log.warning("notice %d failed %d times; given up: %s", delivery.id, attempts,
                            reason)
                await self.write(finish, engine, delivery, "failed", time.time(), reason)
            else:
                log.info("notice %d failed (%s); retrying", delivery.id, reason)
                await self.write(retry_later, engine, delivery, attempts,
                                 time.time() + backoff(attempts), reason)
            return
        self.sent += 1
        await self.write(finish, engine, delivery, "sent", time.time())

