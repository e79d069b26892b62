"""Camel Drive's plug-in manifest: what the rest of camelcade knows of this game."""

from camelcade.core.plugin import GamePlugin, Ref, TerminalSlot

_HERE = "camelcade.games.camel_drive"

PLUGIN = GamePlugin(
    id="camel-drive",
    rl=Ref(f"{_HERE}.rl:ENCODING"),
    game=Ref(f"{_HERE}.game:CamelDrive"),
    summary="A six-lane camel race where the camel that comes in second wins (2-6).",
    bots={"camel-drive-planner": Ref(f"{_HERE}.bots:PlannerBot")},
    terminal=TerminalSlot(
        render=Ref(f"{_HERE}.terminal:render"),
        seat_name=Ref(f"{_HERE}.terminal:seat_name"),
        advisor_commands={"odds": Ref(f"{_HERE}.terminal:advise")},
    ),
    cli=Ref(f"{_HERE}.cli:app"),
)
