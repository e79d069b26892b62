"""The FastAPI application factory and ``run_server``, the body of ``camelcade serve``.

``create_app(settings)`` builds a fresh app with its own services (so tests can run several
servers side by side); the lifespan migrates the database and recovers running matches
before the first request. Errors reach clients as ``{"error": {"code", "message"}}`` with a
code from the closed set in ``protocol.py`` — never a stack trace.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import random
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from camelcade import __version__
from camelcade.core.data import install_data_folder
from camelcade.core.game import Game
from camelcade.core.registry import game_class, game_ids
from camelcade.core.words import language, t
from camelcade.i18n.validation import problems
from camelcade.server.accounts.invites import install as install_invitations
from camelcade.server.accounts.passkey_routes import install as install_passkeys
from camelcade.server.accounts.players import install as install_players
from camelcade.server.accounts.routes import install as install_accounts
from camelcade.server.caching import NoStoreForApi
from camelcade.server.collector import Collector
from camelcade.server.guard import BodyGuard
from camelcade.server.logs import LOG_FORMATS, RequestContext
from camelcade.server.logs import configure as configure_logs
from camelcade.server.names import NameRefused
from camelcade.server.protocol import HTTP_STATUS, ErrorCode, ProtocolError
from camelcade.server.routes import games, matches, ops, system, ws
from camelcade.server.service import Services
from camelcade.server.settings import Settings, loopback_only, settings_for
from camelcade.server.web.language import SpeakTheRequestsLanguage, request_language
from camelcade.server.web.routes import install as install_web_app
from camelcade.server.web.routes import not_found_page

log = logging.getLogger("camelcade.server")

SWITCH_INTERVAL = 0.0005
"""Seconds between GIL hand-overs (Python's default is 0.005). The database writer thread
needs the GIL back after every network or disk wait; with a busy event loop the default
made each PostgreSQL commit wait tens of milliseconds for it."""

DESCRIPTION = """\
The camelcade game server. Set matches up over HTTP (below), then play over the websocket
`/ws/matches/{match_id}`: its messages and error codes are documented in `docs/server.md`.
"""


PER_CONNECTION_LINES = frozenset({
    "connection open", "connection closed", '%s - "WebSocket %s" [accepted]',
})
"""What uvicorn and websockets log at INFO for every websocket opened and closed."""


def quiet_connections(record: logging.LogRecord) -> bool:
    """Drop the per-connection lines unless the access log is on: a storm of spectators
    made hundreds a second, each formatted and written on the event loop."""
    return record.msg not in PER_CONNECTION_LINES


def _error(code: ErrorCode, message: str) -> JSONResponse:
    return JSONResponse(
        status_code=HTTP_STATUS[code], content={"error": {"code": str(code), "message": message}}
    )


def create_app(settings: Settings | None = None) -> FastAPI:
    """A new server application for ``settings`` (default: SQLite in the user data folder)."""
    settings = settings or Settings()
    installed = install_data_folder(Path(settings.data_folder) if settings.data_folder else None)
    for what, names in installed.items():
        log.info("data folder: %s %s", what, ", ".join(names) or "(none)")
    services = Services(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if not settings.access_log:  # uvicorn has configured its loggers by now
            logging.getLogger("uvicorn.error").addFilter(quiet_connections)
        await services.start()
        collector: Collector | None = getattr(app.state, "collector", None)
        collecting = None if collector is None else asyncio.create_task(
            collector.run(), name="full-collections")
        try:
            yield
        finally:
            if collecting is not None:
                collecting.cancel()
            await services.stop()

    app = FastAPI(
        title="camelcade server", version=__version__, description=DESCRIPTION, lifespan=lifespan,
        docs_url=None, redoc_url=None,  # the web app serves /docs from local files, no CDN
    )
    app.state.services = services

    @app.exception_handler(ProtocolError)
    async def protocol_error(_request: Request, error: ProtocolError) -> JSONResponse:
        return _error(error.code, error.message)

    @app.exception_handler(StarletteHTTPException)
    async def no_such_thing(request: Request, error: StarletteHTTPException) -> Response:
        """An address no route serves (404) or a method it does not take (405): the error
        body of every refusal, in the request's language; a browser asking for a page
        gets a page."""
        path = request.url.path[:200]
        if error.status_code == 404:
            if "text/html" in request.headers.get("accept", ""):
                return not_found_page(request, request.query_params.get("lang"))
            code, message = ErrorCode.MATCH_NOT_FOUND, str(t("There is nothing at {path}.",
                                                             path=path))
        elif error.status_code == 405:
            code, message = ErrorCode.MESSAGE_MALFORMED, str(t(
                "{path} does not take {method}.", path=path, method=request.method))
        else:
            code, message = ErrorCode.MESSAGE_MALFORMED, str(error.detail)
        return JSONResponse(status_code=error.status_code, headers=error.headers,
                            content={"error": {"code": str(code), "message": message}})

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, error: RequestValidationError) -> JSONResponse:
        """A refused name is told as a player reads it, whole ("This name is 40
        characters long; ..."); any other problem names the field, for the programmer."""
        errors = error.errors()
        for found in errors:
            refused = (found.get("ctx") or {}).get("error")
            if isinstance(refused, NameRefused):
                return _error(ErrorCode.MESSAGE_MALFORMED, str(refused))
        return _error(ErrorCode.MESSAGE_MALFORMED,
                      t("Invalid request: {problems}", problems=problems(errors)))

    @app.exception_handler(Exception)
    async def internal(request: Request, error: Exception) -> JSONResponse:
        log.error("unhandled error", exc_info=error)
        # This handler runs outside every middleware, the language's too.
        with language(request_language(request, request.query_params.get("lang"))):
            return _error(ErrorCode.SERVER_INTERNAL, t("The server failed; try again later."))

    for module in (ops, system, games, matches, ws):
        app.include_router(module.router)
    install_accounts(app, settings, services)
    install_passkeys(app)
    install_invitations(app)
    install_players(app)
    install_web_app(app)
    app.add_middleware(BodyGuard, max_body_bytes=settings.max_body_bytes,
                       max_depth=settings.max_json_depth)
    app.add_middleware(NoStoreForApi)
    app.add_middleware(SpeakTheRequestsLanguage)  # the guard's refusals too
    app.add_middleware(RequestContext)  # outermost: every log line knows its client
    return app


def run_server(db: str | None, host: str, port: int, public_url: str | None = None,
               log_format: str | None = None, backup_every: float | None = None,
               backup_keep: int | None = None) -> None:
    """Serve until interrupted: ``camelcade serve [--db URL] [--host H] [--port P]
    [--public-url URL] [--log-format text|json] [--backup-every 6h --keep 14]``.

    ``db`` is a SQLAlchemy URL (``postgresql+psycopg://...``), a SQLite file path, or None
    for SQLite in the user's data folder.
    """
    import uvicorn

    settings = settings_for(db, host, port, public_url=public_url)
    if log_format is not None:
        settings = settings.with_changes(log_format=log_format)
    if backup_every is not None:
        settings = settings.with_changes(backup_every=backup_every)
    if backup_keep is not None:
        settings = settings.with_changes(backup_keep=backup_keep)
    if settings.log_format not in LOG_FORMATS:
        raise ValueError(f"The log format must be text or json, not {settings.log_format!r}")
    sys.setswitchinterval(SWITCH_INTERVAL)
    configure_logs(settings.log_format)
    app = create_app(settings)
    _freeze_startup_objects()
    collector = Collector(settings.gc_full_seconds, int(settings.gc_full_growth_mb * 2**20))
    collector.install()
    app.state.collector = collector
    shown = settings.database_url.split("@")[-1] if "@" in settings.database_url else (
        settings.database_url
    )
    log.info("camelcade server on http://%s:%d, database %s", host, port, shown)
    if loopback_only(host) and not settings.public_url:
        log.info("only this computer reaches %s; to play with others, serve with --host "
                 "0.0.0.0 --public-url http://ADDRESS:%d (docs/server.md, Hosting)", host, port)
    uvicorn.run(app, host=host, port=port, access_log=settings.access_log, log_level="info",
                log_config=None, proxy_headers=True,
                forwarded_allow_ips=settings.forwarded_allow_ips, **websocket_options(settings))


def websocket_options(settings: Settings) -> dict[str, Any]:
    """uvicorn's settings for the websockets, the same in ``run_server`` and in tests."""
    from camelcade.server.wsprotocol import protocol_class

    return {"ws": protocol_class(settings.ws_compress_min_bytes, settings.arrivals_per_turn),
            "ws_max_size": settings.ws_max_bytes,
            "ws_per_message_deflate": settings.ws_compression,
            "server_header": False, "lifespan": "on"}


def _freeze_startup_objects() -> None:
    """Keep the collector off what lives as long as the process: modules, classes, routes.

    After importing FastAPI, SQLAlchemy, pydantic and the games, a full collection walks
    some 230,000 objects and stalls the event loop for 50-90 ms, which every move waiting
    at that moment pays (measured under the load benchmark). ``gc.freeze`` moves them out of
    the collector's sight, so full collections see only matches and connections; those
    come on the server's own schedule (``collector``). (Raising the young threshold
    instead made the middle collections pause up to 35 ms.)
    """
    for game_id in game_ids():
        _warm(game_class(game_id)())
    gc.collect()
    gc.freeze()


def _warm(game: Game, steps: int = 40) -> None:
    """Play a few seeded random steps of ``game``, so that what a game builds on first use
    (one game's card tables took 46 ms) is built before the first match, not while
    the event loop serves everyone else, and is frozen with the start-up objects."""
    game.new_state().playout(random.Random(0), steps)
