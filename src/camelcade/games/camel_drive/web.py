"""Camel Drive's board for the browser: the accessible grid, the cells of each action, and
the scene the SVG board draws (``web/board.js``).

The grid has one row per lane, in lane order, and four cells a row, each read on its own:
the camel ("Red (yours), to move: field 5 of 15; 7 points"; the row's header says "Lane
1"), its deck ("Red's
deck: 9 cards, top card 2"), its interjections ("Red's interjections: 3 left") and its
column of the betting board ("Stones on Red: 2, from Green and Blue; 3 each if it wins").
Cell ids are the camel's colour and stay the same all match long, whichever lane the
camel runs in.

An action is played by its cells: ``draw`` is your deck; an interjection is your
interjections, then the camel it moves (your own camel for ``shout forward`` and
``shout back``, so the board offers those two to choose from; your neighbour for
``shout left`` or ``shout right``); a bet is the column of the camel backed.

Everything here is public: the table shows every deck only by its size and top card, so
the layout is the same for every seat but for the words "yours" and "to move", and a
resampled position gives the same layout (tests/games/camel_drive/test_web.py). The SVG
is drawn from ``board["scene"]`` alone: positions, decks, stones and points as data, and
every text it shows worded here, so the browser holds no rules and speaks the listener's
language.
"""

from __future__ import annotations

from typing import Any

from camelcade.core.seen import Seen
from camelcade.core.types import PlayerId
from camelcade.core.words import and_list, t, tn
from camelcade.games.camel_drive import naming, text
from camelcade.games.camel_drive.actions import Bet, Draw, Shout
from camelcade.games.camel_drive.spec import (
    BET_PAYOUT,
    BETTING,
    COLOURS,
    OVER,
    RACE,
    SPRINT,
    bet_payout,
    payout_row,
)
from camelcade.games.camel_drive.state import CamelDriveState

LETTERS = ("R", "Y", "G", "B", "W", "K")
"""The letter on each camel's piece (black is K, apart from blue's B)."""


def layout(seen: Seen[CamelDriveState]) -> dict[str, Any]:
    """The accessible board and the cells of each legal action, for ``seen.role``."""
    state, player = seen.state, seen.role
    assert isinstance(state, CamelDriveState)
    rows = [{"label": t("Lane {lane}", lane=state.lane(camel)),
             "cells": [{"id": COLOURS[camel], "text": camel_cell(state, camel, player)},
                       {"id": f"{COLOURS[camel]}-deck", "text": deck_cell(state, camel)},
                       {"id": f"{COLOURS[camel]}-shouts", "text": shouts_cell(state, camel)},
                       {"id": f"{COLOURS[camel]}-bets",
                        "text": bets_cell(state, camel, player)}]}
            for camel in state.lane_order()]
    board = {
        "kind": "grid",
        "label": board_label(state),
        "columns": [t("Camel"), t("Deck"), t("Interjections"), t("Stones on it")],
        "rows": rows,
        "scene": scene(state, player),
    }
    return {"board": board, "actions": action_cells(state, player),
            "also": other_paths(state, player), "groups": action_groups(state, player),
            "seats": seat_facts(state), "colours": [
                COLOURS[camels[0]] if len(camels := state.camels_of(seat)) == 1 else None
                for seat in range(state.game.players)]}


def seat_facts(state: CamelDriveState) -> list[list[dict[str, str]]]:
    """Each seat's panel: points, its camels, the cards left in their decks (a count:
    the order is hidden) and the interjections they have left."""
    scores = state.scores()
    facts: list[list[dict[str, str]]] = []
    for seat in range(state.game.players):
        camels = state.camels_of(seat)
        facts.append([
            {"label": t("points"), "value": str(int(scores[seat]))},
            {"label": t("camels"), "value": and_list([naming.colour(c) for c in camels])},
            {"label": t("decks"), "value": tn("{count} card", "{count} cards",
                                               sum(state.pile_size(c) for c in camels))},
            {"label": t("interjections left"),
             "value": str(sum(state.interjections_left(c) for c in camels))}])
    return facts


def board_label(state: CamelDriveState) -> str:
    return tn("Camel Drive, race {race}: {count} lane, finish at field {length}",
              "Camel Drive, race {race}: {count} lanes, finish at field {length}",
              state.camels, race=state.race, length=state.track_length)


# -- the cells' words --------------------------------------------------------------------

