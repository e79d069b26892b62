"""What each connection may see: a seat's own view, or the public view for spectators.

A seat gets exactly what the engine approves for it: ``observation(seat)``,
``history_for(seat)``, and what the game's presenters make of the seat's ``Seen``
(``camelcade.core.seen``, made once per position and viewer): ``describe``, the board
layout and, on its turn, its legal actions with ``describe_action``. Nothing else about
the position leaves the server: not ``scores()`` (a game may count hidden points), not
the seed, not other seats' actions. Spectators sit at no seat and get
``State.public_observation()``, which every game must declare and the conformance suite
checks (resampling each seat's unknowns must not change it).

Every sentence is worded in the language of the connection that reads it: a viewer is a
role and a language (``Viewer``), so two seats of one match each hear their own.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from camelcade.bots import LEVEL_PREFIX
from camelcade.core.game import Game, State
from camelcade.core.registry import plugin
from camelcade.core.seen import Seen
from camelcade.core.words import Counted, group_repeats, language, player_name, player_names, t

log = logging.getLogger(__name__)
Viewer = tuple[int | None, str]
"""Who reads a sentence: a seat (None for spectators) and a language code."""


def legal_actions_for(state: State, seat: int | None, lang: str = "en",
                      seen: Seen[Any] | None = None) -> list[dict[str, str]]:
    """The seat's legal actions with their sentences in ``lang``; empty unless it is that
    seat's turn. The action text stays the language-neutral notation. ``seen``: the
    seat's ``Seen`` of ``state`` when the caller has made it."""
    if seat is None or state.current_player != seat:
        return []
    if seen is None:
        seen = state.seen(seat)
    with language(lang):
        return [
            {"action": str(action), "description": seen.describe_action(action)}
            for action in state.legal_actions()
        ]


def action_sentences(state: State, action: Any, viewers: list[Viewer],
                     known: Mapping[Viewer, str] | None = None) -> dict[Viewer, str]:
    """What each viewer is told of ``action``, about to be applied to ``state``, in the
    viewer's language.

    The game words each sentence for the viewer (a hidden draw is "draws a card" to the
    others). A game that fails to describe an action gives no sentence rather than a
    fallback that might name something hidden. ``known`` holds sentences already worded
    for some viewers in this very state (the mover's legal action, as it was listed).
    """
    sentences: dict[Viewer, str] = dict(known) if known else {}
    seen: dict[int | None, Seen[Any]] = {}  # one view per role, whatever its languages
    for viewer in viewers:
        if viewer in sentences:
            continue
        role, lang = viewer
        try:
            if role not in seen:
                seen[role] = state.seen(role)
            with language(lang):
                sentences[viewer] = seen[role].describe_action(state.check_action(action))
        except Exception:  # a game bug must not stop the match or leak a raw action
            log.exception("%s: describe_action(%s, %s) in %s failed", state.game.id, action,
                          role, lang)
    return sentences


def seat_names(game: Game, given: Sequence[str | None] | None = None) -> list[str]:
    """Each seat's name in this game ("Yellow", "North", "Ben", "Player 2") in the current
    language, from its terminal slot; ``given``: the names the players gave (a match's
    ``names``), for a game that calls its seats by them (else those already in force)."""
    if given is not None:
        with player_names(given):
            return seat_names(game)
    slot = plugin(game.id).terminal
    if slot.seat_name is None:
        return [player_name(seat) for seat in range(game.players)]
    name = slot.seat_name.load()
    return [str(name(game, seat)) for seat in range(game.players)]


@dataclass(frozen=True)
class TimedOut:
    """A move the server made for a seat whose turn clock ran out: which seat, and who
    played for it (``bot``: the bot or ``@level`` that chose; None: the seat passed)."""

    seat: int
    bot: str | None


def timeout_sentence(game: Game, timed_out: TimedOut, role: int | None, lang: str) -> str:
    """What ``role`` hears before the move made for a seat whose time ran out: "Your time
    ran out; the easy bot played for you." to that seat, "North's time ran out; ..." to
    everyone else, in ``lang``."""
    with language(lang):
        if timed_out.bot is None:
            if role == timed_out.seat:
                return t("Your time ran out; the server passed for you.")
            return t("{seat}'s time ran out; the server passed for them.",
                     seat=seat_names(game)[timed_out.seat])
        bot = timed_out.bot.removeprefix(LEVEL_PREFIX)
        if role == timed_out.seat:
            return t("Your time ran out; the {bot} bot played for you.", bot=bot)
        return t("{seat}'s time ran out; the {bot} bot played for them.",
                 seat=seat_names(game)[timed_out.seat], bot=bot)


def with_timeout(game: Game, timed_out: TimedOut | None, sentences: dict[Viewer, str]
                 ) -> dict[Viewer, str]:
    """Each viewer's sentence of a move, told first that time ran out when it did."""
    if timed_out is None:
        return sentences
    return {viewer: " ".join(filter(None, (timeout_sentence(game, timed_out, *viewer), text)))
            for viewer, text in sentences.items()}


@cache
def counted_forms(game_id: str) -> Mapping[str, Counted]:
    """The game's counted forms (``GamePlugin.counted``): how a run of one event is told."""
    counted = plugin(game_id).counted
    return dict(counted.load()) if counted is not None else {}


def told(game_id: str, sentences: Sequence[str], lang: str = "en") -> list[str]:
    """Sentences as a person hears them: a run of one event once, counted where the game
    says how ("Yellow draws 3 cards."), exactly as ``camelcade play`` tells them, the
    counted forms worded in ``lang``."""
    with language(lang):
        return [str(line) for line in group_repeats(sentences, counted_forms(game_id))]
