"""The web app's repaint latency: the browser test that measures it, pointed at results.

Runs ``tests/web/test_pages.py::test_latency_from_acknowledgement_to_repaint`` (headless
Debian chromium, a real server) and returns what it measured, which ``run.py`` writes to
``benchmarks/results/web.json``; the figures and their same-run baseline (the frame floor)
are described in the file's ``what``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TEST = "tests/web/test_pages.py::test_latency_from_acknowledgement_to_repaint"


def run(quick: bool) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        result = Path(folder) / "web_latency.json"
        env = {**os.environ, "CAMELCADE_WEB_LATENCY_FILE": str(result)}
        subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", TEST],
                       cwd=ROOT, env=env, check=True)
        figures: dict[str, Any] = json.loads(result.read_text(encoding="utf-8"))
    return figures
