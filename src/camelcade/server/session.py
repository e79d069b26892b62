"""One websocket connection from ``hello`` to goodbye.

The first message must be ``hello`` (with a seat token, or none to watch) within
``hello_timeout`` seconds; the connection is then bound to that seat for good, so every
later action is the seat's own — an action message has no seat field to forge. Each frame
is size-checked, rate-limited and validated before anything looks at it; a refusal is an
``error`` message with a code and changes nothing. Unexpected failures are logged here and
reported as ``server/internal`` without details.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time

from fastapi import WebSocket

from camelcade.core.words import language, t, tn
from camelcade.i18n.languages import first_spoken, from_accept_language
from camelcade.server.hub import Connection, TokenBucket, encode
from camelcade.server.manager import HOST
from camelcade.server.protocol import (
    PROTOCOL_VERSION,
    AnyClientMessage,
    ErrorCode,
    Hello,
    Ping,
    PlayAction,
    ProtocolError,
    React,
    Resync,
    error_message,
    parse_client_message,
)
from camelcade.server.runtime import LiveMatch
from camelcade.server.service import Services

log = logging.getLogger(__name__)
REACTION_SECONDS = 2
"""A seat reacts at most once in this many seconds: a reaction is a word, not a flood."""

CLOSE_MALFORMED = 4400
CLOSE_BAD_TOKEN = 4401
CLOSE_NOT_FOUND = 4404
CLOSE_TIMEOUT = 4408
CLOSE_FLOOD = 4429
CLOSE_FULL = 1013
"""The websocket standard's "try again later"."""


