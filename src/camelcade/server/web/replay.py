"""Replays computed on the server: every step's position in words, board and sentence.

The browser holds no rules, so a replay is a list of positions the server worked out by
applying the record's actions one by one: for each step the public description (a
finished match hides nothing, but a record is shown as a spectator saw it), the public
board layout and the sentence of the action that led there; at the end, the result in
words (a win, a shared first place or a draw, ``core.results``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from camelcade.core.errors import CamelcadeError
from camelcade.core.game import State
from camelcade.core.results import standings_sentence
from camelcade.core.words import player_names, t
from camelcade.records import Record
from camelcade.server.protocol import ErrorCode, ProtocolError
from camelcade.server.web.answers import seat_names
from camelcade.server.web.layout import lay_out

MAX_REPLAY_ACTIONS = 20_000
"""A longer upload is refused: no real game of these five comes near it."""


def _step(state: State, index: int, sentence: str | None) -> dict[str, Any]:
    seen = state.seen(None)  # a replay is watched as a spectator
    observation = seen.observation
    laid = lay_out(seen)
    return {
        "index": index,
        "sentence": sentence,
        "description": seen.describe(),
        "observation": observation,
        "board": laid.board,
        "current_player": state.current_player if not state.is_terminal() else None,
    }


def replay_steps(record: Record, names: Sequence[str | None] = ()) -> dict[str, Any]:
    """Every position of ``record`` (step 0 is the start), or ``game/bad_options``-style
    refusals naming the action that did not apply; ``names``: those the players gave, for
    a game that calls its seats by them."""
    with player_names(names):
        return _replay_steps(record)


def _replay_steps(record: Record) -> dict[str, Any]:
    if len(record.actions) > MAX_REPLAY_ACTIONS:
        raise ProtocolError(ErrorCode.MESSAGE_TOO_LARGE, t(
            "The record has {count} actions; the limit is {limit}.",
            count=len(record.actions), limit=MAX_REPLAY_ACTIONS))
    try:
        game = record.load_game()
        start = record.extra.get("start")
        state = game.new_state() if start is None else game.state_from_json(start)
    except CamelcadeError as error:
        raise ProtocolError(ErrorCode.GAME_BAD_OPTIONS, str(error)[:500]) from None
    steps = [_step(state, 0, None)]
    for index, text in enumerate(record.actions):
        try:
            action = state.check_action(text)
            sentence = state.describe_action(action, None)
            state.apply(action, check=False)
        except CamelcadeError as error:
            raise ProtocolError(ErrorCode.ACTION_ILLEGAL, t(
                "Record action {index} {action} does not apply: {reason}", index=index,
                action=repr(text[:80]), reason=str(error))) from None
        steps.append(_step(state, index + 1, sentence))
    result = (standings_sentence(seat_names(game), state.ranking()) if state.is_terminal()
              else None)
    return {"game": game.id, "options": game.options, "players": record.players,
            "winners": record.winners, "result": result, "steps": steps}
