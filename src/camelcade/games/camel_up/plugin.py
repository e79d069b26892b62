"""Camel Up's plug-in manifest: what the rest of camelcade knows of this game."""

from camelcade.core.plugin import GamePlugin, Ref, TerminalSlot

_HERE = "camelcade.games.camel_up"

PLUGIN = GamePlugin(
    id="camel-up",
    rl=Ref(f"{_HERE}.rl:ENCODING"),
    game=Ref(f"{_HERE}.game:CamelUp"),
    summary="Stacking camels race round a pyramid while players bet on legs and the race (3-8).",
    bots={"camel-up-ev": Ref(f"{_HERE}.bots:ExpectedValueBot")},
    terminal=TerminalSlot(
        render=Ref(f"{_HERE}.terminal:render"),
        seat_name=Ref(f"{_HERE}.terminal:seat_name"),
        advisor_commands={"odds": Ref(f"{_HERE}.terminal:odds")},
    ),
    cli=Ref(f"{_HERE}.cli:app"),
)
