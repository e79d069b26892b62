"""Camel Up's plug-in manifest: what the rest of camelcade knows of this game."""

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

_HERE = "camelcade.games.camel_up"

PLUGIN = GamePlugin(
    id="camel-up",
    rl=Ref(f"{_HERE}.rl:ENCODING"),
    game=Ref(f"{_HERE}.game:CamelUp"),
    rulebook_language="da",
    summary="Stacking camels race round a pyramid while players bet on legs and the race (3-8).",
    bots={"camel-up-ev": Ref(f"{_HERE}.bots:ExpectedValueBot"),
          "camel-up-expert": Ref(f"{_HERE}.expert:ExpertBot"),
          "camel-up-champion": Ref(f"{_HERE}.champion:ChampionBot")},
    ladder=("random", "ismcts:time_limit=0.1:clock=cpu", "camel-up-ev", "camel-up-expert"),
    levels={
        "easy": Level("eager", {"judge": "legs", "wander": 0.25},
                      "takes the leg bet or pyramid ticket that pays best now, one move "
                      "ahead; now and then plays any legal move"),
        "medium": Level("camel-up-ev", {"race_samples": 20},
                        "takes the best leg bet by exact odds; guesses the race roughly"),
        "hard": Level("camel-up-champion", {},
                      "plays for the best final place: tries its best moves over hundreds "
                      "of ways the race may go, and reads the others' hidden race bets"),
    },
    # Each level's fixed OpenSkill μ in rated matches, measured by the lab
    # (benchmarks/level_ratings.py; tests/test_level_ratings.py keeps them equal).
    bot_ratings={"random": -16.7, "@easy": 23.2, "@medium": 41.0, "@hard": 49.8},
    locale=LocaleSlot("camel_up"),
    search=SearchSlot(evaluators={"legs": Ref(f"{_HERE}.evaluator:legs")}),
    terminal=TerminalSlot(
        render=Ref(f"{_HERE}.terminal:render"),
        seat_name=Ref(f"{_HERE}.terminal:seat_name"),
        commands={"piles": Ref(f"{_HERE}.terminal:piles")},
        advisor_commands={"odds": Ref(f"{_HERE}.terminal:odds")},
    ),
    cli=Ref(f"{_HERE}.cli:app"),
    position=Ref(f"{_HERE}.notation:position_state"),
    lessons=LessonSlot(data="lessons.toml", judges=f"{_HERE}.lessons"),
    web=WebSlot(board="web/board.js", stylesheet="web/board.css",
                layout=Ref(f"{_HERE}.web:layout"), picture="web/picture.svg"),
    guide=Ref(f"{_HERE}.guide:guide"),
    counted=Ref(f"{_HERE}.text:COUNTED"),
)
