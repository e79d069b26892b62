"""The toy game plugs in through its manifest alone (``tests/toygame/plugin.py``).

Named in ``CAMELCADE_PLUGINS`` for a fresh ``camelcade`` process, or registered in this one,
it gets ``list``, ``play`` (its board, commands, seat names and position notation),
``simulate``, its own bot and levels, and the game server — with no edit anywhere outside
its folder. This is the proof that the game-agnostic packages name no game.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import camelcade as cc
from camelcade.core.registry import ENV_PLUGINS
from tests.server.conftest import sqlite_settings
from tests.server.support import Api, Client, ServerThread, play_until_finished

ROOT = Path(__file__).resolve().parents[1]


def _camelcade(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, ENV_PLUGINS: "tests.toygame.plugin", "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "camelcade.cli.main", *args], input=stdin,
                          capture_output=True, text=True, env=env, timeout=120, cwd=ROOT)


def test_a_fresh_camelcade_process_lists_plays_and_simulates_the_toy(tmp_path: Path) -> None:
    listed = _camelcade("list")
    assert listed.returncode == 0, listed.stderr
    assert "toy" in listed.stdout
    played = _camelcade("play", "toy", "--plain", "--seed", "3", "--bots", "toy-greedy",
                        stdin="1\n" * 20)
    assert played.returncode == 0, played.stderr
    assert "The game is over" in played.stdout and "South" in played.stdout
    positioned = _camelcade("play", "toy", "--plain", "--position", "5 0 2,3", stdin="1\n" * 5)
    assert positioned.returncode == 0, positioned.stderr
    assert "Total 5; North to add. Your secret is 2." in positioned.stdout
    simulated = _camelcade("simulate", "toy", "--games", "6", "--bots", "toy-greedy,random",
                           "--workers", "1", "--out", str(tmp_path / "toy.jsonl"))
    assert simulated.returncode == 0, simulated.stderr
    assert "toy-greedy" in simulated.stdout
    tools = _camelcade("toy", "hello", "--name", "Ada")
    assert tools.stdout.strip() == "hello Ada from the toy"


def test_the_server_plays_a_toy_match_with_the_toy_s_own_bot(
    toy_game: str, tmp_path: Path
) -> None:
    server = ServerThread(sqlite_settings(tmp_path)).start()
    try:
        api = Api(server.base)
        created = api.create(game=toy_game, players=2, auto_start=True,
                             seats=[{"kind": "open"}, {"kind": "bot", "bot": "toy-greedy"}])
        match_id = created["match"]["id"]
        person = Client(server.ws_base, match_id, api.join(match_id, 0, "Ann"))
        play_until_finished([person], seed=5)
        assert person.state is not None and person.state["status"] == "finished"
        assert person.state["result"]["ranking"][0] == person.state["result"]["winners"]
        record = cc.Record.from_json(api.http.get(f"/api/matches/{match_id}/record").json())
        assert record.game == toy_game and cc.replay(record).is_terminal()
        person.close()
        api.http.close()
    finally:
        server.stop()


def test_the_bots_play_the_toy_through_the_api(toy_game: str) -> None:
    game = cc.load(toy_game, players=3)
    agents = [cc.bots.load("toy-greedy"), cc.bots.load("mcts", iterations=20),
              cc.bots.load_level(toy_game, "easy")]
    record = cc.play(game, agents, seed=2)
    assert record.players == ["toy-greedy", "mcts", "random"]
    assert cc.replay(record).ranking() == record.ranking
