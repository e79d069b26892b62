"""``camel-up-expert``: expected coins, judged against what the action leaves the others.

``camel-up-ev`` takes whichever action is worth the most coins to itself now. Four things
it leaves out decide many games between good players, and this bot adds them, reading
only its ``View`` and reusing :class:`.advice.Evaluator` for every probability:

* **What an action hands the next players.** Leg tickets are a shared pool: the top
  ticket taken now is one the next seats cannot have, and a roll shows them a die before
  they choose. Each action is followed by the next ``players - 1`` seats replying
  greedily (the best ticket left, unless a roll or a tile is worth more to them), and is
  scored as its own coins, plus the best it can do when its turn comes back, less
  ``2 / players`` of the others' coins: relative standing, not absolute coins. A coin of
  its own counts against every other seat and an opponent's against one, which alone
  would give ``1 / (players - 1)``; but the replies are followed for one round only, while
  what a roll shows, and a ticket left, keep helping the others for the rest of the leg,
  so they weigh more (with two players the game is zero-sum: 1). A roll is followed
  through every face of every die still in the pyramid (exact, from the leg odds after
  it); the last roll of a leg hands the next seat the first choice of a fresh leg.
  The look-ahead is on by default in the 1st edition only (see ``ExpertBot``): in the
  2nd it lost to ``camel-up-ev`` in the lab, and the race bets' changes did not.
* **What a tile does to the tickets taken.** A tile moves the leg odds, and every leg
  ticket already taken is public. ``camel-up-ev`` values a tile by the units landing on
  it; the expert solves the leg again with the tile where it would go and adds what its
  own tickets gain, less ``1 / (players - 1)`` of what the others' tickets gain (a cheer
  that can lift its camel over the leader, a boo in front of the camel the others back).
  On by default in the 2nd edition, where it was measured (the 1st edition keeps the
  settings it was measured with).
* **Who bet on the race before.** The overall piles pay in order, 8, 5, 3, ... Other
  seats' face-down cards are not uniform: a good player bets on the favourite. Each
  hidden card is guessed, when the bot first sees it, in proportion to the square of the
  race odds of each colour then (kept for the game), so a bet behind likely cards on the
  same colour is valued at the lower pay it will really get.
* **How the race ends.** When every path of this leg ends the race (the leg odds say so
  exactly), the race odds are the leg's exact final odds instead of a Monte Carlo
  estimate; otherwise more simulated races than ``camel-up-ev`` plays (seeded, so the bot
  is reproducible), which keeps the noise of the overall bets' values small.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from camelcade.core.action import Action
from camelcade.core.errors import CamelcadeError
from camelcade.core.game import Game
from camelcade.core.types import PlayerId
from camelcade.core.view import View
from camelcade.games.camel_up.actions import PILES, WINNER, Bet, Overall, PlaceTile, Roll
from camelcade.games.camel_up.advice import Evaluator, add_bernoulli, next_positions
from camelcade.games.camel_up.odds import LegOdds, Position
from camelcade.games.camel_up.spec import (
    EDITIONS,
    PYRAMID_PAY,
    SECOND_PAY,
    WRONG_LEG_PAY,
    WRONG_OVERALL_PAY,
    overall_pay,
)

RACE_SAMPLES = 500
"""Simulated races per position: 2.5 times ``camel-up-ev``'s, for steadier race bets (the
odds are cached per position, so they cost once per die rolled)."""
TILE_SPACES = 3
"""Spaces whose tiles are solved again for what they do to the tickets (see ``_tiles``)."""
GUESS_SHARPNESS = 2.0
"""A hidden card's colour is guessed in proportion to (race odds) ** this."""

Guesser = Callable[[Mapping[str, Any], int, str, int, Mapping[str, float]], dict[str, float]]
"""How a hidden race bet is guessed when first seen: (the observation, the card's owner,
its pile, the cards under it, that pile's race odds now) to each colour's chance."""

Pool = dict[str, tuple[int, ...]]
"""Each colour's leg tickets left, top first."""


@dataclass(frozen=True)
class Choice:
    """One candidate action: its coins to the bot now, the coins the next seats' replies
    take, the best this seat can do when its turn comes back, and the score they make."""

    action: Action
    own: float
    others: float
    later: float
    score: float


