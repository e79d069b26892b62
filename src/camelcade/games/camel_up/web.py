"""Camel Up's accessible board for the browser: a list of cells, each read as its words.

A track is a list (``docs/web.md``): the 16 spaces in race order, each with its stack from
the bottom and its tile, then the five leg-ticket stacks, the pyramid, the two overall
piles, your finish cards and the players. Every action has cells, so a person can play by
pointing alone: a leg ticket is its stack, a roll the pyramid, a tile the space (then the
side, from the two moves the space offers), an overall bet your finish card and then the
pile, a partnership the partner's seat.

``board["draw"]`` carries what the SVG drawing needs beyond the observation, worked out
here because the browser holds no rules: each camel's letter and name, the ticket on top
of each stack and how many are left, the dice still in the pyramid, and the words the
drawing shows (in the current language). It is built from what the seat may know only.
"""

from __future__ import annotations

from typing import Any

from camelcade.core.seen import Seen
from camelcade.core.types import PlayerId
from camelcade.core.words import and_list, t, tn
from camelcade.games.camel_up.actions import LOSER, PILES, WINNER, Bet, Overall, Partner, PlaceTile
from camelcade.games.camel_up.names import (
    camel_name,
    colour_name,
    seat_label,
    side_up,
    stack_words,
    ticket_name,
    tile_name,
)
from camelcade.games.camel_up.spec import FIRST_SPACE, LAST_SPACE
from camelcade.games.camel_up.state import CamelUpState
from camelcade.games.camel_up.text import off_board_lines, pile_line, pyramid_line, seat_line

LETTERS = {"blue": "B", "green": "G", "yellow": "Y", "red": "R", "purple": "P",
           "orange": "O", "white": "W", "black": "K"}
"""The letter on each camel, die and card (black is K, as blue has B)."""
FINISH = "finish"


def space_id(space: int) -> str:
    return f"s{space}"


def layout(seen: Seen[CamelUpState]) -> dict[str, Any]:
    """The board and each legal action's cells, as ``seen.role`` (None: a spectator) sees
    it."""
    state, player = seen.state, seen.role
    assert isinstance(state, CamelUpState)
    rows = [
        {"label": t("Track"), "cells": track_cells(state, player)},
        {"label": t("Leg tickets"), "cells": ticket_cells(state)},
        {"label": t("Pyramid"), "cells": [{"id": "pyramid", "text": pyramid_line(state)}]},
        {"label": t("Overall bets"), "cells": [
            {"id": pile, "text": pile_line(state, pile, player)} for pile in PILES]},
    ]
    if player is not None and state.hand(player):
        rows.append({"label": t("Your finish cards"), "cells": [
            {"id": f"card-{c}", "text": t("Your {colour} finish card, in hand.",
                                          colour=colour_name(c))}
            for c in state.hand(player)]})
    rows.append({"label": t("Players"), "cells": [
        {"id": f"seat-{seat}", "text": seat_line(state, seat, player)}
        for seat in range(state.game.players)]})
    board = {
        "kind": "list",
        "label": t("Camel Up: the track's 16 spaces in race order, then the leg tickets, the "
                   "pyramid, the overall bets and the players"),
        "rows": rows,
        "draw": drawing(state, player),
    }
    return {"board": board, "actions": action_cells(state, player),
            "groups": action_groups(state, player), "seats": seat_facts(state, player)}


def seat_facts(state: CamelUpState, player: PlayerId | None) -> list[list[dict[str, str]]]:
    """Each seat's panel: coins, leg and pyramid tickets, partner, and the finish cards in
    hand (by colour to their owner, as a count to everyone else: the colours are secret)."""
    facts: list[list[dict[str, str]]] = []
    for seat in range(state.game.players):
        told: list[dict[str, str]] = [{"label": t("coins"), "value": str(state.coins()[seat])}]
        tickets = state.tickets(seat)
        if tickets:
            told.append({"label": t("leg tickets"), "value": and_list(
                [ticket_name(c, v) for c, v in tickets])})
        pyramid = state.pyramid_tickets(seat)
        if pyramid:
            told.append({"label": t("pyramid tickets"), "value": str(pyramid)})
        partner = state.partner(seat)
        if partner is not None:
            told.append({"label": t("partner"), "value": t("you") if partner == player
                         else seat_label(partner)})
        hand = state.hand(seat)
        told.append({"label": t("finish cards"), "value": (
            and_list([colour_name(c) for c in hand]) if seat == player and hand
            else tn("{count} card", "{count} cards", len(hand)))})
        facts.append(told)
    return facts


def track_cells(state: CamelUpState, player: PlayerId | None) -> list[dict[str, str]]:
    """A cell per space, 1 to 16: its stack bottom first, or its tile, or "empty"."""
    track, tiles = state.track(), state.tiles()
    cells = []
    for space in range(FIRST_SPACE, LAST_SPACE + 1):
        if space in track:
            what = stack_words(state.edition, track[space])
        elif space in tiles:
            tile = tiles[space]
            what = tile_name(tile.side, tile.owner, player)
        else:
            what = t("empty")
        if space == LAST_SPACE:
            text = t("Space {space}, the last before the finish line: {what}.", space=space,
                     what=what)
        else:
            text = t("Space {space}: {what}.", space=space, what=what)
        cells.append({"id": space_id(space), "text": text})
    gone = off_board_lines(state)
    if gone:
        cells.append({"id": FINISH, "text": " ".join(gone)})
    return cells


