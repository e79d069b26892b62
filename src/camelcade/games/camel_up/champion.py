"""``camel-up-champion``: the expert's choices, judged by the chance to finish ahead.

``camel-up-expert`` scores each action by expected coins against what it hands the next
seats. Between strong players that is the wrong goal: a seat four coins behind at the
last leg needs the long shot, the leader the safe ticket, and a race bet behind two
likely cards on the same colour pays 3, not 8. This bot keeps the expert as its
evaluator and adds a search over the current decision:

* **Candidates.** The expert's best few actions, and its best race bet on each pile and
  its best roll when they are not among them (the risky and the safe move the coin
  count may rank low).
* **Sampled rests of the race** (:func:`.odds.race_paths`): for each, how this leg ends,
  how the race ends and how many legs are still to come. Every candidate is judged on
  the same paths (common random numbers), so their differences are not noise.
* **Each seat's coins at the end**, per path: coins now, pyramid tickets, each leg
  ticket held paid by the path's leg order (its mean corrected to the exact leg odds, so
  the search keeps the exact values and only the spread is sampled), every race bet on
  the piles paid by the path's final order, the tiles' expected landings, and, for the
  legs still to come, a normal spread measured in the lab's games: the coins a seat wins
  in a leg (``leg_spread``) and what the race bets it plays in a leg are paid at the end
  (``bet_spread``). Without the second, the race bets still to be played were left out:
  the bot thought the game surer than it is, and a leader declined good race bets.
* **The other seats' face-down race bets** drawn per path from the opponent model fitted
  on the lab's records (:mod:`.reading`: who bet, on which pile, how late, with which leg
  tickets), each owner's cards distinct colours; the expert's guesses are the model's.
* **The value** is the mean rank reward (the lab's score, or the share of the win with
  ``reward="win"``) of the seat's final coins plus the candidate's: its ticket or race
  bet paid on the path, or the expert's coins for it, plus what the expert's look-ahead
  says it leaves the others. The legs still to come are integrated out on each path
  (:func:`camelcade.bots.rewards.smoothed_reward`), not drawn: drawn, they made the
  400-path choice differ from a 12,800-path one on 31 % of the moves.

``iterations`` race paths a move, or as many as ``time_limit`` allows (``clock="cpu"``
counts this process's CPU time, as the other search bots do). With partnerships (six
players or more) it plays as the expert does: a partner's coins are not modelled.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from camelcade.bots.budget import Budget
from camelcade.bots.rewards import reward_named, smoothed_reward
from camelcade.core.action import Action
from camelcade.core.errors import CamelcadeError
from camelcade.core.game import Game
from camelcade.core.types import PlayerId
from camelcade.core.view import View
from camelcade.games.camel_up.actions import PILES, WINNER, Bet, Overall, Roll
from camelcade.games.camel_up.expert import Choice, ExpertBot
from camelcade.games.camel_up.odds import LegOdds, Position, RacePath, race_paths
from camelcade.games.camel_up.reading import BetModel, bet_model
from camelcade.games.camel_up.spec import (
    EDITIONS,
    PYRAMID_PAY,
    SECOND_PAY,
    WRONG_LEG_PAY,
    WRONG_OVERALL_PAY,
    overall_pay,
)

RACE_PATHS = 400
"""Race paths a move when no time limit is given (reproducible; about 0.1 s CPU a move
in the lab, 0.6 s at most)."""
CANDIDATES = 5
"""The expert's best actions searched (besides its best race bets and roll)."""
BATCH = 40
"""Race paths drawn between two looks at the clock."""

HiddenCard = tuple[str, int, int]
"""(pile, index, owner) of another seat's face-down race bet."""


