"""The expected coin value of every legal action, from what one seat sees.

Used by the ``camel-up-ev`` bot, the ``odds`` command line and the ``odds`` prompt word, so
all three say the same. Everything is read from a ``View`` (the seat's observation and
legal actions), never from the true state:

* a leg ticket: ``value * P(1st) + P(2nd) - P(other)`` from the exact leg odds;
* a tile: the expected number of units landing on its space this leg (each pays 1 coin),
  less what the seat's tile already out would have earned where it stands;
* rolling: 1 coin for the pyramid ticket, less what it gives away: how much better the
  best leg ticket left gets, on average, for the next player once the die is known;
* an overall bet: the race odds (Monte Carlo) times what the card pays behind the cards
  already on the pile (each other seat's hidden card there is the colour with probability
  "its cards on the pile / 5"), minus the chance it is wrong;
* a partnership: the best expected reward among the partner's tickets, if positive.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import Any

from camelcade.core.action import Action
from camelcade.core.view import View
from camelcade.core.words import t
from camelcade.games.camel_up.actions import PILES, WINNER, Bet, Overall, Partner, PlaceTile, Roll
from camelcade.games.camel_up.numbers import decimal, percent
from camelcade.games.camel_up.odds import LegOdds, Position, RaceOdds, leg_odds, move, race_odds
from camelcade.games.camel_up.odds import grey_mover as _grey_mover
from camelcade.games.camel_up.spec import (
    DIE_VALUES,
    EDITIONS,
    GREY,
    PYRAMID_PAY,
    WRONG_OVERALL_PAY,
    Edition,
    overall_pay,
)

RACE_SAMPLES = 400


@dataclass(frozen=True)
class ActionValue:
    """One legal action, its expected coins, and a short reason in words.

    The reason is worded only when read (``why``): a bot choosing by ``value`` never
    pays for the words, and whoever reads them hears them in their own language.
    """

    action: Action
    value: float
    explain: Callable[[], str]

    @property
    def why(self) -> str:
        return self.explain()


class Evaluator:
    """Expected values with caches, so a bot reuses odds across turns of one leg."""

    def __init__(self, race_samples: int = RACE_SAMPLES, seed: int = 0, *,
                 fast: bool = False) -> None:
        self.race_samples = race_samples
        self.seed = seed
        self.fast = fast
        """True (bots): the race odds and the give-away of a roll ignore this leg's tiles,
        so their results are reused while the other players move tiles around."""
        self._legs: dict[tuple[Any, ...], LegOdds] = {}
        self._races: dict[tuple[Any, ...], RaceOdds] = {}

    # -- odds with caches ----------------------------------------------------------------

    def leg(self, position: Position, *, landings: bool = True) -> LegOdds:
        """Exact leg odds (with expected landings unless ``landings`` is False), cached."""
        key = (position.edition, position.board(), position.dice_code(), position.precedence,
               landings)
        odds = self._legs.get(key)
        if odds is None:
            if len(self._legs) > 4096:
                self._legs.clear()
            odds = self._legs[key] = leg_odds(position, landings=landings)
        return odds

    def race(self, position: Position) -> RaceOdds:
        if self.fast:
            position = _without_tiles(position)
        key = (position.edition, position.board(), position.dice_code(), position.precedence)
        odds = self._races.get(key)
        if odds is None:
            if len(self._races) > 1024:
                self._races.clear()
            odds = self._races[key] = race_odds(position, self.race_samples, self.seed)
        return odds

    # -- values --------------------------------------------------------------------------

    def values(self, view: View, *, lazy: bool = False) -> list[ActionValue]:
        """Every legal action of the seat to move, with its expected coin value.

        ``lazy``: when another action is worth more than a pyramid ticket's 1 coin, the
        roll is valued at that 1 coin without working out what it gives away (it cannot
        be the best action either way), which saves a solve per die outcome.
        """
        observation = view.observation
        edition = EDITIONS[observation["edition"]]
        position = Position.from_view(view)
        legs = self.leg(position)
        seat = view.player
        tops = _top_tickets(observation, edition)
        best_ticket = max([float(legs.ticket_value(c, v)) for c, v in tops.items()] + [0.0])
        own_tile = next((tile for tile in observation["tiles"] if tile[2] == seat), None)
        kept = float(legs.landings[own_tile[0]]) if own_tile else 0.0
        race: RaceOdds | None = None
        result = []
        for action in view.legal_actions():
            why: Callable[[], str]
            if isinstance(action, Bet):
                value = float(legs.ticket_value(action.colour, tops[action.colour]))
                why = partial(_ticket_why, tops[action.colour], legs.first[action.colour],
                              legs.second[action.colour])
            elif isinstance(action, PlaceTile):
                value = float(legs.landings[action.space]) - kept
                why = partial(_tile_why, float(legs.landings[action.space]))
            elif isinstance(action, Roll):
                continue
            elif isinstance(action, Overall):
                race = race or self.race(position)
                value, why = _overall_value(observation, seat, action, race)
            elif isinstance(action, Partner):
                value = _partner_value(observation, action.seat, legs)
                why = _partner_why
            else:  # pragma: no cover - no other actions exist
                value, why = 0.0, str
            result.append(ActionValue(action, value, why))
        if Roll() in view.legal_actions():
            best_other = max((item.value for item in result), default=float("-inf"))
            if lazy and best_other > PYRAMID_PAY:
                roll = ActionValue(Roll(), PYRAMID_PAY, _roll_at_most_why)
            else:
                lost = self.giveaway(position, tops, best_ticket)
                roll = ActionValue(Roll(), PYRAMID_PAY - lost, partial(_roll_why, lost))
            result.insert(view.legal_actions().index(Roll()), roll)
        return result

    def best(self, view: View) -> ActionValue:
        """The action with the highest expected value (the first one listed on a tie)."""
        values = self.values(view, lazy=True)
        return max(values, key=lambda item: item.value)

    def giveaway(self, position: Position, tops: dict[str, int], best_now: float) -> float:
        """How much the best leg ticket improves, on average, once the next die is out.

        Nothing is given away by the die that ends the leg (the next leg starts afresh).
        """
        if position.rolls_left <= 1 or not tops:
            return 0.0
        expected = Fraction(0)
        if self.fast:
            position = _without_tiles(position)
        for probability, child in _children(position):
            odds = self.leg(child, landings=False)
            best = max([odds.ticket_value(c, v) for c, v in tops.items()] + [Fraction(0)])
            expected += probability * best
        return max(0.0, float(expected) - best_now)


def _without_tiles(position: Position) -> Position:
    if not position.tiles:
        return position
    return Position(position.edition, position.track, (), position.pyramid, position.precedence)


def _top_tickets(observation: dict[str, Any], edition: Edition) -> dict[str, int]:
    """The value on top of each colour's leg-ticket stack (colours with tickets left)."""
    taken = dict.fromkeys(edition.racing, 0)
    for held in observation["tickets"]:
        for colour, _ in held:
            taken[colour] += 1
    stack = edition.leg_tickets
    return {c: stack[n] for c, n in taken.items() if n < len(stack)}


