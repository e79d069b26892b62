"""Ratings (issue 28, item 2), on SQLite and PostgreSQL: a rated match moves its kept
profiles' OpenSkill ratings once, a casual one never; bots play at a fixed rating; an
abandoned seat is last; the leaderboard and the public profile, through the server too."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import Engine, create_engine, insert, select, update

from camelcade.core.registry import plugin
from camelcade.core.words import language
from camelcade.server.accounts import ratings as rated
from camelcade.server.accounts.players import leaderboard_body, player_body
from camelcade.server.db import migrate
from camelcade.server.models import matches, profiles, rated_matches, ratings, seats
from camelcade.server.settings import Settings
from tests.server.conftest import FAST_CLIENTS
from tests.server.support import Client, ServerThread, play_until_finished
from tests.server.test_accounts import Browser

GAME = "a-dos-de-chameau"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    if request.param == "postgresql":
        return str(request.getfixturevalue("postgres_url"))
    return f"sqlite:///{tmp_path / 'camelcade.db'}"


@pytest.fixture
def engine(db_url: str) -> Iterator[Engine]:
    made = create_engine(db_url)
    migrate(made)
    yield made
    made.dispose()


_count = iter(range(10**6))


def _profile(engine: Engine, name: str, kept: bool = True) -> str:
    profile_id = f"{next(_count):032x}"
    with engine.begin() as conn:
        conn.execute(insert(profiles).values(
            id=profile_id, name=name, lang="en", email=f"{profile_id}@example.org" if kept
            else None, password_hash=None, created_at=0.0, seen_at=0.0))
    return profile_id


def _match(engine: Engine, players: list[str | tuple[str, str]], ranking: list[list[int]],
           rated_: bool = True, status: str = "finished") -> str:
    """A finished match: each seat a profile id, or ``("bot", name)``."""
    match_id = f"m{next(_count)}"
    now = time.time()
    with engine.begin() as conn:
        conn.execute(insert(matches).values(
            id=match_id, game=GAME, options={"players": len(players)}, seed=1, status=status,
            state_id=10, auto_start=False, on_timeout="bot", timeout_bot="random",
            created_at=now, updated_at=now, finished_at=now, rated=rated_,
            result={"returns": [], "winners": ranking[0], "ranking": ranking}))
        for seat, who in enumerate(players):
            bot = who[1] if isinstance(who, tuple) else None
            conn.execute(insert(seats).values(
                match_id=match_id, seat=seat, kind="bot" if bot else "human", bot=bot,
                profile_id=None if bot else who, former=False))
    return match_id


def _rating(engine: Engine, profile_id: str, players: int = 2) -> Any:
    with engine.connect() as conn:
        return conn.execute(select(ratings).where(
            (ratings.c.profile_id == profile_id) & (ratings.c.players == players))).first()


def test_a_rated_match_moves_both_kept_profiles_ratings_once(engine: Engine) -> None:
    ada, bea = _profile(engine, "Ada"), _profile(engine, "Bea")
    match_id = _match(engine, [ada, bea], [[1], [0]])
    assert rated.rate_match(engine, match_id)
    assert not rated.rate_match(engine, match_id)  # the end processed twice: rated once
    won, lost = _rating(engine, bea), _rating(engine, ada)
    assert won.games == lost.games == 1
    assert won.mu > 25.0 > lost.mu
    assert won.sigma < 25 / 3 and lost.sigma < 25 / 3
    with engine.connect() as conn:
        rows = conn.execute(select(rated_matches)).all()
    assert [row.match_id for row in rows] == [match_id]
    assert {c["profile_id"]: c["place"] for c in rows[0].changes} == {bea: 1, ada: 2}


def test_a_casual_or_unfinished_match_moves_no_rating(engine: Engine) -> None:
    ada, bea = _profile(engine, "Ada"), _profile(engine, "Bea")
    assert not rated.rate_match(engine, _match(engine, [ada, bea], [[0], [1]], rated_=False))
    assert not rated.rate_match(engine, _match(engine, [ada, bea], [[0], [1]],
                                               status="running"))
    assert _rating(engine, ada) is None and _rating(engine, bea) is None


def test_a_guest_plays_its_part_but_is_not_rated(engine: Engine) -> None:
    ada, guest = _profile(engine, "Ada"), _profile(engine, "Guest 1234", kept=False)
    assert rated.rate_match(engine, _match(engine, [ada, guest], [[0], [1]]))
    assert _rating(engine, ada).mu > 25.0
    assert _rating(engine, guest) is None


def test_a_bot_plays_at_its_fixed_rating_and_never_moves(engine: Engine) -> None:
    """Beating the hard bot is worth more than beating the random one; losing to the
    random one costs more than losing to the hard one."""
    gains = {}
    for bot in ("random", "@hard"):
        winner, loser = _profile(engine, "W"), _profile(engine, "L")
        assert rated.rate_match(engine, _match(engine, [winner, ("bot", bot)], [[0], [1]]))
        assert rated.rate_match(engine, _match(engine, [loser, ("bot", bot)], [[1], [0]]))
        gains[bot] = (_rating(engine, winner).mu - 25.0, 25.0 - _rating(engine, loser).mu)
    assert gains["@hard"][0] > gains["random"][0] > 0
    assert gains["random"][1] > gains["@hard"][1] > 0
    # the lab's measurement the game's plug-in carries, the same every time
    assert rated.bot_rating(GAME, "@hard") == plugin(GAME).bot_ratings["@hard"]
    assert rated.bot_rating(GAME, "@hard") > rated.bot_rating(GAME, "random")
    with engine.connect() as conn:
        assert conn.execute(select(ratings.c.profile_id)).scalars().all().count(None) == 0


def test_abandoning_a_rated_match_counts_as_last_place(engine: Engine) -> None:
    """The seat whose clock ran out again and again is last, even where the bot that took
    over finished first."""
    ada, bea = _profile(engine, "Ada"), _profile(engine, "Bea")
    assert rated.rate_match(engine, _match(engine, [ada, bea], [[0], [1]]),
                            abandoned=frozenset({0}))
    assert _rating(engine, ada).mu < 25.0 < _rating(engine, bea).mu


@pytest.mark.parametrize("left", [{"kind": "bot", "bot": "first", "taken_over": True},
                                  {"timeouts": rated.ABANDON_TIMEOUTS}])
def test_a_seat_a_bot_took_over_or_that_timed_out_again_and_again_is_rated_last(
        engine: Engine, left: dict[str, Any]) -> None:
    """What the clocks wrote (``camelcade.server.clocks``): a seat handed to a bot for good
    by its timeouts, or one that let its clock run out again and again, is its player's,
    rated last though its bot won; read from the database, so a restart forgets nothing."""
    ada, bea = _profile(engine, "Ada"), _profile(engine, "Bea")
    match_id = _match(engine, [ada, bea], [[0], [1]])
    with engine.begin() as conn:
        conn.execute(update(seats).where((seats.c.match_id == match_id) & (seats.c.seat == 0))
                     .values(**left))
    assert rated.rate_match(engine, match_id)
    assert _rating(engine, ada).mu < 25.0 < _rating(engine, bea).mu
    with engine.connect() as conn:
        changes = conn.execute(select(rated_matches.c.changes)).scalar_one()
    assert [(c["profile_id"], c["place"]) for c in changes] == [(ada, 2), (bea, 1)]


def test_tied_players_share_a_place(engine: Engine) -> None:
    ada, bea, cyd = (_profile(engine, name) for name in ("Ada", "Bea", "Cyd"))
    assert rated.rate_match(engine, _match(engine, [ada, bea, cyd], [[0, 1], [2]]))
    first, second, last = (_rating(engine, p, 3) for p in (ada, bea, cyd))
    assert first.mu == pytest.approx(second.mu)
    assert first.mu > 25.0 > last.mu


def test_player_count_classes_are_two_three_four_and_five_or_more() -> None:
    assert [rated.player_class(n) for n in (2, 3, 4, 5, 6, 8)] == [2, 3, 4, 5, 5, 5]


def test_the_leaderboard_ranks_kept_profiles_with_enough_games_by_mu_minus_two_sigma(
        engine: Engine) -> None:
    strong, steady, new, guest = (_profile(engine, n) for n in ("Strong", "Steady", "New",
                                                                 "Guest"))
    with engine.begin() as conn:
        for who, mu, sigma, games in ((strong, 30.0, 2.0, 20), (steady, 27.0, 0.5, 40),
                                      (new, 40.0, 1.0, rated.MIN_GAMES - 1),
                                      (guest, 45.0, 1.0, 50)):
            conn.execute(insert(ratings).values(profile_id=who, game=GAME, players=2, mu=mu,
                                                sigma=sigma, games=games, updated_at=0.0))
        conn.execute(update(profiles).where(profiles.c.id == guest).values(email=None))
    board = rated.leaderboard(engine, GAME, 2)
    # Steady (27 - 1 = 26) above Strong (30 - 4 = 26 - 0): ties go to more games.
    assert [s.name for s in board] == ["Steady", "Strong"]


def test_the_profile_and_leaderboard_pages_escape_every_name() -> None:
    evil = '<script>alert("x")</script>'
    card = rated.Card(id="0" * 32, name=evil, kept=True, games={GAME: 3},
                      ratings=[rated.Rating(GAME, 2, 27.5, 1.5, 3)],
                      recent=[rated.PlayedMatch('m"1', GAME, 0.0, 1, 2, True)])
    with language("en"):
        body = player_body(card)
        board = leaderboard_body(GAME, 2, [rated.Standing("0" * 32, evil, card.ratings[0])])
    for html in (body, board):
        assert "<script>" not in html and "&lt;script&gt;" in html
    assert 'href="/replay/m&quot;1"' in body
    assert "about 27.5, at least 24.5 (rated games: 3)" in body


@pytest.fixture
def server(db_url: str) -> Iterator[ServerThread]:
    running = ServerThread(Settings(database_url=db_url).with_changes(**FAST_CLIENTS)).start()
    yield running
    running.stop()


def _keep(db_url: str, profile_id: str) -> None:
    engine = create_engine(db_url)
    with engine.begin() as conn:
        conn.execute(update(profiles).where(profiles.c.id == profile_id)
                     .values(email=f"{profile_id}@example.org"))
    engine.dispose()


def test_a_rated_match_played_on_the_server_updates_both_profiles_once(
        server: ServerThread, db_url: str) -> None:
    ada, bea = Browser(server), Browser(server)
    try:
        ada_id, bea_id = ada.me()["profile"]["id"], bea.me()["profile"]["id"]
        _keep(db_url, ada_id)
        _keep(db_url, bea_id)
        created = ada.post("/api/matches", {
            "game": GAME, "options": {"players": 2}, "auto_start": True, "rated": True,
            "join": {"seat": 0, "name": "Ada"}})
        assert created.status_code == 201, created.text
        assert created.json()["match"]["rated"] is True
        match_id = created.json()["match"]["id"]
        joined = bea.post(f"/api/matches/{match_id}/seats/1", {"name": "Bea"})
        assert joined.status_code == 200, joined.text
        clients = [Client(server.ws_base, match_id, created.json()["token"]),
                   Client(server.ws_base, match_id, joined.json()["token"])]
        play_until_finished(clients, seed=3)
        for client in clients:
            client.close()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            seen = [ada.http.get(f"/api/players/{p}").json() for p in (ada_id, bea_id)]
            if all(s["ratings"] for s in seen):
                break
            time.sleep(0.05)
        for found in seen:
            assert [(r["game"], r["players"], r["games"]) for r in found["ratings"]] == [
                (GAME, 2, 1)]
            assert found["recent"][0]["replay"] == f"/replay/{match_id}"
            assert found["games"] == {GAME: 1}
        assert sorted(s["ratings"][0]["mu"] > 25 for s in seen) == [False, True]
        page = ada.http.get(f"/player/{ada_id}?lang=fr")
        assert page.status_code == 200 and f'href="/replay/{match_id}"' in page.text
        assert "@example.org" not in page.text  # the address is never public
        board = ada.http.get(f"/api/leaderboard/{GAME}").json()
        assert board["standings"] == [] and board["min_games"] == rated.MIN_GAMES
        casual = ada.post("/api/matches", {"game": GAME, "options": {"players": 2}})
        assert casual.json()["match"]["rated"] is False
    finally:
        ada.close()
        bea.close()


def test_unknown_players_and_games_are_refused_by_name(server: ServerThread) -> None:
    browser = Browser(server)
    try:
        missing = browser.http.get("/api/players/nobody")
        assert missing.status_code == 404
        assert missing.json()["error"]["code"] == "player/not_found"
        assert "nobody" in missing.json()["error"]["message"]
        assert browser.http.get("/player/nobody").status_code == 404
        assert browser.http.get("/api/leaderboard/chess").status_code == 404
        assert browser.http.get("/leaderboard/chess").status_code == 404
        spec = browser.http.get("/openapi.json").json()["paths"]
        assert {"/api/players/{profile_id}", "/api/leaderboard/{game}"} <= set(spec)
    finally:
        browser.close()
