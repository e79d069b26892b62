"""The websocket endpoint: one connection per client and match (see ``session.py``)."""

from __future__ import annotations

from fastapi import APIRouter, WebSocket

from camelcade.server.session import serve_socket

router = APIRouter(tags=["play"])


@router.websocket("/ws/matches/{match_id}")
async def play_socket(websocket: WebSocket, match_id: str) -> None:
    await serve_socket(websocket.app.state.services, websocket, match_id)
