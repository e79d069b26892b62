"""The judges of A dos de Chameau's lessons (``lessons.toml``): goals and numbers from the
engine.

Each judge gets a lesson's position and one legal action of it, and says whether the
action reaches the lesson's goal and the numbers its sentences speak of. Every number is
the engine's: where a card takes a camel and how many occupied spaces it skips come from
the state's own ``move_of`` (the play made on a copy), the points of an oasis space from
the game's options, a hand and a pile from the state. Where a weaker move is answered
with the better one, that play is named as the game's texts name it ("oasis 3 on your
camel on space 10", ``phrases``), and the numbers inside it are among the values too.
The messages of weaker moves are marked for the catalogue with ``N_``.

Every judge's values also hold ``at``, the space the move text names ("oasis2 0"):
the verdict repeats the move, and every number a learner hears must be the engine's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from camelcade.core.action import Action
from camelcade.core.game import State
from camelcade.core.learn import Judged
from camelcade.core.words import N_
from camelcade.games.a_dos_de_chameau.actions import Play
from camelcade.games.a_dos_de_chameau.phrases import camel, card_name, oasis_points
from camelcade.games.a_dos_de_chameau.spec import (
    EMPTY,
    OASIS_CARD,
    OASIS_FIRST,
    STORM,
    TRACK_END,
    card_value,
)
from camelcade.games.a_dos_de_chameau.state import ADosState

NOT_FURTHEST = N_(
    "It takes a camel of yours no further than space {space}; {best_card} on {best_camel} "
    "takes one to space {best}.")
NOT_YOURS = N_(
    "A mirage moves another player's camel back, never one of yours; {best_card} on "
    "{best_camel} takes one of yours to space {best}.")
LESSER_OASIS = N_(
    "After it your camels score {points} points in the oasis; {best_card} on {best_camel} "
    "gives {best}.")
LESS_SET_BACK = N_(
    "With it Yellow's camel goes back by {lost}; {best_card} on {best_camel} sets Yellow "
    "back by {best}.")
NOT_A_MIRAGE = N_(
    "Only a mirage sends a camel back, and this card moves one of your own; {best_card} on "
    "{best_camel} sets Yellow back by {best}.")
LESS_GAINED = N_(
    "It brings a camel of yours forward by {gained} spaces; {best_card} on {best_camel} "
    "brings one forward by {best}.")
NO_STORM = N_(
    "It sets Yellow back by {lost}, but your pile stays empty and no card in your "
    "hand moves your camels forward: only the sandstorm gives you back your {oasis} oasis "
    "cards.")
NOT_THE_END = N_(
    "After it oasis space {space} is free again and the game goes on: your camels would "
    "score {mine} points and Yellow's {theirs}, and Yellow plays next.")


def _adc(state: State) -> ADosState:
    assert isinstance(state, ADosState)
    return state


def _at(action: Action) -> dict[str, Any]:
    """The space the move text names (none for the sandstorm)."""
    space = action.space if isinstance(action, Play) else None
    return {} if space is None else {"at": space}


def _best(state: ADosState, score: Callable[[Action], int]) -> dict[str, Any]:
    """The first legal play scoring most, named as the game's texts name a play: ``best``
    its score, ``best_card`` and ``best_camel`` the words, ``best_palms`` and
    ``best_from`` the numbers those words hold."""
    action = max(state.legal_actions(), key=score)
    assert isinstance(action, Play) and action.space is not None
    seat = state.current_player
    move = state.move_of(action)
    assert move is not None
    return {"best": score(action), "best_card": card_name(action.card),
            "best_camel": camel(move.owner, action.space, seat),
            "best_palms": card_value(action.card), "best_from": action.space}


def _oasis_score(state: ADosState, seat: int) -> int:
    """What ``seat``'s camels score where they stand (the game's own scores)."""
    return int(state.scores()[seat])


def furthest(state: State, action: Action) -> Judged:
    """Goal: the oasis card that takes a camel of yours furthest along the path."""
    adc = _adc(state)
    seat = adc.current_player

    def reach(a: Action) -> int:
        move = adc.move_of(a) if isinstance(a, Play) else None
        return move.end if move is not None and move.owner == seat else 0

    values = {**_at(action), **_best(adc, reach), "space": reach(action)}
    move = adc.move_of(action) if isinstance(action, Play) else None
    if move is not None:
        values["skipped"] = move.skipped
    mine = move is not None and move.owner == seat
    return Judged(reach(action) == values["best"], values, NOT_FURTHEST if mine else NOT_YOURS)


def best_oasis(state: State, action: Action) -> Judged:
    """Goal: the oasis space worth most that a card of yours reaches."""
    adc = _adc(state)
    seat = adc.current_player

    def points(a: Action) -> int:
        return _oasis_score(adc.child(a), seat)

    values = {**_at(action), **_best(adc, points), "points": points(action)}
    move = adc.move_of(action) if isinstance(action, Play) else None
    if move is not None and move.end >= OASIS_FIRST:
        values["space"] = move.end
        values["worth"] = oasis_points(adc.oasis_points, move.end)
        values["empty"] = sum(1 for s in range(move.start + 1, TRACK_END + 1)
                              if adc.owner(s) == EMPTY)
    return Judged(points(action) == values["best"], values, LESSER_OASIS)


def sets_back(state: State, action: Action) -> Judged:
    """Goal: the mirage that sets the rival back by the most spaces."""
    adc = _adc(state)
    rival = 1 - adc.current_player

    def lost(a: Action) -> int:
        return sum(adc.camels(rival)) - sum(adc.child(a).camels(rival))

    values = {**_at(action), **_best(adc, lost), "lost": lost(action)}
    move = adc.move_of(action) if isinstance(action, Play) else None
    if move is None or move.owner != rival:
        return Judged(False, values, NOT_A_MIRAGE)
    assert isinstance(action, Play)
    values |= {"start": move.start, "space": move.end, "palms": card_value(action.card)}
    return Judged(lost(action) == values["best"], values, LESS_SET_BACK)


def most_gained(state: State, action: Action) -> Judged:
    """Goal: the card that brings a camel of yours forward by the most spaces."""
    adc = _adc(state)
    seat = adc.current_player

    def gained(a: Action) -> int:
        return sum(adc.child(a).camels(seat)) - sum(adc.camels(seat))

    values = {**_at(action), **_best(adc, gained), "gained": gained(action)}
    move = adc.move_of(action) if isinstance(action, Play) else None
    if move is not None:
        values |= {"space": move.end, "ahead": adc.leader_space()}
    return Judged(gained(action) == values["best"], values, LESS_GAINED)


def storms(state: State, action: Action) -> Judged:
    """Goal: get the played oasis cards back, which only the sandstorm does."""
    adc = _adc(state)
    seat = adc.current_player
    rival = 1 - seat
    after = adc.child(action)
    played = [card for card in adc.discards(seat) if card.startswith(OASIS_CARD)]
    cards = len(adc.hand(seat)) + adc.pile_size(seat) + len(adc.discards(seat))
    values = {**_at(action), "oasis": len(played), "cards": cards,
              "lost": sum(adc.camels(rival)) - sum(after.camels(rival))}
    reached = isinstance(action, Play) and action.card == STORM
    return Judged(reached, values, NO_STORM)


def ends_best(state: State, action: Action) -> Judged:
    """Goal: end the game now (fill the oasis) with more points than the rival."""
    adc = _adc(state)
    seat = adc.current_player
    after = adc.child(action)
    move = adc.move_of(action) if isinstance(action, Play) else None
    values = {**_at(action), "mine": _oasis_score(after, seat),
              "theirs": _oasis_score(after, 1 - seat),
              "space": move.start if move is not None else 0}
    return Judged(after.is_terminal() and values["mine"] > values["theirs"], values,
                  NOT_THE_END)
