"""``camelcade online``: the terminal client plays, watches and rejoins on a real server.

The server runs in a thread on 127.0.0.1 (uvicorn, SQLite); the client is the real command,
its keyboard a list of lines. Every game is played through the same code, since all the
client shows comes from the server's ``state`` messages.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from camelcade.cli.main import app
from camelcade.cli.online import OnlineSession
from tests.server.conftest import sqlite_settings
from tests.server.support import Api, ServerThread

MANY_FIRSTS = "1\n" * 4000
"""Always the first legal action: every game here ends long before the lines run out."""


def run(*args: str, stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), input=stdin)
    return result.exit_code, result.output


def test_new_opens_a_match_and_plays_it_to_the_end_against_a_server_bot(
    server: ServerThread, api: Api
) -> None:
    code, out = run("online", "new", "kamelen", "--bots", "kamelen-greedy", "--name", "Ann",
                    "--server", server.base, stdin=MANY_FIRSTS)
    assert code == 0, out
    match_id = re.search(r"Match (\S+): Kamelen, 2 players\.", out)
    assert match_id is not None, out
    assert "Your seat token" in out and "Connected to match" in out
    assert re.search(r"Your turn\.\n(.+\n)+\d+ legal actions?[.:]", out), out  # position, count
    assert "North moves" in out  # the bot's moves, worded for this seat
    assert "Game over." in out
    finished = api.match(match_id.group(1))
    assert finished["status"] == "finished"
    assert finished["seats"][0]["name"] == "Ann"


def test_join_takes_the_open_seat_and_numbers_and_bad_text_are_answered(
    server: ServerThread, api: Api
) -> None:
    created = api.create("a-dos-de-chameau", players=2,
                         seats=[{"kind": "bot", "bot": "random"}, {"kind": "open"}],
                         auto_start=True)
    match_id = created["match"]["id"]
    code, out = run("online", "join", match_id, "--server", server.base,
                    stdin="99\nfly away\nhelp\nboard\nhistory\n" + MANY_FIRSTS)
    assert code == 0, out
    assert "You have seat 1." in out
    assert "There is no action 99; choose 1 to" in out
    assert "Refused:" in out and "(action/illegal)" in out
    assert "board: the position again." in out
    assert "Game over." in out
    assert api.match(match_id)["status"] == "finished"


def test_quit_keeps_the_seat_and_the_token_brings_the_player_back(
    server: ServerThread, api: Api
) -> None:
    created = api.create("camel-drive", players=2,
                         seats=[{"kind": "open"}, {"kind": "bot", "bot": "random"}],
                         auto_start=True)
    match_id = created["match"]["id"]
    code, out = run("online", "join", match_id, "--server", server.base, stdin="quit\n")
    assert code == 0, out
    token = re.search(r"rejoin with --token=(\S+)", out)
    assert token is not None, out
    assert api.match(match_id)["status"] == "running"
    code, out = run("online", "join", match_id, f"--token={token.group(1)}",
                    "--server", server.base, stdin=MANY_FIRSTS)
    assert code == 0, out
    assert "Connected to match" in out and "you are Team Red and Yellow" in out  # seat 0
    assert "Game over." in out


def test_watch_follows_a_bots_match_move_by_move(tmp_path: Path) -> None:
    slow_bots = ServerThread(sqlite_settings(tmp_path, bot_delay=0.01)).start()
    try:
        api = Api(slow_bots.base)
        created = api.create("kamelen", players=2,
                             seats=[{"kind": "bot", "bot": "kamelen-greedy"}] * 2,
                             auto_start=True)
        code, out = run("online", "watch", created["match"]["id"], "--server", slow_bots.base)
        api.http.close()
    finally:
        slow_bots.stop()
    assert code == 0, out
    assert "watching" in out
    assert "Your turn" not in out
    assert out.count("South moves") >= 3 and out.count("North moves") >= 3, out
    assert "Game over." in out


def test_lobby_lists_open_matches(server: ServerThread, api: Api) -> None:
    match_id = api.create("kamelen", players=2)["match"]["id"]
    code, out = run("online", "lobby", "--server", server.base)
    assert code == 0, out
    assert re.search(rf"{re.escape(match_id)}  kamelen  open  seats: 0 open, 1 open", out), out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["online", "join", "no-such-match"], "(match/not_found)"),
        (["online", "new", "kamelen", "--bots", "random,random"], "names 2 bots for the 1 other"),
        (["online", "new", "kamelen", "--bots", "wizard"], "wizard"),
        (["online", "new", "no-such-game"], "no-such-game"),
        (["online", "join", "x", "--token", "t", "--seat", "1"], "--token comes back"),
    ],
)
def test_bad_requests_name_the_problem(server: ServerThread, args: list[str],
                                       message: str) -> None:
    code, out = run(*args, "--server", server.base)
    assert code == 2, out
    assert out.startswith("Error: ") and message in out, out


def test_an_unreachable_or_malformed_server_address_is_reported() -> None:
    code, out = run("online", "lobby", "--server", "http://127.0.0.1:9")
    assert code == 2 and "Cannot reach the server at http://127.0.0.1:9" in out, out
    code, out = run("online", "lobby", "--server", "ftp://example.org")
    assert code == 2 and "must be an http:// or https:// address" in out, out


def test_a_bad_token_ends_the_session_with_the_servers_reason(server: ServerThread,
                                                              api: Api) -> None:
    match_id = api.create("kamelen", players=2)["match"]["id"]
    lines: list[str] = []
    session = OnlineSession(f"{server.ws_base}/ws/matches/{match_id}", "not-a-token",
                            say=lines.append, ask=lambda _prompt: "quit")
    session.run()
    assert any("(auth/bad_token)" in line for line in lines), lines


def test_new_with_a_refused_name_leaves_no_match(server: ServerThread, api: Api) -> None:
    """``online new`` creates and takes seat 0 in one request: a name the server refuses
    used to leave an open match in the lobby for ever."""
    before = api.http.get("/api/matches?limit=50").json()["matches"]
    code, out = run("online", "new", "kamelen", "--name", "x" * 40, "--server", server.base)
    assert code == 2, out
    assert "This name is 40 characters long; a name can have at most 32." in out, out
    assert api.http.get("/api/matches?limit=50").json()["matches"] == before


def test_quit_while_waiting_for_players_leaves_and_keeps_the_seat(
    server: ServerThread, api: Api
) -> None:
    """Regression: the keyboard was read only on your turn, so 'quit' typed while friends'
    seats were still open was never seen and the command waited for ever."""
    code, out = run("online", "new", "camel-drive", "--bots", "random", "--server",
                    server.base, stdin="board\nquit\n")
    assert code == 0, out
    assert "Waiting for players: Green and Blue are open." in out
    assert "The match has not started yet" in out  # 'board' is answered, not lost
    token = re.search(r"rejoin with --token=(\S+)", out)
    match_id = re.search(r"Match (\S+):", out)
    assert token is not None and match_id is not None, out
    seats = api.match(match_id.group(1))["seats"]
    assert api.match(match_id.group(1))["status"] == "open"
    assert seats[0]["taken"] and seats[1]["kind"] == "bot" and not seats[2]["taken"]


def test_the_end_of_input_while_waiting_leaves_as_quit_does(
    server: ServerThread, api: Api
) -> None:
    code, out = run("online", "new", "kamelen", "--server", server.base, stdin="")
    assert code == 0, out
    assert "Waiting for players: North is open." in out
    assert "rejoin with --token=" in out
