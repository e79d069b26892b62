"""Bots (issue 13, finding 1): worker processes, budgets, fair lanes, caps, pausing.

Eight bot-vs-bot search matches once took a normal match's random bot from 1.8 ms to
7.6 s: bots ran in threads of the server. These tests check the mechanisms functionally
(no time is asserted; waits only have generous deadlines).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import camelcade as cc
from camelcade import bots as bot_registry
from camelcade.core.chance import sample_chance
from camelcade.core.view import View
from tests.server import bots_for_tests
from tests.server.conftest import sqlite_settings
from tests.server.support import REPO, Api, Client, ServerThread, past

TEST_BOTS = {"test-stuck": "StuckBot", "test-spin": "SpinBot", "test-clock": "ClockBot",
             "test-spy": "SpyBot", "test-warm": "WarmBot"}


@pytest.fixture(scope="module", autouse=True)
def test_bots() -> Iterator[None]:
    for name, cls in TEST_BOTS.items():
        bot_registry.register(name, f"tests.server.bots_for_tests:{cls}")
    yield
    for name in TEST_BOTS:
        bot_registry.GENERIC.pop(name, None)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    settings = sqlite_settings(tmp_path_factory.mktemp("db"), bot_move_deadline=1.5,
                               bot_workers=2)
    running = ServerThread(settings).start()
    yield running
    running.stop()


def _job(state: cc.State, texts: list[str], bot: str, limit: float = 2.0) -> Any:
    from camelcade.server.botpool import bot_target
    from camelcade.server.botworker import BotJob

    target, settings = bot_target(state.game.id, bot)
    return BotJob(1, "m1", state.game.id, dict(state.game.options), tuple(texts),
                  state.current_player, bot, target, settings, 7, limit)


def _played(game_id: str, moves: int) -> tuple[cc.State, list[str]]:
    state = cc.load(game_id).new_state()
    texts: list[str] = []
    rng = random.Random(5)
    while len(texts) < moves or state.current_player < 0:
        action = (sample_chance(state, rng) if state.is_chance()
                  else rng.choice(state.legal_actions()))
        texts.append(str(action))
        state.apply(action)
    return state, texts


# -- the worker, in this process -------------------------------------------------------


def test_a_worker_gives_the_bot_the_seats_view_alone_rebuilt_from_the_actions() -> None:
    state, texts = _played("a-dos-de-chameau", 12)
    from camelcade.server.botworker import Positions, answer

    seat = state.current_player
    bots_for_tests.SEEN.clear()
    positions = Positions()
    reply = answer(_job(state, texts, "test-spy"), positions)
    assert reply.error is None and reply.action in {str(a) for a in state.legal_actions()}
    seen = bots_for_tests.SEEN[-1]
    assert isinstance(seen["view"], View) and seen["player"] == seat
    assert seen["observation"] == state.observation(seat)
    assert seen["history"] == state.history_for(seat)
    # the next job of the match replays only the new actions, onto the state it kept
    kept = positions.state_for(_job(state, texts, "test-spy"))
    assert kept.to_json() == state.to_json()


def test_a_bot_with_a_clock_is_given_the_budget() -> None:
    from camelcade.server.botworker import Positions, answer

    state, texts = _played("kamelen", 4)
    assert answer(_job(state, texts, "test-clock", limit=0.5), Positions()).error is None
    failed = answer(_job(state, texts, "test-clock", limit=5.0), Positions())
    assert failed.action is None and "budget was not given" in (failed.error or "")


def test_people_go_first_then_the_match_that_used_least_bot_time() -> None:
    from camelcade.server.botpool import BotPool, Pending
    from camelcade.server.botworker import BotJob

    pool = BotPool(workers=2, move_seconds=1, deadline=5, quick_seconds=0.05, nice=0)
    loop = asyncio.new_event_loop()
    try:
        def pending(match: str, people: bool, quick: bool, at: float) -> Any:
            bot = "random" if quick else "mcts"
            job = BotJob(0, match, "kamelen", {}, (), 0, bot, "x:y", {}, 0, 1.0)
            return Pending(job, people, at, loop.create_future())

        pool.cost = {"random": 0.001, "mcts": 1.5}

        now = time.monotonic()
        pool.usage = {"greedy": (10.0, now), "modest": (0.1, now)}
        bots_only = pending("bots", False, True, 1.0)
        greedy = pending("greedy", True, False, 2.0)
        modest = pending("modest", True, False, 3.0)
        pool.pending = [bots_only, greedy, modest]
        general, quick = pool.workers[1], pool.workers[0]
        assert quick.quick_only and not general.quick_only
        assert pool._next_for(general, now) is modest
        pool.pending = [bots_only, greedy]
        assert pool._next_for(general, now) is greedy
        assert pool._next_for(quick, now) is bots_only  # only quick jobs go there
        pool.pending = [greedy]
        assert pool._next_for(quick, now) is None
    finally:
        loop.close()


def _running(bot: str) -> Any:
    """A stand-in for the job a worker is running, as ``_fits`` reads it."""
    return SimpleNamespace(job=SimpleNamespace(bot=bot))


def test_a_bot_not_yet_measured_uses_the_quick_worker_only_when_the_others_are_busy() -> None:
    """Each new bot spec an attacker names (``mcts:iterations=1001``...) once held the quick
    worker until found slow, delaying every person's random bot; now an unmeasured bot's
    first move goes to a general worker, unless they are all busy."""
    from camelcade.server.botpool import BotPool

    pool = BotPool(workers=2, move_seconds=1, deadline=5, quick_seconds=0.05, nice=0)
    quick, general = pool.workers
    pool.cost = {"random": 0.001, "mcts": 1.5}
    assert pool._fits(quick, "random") and not pool._fits(quick, "mcts")
    assert not pool._fits(quick, "mcts:iterations=1001")  # a general worker is free
    assert pool._fits(general, "mcts:iterations=1001")
    general.running = _running("mcts")
    assert pool._fits(quick, "mcts:iterations=1001")  # all general workers busy
    general.running = _running("mcts:iterations=1001")
    assert not pool._fits(quick, "mcts:iterations=1001")  # being measured: wait for it
    general.running = _running("mcts")
    pool.demoted.add("mcts:iterations=1001")
    assert not pool._fits(quick, "mcts:iterations=1001")  # found slow there once: never again


def test_a_bot_on_trial_gets_the_quick_share_of_cpu_once_not_the_overrun_allowance() -> None:
    """Under the attack benchmark the first ``mcts`` move, tried on the quick worker while
    the bot matches kept the general one busy, held it for four quick shares of CPU, and
    people's random bots queued behind it (reply p99 300 ms). On trial a bot gets one
    share; a bot found quick keeps the allowance for an occasional long move."""
    from camelcade.server.botpool import QUICK_OVERRUN, BotPool

    pool = BotPool(workers=2, move_seconds=1, deadline=5, quick_seconds=0.05, nice=0)
    pool.cost = {"random": 0.001}
    assert pool.quick_limit("mcts") == 0.05
    assert pool.quick_limit("random") == 0.05 * QUICK_OVERRUN > 0.05


@pytest.mark.parametrize("start", ["cold", "pool"])
def test_a_worker_takes_its_first_job_with_every_game_loaded_and_frozen(
        start: str, tmp_path: Path) -> None:
    """Regression (CI, 2026-12-06): the fork server is one per process, and in the suite
    the simulation runner had started it without the preload; a fresh worker's first job
    imported its game (0.2 s of CPU), its random bot was judged slow on the quick worker
    and queued behind two stuck searches. And a warm worker inherited 160,000 preloaded
    objects in the collector's sight: its first full collection took 84 ms of CPU. A
    worker now loads what it lacks before ``WorkerReady`` and freezes it: "cold" is a
    worker started from nothing (spawn), "pool" one started as the pool starts it."""
    import multiprocessing

    from camelcade.bots.preload import worker_context
    from camelcade.server import botworker

    context = multiprocessing.get_context("spawn") if start == "cold" else worker_context()
    mine, theirs = context.Pipe()
    worker = context.Process(target=botworker.main, args=(theirs, 0), daemon=True)
    worker.start()
    report = tmp_path / "collector.json"
    try:
        assert mine.poll(120), "the worker never said it was ready"
        assert isinstance(mine.recv(), botworker.WorkerReady)
        mine.send(botworker.BotJob(
            job_id=1, match_id="m", game="kamelen", options={"players": 2}, texts=(),
            seat=0, bot="test-collector", target="tests.server.bots_for_tests:CollectorBot",
            settings={"report": str(report)}, seed=1, time_limit=5.0))
        assert mine.poll(60), "the worker did not answer its job"
        answer = mine.recv()
        mine.send(None)
    finally:
        worker.join(10)
    assert answer.error is None and answer.action
    seen, frozen = json.loads(report.read_text())
    assert frozen > 50_000 and seen < frozen // 10, (seen, frozen)


# -- on a server -----------------------------------------------------------------------


def _match_against(api: Api, bot: str) -> tuple[str, str]:
    created = api.create("kamelen", seats=[{"kind": "open"}, {"kind": "bot", "bot": bot}])
    match_id = created["match"]["id"]
    token = api.join(match_id, 0, "Ann")
    api.start(match_id, created["host_token"])
    return match_id, token


def _move_and_wait_for_the_bot(server: ServerThread, match_id: str, token: str,
                               timeout: float) -> dict[str, object]:
    person = Client(server.ws_base, match_id, token)
    state = person.wait_state(lambda m: bool(m["legal_actions"]))
    person.act(state["legal_actions"][0]["action"])
    mine = person.wait_state(past(state["state_id"]))
    answered = person.wait_state(lambda m: bool(m["legal_actions"])
                                 and m["state_id"] > mine["state_id"], timeout=timeout)
    person.close()
    return answered


def test_bots_move_in_worker_processes(server: ServerThread, api: Api) -> None:
    match_id, token = _match_against(api, "random")
    _move_and_wait_for_the_bot(server, match_id, token, timeout=30)
    pool: Any = server.app.state.services.pool
    pids = {w.process.pid for w in pool.workers if w.process is not None and w.jobs_done}
    assert pids and os.getpid() not in pids
    assert pool.stats.jobs >= 1 and "random" in pool.stats.by_bot


def test_a_bot_past_the_deadline_loses_its_move_to_a_fallback(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path, bot_move_deadline=6.0, quick_bot_seconds=0.01,
                               bot_workers=2)
    running = ServerThread(settings).start()
    try:
        api = Api(running.base)
        pool: Any = running.app.state.services.pool
        quick = pool.workers[0]
        assert quick.quick_only
        # never measured: its first move is made on the general workers, not the quick one
        before, replaced = pool.stats.fallbacks, pool.stats.replaced_workers
        match_id, token = _match_against(api, "test-stuck")
        _move_and_wait_for_the_bot(running, match_id, token, timeout=60)
        assert pool.stats.fallbacks > before and pool.stats.replaced_workers > replaced
        assert quick.jobs_done == 0 and "test-stuck" not in pool.demoted
        # measured quick once, then slow: it overruns the quick worker, moves for good
        pool.cost["test-spin"] = 0.0
        before, replaced = pool.stats.fallbacks, pool.stats.replaced_workers
        match_id, token = _match_against(api, "test-spin")
        _move_and_wait_for_the_bot(running, match_id, token, timeout=60)
        assert pool.stats.fallbacks > before and pool.stats.replaced_workers > replaced + 1
        assert "test-spin" in pool.demoted
    finally:
        running.stop()


def test_a_stuck_search_does_not_hold_up_another_matchs_random_bot(
    tmp_path: Path,
) -> None:
    settings = sqlite_settings(tmp_path, bot_move_deadline=120.0, bot_workers=2)
    running = ServerThread(settings).start()
    try:
        api = Api(running.base)
        pool: Any = running.app.state.services.pool
        pool.demoted.add("test-stuck")  # known to be slow: general workers only
        stuck = [_match_against(api, "test-stuck") for _ in range(2)]
        for match_id, token in stuck:
            person = Client(running.ws_base, match_id, token)
            state = person.wait_state(lambda m: bool(m["legal_actions"]))
            person.act(state["legal_actions"][0]["action"])
            person.wait_state(past(state["state_id"]))
            person.close()
        assert any(w.running is not None for w in pool.workers if not w.quick_only)
        # a search nobody has measured yet tries the quick worker (the others are busy),
        # is found slow there and leaves it for good
        spin_id, spin_token = _match_against(api, "test-spin")
        person = Client(running.ws_base, spin_id, spin_token)
        state = person.wait_state(lambda m: bool(m["legal_actions"]))
        person.act(state["legal_actions"][0]["action"])
        person.wait_state(past(state["state_id"]))
        person.close()
        deadline = time.monotonic() + 30
        while "test-spin" not in pool.demoted:
            assert time.monotonic() < deadline, "the unknown search kept the quick worker"
            time.sleep(0.05)
        match_id, token = _match_against(api, "random")
        # a queue behind the stuck bots would take 120 s or more
        _move_and_wait_for_the_bot(running, match_id, token, timeout=30)
    finally:
        running.stop()


BOTS_ONLY = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]


def test_bot_only_matches_are_capped_per_address_and_in_total(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path, bot_matches_per_address=2, bot_matches_total=3)
    running = ServerThread(settings).start()
    try:
        first, second, third = (Api(running.base, source=f"127.0.0.{n}") for n in (1, 2, 3))
        for _ in range(2):
            first.create("kamelen", seats=BOTS_ONLY)
        refused = first.http.post("/api/matches", json={"game": "kamelen", "seats": BOTS_ONLY})
        assert first.error(refused) == "rate/limited" and "at most 2" in refused.text
        first.create("kamelen", seats=[{"kind": "open"}, BOTS_ONLY[0]])  # a person's seat
        second.create("kamelen", seats=BOTS_ONLY)
        full = third.http.post("/api/matches", json={"game": "kamelen", "seats": BOTS_ONLY})
        assert third.error(full) == "server/busy" and "(3)" in full.text
    finally:
        running.stop()


def test_bot_only_matches_pause_unwatched_and_resume_when_watched(tmp_path: Path) -> None:
    settings = sqlite_settings(tmp_path)
    running = ServerThread(settings).start()
    try:
        api = Api(running.base)
        match_id = api.create("kamelen", seats=BOTS_ONLY, auto_start=True)["match"]["id"]
        started = api.match(match_id)
        time.sleep(1.0)
        assert api.match(match_id)["state_id"] == started["state_id"]  # nobody watches
        watcher = Client(running.ws_base, match_id)
        watcher.wait_state(lambda m: m["state_id"] >= started["state_id"] + 6, timeout=30)
        watcher.close()
        time.sleep(0.5)
        paused_at = api.match(match_id)["state_id"]
    finally:
        running.stop()
    again = ServerThread(settings).start()  # a restart does not wake it either
    try:
        api = Api(again.base)
        time.sleep(1.0)
        assert api.match(match_id)["state_id"] == paused_at
        watcher = Client(again.ws_base, match_id)
        watcher.wait_state(lambda m: m["status"] == "finished", timeout=60)
        watcher.close()
    finally:
        again.stop()


def test_a_level_resolves_to_its_bot_and_settings_for_the_worker() -> None:
    from camelcade.server.botpool import bot_target

    target, settings = bot_target("kamelen", "@medium")
    level = cc.bots.levels("kamelen")["medium"]
    assert target == cc.bots.ref(level.bot).target and settings == dict(level.settings)
    assert bot_target("kamelen", "random") == (cc.bots.ref("random").target, {})
    with pytest.raises(ValueError, match="no level 'legendary'"):
        bot_target("kamelen", "@legendary")


def test_the_workers_fork_server_warms_every_bot_that_says_how() -> None:
    """``preload`` calls a bot class's ``warm()`` once: a compiled search loads its code
    there, not in a worker that the move deadline would kill while it compiles."""
    from camelcade.bots.preload import preload
    from camelcade.games.kamelen import kernel

    bots_for_tests.WARMED.clear()
    preload()
    assert bots_for_tests.WARMED == ["test-warm"]
    assert kernel.root.signatures and kernel.one_ply.signatures  # kamelen's bots: loaded


def _in_a_fresh_process(script: str) -> str:
    """Run ``script`` in a new Python process (its own fork server); its last line."""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          timeout=180, cwd=REPO)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.strip().splitlines()
    return lines[-1] if lines else ""


def test_the_fork_server_is_started_before_any_bot_moves() -> None:
    """Started by the first bot move, the fork server held the event loop for a second
    (issue 13); ``prepare`` starts it on a thread of its own, in a fresh process here."""
    script = (
        "import time\n"
        "from multiprocessing import forkserver\n"
        "from camelcade.server.botpool import BotPool\n"
        "BotPool(2, 1, 5, 0.05, 0).prepare()\n"
        "deadline = time.monotonic() + 120\n"
        "while forkserver._forkserver._forkserver_pid is None:\n"
        "    assert time.monotonic() < deadline\n"
        "    time.sleep(0.05)\n"
        "print('running')\n"
    )
    assert _in_a_fresh_process(script) == "running"


def _first_move_from_a_cold_fork_server(settings: str, setup: str, report: str) -> str:
    """One random bot's move by a server whose workers fork from a fork server started
    without the pool's preload (as a simulation's runner in the same process does first),
    in a fresh process; what ``report`` prints about the pool afterwards."""
    script = (
        "import pathlib, sys, tempfile\n"
        "from multiprocessing import forkserver\n"
        "forkserver.ensure_running()  # cold: no preload\n"
        "from tests.server.conftest import sqlite_settings\n"
        "from tests.server.support import Api, ServerThread\n"
        "from tests.server.test_bot_pool import _match_against, _move_and_wait_for_the_bot\n"
        f"settings = sqlite_settings(pathlib.Path(tempfile.mkdtemp()), {settings})\n"
        "running = ServerThread(settings).start()\n"
        "try:\n"
        "    pool = running.app.state.services.pool\n"
        f"    {setup}\n"
        "    match_id, token = _match_against(Api(running.base), 'random')\n"
        "    _move_and_wait_for_the_bot(running, match_id, token, timeout=60)\n"
        f"    print({report})\n"
        "finally:\n"
        "    running.stop()\n"
    )
    return _in_a_fresh_process(script)


def test_a_workers_start_up_is_not_counted_as_its_bots_thinking() -> None:
    """Forked from a cold fork server, a worker loads every game before its first job.
    That start-up was counted as the bot's thinking, so a random bot on the quick worker
    was judged slow and sent to the general workers for good, behind whatever search they
    ran (a clean-clone CI run timed out on it). Here the quick share (0.1 s) is small, so
    that any start-up counted would exceed it, yet ten times a random move on a loaded
    machine (at 0.01 s a loaded CI run failed it)."""
    assert _first_move_from_a_cold_fork_server(
        "bot_workers=2, quick_bot_seconds=0.1",
        "pool.cost['random'] = 0.001  # known quick: the quick worker takes it first",
        "pool.workers[0].jobs_done, sorted(pool.demoted)") == "1 []"


def test_a_workers_start_up_is_not_counted_against_the_move_deadline() -> None:
    """The same start-up on a general worker was counted against the move deadline: with
    the test server's 1.5 s, a random bot's first move went to a fallback and its worker
    was killed (a clean-clone CI run failed on it). The deadline here (0.5 s) is shorter
    than the start-up (about 2 s), and hundreds of times a random move."""
    assert _first_move_from_a_cold_fork_server(
        "bot_workers=2, bot_move_deadline=0.5",
        "assert 'random' not in pool.cost  # not measured: a general worker takes it",
        "pool.workers[1].jobs_done, pool.stats.fallbacks, pool.stats.replaced_workers",
    ) == "1 0 0"


def test_a_worker_that_does_not_start_in_time_gives_its_move_to_a_fallback() -> None:
    """Start-up is not thinking, but neither is it endless: a worker not ready within
    ``STARTUP_SECONDS`` (here 0.05 s, against a cold start-up of about 2 s) is replaced and
    the bot's move falls back, so a person never waits on a broken worker."""
    assert _first_move_from_a_cold_fork_server(
        "bot_workers=2, bot_move_deadline=30",
        "import camelcade.server.botpool as botpool; botpool.STARTUP_SECONDS = 0.05",
        "pool.stats.fallbacks >= 1, pool.stats.replaced_workers >= 1, pool.stats.jobs",
    ) == "True True 0"


def test_the_simulation_runner_starts_the_fork_server_warm_for_the_bot_workers() -> None:
    """Regression (CI, 2026-12-07): the fork server is one per process, and the simulation
    runner started it bare; every bot worker after it loaded each game before its first
    move, on a loaded machine for longer than the tests waited. Both now start it with
    the preload (``bots.preload.worker_context``), so a worker forked after a simulation
    in the same process starts with every game loaded."""
    script = (
        "import pathlib, tempfile\n"
        "from camelcade.bots.preload import worker_context\n"
        "from camelcade.sim.lab import run_tournament\n"
        "from tests.server.bots_for_tests import say_if_preloaded\n"
        "from tests.sim.test_lab import tournament\n"
        "out = pathlib.Path(tempfile.mkdtemp()) / 'games.jsonl'\n"
        "played = run_tournament(tournament('kamelen', 'random,random'), 4, out, workers=2)\n"
        "context = worker_context()\n"
        "mine, theirs = context.Pipe()\n"
        "worker = context.Process(target=say_if_preloaded, args=(theirs,))\n"
        "worker.start()\n"
        "print(played.played, mine.recv())\n"
        "worker.join(30)\n"
    )
    assert _in_a_fresh_process(script) == "4 True"
