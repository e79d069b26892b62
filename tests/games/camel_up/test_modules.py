"""The Camel Up package has no import cycle, and its layers point one way.

The imports are read from the source (ast), every one of them: at module level, inside
functions, and under ``TYPE_CHECKING``, so a cycle cannot hide behind a lazy import.
"""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import camelcade.games.camel_up as package

PACKAGE = package.__name__
FOLDER = Path(package.__file__).parent


def imports_of(path: Path) -> set[str]:
    """The modules of this package that the file at ``path`` imports (anywhere in it)."""
    modules = {p.stem for p in FOLDER.glob("*.py")}
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            # "from pkg import text" names the submodule; "from pkg.text import x" the module
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            head, _, rest = name.partition(f"{PACKAGE}.")
            if not head and rest.split(".")[0] in modules:
                found.add(rest.split(".")[0])
    return found - {path.stem}


def graph() -> dict[str, set[str]]:
    return {path.stem: imports_of(path) for path in FOLDER.glob("*.py")
            if path.stem != "__init__"}


def test_the_module_import_graph_is_acyclic() -> None:
    modules = graph()
    assert {"state", "position", "text", "game", "odds", "board"} <= set(modules)
    try:
        order = list(TopologicalSorter(modules).static_order())
    except CycleError as error:  # pragma: no cover - the failure message names the cycle
        raise AssertionError(f"import cycle in {PACKAGE}: {error.args[1]}") from None
    assert set(order) >= set(modules)


def test_the_rules_import_no_text_and_the_layout_no_rules() -> None:
    modules = graph()
    assert "text" not in modules["state"]
    assert not {"state", "game", "text"} & modules["position"]
    assert not {"state", "game", "text", "position"} & modules["board"]
    assert "state" in modules["text"] and "text" in modules["game"]


def test_the_graph_reader_sees_lazy_and_type_checking_imports() -> None:
    # odds.py imports the state only for a type annotation (under TYPE_CHECKING)
    assert "state" in imports_of(FOLDER / "odds.py")
    # the terminal imports the advice inside a function
    assert "advice" in imports_of(FOLDER / "terminal.py")
