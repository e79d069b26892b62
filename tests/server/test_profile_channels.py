"""Notices chosen per profile: set once, they reach every seat the profile holds.

A profile's channel (``profile_channels``) is copied to a seat's channels as a notice is
written, in the move's own transaction, on SQLite and PostgreSQL alike; a channel the seat
chose itself comes first; an unsubscribe link of a copy stops the profile's channel and
every copy; deleting the profile deletes its addresses everywhere.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from sqlalchemy import Engine, select, update

from camelcade.server.accounts import db as accounts_db
from camelcade.server.db import make_engine, migrate
from camelcade.server.models import notice_channels, outbox, profile_channels, seats
from camelcade.server.moves import Advance, MoveWriter
from camelcade.server.outbox import (
    EMAIL,
    PROFILE,
    PUSH,
    SEAT,
    TURN,
    Notice,
    delete_channel,
    set_channel,
    set_profile_channel,
)
from camelcade.server.settings import Settings
from camelcade.server.store import ActionRow, MatchRow, SeatRow, Store
from tests.server.test_outbox import _started, mail_server

PUSH_ADDRESS = '{"endpoint": "https://push.example/x", "keys": {}}'


def _store(url: str) -> Store:
    engine = make_engine(Settings(database_url=url))
    migrate(engine)
    return Store(engine, "camelcade", "test", inline_writes=True)


def _match(store: Store, match_id: str, profile_id: str) -> None:
    """A running two-seat match whose seat 1 the profile holds."""
    now = time.time()
    store.insert_match(MatchRow(
        id=match_id, game="toy", options={}, seed=1, status="running", state_id=0,
        auto_start=True, turn_seconds=None, on_timeout="bot", timeout_bot="random",
        created_at=now, updated_at=now), [
        SeatRow(seat=0, kind="human", token_hash=f"{match_id}a"),
        SeatRow(seat=1, kind="human", token_hash=f"{match_id}b", profile_id=profile_id)])


def _addresses(engine: Engine) -> list[tuple[str, int, str, str | None]]:
    with engine.connect() as conn:
        return sorted(tuple(row) for row in conn.execute(
            select(outbox.c.match_id, outbox.c.seat, notice_channels.c.address,
                   notice_channels.c.profile_id)
            .join(notice_channels, notice_channels.c.id == outbox.c.channel_id)))


def _kept_profile(engine: Engine) -> str:
    profile, _token = accounts_db.new_guest(engine, "Ann", "en", time.time())
    with engine.begin() as conn:
        conn.execute(update(accounts_db.profiles).where(accounts_db.profiles.c.id == profile.id)
                     .values(email="ann@example.org"))
    return profile.id


def _commit(store: Store, match_id: str, postgres: bool) -> None:
    move = Advance(match_id, 0, [ActionRow(idx=0, text="add 1", seat=0)], "running", None,
                   None, time.time(), notices=[Notice(1, TURN, time.time())])
    writer = MoveWriter(store)
    if postgres:
        async def run() -> list[bool | Exception]:
            try:
                return await writer._commit_batch_pg([move])
            finally:
                await writer.close()
        assert asyncio.run(run()) == [True]
    else:
        assert writer._commit_batch([move]) == [True]


def _every_seat_and_the_seats_own_first(url: str, postgres: bool) -> None:
    store = _store(url)
    engine = store.engine
    ann = _kept_profile(engine)
    set_profile_channel(engine, ann, EMAIL, "ann@example.org", time.time())
    set_profile_channel(engine, ann, PUSH, PUSH_ADDRESS, time.time())
    _match(store, "m1", ann)
    _match(store, "m2", ann)  # a seat taken later gets them too
    set_channel(engine, "m2", 1, EMAIL, "seat@example.org", time.time())  # its own address
    _commit(store, "m1", postgres)
    _commit(store, "m2", postgres)
    assert _addresses(engine) == [
        ("m1", 1, "ann@example.org", ann), ("m1", 1, PUSH_ADDRESS, ann),
        ("m2", 1, "seat@example.org", None), ("m2", 1, PUSH_ADDRESS, ann)]

    # an unsubscribe link of one copy stops the profile's mail everywhere, pushes stay
    with engine.connect() as conn:
        copy = conn.execute(select(notice_channels.c.id).where(
            (notice_channels.c.match_id == "m1") & (notice_channels.c.kind == EMAIL))).scalar()
        own = conn.execute(select(notice_channels.c.id).where(
            (notice_channels.c.match_id == "m2") & (notice_channels.c.kind == EMAIL))).scalar()
    assert delete_channel(engine, str(copy)) == PROFILE
    with engine.connect() as conn:
        assert conn.execute(select(profile_channels.c.kind)).scalars().all() == [PUSH]
    assert delete_channel(engine, str(own)) == SEAT
    assert delete_channel(engine, "no-such-channel") is None

    # deleting the profile deletes its addresses in every seat's copy
    accounts_db.delete_profile(engine, ann)
    with engine.connect() as conn:
        assert conn.execute(select(notice_channels.c.address)).all() == []
        assert conn.execute(select(profile_channels)).all() == []
    engine.dispose()


def test_a_profiles_channels_reach_every_seat_and_a_seats_own_comes_first_on_sqlite(
        tmp_path: Path) -> None:
    _every_seat_and_the_seats_own_first(f"sqlite:///{tmp_path / 'p.db'}", postgres=False)


def test_a_profiles_channels_reach_every_seat_and_a_seats_own_comes_first_on_postgresql(
        postgres_url: str) -> None:
    _every_seat_and_the_seats_own_first(postgres_url, postgres=True)


def test_a_guest_signing_in_brings_its_push_device_along(tmp_path: Path) -> None:
    store = _store(f"sqlite:///{tmp_path / 'merge.db'}")
    engine = store.engine
    ann = _kept_profile(engine)
    guest, _token = accounts_db.new_guest(engine, "Guest", "en", time.time())
    set_profile_channel(engine, ann, EMAIL, "ann@example.org", time.time())
    set_profile_channel(engine, guest.id, PUSH, PUSH_ADDRESS, time.time())
    set_profile_channel(engine, guest.id, EMAIL, "guest@example.org", time.time())
    with engine.begin() as conn:
        accounts_db._merge_guest(conn, guest.id, ann)
    with engine.connect() as conn:
        kept = sorted(tuple(row) for row in conn.execute(select(
            profile_channels.c.profile_id, profile_channels.c.kind, profile_channels.c.address)))
    assert kept == [(ann, EMAIL, "ann@example.org"), (ann, PUSH, PUSH_ADDRESS)]
    engine.dispose()


def test_the_account_page_chooses_mail_for_every_match_and_a_real_mail_arrives(
        tmp_path: Path) -> None:
    with mail_server(tmp_path) as (inbox, server, api):
        page = api.http.get("/account")
        assert page.status_code == 200 and 'id="notices-email"' in page.text
        csrf = {"X-CSRF-Token": api.http.get("/api/me").json()["csrf"]}
        assert api.http.get("/api/me/notices").json() == {
            "email": False, "push": False, "address": None, "email_available": True}
        guest = api.http.put("/api/me/notices/email", headers=csrf, json={"on": True})
        assert guest.status_code == 422, guest.text
        assert "Keep your profile with an e-mail address first" in guest.text
        forged = api.http.put("/api/me/notices/email", json={"on": False})
        assert forged.status_code == 403

        engine = server.app.state.services.store.engine
        me = api.http.get("/api/me").json()["profile"]
        profile_id = _profile_id(engine, me["name"])
        with engine.begin() as conn:
            conn.execute(update(accounts_db.profiles)
                         .where(accounts_db.profiles.c.id == profile_id)
                         .values(email="ann@example.org"))
        chosen = api.http.put("/api/me/notices/email", headers=csrf, json={"on": True})
        assert chosen.status_code == 200, chosen.text
        assert chosen.json()["email"] is True

        match_id, _tokens, client, state = _started(server, api)
        other = 1 - state["current_player"]
        with engine.begin() as conn:
            conn.execute(update(seats).where((seats.c.match_id == match_id)
                                             & (seats.c.seat == other))
                         .values(profile_id=profile_id))
        client.act(state["legal_actions"][0]["action"])
        deadline = time.monotonic() + 15
        while not inbox.messages and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(inbox.messages) == 1
        assert inbox.messages[0].rcpt_tos == ["ann@example.org"]
        client.close()

        data = api.http.get("/api/me/data").json()
        assert data["notices"] == {"email": "ann@example.org"}
        off = api.http.put("/api/me/notices/email", headers=csrf, json={"on": False})
        assert off.status_code == 200 and off.json()["email"] is False
        paths = api.http.get("/openapi.json").json()["paths"]
        assert {"/api/me/notices", "/api/me/notices/email", "/api/me/notices/push"} <= set(paths)


def _profile_id(engine: Engine, name: str) -> str:
    with engine.connect() as conn:
        return str(conn.execute(select(accounts_db.profiles.c.id).where(
            accounts_db.profiles.c.name == name)).scalar_one())


@pytest.mark.parametrize("body", [{"on": "yes"}, {"on": True, "address": "x@example.org"}])
def test_a_malformed_choice_is_refused(tmp_path: Path, body: dict[str, object]) -> None:
    with mail_server(tmp_path) as (_inbox, _server, api):
        api.http.get("/account")
        csrf = {"X-CSRF-Token": api.http.get("/api/me").json()["csrf"]}
        answer = api.http.put("/api/me/notices/email", headers=csrf, json=body)
        assert answer.status_code == 422, answer.text
