"""Health: for load balancers, the tests and the benchmark to know the server is up."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from camelcade.server.protocol import PROTOCOL_VERSION
from camelcade.server.routes.deps import ServicesDep

router = APIRouter(prefix="/api", tags=["system"])


@router.get("/health", summary="Liveness, the backend and this process's id")
async def health(services: ServicesDep) -> dict[str, Any]:
    store = services.store
    return {
        "status": "ok",
        "protocol": PROTOCOL_VERSION,
        "backend": store.engine.dialect.name,
        "instance": services.settings.instance_id,
        "matches_in_memory": len(services.manager.matches),
        "batches": services.moves.batches,
        "batched_moves": services.moves.batched_moves,
        "bot_moves": services.pool.stats.jobs,
        "bot_fallbacks": services.pool.stats.fallbacks,
        "bot_workers_replaced": services.pool.stats.replaced_workers,
        "bot_cpu_seconds": round(services.pool.stats.bot_cpu_seconds, 3),
        "connections": sum(services.addresses.values()),
    }
