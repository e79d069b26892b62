"""Caravan's plug-in manifest: what the rest of camelcade knows of this game."""

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

_HERE = "camelcade.games.caravan"

PLUGIN = GamePlugin(
    id="caravan",
    rl=Ref(f"{_HERE}.rl:ENCODING"),
    game=Ref(f"{_HERE}.game:Caravan"),
    rulebook_language="de",
    summary="Camels carry and relay goods across a desert map to the cities that want them (2-4).",
    bots={"caravan-greedy": Ref(f"{_HERE}.bots:GreedyBot")},
    ladder=("random", "mcts:evaluator=plans:time_limit=0.02:clock=cpu:group_above=1000",
            "caravan-greedy"),
    levels={
        "easy": Level("eager", {"judge": "plans", "shortlist": 6, "wander": 0.25},
                      "takes what is on offer and builds towards deliveries, one action "
                      "ahead; now and then plays any legal action"),
        "medium": Level("mcts", {"iterations": 100, "evaluator": "plans"},
                        "a short search judged by the plans of the hard level: 100 positions "
                        "an action"),
        "hard": Level("caravan-greedy", {},
                      "plans chains, pick-ups, relays and thefts; about a millisecond an action"),
    },
    # Each level's fixed OpenSkill μ in rated matches, measured by the lab
    # (benchmarks/level_ratings.py; tests/test_level_ratings.py keeps them equal).
    bot_ratings={"random": -5.6, "@easy": 23.8, "@medium": 26.5, "@hard": 61.3},
    locale=LocaleSlot("caravan"),
    position=Ref(f"{_HERE}.notation:position_state"),
    lessons=LessonSlot(data="lessons.toml", judges=f"{_HERE}.lessons"),
    search=SearchSlot(evaluators={"plans": Ref(f"{_HERE}.evaluator:plans")}),
    terminal=TerminalSlot(
        render=Ref(f"{_HERE}.terminal:render"),
        seat_name=Ref(f"{_HERE}.terminal:seat_name"),
        commands={"chains": Ref(f"{_HERE}.terminal:chains")},
    ),
    web=WebSlot(board="web/board.js", stylesheet="web/board.css",
                layout=Ref(f"{_HERE}.web:layout"), picture="web/picture.svg"),
    guide=Ref(f"{_HERE}.text:guide"),
    counted=Ref(f"{_HERE}.text:COUNTED"),
    data={"map": Ref(f"{_HERE}.board:MAPS")},
)
