"""Plain-language text of positions and actions, for screen readers, logs and the terminal.

Everything is said in words, square by square, the way a blind player needs it: "d5, meat
city: your camel carrying salt; Green's camel." Camels are named by their owner's colour
(or "your"), goods by name, squares by their notation. Caravan hides nothing, so every
seat is told the same facts, but the listener is "you".

Every sentence is a whole message of ``camelcade.core.words`` (``t``/``tn``, named
placeholders), so the translations replace sentences, not fragments; a sentence about the
listener and one about another seat are two messages ("You place ..." / "{seat} places
..."). An action that scores says so line by line: a pick-up its demand markers, a
delivery its points, and the action that ends the game each seat's final score item by
item, the penalty for goods still held last (the order of the rules' scoring).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from camelcade.core.action import Action
from camelcade.core.game import Game
from camelcade.core.results import Outcome, outcome
from camelcade.core.seen import Seen
from camelcade.core.types import PlayerId
from camelcade.core.words import N_, Counted, and_list, t, tn
from camelcade.games.caravan.actions import Draw, Move, Pass, Pick, Place, Relay, Steal
from camelcade.games.caravan.goods import good_count, good_name, the_good
from camelcade.games.caravan.spec import (
    END_DELIVERY,
    END_NO_PROGRESS,
    GOODS_SPACES,
    NO_GOOD,
    REFILL_AFTER,
    SIZE,
    SQUARE_NAMES,
    VALUE,
    allowance,
    penalty,
)
from camelcade.games.caravan.state import CaravanState

DRAWN = "Drawn from the bag: {draw}."
COUNTED: Mapping[str, Counted] = {
    DRAWN: Counted("Drawn from the bag: {draw}.", "Drawn from the bag, {count} goods: {draw}.",
                   gather="draw"),  # written out, not DRAWN, so the catalogue finds it
}
"""A refill is told in one line: "Drawn from the bag, 8 goods: meat onto goods space 1
(a7), ... and paper onto goods space 8 (g1)." (``group_repeats``)."""


def points(count: float) -> str:
    """"1 point", "17 points" (scores are whole numbers, kept as floats by the core)."""
    return tn("{count} point", "{count} points", int(count))


def goods(count: int) -> str:
    return tn("{count} good", "{count} goods", count)


def seat_name(state: CaravanState, seat: PlayerId, player: PlayerId | None) -> str:
    """A seat as the subject of a list or line: "Red (you)" for the listener."""
    if seat == player:
        return t("{seat} (you)", seat=state.colour(seat))
    return state.colour(seat)


def _camels(state: CaravanState, seat: PlayerId, player: PlayerId | None, count: int) -> str:
    if seat == player:
        return tn("your camel", "your {count} camels", count)
    return tn("{seat}'s camel", "{seat}'s {count} camels", count, seat=state.colour(seat))


def square_label(state: CaravanState, square: int) -> str:
    """'d5, meat city' / 'a7, goods space 1 with salt and 2 demand markers' / 'c2'."""
    name = SQUARE_NAMES[square]
    city = state.city_at(square)
    if city != NO_GOOD:
        return t("{square}, {good} city", square=name, good=the_good(city))
    index = state.space_at(square)
    if index < 0:
        return name
    good, markers = state.space_good(index), state.space_markers(index)
    if good == NO_GOOD:
        if markers:
            return tn("{square}, goods space {space}, empty ({count} demand marker waiting)",
                      "{square}, goods space {space}, empty ({count} demand markers waiting)",
                      markers, square=name, space=index + 1)
        return t("{square}, goods space {space}, empty", square=name, space=index + 1)
    if markers:
        return tn("{square}, goods space {space} with {good} and {count} demand marker",
                  "{square}, goods space {space} with {good} and {count} demand markers",
                  markers, square=name, space=index + 1, good=the_good(good))
    return t("{square}, goods space {space} with {good}", square=name, space=index + 1,
             good=the_good(good))


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
            camels = _camels(state, seat, player, count)
            if good == NO_GOOD:
                parts.append(camels)
            elif under:
                parts.append(t("{camels} carrying {good} underneath (stolen, safe until moved)",
                               camels=camels, good=the_good(good)))
            else:
                parts.append(t("{camels} carrying {good}", camels=camels, good=the_good(good)))
    return parts


