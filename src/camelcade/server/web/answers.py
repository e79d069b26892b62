"""What the server says when a player presses a command key (``docs/web.md``, keys).

The browser holds no rules, so a key such as "scores" or "hand" is answered here from the
asking seat's own view (its ``Seen``): the game's own terminal command of that name when
it has one, else the seat's description. Advisor commands (help rated play must not give)
answer only where the match allows them: when every other seat is a bot.
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Mapping
from typing import Any

from camelcade.core.errors import CamelcadeError
from camelcade.core.game import Game
from camelcade.core.plugin import Command
from camelcade.core.registry import plugin
from camelcade.core.results import ranking_from, standings_sentence
from camelcade.core.words import pt, t, translate
from camelcade.server.protocol import ErrorCode, ProtocolError
from camelcade.server.runtime import LiveMatch
from camelcade.server.views import seat_names as seat_names  # mail and the API use it here

log = logging.getLogger(__name__)
FALLBACK_TO_DESCRIPTION = ("scores", "hand")
"""Keys every game answers: by its own command of that name, else by the description."""


def _loaded(refs: Mapping[str, Any]) -> dict[str, Command]:
    return {str(key).lower(): ref.load() for key, ref in refs.items()}


def advisor_allowed(match: LiveMatch, seat: int | None) -> bool:
    """Advice only in matches against bots alone: no other person could be wronged."""
    return seat is not None and all(
        row.kind == "bot" for row in match.seats if row.seat != seat
    )


def commands(match: LiveMatch, seat: int | None) -> list[dict[str, Any]]:
    """The game's commands this seat may ask, with their one-line help."""
    slot = plugin(match.game.id).terminal
    offered = [(name, ref, False) for name, ref in slot.commands.items()]
    if advisor_allowed(match, seat):
        offered += [(name, ref, True) for name, ref in slot.advisor_commands.items()]
    out: list[dict[str, Any]] = []
    for name, ref, advice in offered:
        doc = (inspect.getdoc(ref.load()) or "").strip().splitlines()  # as extracted
        help_line = doc[0] if doc else ""
        out.append({"name": str(name).lower(),
                    # The word the terminal's prompt takes in this language, for the button.
                    "label": str(pt("command word", str(name).lower())),
                    "help": translate(help_line) if help_line else str(name),
                    "advisor": advice})
    return out


def advice_names(game: Game) -> list[str]:
    """The game's advisor commands by name, offered or not: a client can then say how advice
    is turned on rather than call the word unknown (README, "Advice")."""
    return [str(name).lower() for name in plugin(game.id).terminal.advisor_commands]


def guide_text(game: Game) -> str | None:
    """The game's player's guide (``GamePlugin.guide``), or None when it has none."""
    guide = plugin(game.id).guide
    return None if guide is None else str(guide.load()(game))


def answer(match: LiveMatch, seat: int | None, command: str) -> str:
    """The text for ``command`` asked by ``seat`` (None: a spectator)."""
    command = command.lower()
    state = match.state
    slot = plugin(match.game.id).terminal
    offered = _loaded(slot.commands)
    if advisor_allowed(match, seat):
        offered.update(_loaded(slot.advisor_commands))
    elif command in {str(k).lower() for k in slot.advisor_commands}:
        raise ProtocolError(ErrorCode.ACTION_ILLEGAL, t(
            "{command} is advice, offered only in matches against bots.", command=command))
    if match.status == "open":
        return t("The match has not started yet.")
    if command in offered and seat is not None:
        try:
            return offered[command](state.seen(seat))
        except CamelcadeError as error:
            return str(error)
        except Exception:
            log.exception("%s: command %s failed", match.game.id, command)
            return t("{command} failed on the server.", command=command)
    if command in FALLBACK_TO_DESCRIPTION:
        if command == "scores" and match.row.result is not None:
            return result_text(match)
        return state.describe(seat)
    known = ", ".join([*FALLBACK_TO_DESCRIPTION, *offered])
    raise ProtocolError(ErrorCode.ACTION_ILLEGAL, t(
        "There is no command {command}; the commands are: {commands}.",
        command=repr(command[:40]), commands=known))


def result_text(match: LiveMatch) -> str:
    """The final ranking in words: "Winner: Yellow. Then Red. Then Blue and Green.", a shared
    first place or a draw told as such (``core.results``)."""
    result = match.row.result or {}
    names = seat_names(match.game, match.names)
    ranking = result.get("ranking") or ranking_from(result.get("winners", []), len(names))
    return standings_sentence(names, ranking)
