"""The toy game's manifest: the only place that tells camelcade the toy exists."""

from camelcade.core.plugin import GamePlugin, Level, Ref, TerminalSlot, WebSlot

PLUGIN = GamePlugin(
    id="toy",
    game=Ref("tests.toygame.game:ToyGame"),
    summary="Add 1 or 2 to a shared total; whoever reaches the target scores.",
    bots={"toy-greedy": Ref("tests.toygame.bots:GreedyBot")},
    levels={"easy": Level("random"), "hard": Level("toy-greedy", {}, "always adds 2")},
    terminal=TerminalSlot(
        render=Ref("tests.toygame.terminal:render"),
        seat_name=Ref("tests.toygame.terminal:seat_name"),
        commands={"count": Ref("tests.toygame.terminal:count"),
                  "broken": Ref("tests.toygame.terminal:broken")},
        advisor_commands={"tip": Ref("tests.toygame.terminal:secret_tip")},
    ),
    cli=Ref("tests.toygame.cli:app"),
    position=Ref("tests.toygame.terminal:position_state"),
    web=WebSlot(board="web/board.js", stylesheet="web/board.css",
                layout=Ref("tests.toygame.web:layout")),
)
