"""A dos de Chameau's plug-in manifest: what the rest of camelcade knows of this game."""

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

_HERE = "camelcade.games.a_dos_de_chameau"

PLUGIN = GamePlugin(
    id="a-dos-de-chameau",
    rl=Ref(f"{_HERE}.rl:ENCODING"),
    game=Ref(f"{_HERE}.game:ADosDeChameau"),
    rulebook_language="fr",
    summary="A card-driven race of camels to the oasis, adapted for blind players (2-4).",
    bots={"a-dos-expert": Ref(f"{_HERE}.bots:ADosExpertBot")},
    ladder=("random", "ismcts:time_limit=0.1:clock=cpu", "a-dos-expert:time_limit=0.1:clock=cpu"),
    levels={
        "easy": Level("eager", {"judge": "expert", "wander": 0.25},
                      "plays the card that looks best now, one move ahead; now and then "
                      "plays any legal move"),
        "medium": Level("a-dos-expert", {"iterations": 500},
                        "counts the cards played; a short search: 500 positions a move"),
        "hard": Level("a-dos-expert", {"time_limit": 0.9},
                      "counts the cards played and times its mirages and caravan leader; "
                      "searches for just under a second a move"),
    },
    # Each level's fixed OpenSkill μ in rated matches, measured by the lab
    # (benchmarks/level_ratings.py; tests/test_level_ratings.py keeps them equal).
    bot_ratings={"random": 1.2, "@easy": 19.9, "@medium": 37.3, "@hard": 42.8},
    position=Ref(f"{_HERE}.notation:position_state"),
    lessons=LessonSlot(data="lessons.toml", judges=f"{_HERE}.lessons"),
    locale=LocaleSlot("a_dos_de_chameau"),
    search=SearchSlot(evaluators={"expert": Ref(f"{_HERE}.expert:expert")}),
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
