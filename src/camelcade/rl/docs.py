"""Write every game's encoding tables: the generated half of the learning documentation.

    make docs                                     # writes docs/rl-encodings.md
    python -m camelcade.rl.docs                   # every installed game, to standard output
    python -m camelcade.rl.docs GAME-ID ...       # the games named
    python -m camelcade.rl.docs --out PATH        # to a file

The tables come from the encodings themselves, so they cannot drift from the code, and
they are made when asked rather than checked in: a game installed from another package
gets its section as the built-in ones do, with no file outside its folder to edit.
``docs/rl.md`` is the written half and points here.
"""

from __future__ import annotations

import sys
from pathlib import Path

from camelcade.core.encoding import describe_encoding, encoding_for
from camelcade.core.registry import game_class, game_ids, load

OUTPUT = Path("docs") / "rl-encodings.md"
"""Where ``make docs`` writes the tables (ignored by git)."""
INTRODUCTION = """\
# Encodings of the learning environments

Written by `make docs` (`python -m camelcade.rl.docs`) from the encodings themselves, for
every installed game; not kept in the repository. How the environments use them:
`docs/rl.md`. Each game shows its default options; the notes say what the other variants
change (only the player count changes the shapes of most games). An action group's `texts`
are its first and last notations, in index order; capitals in a pattern are its variable
parts. The tensor is one flat `float32` vector, its blocks one after the other at the
offsets shown, each block in row-major order of its shape; `camelcade.rl.block_of(encoding,
tensor, name)` cuts one block out in its shape.
"""


def section(game_id: str) -> str:
    """One game's encoding section: a heading, its default variant, the tables."""
    game = load(game_id)
    title = game_class(game_id).title
    return "\n".join([
        f"## {title} (`{game_id}`)",
        "",
        f"At its default options ({game.players} players):",
        "",
        describe_encoding(encoding_for(game)),
        "",
    ])


def document(games: list[str] | None = None) -> str:
    """The whole generated document: the introduction, then a section per game (every
    registered game unless ``games`` names some)."""
    return "\n".join([INTRODUCTION, *(section(game_id) for game_id in games or game_ids())])


def main(argv: list[str]) -> int:
    args = list(argv)
    out: Path | None = None
    if "--out" in args:
        at = args.index("--out")
        if at + 1 >= len(args):
            print("usage: python -m camelcade.rl.docs [--out PATH] [GAME-ID ...]",
                  file=sys.stderr)
            return 2
        out = Path(args[at + 1])
        del args[at:at + 2]
    text = document(args)
    if out is None:
        print(text, end="")
    else:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
        print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
