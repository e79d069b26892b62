"""The container image builds from a Debian-made base where no image registry is reached
(mmdebstrap, then ``buildah bud --isolation chroot`` with ``BASE`` set), and inside it
``camelcade serve`` starts on SQLite and answers /health and /ready. No container runtime
runs here: ``buildah run --isolation chroot`` shares the host's network. Measured here:
about 20 s for the base and 40 s for the image (marked ``image``; part of ``make test``)."""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.image import (
    BUILDAH,
    build_base,
    build_image,
    remove_images,
    run_tool,
)
from tests.server.postgres import in_ci
from tests.server.support import free_port

pytestmark = pytest.mark.image


def _need(tool: str) -> None:
    if shutil.which(tool) is None:
        if in_ci():
            pytest.fail(f"{tool} is not installed, and CI must test the image: "
                        f"apt-get install -y buildah mmdebstrap")
        pytest.skip(f"{tool} is not installed")
    if os.geteuid() != 0:
        pytest.skip("building the image here needs root (mmdebstrap, buildah mount)")


@pytest.fixture
def image(tmp_path: Path) -> Iterator[str]:
    for tool in ("buildah", "mmdebstrap"):
        _need(tool)
    tag = f"localhost/camelcade-test-{secrets.token_hex(4)}"
    base = f"{tag}-base"
    try:
        build_base(base, tmp_path / "base.tar")
        build_image(base, tag)
        yield tag
    finally:
        remove_images(tag, base)


def test_the_image_serves_health_and_ready_on_sqlite(image: str) -> None:
    container = run_tool(*BUILDAH, "from", image)
    port = free_port()
    server = subprocess.Popen(
        [*BUILDAH, "run", "--isolation", "chroot", "--env", f"CAMELCADE_SERVER_PORT={port}",
         "--env", "CAMELCADE_SERVER_BOT_WORKERS=1", container, "--", "camelcade", "serve"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 90
        health = None
        while time.monotonic() < deadline and server.poll() is None:
            try:
                health = httpx.get(f"http://127.0.0.1:{port}/health", timeout=2)
                break
            except httpx.HTTPError:
                time.sleep(0.5)
        assert health is not None and health.json() == {"status": "ok"}, \
            server.stdout.read().decode()[-3000:] if server.poll() is not None and \
            server.stdout else "no answer"
        ready = httpx.get(f"http://127.0.0.1:{port}/ready", timeout=10)
        assert ready.status_code == 200 and ready.json()["status"] == "ready", ready.text
        assert ready.json()["checks"]["schema"]["ok"] is True
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(10)
        subprocess.run([*BUILDAH, "rm", container], capture_output=True, check=False)