class ExpertBot:
    """Camel Up expert (either edition): greedy coins, less what the next seats gain."""

    name = "camel-up-expert"

    def __init__(self, seed: int = 0, race_samples: int = RACE_SAMPLES,
                 reply_weight: float | None = None, lookahead: bool | None = None,
                 tile_odds: bool | None = None, tile_spaces: int = TILE_SPACES,
                 guesser: Guesser | None = None) -> None:
        """``lookahead``: follow the next seats' replies (True), or score actions by their
        own coins only (False); None, the default, does it in the 1st edition only. In the
        2nd, with four tickets a colour and the crazy camels, the replies as modelled here
        lost to ``camel-up-ev`` in the lab (docs/games/camel-up.md) while the race bets'
        changes alone did not.

        ``tile_odds``: value a tile by what it does to the leg tickets already taken as
        well as by its landings (True), or by its landings only (False); None, the
        default, does it in the 2nd edition only, where it won in the lab. ``tile_spaces``:
        how many of the spaces with the most landings expected are solved with a tile.

        ``guesser``: how another seat's face-down race bet is guessed when first seen;
        None, the default, is in proportion to the square of the race odds then (the
        champion passes the opponent model fitted from the lab's records)."""
        self._race_samples = race_samples
        self._reply_weight = reply_weight
        self._lookahead = lookahead
        self._tile_odds = tile_odds
        self._tile_spaces = tile_spaces
        self._evaluator = Evaluator(race_samples, seed % 2**32, fast=True)
        self._guesses: dict[tuple[str, int], dict[str, float]] = {}
        self._guesser: Guesser = guesser or _square_guess

    @property
    def evaluator(self) -> Evaluator:
        """The odds this bot plays by (cached per position; a searcher shares them)."""
        return self._evaluator

    def guesses(self) -> dict[tuple[str, int], dict[str, float]]:
        """Each hidden card seen so far, by (pile, index): its colour's chances."""
        return dict(self._guesses)

    def race(self, view: View) -> tuple[dict[str, float], dict[str, float]]:
        """The winner and loser odds of the whole race as this bot reads them."""
        position = Position.from_view(view)
        return self._race(position, self._evaluator.leg(position))

    def begin(self, game: Game, seat: PlayerId, seed: int) -> None:
        """A fresh evaluator and card memory per game, seeded from the match seed."""
        if game.id != "camel-up":
            raise CamelcadeError(f"{self.name} plays camel-up, not {game.id}")
        self._evaluator = Evaluator(self._race_samples, seed % 2**32, fast=True)
        self._guesses = {}

    def choose(self, view: View) -> Action:
        if not view.legal_actions():
            raise CamelcadeError(f"seat {view.player} has no legal action to choose")
        return self.choices(view)[0].action

    # -- the look-ahead ------------------------------------------------------------------

    def choices(self, view: View) -> list[Choice]:
        """Every legal action scored, best first (the first listed wins a tie)."""
        observation = view.observation
        edition = EDITIONS[observation["edition"]]
        seat = view.player
        players = len(observation["coins"])
        weight = (self._reply_weight if self._reply_weight is not None
                  else 2.0 / players)
        position = Position.from_view(view)
        evaluator = self._evaluator
        legs = evaluator.leg(position)
        race_win, race_lose = self._race(position, legs)
        self._remember(observation, seat, race_win, race_lose)
        pool = _pool(observation, edition.leg_tickets, edition.racing)
        plain = evaluator.values(view, lazy=True)

        own: dict[Action, float] = {}
        for item in plain:
            if isinstance(item.action, Overall):
                own[item.action] = self._overall(observation, seat, item.action,
                                                 race_win, race_lose)
            elif not isinstance(item.action, Roll):
                own[item.action] = item.value
        tile_odds = self._tile_odds if self._tile_odds is not None else edition.number == 2
        if tile_odds:
            own.update(self._tiles(observation, seat, position, legs,
                                    view.legal_actions()))
        lookahead = self._lookahead if self._lookahead is not None else edition.number == 1
        if not lookahead:
            alone = [(a, own.get(a, float(PYRAMID_PAY) if isinstance(a, Roll) else 0.0))
                     for a in view.legal_actions()]
            return sorted((Choice(a, value, 0.0, 0.0, value) for a, value in alone),
                          key=lambda c: -c.score)
        # What a seat may do without touching the ticket pool: a tile or a race bet
        # (valued as this seat values its own), or a roll (1 coin less what it shows).
        chain_odds = evaluator.leg(_bare(position), landings=False)
        after_roll = self._roll_outcomes(position)
        best_now = _best_ticket(pool, chain_odds)
        roll_gain = 0.0
        if after_roll is not None:
            roll_gain = sum(p * _best_ticket(pool, odds) for p, odds in after_roll) - best_now
        other = max([v for a, v in own.items() if not isinstance(a, Bet)], default=0.0)
        # The others' race bets are not this seat's (their cards, their guesses): only a
        # tile is taken as their alternative to a ticket, so tickets left are expected to
        # go rather than to wait for this seat.
        tile = max([v for a, v in own.items() if isinstance(a, PlaceTile)], default=0.0)
        rolling = PYRAMID_PAY - max(roll_gain, 0.0)
        rolls = position.rolls_left
        fresh: LegOdds | None = None
        if rolls <= players:  # the others may end the leg before this seat moves again
            fresh = evaluator.leg(_fresh(position), landings=False)
        empty = _pool({}, edition.leg_tickets, edition.racing)
        round_ = _Round(tile, other, rolling, max(roll_gain, 0.0), players - 1, fresh,
                        empty)

        result = []
        for action in view.legal_actions():
            if isinstance(action, Roll):
                mine = float(PYRAMID_PAY)
                if after_roll is None:  # the leg's last die: a fresh leg for the others
                    assert fresh is not None
                    theirs, later = round_.play(empty, fresh, 0)
                else:
                    theirs = later = 0.0
                    for p, odds in after_roll:
                        t_, l_ = round_.play(pool, odds, rolls - 1)
                        theirs += p * t_
                        later += p * l_
            else:
                mine = own[action]
                left = _take(pool, action.colour) if isinstance(action, Bet) else pool
                theirs, later = round_.play(left, chain_odds, rolls)
            result.append(Choice(action, mine, theirs, later, mine + later - weight * theirs))
        result = _no_idle_tiles(result, seat, observation)
        result.sort(key=lambda c: -c.score)  # stable: the first listed wins a tie
        return result

    # -- tiles -------------------------------------------------------------------------

    def _tiles(self, observation: Mapping[str, Any], seat: int, position: Position,
               legs: LegOdds, legal: Sequence[Action]) -> dict[Action, float]:
        """Tiles valued by what they do to the leg tickets already taken, not only by the
        coins of the units landing on them.

        A tile changes the leg odds: a boo in front of the leader's rival, a cheer under
        the camel this seat backs. ``camel-up-ev`` counts a tile's landings only; here
        the leg is solved again with the tile where it would go (this seat's old one
        lifted), and the tile is worth its exact landings there, plus what this seat's
        tickets gain, less ``1 / (players - 1)`` of what the others' tickets gain (one
        coin of its own counts against each other seat, an opponent's against one).
        Only the ``tile_spaces`` spaces with the most landings expected are solved (a
        tile where no camel lands moves no odds); with every die still in the pyramid
        (a dear solve), just the best one. Nothing is solved while no ticket is held.
        Moving this seat's tile gives up what it would have earned where it lies.
        """
        held = observation["tickets"]
        if not any(held):
            return {}
        actions = [a for a in legal if isinstance(a, PlaceTile)]
        if not actions:
            return {}
        ranked = sorted({a.space for a in actions}, key=lambda s: -legs.landings.get(s, 0))
        count = 1 if len(position.dice) == len(position.spec.dice) else self._tile_spaces
        spaces = set(ranked[:count])
        weight = 1.0 / max(len(held) - 1, 1)
        others = tuple(t for t in position.tiles if t[2] != seat)
        kept = sum(float(legs.landings[t[0]]) for t in position.tiles if t[2] == seat)
        values: dict[Action, float] = {}
        for action in actions:
            if action.space not in spaces:
                continue
            moved = Position(position.edition, position.track,
                             (*others, (action.space, action.side, seat)), position.pyramid,
                             position.precedence)
            odds = self._evaluator.leg(moved)
            value = float(odds.landings[action.space]) - kept
            for owner, tickets in enumerate(held):
                gain = sum(float(odds.ticket_value(c, v) - legs.ticket_value(c, v))
                           for c, v in tickets)
                value += gain if owner == seat else -weight * gain
            values[action] = value
        return values

    def _roll_outcomes(self, position: Position) -> list[tuple[float, LegOdds]] | None:
        """The leg odds after each outcome of the next die, or None if it ends the leg."""
        if position.rolls_left <= 1:
            return None
        return [(float(p), self._evaluator.leg(child, landings=False))
                for p, child in next_positions(_bare(position))]

    # -- the race ------------------------------------------------------------------------

    def _race(self, position: Position, legs: LegOdds) -> tuple[dict[str, float],
                                                                 dict[str, float]]:
        """Winner and loser odds of the whole race: exact if the race surely ends this leg."""
        if legs.game_end == 1:
            return ({c: float(p) for c, p in legs.first.items()},
                    {c: float(p) for c, p in legs.last.items()})
        race = self._evaluator.race(position)
        return race.winner, race.loser

    def _remember(self, observation: Mapping[str, Any], seat: int,
                  win: Mapping[str, float], lose: Mapping[str, float]) -> None:
        """Guess each other seat's face-down card the first time it is seen.

        A card is guessed from the race odds when this seat first sees it, which is at
        most one round after it was played; later odds would know more than its owner did.
        """
        for pile in PILES:
            cards = observation["piles"][pile]
            odds = win if pile == WINNER else lose
            for index, (owner, colour) in enumerate(cards):
                key = (pile, index)
                if owner == seat or colour is not None:
                    continue
                if key not in self._guesses:
                    self._guesses[key] = self._guesser(observation, owner, pile, index, odds)

    def _overall(self, observation: Mapping[str, Any], seat: int, action: Overall,
                 win: Mapping[str, float], lose: Mapping[str, float]) -> float:
        """Expected coins of a finish card behind the cards already on its pile."""
        p_right = (win if action.pile == WINNER else lose)[action.colour]
        chances = [1.0]
        for index, (owner, colour) in enumerate(observation["piles"][action.pile]):
            if owner == seat or colour is not None:
                q = 1.0 if colour == action.colour else 0.0
            else:
                odds = win if action.pile == WINNER else lose
                guess = (self._guesses.get((action.pile, index))
                         or self._guesser(observation, owner, action.pile, index, odds))
                q = guess.get(action.colour, 0.0)
            chances = add_bernoulli(chances, q)
        pay = sum(p * overall_pay(k) for k, p in enumerate(chances))
        return p_right * pay + (1 - p_right) * WRONG_OVERALL_PAY