def describe_square(state: CaravanState, square: int, player: PlayerId | None, *,
                    cell: bool = False) -> str:
    """One line for a square: what it is, then its camels; ``cell``: as a board cell of the
    browser reads it, without the full stop ("b6: empty")."""
    camels = camels_on(state, square, player)
    label = square_label(state, square)
    if cell:
        if not camels:
            return t("{square}: empty", square=label)
        return t("{square}: {camels}", square=label, camels="; ".join(camels))
    if not camels:
        return t("{square}: no camels.", square=label)
    return t("{square}: {camels}.", square=label, camels="; ".join(camels))


def describe_state(seen: Seen[CaravanState]) -> str:
    """The position in words as ``seen.role`` sees it (None: public)."""
    return position_text(seen.state, seen.role)


def position_text(state: CaravanState, player: PlayerId | None) -> str:
    """``describe_state`` of a ``Seen``'s position, for the other presenters: most important
    first:
    whose turn and what is left of it; every seat's score and means, the listener's first;
    the bag and the cities; the goods lying without camels (one line), then each square
    with camels on it."""
    game = state.game
    lines = [_status(state, player)]
    seats = list(range(game.players))
    if player is not None:
        seats.remove(player)
        seats.insert(0, player)
    lines.extend(_seat_line(state, seat, player) for seat in seats)
    if state.bag_empty():
        lines.append(t("The bag is empty: the next delivery ends the game."))
    else:
        lines.append(tn("Bag: {count} good left.", "Bag: {count} goods left.",
                        sum(state.bag())))
    cities = [t("{good} {square}", good=good_name(state.city_at(sq)), square=SQUARE_NAMES[sq])
              for sq in _reading_order() if state.city_at(sq) != NO_GOOD]
    lines.append(t("Cities: {cities}.", cities=", ".join(cities)))
    waiting, empty = [], []
    for index in range(GOODS_SPACES):
        square = state.space_square(index)
        if state.occupancy(square):
            continue  # told with its camels below
        good, markers = state.space_good(index), state.space_markers(index)
        name = SQUARE_NAMES[square]
        if good == NO_GOOD:
            empty.append(name)
        elif markers:
            waiting.append(tn("{square} {good} with {count} demand marker",
                              "{square} {good} with {count} demand markers", markers,
                              square=name, good=good_name(good)))
        else:
            waiting.append(t("{square} {good}", square=name, good=good_name(good)))
    if waiting:
        lines.append(t("Goods waiting without camels: {goods}.", goods="; ".join(waiting)))
    if empty:
        lines.append(t("Empty goods spaces without camels: {squares}.",
                       squares=and_list(empty)))
    occupied = [square for square in _reading_order() if state.occupancy(square)]
    if occupied:
        lines.append(t("Camels, top row first:"))
        lines.extend(describe_square(state, square, player) for square in occupied)
    else:
        lines.append(t("No camels are on the board yet."))
    if game.option("short_game"):
        lines.append(tn("Caravan for {count} player, short game, map {map}.",
                        "Caravan for {count} players, short game, map {map}.",
                        game.players, map=state.board.name))
    else:
        lines.append(tn("Caravan for {count} player, map {map}.",
                        "Caravan for {count} players, map {map}.",
                        game.players, map=state.board.name))
    return "\n".join(lines)


def _reading_order() -> list[int]:
    return [rank * SIZE + file for rank in range(SIZE - 1, -1, -1) for file in range(SIZE)]


def _seat_line(state: CaravanState, seat: PlayerId, player: PlayerId | None) -> str:
    delivered = [good_count(g, n) for g, n in enumerate(state.delivered(seat)) if n]
    held = state.held(seat)
    values = {
        "score": points(state.scores()[seat]),
        "supply": tn("{count} camel", "{count} camels", state.supply(seat)),
        "theft": tn("{count} theft marker", "{count} theft markers",
                    state.theft_markers(seat)),
        "demand": tn("{count} demand marker", "{count} demand markers",
                     state.demand_markers(seat)),
        "held": goods(held),
        "penalty": penalty(held),
    }
    if not delivered:  # whole sentences: French says "vous n'avez rien livré"
        if seat == player:
            return t("You: {score}; {supply} in your supply, {theft}, {demand}; you delivered "
                     "nothing; you hold {held} (penalty {penalty}).", **values)
        return t("{seat}: {score}; {supply} in the supply, {theft}, {demand}; delivered "
                 "nothing; holds {held} (penalty {penalty}).", seat=state.colour(seat),
                 **values)
    values["delivered"] = and_list(delivered)
    if seat == player:
        return t("You: {score}; {supply} in your supply, {theft}, {demand}; you delivered "
                 "{delivered}; you hold {held} (penalty {penalty}).", **values)
    return t("{seat}: {score}; {supply} in the supply, {theft}, {demand}; delivered "
             "{delivered}; holds {held} (penalty {penalty}).", seat=state.colour(seat),
             **values)


