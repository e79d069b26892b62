"""The sign-in mail, sent through the operator's SMTP server with aiosmtplib.

Sending runs as a task of its own: the request that asked for the link answers at once,
in the same time whether the address is known or not, and a slow mail server holds up
nobody. The link carries its token after ``#``: a fragment never reaches a server, so
no access log, proxy or mail scanner's fetch sees or uses it; the account page reads it
and posts it. Only the address is a header (a display name never is), and Python's
``EmailMessage`` refuses a header holding a line break besides.
"""

from __future__ import annotations

import asyncio
import logging
from email.message import EmailMessage
from typing import Any

import aiosmtplib

from camelcade.core.words import language, t
from camelcade.server.accounts.db import LINK_SECONDS
from camelcade.server.settings import Settings

log = logging.getLogger(__name__)


def sign_in_message(settings: Settings, base: str, address: str, token: str,
                    lang: str) -> EmailMessage:
    link = f"{base.rstrip('/')}/account?lang={lang}#signin={token}"
    message = EmailMessage()
    message["From"] = settings.smtp_from
    message["To"] = address
    with language(lang):
        message["Subject"] = t("Your sign-in link for camelcade")
        message.set_content("\n\n".join([
            t("Open this link to sign in to camelcade in your browser:"),
            link,
            t("It works once, for {minutes} minutes. If you did not ask for it, ignore this "
              "mail: nothing changes.", minutes=int(LINK_SECONDS // 60)),
        ]) + "\n")
    message["Content-Language"] = lang
    return message


class SignInMailer:
    """Sends sign-in mails in the background and counts them."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.sent = 0
        self.failed = 0
        self._tasks: set[asyncio.Task[Any]] = set()

    @property
    def enabled(self) -> bool:
        return bool(self.settings.smtp_host)

    def send_soon(self, message: EmailMessage) -> None:
        task = asyncio.get_running_loop().create_task(self._send(message))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _send(self, message: EmailMessage) -> None:
        settings = self.settings
        try:
            await aiosmtplib.send(
                message, hostname=settings.smtp_host, port=settings.smtp_port,
                username=settings.smtp_user or None, password=settings.smtp_password or None,
                start_tls=settings.smtp_starttls, timeout=20)
            self.sent += 1
        except (OSError, aiosmtplib.SMTPException) as error:
            self.failed += 1
            # Never the address or the link: only that a mail failed, and the server's why.
            log.warning("a sign-in e-mail failed: %s", type(error).__name__)
