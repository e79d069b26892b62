"""A dos de Chameau's accessible board for the web app: the path as a list, then the cards.

The list runs as the caravan does: the town, spaces 1 to 36 (the oasis spaces with their
points), then the listener's hand card by card and each player's cards (hand size, pile,
played with the top card). Every cell is worded by the game ("33, oasis, 3 points: your
camel"), and everything is read from what the seat may know — its ``observation`` (a
spectator's: ``public_observation``) — never from the true state, so the board can show
nothing hidden.

A move is picked on the board camel first: the camel's space, then the space it lands on
(a mirage: the other player's camel, then where it goes back to). The sandstorm and a
discard are one click on the card in your hand. Where two cards move the same camel to the
same space, the shell offers just those two moves from the list.

``board["drawing"]`` carries the few words and numbers the SVG picture needs besides the
observation (the oasis points, the cards' names, the seats' names and letters), so the
browser computes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from camelcade.core.seen import Seen
from camelcade.core.types import JSONDict, PlayerId
from camelcade.core.words import t, tn, worded_once
from camelcade.games.a_dos_de_chameau.actions import Discard, Play
from camelcade.games.a_dos_de_chameau.phrases import (
    card_kind,
    card_list,
    card_name,
    colour,
    oasis_points,
    place,
    played_cards,
    space_holder,
    town_camels,
)
from camelcade.games.a_dos_de_chameau.spec import (
    CARD_ORDER,
    COLOURS,
    HAND_SIZE,
    OASIS_FIRST,
    STORM,
    TOWN,
    TRACK_END,
    card_value,
)
from camelcade.games.a_dos_de_chameau.state import ADosState

TOWN_CELL = "town"


def space_cell(space: int) -> str:
    """The cell id of a space: "town", "s1" .. "s36" (stable for the whole game)."""
    return TOWN_CELL if space == TOWN else f"s{space}"


def hand_cell(slot: int) -> str:
    """The cell of the listener's ``slot``-th card in hand (1 .. 3, in card order)."""
    return f"hand{slot}"


def seat_cell(seat: PlayerId) -> str:
    return f"seat{seat}"


def layout(view: Seen[ADosState]) -> dict[str, Any]:
    """The board and each legal action's cells for ``view.role`` (None: a spectator), read
    from its observation."""
    state, player = view.state, view.role
    if not isinstance(state, ADosState):
        raise TypeError(f"not an A dos de Chameau state: {type(state).__name__}")
    seen = view.observation
    points: tuple[int, ...] = tuple(state.game.option("oasis_points"))
    rows = [{"label": t("path"), "cells": _path(seen, points, player)}]
    if player is not None:
        hand = tuple(seen["hand"])
        rows.append({"label": t("your hand"),
                     "cells": worded_once(("a-dos hand", hand), _hand, hand)})
    rows.append({"label": t("cards"), "cells": _seats(seen, player)})
    seats = len(seen["camels"])
    board = {
        "kind": "list",
        "label": t("The path: the town, then spaces 1 to {last}, the oasis from {first} on; "
                   "then the cards", first=OASIS_FIRST, last=TRACK_END),
        "rows": rows,
        "drawing": worded_once(("a-dos drawing", points, seats, player),
                               _drawing, seats, points, player),
    }
    return {"board": board, "actions": _actions(state, seen, player),
            "also": _from_hand(state, seen, player), "groups": _groups(state, points, player),
            "seats": seat_facts(seen, player), "colours": list(COLOURS[:len(seen["camels"])])}


def seat_facts(seen: JSONDict, player: PlayerId | None) -> list[list[JSONDict]]:
    """Each seat's panel, from ``seen`` alone: points, the cards in hand (your own by name,
    another seat's as a count), the draw pile as a count and the card played last."""
    facts: list[list[JSONDict]] = []
    for seat, discards in enumerate(seen["discards"]):
        held = (card_list(seen["hand"]) if seat == player and seen["hand"]
                else tn("{count} card", "{count} cards", seen["hand_sizes"][seat]))
        told: list[JSONDict] = [{"label": t("points"), "value": str(int(seen["scores"][seat]))},
                {"label": t("in hand"), "value": held},
                {"label": t("draw pile"),
                 "value": tn("{count} card", "{count} cards", seen["pile_sizes"][seat])}]
        if discards:
            told.append({"label": t("played last"), "value": card_name(discards[-1])})
        facts.append(told)
    return facts


def _owners(camels: Sequence[Sequence[int]]) -> dict[int, int]:
    return {space: seat for seat, spaces in enumerate(camels) for space in spaces if space}


def _path(seen: JSONDict, points: Sequence[int], player: PlayerId | None) -> list[JSONDict]:
    """The town and every space. A space's cell depends only on who stands there, so each
    is worded once per language and listener (a board is sent at every move, and its cells
    were most of the server's work per move)."""
    camels = seen["camels"]
    owners = _owners(camels)
    town = tuple(spaces.count(TOWN) for spaces in camels)
    cells = [worded_once(("a-dos town", town, player), _town, town, player)]
    for space in range(1, TRACK_END + 1):
        owner = owners.get(space)
        cells.append(worded_once(("a-dos space", space, owner, player, points),
                                 _space, space, owner, player, points))
    return cells