def camel_cell(state: CamelDriveState, camel: int, player: PlayerId | None) -> str:
    """The camel: where it stands and its points; "to move" on its turn (its row's
    header says the lane)."""
    points = state.camel_score(camel)
    values = dict(camel=naming.camel(state, camel, player),
                  field=state.position(camel), length=state.track_length)
    to_move = state.phase != OVER and state.pending is None and state.actor == camel
    if state.phase == OVER:
        return tn("{camel}: {count} point", "{camel}: {count} points",
                  points, **values)
    if camel == state.first_finisher:
        if to_move:  # betting: the camel that is out still places its stone
            return tn("{camel}, to bet: home first, out; {count} point",
                      "{camel}, to bet: home first, out; {count} points",
                      points, **values)
        return tn("{camel}: home first, out; {count} point",
                  "{camel}: home first, out; {count} points", points, **values)
    if not state.in_race(camel):
        return tn("{camel}: not in the tie race; {count} point",
                  "{camel}: not in the tie race; {count} points", points, **values)
    if to_move and state.phase == BETTING:
        return tn("{camel}, to bet: field {field} of {length}; {count} point",
                  "{camel}, to bet: field {field} of {length}; {count} points",
                  points, **values)
    if to_move:
        return tn("{camel}, to move: field {field} of {length}; {count} point",
                  "{camel}, to move: field {field} of {length}; {count} points",
                  points, **values)
    return tn("{camel}: field {field} of {length}; {count} point",
              "{camel}: field {field} of {length}; {count} points", points,
              **values)


def deck_cell(state: CamelDriveState, camel: int) -> str:
    name = naming.colour(camel)
    top = state.top_discard(camel)
    if top is None:
        return tn("{camel}'s deck: {count} card, none shown",
                  "{camel}'s deck: {count} cards, none shown", state.pile_size(camel),
                  camel=name)
    return tn("{camel}'s deck: {count} card, top card {top}",
              "{camel}'s deck: {count} cards, top card {top}", state.pile_size(camel),
              camel=name, top=top)


def shouts_cell(state: CamelDriveState, camel: int) -> str:
    left = state.interjections_left(camel)
    if not left:
        return t("{camel}'s interjections: none left", camel=naming.colour(camel))
    return t("{camel}'s interjections: {count} left", camel=naming.colour(camel), count=left)


def bets_cell(state: CamelDriveState, camel: int, player: PlayerId | None) -> str:
    """The camel's column of the betting board."""
    name = naming.colour(camel)
    if not _stones_lie(state):
        return t("Stones on {camel}: none yet", camel=name)
    if camel == state.first_finisher:
        return t("Stones on {camel}: none, it is out", camel=name)
    stones = _stones_on(state, camel)
    if not stones:
        return t("Stones on {camel}: none", camel=name)
    return tn("Stones on {camel}: {count}, from {bettors}; {points} if it wins",
              "Stones on {camel}: {count}, from {bettors}; {points} each if it wins", len(stones),
              camel=name, bettors=naming.camels(state, stones, player),
              points=bet_payout(len(stones)))


def _stones_lie(state: CamelDriveState) -> bool:
    """Whether the betting board holds this race's stones: from the first finish on, and
    at the end of the match those of its last race."""
    return state.phase in (BETTING, SPRINT) or (
        state.phase == OVER and any(state.bet_of(c) is not None for c in range(state.camels)))


def _stones_on(state: CamelDriveState, camel: int) -> list[int]:
    return [c for c in state.lane_order() if state.bet_of(c) == camel]


# -- actions -------------------------------------------------------------------------------

def action_cells(state: CamelDriveState, player: PlayerId | None) -> dict[str, list[str]]:
    """Each legal action's cells in click order, on ``player``'s turn only."""
    if player is None or state.current_player != player:
        return {}
    me = COLOURS[state.actor]
    cells: dict[str, list[str]] = {}
    for action in state.legal_actions():
        if isinstance(action, Draw):
            cells[str(action)] = [f"{me}-deck"]
        elif isinstance(action, Shout):
            cells[str(action)] = [f"{me}-shouts", COLOURS[state.shout_target(action.effect)]]
        elif isinstance(action, Bet):
            cells[str(action)] = [f"{action.colour}-bets"]
    return cells


def other_paths(state: CamelDriveState, player: PlayerId | None) -> dict[str, list[list[str]]]:
    """Where a player naturally clicks first: your own camel draws, or plays an
    interjection on itself (the board offers those to choose from); in the betting round
    a camel takes your stone."""
    if player is None or state.current_player != player:
        return {}
    me = COLOURS[state.actor]
    paths: dict[str, list[list[str]]] = {}
    for action in state.legal_actions():
        if isinstance(action, Draw) or (isinstance(action, Shout)
                                        and action.effect in ("forward", "back")):
            paths[str(action)] = [[me]]
        elif isinstance(action, Bet):
            paths[str(action)] = [[action.colour]]
    return paths