# -- helpers ------------------------------------------------------------------------------


def _no_idle_tiles(choices: list[Choice], seat: int, observation: Mapping[str, Any]
                   ) -> list[Choice]:
    """Moving this seat's tile for no gain never beats the roll.

    The look-ahead scores a roll below a move that leaves the pyramid alone, since a die
    shown helps the next seats; with every ticket and finish card gone, a tile moved for
    nothing then looks best, and four such seats shuffle their tiles for ever (the 1st
    edition, where tiles stay, hit it: a lab game that never ended). A move that gains
    nothing is a pass, and the game has no passing, so such a tile is scored just below
    the roll."""
    roll = next((c for c in choices if isinstance(c.action, Roll)), None)
    placed = any(owner == seat for _, _, owner in observation["tiles"])
    if roll is None or not placed:
        return choices
    below = math.nextafter(roll.score, -math.inf)
    return [Choice(c.action, c.own, c.others, c.later, min(c.score, below))
            if isinstance(c.action, PlaceTile) and c.own <= 0 else c for c in choices]


def _bare(position: Position) -> Position:
    """The position without this leg's tiles (the others' replies ignore them, as the
    give-away of ``camel-up-ev`` does, so the odds are shared across the leg)."""
    return Position(position.edition, position.track, (), position.pyramid,
                    position.precedence)