def _status(state: CaravanState, player: PlayerId | None) -> str:
    if state.is_terminal():
        return f"{_end_reason(state)} {_winners(state, player)}"
    if state.is_chance():
        if state.player == player:
            return t("Goods are being drawn from the bag onto the empty goods spaces, in "
                     "your turn.")
        return t("Goods are being drawn from the bag onto the empty goods spaces, in "
                 "{seat}'s turn.", seat=state.colour(state.player))
    values = {"turn": state.turn, "left": state.actions_left}
    allowed = allowance(state.turn)
    if state.player == player:
        return tn("Turn {turn}: your turn, {left} of {count} action left.",
                  "Turn {turn}: your turn, {left} of {count} actions left.", allowed, **values)
    return tn("Turn {turn}: {seat} to act, {left} of {count} action left.",
              "Turn {turn}: {seat} to act, {left} of {count} actions left.", allowed,
              seat=state.colour(state.player), **values)


def _end_reason(state: CaravanState) -> str:
    if state.end_reason == END_DELIVERY:
        return t("The game is over: a good was delivered after the bag ran out.")
    if state.end_reason == END_NO_PROGRESS:
        return tn("The game is over: {count} full round passed without a pick-up, delivery, "
                  "theft or draw.",
                  "The game is over: {count} full rounds passed without a pick-up, "
                  "delivery, theft or draw.", int(state.game.option("no_progress_rounds")))
    return t("The game is over: a full round passed without any action.")


def _winners(state: CaravanState, player: PlayerId | None) -> str:
    """The result: a win, a first place shared by seats level on points and goods (the
    rules' "shared win", CA6), or a draw when that is every seat (``core.results``)."""
    ranking = state.ranking()
    winners = ranking[0]
    best = int(max(state.scores()))
    if outcome(ranking) is Outcome.DRAW:
        return tn("The game is a draw: every seat has {count} point, and all delivered the "
                  "same number of goods.",
                  "The game is a draw: every seat has {count} points, and all delivered the "
                  "same number of goods.", best)
    if len(winners) == 1:
        if winners[0] == player:
            return tn("You win with {count} point.", "You win with {count} points.", best)
        return tn("{seat} wins with {count} point.", "{seat} wins with {count} points.", best,
                  seat=state.colour(winners[0]))
    names = [t("You") if seat == player else state.colour(seat)
             for seat in sorted(winners, key=lambda seat: seat != player)]
    return tn("{seats} share first place with {count} point each.",
              "{seats} share first place with {count} points each.", best,
              seats=and_list(names))


def describe_action(seen: Seen[CaravanState], action: Action) -> str:
    """What a legal ``action`` does, for ``seen.role``: the first line what happens, then a
    line per point it scores; the action that ends the game adds each seat's final score,
    item by item."""
    state, player = seen.state, seen.role
    if isinstance(action, Draw):
        index = [state.space_good(i) for i in range(GOODS_SPACES)].index(NO_GOOD)
        # One draw is the singular of the counted form (COUNTED), so both are one message.
        return tn("Drawn from the bag: {draw}.", "Drawn from the bag, {count} goods: {draw}.",
                  1, draw=t("{good} onto goods space {space} ({square})",
                            good=good_name(action.good), space=index + 1,
                            square=SQUARE_NAMES[state.space_square(index)]))
    lines = _what_happens(state, action, player)
    after = seen.after(action)
    if after.is_terminal():
        lines.append(_end_reason(after))
        seats = list(range(state.game.players))
        lines.extend(_final_score(after, seat, player) for seat in seats)
        lines.append(_winners(after, player))
    return "\n".join(lines)


