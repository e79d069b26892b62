"""Who plays: bot specifications as text, checked up front, built fresh in each worker.

An entrant is written ``BOT[:KEY=VALUE...]`` (``mcts:iterations=50:rollout_limit=100``)
or ``@LEVEL`` for one of the strengths a game offers people (``@hard``). Settings are
read as ``none``, ``true``/``false``, whole numbers, decimals or text. The same text
names the same bot everywhere (tables, ratings, reports), so an entrant listed twice
(``random,random``) is one bot filling two seats.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from camelcade import bots as bot_registry
from camelcade.core.agent import Agent
from camelcade.core.errors import OptionError
from camelcade.core.words import t

SettingValue = None | bool | int | float | str


@dataclass(frozen=True)
class Entrant:
    """One bot with its settings, as a tournament names it."""

    label: str
    """The text it was given as (``mcts:iterations=50``), its name in every table."""
    bot: str
    settings: tuple[tuple[str, SettingValue], ...] = ()

    def build(self) -> Agent:
        """A fresh bot (each match gets its own, so no state leaks between matches)."""
        return bot_registry.load(self.bot, **dict(self.settings))

    def timed(self) -> bool:
        """Whether the bot searches for a time (its ``time_limit`` is set) rather than a
        fixed budget: its games then depend on the machine's speed and load, so the same
        seed may not repeat them."""
        return getattr(self.build(), "time_limit", None) is not None

    def to_json(self) -> dict[str, Any]:
        return {"label": self.label, "bot": self.bot, "settings": dict(self.settings)}


def parse_value(text: str) -> SettingValue:
    """``none`` → None, ``true``/``false`` → bool, ``12`` → 12, ``0.5`` → 0.5, else text."""
    lowered = text.strip().lower()
    if lowered in ("none", "null"):
        return None
    if lowered in ("true", "false"):
        return lowered == "true"
    for kind in (int, float):
        try:
            number: int | float = kind(text)
        except ValueError:
            continue
        return number
    return text.strip()


def parse_entrant(text: str, game_id: str) -> Entrant:
    """One entrant from its text; an unknown bot, level or bad setting says what is allowed."""
    label = text.strip()
    if not label:
        raise OptionError(t("an entrant needs a bot name, e.g. random or mcts:iterations=50"))
    name, *pairs = label.split(":")
    if name.startswith(bot_registry.LEVEL_PREFIX):
        if pairs:
            raise OptionError(t("a level takes no settings: {entrant}", entrant=repr(label)))
        level = bot_registry.level(game_id, name)
        entrant = Entrant(label, level.bot, tuple(sorted(level.settings.items())))
    else:
        if name not in bot_registry.names(game_id):
            raise OptionError(t("no bot {bot} for {game}; its bots are: {bots}", bot=repr(name),
                                game=game_id, bots=", ".join(bot_registry.names(game_id))))
        settings: dict[str, SettingValue] = {}
        for pair in pairs:
            key, sep, value = pair.partition("=")
            if not sep or not key.strip():
                raise OptionError(t("bot settings are key=value after a colon, got {pair} in "
                                    "{entrant}", pair=repr(pair), entrant=repr(label)))
            settings[key.strip()] = parse_value(value)
        entrant = Entrant(label, name, tuple(sorted(settings.items())))
    entrant.build()  # a setting the bot does not take fails here, before any game
    return entrant


def split_entrants(text: str) -> list[str]:
    """``"mcts:iterations=50, random"`` → the entrant texts; empty entries are refused."""
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise OptionError(t("--bots takes bot names separated by commas (each BOT or "
                            "BOT:key=value...), got {text}; the bots are: {bots}",
                            text=repr(text), bots=", ".join(bot_registry.names())))
    return names


def parse_entrants(texts: Sequence[str], game_id: str) -> list[Entrant]:
    """The entrants of a tournament, in the order given (repeats kept: they fill seats)."""
    cache: dict[str, Entrant] = {}
    for text in texts:
        if text.strip() not in cache:
            cache[text.strip()] = parse_entrant(text, game_id)
    return [cache[text.strip()] for text in texts]