def action_groups(state: CamelDriveState, player: PlayerId | None) -> dict[str, list[str]]:
    """Each legal action's kind and detail for the action bar: "Play an interjection" and
    "two cards forward", "Place your stone" and "Green"; on ``player``'s turn only."""
    if player is None or state.current_player != player:
        return {}
    groups: dict[str, list[str]] = {}
    for action in state.legal_actions():
        if isinstance(action, Draw):
            draw = (t("Draw a card") if state.has_opened(state.actor)
                    else t("Draw two cards"))
            groups[str(action)] = [draw, draw]
        elif isinstance(action, Shout):
            groups[str(action)] = [t("Play an interjection"), shout_detail(state, action)]
        elif isinstance(action, Bet):
            groups[str(action)] = [t("Place your stone"),
                                   naming.colour(COLOURS.index(action.colour))]
    return groups


def shout_detail(state: CamelDriveState, action: Shout) -> str:
    """An interjection's effect in a few words, for a button."""
    if action.effect == "forward":
        return t("two cards forward")
    if action.effect == "back":
        return t("one card back")
    target = naming.colour(state.shout_target(action.effect))
    if action.effect == "left":
        return t("{camel} moves (left neighbour)", camel=target)
    return t("{camel} moves (right neighbour)", camel=target)


# -- the scene the SVG draws ----------------------------------------------------------------

def scene(state: CamelDriveState, player: PlayerId | None) -> dict[str, Any]:
    """Everything ``board.js`` draws, as data and finished words.

    Per camel its lane, field, deck, interjections, points and stone, and the stones on it
    with ``pays``, the row of the betting board they are paid from (0: the lone stone's 5,
    1: two stones' 3, 2: three or more, 1 each); per seat its name, camels and points.
    """
    target = state.game.option("target_score")
    camels = []
    for camel in range(state.camels):
        top, backed = state.top_discard(camel), state.bet_of(camel)
        stones = _stones_on(state, camel)
        camels.append({
            "id": COLOURS[camel], "letter": LETTERS[camel], "name": naming.colour(camel),
            "label": naming.camel(state, camel, player), "lane": state.lane(camel),
            "field": state.position(camel), "deck": state.pile_size(camel), "top": top,
            "shouts": state.interjections_left(camel), "points": state.camel_score(camel),
            "out": camel == state.first_finisher, "racing": state.in_race(camel),
            "mine": naming.mine(state, camel, player), "seat": state.owner(camel),
            "bet": None if backed is None else COLOURS[backed],
            "to_move": state.phase != OVER and state.pending is None and state.actor == camel,
            "stones": [COLOURS[c] for c in stones],
            "pays": payout_row(len(stones)) if stones else None,
        })
    return {
        "length": state.track_length, "target": target, "race": state.race,
        "phase": state.phase,
        "betting": _stones_lie(state),
        "payout": list(BET_PAYOUT), "camels": camels,
        "lanes": [COLOURS[c] for c in state.lane_order()],
        "seats": [{"name": naming.capitalised(naming.seat(state, seat, player)),
                   "mine": seat == player,
                   "camels": [COLOURS[c] for c in state.camels_of(seat)],
                   "points": int(state.scores()[seat])}
                  for seat in range(state.game.players)],
        "texts": _texts(state, player, target),
    }


def _texts(state: CamelDriveState, player: PlayerId | None, target: int) -> dict[str, str]:
    """The words the SVG shows, finished here so that the browser computes none."""
    if state.phase == OVER:
        headline = text.position_text(state, player).splitlines()[0]
    elif state.phase == RACE:
        headline = t("Race {race} · finish at field {length}", race=state.race,
                     length=state.track_length)
    else:
        headline = text.race_line(state, player)
    return {
        "headline": headline,
        "status": text.status_line(state, player) if state.phase != OVER else "",
        "rule": t("1st home loses · 2nd home wins"),
        "finish": t("finish"),
        "start": t("start"),
        "out": t("out"),
        "deck": t("deck"),
        "top": t("top"),
        "betting": t("Betting board: a lone stone on the winner pays {one}, two pay {two} "
                     "each, more pay {three} each", one=BET_PAYOUT[0], two=BET_PAYOUT[1],
                     three=BET_PAYOUT[2]),
        "betting_closed": t("Betting opens when the first camel is home"),
        "points": t("Points towards {target}", target=target),
        "points_short": t("points"),
        "team": t("team"),
    }