_PLACE = {
    (True, 1): N_("You place a camel from your supply on {target} (1 action: it is empty)."),
    (True, 2): N_("You place a camel from your supply on {target} (2 actions: a camel is "
               "already there)."),
    (False, 1): N_("{seat} places a camel from the supply on {target} (1 action: it is empty)."),
    (False, 2): N_("{seat} places a camel from the supply on {target} (2 actions: a camel is "
                "already there)."),
}
_MOVE = {
    (True, 1): N_("You move your unladen camel on {start} to {target} (1 action: it is empty)."),
    (True, 2): N_("You move your unladen camel on {start} to {target} (2 actions: a camel is "
               "already there)."),
    (False, 1): N_("{seat} moves the unladen camel on {start} to {target} (1 action: it is "
                "empty)."),
    (False, 2): N_("{seat} moves the unladen camel on {start} to {target} (2 actions: a camel "
                "is already there)."),
}


def _what_happens(state: CaravanState, action: Action, player: PlayerId | None) -> list[str]:
    seat = state.player
    you = seat == player
    name = state.colour(seat)
    if isinstance(action, Pass):
        left = state.actions_left
        if you:
            return [tn("You end your turn, leaving {count} action unused.",
                       "You end your turn, leaving {count} actions unused.", left)]
        return [tn("{seat} ends the turn, leaving {count} action unused.",
                   "{seat} ends the turn, leaving {count} actions unused.", left, seat=name)]
    if isinstance(action, Place | Move):
        table = _PLACE if isinstance(action, Place) else _MOVE
        start = SQUARE_NAMES[action.start] if isinstance(action, Move) else ""
        return [t(table[you, state.place_cost(action.to)], seat=name, start=start,
                  target=square_label(state, action.to))]
    if isinstance(action, Pick):
        return _pick(state, action, you, name)
    if isinstance(action, Relay):
        return _relay(state, action, you, name)
    assert isinstance(action, Steal)
    values = {"seat": name, "good": the_good(action.good), "square": SQUARE_NAMES[action.square],
              "victim": state.colour(action.victim)}
    if you:
        return [t("You steal {good} from {victim}'s camel on {square}, hide it under your "
                  "camel there, and hand your theft marker to {victim}.", **values)]
    if action.victim == player:
        return [t("{seat} steals {good} from your camel on {square}, hides it under their "
                  "camel there, and hands you their theft marker.", **values)]
    return [t("{seat} steals {good} from {victim}'s camel on {square}, hides it under their "
              "camel there, and hands the theft marker to {victim}.", **values)]


def _pick(state: CaravanState, action: Pick, you: bool, name: str) -> list[str]:
    index = state.space_at(action.square)
    good, markers = the_good(state.space_good(index)), state.space_markers(index)
    square = SQUARE_NAMES[action.square]
    lines: list[str]
    if you:
        lines = [t("Your camel on {square} picks up {good}.", square=square, good=good)]
        if markers:
            lines.append(tn("You take {count} demand marker: {count} point.",
                            "You take {count} demand markers: {count} points.", markers))
    else:
        lines = [t("{seat}'s camel on {square} picks up {good}.", seat=name, square=square,
                   good=good)]
        if markers:
            lines.append(tn("{seat} takes {count} demand marker: {count} point.",
                            "{seat} takes {count} demand markers: {count} points.", markers,
                            seat=name))
    held = state.held(state.player)
    more = penalty(held + 1) - penalty(held)
    if more:
        if you:
            lines.append(tn("Holding {held}, you would lose {count} point more at the end.",
                            "Holding {held}, you would lose {count} points more at the end.",
                            more, held=goods(held + 1)))
        else:
            lines.append(tn("Holding {held}, {seat} would lose {count} point more at the end.",
                            "Holding {held}, {seat} would lose {count} points more at the "
                            "end.", more, held=goods(held + 1), seat=name))
    empty_after = [state.space_good(i) for i in range(GOODS_SPACES)].count(NO_GOOD) + 1
    if empty_after >= REFILL_AFTER and not state.bag_empty():
        lines.append(t("Then the goods spaces are refilled from the bag."))
    return lines


