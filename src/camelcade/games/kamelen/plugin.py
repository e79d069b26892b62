"""Kamelen's plug-in manifest: what the rest of camelcade knows of this game."""

from camelcade.core.plugin import (
    GamePlugin,
    LessonSlot,
    Level,
    LocaleSlot,
    Ref,
    SearchSlot,
    TerminalSlot,
    WebSlot,
)

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
    ladder=("random", "mcts:time_limit=0.1:clock=cpu", "kamelen-greedy",
            "kamelen-search:time_limit=0.1:clock=cpu"),
    levels={
        "easy": Level("eager", {"judge": "material", "wander": 0.25},
                      "looks one move ahead; now and then plays any legal move"),
        "medium": Level("kamelen-search", {"time_limit": None, "max_nodes": 3000},
                        "a short search: 3,000 positions a move"),
        "hard": Level("kamelen-search", {"time_limit": 0.9},
                      "searches for about a second a move"),
    },
    # Each level's fixed OpenSkill μ in rated matches, measured by the lab
    # (benchmarks/level_ratings.py; tests/test_level_ratings.py keeps them equal).
    bot_ratings={"random": 13.6, "@easy": 17.1, "@medium": 30.4, "@hard": 41.3},
    locale=LocaleSlot("kamelen"),
    search=SearchSlot(evaluators={"material": Ref(f"{_HERE}.evaluator:material")}),
    terminal=TerminalSlot(
        render=Ref(f"{_HERE}.terminal:render"),
        seat_name=Ref(f"{_HERE}.terminal:seat_name"),
        commands={"position": Ref(f"{_HERE}.terminal:position_command")},
        advisor_commands={"hint": Ref(f"{_HERE}.terminal:hint_command")},
    ),
    position=Ref(f"{_HERE}.game:position_state"),
    web=WebSlot(board="web/board.js", stylesheet="web/board.css",
                layout=Ref(f"{_HERE}.web:layout"), picture="web/picture.svg"),
    guide=Ref(f"{_HERE}.guide:guide"),
    counted=Ref(f"{_HERE}.text:COUNTED"),
    lessons=LessonSlot(data="lessons.toml", judges=f"{_HERE}.lessons"),
)
