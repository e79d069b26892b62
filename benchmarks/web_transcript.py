"""What a screen reader hears in one turn of Camel Up and of Kamelen, before and after.

Runs the code under ``--src`` on a fresh server, opens each game's match against easy bots
in headless chromium at 1280 x 800, plays my first move by keys alone (Camel Up: the action
bar's first kind, a roll; Kamelen: the first legal move typed in the move box) and records,
with ``tests/web/transcript.py``, every live-region text and focus move up to my next
turn. Run it on the page before a change and after it, same machine::

    git archive 104d97c src | tar -x -C /tmp/before
    python benchmarks/web_transcript.py --src /tmp/before/src --label before
    python benchmarks/web_transcript.py --src src --label after

Each run prints the transcripts and merges ``{"screen_reader_turn": {label: {game:
[lines]}}}`` into ``benchmarks/results/web.json`` (the bots' dice differ from run to run:
compare the kinds of line, not the numbers).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.support import ServerProcess  # noqa: E402
from tests.web.conftest import FAST  # noqa: E402
from tests.web.play import create_match, my_turn  # noqa: E402
from tests.web.support import CHROMIUM, LAUNCH_ARGS  # noqa: E402
from tests.web.test_screen_reader_pass import one_turn_by_keys  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "web.json"
KEY = "screen_reader_turn"
GAMES = {"camel-up": ["me", "bot:@easy", "bot:@easy"], "kamelen": ["me", "bot:@easy"]}


def record(src: Path) -> dict[str, list[str]]:
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp())
    env = {**FAST, "PYTHONPATH": str(src.resolve()), "CAMELCADE_SERVER_BOT_DELAY": "0.05"}
    server = ServerProcess(str(folder / "web.db"), env=env, log=folder / "server.log").start()
    heard: dict[str, list[str]] = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                                 args=LAUNCH_ARGS)
            for game, seats in GAMES.items():
                context: Any = browser.new_context(base_url=server.base,
                                                   viewport={"width": 1280, "height": 800})
                page = context.new_page()
                create_match(page, game, seats)
                assert my_turn(page), f"{game}: no turn of mine"
                heard[game] = one_turn_by_keys(page, game)
                context.close()
            browser.close()
    finally:
        server.stop()
    return heard


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, default=ROOT / "src",
                        help="the src folder of the code to listen to")
    parser.add_argument("--label", default="after", help="its name in the results")
    arguments = parser.parse_args()
    heard = record(arguments.src)
    for game, lines in heard.items():
        print(f"== {game} ({arguments.label}): {len(lines)} lines, "
              f"{sum(len(line) for line in lines)} characters")
        print("\n".join(lines))
    results: dict[str, Any] = (json.loads(RESULTS.read_text(encoding="utf-8"))
                               if RESULTS.is_file() else {})
    results.setdefault(KEY, {})[arguments.label] = heard
    RESULTS.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
