"""The Web Push channel: a notification on the player's device, page open or not.

The page subscribes through its service worker with the server's VAPID public key
(``/api/web/push/key``) and hands the subscription (an endpoint at the browser's push
service and two keys) to the server. A notice is encrypted for that subscription (RFC
8291, ``aes128gcm``) and POSTed to the endpoint with a VAPID signature, by ``pywebpush``
on a thread (it speaks ``requests``). The push service answering 404 or 410 means the
subscription is gone for good: the channel is deleted. A ``Topic`` made from the notice's
key makes a second send of the same notice replace the first on the device.

Endpoints are given by browsers, that is by anyone: only ``https`` endpoints on a named
host are accepted (``push_insecure_endpoints`` lets tests use a local ``http`` one), so the
server cannot be made to POST into its own network by an address.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import ipaddress
import json
from typing import Any
from urllib.parse import urlsplit

from pywebpush import WebPushException, webpush

from camelcade.server.channels.keys import NoticeKeys
from camelcade.server.channels.wording import Wording
from camelcade.server.outbox import Delivery, PermanentFailure
from camelcade.server.settings import Settings

MAX_SUBSCRIPTION_CHARS = 2000
TTL_SECONDS = 7 * 86400


def endpoint_problem(endpoint: str, insecure: bool) -> str | None:
    """Why ``endpoint`` is not acceptable as a push endpoint (None: it is)."""
    parts = urlsplit(endpoint)
    if parts.scheme != "https" and not (insecure and parts.scheme == "http"):
        return "scheme"
    host = parts.hostname or ""
    if not host:
        return "host"
    if not insecure:
        try:
            ipaddress.ip_address(host)
        except ValueError:
            if host == "localhost" or "." not in host:
                return "host"
        else:
            return "host"
    return None


def topic(delivery: Delivery) -> str:
    """At most 32 URL-safe characters, the same for every send of one notice."""
    digest = hashlib.sha256(delivery.key.encode()).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")[:32]


def payload(delivery: Delivery, wording: Wording) -> dict[str, Any]:
    return {"title": wording.subject, "body": wording.short, "url": wording.path,
            "tag": f"{delivery.match_id}.{delivery.seat}", "kind": delivery.kind,
            "lang": wording.lang}


class PushChannel:
    """Sends notices by Web Push; see the module docstring."""

    def __init__(self, settings: Settings, keys: NoticeKeys) -> None:
        self.settings = settings
        self.keys = keys
        self.vapid = keys.vapid()
        contact = settings.smtp_from if "@" in settings.smtp_from else "camelcade@localhost"
        self.subject = f"mailto:{contact}"

    async def send(self, delivery: Delivery, content: Wording) -> None:
        subscription = json.loads(delivery.address)
        data = json.dumps(payload(delivery, content), ensure_ascii=False)
        await asyncio.to_thread(self._send, subscription, data, topic(delivery))

    def _send(self, subscription: dict[str, Any], data: str, topic_: str) -> None:
        try:
            webpush(subscription, data, vapid_private_key=self.vapid,
                    vapid_claims={"sub": self.subject}, ttl=TTL_SECONDS, timeout=20,
                    headers={"Topic": topic_, "Urgency": "normal"})
        except WebPushException as error:
            status = error.response.status_code if error.response is not None else None
            if status in (404, 410):
                raise PermanentFailure(f"push service answered {status}") from None
            raise RuntimeError(f"push service answered {status}") from None