class ChampionBot:
    """Camel Up champion (either edition): the expert's candidates, valued by rank."""

    name = "camel-up-champion"

    def __init__(self, seed: int = 0, iterations: int | None = None,
                 time_limit: float | None = None, clock: str = "wall",
                 candidates: int = CANDIDATES, reward: str = "rank",
                 model: BetModel | None = None) -> None:
        """``iterations``: race paths a move; with neither it nor ``time_limit``,
        ``RACE_PATHS``; with a time alone, as many as the time allows (as the searches);
        ``candidates``: how many of the expert's best actions are searched; ``reward``:
        ``rank`` (the lab's score) or ``win``; ``model``: the opponent model (default:
        the one fitted on the lab's records, ``bet_model.json``)."""
        if isinstance(candidates, bool) or not isinstance(candidates, int) or candidates < 1:
            raise CamelcadeError(f"candidates must be a whole number of at least 1, "
                                 f"got {candidates!r}")
        if iterations is None and time_limit is None:
            iterations = RACE_PATHS
        self._budget = Budget.of(iterations, time_limit, clock)
        self._reward = reward_named(reward)
        self._candidates = candidates
        self._model = model
        self._expert = ExpertBot(seed, guesser=self._guess)
        self._rng = random.Random(seed)

    def begin(self, game: Game, seat: PlayerId, seed: int) -> None:
        """The expert's fresh odds and card memory, and the paths seeded from the match."""
        self._expert.begin(game, seat, seed)
        self._rng = random.Random(f"{self.name}:{seed}")

    def choose(self, view: View) -> Action:
        legal = view.legal_actions()
        if not legal:
            raise CamelcadeError(f"seat {view.player} has no legal action to choose")
        choices = self._expert.choices(view)
        if len(choices) == 1 or any(p is not None
                                    for p in view.observation.get("partners", ())):
            return choices[0].action
        shortlist = _shortlist(choices, self._candidates)
        values = self.values(view, shortlist)
        best = max(range(len(shortlist)), key=lambda i: (values[i], -i))
        return shortlist[best].action

    # -- the search --------------------------------------------------------------------

    def values(self, view: View, shortlist: Sequence[Choice]) -> list[float]:
        """Each candidate's mean reward over the race paths this move's budget allows."""
        position = Position.from_view(view)
        paths = self._paths(position)
        table = _Table(view.observation, view.player, self._expert.evaluator.leg(position),
                       self._model_or_default(), position)
        table.correct(paths)
        hidden = table.draw_hidden(self._expert.guesses(), len(paths), self._rng)
        spreads = table.spreads(paths)
        bases = [table.base(path, cards) for path, cards in zip(paths, hidden, strict=True)]
        seat, reward = view.player, self._reward
        values = []
        for choice in shortlist:
            deltas = table.deltas(choice, paths, hidden)
            total = 0.0
            for base, delta, spread in zip(bases, deltas, spreads, strict=True):
                row = list(base)
                row[seat] += delta
                total += smoothed_reward(row, seat, spread, reward)
            values.append(total / len(paths))
        return values

    def _paths(self, position: Position) -> list[RacePath]:
        more = self._budget.runner()
        cap = self._budget.iterations
        paths: list[RacePath] = []
        while more(len(paths)):
            size = BATCH if cap is None else min(BATCH, cap - len(paths))
            paths.extend(race_paths(position, size, seed=self._rng.getrandbits(32)))
        return paths

    def _model_or_default(self) -> BetModel:
        return self._model if self._model is not None else bet_model()

    def _guess(self, observation: Mapping[str, Any], owner: int, pile: str, before: int,
               odds: Mapping[str, float]) -> dict[str, float]:
        """The expert's guess of a hidden card: the fitted opponent model's."""
        racing = EDITIONS[observation["edition"]].racing
        return self._model_or_default().chances(observation, owner, pile, before, racing,
                                                odds)


def _shortlist(choices: Sequence[Choice], count: int) -> list[Choice]:
    """The expert's ``count`` best, then its best race bet per pile and best roll."""
    chosen = list(choices[:count])
    extras: list[Choice] = []
    for pile in PILES:
        extras.append(max((c for c in choices if isinstance(c.action, Overall)
                           and c.action.pile == pile), key=lambda c: c.score, default=None)
                      or choices[0])
    extras.append(next((c for c in choices if isinstance(c.action, Roll)), choices[0]))
    for extra in extras:
        if extra not in chosen:
            chosen.append(extra)
    return chosen


