"""``check_plugin`` loads every slot of a manifest and checks it against its protocol."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace

import pytest

from camelcade.core import registry
from camelcade.core.conformance import ConformanceError, check_plugin
from camelcade.core.plugin import Ref, TerminalSlot, WebSlot
from tests.toygame.plugin import PLUGIN as TOY_PLUGIN


def three_arguments(state: object, player: object, extra: object) -> str:
    """A renderer or command that wants two arguments more than it is given (the viewer's
    ``Seen``)."""
    return ""


def with_an_option(seen: object, width: int = 80) -> str:
    """One argument more, with a default: fits."""
    return ""


class NeedsASetting:
    """A bot that cannot be built from its settings' defaults."""

    def __init__(self, depth: int) -> None:
        self.depth = depth


NOT_A_COMMAND_GROUP = "typer.Typer()"


@pytest.fixture
def plugged() -> Iterator[list[str]]:
    """Registers manifests for one test (``plugged.append(id)`` after registering)."""
    ids: list[str] = []
    yield ids
    for game_id in ids:
        registry.unregister(game_id)


def test_the_toy_manifest_passes_and_every_slot_is_checked(toy_game: str) -> None:
    assert check_plugin(toy_game) == [
        "game", "bots['toy-greedy']", "terminal.render", "terminal.seat_name",
        "terminal.commands['count']", "terminal.commands['broken']",
        "terminal.advisor_commands['tip']", "position", "web.layout", "cli", "web.board",
        "web.stylesheet"]


def test_a_slot_that_does_not_fit_its_protocol_is_named_with_what_is_wrong(
        plugged: list[str]) -> None:
    here = __name__
    wrong = replace(
        TOY_PLUGIN, bots={"needy": Ref(f"{here}:NeedsASetting")},
        terminal=TerminalSlot(render=Ref(f"{here}:three_arguments"),
                              commands={"ok": Ref(f"{here}:with_an_option")}),
        cli=Ref(f"{here}:NOT_A_COMMAND_GROUP"),
        web=WebSlot(board="web/missing.js"))
    registry.register(wrong)
    plugged.append(wrong.id)
    with pytest.raises(ConformanceError) as caught:
        check_plugin(wrong.id)
    said = str(caught.value)
    assert "bots['needy'] (tests.core.test_plugin_check:NeedsASetting) takes (depth), but " \
        "BotFactory is called with 0 arguments: missing a required argument: 'depth'" in said
    assert "terminal.render (tests.core.test_plugin_check:three_arguments) takes (state, " \
        "player, extra), but Renderer is called with 1 argument" in said
    assert "terminal.commands['ok']" not in said
    assert "cli (tests.core.test_plugin_check:NOT_A_COMMAND_GROUP) is not a command group" \
        in said
    assert "web.board: web/missing.js is not a file of tests.toygame" in said


def test_a_slot_that_cannot_be_imported_fails_the_check(plugged: list[str]) -> None:
    wrong = replace(TOY_PLUGIN, guide=Ref("tests.toygame.nowhere:guide"))
    registry.register(wrong)
    plugged.append(wrong.id)
    with pytest.raises(ModuleNotFoundError, match=r"tests\.toygame\.nowhere"):
        check_plugin(wrong.id)


def test_listing_the_games_imports_their_manifests_and_no_rules_module() -> None:
    """A fresh process lists the games: of each game's folder only its package (an
    ``__init__`` that imports nothing) and its ``plugin`` manifest are imported."""
    code = ("import sys, json, camelcade as cc; ids = cc.game_ids(); "
            "print(json.dumps([[p.id, p.package, p.game.module] for p in cc.plugins()])); "
            "print(json.dumps(sorted(m for m in sys.modules if m.startswith('camelcade'))))")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, env={**os.environ, "CAMELCADE_PLUGINS": ""}).stdout
    games, modules = (json.loads(line) for line in shown.splitlines())
    assert len(games) >= 5
    for _, package, rules in games:
        assert rules not in modules  # the game class's module: the rules
        inside = [m for m in modules if m == package or m.startswith(package + ".")]
        assert inside == [package, package + ".plugin"], inside
