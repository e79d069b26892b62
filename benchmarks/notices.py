"""Notice delivery latency and the server's CPU per move with notices on and off.

A real server process on SQLite with a real SMTP server (``aiosmtpd``) and a local HTTP
endpoint standing in for a push service, both on 127.0.0.1. ``matches`` two-seat matches
whose seats are both away: a one-second turn clock lets the server's bot play each timed-
out turn, so every move passes the turn to an absent person and causes a "your turn"
notice (seat 0 by e-mail, seat 1 by Web Push), with no client connected at all.

* Latency: from the move's commit (the outbox row's ``created_at``, the time the move was
  stamped just before its transaction) to the SMTP server receiving the mail or the push
  endpoint receiving the request, matched by the mail's ``Message-ID`` and the push's
  ``Topic`` (both made from the notice's key), p50 and p99 over the first ``notices``
  notices committed in the measured window (after the set-up and a warm-up).
* CPU: the same load on a server with notices on (channels subscribed, mails and pushes
  sent) and one with ``notices`` off, alternating ``repeats`` times in the same run: the
  server process's CPU seconds over a measured window divided by the moves in it.

    python benchmarks/notices.py [--matches 40] [--notices 200] [--seconds 12] [--repeats 2]
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import os
import sqlite3
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks import server_load as load

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results" / "notices.json"


class Arrivals:
    """When each mail and push request arrived, by the id derived from its notice's key."""

    def __init__(self) -> None:
        self.times: dict[str, float] = {}
        self.lock = threading.Lock()

    def add(self, ident: str) -> None:
        with self.lock:
            self.times.setdefault(ident, time.time())

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        arrived = time.time()
        for line in envelope.content.decode(errors="replace").splitlines():
            if line.lower().startswith("message-id:"):
                ident = line.split(":", 1)[1].strip().strip("<>").split("@")[0]
                with self.lock:
                    self.times.setdefault(ident, arrived)
                break
        return "250 OK"


def push_endpoint(arrivals: Arrivals) -> ThreadingHTTPServer:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            arrivals.add(self.headers.get("Topic") or "")
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            self.send_response(201)
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            return

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def subscription(endpoint: str) -> dict[str, Any]:
    key = ec.generate_private_key(ec.SECP256R1()).public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return {"endpoint": endpoint, "keys": {"p256dh": _b64(key), "auth": _b64(os.urandom(16))}}


def set_up(base: str, matches: int, notices: bool, endpoint: str) -> None:
    with httpx.Client(base_url=base, timeout=30) as http:
        for i in range(matches):
            created = http.post("/api/matches", json={
                "game": load.GAME, "options": {"players": 2},
                "turn_timer": {"seconds": 1, "on_timeout": "bot", "bot": "random"}}).json()
            match_id = created["match"]["id"]
            tokens = [http.post(f"/api/matches/{match_id}/seats/{seat}",
                                json={"name": f"P{seat}"}).json()["token"] for seat in (0, 1)]
            if notices:
                for seat, (kind, body) in enumerate([
                        ("email", {"email": f"m{i}@bench.example"}),
                        ("push", {"subscription": subscription(f"{endpoint}/{i}")})]):
                    answer = http.post(f"/api/web/matches/{match_id}/{kind}", json=body,
                                       headers={"Authorization": f"Bearer {tokens[seat]}"})
                    answer.raise_for_status()
            http.post(f"/api/matches/{match_id}/start",
                      headers={"Authorization": f"Bearer {created['host_token']}"}
                      ).raise_for_status()


def moves(db: Path) -> int:
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as conn:
        return int(conn.execute("SELECT count(*) FROM actions").fetchone()[0])


def notice_ids(row: Any) -> tuple[str, str]:
    """The Message-ID and the Topic the server makes from a notice's key."""
    key = f"{row[0]}.{row[1]}.{row[2]}.{row[3]}.{row[4]}"
    digest = hashlib.sha256(key.encode())
    return digest.hexdigest()[:32], base64.urlsafe_b64encode(digest.digest()).decode()[:32]