def next_positions(position: Position) -> list[tuple[Fraction, Position]]:
    """Each outcome of the next die with its probability (outcomes that end the race left
    out): what a roll shows the players after it, for look-ahead bots."""
    return _children(position)


def _children(position: Position) -> list[tuple[Fraction, Position]]:
    """Each first die outcome of the rest of the leg with its probability (no crossings)."""
    spec = position.spec
    board = position.board()
    code = {str(i): unit for i, unit in enumerate(spec.units)}
    children = []
    dice = position.dice
    for die in dice:
        share = Fraction(1, len(dice))
        rest = tuple(d for d in dice if d != die)
        if die == GREY:
            fixed = _grey_mover(board, position.precedence == "carrying-first")
            movers = [(fixed, Fraction(1))] if fixed else [("5", Fraction(1, 2)),
                                                          ("6", Fraction(1, 2))]
            moves = [(m, -1, p) for m, p in movers]
        else:
            moves = [(str(spec.racing.index(die)), 1, Fraction(1))]
        for unit, direction, p in moves:
            for value in DIE_VALUES:
                new, crossed = move(board, unit, direction, value)
                if crossed is not None:
                    continue
                track = _track_of(new, code)
                children.append((share * p / len(DIE_VALUES), Position(
                    position.edition, track, position.tiles, rest, position.precedence)))
    return children


