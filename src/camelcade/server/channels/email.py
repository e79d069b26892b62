"""The e-mail channel: one short mail per notice through the host's SMTP server.

Sent with ``aiosmtplib`` on the event loop (no thread). A failure raises and the outbox
retries with backoff; the address is the channel row's alone and never appears in a log
line or a stored error (``logs.redact``). Each mail carries ``List-Unsubscribe`` with a
signed one-click link (RFC 8058: a POST to it unsubscribes; a GET shows a page asking),
and a ``Message-ID`` made from the notice's key, so a mail sent twice (the process killed
between the server's acceptance and the row being marked) is one mail to the reader.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
from email.header import Header
from email.quoprimime import body_encode
from email.utils import formatdate

import aiosmtplib

from camelcade.server.channels.keys import NoticeKeys
from camelcade.server.channels.wording import Wording
from camelcade.server.outbox import Delivery
from camelcade.server.settings import Settings

UNSUBSCRIBE = "unsubscribe"
"""The signing purpose of unsubscribe links."""
CONNECTIONS = 4
"""SMTP connections kept open at most: mail after mail goes over them, without a new
connection, greeting and goodbye each (the SMTP server may still close them; a closed one
is opened again)."""


def unsubscribe_url(settings: Settings, keys: NoticeKeys, channel_id: str) -> str:
    return f"{settings.public_url.rstrip('/')}/unsubscribe/{keys.token(UNSUBSCRIBE, channel_id)}"


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _header_text(text: str) -> str:
    """A header's text on one line, encoded (RFC 2047) unless it is ASCII."""
    line = _one_line(text)
    return line if line.isascii() else Header(line, "utf-8", maxlinelen=10_000).encode()


def message_for(settings: Settings, keys: NoticeKeys, delivery: Delivery,
                wording: Wording) -> bytes:
    """The mail as sent, written out here rather than by ``email.message``: its header
    classes parse and fold every header, which was a third of a notice's CPU, and folding
    leaves a space in ``List-Unsubscribe``. Nothing in it comes from a player but the
    address, checked to be one line of an address (``web.mailbox``); every header is put
    on one line, and the subject encoded (RFC 2047) whatever its language."""
    link = unsubscribe_url(settings, keys, delivery.channel_id)
    body = "\n\n".join([*wording.lines, wording.unsubscribe_line(link)]) + "\n"
    digest = hashlib.sha256(delivery.key.encode()).hexdigest()[:32]
    domain = settings.smtp_from.rpartition("@")[2] or "camelcade.invalid"
    headers = [
        ("From", _one_line(settings.smtp_from)), ("To", _one_line(delivery.address)),
        ("Subject", _header_text(wording.subject)),
        ("Date", formatdate(localtime=False, usegmt=True)),
        ("Message-ID", f"<{digest}@{_one_line(domain)}>"),
        ("List-Unsubscribe", f"<{link}>"),
        ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
        ("Auto-Submitted", "auto-generated"), ("Content-Language", wording.lang),
        ("MIME-Version", "1.0"), ("Content-Type", 'text/plain; charset="utf-8"'),
        ("Content-Transfer-Encoding", "quoted-printable")]
    head = "".join(f"{name}: {value}\r\n" for name, value in headers)
    raw = body.replace("\n", "\r\n").encode("utf-8").decode("latin-1")  # bytes, as QP wants
    text = body_encode(raw, maxlinelen=76, eol="\r\n")
    return (head + "\r\n" + text + "\r\n").encode("ascii")


class EmailChannel:
    """Sends notices as mail; see the module docstring."""

    def __init__(self, settings: Settings, keys: NoticeKeys) -> None:
        self.settings = settings
        self.keys = keys
        self._idle: list[aiosmtplib.SMTP] = []
        self._slots = asyncio.Semaphore(CONNECTIONS)

    async def _connect(self) -> aiosmtplib.SMTP:
        settings = self.settings
        smtp = aiosmtplib.SMTP(hostname=settings.smtp_host, port=settings.smtp_port,
                               start_tls=settings.smtp_starttls, timeout=20)
        await smtp.connect()
        if settings.smtp_user:
            await smtp.login(settings.smtp_user, settings.smtp_password)
        return smtp

    async def send(self, delivery: Delivery, content: Wording) -> None:
        data = message_for(self.settings, self.keys, delivery, content)
        sender, recipients = self.settings.smtp_from, [delivery.address]
        async with self._slots:
            smtp = self._idle.pop() if self._idle else None
            if smtp is not None and not smtp.is_connected:
                smtp = None
            try:
                if smtp is not None:
                    try:
                        await smtp.sendmail(sender, recipients, data)
                    except aiosmtplib.SMTPServerDisconnected:
                        smtp = None  # it closed an idle connection: once more, afresh
                if smtp is None:
                    smtp = await self._connect()
                    await smtp.sendmail(sender, recipients, data)
            except BaseException:
                if smtp is not None:
                    with contextlib.suppress(Exception):
                        smtp.close()
                raise
            self._idle.append(smtp)

    async def close(self) -> None:
        while self._idle:
            smtp = self._idle.pop()
            with contextlib.suppress(Exception):
                await smtp.quit()