class _Table:
    """Everything about the table that is the same for every path of one move."""

    def __init__(self, observation: Mapping[str, Any], seat: int, legs: LegOdds,
                 model: BetModel, position: Position) -> None:
        self.observation = observation
        self.seat = seat
        self.legs = legs
        edition = EDITIONS[observation["edition"]]
        self.edition = edition
        self.players = len(observation["coins"])
        self.spread = math.hypot(model.leg_spread.get(edition.number, 0.0),
                                 model.bet_spread.get(edition.number, 0.0))
        self.leg_left = position.rolls_left / edition.rolls_per_leg
        landings = [0.0] * self.players
        for space, _, owner in observation["tiles"]:
            landings[owner] += float(legs.landings.get(space, 0))
        pyramid = observation.get("pyramid_tickets") or [0] * self.players
        self.fixed = [observation["coins"][i] + PYRAMID_PAY * pyramid[i] + landings[i]
                      for i in range(self.players)]
        self.tickets: list[list[tuple[str, int]]] = [
            [(colour, value) for colour, value in held] for held in observation["tickets"]]
        self.piles: dict[str, list[tuple[int, str | None]]] = {
            pile: [(owner, colour) for owner, colour in observation["piles"][pile]]
            for pile in PILES}
        self.correction = [0.0] * self.players
        taken = dict.fromkeys(edition.racing, 0)
        for held in self.tickets:
            for colour, _ in held:
                taken[colour] += 1
        self.top = {c: edition.leg_tickets[n] for c, n in taken.items()
                    if n < len(edition.leg_tickets)}

    # -- what the path pays -------------------------------------------------------------

    def draw_hidden(self, guesses: Mapping[tuple[str, int], Mapping[str, float]],
                    count: int, rng: random.Random) -> list[dict[HiddenCard, str]]:
        """Per path, a colour for every face-down card of another seat: drawn from the
        model's guess, each owner's cards distinct (one finish card a colour)."""
        racing = self.edition.racing
        by_owner: dict[int, list[HiddenCard]] = {}
        known: dict[int, set[str]] = {}
        for pile in PILES:
            for index, (owner, colour) in enumerate(self.piles[pile]):
                if colour is not None:
                    known.setdefault(owner, set()).add(colour)
                elif owner != self.seat:
                    by_owner.setdefault(owner, []).append((pile, index, owner))
        draws: list[dict[HiddenCard, str]] = []
        for _ in range(count):
            cards: dict[HiddenCard, str] = {}
            for owner, hidden in by_owner.items():
                used = set(known.get(owner, ()))
                for card in hidden:
                    guess = guesses.get(card[:2]) or {}
                    free = [c for c in racing if c not in used]
                    weights = [guess.get(c, 0.0) + 1e-9 for c in free]
                    colour = rng.choices(free, weights)[0] if free else racing[0]
                    used.add(colour)
                    cards[card] = colour
            draws.append(cards)
        return draws

    def spreads(self, paths: Sequence[RacePath]) -> list[float]:
        """Per path, the standard deviation of the coins the legs still to come add to
        each seat (normal, mean 0): integrated out by ``smoothed_reward``, not drawn."""
        return [self.spread * math.sqrt(path.legs_after + self.leg_left) for path in paths]

    def base(self, path: RacePath, cards: Mapping[HiddenCard, str]) -> list[float]:
        """Every seat's final coins on ``path`` before this seat's move, the legs still
        to come left out (their spread is ``spreads``)."""
        coins = [self.fixed[i] + self.correction[i] for i in range(self.players)]
        for owner, held in enumerate(self.tickets):
            for colour, value in held:
                coins[owner] += _ticket_pay(path.leg, colour, value)
        for pile in PILES:
            target = path.race[0] if pile == WINNER else path.race[-1]
            right = 0
            for index, (owner, shown) in enumerate(self.piles[pile]):
                card = shown if shown is not None else cards.get((pile, index, owner))
                if card == target:
                    coins[owner] += overall_pay(right)
                    right += 1
                else:
                    coins[owner] += WRONG_OVERALL_PAY
        return coins

    def correct(self, paths: Sequence[RacePath]) -> None:
        """Shift each seat's leg tickets so their mean over ``paths`` is the exact one."""
        for owner, held in enumerate(self.tickets):
            sampled = sum(_ticket_pay(p.leg, c, v) for p in paths for c, v in held)
            exact = sum(float(self.legs.ticket_value(c, v)) for c, v in held)
            self.correction[owner] = exact - sampled / len(paths)

    def deltas(self, choice: Choice, paths: Sequence[RacePath],
               hidden: Sequence[Mapping[HiddenCard, str]]) -> list[float]:
        """What ``choice`` adds to this seat's final coins on each path."""
        action = choice.action
        beyond = choice.score - choice.own
        if isinstance(action, Bet) and action.colour in self.top:
            value = self.top[action.colour]
            paid = [_ticket_pay(p.leg, action.colour, value) for p in paths]
            shift = choice.own - sum(paid) / len(paid) + beyond
            return [x + shift for x in paid]
        if isinstance(action, Overall):
            out = []
            for path, cards in zip(paths, hidden, strict=True):
                target = path.race[0] if action.pile == WINNER else path.race[-1]
                if action.colour != target:
                    out.append(WRONG_OVERALL_PAY + beyond)
                    continue
                right = 0
                for index, (owner, colour) in enumerate(self.piles[action.pile]):
                    card = colour if colour is not None else cards.get(
                        (action.pile, index, owner))
                    right += card == target
                out.append(overall_pay(right) + beyond)
            return out
        return [choice.score] * len(paths)


def _ticket_pay(order: Sequence[str], colour: str, value: int) -> int:
    if order[0] == colour:
        return value
    if order[1] == colour:
        return SECOND_PAY
    return WRONG_LEG_PAY
