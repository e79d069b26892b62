"""Quiet hours: a time of day, in the player's own time zone, when no notice reaches them.

A notice due in quiet hours is not dropped: the outbox holds it until they end, and then
decides afresh, so a "your turn" whose turn has passed meanwhile is not sent at all. The
hours are kept as minutes after local midnight with the zone's IANA name, not as UTC
times, so they follow the clock on the player's wall through daylight saving time.
"""

from __future__ import annotations

import datetime
import re
import zoneinfo
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sqlalchemy import Engine, select, update

from camelcade.core.words import t
from camelcade.server.models import profiles, seats
from camelcade.server.protocol import ErrorCode, ProtocolError

_TIME = re.compile(r"^([01]\d|2[0-3]):([0-5]\d)$")


@dataclass(frozen=True)
class QuietHours:
    start: int
    """Minutes after local midnight when they begin."""
    end: int
    """Minutes after local midnight when they end (before ``start``: the next day)."""
    zone: str
    """The IANA time zone the times are in ("Europe/Berlin")."""

    def ends_after(self, now: float) -> float | None:
        """When the quiet hours ``now`` falls in end (Unix seconds); None outside them."""
        tz = _zone(self.zone)
        local = datetime.datetime.fromtimestamp(now, tz)
        minute = local.hour * 60 + local.minute
        inside = (self.start <= minute < self.end if self.start < self.end
                  else minute >= self.start or minute < self.end)
        if not inside:
            return None
        day = local.date() if minute < self.end else local.date() + datetime.timedelta(days=1)
        end = datetime.datetime.combine(day, datetime.time(self.end // 60, self.end % 60),
                                        tzinfo=tz)
        return end.timestamp()

    def to_json(self) -> dict[str, str]:
        return {"start": clock_text(self.start), "end": clock_text(self.end),
                "zone": self.zone}


def clock_text(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


@lru_cache(maxsize=64)
def _zone(name: str) -> zoneinfo.ZoneInfo:
    return zoneinfo.ZoneInfo(name)


def _minutes(text: str, field: str) -> int:
    found = _TIME.match(text)
    if found is None:
        raise ProtocolError(ErrorCode.MESSAGE_MALFORMED, t(
            "{field} must be a time of day as HH:MM, from 00:00 to 23:59; got {text}.",
            field=field, text=text[:20]))
    return int(found.group(1)) * 60 + int(found.group(2))


def parse(start: str, end: str, zone: str) -> QuietHours:
    """Quiet hours from what a page sent, or a ``ProtocolError`` saying what is allowed."""
    first, last = _minutes(start, "start"), _minutes(end, "end")
    if first == last:
        raise ProtocolError(ErrorCode.MESSAGE_MALFORMED, t(
            "Quiet hours need an end other than their start."))
    if zone not in zoneinfo.available_timezones():
        raise ProtocolError(ErrorCode.MESSAGE_MALFORMED, t(
            "{zone} is not a time zone this server knows; send an IANA name such as "
            "Europe/Berlin.", zone=zone[:64]))
    return QuietHours(first, last, zone)


def from_row(row: Any) -> QuietHours | None:
    if row is None or row.quiet_start is None or row.quiet_end is None or not row.time_zone:
        return None
    return QuietHours(int(row.quiet_start), int(row.quiet_end), str(row.time_zone))


def quiet_of(engine: Engine, profile_id: str) -> QuietHours | None:
    with engine.connect() as conn:
        return from_row(conn.execute(select(profiles.c.quiet_start, profiles.c.quiet_end,
                                       profiles.c.time_zone)
                                .where(profiles.c.id == profile_id)).first())


def set_quiet(engine: Engine, profile_id: str, hours: QuietHours | None) -> None:
    """Keep ``hours`` for the profile (None: no quiet hours)."""
    values = ({"quiet_start": None, "quiet_end": None, "time_zone": None} if hours is None
              else {"quiet_start": hours.start, "quiet_end": hours.end,
                    "time_zone": hours.zone})
    with engine.begin() as conn:
        conn.execute(update(profiles).where(profiles.c.id == profile_id).values(**values))


def quiet_until(engine: Engine, match_id: str, seat: int, now: float) -> float | None:
    """When the quiet hours of the profile holding ``seat`` end, if ``now`` is in them."""
    with engine.connect() as conn:
        row = conn.execute(
            select(profiles.c.quiet_start, profiles.c.quiet_end, profiles.c.time_zone)
            .join(seats, seats.c.profile_id == profiles.c.id)
            .where((seats.c.match_id == match_id) & (seats.c.seat == seat))).first()
    hours = from_row(row)
    return None if hours is None else hours.ends_after(now)


def profile_quiet_until(engine: Engine, profile_id: str, now: float) -> float | None:
    """When the profile's quiet hours end, if ``now`` is in them (an invitation's notice,
    whose seat the profile does not hold yet)."""
    hours = quiet_of(engine, profile_id)
    return None if hours is None else hours.ends_after(now)