def _relay(state: CaravanState, action: Relay, you: bool, name: str) -> list[str]:
    values = {"seat": name, "good": the_good(action.good), "start": SQUARE_NAMES[action.start],
              "to": SQUARE_NAMES[action.to]}
    if state.city_at(action.to) != action.good:
        if action.start == action.to and you:
            return [t("You pass {good} to your other camel on {to}.", **values)]
        if action.start == action.to:
            return [t("{seat} passes {good} to their other camel on {to}.", **values)]
        if you:
            return [t("You relay {good} from {start} to {to} along your chain.", **values)]
        return [t("{seat} relays {good} from {start} to {to} along their chain.", **values)]
    rare = VALUE[action.good] > min(VALUE)
    held = state.held(state.player)
    relief = penalty(held) - penalty(held - 1)
    lines: list[str]
    if you:
        lines = [t("You relay {good} from {start} to {to} along your chain and deliver it in "
                   "the {good} city.", **values),
                 tn("You score {count} point for the {good}, a rare good.",
                    "You score {count} points for the {good}, a rare good.",
                    VALUE[action.good], **values) if rare else
                 tn("You score {count} point for the {good}, a common good.",
                    "You score {count} points for the {good}, a common good.",
                    VALUE[action.good], **values)]
        if relief:
            lines.append(tn("Holding one good fewer, you would lose {count} point less at the "
                            "end.", "Holding one good fewer, you would lose {count} points "
                            "less at the end.", relief))
    else:
        lines = [t("{seat} relays {good} from {start} to {to} along their chain and delivers "
                   "it in the {good} city.", **values),
                 tn("{seat} scores {count} point for the {good}, a rare good.",
                    "{seat} scores {count} points for the {good}, a rare good.",
                    VALUE[action.good], **values) if rare else
                 tn("{seat} scores {count} point for the {good}, a common good.",
                    "{seat} scores {count} points for the {good}, a common good.",
                    VALUE[action.good], **values)]
        if relief:
            lines.append(tn("Holding one good fewer, {seat} would lose {count} point less at "
                            "the end.", "Holding one good fewer, {seat} would lose {count} "
                            "points less at the end.", relief, seat=name))
    return lines


def _final_score(state: CaravanState, seat: PlayerId, player: PlayerId | None) -> str:
    """One seat's final score in the order the rules count it: deliveries, demand markers,
    the penalty for goods still held."""
    delivered = sum(n * v for n, v in zip(state.delivered(seat), VALUE, strict=True))
    held = state.held(seat)
    values = {"seat": state.colour(seat), "deliveries": points(delivered),
              "demand": points(state.demand_markers(seat)), "penalty": points(penalty(held)),
              "held": goods(held), "total": points(state.scores()[seat])}
    if seat == player:
        return t("Your final score: {deliveries} for deliveries, {demand} for demand markers, "
                 "minus {penalty} for {held} still held: {total}.", **values)
    return t("{seat}'s final score: {deliveries} for deliveries, {demand} for demand markers, "
             "minus {penalty} for {held} still held: {total}.", **values)


def why_illegal(state: CaravanState, action: Action) -> str | None:
    """Why ``action`` is not legal here, in words (None: no specific reason known)."""
    if state.is_chance():
        return t("goods are being drawn to refill the goods spaces; the outcome is 'draw GOOD'")
    if isinstance(action, Draw):
        return t("goods are drawn only when the goods spaces are refilled")
    seat, left = state.player, state.actions_left
    mine = state.camels(seat)
    unladen = {sq for sq, good, _ in mine if good == NO_GOOD}
    if isinstance(action, Place | Move):
        cost = state.place_cost(action.to)
        if isinstance(action, Place) and not state.supply(seat):
            return t("you have no camel left in the supply; move one with 'camel FROM-TO'")
        if isinstance(action, Move):
            if action.start == action.to:
                return t("a camel must move to another square")
            if action.start not in unladen:
                return t("you have no unladen camel on {square} (laden camels cannot move)",
                         square=SQUARE_NAMES[action.start])
        if cost > left:
            return tn("{square} is occupied, so it costs {cost} actions; you have {count} "
                      "left", "{square} is occupied, so it costs {cost} actions; you have "
                      "{count} left", left, square=SQUARE_NAMES[action.to], cost=cost)
    if isinstance(action, Pick):
        index = state.space_at(action.square)
        if index < 0:
            return t("{square} is not a goods space", square=SQUARE_NAMES[action.square])
        if state.space_good(index) == NO_GOOD:
            return t("goods space {space} is empty", space=index + 1)
        return t("you have no unladen camel on {square}", square=SQUARE_NAMES[action.square])
    if isinstance(action, Relay):
        values = {"good": the_good(action.good), "start": SQUARE_NAMES[action.start],
                  "to": SQUARE_NAMES[action.to]}
        if (action.start, action.good) not in {(sq, g) for sq, g, _ in mine}:
            return t("none of your camels on {start} carries {good}", **values)
        if action.to not in unladen:
            return t("you have no unladen camel on {to} to receive it", **values)
        return t("no chain of your camels joins {start} and {to} (squares next to each "
                 "other, not diagonally)", **values)
    if isinstance(action, Steal):
        if not state.theft_markers(seat):
            return t("you have no theft marker")
        if action.victim == seat:
            return t("you cannot steal from yourself")
        if action.square not in unladen:
            return t("you have no unladen camel on {square}", square=SQUARE_NAMES[action.square])
        return t("no camel of {victim} on {square} carries {good} on top (goods underneath "
                 "cannot be stolen)", victim=state.colour(action.victim),
                 square=SQUARE_NAMES[action.square], good=the_good(action.good))
    return None


