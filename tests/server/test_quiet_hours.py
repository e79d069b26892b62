"""Quiet hours: no notice reaches a player in them; one due meanwhile waits for their end.

The window is reckoned in the player's own time zone, across midnight and through a change
to daylight saving time; the end to end test holds a real "your turn" mail (aiosmtpd) in
the outbox while the hours last and sends it once they are over.
"""

from __future__ import annotations

import datetime
import time
import zoneinfo
from pathlib import Path

import pytest
from sqlalchemy import select, update

from camelcade.server.accounts import db as accounts_db
from camelcade.server.accounts import quiet
from camelcade.server.models import outbox, seats
from camelcade.server.outbox import counts
from camelcade.server.protocol import ProtocolError
from tests.server.test_outbox import _started, _subscribe, mail_server

BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")


def _at(text: str) -> float:
    """Unix seconds of a Berlin wall-clock time "2026-03-28 23:00"."""
    return datetime.datetime.fromisoformat(text).replace(tzinfo=BERLIN).timestamp()


def test_a_window_within_one_day_holds_until_its_end() -> None:
    hours = quiet.parse("13:00", "15:30", "Europe/Berlin")
    assert hours.ends_after(_at("2026-06-01 14:00")) == _at("2026-06-01 15:30")
    assert hours.ends_after(_at("2026-06-01 15:30")) is None  # the end itself is not quiet
    assert hours.ends_after(_at("2026-06-01 12:59")) is None


def test_a_window_across_midnight_ends_the_next_morning() -> None:
    hours = quiet.parse("22:00", "07:00", "Europe/Berlin")
    assert hours.ends_after(_at("2026-06-01 23:10")) == _at("2026-06-02 07:00")
    assert hours.ends_after(_at("2026-06-02 03:00")) == _at("2026-06-02 07:00")
    assert hours.ends_after(_at("2026-06-02 12:00")) is None


def test_the_hours_follow_the_wall_clock_through_daylight_saving_time() -> None:
    """Clocks in Berlin went from 02:00 to 03:00 on 2026-03-29: a night from 22:00 to 08:00
    was nine hours of real time, not ten."""
    hours = quiet.parse("22:00", "08:00", "Europe/Berlin")
    now = _at("2026-03-28 22:00")
    end = hours.ends_after(now)
    assert end == _at("2026-03-29 08:00")
    assert end is not None and end - now == 9 * 3600


@pytest.mark.parametrize(("start", "end", "zone", "named"), [
    ("25:00", "07:00", "UTC", "start must be a time of day as HH:MM"),
    ("22:00", "7", "UTC", "end must be a time of day as HH:MM"),
    ("22:00", "22:00", "UTC", "an end other than their start"),
    ("22:00", "07:00", "Mars/Olympus", "Mars/Olympus is not a time zone"),
])
def test_bad_hours_are_refused_saying_what_is_allowed(start: str, end: str, zone: str,
                                                      named: str) -> None:
    with pytest.raises(ProtocolError, match=named):
        quiet.parse(start, end, zone)