def _track_of(board: str, code: dict[str, str]) -> tuple[tuple[int, tuple[str, ...]], ...]:
    segments = board.split("|")[:-1]
    return tuple((space, tuple(code[ch] for ch in segment))
                 for space, segment in enumerate(segments, start=1)
                 if segment and segment[0] in code)


def _overall_value(observation: dict[str, Any], seat: int, action: Overall,
                   race: RaceOdds) -> tuple[float, Callable[[], str]]:
    """Expected coins of an overall card: P(right) x E[pay behind the cards above]."""
    table = race.winner if action.pile == WINNER else race.loser
    p_right = table[action.colour]
    pile = observation["piles"][action.pile]
    other = observation["piles"][PILES[1 - PILES.index(action.pile)]]
    # distribution of the number of correct cards already on the pile
    chances = [1.0]
    for owner in sorted({s for s, _ in pile}):
        cards = [c for s, c in pile if s == owner]
        if owner == seat or all(c is not None for c in cards):
            q = 1.0 if action.colour in cards else 0.0
        else:
            hidden_total = len(cards) + sum(1 for s, _ in other if s == owner)
            q = len(cards) / max(hidden_total + _hand_size(observation, owner), 1)
        chances = add_bernoulli(chances, q)
    pay = sum(p * overall_pay(k) for k, p in enumerate(chances))
    value = p_right * pay + (1 - p_right) * WRONG_OVERALL_PAY
    return value, partial(_overall_why, p_right, pay)


# -- the reasons in words (worded when read: see ActionValue) ----------------------------


def _ticket_why(ticket: int, first: Fraction, second: Fraction) -> str:
    return t("{value}-ticket: 1st {first}, 2nd {second}", value=ticket, first=percent(first),
             second=percent(second))


def _tile_why(landings: float) -> str:
    return t("{landings} landings expected", landings=decimal(landings, 2))


def _partner_why() -> str:
    return t("best reward of the partner's tickets")


def _roll_at_most_why() -> str:
    return t("1 coin (at most)")


def _roll_why(lost: float) -> str:
    return t("1 coin, gives away {coins}", coins=decimal(lost, 2))


def _overall_why(p_right: float, pay: float) -> str:
    return t("{chance} right, pays {coins} then", chance=percent(p_right),
             coins=decimal(pay, 2))


def _hand_size(observation: dict[str, Any], seat: int) -> int:
    return int(observation["hand_sizes"][seat])


def add_bernoulli(chances: Sequence[float], q: float) -> list[float]:
    """The distribution of a count after one more event of chance ``q``: ``chances[k]``
    is the chance of ``k`` so far (how many others will have bet before a card, say)."""
    out = [0.0] * (len(chances) + 1)
    for k, p in enumerate(chances):
        out[k] += p * (1 - q)
        out[k + 1] += p * q
    return out


def _partner_value(observation: dict[str, Any], partner: int, legs: LegOdds) -> float:
    rewards = [float(legs.ticket_value(c, v)) for c, v in observation["tickets"][partner]]
    rewards += [float(PYRAMID_PAY)] * observation["pyramid_tickets"][partner]
    return max([0.0, *rewards])

