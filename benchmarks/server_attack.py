"""Server under attack: 100 ordinary matches play while every attack of issue 13 runs at once.

One real server process (SQLite, default limits) on 127.0.0.1. This process plays the
ordinary matches: people (one websocket per seat, a random legal move about once a second
per match) and, in some matches, a server-side random bot against a person. A second
process attacks at the same time, from other loopback addresses, as strangers would:

- **bot matches**: bot-only search matches (``mcts`` against ``mcts``), as many as it may
  create, each watched so that it runs;
- **a spectator storm**: hundreds of spectators on one ordinary match, half of them
  leaving and coming back every few seconds;
- **a message flood**: connections sending actions as fast as they can, reconnecting
  when cut off;
- **junk frames**: deeply nested JSON, duplicate keys, binary junk, control characters,
  frames beyond the transport limit;
- **lobby polling and HTTP abuse**: the largest lobby page in a loop, a create flood,
  bodies far beyond the limit.

The run has two measured phases on the same server and the same matches: first without
the attack, then with it. For each it writes every ordinary match's acknowledgement p50 and
p99 (a move's latency from sending it to the committed ``state`` reaching the mover), their
overall p50/p99, and a random bot's reply time (from the acknowledgement of the person's
move to the bot's move reaching the person), with the server's CPU per move and what the
attack achieved, to ``benchmarks/results/server_attack.json``. Figures, never asserted;
every loop is bounded in time.

    python benchmarks/server_attack.py [--quick] [--seconds S]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks import server_load as load

HOST = load.HOST
GAME = "a-dos-de-chameau"
RESULTS = Path(__file__).resolve().parent / "results" / "server_attack.json"
ORDINARY = 100
BOT_MATCHES = 20
"""Ordinary matches where a person plays a server ``random`` bot (the rest: two people)."""
PERIOD = 1.0
"""Seconds between one ordinary match's moves (each seat thinks about a second)."""
STORM = 400
"""Spectators on one ordinary match; half of them leave and come back every 3 s."""
FLOODERS, FLOOD_RATE = 4, 500
"""Connections flooding, and the actions each sends a second."""
JUNK_RATE = 20
"""Junk frames a second, each on a new connection."""
POLLERS, POLL_RATE = 4, 50
"""Addresses polling the lobby's largest page, and their calls a second each."""
ABUSE_RATE = 5
"""Create calls, and 1 MB bodies, a second from one address."""


def address(block: int, index: int) -> str:
    """A loopback address: every ordinary match's clients and each attacker their own."""
    return f"127.{block}.{index // 250}.{index % 250 + 1}"


def percentile(values: list[float], q: float) -> float | None:
    """Milliseconds, rounded; None when nothing was measured."""
    return round(load.percentile(sorted(values), q, 1000), 2) if values else None


# -- the ordinary matches ----------------------------------------------------------------


@dataclass
class Phase:
    """Latencies by ordinary match, for the phase being measured (None between phases)."""

    name: str | None = None
    acks: dict[str, dict[int, list[float]]] = field(default_factory=dict)
    replies: dict[str, list[float]] = field(default_factory=dict)
    errors: Counter[str] = field(default_factory=Counter)

    def ack(self, match: int, seconds: float) -> None:
        if self.name is not None:
            self.acks.setdefault(self.name, {}).setdefault(match, []).append(seconds)

    def reply(self, seconds: float) -> None:
        if self.name is not None:
            self.replies.setdefault(self.name, []).append(seconds)


