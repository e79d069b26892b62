"""Nothing outside a game's folder names the game: the game-agnostic packages read
plug-in manifests only (core v2). A game's id, package name or class name in core, bots,
cli, sim, server or records is a defect — add to the manifest instead."""

from __future__ import annotations

import re
from pathlib import Path

import camelcade as cc

SRC = Path(cc.__file__).resolve().parent
AGNOSTIC = [SRC / "core", SRC / "bots", SRC / "cli", SRC / "sim", SRC / "server",
            SRC / "records.py"]


def _names() -> set[str]:
    names = set()
    for manifest in cc.plugins():
        names.add(manifest.id)
        names.add(manifest.package.rpartition(".")[2])
        names.add(manifest.game.target.rpartition(":")[2])
    return names


def naming(names: set[str]) -> re.Pattern[str]:
    """Any of ``names`` where no letter touches it: "animal" does not name a game "nim",
    while "camel_up_state" does name "camel_up"."""
    return re.compile("(?<![A-Za-z])(?:" + "|".join(
        re.escape(name) for name in sorted(names)) + ")(?![A-Za-z])")


def test_game_agnostic_code_names_no_game() -> None:
    pattern = naming(_names())
    found = []
    for root in AGNOSTIC:
        for path in [root] if root.is_file() else sorted(root.rglob("*")):
            if path.suffix not in {".py", ".js", ".html", ".css"}:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    found.append(f"{path.relative_to(SRC)}:{number}: {line.strip()}")
    assert found == []


def test_a_name_inside_a_longer_word_is_not_a_game_name() -> None:
    pattern = naming({"nim"})
    assert not pattern.search("an animal and a nimble camel")
    assert pattern.search("import nim_rules") and pattern.search("the game nim.")
