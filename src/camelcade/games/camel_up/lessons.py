"""The judges of Camel Up's lessons (``lessons.toml``): goals and numbers from the engine.

Each judge gets a lesson's position and one legal action of it, and says whether the
action reaches the lesson's goal and the numbers its sentences speak of. Leg chances are
exact (``odds.leg_odds`` walks every die still in the pyramid, crazy camels and the grey
die's exceptions included); a tile's worth is the landings the same solver expects on its
space, as the advisor counts it; race chances are counted over races the engine plays out
(``odds.race_odds``) from a fixed seed, so the same lesson always says the same numbers.
Solves are cached per position: a lesson's judge is asked about every legal action.
The messages of weaker moves are marked for the catalogue with ``N_``.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from camelcade.core.action import Action
from camelcade.core.game import State
from camelcade.core.learn import Judged
from camelcade.core.words import N_
from camelcade.games.camel_up.actions import LOSER, WINNER, Bet, Overall, PlaceTile, Roll
from camelcade.games.camel_up.names import colour_name
from camelcade.games.camel_up.numbers import decimal
from camelcade.games.camel_up.odds import LegOdds, Position, RaceOdds, leg_odds, race_odds
from camelcade.games.camel_up.spec import OVERALL_PAYS, PYRAMID_PAY, SECOND_PAY, TILE_PAY
from camelcade.games.camel_up.state import CamelUpState

RACES = 2000
"""Races played out per race bet: enough that a chance is right to about a point."""
SEED = 27

LEADS_LESS = N_(
    "{camel} leads when the leg ends with a chance of {chance}%; {best} leads with "
    "{top}%.")
NO_LEG_TICKET = N_(
    "It takes no leg ticket. {best} leads when the leg ends with a chance of {top}%.")
TICKET_WORTH_LESS = N_(
    "The {camel} ticket on top pays {value} coins if {camel} leads, and is worth "
    "{worth} coins on average; the {best} ticket is worth {top}.")
NO_TICKET_WORTH = N_(
    "It earns {worth} coins on average; the {best} leg ticket on top is worth {top}.")
TILE_EARNS_LESS = N_(
    "A tile on space {space} expects {landings} landings this leg, a coin each; space "
    "{best} expects {top}.")
NO_TILE = N_(
    "It places no tile. A tile on space {best} expects {top} landings this leg, a coin "
    "each.")
ROLL_PAYS_MORE = N_(
    "It is worth {worth} coins on average; a pyramid ticket pays {pay} coin for sure, and "
    "no leg ticket or tile left is worth as much.")
WINS_LESS = N_(
    "{camel} wins in {chance}% of {races} races the engine played out from here; {best} "
    "in {top}%.")
LAST_LESS = N_(
    "{camel} comes last in {chance}% of {races} races the engine played out from here; "
    "{best} in {top}%.")
NO_WINNER_BET = N_(
    "It is no bet on the race's winner. {best} wins in {top}% of {races} races the engine "
    "played out from here, and the first right card on the pile pays {first} coins.")
NO_LOSER_BET = N_(
    "It is no bet on the race's loser. {best} comes last in {top}% of {races} races the "
    "engine played out from here, and the first right card on the pile pays {first} coins.")


def _camel_up(state: State) -> CamelUpState:
    assert isinstance(state, CamelUpState)
    return state


@cache
def _legs(position: Position) -> LegOdds:
    return leg_odds(position, landings=True)


@cache
def _race(position: Position) -> RaceOdds:
    return race_odds(position, samples=RACES, seed=SEED)


def _percent(chance: Fraction | float) -> int:
    return round(100 * float(chance))


def _coins(value: Fraction | float) -> str:
    return decimal(float(value), 2)


def _tops(state: CamelUpState) -> dict[str, int]:
    """The leg ticket on top of each colour's stack (colours with none left are absent)."""
    return {colour: stack[0] for colour in state.edition.racing
            if (stack := state.ticket_stack(colour))}


def _move_values(action: Action) -> dict[str, object]:
    """The numbers of the move itself ("tile 7 cheer" says a space), said with the verdict."""
    return {"space": action.space} if isinstance(action, PlaceTile) else {}


