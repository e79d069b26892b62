"""Print every game's encoding tables, as ``docs/rl.md`` shows them.

    python -m camelcade.rl.docs            # every game at its default options
    python -m camelcade.rl.docs GAME-ID    # one game

The tables come from the encodings themselves, so the documentation cannot drift from the
code: a test requires each game's table, as printed here, to appear in ``docs/rl.md``.
"""

from __future__ import annotations

import sys

from camelcade.core.encoding import describe_encoding, encoding_for
from camelcade.core.registry import game_class, game_ids, load


def section(game_id: str) -> str:
    """One game's encoding section: a heading, its default variant, the tables."""
    game = load(game_id)
    title = game_class(game_id).title
    return "\n".join([
        f"### {title} (`{game_id}`)",
        "",
        f"At its default options ({game.players} players):",
        "",
        describe_encoding(encoding_for(game)),
        "",
    ])


def main(argv: list[str]) -> int:
    for game_id in argv or game_ids():
        print(section(game_id))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