def run_once(notices: bool, matches: int, seconds: float, warmup: float,
             wanted: int) -> dict[str, Any]:
    from aiosmtpd.controller import Controller

    arrivals = Arrivals()
    smtp_port = load.free_port()
    smtp = Controller(arrivals, hostname="127.0.0.1", port=smtp_port)
    smtp.start()
    push = push_endpoint(arrivals)
    endpoint = f"http://127.0.0.1:{push.server_address[1]}/push"
    env = {**os.environ, **load.SERVER_ENV, "CAMELCADE_SERVER_SMTP_HOST": "127.0.0.1",
           "CAMELCADE_SERVER_SMTP_PORT": str(smtp_port),
           "CAMELCADE_SERVER_PUSH_INSECURE_ENDPOINTS": "1",
           "CAMELCADE_SERVER_NOTICES": "1" if notices else "0",
           "CAMELCADE_SERVER_PUBLIC_URL": "http://bench.example"}
    with tempfile.TemporaryDirectory(prefix="camelcade-notices-") as tmp:
        db = Path(tmp) / "notices.db"
        proc, base = load.start_server(f"sqlite:///{db}", Path(tmp) / "server.log", env)
        try:
            set_up(base, matches, notices, endpoint)
            time.sleep(warmup)
            cpu_before, moves_before = load.server_cpu(proc.pid), moves(db)
            window = time.time()
            time.sleep(seconds)
            cpu, moved = load.server_cpu(proc.pid) - cpu_before, moves(db) - moves_before
            window_end = time.time()
            time.sleep(2.0)  # the last notices' delivery
        finally:
            load.stop_server(proc)
            smtp.stop()
            push.shutdown()
        result: dict[str, Any] = {
            "notices": notices, "moves": moved,
            "server_cpu_ms_per_move": round(cpu / moved * 1000, 3) if moved else None}
        if notices:
            with sqlite3.connect(db) as conn:
                rows = conn.execute(
                    "SELECT match_id, state_id, seat, kind, channel_id, created_at, status, "
                    "attempts FROM outbox ORDER BY created_at").fetchall()
            latencies = []
            for row in rows:
                if not window <= row[5] <= window_end:
                    continue  # set-up's notices wait behind its requests: steady state only
                mail_id, topic = notice_ids(row)
                arrived = arrivals.times.get(mail_id) or arrivals.times.get(topic)
                if arrived is not None:
                    latencies.append((arrived - row[5]) * 1000)
            measured = sorted(latencies[:wanted])
            result.update({
                "outbox_rows": len(rows),
                "delivered": len(latencies),
                "statuses": {s: sum(1 for r in rows if r[6] == s) for s in {r[6] for r in rows}},
                "retried": sum(1 for r in rows if r[7]),
                "latency_notices": len(measured),
                "latency_ms_max": round(measured[-1], 1) if measured else None,
                "latency_ms_p50": round(load.percentile(measured, 0.50), 1) if measured else None,
                "latency_ms_p99": round(load.percentile(measured, 0.99), 1) if measured else None,
            })
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--notices", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=12.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--repeats", type=int, default=2)
    args = parser.parse_args()
    runs: list[dict[str, Any]] = []
    for _ in range(args.repeats):
        for notices in (True, False):
            result = run_once(notices, args.matches, args.seconds, args.warmup, args.notices)
            result["load_average"] = round(os.getloadavg()[0], 1)
            runs.append(result)
            print(json.dumps(result), flush=True)
    on = [r for r in runs if r["notices"]]
    off = [r for r in runs if not r["notices"]]
    figures = {
        "benchmark": "notices", "game": load.GAME, "matches": args.matches,
        "turn_seconds": 1, "seconds": args.seconds, "repeats": args.repeats,
        "when": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
        "latency_ms_p50_each_run": [r["latency_ms_p50"] for r in on],
        "latency_ms_p99_each_run": [r["latency_ms_p99"] for r in on],
        "latency_notices_each_run": [r["latency_notices"] for r in on],
        "cpu_ms_per_move_notices_on_each_run": [r["server_cpu_ms_per_move"] for r in on],
        "cpu_ms_per_move_notices_off_each_run": [r["server_cpu_ms_per_move"] for r in off],
        "runs": runs,
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
