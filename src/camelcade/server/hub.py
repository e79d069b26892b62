"""Connections: one outbox per websocket, per-seat messages, presence, rate limits.

Broadcasting never awaits a client: messages go into each connection's bounded outbox and
a sender task per connection drains it, so one slow client cannot hold up a match. A
client that falls ``outbox_size`` messages behind has its queue replaced by one full
resynchronisation. Every message is built from the recipient's own role (views.py).
Spectators' senders take turns at a gate (``Gate``), a few per turn of the event loop, so
a crowd watching one match never holds up a seat's acknowledgement in another.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

import orjson

from camelcade.core.words import language, player_names, t
from camelcade.server.admin import ENDED, ended_sentence
from camelcade.server.protocol import PROTOCOL_VERSION, ErrorCode, ProtocolError
from camelcade.server.runtime import Drawn, LiveMatch, Role, RoleCache
from camelcade.server.turns import Gate
from camelcade.server.views import Viewer, legal_actions_for, told
from camelcade.server.web.answers import result_text
from camelcade.server.web.layout import lay_out, with_cells

log = logging.getLogger(__name__)
NO_PANELS: dict[str, Any] = {"facts": [], "colours": []}
"""The panels' facts and colours of a client that draws no board: none (they are the
web layout's, built with the board)."""


def encode(message: dict[str, Any]) -> str:
    """Every message to a client, compact JSON text.

    orjson, not the standard library: a state message with its board is a tree of a few
    hundred small dicts and strings, and encoding one for every viewer of every move was an
    eighth of the server's CPU under load with ``json``, which takes 5-6 times as long.
    Its output is the same JSON; keys that are not strings (an observation may have them,
    as ``json`` allows) become strings as ``json`` makes them, and letters beyond ASCII
    are written as UTF-8 instead of ``\\u`` escapes. What orjson refuses (a lone surrogate a
    client sent, quoted back in a refusal; an integer past 64 bits) is written by ``json``
    as before, so no text a client can send makes a message fail.
    """
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        return _standard_encode(message)


_standard_encode = json.JSONEncoder(separators=(",", ":"), check_circular=False).encode


class Sender(Protocol):
    async def send_text(self, data: str) -> None: ...


class TokenBucket:
    """``rate`` messages a second on average, bursts of up to ``burst``."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()
        self.refusals = 0

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.refusals += 1
        return False


class AddressLimiter:
    """One token bucket per client address, forgotten when full again (bounded memory)."""

    def __init__(self, rate: float, burst: int, max_addresses: int = 10_000) -> None:
        self.rate, self.burst, self.max_addresses = rate, burst, max_addresses
        self.buckets: dict[str, TokenBucket] = {}

    def check(self, address: str) -> None:
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= self.max_addresses:
                self._forget_full()
            bucket = self.buckets[address] = TokenBucket(self.rate, self.burst)
        if not bucket.take():
            raise ProtocolError(ErrorCode.RATE_LIMITED, t("Too many requests; slow down."))

    def _forget_full(self) -> None:
        now = time.monotonic()
        for address, bucket in list(self.buckets.items()):
            if bucket.tokens + (now - bucket.stamp) * bucket.rate >= bucket.burst:
                del self.buckets[address]


@dataclass(eq=False)
class Connection:
    """One websocket: its match, its seat (None: spectator), and what it was last sent."""

    sender: Sender
    match_id: str
    seat: Role
    bucket: TokenBucket
    outbox_size: int
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    sent_state_id: int = -1
    delivered_state_id: int = -1
    """``sent_state_id`` when the outbox last ran empty: the client has had everything up to
    it, so a resynchronisation after a dropped backlog tells the events since then."""
    sent_history: int = 0
    lang: str = "en"
    """The language this connection's sentences are worded in (hello's, else the browser's)."""
    board: bool = True
    """Whether this client draws the board (hello's ``board``): one that does not is sent
    ``view.board`` null and legal actions without cells, and costs no board to build."""
    gate: Gate | None = None
    """The gate its messages wait at before each send (spectators'), or None (seats)."""
    task: asyncio.Task[None] | None = None
    closed: bool = False
    reacted_at: float = float("-inf")
    """When its seat last reacted (``monotonic``): one reaction per ``REACTION_SECONDS``."""

    def start(self) -> None:
        self.task = asyncio.create_task(self._drain(), name=f"ws-out-{self.match_id}")

    def push(self, text: str) -> bool:
        """Queue one message; False when the outbox is full (the caller resyncs)."""
        if self.closed:
            return True
        if self.outbox.qsize() >= self.outbox_size:
            return False
        self.outbox.put_nowait(text)
        return True

    def push_json(self, message: dict[str, Any]) -> None:
        self.push(encode(message))

    def reset_outbox(self) -> None:
        while not self.outbox.empty():
            self.outbox.get_nowait()

    async def _drain(self) -> None:
        try:
            while True:
                text = await self.outbox.get()
                if text is None:
                    return
                if self.gate is not None:
                    await self.gate.turn()
                await self.sender.send_text(text)
                if self.outbox.empty():
                    self.delivered_state_id = self.sent_state_id
        except Exception:  # the client went away; the receive loop notices and cleans up
            self.closed = True

    async def close(self) -> None:
        self.closed = True
        self.outbox.put_nowait(None)
        if self.task is not None:
            await asyncio.gather(self.task, return_exceptions=True)