def _town(town: Sequence[int], player: PlayerId | None) -> JSONDict:
    return {"id": TOWN_CELL, "text": t("Town: {camels}.", camels=town_camels(town, player))}


def _space(space: int, owner: PlayerId | None, player: PlayerId | None,
           points: Sequence[int]) -> JSONDict:
    holder = space_holder(owner, player)
    if space >= OASIS_FIRST:
        text = tn("{space}, oasis, {count} point: {holder}",
                  "{space}, oasis, {count} points: {holder}",
                  oasis_points(points, space), space=space, holder=holder)
    else:
        text = t("{space}: {holder}", space=space, holder=holder)
    return {"id": space_cell(space), "text": text}


def _hand(hand: Sequence[str]) -> list[JSONDict]:
    return [{"id": hand_cell(slot),
             "text": t("Your card {slot}: {card}", slot=slot, card=card_name(hand[slot - 1]))
             if slot <= len(hand) else t("Your card {slot}: none", slot=slot)}
            for slot in range(1, HAND_SIZE + 1)]


def _seats(seen: JSONDict, player: PlayerId | None) -> list[JSONDict]:
    """Each seat's cards; a seat's cell changes only when it plays, so each is worded once
    per language and what it says."""
    cells = []
    for seat, discards in enumerate(seen["discards"]):
        pile = tuple(seen["pile"]) if seat == player else None
        key = ("a-dos seat", seat, player, seen["hand_sizes"][seat], seen["pile_sizes"][seat],
               len(discards), discards[-1] if discards else None, pile)
        cells.append(worded_once(key, _seat, seat, player, seen["hand_sizes"][seat],
                                 seen["pile_sizes"][seat], discards, pile))
    return cells


def _seat(seat: PlayerId, player: PlayerId | None, hand: int, pile: int,
          discards: Sequence[str], cards: Sequence[str] | None) -> JSONDict:
    values = {"hand": hand, "pile": pile, "played": played_cards(discards)}
    if cards is not None:
        text = t("Your cards: {hand} in hand, {pile} in the pile, {played}. Your pile: "
                 "{cards}.", cards=card_list(cards), **values)
    else:
        text = t("{seat}'s cards: {hand} in hand, {pile} in the pile, {played}.",
                 seat=colour(seat), **values)
    return {"id": seat_cell(seat), "text": text}


def _drawing(players: int, points: Sequence[int], player: PlayerId | None) -> JSONDict:
    """What the SVG shows besides the observation, in the game's words: the same for the
    whole game, so it is worded once per language and listener."""
    seats = range(players)
    return {
        "points": {space_cell(space): oasis_points(points, space)
                   for space in range(OASIS_FIRST, TRACK_END + 1)},
        "cards": {card: {"kind": card_kind(card), "palms": card_value(card)}
                  for card in CARD_ORDER},
        "seats": [{"name": t("You") if seat == player else colour(seat),
                   "letter": colour(seat)[0]} for seat in seats],
        "labels": {"town": t("Town"), "oasis": t("Oasis"), "pile": t("pile"),
                   "played": t("played"), "hand": t("hand"), "points": t("points")},
    }


def _actions(state: ADosState, seen: JSONDict, player: PlayerId | None) -> dict[str, list[str]]:
    """Each legal action's cells in click order, on ``player``'s own turn only."""
    if player is None or state.current_player != player:
        return {}
    hand: list[str] = list(seen["hand"])
    cells: dict[str, list[str]] = {}
    for action in state.legal_actions():
        if isinstance(action, Discard):
            cells[str(action)] = [hand_cell(hand.index(action.card) + 1)]
        elif isinstance(action, Play) and action.card == STORM:
            cells[str(action)] = [hand_cell(hand.index(STORM) + 1)]
        elif isinstance(action, Play):
            move = state.move_of(action)
            assert move is not None
            cells[str(action)] = [space_cell(move.start), space_cell(move.end)]
    return cells


def _from_hand(state: ADosState, seen: JSONDict, player: PlayerId | None
               ) -> dict[str, list[list[str]]]:
    """A card play started where a player reaches first, the card in hand: the card, then
    the space the camel lands on (from every slot holding that card)."""
    if player is None or state.current_player != player:
        return {}
    hand: list[str] = list(seen["hand"])
    paths: dict[str, list[list[str]]] = {}
    for action in state.legal_actions():
        if isinstance(action, Play) and action.card != STORM:
            move = state.move_of(action)
            assert move is not None
            paths[str(action)] = [[hand_cell(slot + 1), space_cell(move.end)]
                                  for slot, card in enumerate(hand) if card == action.card]
    return paths


def _groups(state: ADosState, points: Sequence[int], player: PlayerId | None
            ) -> dict[str, list[str]]:
    """Each legal action's kind and detail for the action bar: "Play a card" and "Two
    palms: space 4 to space 6", "Discard a card" and the card."""
    if player is None or state.current_player != player:
        return {}
    groups: dict[str, list[str]] = {}
    for action in state.legal_actions():
        if isinstance(action, Discard):
            groups[str(action)] = [t("Discard a card"), card_name(action.card)]
        elif isinstance(action, Play):
            move = state.move_of(action)
            detail = card_name(action.card) if move is None else t(
                "{card}: {start} to {end}", card=card_name(action.card),
                start=place(move.start, points), end=place(move.end, points))
            groups[str(action)] = [t("Play a card"), detail]
    return groups