async def _receive(websocket: WebSocket) -> str | bytes | None:
    """The next frame's payload, or None once the client has gone."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is not None:
        return str(text)
    data = message.get("bytes")
    return bytes(data) if data is not None else b""


async def _refuse(websocket: WebSocket, error: ProtocolError, close_code: int) -> None:
    with contextlib.suppress(Exception):
        await websocket.send_text(encode(error.to_json()))
        await websocket.close(close_code)


async def serve_socket(services: Services, websocket: WebSocket, match_id: str) -> None:
    """Run one client's connection to ``match_id`` until it closes.

    A client address holds at most ``max_connections_per_address`` websockets at once,
    counted from the moment they are accepted (so connections that never say hello count
    too); new websockets are accepted at most ``arrivals_per_turn`` a turn of the loop.
    """
    settings = services.settings
    address = websocket.client.host if websocket.client else "unknown"
    # A wave of arrivals (a crowd of spectators coming back at once) is let in a few per
    # turn of the event loop, so the moves of matches already playing go on between them.
    await services.hub.arrivals.turn()
    await websocket.accept()
    heard = from_accept_language(websocket.headers.get("accept-language"))
    # Until hello says otherwise, refusals are worded in the handshake's language.
    with language(first_spoken([heard])):
        if not services.admit(address):
            await _refuse(websocket, ProtocolError(ErrorCode.RATE_LIMITED, t(
                "Your address has {count} connections open; that is the most it may hold "
                "at once.", count=settings.max_connections_per_address)), CLOSE_FLOOD)
            return
        try:
            await _serve(services, websocket, match_id, heard)
        finally:
            services.release(address)


async def _serve(services: Services, websocket: WebSocket, match_id: str,
                 heard: str | None) -> None:
    """Hello, then the connection; ``heard`` is the handshake's language (hello may name
    another)."""
    settings = services.settings
    try:
        match = await services.manager.get(match_id)
    except ProtocolError as error:
        await _refuse(websocket, error, CLOSE_NOT_FOUND)
        return
    except Exception:
        log.exception("loading match %s failed", match_id[:40])
        await _refuse(websocket, ProtocolError(ErrorCode.SERVER_INTERNAL,
                                               t("The server failed; try again later.")),
                      CLOSE_NOT_FOUND)
        return
    try:
        raw = await asyncio.wait_for(_receive(websocket), settings.hello_timeout)
    except TimeoutError:
        await _refuse(websocket, ProtocolError(ErrorCode.MESSAGE_HELLO_FIRST, t(
            "Send hello within {seconds} seconds.", seconds=f"{settings.hello_timeout:g}")),
            CLOSE_TIMEOUT)
        return
    if raw is None:
        return
    try:
        hello = parse_client_message(raw, settings.max_message_bytes)
        if not isinstance(hello, Hello):
            raise ProtocolError(ErrorCode.MESSAGE_HELLO_FIRST,
                                t("The first message must be hello."))
        lang = first_spoken([hello.lang, heard])
        with language(lang):
            if hello.protocol != PROTOCOL_VERSION:
                raise ProtocolError(ErrorCode.MESSAGE_MALFORMED, t(
                    "Protocol {asked} is not spoken here; this server speaks {spoken}.",
                    asked=hello.protocol, spoken=PROTOCOL_VERSION))
            seat = None
            if hello.token:
                who = services.manager.authenticate(match, hello.token)
                seat = None if who == HOST else int(who)
    except ProtocolError as error:
        code = CLOSE_BAD_TOKEN if error.code == ErrorCode.AUTH_BAD_TOKEN else CLOSE_MALFORMED
        await _refuse(websocket, error, code)
        return
    except Exception:  # never an unhandled ASGI error and a close without a frame
        log.exception("handling the hello of a connection to match %s failed", match.id)
        await _refuse(websocket, ProtocolError(ErrorCode.SERVER_INTERNAL,
                                               t("The server failed; try again later.")),
                      CLOSE_MALFORMED)
        return
    with language(lang):  # every refusal from here on is worded in the connection's language
        await _connected(services, websocket, match, hello, seat, lang)


async def _connected(services: Services, websocket: WebSocket, match: LiveMatch, hello: Hello,
                     seat: int | None, lang: str) -> None:
    settings = services.settings
    if seat is None and len(match.connections) >= settings.max_connections_per_match:
        await _refuse(websocket, ProtocolError(ErrorCode.SERVER_BUSY, t(
            "This match has {count} connections, the most it takes; its players can always "
            "join, spectators later.", count=settings.max_connections_per_match)), CLOSE_FULL)
        return
    connection = Connection(
        sender=websocket,
        match_id=match.id,
        seat=seat,
        lang=lang,
        bucket=TokenBucket(settings.rate_per_second, settings.rate_burst),
        outbox_size=settings.outbox_size,
        board=hello.board,
        gate=services.hub.spectators if seat is None else None,
    )
    connection.start()
    connection.push_json(services.hub.welcome(match, connection))
    if connection.gate is not None:
        # a crowd of spectators arriving at once (a storm reconnecting) would build every
        # one's full view in one turn of the loop: they take turns, as their sends do
        await connection.gate.turn()
    services.hub.send_state(match, connection, full=True, since=hello.state_id)
    await services.connect(match, connection)
    if seat is not None:
        await services.manager.seat_speaks(match, seat, lang)
    try:
        await _loop(services, websocket, match, connection)
    finally:
        await services.disconnect(match, connection)


async def _loop(
    services: Services, websocket: WebSocket, match: LiveMatch, connection: Connection
) -> None:
    settings = services.settings
    told_at = -1.0
    while True:
        try:
            raw = await _receive(websocket)
        except Exception:
            return
        if raw is None or connection.closed:
            return
        if not connection.bucket.take():
            if connection.bucket.refusals > settings.rate_violations_before_close:
                await connection.close()
                await _refuse(websocket, ProtocolError(
                    ErrorCode.RATE_LIMITED, t("Too many messages; disconnected.")), CLOSE_FLOOD)
                return
            now = time.monotonic()
            if now - told_at >= 1.0:  # one notice a second, not an answer per dropped message
                told_at = now
                connection.push_json(error_message(ErrorCode.RATE_LIMITED, t(
                    "More than {rate} messages a second; messages are ignored until you slow "
                    "down.", rate=f"{settings.rate_per_second:g}")))
            continue
        try:
            message = parse_client_message(raw, settings.max_message_bytes)
            await _handle(services, match, connection, message)
        except ProtocolError as error:
            connection.push_json(error.to_json())
            if error.code == ErrorCode.ACTION_STALE_STATE:
                services.hub.send_state(match, connection)
        except Exception:
            log.exception("handling a message in match %s failed", match.id)
            connection.push_json(error_message(
                ErrorCode.SERVER_INTERNAL, t("The server failed to handle this message.")))


async def _handle(
    services: Services,
    match: LiveMatch,
    connection: Connection,
    message: AnyClientMessage,
) -> None:
    if isinstance(message, PlayAction):
        if connection.seat is None:
            raise ProtocolError(ErrorCode.ACTION_SPECTATOR, t("Spectators cannot play."))
        began = time.perf_counter()
        await services.manager.play(match, connection.seat, message.action, message.state_id)
        services.metrics.observe_ack(time.perf_counter() - began)
    elif isinstance(message, Resync):
        services.hub.send_state(match, connection, full=True, since=message.state_id)
    elif isinstance(message, Ping):
        connection.push_json({"type": "pong"})
    elif isinstance(message, React):
        if connection.seat is None:
            raise ProtocolError(ErrorCode.ACTION_SPECTATOR, t(
                "Spectators cannot react; the reactions are the seats'."))
        now = time.monotonic()
        if now - connection.reacted_at < REACTION_SECONDS:
            raise ProtocolError(ErrorCode.RATE_LIMITED, tn(
                "One reaction every {count} second; wait a moment.",
                "One reaction every {count} seconds; wait a moment.", REACTION_SECONDS))
        connection.reacted_at = now
        services.react(match, connection.seat, message.reaction)
    else:
        raise ProtocolError(ErrorCode.MESSAGE_MALFORMED, t("Hello was already received."))
