"""Shared FastAPI dependencies: the running ``Services`` and the bearer token.

Every dependency is a coroutine function although none awaits: FastAPI runs a plain
function in its thread pool, and under a flood of lobby reads those hand-offs (two or
three a request, each winning the GIL back from the event loop) were a tenth of the
server's time and delayed every move in the loop.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from camelcade.server.auth import bearer_token
from camelcade.server.service import Services


async def get_services(request: Request) -> Services:
    services: Services = request.app.state.services
    return services


ServicesDep = Annotated[Services, Depends(get_services)]


def client_address(request: Request) -> str:
    """The peer's address; behind a proxy trusted by ``forwarded_allow_ips``, the client's
    that the proxy forwarded (uvicorn's proxy headers rewrite it before we see it)."""
    return request.client.host if request.client else "unknown"


async def http_rate_limit(request: Request) -> None:
    """Refuse match-changing calls beyond the per-address rate (``rate/limited``)."""
    services: Services = request.app.state.services
    services.http_limiter.check(client_address(request))


async def create_rate_limit(request: Request) -> None:
    """Creating matches (and rematches) has its own, slower per-address rate."""
    services: Services = request.app.state.services
    services.create_limiter.check(client_address(request))


async def read_rate_limit(request: Request) -> None:
    """Lobby and match reads have their own per-address rate."""
    services: Services = request.app.state.services
    services.read_limiter.check(client_address(request))


RateLimited = Depends(http_rate_limit)
CreateLimited = Depends(create_rate_limit)
ReadLimited = Depends(read_rate_limit)
TokenDep = Annotated[str, Depends(bearer_token)]
