"""The e-mail channel: one short mail per notice through the host's SMTP server.

Sent with ``aiosmtplib`` on the event loop (no thread). A failure raises and the outbox
retries with backoff; the address is the channel row's alone and never appears in a log
line or a stored error (``logs.redact``). Each mail carries ``List-Unsubscribe`` with a
signed one-click link (RFC 8058: a POST to it unsubscribes; a GET shows a page asking),
and a ``Message-ID`` made from the notice's key, so a mail sent twice (the process killed
between the server's acceptance and the row being marked) is one mail to the reader.
"""

from __future__ import annotations

import hashlib
from email.message import EmailMessage

import aiosmtplib

from camelcade.server.channels.keys import NoticeKeys
from camelcade.server.channels.wording import Wording
from camelcade.server.outbox import Delivery
from camelcade.server.settings import Settings

UNSUBSCRIBE = "unsubscribe"
"""The signing purpose of unsubscribe links."""


def unsubscribe_url(settings: Settings, keys: NoticeKeys, channel_id: str) -> str:
    return f"{settings.public_url.rstrip('/')}/unsubscribe/{keys.token(UNSUBSCRIBE, channel_id)}"


def message_for(settings: Settings, keys: NoticeKeys, delivery: Delivery,
                wording: Wording) -> EmailMessage:
    message = EmailMessage()
    message["From"] = settings.smtp_from
    message["To"] = delivery.address
    message["Subject"] = wording.subject
    digest = hashlib.sha256(delivery.key.encode()).hexdigest()[:32]
    domain = settings.smtp_from.rpartition("@")[2] or "camelcade.invalid"
    message["Message-ID"] = f"<{digest}@{domain}>"
    link = unsubscribe_url(settings, keys, delivery.channel_id)
    message["List-Unsubscribe"] = f"<{link}>"
    message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    message["Auto-Submitted"] = "auto-generated"
    message.set_content("\n\n".join([*wording.lines, wording.unsubscribe_line(link)]) + "\n")
    message["Content-Language"] = wording.lang  # after set_content, which drops Content-*
    return message


class EmailChannel:
    """Sends notices as mail; see the module docstring."""

    def __init__(self, settings: Settings, keys: NoticeKeys) -> None:
        self.settings = settings
        self.keys = keys

    async def send(self, delivery: Delivery, content: Wording) -> None:
        settings = self.settings
        await aiosmtplib.send(
            message_for(settings, self.keys, delivery, content),
            hostname=settings.smtp_host, port=settings.smtp_port,
            username=settings.smtp_user or None, password=settings.smtp_password or None,
            start_tls=settings.smtp_starttls, timeout=20)
