"""Vacations: a profile's correspondence clocks wait while it is away.

A vacation lasts whole days, at most what is left of the host's yearly allowance
(``vacation_days_per_year``, counted per calendar year in UTC). Starting one marks the
profile's seats in open and running correspondence matches ``away_until`` its end and
moves on by its length the deadline of each such seat whose turn it is
(``MatchManager.pause_clock``); a turn that begins meanwhile counts from the vacation's end
(``clocks.deadline``). Ending it early gives back the days not begun and moves those
deadlines back by the time left.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, select, update

from camelcade.core.words import t, tn
from camelcade.server import clocks
from camelcade.server.accounts import db
from camelcade.server.models import matches, profiles, seats
from camelcade.server.protocol import ErrorCode, ProtocolError


@dataclass(frozen=True)
class Vacation:
    away_until: float | None
    """The current vacation's end; None when not away."""
    days_left: int
    """Days still allowed this year."""
    days_per_year: int


@dataclass(frozen=True)
class Change:
    """A vacation begun or ended: the matches whose clocks move and by how much."""

    vacation: Vacation
    match_ids: list[str]
    shift: float
    """Seconds each of those matches' waiting deadlines moves (negative: back)."""


def _state(row: Any, now: float, allowed: int) -> Vacation:
    away = row.away_until if row.away_until is not None and row.away_until > now else None
    return Vacation(away, clocks.vacation_days_left(now, allowed, row.vacation_year,
                                                    row.vacation_days), allowed)


def vacation_of(engine: Engine, profile_id: str, now: float, allowed: int) -> Vacation:
    with engine.connect() as conn:
        row = db.profile_row(conn, profile_id)
    return _state(row, now, allowed)


def _mark_seats(conn: Any, profile_id: str, away_until: float | None) -> list[str]:
    """Mark the profile's seats in unfinished correspondence matches; their match ids."""
    ids = [str(r.match_id) for r in conn.execute(
        select(seats.c.match_id).join(matches, matches.c.id == seats.c.match_id).where(
            (seats.c.profile_id == profile_id) & (matches.c.clock == clocks.CORRESPONDENCE)
            & matches.c.status.in_(("open", "running"))))]
    if ids:
        conn.execute(update(seats).where((seats.c.profile_id == profile_id)
                                         & seats.c.match_id.in_(ids))
                     .values(away_until=away_until))
    return ids


def begin(engine: Engine, profile_id: str, days: int, now: float, allowed: int) -> Change:
    """Begin a vacation of ``days`` days now, or refuse it saying what is allowed."""
    with engine.begin() as conn:
        row = db.profile_row(conn, profile_id, lock=True)
        state = _state(row, now, allowed)
        if state.away_until is not None:
            raise ProtocolError(ErrorCode.MESSAGE_MALFORMED, t(
                "You are already on vacation; end it before you take another."))
        if days > state.days_left:
            raise ProtocolError(ErrorCode.MESSAGE_MALFORMED, tn(
                "You have {left} day of vacation left this year; {days} were asked for.",
                "You have {left} days of vacation left this year; {days} were asked for.",
                state.days_left, left=state.days_left, days=days))
        until = now + days * clocks.DAY
        year = clocks.year_of(now)
        used = (row.vacation_days if row.vacation_year == year else 0) + days
        conn.execute(update(profiles).where(profiles.c.id == profile_id).values(
            away_from=now, away_until=until, vacation_year=year, vacation_days=used))
        ids = _mark_seats(conn, profile_id, until)
    return Change(Vacation(until, max(0, allowed - used), allowed), ids, until - now)


def end(engine: Engine, profile_id: str, now: float, allowed: int) -> Change:
    """End the current vacation now: days not begun are given back."""
    with engine.begin() as conn:
        row = db.profile_row(conn, profile_id, lock=True)
        state = _state(row, now, allowed)
        if state.away_until is None:
            raise ProtocolError(ErrorCode.MESSAGE_MALFORMED, t("You are not on vacation."))
        taken = round((row.away_until - row.away_from) / clocks.DAY)
        unused = max(0, taken - clocks.days_spent(row.away_from, now))
        used = max(0, row.vacation_days - unused)
        conn.execute(update(profiles).where(profiles.c.id == profile_id).values(
            away_from=None, away_until=None, vacation_days=used))
        ids = _mark_seats(conn, profile_id, None)
    return Change(Vacation(None, max(0, allowed - used), allowed), ids,
                  -(state.away_until - now))