def leader(state: State, action: Action) -> Judged:
    """Goal: take the leg ticket of the camel most likely to lead when the leg ends (a
    stack moves with everyone on top; a crazy camel carries racing camels backward)."""
    game = _camel_up(state)
    odds = _legs(Position.from_state(game))
    best = max(game.edition.racing, key=lambda c: odds.first[c])
    values = {**_move_values(action), "best": colour_name(best),
              "top": _percent(odds.first[best])}
    if not isinstance(action, Bet):
        return Judged(False, values, NO_LEG_TICKET)
    values |= {"camel": colour_name(action.colour),
               "chance": _percent(odds.first[action.colour])}
    return Judged(odds.first[action.colour] == odds.first[best], values, LEADS_LESS)


def _worth(state: CamelUpState, odds: LegOdds, action: Action) -> Fraction:
    """Expected coins of ``action`` this leg: a ticket by the odds, a tile by its landings,
    a pyramid ticket its coin; a race bet pays nothing this leg."""
    if isinstance(action, Bet):
        return odds.ticket_value(action.colour, _tops(state)[action.colour])
    if isinstance(action, PlaceTile):
        return odds.landings[action.space] * TILE_PAY
    if isinstance(action, Roll):
        return Fraction(PYRAMID_PAY)
    return Fraction(0)


def best_ticket(state: State, action: Action) -> Judged:
    """Goal: take the leg ticket worth most on average: its value times the chance its
    camel leads, a coin if second, a coin lost otherwise."""
    game = _camel_up(state)
    odds = _legs(Position.from_state(game))
    tops = _tops(game)
    best = max(tops, key=lambda c: odds.ticket_value(c, tops[c]))
    values: dict[str, object] = {
        **_move_values(action), "best": colour_name(best),
        "top": _coins(odds.ticket_value(best, tops[best])),
        "worth": _coins(_worth(game, odds, action)), "second": SECOND_PAY}
    if not isinstance(action, Bet):
        return Judged(False, values, NO_TICKET_WORTH)
    colour = action.colour
    values |= {"camel": colour_name(colour), "value": tops[colour],
               "chance": _percent(odds.first[colour])}
    return Judged(colour == best, values, TICKET_WORTH_LESS)


def best_tile(state: State, action: Action) -> Judged:
    """Goal: place the spectator tile where most landings are expected this leg."""
    game = _camel_up(state)
    odds = _legs(Position.from_state(game))
    spaces = game.tile_spaces(game.current_player)
    best = max(spaces, key=lambda s: odds.landings[s])
    values: dict[str, object] = {"best": best, "top": _coins(odds.landings[best])}
    if not isinstance(action, PlaceTile):
        return Judged(False, values, NO_TILE)
    values |= {"space": action.space, "landings": _coins(odds.landings[action.space]),
               "cheer": game.edition.tile_sides[0], "boo": game.edition.tile_sides[1]}
    return Judged(odds.landings[action.space] == odds.landings[best], values,
                  TILE_EARNS_LESS)


def pyramid(state: State, action: Action) -> Judged:
    """Goal: take the pyramid ticket when nothing else is worth its sure coin."""
    game = _camel_up(state)
    odds = _legs(Position.from_state(game))
    tops = _tops(game)
    ticket = max(odds.ticket_value(c, v) for c, v in tops.items())
    tile = max(odds.landings[s] for s in game.tile_spaces(game.current_player))
    values = {**_move_values(action), "worth": _coins(_worth(game, odds, action)),
              "pay": PYRAMID_PAY,
              "ticket": _coins(ticket), "tile": _coins(tile)}
    return Judged(isinstance(action, Roll), values, ROLL_PAYS_MORE)


def _race_bet(state: State, action: Action, pile: str) -> Judged:
    game = _camel_up(state)
    race = _race(Position.from_state(game))
    table = race.winner if pile == WINNER else race.loser
    best = max(game.edition.racing, key=lambda c: table[c])
    values: dict[str, object] = {
        **_move_values(action), "best": colour_name(best), "top": _percent(table[best]),
        "races": RACES,
        "first": OVERALL_PAYS[0], "second": OVERALL_PAYS[1],
        "third": OVERALL_PAYS[2]}
    if not (isinstance(action, Overall) and action.pile == pile):
        return Judged(False, values, NO_WINNER_BET if pile == WINNER else NO_LOSER_BET)
    values |= {"camel": colour_name(action.colour), "chance": _percent(table[action.colour])}
    return Judged(action.colour == best, values, WINS_LESS if pile == WINNER else LAST_LESS)


def race_winner(state: State, action: Action) -> Judged:
    """Goal: bet early on the camel most likely to win the race."""
    return _race_bet(state, action, WINNER)


def race_loser(state: State, action: Action) -> Judged:
    """Goal: bet early on the camel most likely to come last in the race."""
    return _race_bet(state, action, LOSER)
