"""The package's modules import each other without a cycle (read from their source)."""

from __future__ import annotations

import ast
from pathlib import Path

import camelcade.games.camel_drive as package

PACKAGE = package.__name__
FOLDER = Path(package.__file__).resolve().parent
MODULES = {path.stem for path in FOLDER.glob("*.py")}


def _imports(module: str) -> set[str]:
    """The package modules ``module`` imports anywhere (typing-only imports included)."""
    tree = ast.parse((FOLDER / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module == PACKAGE:
            # "from the package import text" names a module; any other name is __init__'s
            names = [f"{PACKAGE}.{alias.name}" if alias.name in MODULES else PACKAGE
                     for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        else:
            continue
        for name in names:
            if name == PACKAGE:
                found.add("__init__")
            elif name.startswith(PACKAGE + "."):
                found.add(name.removeprefix(PACKAGE + ".").split(".")[0])
    found.discard(module)
    return found


GRAPH = {module: _imports(module) for module in MODULES}


def test_the_module_import_graph_has_no_cycle() -> None:
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        if module in path:
            cycle = " -> ".join([*path[path.index(module):], module])
            raise AssertionError(f"import cycle: {cycle}")
        if module in done:
            return
        for imported in sorted(GRAPH[module]):
            visit(imported, [*path, module])
        done.add(module)

    for module in sorted(GRAPH):
        visit(module, [])


def test_the_rules_read_neither_their_words_nor_their_tools() -> None:
    assert GRAPH["position"] <= {"spec"}
    assert GRAPH["deck"] <= {"actions", "spec"}
    assert not GRAPH["state"] & {"text", "game", "bots", "terminal", "balance", "cli"}
    assert not any("__init__" in imported for imported in GRAPH.values())