_STALL = N_("If a full round passes with nobody acting, the game ends too.")
_GUIDE = (
    N_("Caravan: carry goods across the desert to the cities that want them."),
    N_("The board is 7 by 7 squares, a1 at the bottom left, g7 at the top right."),
    N_("Eight squares are cities, one for each good: deliver a good in its own city."),
    N_("Eight squares are numbered goods spaces, each holding a good from the bag."),
    "",
    N_("Your turn"),
    N_("The first turn of the game has 1 action, the second 2, the third 3, every later turn 4."),
    N_("You may do the same action several times, in any order, and end early with pass."),
    "",
    N_("The actions, with how to type them"),
    N_("Place a camel from your supply on any square: camel d4"),
    N_("Move one of your unladen camels to any square: camel b2-d4"),
    N_("Either costs 1 action onto an empty square, 2 onto a square with any camel on it."),
    N_("Laden camels cannot move."),
    N_("Pick up the good where your unladen camel stands on a goods space: pick a7"),
    N_("You also take the demand markers lying there: 1 point each, at once."),
    N_("Relay a good along a chain of your camels, squares side by side, not diagonally: "
    "relay salt a7-d4"),
    N_("The good must end on one of your unladen camels; in its own city it is delivered."),
    N_("Steal, with your theft marker: steal salt c3 1"),
    N_("That takes salt from Green's camel on c3, where your unladen camel stands too."),
    N_("The last number is the victim's seat: Red 0, Green 1, Blue 2, Yellow 3."),
    N_("The stolen good goes under your camel, safe until it moves; the victim gets your "
    "theft marker."),
    N_("End your turn early: pass"),
    "",
    N_("Refills"),
    N_("As soon as 4 goods have been picked up, every good still lying gets a demand marker"),
    N_("and the empty goods spaces are refilled from the bag."),
    "",
    N_("Scoring"),
    N_("A common good delivered scores 3 points: salt, meat, swords and hides."),
    N_("A rare good delivered scores 6 points: ivory, cloth, gems and paper."),
    N_("Each demand marker scores 1 point."),
    N_("Goods still on your camels at the end cost you: 2 goods 1 point, 3 goods 3, 4 goods 6."),
    "",
    N_("The end"),
    N_("Once the bag is empty, the next delivery by anyone ends the game."),
    N_("Most points wins; on a tie, the player who delivered more goods."),
    _STALL,
    "",
    N_("Useful commands"),
    N_("legal relay: the relays you can make now (any word filters the list)"),
    N_("chains: your chains of camels, with the goods and cities on them"),
)


def guide(game: Game) -> str:
    """How to play Caravan, for players, one fact or example a line."""
    rounds = int(game.option("no_progress_rounds"))
    lines = []
    for line in _GUIDE:
        lines.append(t(line) if line else "")
        if line is _STALL and rounds:
            lines.append(tn(
                "So it does after {count} full round without a pick-up, delivery, theft or "
                "draw.", "So it does after {count} full rounds without a pick-up, delivery, "
                "theft or draw.", rounds))
    return "\n".join(lines)
