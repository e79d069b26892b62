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
import threading
import time
from typing import Any
from urllib.parse import urlsplit

import requests
from pywebpush import WebPusher

from camelcade.server.channels.keys import NoticeKeys
from camelcade.server.channels.wording import Wording
from camelcade.server.outbox import Delivery, PermanentFailure
from camelcade.server.settings import Settings

MAX_SUBSCRIPTION_CHARS = 2000
TTL_SECONDS = 7 * 86400
VAPID_HOURS = 12
"""A VAPID signature is valid this long (the push services accept at most 24 hours); one
is made per push service and reused until an hour before it expires, not made per push."""


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
        self._signed: dict[str, tuple[float, dict[str, str]]] = {}
        self._lock = threading.Lock()
        self._local = threading.local()
        """Each sending thread's ``requests`` session: a push service's connection is kept."""

    async def send(self, delivery: Delivery, content: Wording) -> None:
        subscription = json.loads(delivery.address)
        data = json.dumps(payload(delivery, content), ensure_ascii=False)
        await asyncio.to_thread(self._send, subscription, data, topic(delivery))

    def vapid_headers(self, endpoint: str) -> dict[str, str]:
        """The ``Authorization`` header for the push service of ``endpoint`` (RFC 8292)."""
        parts = urlsplit(endpoint)
        audience = f"{parts.scheme}://{parts.netloc}"
        now = time.time()
        with self._lock:
            found = self._signed.get(audience)
            if found is None or found[0] < now + 3600:
                expires = int(now) + VAPID_HOURS * 3600
                headers = self.vapid.sign({"sub": self.subject, "aud": audience,
                                           "exp": expires})
                found = (float(expires), {k: str(v) for k, v in headers.items()})
                self._signed[audience] = found
            return dict(found[1])

    def _session(self) -> requests.Session:
        session: requests.Session | None = getattr(self._local, "session", None)
        if session is None:
            session = self._local.session = requests.Session()
        return session

    def _send(self, subscription: dict[str, Any], data: str, topic_: str) -> None:
        headers = {**self.vapid_headers(subscription["endpoint"]), "Topic": topic_,
                   "Urgency": "normal"}
        response = WebPusher(subscription, requests_session=self._session()).send(
            data, headers, ttl=TTL_SECONDS, content_encoding="aes128gcm", timeout=20)
        status = response.status_code
        if status in (404, 410):
            raise PermanentFailure(f"push service answered {status}")
        if status > 202:
            raise RuntimeError(f"push service answered {status}")
