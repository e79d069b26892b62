"""Nim's manifest: the one place that tells camelcade the game exists."""

from camelcade.core.plugin import GamePlugin, LocaleSlot, Ref
from camelcade.core.words import N_

_HERE = __name__.rpartition(".")[0]  # "nimgame" installed, "tests.nimgame" in the checkout

PLUGIN = GamePlugin(
    id="nim",
    game=Ref(f"{_HERE}.game:NimGame"),
    summary=N_("Take one to three stones from a pile; whoever takes the last one wins."),
    locale=LocaleSlot("nim"),
)
