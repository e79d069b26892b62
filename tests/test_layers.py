"""The layers hold with no exception: ``import-linter``'s contracts (``pyproject.toml``,
``make test`` runs ``lint-imports``) kept, none of them carrying ``ignore_imports``, and
each of the three leaks issue 30 found gone for good.

A game's folder uses only the core's plug-in interfaces (and the bots); what an upper
layer does for a game — the lab's sweeps, the terminal's screen, reading a record — it
does by reaching the game through a slot the game declares.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import grimp
import pytest
from importlinter.cli import lint_imports

import camelcade as cc

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("camelcade", cache_dir=None)


def test_every_contract_is_kept_with_no_import_ignored() -> None:
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["importlinter"]
    assert [c["name"] for c in config["contracts"] if c.get("ignore_imports")] == []
    assert lint_imports(config_filename=str(PYPROJECT), no_cache=True, no_logo=True) == 0


@pytest.mark.parametrize(("importer", "imported", "now"), [
    ("camelcade.games.camel_drive.balance", "camelcade.sim",
     "the lab reaches the game through its manifest's balance slot (probe, sweeps, tables)"),
    ("camelcade.games.camel_drive", "camelcade.cli",
     "`camelcade balance camel-drive --sweep` prints the game's tables on the CLI's screen"),
    ("camelcade.games.camel_up.cli", "camelcade.records",
     "`camelcade replay FILE --ask odds` reads the record, the game's advisor word answers"),
])
def test_a_leak_issue_30_removed_stays_removed(graph: grimp.ImportGraph, importer: str,
                                               imported: str, now: str) -> None:
    assert not graph.direct_import_exists(importer=importer, imported=imported,
                                          as_packages=True), now


def test_no_game_imports_a_layer_above_the_bots(graph: grimp.ImportGraph) -> None:
    """Every game, the outside packages' too: its folder imports the core and the bots."""
    above = ("camelcade.records", "camelcade.sim", "camelcade.rl", "camelcade.cli",
             "camelcade.server", "camelcade.i18n")
    for manifest in cc.plugins():
        if not manifest.package.startswith("camelcade."):
            continue  # an outside package is not in this graph
        found = [layer for layer in above if graph.direct_import_exists(
            importer=manifest.package, imported=layer, as_packages=True)]
        assert found == [], f"{manifest.id} imports {found}"
