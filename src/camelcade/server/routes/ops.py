"""What a host's monitoring asks: alive, ready, which version, and the metrics.

``/health`` says only that the process answers (a container's health check, a restart
policy). ``/ready`` says whether it should be sent players: the database answers and its
schema is the one this version expects, and the bot workers are up; a load balancer takes
a process out while it is not ready (PostgreSQL down) and back when it is. ``/version``
names the camelcade version and each game's rules version. ``/metrics`` is described in
``camelcade.server.metrics``.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from camelcade import __version__
from camelcade.core.registry import game_class, game_ids
from camelcade.core.words import t
from camelcade.server.auth import hash_token, same_hash
from camelcade.server.db import current_revision, head_revision
from camelcade.server.protocol import ErrorCode, ProtocolError
from camelcade.server.routes.deps import ServicesDep

router = APIRouter(tags=["operations"])
READY_TIMEOUT = 3.0
"""Seconds the database has to answer ``/ready`` before it counts as unreachable."""


@router.get("/health", summary="Alive: the process answers")
async def health() -> dict[str, str]:
    return {"status": "ok"}


@router.get("/ready", summary="Ready for players: database reachable and migrated, bots up",
            responses={503: {"description": "Not ready; the failing checks are named"}})
async def ready(services: ServicesDep) -> JSONResponse:
    checks: dict[str, Any] = {}
    try:
        found = await asyncio.wait_for(
            asyncio.to_thread(current_revision, services.store.engine), READY_TIMEOUT)
    except Exception as error:
        checks["database"] = {"ok": False, "problem": type(error).__name__}
    else:
        head = head_revision()
        checks["database"] = {"ok": True}
        checks["schema"] = {"ok": found == head, "revision": found, "expected": head}
    dead = services.pool.dead_workers()
    checks["bot_workers"] = {"ok": not dead and not services.pool.closed, "dead": dead}
    ok = all(check["ok"] for check in checks.values())
    return JSONResponse(status_code=200 if ok else 503,
                        content={"status": "ready" if ok else "unready", "checks": checks})


@router.get("/version", summary="The camelcade version and each game's rules version")
async def version() -> dict[str, Any]:
    return {"camelcade": __version__,
            "games": {game: game_class(game).rules_version for game in game_ids()}}


@router.get("/metrics", summary="Prometheus metrics (only with a metrics token)",
            include_in_schema=False)
async def metrics(request: Request, services: ServicesDep) -> Response:
    """Behind ``Authorization: Bearer TOKEN``; without a token set, there is none here.

    The token is the host's setting, or, once ``camelcade admin secrets rotate`` made one,
    that one (kept only as its hash): the setting's then no longer opens the metrics."""
    token = services.settings.metrics_token
    rotated = services.host.metrics_token_hash
    if not token and not rotated:
        raise StarletteHTTPException(404)
    scheme, _, given = request.headers.get("authorization", "").partition(" ")
    given = given.strip() if scheme.lower() == "bearer" else ""
    if rotated is not None:
        allowed = bool(given) and same_hash(rotated, hash_token(given))
    else:
        allowed = secrets.compare_digest(given.encode(), token.encode())
    if not allowed:
        raise ProtocolError(ErrorCode.AUTH_REQUIRED, t(
            "The metrics are shown only with the metrics token (Authorization: Bearer)."))
    return Response(services.metrics.exposition(),
                    media_type="text/plain; version=0.0.4; charset=utf-8")