class Hub:
    """Builds and queues the messages of every connection of this process."""

    def __init__(self, instance_id: str, presence_ttl: float,
                 spectator_sends_per_turn: int = 8, arrivals_per_turn: int = 4) -> None:
        self.instance_id = instance_id
        self.presence_ttl = presence_ttl
        self.spectators = Gate(spectator_sends_per_turn)
        """What every spectator's messages wait at (seats' go straight out)."""
        self.arrivals = Gate(arrivals_per_turn)
        """What every new websocket waits at before it is accepted (``session``)."""

    # -- presence ----------------------------------------------------------------------

    def local_presence(self, match: LiveMatch) -> tuple[frozenset[int], int]:
        seats = frozenset(c.seat for c in match.connections if c.seat is not None)
        spectators = sum(1 for c in match.connections if c.seat is None)
        return seats, spectators

    def seats_json(self, match: LiveMatch) -> tuple[list[dict[str, Any]], int]:
        seats, spectators = self.local_presence(match)
        now = time.time()
        connected = set(seats)
        for other_seats, other_spectators, expires in match.remote_presence.values():
            if expires > now:
                connected |= other_seats
                spectators += other_spectators
        return [
            {
                "seat": s.seat,
                "kind": s.kind,
                "name": s.bot if s.kind == "bot" and not s.name else s.name,
                "taken": s.kind == "bot" or s.token_hash is not None,
                "connected": s.kind == "bot" or s.seat in connected,
                "former": s.former,
            }
            for s in match.seats
        ], spectators

    def broadcast_reaction(self, match: LiveMatch, seat: int, reaction: str) -> None:
        """Tell every seat's connection (not spectators) that ``seat`` reacted."""
        text = encode({"type": "reaction", "match_id": match.id, "seat": seat,
                       "reaction": reaction})
        for connection in list(match.connections):
            if connection.seat is not None:
                connection.push(text)

    def broadcast_presence(self, match: LiveMatch) -> None:
        seats, spectators = self.seats_json(match)
        message = {"type": "presence", "match_id": match.id, "seats": seats,
                   "spectators": spectators}
        text = encode(message)
        for connection in list(match.connections):
            connection.push(text)

    # -- state messages ----------------------------------------------------------------

    def _role_cache(self, match: LiveMatch, viewer: Viewer) -> RoleCache:
        cached = match.cache.get(viewer)
        if cached is not None and cached.state_id == match.state_id:
            return cached
        role, lang = viewer
        state = match.state
        seen = state.seen(role)  # what every presenter of this message is given
        with player_names(match.names):
            legal = (legal_actions_for(state, role, lang, seen) if match.status == "running"
                     else [])
            with language(lang):
                description = seen.describe()
        cached = RoleCache(
            state_id=match.state_id,
            observation=seen.observation,
            description=description,
            history=match.history_for(role),
            legal=with_cells(legal, {}),
            seen=seen,
        )
        match.cache[viewer] = cached
        return cached

    @staticmethod
    def _drawn(match: LiveMatch, viewer: Viewer, cached: RoleCache) -> Drawn:
        """The viewer's board, legal actions with cells and seats' facts, built on first
        demand."""
        if cached.drawn is None:
            _role, lang = viewer
            with language(lang), player_names(match.names):
                laid = lay_out(cached.seen)
            legal = (with_cells(cached.legal, laid.cells, laid)
                     if laid.cells or laid.groups else cached.legal)
            cached.drawn = laid.board, legal, {"facts": laid.seats, "colours": laid.colours}
        return cached.drawn

    def state_message(self, match: LiveMatch, connection: Connection, full: bool,
                      since: int | None = None) -> str:
        """The ``state`` message for ``connection``; ``full`` resends the whole history.

        ``view.events`` are the sentences of the actions after ``view.events_from``: for an
        update, since this connection's previous message; for a full message, since
        ``since`` (the state the client names in ``hello`` or ``resync``), else since the
        last state this seat was sent on any connection (what a returning player missed),
        else since the start.
        """
        row = match.row
        view: dict[str, Any] | None = None
        legal: list[dict[str, Any]] = []
        current: int | None = None
        seat = connection.seat
        if row.status != "open":
            viewer = (seat, connection.lang)
            cached = self._role_cache(match, viewer)
            start = 0 if full else min(connection.sent_history, len(cached.history))
            if not full:
                since = connection.sent_state_id
            elif since is None:
                since = match.seen.get(seat, 0) if seat is not None else 0
            since = max(0, min(since, row.state_id))
            board, legal, panels = (self._drawn(match, viewer, cached) if connection.board
                                    else (None, cached.legal, NO_PANELS))
            view = {
                "observation": cached.observation,
                "history_from": start,
                "history": cached.history[start:],
                "description": cached.description,
                "board": board,
                **panels,
                "events_from": since,
                "events": told(row.game, match.events_since(viewer, since), connection.lang),
            }
            current = match.state.current_player
            if row.status == ENDED:  # the host ended it: nobody is to move any more
                legal, current = [], None
            connection.sent_history = len(cached.history)
            if seat is not None:
                match.seen[seat] = row.state_id
        connection.sent_state_id = row.state_id
        seats, spectators = self.seats_json(match)
        message = {
            "type": "state",
            "match_id": row.id,
            "game": row.game,
            "options": row.options,
            "status": row.status,
            "state_id": row.state_id,
            "seat": seat,
            "current_player": current,
            "view": view,
            "legal_actions": legal,
            "seats": seats,
            "spectators": spectators,
            "deadline": row.turn_deadline if row.status == "running" else None,
            "result": row.result,
            "result_text": self._result_text(match, connection.lang),
            "end_reason": row.end_reason if row.status == ENDED else None,
            "rematch_id": row.rematch_id,
        }
        return encode(message)

    @staticmethod
    def _result_text(match: LiveMatch, lang: str) -> str | None:
        """The result in words in ``lang`` (a win, a shared first place or a draw, from
        ``core.results``), so every client tells it alike; None before the end."""
        if match.row.status == ENDED:
            with language(lang):
                return ended_sentence(match.row.end_reason)
        if match.row.result is None:
            return None
        with language(lang), player_names(match.names):
            return result_text(match)

    def send_state(self, match: LiveMatch, connection: Connection, full: bool = False,
                   since: int | None = None) -> None:
        if not connection.push(self.state_message(match, connection, full, since)):
            self._resync(match, connection, since if full else None)

    def _resync(self, match: LiveMatch, connection: Connection, since: int | None) -> None:
        """Replace a backlog the client could not take with one full message."""
        connection.reset_outbox()
        if since is None and connection.delivered_state_id >= 0:
            since = connection.delivered_state_id
        connection.push(self.state_message(match, connection, True, since))

    def broadcast_state(self, match: LiveMatch) -> None:
        """Every connection's update; connections that saw the same are sent one text.

        Spectators (and a seat's second device) in step with each other get identical
        updates, so each distinct one is built and encoded once, not once per spectator.
        """
        built: dict[tuple[Role, str, bool, int, int], tuple[str, int]] = {}
        for connection in list(match.connections):
            key = (connection.seat, connection.lang, connection.board, connection.sent_state_id,
                   connection.sent_history)
            shared = built.get(key)
            if shared is None:
                text = self.state_message(match, connection, False)
                built[key] = (text, connection.sent_history)
            else:
                text, connection.sent_history = shared
                connection.sent_state_id = match.row.state_id
                if connection.seat is not None:
                    match.seen[connection.seat] = match.row.state_id
            if not connection.push(text):
                self._resync(match, connection, None)

    @staticmethod
    def welcome(match: LiveMatch, connection: Connection) -> dict[str, Any]:
        return {
            "type": "welcome",
            "protocol": PROTOCOL_VERSION,
            "match_id": match.id,
            "seat": connection.seat,
            "role": "spectator" if connection.seat is None else "player",
            "lang": connection.lang,
        }
