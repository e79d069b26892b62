"""The package's modules import one another without a cycle (issue 11, item 2).

Read from the source with ``ast`` (every import, those under ``TYPE_CHECKING`` and inside
functions included), so a cycle fails here even where a lazy import would hide it at run
time.
"""

from __future__ import annotations

import ast
from pathlib import Path

import camelcade.games.a_dos_de_chameau as package

PACKAGE = package.__name__
FOLDER = Path(package.__file__).resolve().parent
MODULES = sorted(path.stem for path in FOLDER.glob("*.py"))


def imports_of(module: str) -> set[str]:
    """The package's modules that ``module`` imports (``__init__`` for the package itself)."""
    tree = ast.parse((FOLDER / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            names = [node.module]
            if node.module == PACKAGE:
                names = [f"{PACKAGE}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            if name == PACKAGE:
                found.add("__init__")
            elif name.startswith(f"{PACKAGE}."):
                head = name.removeprefix(f"{PACKAGE}.").split(".")[0]
                found.add(head if head in MODULES else "__init__")
    found.discard(module)
    return found


GRAPH = {module: imports_of(module) for module in MODULES}


def cycle() -> list[str] | None:
    """One import cycle of the package, as the modules along it, or None."""
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str] | None:
        if module in path:
            return [*path[path.index(module):], module]
        if module in done:
            return None
        for target in sorted(GRAPH[module]):
            found = visit(target, [*path, module])
            if found:
                return found
        done.add(module)
        return None

    for module in MODULES:
        found = visit(module, [])
        if found:
            return found
    return None


def test_the_package_has_no_import_cycle() -> None:
    assert cycle() is None, f"import cycle: {' -> '.join(cycle() or [])}"


def test_the_rules_import_neither_their_words_nor_their_game() -> None:
    assert {"text", "terminal", "game", "plugin", "__init__"}.isdisjoint(GRAPH["state"])
    assert {"state", "text", "game", "cards", "herds"}.isdisjoint(GRAPH["position"])
    assert GRAPH["plugin"] == set(), "the manifest names its slots as text, importing nothing"


def test_the_cycle_finder_finds_a_cycle() -> None:
    GRAPH["spec"].add("state")  # what a careless import would do
    try:
        assert cycle() is not None
    finally:
        GRAPH["spec"].discard("state")