def _fresh(position: Position) -> Position:
    """The next leg from today's camels: every die back in the pyramid, no tiles."""
    return Position(position.edition, position.track, (), None, position.precedence)


def _pool(observation: Mapping[str, Any], stack: Sequence[int],
          racing: Sequence[str]) -> Pool:
    taken = dict.fromkeys(racing, 0)
    for held in observation.get("tickets", ()):
        for colour, _ in held:
            taken[colour] += 1
    return {c: tuple(stack[n:]) for c, n in taken.items()}


def _take(pool: Pool, colour: str) -> Pool:
    left = dict(pool)
    left[colour] = left[colour][1:]
    return left


_FLOATS: dict[int, tuple[LegOdds, dict[str, tuple[float, float]]]] = {}
"""Each leg odds' (P(1st), P(2nd)) as floats, by the odds' identity (the entry keeps the odds
alive, so the identity is not reused): exact fractions are slow to multiply in the replies."""


def _chances(odds: LegOdds) -> dict[str, tuple[float, float]]:
    found = _FLOATS.get(id(odds))
    if found is None:
        if len(_FLOATS) > 8192:
            _FLOATS.clear()
        found = _FLOATS[id(odds)] = (odds, {c: (float(odds.first[c]), float(odds.second[c]))
                                            for c in odds.racing})
    return found[1]


