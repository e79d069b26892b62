"""What a notice says, in the seat's language: the subject, the lines of a mail, the short
text of a push notification, and the match's address."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass

from camelcade.core.words import SOURCE_LANGUAGE, language, t, tn
from camelcade.server.outbox import CLOCK, OVER, Delivery
from camelcade.server.runtime import LiveMatch
from camelcade.server.web.answers import result_text, seat_names


@dataclass(frozen=True)
class Wording:
    lang: str
    subject: str
    short: str
    """The push notification's body: one sentence."""
    lines: list[str]
    """The mail's paragraphs (the link among them)."""
    path: str
    """The match page's path (the push opens it on this origin)."""
    unsubscribe: str
    """The mail's last line, with ``{link}`` for the unsubscribe address."""

    def unsubscribe_line(self, link: str) -> str:
        return self.unsubscribe.replace("{link}", link)


def seat_language(match: LiveMatch, seat: int) -> str:
    row = match.seat_row(seat)
    return (row.lang if row is not None else None) or SOURCE_LANGUAGE


def word(match: LiveMatch, delivery: Delivery, public_url: str) -> Wording:
    """The notice ``delivery`` carries, worded for its seat (see the module docstring)."""
    seat = delivery.seat
    lang = seat_language(match, seat)
    path = f"/match/{match.id}?lang={lang}"
    link = f"{public_url.rstrip('/')}{path}"
    with language(lang):
        name, title = seat_names(match.game)[seat], match.game.title
        if delivery.kind == OVER:
            subject = t("{game} is over ({seat})", game=title, seat=name)
            short = result_text(match)
            lines = [short, t("See the match and its replay: {link}", link=link)]
        elif delivery.kind == CLOCK:
            left = max(0.0, (match.row.turn_deadline or time.time()) - time.time())
            minutes = max(1, math.ceil(left / 60))
            subject = t("Your time runs out in {game} ({seat})", game=title, seat=name)
            short = tn("Your turn as {seat} in {game} ends in {count} minute.",
                       "Your turn as {seat} in {game} ends in {count} minutes.", minutes,
                       seat=name, game=title)
            lines = [short, t("Play on: {link}", link=link)]
        else:
            subject = t("Your turn in {game} ({seat})", game=title, seat=name)
            short = t("It is your turn as {seat} in {game}.", seat=name, game=title)
            lines = [short, match.state.describe(seat), t("Play on: {link}", link=link),
                     t("(Open it in the browser that holds your seat.)")]
        unsubscribe = t("No more notices for this seat: {link}", link="{link}")
    return Wording(lang=lang, subject=subject, short=short, lines=lines, path=path,
                   unsubscribe=unsubscribe)


def word_invitation(match: LiveMatch, public_url: str, inviter: str, lang: str) -> Wording:
    """A "you were invited" notice, in the invitee's profile's language: it links to My
    games, where the invitation is answered (the invitee's seat token is not made yet)."""
    path = f"/my?lang={lang}"
    link = f"{public_url.rstrip('/')}{path}"
    with language(lang):
        title = match.game.title
        # No display name in a header (docs/accounts.md): the inviter is named in the body.
        subject = t("An invitation to play {game}", game=title)
        short = t("{name} invites you to a match of {game}.", name=inviter, game=title)
        lines: list[str] = [short, t("Accept or decline it in My games: {link}", link=link),
                            t("(Sign in there with this address.)")]
        unsubscribe = t("No more notices of this invitation: {link}", link="{link}")
    return Wording(lang=lang, subject=subject, short=short, lines=lines, path=path,
                   unsubscribe=unsubscribe)
