"""Run every ``benchmarks/bench_*.py`` and write its figures to ``benchmarks/results/``.

Each benchmark module has ``run(quick: bool) -> dict``. Figures are written as JSON with
the machine and time they were measured on; nothing here asserts a time.

    python benchmarks/run.py            # every benchmark
    python benchmarks/run.py --quick    # smaller counts, for a smoke run
    python benchmarks/run.py kamelen    # only names containing "kamelen"
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"


def machine() -> dict[str, object]:
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="only benchmarks whose file name contains one")
    parser.add_argument("--quick", action="store_true", help="smaller counts (smoke run)")
    args = parser.parse_args()
    RESULTS.mkdir(exist_ok=True)
    sys.path.insert(0, str(HERE.parent))
    files = sorted([*HERE.glob("bench_*.py"), HERE / "server_load.py", HERE / "server_attack.py",
                    HERE / "hosting.py"])
    if args.names:
        files = [f for f in files if any(n in f.stem for n in args.names)]
    for path in files:
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module  # dataclasses look their module up while it loads
        spec.loader.exec_module(module)
        started = time.perf_counter()
        figures = module.run(quick=args.quick)
        result = {
            "benchmark": path.stem,
            "measured_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "quick": args.quick,
            "machine": machine(),
            "seconds": round(time.perf_counter() - started, 2),
            "figures": figures,
        }
        out = RESULTS / f"{path.stem.removeprefix('bench_')}.json"
        if out.is_file():  # figures other scripts wrote beside these (web.json's clicks) stay
            kept = json.loads(out.read_text(encoding="utf-8"))
            result = {**{k: v for k, v in kept.items() if k not in result}, **result}
        out.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
        print(f"{path.stem}: {json.dumps(figures)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
