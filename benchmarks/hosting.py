"""The host's figures (docs/hosting.md): the image's size, the time from "compose up" to
``/ready``, and the load the topology carries through Caddy against one process direct.

No container runs on these machines, so "compose up" is its processes
(``tests/server/topology.py``): a fresh PostgreSQL database, two ``camelcade serve``
processes and Debian's caddy with the repository's Caddyfile (``tls internal``). The time
to ready is from launching them to the first ``/ready`` 200 through Caddy (PostgreSQL
itself already running, as a compose file's database volume would be after the first day).

The capacity run plays the same paced load (``server_load.drive``: matches of two random
players over websockets) first straight at one camelcade process over plain HTTP, then
through Caddy over HTTPS and WSS to both, in the same run; the load generator shares the
two cores. The image is built as ``tests/server/test_image.py`` builds it (buildah from a
base made by mmdebstrap); ``--no-image`` skips it.

    python benchmarks/hosting.py [--no-image] [--matches N] [--rate R] [--seconds S]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(REPO), str(REPO / "benchmarks")]

from tests.server.image import (  # noqa: E402
    BASE_PACKAGES,
    BUILDAH,
    build_base,
    build_image,
    remove_images,
    run_tool,
)
from tests.server.postgres import fresh_database, postgres_cluster  # noqa: E402
from tests.server.topology import running_topology  # noqa: E402

from server_load import SERVER_ENV, _run, drive  # noqa: E402

RESULTS = REPO / "benchmarks" / "results" / "hosting.json"


def image_figures(tmp: Path) -> dict[str, Any]:
    """Build the image as its test does; its size and the base's, and the times."""
    tag, base = "localhost/camelcade-bench", "localhost/camelcade-bench-base"
    started = time.monotonic()
    try:
        build_base(base, tmp / "base.tar")
        based = time.monotonic()
        build_image(base, tag)
        built = time.monotonic()
        listed = json.loads(run_tool(*BUILDAH, "images", "--json"))
        size = {name.split(":")[0]: entry.get("size") for entry in listed
                for name in entry.get("names") or []}
        return {
            "image_bytes": size.get(tag),
            "base_bytes": size.get(base),
            "base_seconds": round(based - started, 1),
            "build_seconds": round(built - based, 1),
            "base": " ".join(BASE_PACKAGES),
        }
    finally:
        remove_images(tag, base)


def topology_figures(matches: int, rate: float, seconds: float) -> dict[str, Any]:
    """Time to ready, then the same paced load direct and through Caddy."""
    with postgres_cluster() as admin_url:
        if admin_url is None:
            raise RuntimeError("PostgreSQL is not installed (apt-get install -y postgresql)")
        with fresh_database(admin_url) as url, tempfile.TemporaryDirectory() as tmp:
            started = time.monotonic()
            with running_topology(url, Path(tmp), **SERVER_ENV) as topology:
                ready = time.monotonic() - started
                direct = _run(drive(topology.servers[0].base, matches, seconds, 3.0, rate))
                root = Path(tmp) / "caddy" / "pki" / "authorities" / "local" / "root.crt"
                os.environ["SSL_CERT_FILE"] = str(root)  # httpx and websockets trust it
                proxied = _run(drive(topology.base, matches, seconds, 3.0, rate))
    keep = ("moves", "moves_per_second", "latency_ms_p50", "latency_ms_p99",
            "latency_ms_mean", "matches_finished", "errors", "client_cpu_share")
    return {
        "ready_seconds": round(ready, 2),
        "ready_means": "launch of two camelcade processes and caddy (PostgreSQL running, "
                       "a fresh database) to the first /ready 200 through Caddy over HTTPS",
        "load": {"concurrent_matches": matches, "offered_moves_per_second": rate,
                 "seconds": seconds},
        "direct_one_process_http": {k: direct[k] for k in keep},
        "through_caddy_two_processes_https": {k: proxied[k] for k in keep},
    }


def run(quick: bool = False, image: bool = True, matches: int = 100, rate: float = 100.0,
        seconds: float = 20.0) -> dict[str, Any]:
    """Every figure (``benchmarks/run.py`` calls it; ``quick``: no image, a short load)."""
    if quick:
        image, matches, rate, seconds = False, 20, 20.0, 5.0
    figures: dict[str, Any] = {"topology": topology_figures(matches, rate, seconds)}
    if image:
        with tempfile.TemporaryDirectory() as tmp:
            figures["image"] = image_figures(Path(tmp))
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--no-image", action="store_true")
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--rate", type=float, default=100.0)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    figures = run(image=not args.no_image, matches=args.matches, rate=args.rate,
                  seconds=args.seconds)
    result = {"benchmark": "hosting", "measured_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
              "cores": os.cpu_count(), "figures": figures}
    RESULTS.write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
