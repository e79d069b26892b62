"""Plain-language text of positions and actions, for screen readers, logs and the terminal.

Everything is said in words, square by square, the way a blind player needs it: "d5, meat
city: your camel carrying salt; Green's camel." Camels are named by their owner's colour
(or "your"), goods by name, squares by their notation. Caravan hides nothing, so every
seat is told the same facts.
"""

from __future__ import annotations

from collections import Counter

from camelcade.core.action import Action
from camelcade.core.types import PlayerId
from camelcade.games.caravan.actions import Draw, Move, Pass, Pick, Place, Relay, Steal
from camelcade.games.caravan.spec import (
    END_DELIVERY,
    GOODS,
    GOODS_SPACES,
    NO_GOOD,
    RARE,
    REFILL_AFTER,
    SIZE,
    SQUARE_NAMES,
    VALUE,
    allowance,
    penalty,
)
from camelcade.games.caravan.state import CaravanState


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def seat_name(state: CaravanState, seat: PlayerId, player: PlayerId | None) -> str:
    return f"{state.colour(seat)} (you)" if seat == player else state.colour(seat)


def _owner(state: CaravanState, seat: PlayerId, player: PlayerId | None) -> str:
    return "your" if seat == player else f"{state.colour(seat)}'s"


def square_label(state: CaravanState, square: int) -> str:
    """'d5, meat city' / 'a7, goods space 1 with salt and 2 demand markers' / 'c2'."""
    name = SQUARE_NAMES[square]
    city = state.city_at(square)
    if city != NO_GOOD:
        return f"{name}, {GOODS[city]} city"
    index = state.space_at(square)
    if index < 0:
        return name
    good, markers = state.space_good(index), state.space_markers(index)
    if good == NO_GOOD:
        waiting = f" ({plural(markers, 'demand marker')} waiting)" if markers else ""
        return f"{name}, goods space {index + 1}, empty{waiting}"
    what = f" and {plural(markers, 'demand marker')}" if markers else ""
    return f"{name}, goods space {index + 1} with {GOODS[good]}{what}"


def load_text(good: int, under: bool) -> str:
    if good == NO_GOOD:
        return ""
    return f" carrying {GOODS[good]}" + (" underneath (stolen, safe until moved)" if under
                                           else "")


def camels_on(state: CaravanState, square: int, player: PlayerId | None) -> list[str]:
    """The camels on ``square``, the viewer's first, identical ones counted together."""
    seats = list(range(state.game.players))
    if player is not None:
        seats.remove(player)
        seats.insert(0, player)
    parts = []
    for seat in seats:
        groups = Counter((good, under) for sq, good, under in state.camels(seat) if sq == square)
        for (good, under), count in sorted(groups.items()):
            owner = _owner(state, seat, player)
            camels = "camel" if count == 1 else f"{count} camels"
            parts.append(f"{owner} {camels}{load_text(good, under)}")
    return parts


def describe_square(state: CaravanState, square: int, player: PlayerId | None) -> str:
    """One line for a square: what it is, then its camels."""
    camels = camels_on(state, square, player)
    return f"{square_label(state, square)}: {'; '.join(camels) if camels else 'no camels'}."


def describe_state(state: CaravanState, player: PlayerId | None) -> str:
    """The position in words, square by square, as ``player`` sees it (None: public)."""
    game = state.game
    total = sum(state.bag())
    short = " short game," if game.option("short_game") else ""
    lines = [f"Caravan, {game.players} players,{short} map {state.board.name}. "
             f"{_status(state, player)}"]
    if state.bag_empty():
        lines.append("The bag is empty: the next delivery ends the game.")
    else:
        lines.append(f"Bag: {plural(total, 'good')} left.")
    cities = [f"{GOODS[state.city_at(sq)]} {SQUARE_NAMES[sq]}" for sq in _reading_order()
              if state.city_at(sq) != NO_GOOD]
    lines.append("Cities: " + ", ".join(cities) + ".")
    lines.append("Squares, top row first:")
    for square in _reading_order():
        if state.occupancy(square) or state.space_at(square) >= 0:
            lines.append(describe_square(state, square, player))
    if not any(state.occupancy(sq) for sq in range(SIZE * SIZE)):
        lines.append("No camels are on the board yet.")
    for seat in range(game.players):
        lines.append(_seat_line(state, seat, player))
    return "\n".join(lines)


def _reading_order() -> list[int]:
    return [rank * SIZE + file for rank in range(SIZE - 1, -1, -1) for file in range(SIZE)]


def _seat_line(state: CaravanState, seat: PlayerId, player: PlayerId | None) -> str:
    delivered = state.delivered(seat)
    names = [f"{n} {GOODS[g]}" for g, n in enumerate(delivered) if n]
    held = state.held(seat)
    score = state.scores()[seat]
    return (f"{seat_name(state, seat, player)}: {plural(state.supply(seat), 'camel')} in the "
            f"supply, {plural(state.theft_markers(seat), 'theft marker')}, "
            f"{plural(state.demand_markers(seat), 'demand marker')}, delivered "
            f"{', '.join(names) if names else 'nothing'}; holds "
            f"{plural(held, 'good')} (penalty {penalty(held)}); score {score:g}.")


def _status(state: CaravanState, player: PlayerId | None) -> str:
    if state.is_terminal():
        reason = ("a good was delivered after the bag ran out"
                  if state.end_reason == END_DELIVERY
                  else "a full round passed without any action")
        names = [seat_name(state, s, player) for s in state.winners()]
        best = max(state.scores())
        verb = "wins" if len(names) == 1 else "share the win"
        return (f"The game is over: {reason}. {' and '.join(names)} {verb} with "
                f"{best:g} points.")
    if state.is_chance():
        whose = _owner(state, state.player, player)
        return f"Goods are being drawn from the bag onto the empty goods spaces, in {whose} turn."
    mover = seat_name(state, state.player, player)
    return (f"Turn {state.turn}: {mover} to act, {state.actions_left} of "
            f"{allowance(state.turn)} actions left.")