def test_a_notice_in_quiet_hours_waits_for_their_end_and_then_goes_once(
        tmp_path: Path) -> None:
    with mail_server(tmp_path) as (inbox, server, api):
        match_id, tokens, client, state = _started(server, api)
        other = 1 - state["current_player"]
        _subscribe(api, match_id, tokens[other], email="north@example.org")
        engine = server.app.state.services.store.engine
        profile, _token = accounts_db.new_guest(engine, "North", "en", time.time())
        now_utc = datetime.datetime.now(datetime.UTC)
        start = (now_utc - datetime.timedelta(hours=1)).strftime("%H:%M")
        end = (now_utc + datetime.timedelta(hours=2)).strftime("%H:%M")
        quiet.set_quiet(engine, profile.id, quiet.parse(start, end, "UTC"))
        with engine.begin() as conn:
            conn.execute(update(seats).where((seats.c.match_id == match_id)
                                             & (seats.c.seat == other))
                         .values(profile_id=profile.id))

        client.act(state["legal_actions"][0]["action"])
        deadline = time.monotonic() + 10
        held = None
        while time.monotonic() < deadline:
            with engine.connect() as conn:
                held = conn.execute(select(outbox.c.status, outbox.c.due_at,
                                           outbox.c.attempts)).first()
            if held is not None and held.due_at > time.time() + 60:
                break
            time.sleep(0.05)
        assert held is not None and held.status == "pending" and held.attempts == 0
        assert held.due_at == pytest.approx(time.time() + 2 * 3600, abs=120)
        time.sleep(0.6)  # three polls of the outbox: nothing is sent meanwhile
        assert inbox.messages == []

        # the hours end (turned off, and the row due now, as it would be at their end)
        quiet.set_quiet(engine, profile.id, None)
        with engine.begin() as conn:
            conn.execute(update(outbox).values(due_at=time.time()))
        server.app.state.services.notices.wake()
        deadline = time.monotonic() + 10
        while not inbox.messages and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.5)
        assert len(inbox.messages) == 1
        assert counts(engine) == {"sent": 1}
        client.close()


def test_the_account_api_sets_reads_and_clears_quiet_hours_and_download_names_them(
        tmp_path: Path) -> None:
    with mail_server(tmp_path) as (_inbox, _server, api):
        page = api.http.get("/account")
        assert page.status_code == 200 and 'id="quiet-form"' in page.text
        csrf = {"X-CSRF-Token": api.http.get("/api/me").json()["csrf"]}
        assert api.http.get("/api/me/quiet-hours").json() == {
            "start": None, "end": None, "zone": None}
        bad = api.http.put("/api/me/quiet-hours", headers=csrf,
                           json={"start": "22:00", "end": "22:00", "zone": "UTC"})
        assert bad.status_code == 422 and "an end other than their start" in bad.text
        forged = api.http.put("/api/me/quiet-hours",
                              json={"start": "22:00", "end": "07:00", "zone": "UTC"})
        assert forged.status_code == 403
        assert api.http.get("/api/me/quiet-hours").json()["start"] is None  # nothing changed
        made = api.http.put("/api/me/quiet-hours", headers=csrf,
                            json={"start": "22:00", "end": "07:00", "zone": "Europe/Oslo"})
        assert made.status_code == 200, made.text
        assert api.http.get("/api/me/quiet-hours").json() == {
            "start": "22:00", "end": "07:00", "zone": "Europe/Oslo"}
        data = api.http.get("/api/me/data").json()
        assert data["profile"]["quiet_hours"] == {
            "start": "22:00", "end": "07:00", "zone": "Europe/Oslo"}
        off = api.http.delete("/api/me/quiet-hours", headers=csrf)
        assert off.status_code == 200 and off.json()["start"] is None
        assert "/api/me/quiet-hours" in api.http.get("/openapi.json").json()["paths"]


def test_an_invitation_waits_for_the_invitees_quiet_hours(tmp_path: Path) -> None:
    """An invitation's notice goes to a profile that holds no seat yet: its quiet hours are
    read from the profile itself."""
    from camelcade.server.db import make_engine, migrate
    from camelcade.server.settings import Settings

    engine = make_engine(Settings(database_url=f"sqlite:///{tmp_path / 'q.db'}"))
    migrate(engine)
    profile, _token = accounts_db.new_guest(engine, "Ann", "en", time.time())
    now = time.time()
    assert quiet.profile_quiet_until(engine, profile.id, now) is None
    utc = datetime.datetime.fromtimestamp(now, datetime.UTC)
    start = (utc - datetime.timedelta(hours=1)).strftime("%H:%M")
    end = (utc + datetime.timedelta(hours=1)).strftime("%H:%M")
    quiet.set_quiet(engine, profile.id, quiet.parse(start, end, "UTC"))
    until = quiet.profile_quiet_until(engine, profile.id, now)
    assert until is not None and 3000 < until - now <= 3600
    engine.dispose()
