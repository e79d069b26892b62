"""Each seat's language is kept (``seats.lang``): its turn e-mails are worded in it.

A seat takes the language it joined with (the join request's), and then the one it last
connected or subscribed with. Rows from before the column existed have none, which reads
as English: the language every turn e-mail was in before.
"""

from __future__ import annotations

import email
import email.policy
import time
from pathlib import Path

import pytest
from alembic import command
from sqlalchemy import text

from camelcade.server.channels.wording import word
from camelcade.server.db import alembic_config, make_engine, migrate
from camelcade.server.outbox import TURN, Delivery
from camelcade.server.runtime import LiveMatch
from camelcade.server.settings import Settings
from camelcade.server.store import Store
from tests.i18n.test_refusals import english_in
from tests.server.support import Api, Client, ServerThread, past
from tests.server.test_web import mail_served


def test_a_danish_seat_s_turn_e_mail_is_danish(tmp_path: Path) -> None:
    with mail_served(tmp_path) as (inbox, server, api):
        created = api.create("kamelen", players=2)
        match_id = created["match"]["id"]
        first = api.join(match_id, 0, "Ann")
        joined = api.http.post(f"/api/matches/{match_id}/seats/1", json={"name": "Bo"},
                               headers={"Accept-Language": "da"})
        second = joined.json()["token"]
        api.start(match_id, created["host_token"])
        ann = Client(server.ws_base, match_id, first, lang="en")
        state = ann.wait_state(lambda m: m["status"] == "running")
        tokens = {0: first, 1: second}
        mover = state["current_player"]
        if mover == 1:  # Bo moves first: play his move from a Danish tab, then Ann's turn
            bo = Client(server.ws_base, match_id, second, lang="da")
            bo.act(bo.wait_state()["legal_actions"][0]["action"])
            state = ann.wait_state(past(state["state_id"]))
            bo.close()
        subscribed = api.http.post(f"/api/web/matches/{match_id}/email",
                                   json={"email": "bo@example.org"},
                                   headers={"Authorization": f"Bearer {tokens[1]}",
                                            "Accept-Language": "da"})
        assert subscribed.json() == {"seat": 1, "subscribed": True}
        ann.act(state["legal_actions"][0]["action"])
        ann.wait_state(past(state["state_id"]))
        inbox.wait()
        assert len(inbox.messages) == 1
        mail = email.message_from_bytes(inbox.messages[0].content, policy=email.policy.default)
        assert mail["Subject"].startswith("Din tur i Kamelen (")
        assert mail["Content-Language"] == "da"
        body = mail.get_content()  # type: ignore[attr-defined]
        assert "Det er din tur som" in body and "Spil videre: " in body
        assert f"http://games.example/match/{match_id}?lang=da" in body
        assert not english_in(body), body
        ann.close()


def _old_database(url: str) -> None:
    """A database as revision 0002 left it, with one match whose seats have no language."""
    engine = make_engine(Settings(database_url=url))
    config = alembic_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0002")
        connection.execute(text(
            "INSERT INTO matches (id, game, options, seed, status, state_id, auto_start, "
            "on_timeout, timeout_bot, created_at, updated_at, bot_only) VALUES ('old', "
            "'kamelen', '{\"players\": 2}', 7, 'running', 0, true, 'bot', 'random', 1.0, "
            "1.0, false)"))
        for seat in (0, 1):
            connection.execute(text(
                "INSERT INTO seats (match_id, seat, kind, token_hash, joined_at) VALUES "
                f"('old', {seat}, 'human', 'h{seat}', 1.0)"))
    engine.dispose()


def _an_old_seat_reads_as_english(url: str) -> None:
    _old_database(url)
    engine = make_engine(Settings(database_url=url))
    migrate(engine)
    store = Store(engine, "camelcade", "test", inline_writes=True)
    loaded = store.load_match("old")
    assert loaded is not None
    row, seats, texts = loaded
    assert [seat.lang for seat in seats] == [None, None]
    match = LiveMatch.rebuild(row, seats, texts)
    delivery = Delivery(id=1, match_id="old", state_id=0, seat=match.state.current_player,
                        kind=TURN, channel_id="c", channel_kind="email",
                        address="old@example.org", attempts=0, created_at=1.0, claim="x")
    wording = word(match, delivery, "http://games.example")
    assert wording.lang == "en" and wording.subject.startswith("Your turn in Kamelen (")
    assert "It is your turn as" in "\n".join(wording.lines)
    store.set_seat_language("old", 1, "da")
    assert [seat.lang for seat in store.load_match("old")[1]] == [None, "da"]  # type: ignore[index]
    engine.dispose()


def test_the_migration_keeps_old_games_and_their_seats_read_as_english(tmp_path: Path) -> None:
    _an_old_seat_reads_as_english(f"sqlite:///{tmp_path / 'old.db'}")


def test_the_migration_keeps_old_games_on_postgresql(postgres_url: str) -> None:
    _an_old_seat_reads_as_english(postgres_url)


@pytest.mark.parametrize("asked", ["de", "fr"])
def test_a_seat_takes_the_language_it_joined_and_then_connected_with(
        server: ServerThread, api: Api, asked: str) -> None:
    created = api.create("kamelen", players=2)
    match_id = created["match"]["id"]
    joined = api.http.post(f"/api/matches/{match_id}/seats/0", json={"name": "Ann"},
                           headers={"Accept-Language": asked})
    token = joined.json()["token"]
    services = server.app.state.services
    store: Store = services.store

    def kept() -> str | None:
        loaded = store.load_match(match_id)
        assert loaded is not None
        return loaded[1][0].lang

    assert kept() == asked
    again = Client(server.ws_base, match_id, token, lang="da")
    again.wait_state()
    deadline = time.monotonic() + 5
    while kept() != "da" and time.monotonic() < deadline:
        time.sleep(0.02)
    assert kept() == "da"
    again.close()
