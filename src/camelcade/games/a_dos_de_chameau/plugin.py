"""A dos de Chameau's plug-in manifest: what the rest of camelcade knows of this game."""

from camelcade.core.plugin import GamePlugin, Ref, TerminalSlot, WebSlot

_HERE = "camelcade.games.a_dos_de_chameau"

PLUGIN = GamePlugin(
    id="a-dos-de-chameau",
    rl=Ref(f"{_HERE}.rl:ENCODING"),
    game=Ref(f"{_HERE}.game:ADosDeChameau"),
    rulebook_language="fr",
    summary="A card-driven race of camels to the oasis, adapted for blind players (2-4).",
    terminal=TerminalSlot(
        render=Ref(f"{_HERE}.terminal:render"),
        seat_name=Ref(f"{_HERE}.terminal:seat_name"),
        commands={
            "hand": Ref(f"{_HERE}.terminal:hand"),
            "played": Ref(f"{_HERE}.terminal:played"),
            "scores": Ref(f"{_HERE}.terminal:scores"),
        },
    ),
    web=WebSlot(board="web/board.js", stylesheet="web/board.css",
                layout=Ref(f"{_HERE}.web:layout"), picture="web/picture.svg"),
    guide=Ref(f"{_HERE}.guide:guide"),
    counted=Ref(f"{_HERE}.text:COUNTED"),
)
