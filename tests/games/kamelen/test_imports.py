"""The modules of ``camelcade.games.kamelen`` import each other without a cycle.

Read from the source (ast), lazy imports inside functions included and ``TYPE_CHECKING``
blocks left out (they never run): the state does not import its text, the saved layout
does not import the state, and no chain of imports comes back to where it started.
"""

from __future__ import annotations

import ast
from pathlib import Path

import camelcade.games.kamelen as package

PACKAGE = package.__name__
FOLDER = Path(package.__file__).resolve().parent


def _module(path: Path) -> str:
    return "__init__" if path.stem == "__init__" else path.stem


def _runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node outside ``if TYPE_CHECKING:`` blocks."""
    found: list[ast.AST] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and \
                node.test.id == "TYPE_CHECKING":
            for child in node.orelse:
                visit(child)
            return
        found.append(node)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def _imports(path: Path, modules: set[str]) -> set[str]:
    """The sibling modules ``path`` imports at run time."""
    found = set()
    for node in _runtime_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            if node.module == PACKAGE:
                names = {alias.name for alias in node.names}
                found |= names & modules or {"__init__"}
            elif node.module.startswith(PACKAGE + "."):
                found.add(node.module.removeprefix(PACKAGE + ".").split(".")[0])
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(PACKAGE + "."):
                    found.add(alias.name.removeprefix(PACKAGE + ".").split(".")[0])
    return found - {_module(path)}


def graph() -> dict[str, set[str]]:
    paths = sorted(FOLDER.glob("*.py"))
    modules = {_module(path) for path in paths}
    return {_module(path): _imports(path, modules) for path in paths}


def _cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph as a list of modules, or None."""
    state: dict[str, int] = {}
    trail: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        trail.append(node)
        for nxt in sorted(edges.get(node, ())):
            if state.get(nxt) == 1:
                return [*trail[trail.index(nxt):], nxt]
            if nxt not in state:
                found = visit(nxt)
                if found:
                    return found
        trail.pop()
        state[node] = 2
        return None

    for start in sorted(edges):
        if start not in state:
            found = visit(start)
            if found:
                return found
    return None


def test_the_package_import_graph_has_no_cycle() -> None:
    edges = graph()
    assert {"state", "text", "position", "notation", "movegen", "game"} <= set(edges)
    assert _cycle(edges) is None, " -> ".join(_cycle(edges) or [])


def test_the_rules_import_neither_their_text_nor_their_bots() -> None:
    edges = graph()
    assert "text" not in edges["state"] and "state" not in edges["position"]
    assert not {"bots", "search", "evaluation", "terminal"} & edges["state"]


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
