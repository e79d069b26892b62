"""``camel-up-champion`` over ``camel-up-expert`` by SPRT, in both editions.

    python benchmarks/sprt_camel_up_champion.py [--edition 1|2] [--workers 2]
    python benchmarks/sprt_camel_up_champion.py --champion camel-up-champion:reward=win

Each edition is one ``camelcade simulate`` run, head to head (seats A,B,A,B), paired
seeds, H1 at 50 Elo, as the other Camel Up steps of ``docs/bots.md`` were played. Its
records go to ``camelcade-lab/sprt_camel_up_champion_edition<N>.jsonl`` (data, ignored
by git; run again, it resumes); what it printed at the end, with the commit, goes to
``results/sprt_camel_up_champion.json``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "sprt_camel_up_champion.json"
CHAMPION = "camel-up-champion"
EXPERT = "camel-up-expert"


def command(edition: int, workers: int, records: Path, champion: str) -> list[str]:
    bots = f"{champion},{EXPERT}"
    return [str(Path(sys.executable).parent / "camelcade"), "simulate", "camel-up",
            "--players", "4", "--bots", f"{bots},{bots}", "--format", "head-to-head",
            "--sprt", "50", "--sprt-bots", bots, "--games", "1200", "--workers", str(workers),
            "--seed", "1", "-o", f"edition={edition}", "--out", str(records), "--plain"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edition", type=int, choices=(1, 2), action="append")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--champion", default=CHAMPION,
                        help="the champion's bot spec (settings after a colon)")
    args = parser.parse_args()
    found = json.loads(RESULTS.read_text(encoding="utf-8")) if RESULTS.exists() else {}
    commit = subprocess.run(["git", "-C", str(HERE), "rev-parse", "--short", "HEAD"],
                            capture_output=True, text=True, check=False).stdout.strip()
    for edition in args.edition or [2, 1]:
        variant = "" if args.champion == CHAMPION else "_" + "".join(
            c if c.isalnum() else "_" for c in args.champion.removeprefix(CHAMPION + ":"))
        records = (HERE.parent / "camelcade-lab"
                   / f"sprt_camel_up_champion{variant}_edition{edition}.jsonl")
        records.parent.mkdir(exist_ok=True)
        run = command(edition, args.workers, records, args.champion)
        printed = subprocess.run(run, capture_output=True, text=True, check=True).stdout
        start = printed.find("Results (")
        root = f"{HERE.parent}/"
        key = f"edition {edition}" + ("" if args.champion == CHAMPION else f", {args.champion}")
        found[key] = {
            "command": " ".join(["camelcade", *run[1:]]).replace(root, ""), "commit": commit,
            "printed": printed[start:].replace(root, "").strip().splitlines()}
        RESULTS.parent.mkdir(exist_ok=True)
        RESULTS.write_text(json.dumps(found, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(found, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
