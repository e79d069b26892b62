"""The README's pictures of the web app: each game's whole table at 1280 x 800, mid-match.

Reproducible: a fresh server running the code under ``--src`` (the toy game too), each
game's match against easy bots with the options of ``tests/web/test_real_games.py``, the
person's moves chosen from the legal-move list with a fixed seed for ``TURNS`` turns, then
the page as it stands at the person's next turn. Each picture is reduced to a palette of
at most 256 colours (Pillow), which keeps a table's flat colours and its text sharp at a
fraction of the size (every picture under 150 KB)::

    python benchmarks/screenshots.py                  # light, into docs/img/web-*.png
    python benchmarks/screenshots.py --dark --out /tmp/shots   # to look at, not to commit

The lobby is pictured too (``web-lobby.png``): its games, without the tests' toy.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.support import ServerProcess  # noqa: E402
from tests.web.conftest import FAST  # noqa: E402
from tests.web.play import choose_from_list, create_match, my_turn  # noqa: E402
from tests.web.support import CHROMIUM, LAUNCH_ARGS  # noqa: E402
from tests.web.test_real_games import GAMES  # noqa: E402

SIZE = {"width": 1280, "height": 800}
TURNS = {"a-dos-de-chameau": 4, "camel-drive": 3, "camel-up": 5, "caravan": 6, "kamelen": 6}
"""How many of the person's turns are played before the picture: the middle of a match."""
LIMIT = 150_000
"""The most bytes a picture may take in the repository."""


def shrink(path: Path) -> int:
    """Reduce the PNG at ``path`` to a 256-colour palette; returns its size in bytes."""
    from PIL import Image

    with Image.open(path) as image:
        reduced = image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT,
                                                dither=Image.Dither.NONE)
    reduced.save(path, optimize=True)
    return path.stat().st_size


def shoot(src: Path, out: Path, dark: bool, games: list[str]) -> dict[str, int]:
    from playwright.sync_api import sync_playwright

    folder = Path(tempfile.mkdtemp())
    env = {**{k: v for k, v in FAST.items() if k != "CAMELCADE_PLUGINS"},  # no toy game
           "PYTHONPATH": str(src.resolve()), "CAMELCADE_SERVER_BOT_DELAY": "0.02"}
    server = ServerProcess(str(folder / "web.db"), env=env, log=folder / "server.log").start()
    sizes: dict[str, int] = {}
    scheme = "dark" if dark else "light"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                                 args=LAUNCH_ARGS)
            for game in games:
                context: Any = browser.new_context(base_url=server.base, viewport=SIZE,
                                                   color_scheme=scheme, reduced_motion="reduce")
                page = context.new_page()
                if game == "lobby":
                    page.goto("/")
                else:
                    seats, options = GAMES[game]
                    create_match(page, game, seats, options, name="Lena")
                    rng = random.Random(26)
                    for _ in range(TURNS[game]):
                        assert my_turn(page), f"{game}: the match ended too soon"
                        choose_from_list(page, rng)
                    assert my_turn(page), f"{game}: the match ended too soon"
                    page.evaluate("() => { const f = document.querySelector('#act-fold');"
                                  " if (f) f.open = false; document.activeElement?.blur(); }")
                page.wait_for_timeout(500)  # the board drawn, fonts settled
                path = out / f"web-{game}.png"
                page.screenshot(path=str(path))
                sizes[game] = shrink(path)
                context.close()
            browser.close()
    finally:
        server.stop()
    return sizes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, default=ROOT / "src",
                        help="the src folder of the code to picture")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img",
                        help="where the pictures go (default: the README's docs/img)")
    parser.add_argument("--dark", action="store_true", help="the dark colour scheme")
    parser.add_argument("games", nargs="*", default=[*sorted(GAMES), "lobby"],
                        help="which pictures (default: the five games and the lobby)")
    arguments = parser.parse_args()
    arguments.out.mkdir(parents=True, exist_ok=True)
    sizes = shoot(arguments.src, arguments.out, arguments.dark, arguments.games)
    for name, size in sizes.items():
        print(f"web-{name}.png: {size // 1024} KB")
    too_big = [name for name, size in sizes.items() if size > LIMIT]
    if too_big:
        print(f"over {LIMIT // 1000} KB: {', '.join(too_big)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
