"""The toy under another id with a bare manifest (no board, no terminal extras): how a game
that declares only its class is served and played."""

from __future__ import annotations

from typing import ClassVar

from camelcade.core.plugin import GamePlugin, Ref
from tests.toygame.game import ToyGame


class PlainToy(ToyGame):
    id: ClassVar[str] = "plain-toy"
    title: ClassVar[str] = "Plain toy"


PLUGIN = GamePlugin(id="plain-toy", game=Ref("tests.toygame.plain:PlainToy"),
                    summary="The toy with nothing but its rules.")
