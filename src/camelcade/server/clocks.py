"""Turn clocks: live (seconds to an hour a turn) or correspondence (hours to 14 days a move).

Pure arithmetic, no database and no event loop, so every rule here is tested with plain
numbers for ``now`` (no sleeps, no fake clock to patch).

The time bank, exactly. A correspondence match may give each seat a bank of
``bank_seconds`` (its cap). When it becomes a seat's turn its deadline is
``now + per_move + bank_left``. When the seat moves, what remained before the deadline
becomes its bank, never above the cap: ``bank_left = min(cap, max(0, deadline - now))``.
So a slow move spends the bank (taking ``per_move + x`` leaves ``bank - x``), a fast move
earns back what it did not use of ``per_move``, but no move refills the bank beyond its cap.
A timeout empties the bank. A vacation moves the deadline on by its length, so its days
spend neither ``per_move`` nor the bank.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

LIVE = "live"
CORRESPONDENCE = "correspondence"
KINDS = (LIVE, CORRESPONDENCE)

HOUR = 3600.0
DAY = 86400.0
LIVE_MIN_SECONDS = 1.0
LIVE_MAX_SECONDS = HOUR
CORRESPONDENCE_MIN_SECONDS = HOUR
CORRESPONDENCE_MAX_SECONDS = 14 * DAY
BANK_MAX_SECONDS = 14 * DAY
TAKEOVER_MAX = 20
"""The most timeouts a host may allow before a bot takes a seat for good."""

BOT = "bot"
PASS = "pass"
TAKEOVER = "takeover"
RULES = (BOT, PASS, TAKEOVER)


def kind_for(seconds: float) -> str:
    """The kind of a clock given without one: more than an hour a move is correspondence
    (the clients from before the two kinds sent only seconds)."""
    return CORRESPONDENCE if seconds > LIVE_MAX_SECONDS else LIVE


def bounds(kind: str) -> tuple[float, float]:
    """The seconds a move a clock of ``kind`` may give, inclusive."""
    if kind == CORRESPONDENCE:
        return CORRESPONDENCE_MIN_SECONDS, CORRESPONDENCE_MAX_SECONDS
    return LIVE_MIN_SECONDS, LIVE_MAX_SECONDS


def deadline(now: float, per_move: float, bank_left: float | None,
             away_until: float | None = None) -> float:
    """When the seat whose turn begins at ``now`` runs out of time: its time a move and
    what is left in its bank, counted from the end of its vacation if it is away."""
    start = now if away_until is None or away_until <= now else away_until
    return start + per_move + (bank_left or 0.0)


def bank_after_move(now: float, due: float | None, cap: float | None) -> float | None:
    """The bank left to a seat that moved at ``now`` before its deadline ``due``: what
    remained, at most the cap (None: the match has no bank)."""
    if cap is None or due is None:
        return None
    return min(cap, max(0.0, due - now))


@dataclass(frozen=True)
class Timeout:
    """What a timeout does to its seat under the host's rule."""

    bot_moves: bool
    """A bot chooses the move (else the seat plays ``pass``)."""
    take_over: bool
    """The bot keeps the seat from now on."""
    timeouts: int
    """The seat's timeouts in this match, this one included."""


def on_timeout(rule: str, pass_is_legal: bool, timeouts_before: int,
               takeover_after: int | None) -> Timeout:
    """Apply the host's rule to a seat whose time ran out.

    ``pass`` skips the turn where the game allows a pass now; where it does not, skipping
    would leave the position with nobody able to move, so the nearest sound rule applies:
    the match's timeout bot plays that one move. ``takeover`` lets the bot play each
    timed-out turn and, at the ``takeover_after``-th timeout of the seat, keep the seat.
    """
    count = timeouts_before + 1
    if rule == PASS and pass_is_legal:
        return Timeout(bot_moves=False, take_over=False, timeouts=count)
    take_over = rule == TAKEOVER and count >= (takeover_after or 1)
    return Timeout(bot_moves=True, take_over=take_over, timeouts=count)


def year_of(now: float) -> int:
    """The calendar year (UTC) a vacation's days count against."""
    return time.gmtime(now).tm_year


def vacation_days_left(now: float, allowed: int, used_year: int | None, used_days: int) -> int:
    """Days of vacation still allowed this year: the count starts again each 1 January."""
    if used_year != year_of(now):
        return allowed
    return max(0, allowed - used_days)


def days_spent(start: float, now: float) -> int:
    """Whole days a vacation ended early at ``now`` has spent (a begun day counts)."""
    spent = max(0.0, now - start)
    return int(-(-spent // DAY))
