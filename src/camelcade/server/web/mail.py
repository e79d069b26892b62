"""Optional "your turn" e-mails for correspondence play, through the operator's SMTP server.

A seat's holder leaves an address for one match (``POST /api/web/matches/{id}/email``
with the seat's token); when the turn passes to that seat while no connection of it is
open, one short message is sent, once per turn. Sending runs in a worker thread so a
slow mail server never holds up a match. Addresses are kept in this process's memory
only: they are never stored in the database or shown to anyone, and a restart forgets
them (the page asks again). Each mail is worded in the seat's language: the one it joined
with, or last connected or subscribed with (``seats.lang``; English for older rows).
"""

from __future__ import annotations

import asyncio
import logging
import re
import smtplib
from email.message import EmailMessage
from typing import Any

from camelcade.core.words import SOURCE_LANGUAGE, language, t
from camelcade.server.protocol import ErrorCode, ProtocolError
from camelcade.server.runtime import LiveMatch
from camelcade.server.settings import Settings
from camelcade.server.web.answers import seat_names

log = logging.getLogger(__name__)
ADDRESS = re.compile(r"[^@\s<>,;]{1,64}@[^@\s<>,;]{1,190}\.[A-Za-z]{2,24}")
MAX_ADDRESSES = 10_000


class TurnMailer:
    """Remembers who wants mail and sends it when their turn comes."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.addresses: dict[tuple[str, int], str] = {}
        self.notified: dict[tuple[str, int], int] = {}
        """The state_id whose turn was last mailed, so each turn is mailed once."""
        self._tasks: set[asyncio.Future[Any]] = set()
        self.sent = 0

    @property
    def enabled(self) -> bool:
        return bool(self.settings.smtp_host)

    def subscribe(self, match_id: str, seat: int, address: str | None) -> None:
        """Mail ``address`` on this seat's turns (None or "" stops the mail)."""
        key = (match_id, seat)
        if not address:
            self.addresses.pop(key, None)
            return
        if not self.enabled:
            raise ProtocolError(ErrorCode.ACTION_ILLEGAL, t(
                "This server sends no e-mail (its operator set no SMTP server)."))
        if not ADDRESS.fullmatch(address):
            raise ProtocolError(ErrorCode.MESSAGE_MALFORMED, t(
                "This is not an e-mail address; write it as name@example.org."))
        if key not in self.addresses and len(self.addresses) >= MAX_ADDRESSES:
            raise ProtocolError(ErrorCode.SERVER_BUSY,
                                t("There are too many e-mail subscriptions."))
        self.addresses[key] = address

    def changed(self, match: LiveMatch) -> None:
        """After every change: mail the seat to move if it asked and is away."""
        if not self.addresses or match.status != "running":
            return
        mover = match.state.current_player
        key = (match.id, mover)
        address = self.addresses.get(key)
        if address is None or self.notified.get(key) == match.state_id:
            return
        if any(c.seat == mover for c in match.connections):
            return
        self.notified[key] = match.state_id
        message = self._message(match, mover, address)
        future = asyncio.get_running_loop().run_in_executor(None, self._send, message)
        self._tasks.add(future)
        future.add_done_callback(self._tasks.discard)

    def _message(self, match: LiveMatch, seat: int, address: str) -> EmailMessage:
        row = match.seat_row(seat)
        lang = (row.lang if row is not None else None) or SOURCE_LANGUAGE
        link = f"{self.settings.public_url.rstrip('/')}/match/{match.id}?lang={lang}"
        message = EmailMessage()
        message["From"] = self.settings.smtp_from
        message["To"] = address
        with language(lang):
            name, title = seat_names(match.game, match.names)[seat], match.game.title
            message["Subject"] = t("Your turn in {game} ({seat})", game=title, seat=name)
            message.set_content("\n\n".join([
                t("It is your turn as {seat} in {game}.", seat=name, game=title),
                match.state.describe(seat),
                t("Play on: {link}", link=link),
                t("(Open it in the browser that holds your seat.)"),
            ]) + "\n")
        message["Content-Language"] = lang  # after set_content, which drops Content-*
        return message

    def _send(self, message: EmailMessage) -> None:
        settings = self.settings
        try:
            with smtplib.SMTP(settings.smtp_host, settings.smtp_port, timeout=20) as smtp:
                if settings.smtp_starttls:
                    smtp.starttls()
                if settings.smtp_user:
                    smtp.login(settings.smtp_user, settings.smtp_password)
                smtp.send_message(message)
            self.sent += 1
        except (OSError, smtplib.SMTPException) as error:
            log.warning("your-turn e-mail to %s failed: %s", message["To"], error)
