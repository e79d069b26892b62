"""A game's options in players' words under ``camelcade play GAME --help``.

The play command is one command for every game, so its help cannot list a game's options
until the game is named: when it is (``play GAME --help``), the command's epilog is
filled with that game's named ways to play (its presets, as ``-o`` settings) and each
option's player label and sentence — the labels the web app's create form shows — then
the name and value to type. Nothing is imported unless help for ``play GAME`` is asked.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from camelcade.core.words import t, translate

HELP_FLAGS = frozenset(("--help", "-h"))


def _typed(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value).replace(" ", "")


def options_text(game_id: str) -> str:
    """The game's presets and options, a paragraph each (blank lines between: typer's
    rich help keeps each paragraph a line)."""
    from camelcade.core.registry import game_class

    cls = game_class(game_id)
    paragraphs: list[str] = []
    if cls.presets:
        paragraphs.append(t("Ways to play {game}:", game=cls.title))
        for preset in cls.presets:
            settings = " ".join(f"-o {name}={_typed(value)}"
                                for name, value in preset.options.items())
            paragraphs.append(t("{name}: {sentence} {settings}", name=translate(preset.name),
                                sentence=translate(preset.sentence), settings=settings)
                              .rstrip())
    if cls.option_specs:
        paragraphs.append(t("Options of {game}, each typed as -o NAME=VALUE:", game=cls.title))
        for option in cls.option_specs:
            values = {"label": translate(option.label) if option.label else option.name,
                      "name": option.name,
                      "sentence": translate(option.explain) if option.explain else "",
                      "allowed": translate(option.allowed)}
            if option.default is None:  # the game works it out; ``allowed`` says how
                paragraphs.append(t("{label} ({name}): {sentence} Allowed: {allowed}.",
                                    **values))
            else:
                paragraphs.append(t("{label} ({name}): {sentence} Allowed: {allowed}; "
                                    "default {default}.", default=_typed(option.default),
                                    **values))
    return "\n\n".join(paragraphs)


def describe_game_options(group: Any, args: Sequence[str]) -> None:
    """Fill the play command's epilog when ``args`` ask for ``play GAME --help``."""
    words = list(args)
    if len(words) < 3 or words[0] != "play" or not HELP_FLAGS & set(words):
        return
    from camelcade.core.registry import game_ids

    game_id = next((word for word in words[1:] if word in game_ids()), None)
    command = group.commands.get("play") if hasattr(group, "commands") else None
    if game_id is not None and command is not None:
        command.epilog = options_text(game_id)