async def seat(url: str, token: str, index: int, phase: Phase, pace: load.Pace,
               rng: random.Random, stop_at: float, source: str,
               ready: asyncio.Event, against_bot: bool) -> None:
    """One person: a random legal move about every ``PERIOD`` s; times acks and, against
    a bot, the bot's replies."""
    async with connect(url, max_size=2**24, compression=load.COMPRESSION,
                       local_addr=(source, 0)) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        await ready.wait()
        sent_at: float | None = None
        sent_for = -1
        acked_at: float | None = None
        me: int | None = None
        while time.monotonic() < stop_at:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.01, stop_at - time.monotonic()))
            except TimeoutError:
                return
            message = json.loads(raw)
            if message["type"] == "welcome":
                me = message["seat"]
            if message["type"] == "error":
                phase.errors[message["code"]] += 1
                continue
            if message["type"] != "state":
                continue
            state_id = message["state_id"]
            now = time.perf_counter()
            if sent_at is not None and state_id > sent_for:
                phase.ack(index, now - sent_at)
                sent_at = None
                bot_next = against_bot and message["current_player"] not in (me, None)
                acked_at = now if bot_next and message["status"] == "running" else None
            elif acked_at is not None and message["current_player"] == me:
                phase.reply(now - acked_at)
                acked_at = None
            if message["status"] == "finished" or state_id > load.MAX_STATES:
                return
            legal = message["legal_actions"]
            if legal and state_id != sent_for:
                await pace.wait()
                sent_for, sent_at = state_id, time.perf_counter()
                await ws.send(json.dumps({"type": "action", "state_id": state_id,
                                          "action": rng.choice(legal)["action"]}))


async def ordinary_match(base: str, index: int, phase: Phase, stop_at: float,
                         started: asyncio.Event, ready: asyncio.Event,
                         ids: list[str]) -> None:
    """Keep one ordinary match going until the end of the run, from its own address."""
    source = address(1, index)
    rng = random.Random(index)
    transport = httpx.AsyncHTTPTransport(local_address=source)
    against_bot = index < BOT_MATCHES
    async with httpx.AsyncClient(base_url=base, timeout=60, transport=transport) as http:
        first = True
        while time.monotonic() < stop_at:
            seats: list[dict[str, Any]] = [{"kind": "open"}, {"kind": "open"}]
            if against_bot:
                seats[1] = {"kind": "bot", "bot": "random"}
            created = await load.post(http, "/api/matches", {
                "game": GAME, "options": {"players": 2}, "seats": seats, "auto_start": True})
            match_id = created["match"]["id"]
            people = [0] if against_bot else [0, 1]
            tokens = [(await load.post(http, f"/api/matches/{match_id}/seats/{s}",
                                       {"name": f"P{index}.{s}"}))["token"] for s in people]
            if first:
                ids[index] = match_id
            url = f"{base.replace('http', 'ws', 1)}/ws/matches/{match_id}"
            pace = load.Pace(PERIOD, rng)
            go = asyncio.Event()
            tasks = [asyncio.create_task(seat(url, token, index, phase, pace, rng, stop_at,
                                              source, go, against_bot)) for token in tokens]
            if first:
                first = False
                started.set()
                await ready.wait()
            pace.begin()
            go.set()
            await asyncio.gather(*tasks, return_exceptions=True)


# -- the attacker (a second process) -----------------------------------------------------


