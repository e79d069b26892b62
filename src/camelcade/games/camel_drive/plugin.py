"""Camel Drive's plug-in manifest: what the rest of camelcade knows of this game."""

from camelcade.core.plugin import (
    BalanceSlot,
    GamePlugin,
    LessonSlot,
    Level,
    LocaleSlot,
    Ref,
    SearchSlot,
    TerminalSlot,
    WebSlot,
)

_HERE = "camelcade.games.camel_drive"

PLUGIN = GamePlugin(
    id="camel-drive",
    rl=Ref(f"{_HERE}.rl:ENCODING"),
    game=Ref(f"{_HERE}.game:CamelDrive"),
    rulebook_language="de",
    summary="A six-lane camel race where the camel that comes in second wins (2-6).",
    bots={"camel-drive-planner": Ref(f"{_HERE}.bots:PlannerBot")},
    ladder=("random", "ismcts:time_limit=0.02:clock=cpu", "camel-drive-planner"),
    levels={
        "easy": Level("eager", {"judge": "race", "wander": 0.25},
                      "bets and shouts by a few race endings, one move ahead; now and then "
                      "plays any legal move"),
        "medium": Level("camel-drive-planner", {"rollouts": 12, "bet_samples": 60},
                        "weighs a few race endings before a shout or a bet"),
        "hard": Level("camel-drive-planner", {}, "plays for second place and bets on the "
                      "likely winner, from hundreds of race endings"),
    },
    # Each level's fixed OpenSkill μ in rated matches, measured by the lab
    # (benchmarks/level_ratings.py; tests/test_level_ratings.py keeps them equal).
    bot_ratings={"random": 20.9, "@easy": 20.5, "@medium": 27.1, "@hard": 29.6},
    locale=LocaleSlot("camel_drive"),
    search=SearchSlot(evaluators={"race": Ref(f"{_HERE}.evaluator:race")}),
    terminal=TerminalSlot(
        render=Ref(f"{_HERE}.terminal:render"),
        seat_name=Ref(f"{_HERE}.terminal:seat_name"),
        commands={"scores": Ref(f"{_HERE}.terminal:scores")},
        advisor_commands={"odds": Ref(f"{_HERE}.terminal:advise")},
    ),
    position=Ref(f"{_HERE}.notation:position_state"),
    lessons=LessonSlot(data="lessons.toml", judges=f"{_HERE}.lessons"),
    guide=Ref(f"{_HERE}.guide:guide"),
    # the balance report's sweeps, one option at a time (docs/games/camel-drive.md)
    balance=BalanceSlot(probe=Ref(f"{_HERE}.balance:RaceProbe"),
                        sweeps={"track_length": ("8", "10", "12", "15", "18", "22", "26", "30"),
                                "interjections": ("0", "1", "2", "3", "4", "5")},
                        tables=Ref(f"{_HERE}.balance:tables")),
    web=WebSlot(board="web/board.js", stylesheet="web/board.css",
                layout=Ref(f"{_HERE}.web:layout"), picture="web/picture.svg"),
)
