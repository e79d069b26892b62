"""The first release (the commit before the second wave), built from git history.

``python first_release.py`` makes ``.bench/first-release``: the tree of that commit
(``git archive``) with its own virtual environment, so the benchmarks can measure it and
today's code in the same run. Nothing of it is committed.
"""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

FIRST_RELEASE = "252785c"
"""The last commit of the first wave (the issues name it)."""
ROOT = Path(__file__).resolve().parents[1]
HOME = ROOT / ".bench" / "first-release"


def python() -> Path:
    """The first release's interpreter, building its environment on first use."""
    interpreter = HOME / ".venv" / "bin" / "python"
    marker = HOME / ".installed"
    if marker.exists() and interpreter.exists():
        return interpreter
    HOME.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", FIRST_RELEASE],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(HOME)], input=archive, check=True)
    venv.create(HOME / ".venv", with_pip=True)
    subprocess.run([str(interpreter), "-m", "pip", "install", "--quiet", "-e", str(HOME)],
                   check=True)
    marker.write_text(FIRST_RELEASE + "\n", encoding="utf-8")
    return interpreter


if __name__ == "__main__":
    print(python())
    sys.exit(0)
