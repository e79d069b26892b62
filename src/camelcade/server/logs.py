"""The server's log lines: plain text, or one JSON object a line (``--log-format json``).

Each line carries the match id and a tag of the client of the request or websocket it was
written for, where there is one (``RequestContext`` sets them per request; they live in
context variables, so concurrent requests never see each other's). The tag is a keyed hash
of the client's address under a key this process draws at start and never writes: lines of
one client can be followed, but no address reaches a log. Nothing secret is ever
written: a seat's token, an e-mail address or a match's seed found in a message or a
traceback is replaced before the line is formatted (``redact``), in both formats.
"""

from __future__ import annotations

import contextvars
import hashlib
import hmac
import json
import logging
import re
import secrets
import sys
import time
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

LOG_FORMATS = ("text", "json")
match_id_var: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "camelcade_match_id", default=None)
client_var: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "camelcade_client", default=None)

_CLIENT_KEY = secrets.token_bytes(32)


def client_tag(address: str) -> str:
    """The client's pseudonym in this process's log lines: ``c-`` and 12 hex digits of a
    keyed hash of its address (the key dies with the process, so a log cannot be matched
    back to an address by hashing guesses)."""
    digest = hmac.new(_CLIENT_KEY, address.encode(), hashlib.sha256).hexdigest()
    return "c-" + digest[:12]


_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_SECRET = re.compile(
    r"""(?ix)
    (?P<key>\b(?:token|seat_token|access_token|password|secret|seed)\b["']?\s*[=:]\s*["']?)
    (?P<value>[^\s"'&,;}]+)
    """)
_BEARER = re.compile(r"(?i)\b(bearer)\s+[\w.~+/=-]+")
_MATCH_PATH = re.compile(r"/(?:api/|ws/)?matches/([A-Za-z0-9_-]{1,64})")


def redact(text: str) -> str:
    """``text`` with tokens, passwords, seeds and e-mail addresses replaced."""
    text = _SECRET.sub(lambda m: f"{m.group('key')}<hidden>", text)
    text = _BEARER.sub(r"\1 <hidden>", text)
    return _EMAIL.sub("<e-mail>", text)


class RedactingText(logging.Formatter):
    """The plain format, redacted."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


class JsonLines(logging.Formatter):
    """One JSON object a line: time, level, logger, message, match and client if known."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": redact(record.getMessage()),
        }
        match_id, client = match_id_var.get(), client_var.get()
        if match_id:
            line["match_id"] = match_id
        if client:
            line["client"] = client
        if record.exc_info:
            line["error"] = redact(self.formatException(record.exc_info))
        return json.dumps(line, ensure_ascii=False)


def configure(log_format: str, level: int = logging.INFO) -> None:
    """The root logger's one handler (to stderr) in ``log_format``; uvicorn's loggers pass
    their lines on to it (the server starts uvicorn without a logging configuration)."""
    if log_format not in LOG_FORMATS:
        raise ValueError(f"log format must be text or json, not {log_format!r}")
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonLines() if log_format == "json" else RedactingText(
        "%(levelname)s:     %(name)s: %(message)s"))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers.clear()
        logger.propagate = True


class RequestContext:
    """ASGI middleware: the client's tag (``client_tag``) and the match id (from the path) of
    each HTTP request and websocket, for the log lines written while serving it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        found = _MATCH_PATH.search(scope.get("path", ""))
        tokens = (client_var.set(client_tag(client[0]) if client else None),
                  match_id_var.set(found.group(1) if found else None))
        try:
            await self.app(scope, receive, send)
        finally:
            client_var.reset(tokens[0])
            match_id_var.reset(tokens[1])
