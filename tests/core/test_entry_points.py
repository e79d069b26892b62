"""The built-in games register through the ``camelcade.games`` entry points, as an outside
package's do, and a source checkout finds them without being reinstalled."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import camelcade as cc
from camelcade.core import registry
from tests.installed import install_metadata

ROOT = Path(__file__).resolve().parents[2]


def test_the_built_in_games_are_the_entry_points_camelcades_pyproject_declares() -> None:
    declared = registry.checkout_entry_points()
    assert declared is not None
    builtin = sorted(p.package + ".plugin" for p in cc.plugins()
                     if p.package.startswith("camelcade.games."))
    assert sorted(declared) == builtin and len(builtin) >= 5
    assert registry.entry_point_modules()[:len(declared)] == declared


def test_the_games_package_lists_no_game_by_hand() -> None:
    tree = ast.parse((ROOT / "src" / "camelcade" / "games" / "__init__.py").read_text())
    assert [node for node in tree.body if not isinstance(node, ast.Expr)] == []


def test_an_installed_package_without_a_checkout_is_read_from_its_metadata(
    tmp_path: Path,
) -> None:
    assert registry.checkout_entry_points(tmp_path / "pyproject.toml") is None
    other = tmp_path / "pyproject.toml"
    other.write_text('[project]\nname = "another"\n', encoding="utf-8")
    assert registry.checkout_entry_points(other) is None


def test_a_checkout_finds_its_games_though_its_installed_metadata_is_stale(
    tmp_path: Path,
) -> None:
    """camelcade installed before a game was renamed or added still lists the checkout's
    games, from ``pyproject.toml``: its stale entry point is not imported."""
    stale = install_metadata(tmp_path, "camelcade",
                             {"gone": "camelcade.games.gone.plugin:PLUGIN"}, version="0.0.1")
    code = "import json, camelcade as cc; print(json.dumps(cc.game_ids()))"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(stale), str(ROOT / "src")]),
           "CAMELCADE_PLUGINS": ""}
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env=env, timeout=60)
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout) == cc.game_ids()
