"""The judges of Caravan's lessons (``lessons.toml``): goals and numbers from the engine.

Each judge gets a lesson's position and one legal action of it, and says whether the
action reaches the lesson's goal and the numbers its sentences speak of. The numbers are
the engine's: what a placement costs (``place_cost``), the demand markers a pick-up takes,
the points a delivery scores (the scores before and after the action), a good's value;
whether a chain joins two camels is whether the engine then lists the relay. The messages
of weaker moves are marked for the catalogue with ``N_``.
"""

from __future__ import annotations

from camelcade.core.action import Action
from camelcade.core.game import State
from camelcade.core.learn import Judged
from camelcade.core.words import N_
from camelcade.games.caravan.actions import RELAYS, Move, Pick, Place, Relay, Steal
from camelcade.games.caravan.goods import the_good
from camelcade.games.caravan.spec import (
    GOODS_SPACES,
    NO_GOOD,
    PLACE_COST_EMPTY,
    PLACE_COST_OCCUPIED,
    SQUARE_NAMES,
    VALUE,
)
from camelcade.games.caravan.state import CaravanState

NOT_THE_RARE = N_(
    "The only rare good on the goods spaces is {good} on {square}: delivered it brings "
    "{value} points, a common good only {common}. Put your camel there.")
NO_PICK = N_(
    "Only a pick-up puts {good} on your camel; until then it lies on its goods space for "
    "anyone to take.")
NO_ACTION_LEFT = N_(
    "A camel onto {square}, where a camel stands already, costs {occupied} actions, and "
    "none is left to pick up with; onto a square without a camel it costs {cost}.")
NO_GOOD_THERE = N_(
    "No good lies free on {square}: the only goods space without a camel is {free}.")
NO_CAMEL_PLACED = N_(
    "It places no camel, so no good is picked up in this turn; the only goods space "
    "without a camel is {free}.")
NOT_JOINED = N_(
    "After it the ivory on c6 still cannot reach your camel in the ivory city: a chain "
    "needs your camels side by side, and corner to corner is not enough.")
NOT_DELIVERED = N_(
    "Nothing is delivered by it: only a relay into the city that wants {good} scores, "
    "here {points} points.")
LESSER_THEFT = N_(
    "Delivered, {good} brings {value} points; {best} on {square} brings {top}.")
NO_THEFT = N_(
    "It steals nothing. {best} on {square}, worth {top} points once delivered, is there "
    "for the taking.")


def _caravan(state: State) -> CaravanState:
    assert isinstance(state, CaravanState)
    return state


def _arrival(action: Action) -> int | None:
    """The square a placement or a move brings a camel onto (None for other actions)."""
    if isinstance(action, Place | Move):
        return action.to
    return None


def rare_space(state: State, action: Action) -> Judged:
    """Goal: a camel onto the goods space holding the most valuable good."""
    caravan = _caravan(state)
    goods = [(caravan.space_good(i), caravan.space_square(i)) for i in range(GOODS_SPACES)
             if caravan.space_good(i) != NO_GOOD]
    good, square = max(goods, key=lambda pair: VALUE[pair[0]])
    common = min(VALUE[g] for g, _ in goods)
    to = _arrival(action)
    values = {"good": the_good(good), "square": SQUARE_NAMES[square], "value": VALUE[good],
              "common": common,
              "cost": caravan.place_cost(square) if to is None else caravan.place_cost(to)}
    return Judged(to == square, values, NOT_THE_RARE)


def picks(state: State, action: Action) -> Judged:
    """Goal: pick up the good your camel stands on."""
    caravan = _caravan(state)
    seat = caravan.current_player
    square = next(camel[0] for camel in caravan.camels(seat)
                  if camel[1] == NO_GOOD and caravan.space_at(camel[0]) >= 0)
    space = caravan.space_at(square)
    values = {"good": the_good(caravan.space_good(space)),
              "markers": caravan.space_markers(space)}
    return Judged(isinstance(action, Pick) and action.square == square, values, NO_PICK)


def leaves_a_pick(state: State, action: Action) -> Judged:
    """Goal: a camel onto a goods space cheaply enough that an action is left to pick up."""
    caravan = _caravan(state)
    seat = caravan.current_player
    free = [caravan.space_square(i) for i in range(GOODS_SPACES)
            if caravan.space_good(i) != NO_GOOD
            and not caravan.occupancy(caravan.space_square(i))]
    to = _arrival(action)
    after = caravan.child(action)
    picks = (after.current_player == seat
             and any(isinstance(a, Pick) for a in after.legal_actions()))
    cost = caravan.place_cost(to) if to is not None else PLACE_COST_EMPTY
    values = {"square": SQUARE_NAMES[to] if to is not None else "",
              "free": ", ".join(SQUARE_NAMES[s] for s in free),
              "cost": PLACE_COST_EMPTY, "occupied": PLACE_COST_OCCUPIED,
              "left": caravan.actions_left - cost}
    message = (NO_CAMEL_PLACED if to is None
               else NO_ACTION_LEFT if cost == PLACE_COST_OCCUPIED else NO_GOOD_THERE)
    return Judged(picks, values, message)


def joins(state: State, action: Action) -> Judged:
    """Goal: one camel more that lets the laden camel relay its good to the city camel."""
    caravan = _caravan(state)
    seat = caravan.current_player
    laden = next(iter(caravan.laden_camels(seat)))
    source, good = laden[0], laden[1]
    city = next(s for s in range(len(SQUARE_NAMES)) if caravan.city_at(s) == good)
    after = caravan.child(action)
    joined = RELAYS[good][source][city] in after.relays(seat)
    chain = after.components(seat)
    camels = sum(1 for s in chain if chain[s] == chain.get(source))
    to = _arrival(action)
    values = {"square": SQUARE_NAMES[to] if to is not None else "", "camels": camels}
    return Judged(joined, values, NOT_JOINED)


def delivers(state: State, action: Action) -> Judged:
    """Goal: relay a good into the city that wants it (a delivery scores its value)."""
    caravan = _caravan(state)
    seat = caravan.current_player
    before = caravan.scores()[seat]
    after = caravan.child(action)
    delivered = after.goods_delivered(seat) > caravan.goods_delivered(seat)
    good = next(iter(caravan.laden_camels(seat)))[1]
    # The points of the delivery: those of the relay into the city, whatever was played.
    city = next(s for s in range(len(SQUARE_NAMES)) if caravan.city_at(s) == good)
    source = next(iter(caravan.laden_camels(seat)))[0]
    best = caravan.child(RELAYS[good][source][city])
    points = after.scores()[seat] - before if delivered else best.scores()[seat] - before
    values = {"good": the_good(good), "points": f"{points:g}"}
    return Judged(delivered and isinstance(action, Relay), values, NOT_DELIVERED)


def steals_best(state: State, action: Action) -> Judged:
    """Goal: of the goods your camels could steal, steal the one worth most."""
    caravan = _caravan(state)
    offers = [a for a in caravan.legal_actions() if isinstance(a, Steal)]
    top = max(offers, key=lambda a: VALUE[a.good])
    values = {"best": the_good(top.good), "top": VALUE[top.good],
              "square": SQUARE_NAMES[top.square]}
    if not isinstance(action, Steal):
        return Judged(False, values, NO_THEFT)
    values |= {"good": the_good(action.good), "value": VALUE[action.good],
               "seat": action.victim}  # the seat robbed, a number the move text says
    return Judged(VALUE[action.good] == VALUE[top.good], values, LESSER_THEFT)