class Attack:
    """Every attack at once, for ``seconds``; counts what each achieved."""

    def __init__(self, base: str, target: str, seconds: float) -> None:
        self.base = base
        self.ws = base.replace("http", "ws", 1)
        self.target = target
        self.stop_at = time.monotonic() + seconds
        self.counts: Counter[str] = Counter()

    def running(self) -> bool:
        return time.monotonic() < self.stop_at

    def http(self, source: str) -> httpx.AsyncClient:
        return httpx.AsyncClient(base_url=self.base, timeout=10,
                                 transport=httpx.AsyncHTTPTransport(local_address=source))

    async def hold(self, match_id: str, source: str, until: float) -> None:
        """A spectator that stays until ``until`` (reading and dropping what it is sent)."""
        try:
            async with connect(f"{self.ws}/ws/matches/{match_id}", local_addr=(source, 0),
                               max_size=2**24, open_timeout=10) as ws:
                await ws.send(json.dumps({"type": "hello", "token": None}))
                while time.monotonic() < until and self.running():
                    with contextlib.suppress(TimeoutError):
                        raw = await asyncio.wait_for(ws.recv(), 0.5)
                        if '"type":"error"' in str(raw)[:40]:
                            self.counts[f"spectator refused {json.loads(raw)['code']}"] += 1
                            return
                self.counts["spectator sessions"] += 1
        except Exception as error:
            self.counts[f"spectator {type(error).__name__}"] += 1

    async def bot_matches(self) -> None:
        watched = []
        for attacker in range(4):
            async with self.http(address(2, attacker)) as http:
                for _ in range(5):
                    response = await http.post("/api/matches", json={
                        "game": "kamelen", "auto_start": True,
                        "seats": [{"kind": "bot", "bot": "mcts"}] * 2})
                    if response.status_code == 201:
                        self.counts["bot-only matches created"] += 1
                        watched.append(response.json()["match"]["id"])
                    else:
                        self.counts[f"bot-only refused {response.json()['error']['code']}"] += 1
        await asyncio.gather(*(self.hold(match_id, address(2, 10 + i), self.stop_at)
                               for i, match_id in enumerate(watched)))

    async def storm(self) -> None:
        """``STORM`` spectators on the target, from 20 addresses; half churn every 3 s."""
        sources = [address(3, i) for i in range(20)]
        steady = [asyncio.create_task(self.hold(self.target, sources[i % 20], self.stop_at))
                  for i in range(STORM // 2)]
        while self.running():
            until = min(self.stop_at, time.monotonic() + 3.0)
            await asyncio.gather(*(self.hold(self.target, sources[i % 20], until)
                                   for i in range(STORM // 2)))
        await asyncio.gather(*steady)

    async def flood(self, index: int) -> None:
        """``FLOOD_RATE`` actions a second on one connection, again when cut off."""
        frame = json.dumps({"type": "action", "action": "storm", "state_id": 0})
        while self.running():
            try:
                async with connect(f"{self.ws}/ws/matches/{self.target}",
                                   local_addr=(address(4, index), 0)) as ws:
                    await ws.send(json.dumps({"type": "hello", "token": None}))
                    while self.running():
                        for _ in range(FLOOD_RATE // 10):
                            await ws.send(frame)
                        self.counts["flood frames"] += FLOOD_RATE // 10
                        await asyncio.sleep(0.1)
            except Exception:
                self.counts["flood connections cut"] += 1
                await asyncio.sleep(0.05)

    async def junk(self) -> None:
        frames: list[str | bytes] = [
            "[" * 2000 + "]" * 2000,
            '{"type":"hello","type":"action","action":"x","state_id":0}',
            b"\xff\xfe\x00 binary junk",
            '{"type":"action","action":"oasis1\\n0","state_id":1}',
            "x" * (200 * 1024),
            '{"type": "hello", "token": "' + "\u202e" * 50 + '"}',
        ]
        turn = 0
        while self.running():
            frame = frames[turn % len(frames)]
            turn += 1
            try:
                async with connect(f"{self.ws}/ws/matches/{self.target}",
                                   local_addr=(address(5, turn % 8), 0)) as ws:
                    await ws.send(frame)
                    answer = await asyncio.wait_for(ws.recv(), 5)
                    self.counts[f"junk answered {json.loads(answer).get('code')}"] += 1
            except Exception as error:
                self.counts[f"junk {type(error).__name__}"] += 1
            await asyncio.sleep(1 / JUNK_RATE)

    async def poll(self, index: int) -> None:
        async with self.http(address(6, index)) as http:
            while self.running():
                response = await http.get("/api/matches", params={"limit": 200})
                self.counts[f"lobby {response.status_code}"] += 1
                await asyncio.sleep(1 / POLL_RATE)

    async def http_abuse(self) -> None:
        async with self.http(address(7, 0)) as http:
            big = b'{"game": "kamelen", "pad": "' + b"x" * (1 << 20) + b'"}'
            while self.running():
                created = await http.post("/api/matches", json={"game": "kamelen"})
                self.counts[f"create {created.status_code}"] += 1
                oversized = await http.post("/api/matches", content=big,
                                            headers={"Content-Type": "application/json"})
                self.counts[f"big body {oversized.status_code}"] += 1
                await asyncio.sleep(1 / ABUSE_RATE)

    async def run(self) -> dict[str, int]:
        started = time.process_time()
        jobs = [self.bot_matches(), self.storm(), self.junk(), self.http_abuse(),
                *(self.flood(i) for i in range(FLOODERS)), *(self.poll(i) for i in range(POLLERS))]
        await asyncio.gather(*jobs, return_exceptions=True)
        self.counts["attacker cpu ms"] = round((time.process_time() - started) * 1000)
        return dict(sorted(self.counts.items()))


def attacker_main(base: str, target: str, seconds: float) -> None:
    print(json.dumps(load._run(Attack(base, target, seconds).run())), flush=True)


# -- the run -----------------------------------------------------------------------------


def summarise(phase: Phase, name: str, cpu: float, seconds: float) -> dict[str, Any]:
    by_match = phase.acks.get(name, {})
    every = [s for values in by_match.values() for s in values]
    per_match = {str(i): [percentile(v, 0.5), percentile(v, 0.99), len(v)]
                 for i, v in sorted(by_match.items())}
    p99s = [p for _p50, p, _n in per_match.values() if p is not None]
    replies = phase.replies.get(name, [])
    return {
        "moves_acknowledged": len(every),
        "ack_ms_p50": percentile(every, 0.5),
        "ack_ms_p99": percentile(every, 0.99),
        "ack_ms_max": percentile(every, 1.0),
        "worst_match_ack_ms_p99": max(p99s) if p99s else None,
        "median_match_ack_ms_p99": statistics.median(p99s) if p99s else None,
        "random_bot_replies": len(replies),
        "random_bot_reply_ms_p50": percentile(replies, 0.5),
        "random_bot_reply_ms_p99": percentile(replies, 0.99),
        "server_cpu_seconds": round(cpu, 2),
        "server_cpu_share": round(cpu / seconds, 2),
        "server_cpu_ms_per_acknowledged_move": round(cpu / len(every) * 1000, 3)
        if every else None,
        "each_match_ack_ms_p50_p99_moves": per_match,
    }


async def drive(base: str, pid: int, seconds: float, warmup: float) -> dict[str, Any]:
    phase = Phase()
    far = time.monotonic() + warmup + 2 * seconds + 600
    ids: list[str] = [""] * ORDINARY
    ready = asyncio.Event()
    starts = [asyncio.Event() for _ in range(ORDINARY)]
    tasks = [asyncio.create_task(ordinary_match(base, i, phase, far, starts[i], ready, ids))
             for i in range(ORDINARY)]
    setup_from = time.monotonic()
    await asyncio.wait_for(asyncio.gather(*(s.wait() for s in starts)), 300)
    setup = time.monotonic() - setup_from
    ready.set()
    await asyncio.sleep(warmup)
    results: dict[str, Any] = {"setup_seconds": round(setup, 1)}
    attack_out: dict[str, int] = {}
    for name in ("without_attack", "with_attack"):
        attacker = None
        if name == "with_attack":
            attacker = await asyncio.create_subprocess_exec(
                sys.executable, __file__, "--attacker", base, ids[0], str(seconds + 2),
                stdout=asyncio.subprocess.PIPE, preexec_fn=_normal_priority)
            await asyncio.sleep(2.0)  # let the storm and the bot matches get going
        cpu_before, started = load.server_cpu(pid), time.monotonic()
        phase.name = name
        await asyncio.sleep(seconds)
        phase.name = None
        elapsed = time.monotonic() - started
        results[name] = summarise(phase, name, load.server_cpu(pid) - cpu_before, elapsed)
        results[name]["seconds"] = round(elapsed, 1)
        if attacker is not None:
            out, _ = await asyncio.wait_for(attacker.communicate(), 120)
            attack_out = json.loads(out.decode().strip().splitlines()[-1])
        async with httpx.AsyncClient(base_url=base, timeout=10) as http:
            try:
                results[name]["server_health"] = (await http.get("/api/health")).json()
            except httpx.HTTPError as error:  # a stalled server is a finding, not a crash
                results[name]["server_health"] = {
                    "error": f"no health answer within 10 s after the phase: {error!r}"}
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    results["attack"] = attack_out
    results["ordinary_client_errors"] = dict(phase.errors)
    return results


def _normal_priority() -> None:
    """The attacker runs at the priority this benchmark was started with."""
    os.setpriority(os.PRIO_PROCESS, 0, START_NICENESS)


START_NICENESS = os.getpriority(os.PRIO_PROCESS, 0)


MEDIAN_OF = ("ack_ms_p50", "ack_ms_p99", "worst_match_ack_ms_p99", "random_bot_reply_ms_p50",
             "random_bot_reply_ms_p99", "server_cpu_share",
             "server_cpu_ms_per_acknowledged_move")


def run(quick: bool = False, seconds: float | None = None, priority: int = 0,
        repeats: int | None = None) -> dict[str, Any]:
    """``repeats`` runs (each both phases on a fresh server); each phase's figures are the
    medians over the runs, with every run's figures kept beside them.

    ``priority`` raises the server and the ordinary clients that many niceness levels
    above the other processes of this shared machine (root only), so the figures show
    what the attack does rather than what other people's jobs do."""
    repeats = repeats or (1 if quick else 3)
    runs = [run_once(quick, seconds, priority) for _ in range(repeats)]
    result = dict(runs[-1])
    result["repeats"] = repeats
    for name in ("without_attack", "with_attack"):
        phase = dict(runs[-1][name])
        for key in MEDIAN_OF:
            values = [r[name][key] for r in runs if r[name][key] is not None]
            phase[key] = statistics.median(values) if values else None
            phase[f"{key}_each_run"] = [r[name][key] for r in runs]
        phase["each_match_ack_ms_p50_p99_moves_each_run"] = [
            r[name]["each_match_ack_ms_p50_p99_moves"] for r in runs]
        phase.pop("each_match_ack_ms_p50_p99_moves", None)
        result[name] = phase
    result["attack_each_run"] = [r["attack"] for r in runs]
    result["calibration_loop_cpu_ms_each_run"] = [r["calibration_loop_cpu_ms"] for r in runs]
    result["load_average_before_each_run"] = [r["load_average_before"] for r in runs]
    return result


def run_once(quick: bool = False, seconds: float | None = None, priority: int = 0
             ) -> dict[str, Any]:
    """One run: the ordinary matches without, then with, the attack, on one fresh server."""
    if priority:
        os.setpriority(os.PRIO_PROCESS, 0, START_NICENESS - priority)
    seconds = seconds or (10.0 if quick else 30.0)
    warmup = 3.0 if quick else 5.0
    calibration = load.calibration_ms()
    results: dict[str, Any] = {
        "benchmark": "server_attack", "game": GAME, "ordinary_matches": ORDINARY,
        "of_which_against_a_random_bot": BOT_MATCHES, "move_period_seconds": PERIOD,
        "cores": os.cpu_count(), "load_average_before": os.getloadavg()[0],
        "calibration_loop_cpu_ms": calibration, "quick": quick,
        "priority_over_other_processes": priority,
        "note": "one server process (SQLite, default limits); the ordinary clients in this "
                "process, the attacker in another; all share the machine's cores",
    }
    with tempfile.TemporaryDirectory(prefix="camelcade-attack-") as tmp:
        log = Path(tmp) / "server.log"
        # the default limits: every client here has its own address
        proc, base = load.start_server(f"sqlite:///{tmp}/attack.db", log, env={})
        try:
            results.update(load._run(drive(base, proc.pid, seconds, warmup)))
        finally:
            load.stop_server(proc)
    results["load_average_after"] = os.getloadavg()[0]
    results["calibration_loop_cpu_ms_after"] = load.calibration_ms()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--repeats", type=int)
    parser.add_argument("--priority", type=int, default=0,
                        help="run the server and the ordinary clients this many niceness "
                             "levels above the rest of the machine (root only)")
    parser.add_argument("--attacker", nargs=3, metavar=("BASE", "MATCH", "SECONDS"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.attacker:
        attacker_main(args.attacker[0], args.attacker[1], float(args.attacker[2]))
        return
    results = run(args.quick, args.seconds, args.priority, args.repeats)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(brief(results), indent=1))


def brief(results: dict[str, Any]) -> dict[str, Any]:
    """The results without the per-match lists, for the terminal."""
    return {key: {k: v for k, v in value.items() if not k.startswith("each_match")}
            if isinstance(value, dict) else value for key, value in results.items()}


if __name__ == "__main__":
    main()