def describe_action(state: CaravanState, action: Action, player: PlayerId | None) -> str:
    """One sentence for a legal ``action`` in ``state``."""
    if isinstance(action, Draw):
        index = [state.space_good(i) for i in range(GOODS_SPACES)].index(NO_GOOD)
        square = SQUARE_NAMES[state.space_square(index)]
        return (f"{GOODS[action.good].capitalize()} is drawn from the bag onto goods space "
                f"{index + 1} ({square}).")
    actor = seat_name(state, state.player, player)
    left = state.actions_left
    if isinstance(action, Pass):
        return f"{actor} ends the turn, leaving {plural(left, 'action')} unused."
    if isinstance(action, Place | Move):
        cost = state.place_cost(action.to)
        why = "it is empty" if cost == 1 else "a camel is already there"
        what = ("a camel from the supply" if isinstance(action, Place)
                else f"the unladen camel on {SQUARE_NAMES[action.start]}")
        verb = "places" if isinstance(action, Place) else "moves"
        onto = "on" if isinstance(action, Place) else "to"
        return (f"{actor} {verb} {what} {onto} {square_label(state, action.to)} "
                f"({plural(cost, 'action')}: {why}).")
    if isinstance(action, Pick):
        index = state.space_at(action.square)
        good, markers = state.space_good(index), state.space_markers(index)
        extra = f" and {plural(markers, 'demand marker')}" if markers else ""
        empty_after = [state.space_good(i) for i in range(GOODS_SPACES)].count(NO_GOOD) + 1
        refill = (" Then the goods spaces are refilled from the bag."
                  if empty_after >= REFILL_AFTER and not state.bag_empty() else "")
        return (f"{actor}'s camel on {SQUARE_NAMES[action.square]} picks up "
                f"{GOODS[good]}{extra}.{refill}")
    if isinstance(action, Relay):
        name = GOODS[action.good]
        route = (f"from the camel on {SQUARE_NAMES[action.start]} to the camel on "
                 f"{SQUARE_NAMES[action.to]}")
        if action.start != action.to:
            route += " along the chain"
        if state.city_at(action.to) != action.good:
            return f"{actor} moves {name} {route}."
        kind = "rare" if name in RARE else "common"
        ending = " The bag is empty, so this ends the game." if state.bag_empty() else ""
        return (f"{actor} moves {name} {route} and delivers it in the {name} city for "
                f"{VALUE[action.good]} points ({kind} good).{ending}")
    assert isinstance(action, Steal)
    victim = state.colour(action.victim) if action.victim != player else "you"
    return (f"{actor} steals {GOODS[action.good]} from {victim}'s camel on "
            f"{SQUARE_NAMES[action.square]}, hiding it under their own camel there, and "
            f"hands the theft marker to {victim}.").replace("you's", "your")


def why_illegal(state: CaravanState, action: Action) -> str | None:
    """Why ``action`` is not legal here, in words (None: no specific reason known)."""
    if state.is_chance():
        return "goods are being drawn to refill the goods spaces; the outcome is 'draw GOOD'"
    if isinstance(action, Draw):
        return "goods are drawn only when the goods spaces are refilled"
    seat, left = state.player, state.actions_left
    mine = state.camels(seat)
    unladen = {sq for sq, good, _ in mine if good == NO_GOOD}
    if isinstance(action, Place | Move):
        cost = state.place_cost(action.to)
        if isinstance(action, Place) and not state.supply(seat):
            return "you have no camel left in the supply; move one with 'camel FROM-TO'"
        if isinstance(action, Move):
            if action.start == action.to:
                return "a camel must move to another square"
            if action.start not in unladen:
                return (f"you have no unladen camel on {SQUARE_NAMES[action.start]} "
                        "(laden camels cannot move)")
        if cost > left:
            return (f"{SQUARE_NAMES[action.to]} is occupied, so it costs {cost} actions; "
                    f"you have {left} left")
    if isinstance(action, Pick):
        index = state.space_at(action.square)
        if index < 0:
            return f"{SQUARE_NAMES[action.square]} is not a goods space"
        if state.space_good(index) == NO_GOOD:
            return f"goods space {index + 1} is empty"
        return f"you have no unladen camel on {SQUARE_NAMES[action.square]}"
    if isinstance(action, Relay):
        if (action.start, action.good) not in {(sq, g) for sq, g, _ in mine}:
            return f"none of your camels on {SQUARE_NAMES[action.start]} carries " \
                   f"{GOODS[action.good]}"
        if action.to not in unladen:
            return f"you have no unladen camel on {SQUARE_NAMES[action.to]} to receive it"
        return (f"no chain of your camels joins {SQUARE_NAMES[action.start]} and "
                f"{SQUARE_NAMES[action.to]} (squares next to each other, not diagonally)")
    if isinstance(action, Steal):
        if not state.theft_markers(seat):
            return "you have no theft marker"
        if action.victim == seat:
            return "you cannot steal from yourself"
        if action.square not in unladen:
            return f"you have no unladen camel on {SQUARE_NAMES[action.square]}"
        return (f"no camel of seat {action.victim} on {SQUARE_NAMES[action.square]} carries "
                f"{GOODS[action.good]} on top (goods underneath cannot be stolen)")
    return None