def ticket_cells(state: CamelUpState) -> list[dict[str, str]]:
    cells = []
    for colour in state.edition.racing:
        stack = state.ticket_stack(colour)
        name = colour_name(colour)
        text = (tn("{colour} leg tickets: {value} on top, {count} left.",
                   "{colour} leg tickets: {value} on top, {count} left.", len(stack),
                   colour=name, value=stack[0]) if stack
                else t("{colour} leg tickets: all taken.", colour=name))
        cells.append({"id": f"tickets-{colour}", "text": text})
    return cells


def action_cells(state: CamelUpState, player: PlayerId | None) -> dict[str, list[str]]:
    """Each legal action's cells in click order; none unless it is ``player``'s turn."""
    if player is None or state.current_player != player:
        return {}
    cells: dict[str, list[str]] = {}
    for action in state.legal_actions():
        if isinstance(action, Bet):
            cells[str(action)] = [f"tickets-{action.colour}"]
        elif isinstance(action, PlaceTile):
            cells[str(action)] = [space_id(action.space)]
        elif isinstance(action, Overall):
            cells[str(action)] = [f"card-{action.colour}", action.pile]
        elif isinstance(action, Partner):
            cells[str(action)] = [f"seat-{action.seat}"]
        else:
            cells[str(action)] = ["pyramid"]
    return cells


def action_groups(state: CamelUpState, player: PlayerId | None) -> dict[str, list[str]]:
    """Each legal action's kind and detail for the action bar: "Bet on a leg" and "Blue 5",
    "Place your tile" and "Space 7, cheering side up"; none unless it is ``player``'s turn."""
    if player is None or state.current_player != player:
        return {}
    groups: dict[str, list[str]] = {}
    for action in state.legal_actions():
        if isinstance(action, Bet):
            top = state.ticket_stack(action.colour)[0]
            group = [t("Bet on a leg"), ticket_name(action.colour, top)]
        elif isinstance(action, PlaceTile):
            group = [t("Place your tile"), t("Space {space}, {side}", space=action.space,
                                               side=side_up(action.side))]
        elif isinstance(action, Overall):
            group = [t("Bet on the overall winner") if action.pile == WINNER
                     else t("Bet on the overall loser"), colour_name(action.colour)]
        elif isinstance(action, Partner):
            group = [t("Team up for the leg"), seat_label(action.seat)]
        else:
            group = [t("Roll a die"), t("Roll a die")]
        groups[str(action)] = group
    return groups


def drawing(state: CamelUpState, player: PlayerId | None) -> dict[str, Any]:
    """What the SVG shows beyond the observation: names, letters, stacks, dice, words."""
    edition = state.edition
    return {
        "camels": [{"id": u, "letter": LETTERS[u], "name": camel_name(edition, u),
                    "crazy": u in edition.crazy} for u in edition.units],
        "stacks": [{"colour": c, "letter": LETTERS[c], "top": (s[0] if s else None),
                    "left": len(s)} for c in edition.racing
                   for s in [state.ticket_stack(c)]],
        "inside": [{"die": d, "letter": LETTERS.get(d, ""), "grey": d not in edition.racing}
                   for d in state.pyramid()],
        "rolled": [{"colour": c, "letter": LETTERS[c], "value": v, "grey": c in edition.crazy}
                   for c, v in state.rolled()],
        "tickets_left": edition.rolls_per_leg - len(state.rolled()),
        "forward": edition.tile_sides[0],
        "leader": state.camel_order()[0] if state.track() else None,
        "words": {
            "pyramid": t("Pyramid"),
            "tickets_left": tn("{count} ticket left", "{count} tickets left",
                               edition.rolls_per_leg - len(state.rolled())),
            "leg": t("Leg {leg}", leg=state.leg),
            "winner": t("Winner"), "loser": t("Loser"),
            "pile": t("overall bets"),
            "hand": t("Your finish cards"),
            "finish": t("Finish"),
            "coins": t("coins"),
            "gone": t("all taken"),
            "you": t("you"),
            "forward": t("cheer") if edition.crazy else t("oasis"),
            "backward": t("boo") if edition.crazy else t("mirage"),
            "legend": t("Letters: {camels}. A crazy camel faces backwards.",
                        camels=", ".join(f"{LETTERS[u]} {camel_name(edition, u)}"
                                         for u in edition.units))
            if edition.crazy else
            t("Letters: {camels}.", camels=", ".join(f"{LETTERS[u]} {colour_name(u)}"
                                                      for u in edition.units)),
        },
        "piles": {pile: len(state.pile(pile)) for pile in (WINNER, LOSER)},
    }
