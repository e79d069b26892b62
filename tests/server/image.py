"""Building the container image here, for its test and for the host's figures
(``benchmarks/hosting.py``): a base from Debian's packages (mmdebstrap, committed with
buildah), then ``buildah bud --isolation chroot`` of the repository's Containerfile on it."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.server.support import REPO

BUILDAH = ["buildah", "--storage-driver", "vfs"]
CA_BUNDLE = Path(os.environ.get("PIP_CERT") or "/etc/ssl/certs/ca-certificates.crt")
"""This machine's authorities, handed to pip in the build (a proxy may re-sign TLS)."""
BASE_PACKAGES = ("mmdebstrap", "--variant=minbase", "--include=python3,python3-venv",
                 "bookworm")


def run_tool(*args: str, timeout: float = 600) -> str:
    """Run a build tool; its output, or an AssertionError with the end of its errors."""
    done = subprocess.run(list(args), capture_output=True, text=True, timeout=timeout,
                          check=False)
    assert done.returncode == 0, f"{args[:4]} failed: {done.stderr[-3000:]}"
    return done.stdout.strip()


def build_base(base: str, tarball: Path) -> None:
    """The Debian minbase with python3 and python3-venv, as the image ``base``."""
    run_tool(*BASE_PACKAGES, str(tarball))
    container = run_tool(*BUILDAH, "from", "scratch")
    mounted = run_tool(*BUILDAH, "mount", container)
    run_tool("tar", "-C", mounted, "-xf", str(tarball))
    run_tool(*BUILDAH, "umount", container)
    run_tool(*BUILDAH, "commit", container, base)
    run_tool(*BUILDAH, "rm", container)
    tarball.unlink()


def build_image(base: str, tag: str) -> None:
    """The Containerfile built on ``base`` as ``tag``."""
    secret = ["--secret", f"id=ca,src={CA_BUNDLE}"] if CA_BUNDLE.is_file() else []
    run_tool(*BUILDAH, "bud", "--isolation", "chroot", *secret, "--build-arg",
             f"BASE={base}", "-t", tag, "-f", str(REPO / "Containerfile"), str(REPO),
             timeout=1200)


def remove_images(*names: str) -> None:
    for name in names:
        subprocess.run([*BUILDAH, "rmi", "--force", name], capture_output=True, check=False)
