"""HTTP bodies are bounded and strict before any route sees them (an ASGI middleware).

FastAPI reads a whole request body and parses it before a route's checks run: a 100 MB
create body was parsed in full (2.8 s, +300 MB) and a deeply nested one raised
``RecursionError`` inside the parser. This middleware sits in front of every route: a
body declared (``Content-Length``) or found larger than ``max_body_bytes`` is answered
413 ``message/too_large`` without reading the rest, and a JSON body must be strict JSON
(``strictjson``: bounded depth, no duplicate keys), else 422 ``message/malformed``.
Bodies that pass are handed on unchanged, so routes parse them as before.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from camelcade.core.words import t
from camelcade.server import strictjson
from camelcade.server.protocol import HTTP_STATUS, ErrorCode

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]
BODYLESS = frozenset({"GET", "HEAD", "OPTIONS"})


async def send_error(send: Send, code: ErrorCode, message: str) -> None:
    """The server's usual error body, ``{"error": {"code", "message"}}``, as a response."""
    body = json.dumps({"error": {"code": str(code), "message": message}}).encode()
    await send({
        "type": "http.response.start",
        "status": HTTP_STATUS[code],
        "headers": [(b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close")],
    })
    await send({"type": "http.response.body", "body": body})


class BodyGuard:
    """Refuse oversized or non-strict JSON request bodies (see the module docstring)."""

    def __init__(self, app: App, max_body_bytes: int,
                 max_depth: int = strictjson.DEFAULT_MAX_DEPTH) -> None:
        self.app = app
        self.max_body_bytes = max_body_bytes
        self.max_depth = max_depth

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method", "GET") in BODYLESS:
            await self.app(scope, receive, send)
            return
        headers = {key.lower(): value for key, value in scope.get("headers", [])}
        declared = headers.get(b"content-length", b"")
        if declared.strip().isdigit() and int(declared) > self.max_body_bytes:
            await self._too_large(send, int(declared))
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body_bytes:
                await self._too_large(send, size)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        kind = headers.get(b"content-type", b"application/json").lower()
        if body.strip() and b"json" in kind:
            try:
                strictjson.loads(body, self.max_depth)
            except strictjson.StrictJSONError as error:
                await send_error(send, ErrorCode.MESSAGE_MALFORMED,
                                 t("Invalid request: {problems}", problems=str(error)))
                return
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _too_large(self, send: Send, size: int) -> None:
        await send_error(send, ErrorCode.MESSAGE_TOO_LARGE, t(
            "The request body has at least {size} bytes; the limit is {limit}.", size=size,
            limit=self.max_body_bytes))
