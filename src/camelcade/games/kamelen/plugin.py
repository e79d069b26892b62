"""Kamelen's plug-in manifest: what the rest of camelcade knows of this game."""

from camelcade.core.plugin import GamePlugin, Ref, TerminalSlot

_HERE = "camelcade.games.kamelen"

PLUGIN = GamePlugin(
    id="kamelen",
    rl=Ref(f"{_HERE}.rl:ENCODING"),
    game=Ref(f"{_HERE}.game:KamelenGame"),
    summary="Fred Horn's abstract: leaping camels and dromedaries raid the enemy home (2).",
    bots={
        "kamelen-search": Ref(f"{_HERE}.bots:SearchBot"),
        "kamelen-greedy": Ref(f"{_HERE}.bots:GreedyBot"),
    },
    terminal=TerminalSlot(
        render=Ref(f"{_HERE}.terminal:render"),
        seat_name=Ref(f"{_HERE}.terminal:seat_name"),
        commands={
            "position": Ref(f"{_HERE}.terminal:position_command"),
            "hint": Ref(f"{_HERE}.terminal:hint_command"),
        },
    ),
    position=Ref(f"{_HERE}:position_state"),
)
