"""``Cache-Control: no-store`` on every ``/api/`` answer.

A lobby list, a match's seats, a replay: each answer is the server's state at that moment.
Without a header a browser may answer a reload of the lobby from its cache (heuristic
freshness), showing matches that have since started or gone. The web app's pages and
scripts set their own ``no-cache`` (revalidated, not stored stale); this covers the API.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

API_PREFIX = "/api/"
NO_STORE = (b"cache-control", b"no-store")


class NoStoreForApi:
    """ASGI middleware adding ``Cache-Control: no-store`` to API answers that set none."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith(API_PREFIX):
            await self.app(scope, receive, send)
            return

        async def send_with_header(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                if not any(name.lower() == b"cache-control" for name, _ in headers):
                    headers.append(NO_STORE)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_header)
