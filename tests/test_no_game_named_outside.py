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


def test_game_agnostic_code_names_no_game() -> None:
    pattern = re.compile("|".join(re.escape(name) for name in sorted(_names())))
    found = []
    for root in AGNOSTIC:
        for path in [root] if root.is_file() else sorted(root.rglob("*")):
            if path.suffix not in {".py", ".js", ".html", ".css"}:
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    found.append(f"{path.relative_to(SRC)}:{number}: {line.strip()}")
    assert found == []