def _ticket(odds: LegOdds, colour: str, value: int) -> float:
    p1, p2 = _chances(odds)[colour]
    return value * p1 + SECOND_PAY * p2 + WRONG_LEG_PAY * (1 - p1 - p2)


def _best_ticket(pool: Pool, odds: LegOdds) -> float:
    return max([_ticket(odds, c, stack[0]) for c, stack in pool.items() if stack] + [0.0])


@dataclass(frozen=True)
class _Round:
    """The next seats' greedy replies, up to this seat's next turn.

    Each takes the best leg ticket left, unless its best other action is worth more:
    ``other`` (a tile, which leaves the pool alone) or ``rolling``. A roll
    that ends the leg starts a fresh pool (``fresh`` odds) for the seats after it. Any
    other roll shows a die to the seats after it, this one included: their ticket is
    then worth ``info`` more (what a die shown adds to the best ticket, on average), so
    that the bot's own roll, followed through every outcome, is not the only one whose
    news is counted.
    """

    other: float
    mine: float
    """This seat's own best action besides a ticket and a roll, when its turn comes back."""
    rolling: float
    info: float
    seats: int
    fresh: LegOdds | None
    empty: Pool

    def play(self, pool: Pool, odds: LegOdds, rolls: int) -> tuple[float, float]:
        """(the others' coins, this seat's best leg ticket or other action after them).

        ``rolls`` is the dice still to come out this leg (0: the leg is already over and
        ``pool`` is the fresh one)."""
        values = _values(pool, odds)
        total = shown = 0.0
        for _ in range(self.seats):
            colour, top = _top(values)
            roll = self.rolling if rolls != 1 else float(PYRAMID_PAY)
            if top + shown > max(self.other, roll):
                total += top + shown
                values[colour] = values[colour][1:]
            elif roll > self.other and rolls == 1 and self.fresh is not None:
                total += roll
                values, rolls, shown = _values(self.empty, self.fresh), 0, 0.0
            elif roll > self.other and rolls:
                total += roll
                rolls -= 1
                shown = self.info
            else:
                total += max(self.other, roll)
        return total, max(_top(values)[1] + shown, self.mine,
                          float(PYRAMID_PAY) if rolls == 1 else self.rolling)


def _values(pool: Pool, odds: LegOdds) -> dict[str, list[float]]:
    return {c: [_ticket(odds, c, v) for v in stack] for c, stack in pool.items()}


def _top(values: Mapping[str, Sequence[float]]) -> tuple[str, float]:
    """The colour whose top ticket is worth most, and that worth (-inf: none left)."""
    best, worth = "", float("-inf")
    for colour, stack in values.items():
        if stack and stack[0] > worth:
            best, worth = colour, stack[0]
    return best, worth


def _square_guess(observation: Mapping[str, Any], owner: int, pile: str, before: int,
                  odds: Mapping[str, float]) -> dict[str, float]:
    """The default guess: the race odds, sharpened (who bet, and when, is not read)."""
    return _sharpened(odds)


def _sharpened(odds: Mapping[str, float]) -> dict[str, float]:
    weights = {c: p ** GUESS_SHARPNESS for c, p in odds.items()}
    total = sum(weights.values())
    if total <= 0:
        return {c: 1 / len(odds) for c in odds}
    return {c: w / total for c, w in weights.items()}

