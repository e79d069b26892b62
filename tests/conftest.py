"""Fixtures every test package may use: the toy game, plugged in through its manifest."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from camelcade.cli.hooks import terminal_hooks
from camelcade.core import registry
from tests.toygame.plugin import PLUGIN as TOY_PLUGIN


@pytest.fixture
def toy_game() -> Iterator[str]:
    """Register the toy game (``tests/toygame``) for one test only; yields its id."""
    registry.register(TOY_PLUGIN)
    terminal_hooks.cache_clear()
    yield TOY_PLUGIN.id
    registry.unregister(TOY_PLUGIN.id)
    terminal_hooks.cache_clear()
