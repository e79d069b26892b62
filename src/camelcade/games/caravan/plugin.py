"""Caravan's plug-in manifest: what the rest of camelcade knows of this game."""

from camelcade.core.plugin import GamePlugin, Ref, TerminalSlot

_HERE = "camelcade.games.caravan"

PLUGIN = GamePlugin(
    id="caravan",
    game=Ref(f"{_HERE}.game:Caravan"),
    summary="Camels carry and relay goods across a desert map to the cities that want them (2-4).",
    bots={"caravan-greedy": Ref(f"{_HERE}.bots:GreedyBot")},
    terminal=TerminalSlot(
        render=Ref(f"{_HERE}.terminal:render"),
        seat_name=Ref(f"{_HERE}.terminal:seat_name"),
        commands={"chains": Ref(f"{_HERE}.terminal:chains")},
    ),
    guide=Ref(f"{_HERE}.text:guide"),
    counted=Ref(f"{_HERE}.text:COUNTED"),
)
