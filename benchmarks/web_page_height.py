"""How tall the match page is at 1280 x 800, per game, at the person's first turn.

The table layout (issue 26) must fit a laptop's screen: the board, the players and the
choices at once, no page scroll. This opens each game's match against bots (the games and
options of ``tests/web/test_real_games.py``) in headless Debian chromium on a real server
running the code under ``--src``, and records ``document.documentElement.scrollHeight``.
Run it once with the code before a change and once after, same machine, same run of the
day::

    git archive main src | tar -x -C /tmp/before
    python benchmarks/web_page_height.py --src /tmp/before/src --label before
    python benchmarks/web_page_height.py --src src --label after

Each run merges ``{"page_height_1280x800": {label: {game: px}}}`` into
``benchmarks/results/web.json``, keeping every other key (other benchmarks write there too).
``--shots`` also saves a screenshot per game at 1280 x 800 and at 390 x 844.
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
from tests.web.test_real_games import GAMES  # noqa: E402

RESULTS = ROOT / "benchmarks" / "results" / "web.json"
KEY = "page_height_1280x800"
SIZES = ((1280, 800), (390, 844))


def measure(src: Path, shots: Path | None) -> dict[str, int]:
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp())
    env = {**FAST, "PYTHONPATH": str(src.resolve()), "CAMELCADE_SERVER_BOT_DELAY": "0.05"}
    server = ServerProcess(str(folder / "web.db"), env=env, log=folder / "server.log").start()
    heights: dict[str, int] = {}
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                                 args=LAUNCH_ARGS)
            for game in sorted(GAMES):
                seats, options = GAMES[game]
                for width, height in SIZES if shots else SIZES[:1]:
                    context: Any = browser.new_context(
                        base_url=server.base, viewport={"width": width, "height": height})
                    page = context.new_page()
                    create_match(page, game, seats, options)
                    assert my_turn(page), f"{game}: the match ended before my turn"
                    page.wait_for_timeout(400)  # the board drawn, fonts settled
                    if width == SIZES[0][0]:
                        heights[game] = int(page.evaluate(
                            "() => document.documentElement.scrollHeight"))
                    if shots:
                        page.screenshot(path=str(shots / f"layout-{game}-{width}.png"))
                    context.close()
            browser.close()
    finally:
        server.stop()
    return heights


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, default=ROOT / "src",
                        help="the src folder of the code to measure")
    parser.add_argument("--label", default="after", help="its name in the results")
    parser.add_argument("--shots", type=Path, default=None,
                        help="a folder for screenshots (never commit them)")
    arguments = parser.parse_args()
    heights = measure(arguments.src, arguments.shots)
    results: dict[str, Any] = (json.loads(RESULTS.read_text(encoding="utf-8"))
                               if RESULTS.is_file() else {})
    results.setdefault(KEY, {})[arguments.label] = heights
    RESULTS.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    print(json.dumps({arguments.label: heights}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
