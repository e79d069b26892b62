"""The shape of the caravan package: no import cycle, one writer of a state's private fields,
one saved layout, and a truthful plug-in manifest.

Imports are read from the source (ast), so a cycle hidden behind a function-level import
counts too; only ``if TYPE_CHECKING:`` blocks are left out (they never run).
"""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

import camelcade as cc
import camelcade.games.caravan as package
from camelcade.games.caravan.plugin import PLUGIN
from camelcade.games.caravan.position import CaravanPosition
from tests.games.caravan.helpers import start

PACKAGE = package.__name__
FOLDER = Path(package.__file__).resolve().parent
MODULES = sorted(path.stem for path in FOLDER.glob("*.py"))


def _runtime_nodes(tree: ast.AST) -> list[ast.AST]:
    """Every node that runs: the bodies of ``if TYPE_CHECKING:`` are skipped."""
    found: list[ast.AST] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        found.append(node)
        if isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING",
                                                                    "typing.TYPE_CHECKING"):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))
    return found


def imports_of(module: str) -> set[str]:
    """The modules of this package that ``module`` imports when it runs."""
    tree = ast.parse((FOLDER / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in _runtime_nodes(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join([PACKAGE, base]) if base else PACKAGE
            names = [base] + [f"{base}.{alias.name}" for alias in node.names]
        else:
            continue
        for name in names:
            if name.startswith(f"{PACKAGE}."):
                leaf = name.removeprefix(f"{PACKAGE}.").split(".")[0]
                if leaf in MODULES:
                    found.add(leaf)
            elif (name == PACKAGE and isinstance(node, ast.ImportFrom)
                  and not any(alias.name in MODULES for alias in node.names)):
                found.add("__init__")
    found.discard(module)
    return found


def test_the_module_import_graph_is_acyclic() -> None:
    graph = {module: imports_of(module) for module in MODULES}
    order = list(graphlib.TopologicalSorter(graph).static_order())  # CycleError on a cycle
    assert set(order) == set(MODULES)


def test_the_reader_finds_imports_that_would_close_a_cycle() -> None:
    assert "state" in imports_of("game") and "text" in imports_of("game")
    assert "state" in imports_of("text")


def test_rules_layout_and_words_import_in_one_direction() -> None:
    assert "text" not in imports_of("state")
    assert "state" not in imports_of("position")
    assert not {"state", "text", "game"} & imports_of("actions")
    assert not {"state", "text", "game", "position"} & imports_of("spec")


def _assigned(tree: ast.AST) -> list[tuple[int, ast.expr]]:
    """``(line, target)`` of every assignment, subscripts stripped (``a.b[i] = ...`` is a
    write to ``a.b``)."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        else:
            continue
        for target in targets:
            while isinstance(target, ast.Subscript):
                target = target.value
            found.append((node.lineno, target))
    return found


def state_fields() -> set[str]:
    """The private fields a Caravan state has: those state.py sets on ``self`` and the
    core's own."""
    tree = ast.parse((FOLDER / "state.py").read_text(encoding="utf-8"))
    mine = {target.attr for _, target in _assigned(tree)
            if isinstance(target, ast.Attribute) and target.attr.startswith("_")}
    return mine | set(vars(start(2)))


def private_writes(source: str, fields: set[str]) -> list[str]:
    """``line target`` of each write to one of ``fields`` on anything but ``self``."""
    return [f"{line} {ast.unparse(target)}" for line, target in _assigned(ast.parse(source))
            if isinstance(target, ast.Attribute) and target.attr in fields
            and not (isinstance(target.value, ast.Name) and target.value.id == "self")]


def test_the_writer_check_sees_a_write_through_another_name() -> None:
    snippet = "copy._free[0] = []\nself._free = []\nstate._supply[1] += 1\n"
    assert private_writes(snippet, {"_free", "_supply"}) == ["1 copy._free",
                                                             "3 state._supply"]


def test_only_state_py_writes_a_states_private_fields() -> None:
    fields = {name for name in state_fields() if name.startswith("_")}
    assert {"_free", "_laden", "_history", "_legal_cache"} <= fields
    writes = [f"{module}.py:{write}" for module in MODULES if module != "state"
              for write in private_writes((FOLDER / f"{module}.py").read_text(
                  encoding="utf-8"), fields)]
    assert writes == []


def test_the_layout_fields_are_the_saved_keys_in_order() -> None:
    saved = start(3).to_json()["state"]
    assert tuple(saved) == CaravanPosition.keys()


def test_the_manifest_names_what_exists() -> None:
    assert PLUGIN.id == cc.load("caravan").id
    assert PLUGIN.game_class() is type(cc.load("caravan"))
    assert cc.bots.load("caravan-greedy").name == "caravan-greedy"
    for ref in (*PLUGIN.bots.values(), PLUGIN.terminal.render, PLUGIN.terminal.seat_name,
                *PLUGIN.terminal.commands.values()):
        assert ref is not None and callable(ref.load())
    state = start(2)
    assert "Chain" in PLUGIN.terminal.commands["chains"].load()(
        state.child("camel d4").seen(0))
