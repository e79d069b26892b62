"""Shared FastAPI dependencies: the running ``Services`` and the bearer token."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request

from camelcade.server.auth import bearer_token
from camelcade.server.service import Services


def get_services(request: Request) -> Services:
    services: Services = request.app.state.services
    return services


ServicesDep = Annotated[Services, Depends(get_services)]


def http_rate_limit(request: Request) -> None:
    """Refuse match-changing calls beyond the per-address rate (``rate/limited``)."""
    services: Services = request.app.state.services
    address = request.client.host if request.client else "unknown"
    services.http_limiter.check(address)


RateLimited = Depends(http_rate_limit)
TokenDep = Annotated[str, Depends(bearer_token)]
