"""Server load: N concurrent bot-vs-bot matches through real websockets, SQLite and PostgreSQL.

A real ``python -m camelcade.server`` process listens on 127.0.0.1; this process runs the
clients (asyncio, one websocket per seat, random legal moves). Each pair of clients plays
a match to its end and starts another, until the time is up. A move counts once the
server has committed it and sent the mover the resulting ``state`` (the server tells
nobody before the commit), and its latency is the time from sending the action to that
message. Results go to ``benchmarks/results/server_load.json``; they are figures, never
asserted. The machine is shared with the clients (2 cores here), so the figures include
their cost.

    python benchmarks/server_load.py [--quick] [--matches N] [--seconds S]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

HOST = "127.0.0.1"
COMPRESSION: str | None = os.environ.get("BENCH_COMPRESSION", "deflate") or None
"""Browsers always offer permessage-deflate, so the clients do too (BENCH_COMPRESSION= off)."""
GAME = "a-dos-de-chameau"
MAX_STATES = 600
"""Matches longer than this are abandoned (random play may circle for a long time)."""
RESULTS = Path(__file__).resolve().parent / "results" / "server_load.json"
PG_PORT = 55432
PG_DIR = Path("/tmp/camelcade-pg")
SERVER_ENV = {"CAMELCADE_SERVER_RATE_PER_SECOND": "10000", "CAMELCADE_SERVER_RATE_BURST": "10000",
              "CAMELCADE_SERVER_HTTP_RATE_PER_SECOND": "10000",
              "CAMELCADE_SERVER_HTTP_RATE_BURST": "10000",
              "CAMELCADE_SERVER_CREATE_RATE_PER_SECOND": "10000",
              "CAMELCADE_SERVER_CREATE_RATE_BURST": "10000",
              "CAMELCADE_SERVER_MAX_CONNECTIONS_PER_ADDRESS": "100000"}
"""Every client here is one address (127.0.0.1), so the per-address limits are lifted."""
HELLO_EXTRA: dict[str, Any] = {}
"""Fields every client adds to its ``hello`` (``server_cpu.py``: ``{"board": False}``, a
client that draws no board)."""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


class Stats:
    def __init__(self, pairs: int) -> None:
        self.latencies: list[float] = []
        self.measuring = False
        self.matches = 0
        self.errors: dict[str, int] = {}
        self.waiting = pairs
        self.all_playing = asyncio.Event()

    def playing(self) -> None:
        """One more pair has its first match under way (setup is not measured)."""
        self.waiting -= 1
        if self.waiting <= 0:
            self.all_playing.set()


class Pace:
    """Spaces one match's moves about ``period`` seconds apart (None: answer at once).

    Matches must not move in step: the pace starts at a random phase when play begins
    (not when the match was created, or every match set up during a slow start would be
    due at once and stay in lockstep), and each gap is jittered by up to half a period,
    so the server sees moves arrive spread out the way independent players send them.
    """

    def __init__(self, period: float | None, rng: random.Random) -> None:
        self.period = period
        self.rng = rng
        self.next = 0.0

    def begin(self) -> None:
        if self.period is not None:
            self.next = time.monotonic() + self.rng.uniform(0, self.period)

    async def wait(self) -> None:
        if self.period is None:
            return
        delay = self.next - time.monotonic()
        if delay > 0:
            await asyncio.sleep(delay)
        self.next = max(time.monotonic(), self.next) + self.period * self.rng.uniform(0.5, 1.5)


async def seat_client(url: str, token: str, stats: Stats, rng: random.Random,
                      stop_at: float, pace: Pace, started: asyncio.Future[None]) -> None:
    """Play one seat: answer each of our turns with a random legal action."""
    async with connect(url, max_size=2**24, compression=COMPRESSION, close_timeout=1) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, **HELLO_EXTRA}))
        await started
        sent_at: float | None = None
        sent_for = -1
        while time.monotonic() < stop_at:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.01, stop_at - time.monotonic()))
            except TimeoutError:
                return
            message = json.loads(raw)
            kind = message["type"]
            if kind == "error":
                stats.errors[message["code"]] = stats.errors.get(message["code"], 0) + 1
                continue
            if kind != "state":
                continue
            state_id = message["state_id"]
            if sent_at is not None and state_id > sent_for:
                if stats.measuring:
                    stats.latencies.append(time.perf_counter() - sent_at)
                sent_at = None
            if message["status"] == "finished" or state_id > MAX_STATES:
                return
            legal = message["legal_actions"]
            if legal and state_id != sent_for:
                await pace.wait()
                sent_for = state_id
                sent_at = time.perf_counter()
                action = rng.choice(legal)["action"]
                await ws.send(json.dumps({"type": "action", "action": action,
                                          "state_id": state_id}))


async def post(http: httpx.AsyncClient, url: str, body: Any = None) -> Any:
    """POST and return the JSON answer, retrying when a kept-alive connection was closed.

    The server closes idle keep-alive connections after 5 s; on a loaded machine a request
    can be sent on one just as it closes, and a set-up that does not retry then waits for
    a pair that never starts.
    """
    for attempt in range(5):
        try:
            response = await http.post(url, json=body)
            return response.json()
        except httpx.TransportError:
            if attempt == 4:
                raise
            await asyncio.sleep(0.1 * (attempt + 1))
    raise AssertionError("unreachable")


async def pair_loop(base: str, http: httpx.AsyncClient, stats: Stats, seed: int,
                    stop_at: float, period: float | None) -> None:
    """Keep one match going: create, join both seats, play to the end, again."""
    rng = random.Random(seed)
    ws_base = base.replace("http", "ws", 1)
    first = True
    while time.monotonic() < stop_at:
        created = await post(http, "/api/matches", {
            "game": GAME, "options": {"players": 2}, "auto_start": True})
        match_id = created["match"]["id"]
        tokens = [(await post(http, f"/api/matches/{match_id}/seats/{seat}"))["token"]
                  for seat in (0, 1)]
        url = f"{ws_base}/ws/matches/{match_id}"
        pace = Pace(period, rng)
        started: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        clients = [asyncio.create_task(seat_client(url, t, stats, rng, stop_at, pace, started))
                   for t in tokens]
        if first:
            first = False
            stats.playing()
            await stats.all_playing.wait()
        pace.begin()
        started.set_result(None)
        await asyncio.gather(*clients)
        stats.matches += 1


def calibration_ms() -> float:
    """CPU milliseconds of a fixed pure-Python loop (best of three), taken before each run.

    This machine is shared: the same code has measured 1.0 and 1.6 ms of server CPU per move
    an hour apart. The loop tells a reader how fast the CPU was when a figure was taken.
    """
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        total = 0
        for i in range(1_000_000):
            total += i * i % 7
        best = min(best, time.process_time() - started)
    return round(best * 1000, 1)


def server_cpu(pid: int | None) -> float:
    """CPU seconds the server process has used (Linux), to report CPU per move."""
    if pid is None:
        return 0.0
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def drive(base: str, matches: int, seconds: float, warmup: float,
                rate: float | None = None, pid: int | None = None,
                go: Callable[[], Awaitable[None]] | None = None,
                keep: bool = False, seed: int = 0,
                on_measure: Callable[[bool], None] | None = None) -> dict[str, Any]:
    """Play ``matches`` at once; with ``rate``, each match moves every ``matches/rate`` s.

    ``go``, if given, is awaited once every match is set up, before the warm-up (the
    capacity run starts several client processes' measurements together this way);
    ``keep`` returns every latency too; ``seed`` offsets the matches' random seeds;
    ``on_measure`` is called with True as the measured window opens and False as it closes
    (``server_cpu.py`` profiles the server over it).
    """
    period = matches / rate if rate else None
    stats = Stats(matches)
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        far = time.monotonic() + 3600
        tasks = [asyncio.create_task(pair_loop(base, http, stats, seed + i, far, period))
                 for i in range(matches)]
        setup_started = time.monotonic()
        await asyncio.wait_for(stats.all_playing.wait(), 300)
        setup = time.monotonic() - setup_started
        if go is not None:
            await go()
        # the clients' own collector pauses would count as server latency: keep the set-up's
        # objects (httpx, websockets, 200 connections) out of its sight, as the server does
        gc.collect()
        gc.freeze()
        await asyncio.sleep(warmup)
        stats.measuring = True
        measured_from = time.monotonic()
        health_before = (await http.get("/api/health")).json()
        cpu_before, own_before = server_cpu(pid), time.process_time()
        if on_measure is not None:
            on_measure(True)
        await asyncio.sleep(seconds)
        stats.measuring = False
        if on_measure is not None:
            on_measure(False)
        elapsed = time.monotonic() - measured_from
        cpu = server_cpu(pid) - cpu_before
        own = time.process_time() - own_before
        health_after = (await http.get("/api/health", timeout=120)).json()
        for task in tasks:
            task.cancel()
        await asyncio.wait(tasks, timeout=15)  # the figures are taken: do not hang on goodbyes
    latencies = sorted(stats.latencies)
    moves = len(latencies)
    batches = health_after["batches"] - health_before["batches"]
    committed = health_after["batched_moves"] - health_before["batched_moves"]

    def pct(q: float) -> float:
        return percentile(latencies, q, 1000)

    return {
        "offered_moves_per_second": rate,
        "concurrent_matches": matches,
        "seconds": round(elapsed, 2),
        "moves": moves,
        "moves_per_second": round(moves / elapsed, 1),
        "latency_ms_p50": round(pct(0.50), 2),
        "latency_ms_p99": round(pct(0.99), 2),
        "latency_ms_mean": round(statistics.fmean(latencies) * 1000, 2) if latencies else None,
        "matches_finished": stats.matches,
        "setup_seconds": round(setup, 2),
        "server_cpu_ms_per_move": round(cpu / moves * 1000, 3) if moves and pid else None,
        "server_cpu_share": round(cpu / elapsed, 2) if pid else None,
        "commits_per_second": round(batches / elapsed, 1),
        "moves_per_commit": round(committed / batches, 2) if batches else None,
        "errors": stats.errors,
        "client_cpu_share": round(own / elapsed, 2),
        **({"latencies_ms": [round(x * 1000, 3) for x in latencies]} if keep else {}),
    }


def percentile(ordered: list[float], q: float, scale: float = 1.0) -> float:
    """The ``q`` quantile of sorted values (nearest rank), times ``scale``; NaN if none."""
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * scale


def start_server(db: str, log: Path, env: dict[str, str] | None = None,
                 command: list[str] | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """The server on a free port; ``env`` replaces ``SERVER_ENV`` (the lifted limits);
    ``command`` replaces ``-m camelcade.server`` (``server_cpu.py``: under a profiler)."""
    port = free_port()
    with open(log, "ab") as out:
        proc = subprocess.Popen(
            [sys.executable, *(command or ["-m", "camelcade.server"]), "--db", db,
             "--host", HOST, "--port", str(port)],
            stdout=out, stderr=subprocess.STDOUT,
            env={**os.environ, **(SERVER_ENV if env is None else env)},
        )
    base = f"http://{HOST}:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited; see {log}")
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(base + "/api/health", timeout=1).status_code == 200:
                return proc, base
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError("the server did not start")


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(15)
    except subprocess.TimeoutExpired:
        proc.kill()


@contextlib.contextmanager
def postgres() -> Any:
    """Makes empty PostgreSQL databases (URLs) on the test cluster, started here if needed.

    Yields a function returning a fresh database's URL on each call, or None when
    PostgreSQL is not installed; every database made is dropped at the end.
    """
    import psycopg

    admin = f"postgresql://camel@{HOST}:{PG_PORT}/postgres"
    started = False

    def up() -> bool:
        try:
            with psycopg.connect(admin, connect_timeout=2):
                return True
        except psycopg.Error:
            return False

    if not up():
        pg_ctl = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))
        if not pg_ctl:
            yield None
            return
        binaries = pg_ctl[-1].parent
        as_pg = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        PG_DIR.mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:
            shutil.chown(PG_DIR, "postgres", "postgres")
        if not (PG_DIR / "data" / "PG_VERSION").exists():
            subprocess.run([*as_pg, str(binaries / "initdb"), "-D", str(PG_DIR / "data"),
                            "-U", "camel", "--auth=trust", "-E", "UTF8"], check=True,
                           capture_output=True)
        subprocess.run([*as_pg, str(binaries / "pg_ctl"), "-D", str(PG_DIR / "data"), "-l",
                        str(PG_DIR / "log"), "-w", "-o",
                        f"-k {PG_DIR} -p {PG_PORT} -c listen_addresses={HOST}", "start"],
                       check=True, capture_output=True)
        started = True
    made: list[str] = []

    def new_database() -> str:
        name = f"bench_{os.getpid()}_{len(made)}"
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{name}"')
        made.append(name)
        return f"postgresql+psycopg://camel@{HOST}:{PG_PORT}/{name}"

    try:
        yield new_database
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            for name in made:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if started:
            subprocess.run([*as_pg, str(binaries / "pg_ctl"), "-D", str(PG_DIR / "data"),
                            "-m", "fast", "-w", "stop"], capture_output=True)


def _run(coroutine: Any) -> Any:
    """Run the clients on uvloop when it is there (it ships with uvicorn[standard])."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coroutine)
    return uvloop.run(coroutine)


def measure(new_database: Callable[[], str], matches: int, seconds: float, warmup: float,
            rate: float, log: Path, repeats: int) -> dict[str, Any]:
    """Paced at ``rate`` ``repeats`` times, then as fast as it answers; each run on a fresh
    server with an empty database (a restarted server would reload the last run's matches).

    One run's p99 rests on its slowest 1 % of moves, so a single hiccup of the shared
    machine (or of PostgreSQL's own background work) can move it a lot; the paced figure
    reported is the run with the median p99, with every run's p50 and p99 beside it.
    """

    def once(offered: float | None) -> dict[str, Any]:
        calibration = calibration_ms()
        proc, base = start_server(new_database(), log)
        try:
            result: dict[str, Any] = _run(drive(base, matches, seconds, warmup, offered,
                                                proc.pid))
            result["calibration_loop_cpu_ms"] = calibration
            return result
        finally:
            stop_server(proc)

    paced = sorted((once(rate) for _ in range(repeats)), key=lambda r: r["latency_ms_p99"])
    median = dict(paced[len(paced) // 2])
    median["repeats"] = repeats
    median["latency_ms_p50_each_run"] = [r["latency_ms_p50"] for r in paced]
    median["latency_ms_p99_each_run"] = [r["latency_ms_p99"] for r in paced]
    median["calibration_loop_cpu_ms_each_run"] = [r["calibration_loop_cpu_ms"] for r in paced]
    return {"paced": median, "saturated": once(None)}


CAPACITY_MATCHES = 500
"""The capacity run: this many matches, each moving about once a second (SQLite)."""


def capacity(matches: int = CAPACITY_MATCHES, seconds: float = 30.0, warmup: float = 5.0,
             repeats: int = 3, clients: int = 2, per_match: float = 1.0) -> dict[str, Any]:
    """``matches`` matches at ``per_match`` moves a second each, on a fresh SQLite server,
    ``repeats`` times: the run with the median p99, with every run's p50, p99, CPU and
    calibration. (A lower ``per_match`` holds as many matches in memory for fewer moves.)

    The server is one process. The load generator is ``clients`` other processes, each
    playing its share of the matches: one Python process cannot read a thousand websockets'
    messages at 500 moves a second and still answer on time. They are set up first and
    then measured together; the CPU each used is reported beside the latencies.
    """
    runs = []
    with tempfile.TemporaryDirectory(prefix="camelcade-capacity-") as tmp:
        log = Path(os.environ.get("BENCH_SERVER_LOG", Path(tmp) / "server.log"))
        for attempt in range(repeats):
            calibration = calibration_ms()
            load_before = os.getloadavg()[0]
            proc, base = start_server(f"sqlite:///{tmp}/capacity-{attempt}.db", log)
            try:
                runs.append(_capacity_once(base, proc.pid, matches, seconds, warmup, clients,
                                           per_match))
            finally:
                stop_server(proc)
            runs[-1]["calibration_loop_cpu_ms"] = calibration
            runs[-1]["load_average_before"] = load_before
    runs.sort(key=lambda r: r["latency_ms_p99"])
    median = dict(runs[len(runs) // 2])
    median["repeats"] = repeats
    for key in ("latency_ms_p50", "latency_ms_p99", "moves_per_second",
                "server_cpu_ms_per_move", "server_cpu_share", "load_generator_cpu_share",
                "calibration_loop_cpu_ms", "load_average_before"):
        median[f"{key}_each_run"] = [r[key] for r in runs]
    return median


def _capacity_once(base: str, pid: int, matches: int, seconds: float, warmup: float,
                   clients: int, per_match: float = 1.0) -> dict[str, Any]:
    share = matches // clients
    outputs = [Path(tempfile.mkstemp(prefix="camelcade-part-", suffix=".json")[1])
               for _ in range(clients)]
    parts = [subprocess.Popen(
        [sys.executable, __file__, "--part", base, str(share), str(share * per_match),
         str(seconds), str(warmup), str(i * share), str(outputs[i])],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) for i in range(clients)]
    for part in parts:  # each says "ready" once its matches are set up and playing
        assert part.stdout is not None
        if part.stdout.readline().strip() != "ready":
            raise RuntimeError("a load generator process failed to set up")
    for part in parts:
        assert part.stdin is not None
        part.stdin.write("go\n")
        part.stdin.flush()
    time.sleep(warmup)
    cpu_before, started = server_cpu(pid), time.monotonic()
    time.sleep(seconds)
    cpu, elapsed = server_cpu(pid) - cpu_before, time.monotonic() - started
    results = []
    for part, output in zip(parts, outputs, strict=True):
        part.communicate(timeout=300)
        results.append(json.loads(output.read_text(encoding="utf-8")))
        output.unlink()
    failed = [r["failed"] for r in results if "failed" in r]
    if failed:
        raise RuntimeError(f"a load generator process failed: {failed[0]}")
    latencies = sorted(x for r in results for x in r["latencies_ms"])
    moves = len(latencies)

    def pct(q: float) -> float:
        return percentile(latencies, q)

    return {
        "concurrent_matches": matches,
        "offered_moves_per_second": matches * per_match,
        "load_generator_processes": clients,
        "seconds": round(elapsed, 2),
        "moves": moves,
        "moves_per_second": round(moves / elapsed, 1),
        "latency_ms_p50": round(pct(0.50), 2),
        "latency_ms_p99": round(pct(0.99), 2),
        "latency_ms_max": round(pct(1.0), 2),
        "server_cpu_ms_per_move": round(cpu / moves * 1000, 3) if moves else None,
        "server_cpu_share": round(cpu / elapsed, 2),
        "load_generator_cpu_share": round(sum(r["client_cpu_share"] for r in results), 2),
        "moves_per_commit_each_client": [r["moves_per_commit"] for r in results],
        "setup_seconds_each_client": [r["setup_seconds"] for r in results],
        "errors": [r["errors"] for r in results],
    }


def drive_part(base: str, matches: int, rate: float, seconds: float, warmup: float,
               seed: int, output: Path) -> None:
    """One load generator process of the capacity run (see ``capacity``)."""

    async def go() -> None:
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)

    async def part() -> None:
        try:
            result = await drive(base, matches, seconds, warmup, rate, go=go, keep=True,
                                 seed=seed)
        except BaseException as error:  # reported by the parent, never a hang
            result = {"failed": repr(error)[:500]}
        output.write_text(json.dumps(result), encoding="utf-8")
        sys.stdout.flush()
        os._exit(0)  # the figures are written; no clean-up of hundreds of sockets can hang

    _run(part())


def run(quick: bool = False, matches: int | None = None,
        seconds: float | None = None) -> dict[str, Any]:
    """Measure both backends; ``quick`` is a short smoke run with fewer matches.

    Each backend gets a paced run (every match moves every ``matches / rate`` seconds, the
    way bots or people who think a little would: 100 matches at 500 moves/s is one move per
    match every 0.2 s) and a saturated one (clients answer instantly; with N matches
    always waiting, latency is then N / throughput by Little's law).
    """
    matches = matches or (20 if quick else 100)
    repeats = 1 if quick else 3
    seconds = seconds or (4.0 if quick else 15.0)
    warmup = 1.0 if quick else 3.0
    rate = 100.0 if quick else 500.0
    results: dict[str, Any] = {
        "benchmark": "server_load",
        "game": GAME,
        "cores": os.cpu_count(),
        "load_average_before": os.getloadavg()[0],
        "note": "load_average counts every process on the machine; server_cpu_share is the "
                "share of one core the server process got while measured",
        "quick": quick,
        "backends": {},
    }
    with tempfile.TemporaryDirectory(prefix="camelcade-bench-") as tmp:
        log = Path(tmp) / "server.log"
        files = iter(range(1000))
        results["backends"]["sqlite"] = measure(
            lambda: f"sqlite:///{tmp}/bench-{next(files)}.db", matches, seconds, warmup, rate,
            log, repeats)
        with postgres() as new_database:
            if new_database is None:
                results["backends"]["postgresql"] = {"skipped": "PostgreSQL is not installed"}
            else:
                results["backends"]["postgresql"] = measure(
                    new_database, matches, seconds, warmup, rate, log, repeats)
        if not quick:
            results["capacity_sqlite"] = capacity()
    results["load_average_after"] = os.getloadavg()[0]
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--matches", type=int)
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--capacity", type=int, metavar="MATCHES",
                        help="only the capacity run: MATCHES matches at one move a second")
    parser.add_argument("--per-match", type=float, default=1.0, metavar="MOVES",
                        help="with --capacity: moves a second each match makes (default 1)")
    parser.add_argument("--part", nargs=7, help=argparse.SUPPRESS)
    parser.add_argument("--priority", type=int, default=0,
                        help="run the server and the clients this many niceness levels "
                             "above the rest of the machine (root only)")
    args = parser.parse_args()
    if args.part:
        base, matches, rate, seconds, warmup, seed, output = args.part
        drive_part(base, int(matches), float(rate), float(seconds), float(warmup), int(seed),
                   Path(output))
        return
    if args.priority:
        os.setpriority(os.PRIO_PROCESS, 0, os.getpriority(os.PRIO_PROCESS, 0) - args.priority)
    if args.capacity:
        figures = {"benchmark": "server_capacity", "game": GAME, "cores": os.cpu_count(),
                   "priority_over_other_processes": args.priority,
                   **capacity(args.capacity, args.seconds or 30.0, per_match=args.per_match)}
        out = RESULTS.with_name("server_capacity.json")
        out.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
        print(json.dumps(figures, indent=1))
        return
    results = run(args.quick, args.matches, args.seconds)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
