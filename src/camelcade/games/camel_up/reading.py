"""Reading the other seats' face-down race bets: what the opponent model sees of each.

A race bet (a finish card on the winner or loser pile) is played face down, but *when* a
player bets says much about the colour: a good player backs the favourite, more so late
in the race, and rarely bets against the camel its leg tickets ride on. Each option of
such a bet is described by a handful of numbers, the same at fitting time (from the
lab's records, the state just before the bet) and at play time (from the view of the
seat that first sees the card); :mod:`camelcade.bots.choices` weighs them.

The weights live in ``bet_model.json`` beside this file, one set per edition and pile,
fitted by ``benchmarks/fit_camel_up_bets.py`` from records of strong bots' games; the file
also keeps how far a seat's coins stray in a leg, and what the race bets it plays in a leg
stray (``leg_swings``, ``bet_swings``), which the champion's value needs.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from camelcade.bots.choices import ChoiceModel, Moment
from camelcade.core.action import Action
from camelcade.core.game import State
from camelcade.games.camel_up.actions import PILES, WINNER, Overall
from camelcade.games.camel_up.board import ranking
from camelcade.games.camel_up.odds import Position, race_odds
from camelcade.games.camel_up.spec import EDITIONS, LAST_SPACE, WRONG_OVERALL_PAY, overall_pay

FEATURES = ("log_odds", "log_odds_late", "in_front", "next_in_front", "own_tickets",
            "log_odds_deep")
"""What describes one colour for one bet (see :func:`describe_options`)."""
FLOOR = 0.01
"""Odds below this are read as this (a colour given no chance by the samples may still be
chosen: the samples are few, the player's own estimate differs)."""
FIT_SAMPLES = 300
"""Simulated races per bet when fitting (the expert uses 500 at play time)."""


def describe_options(observation: Mapping[str, Any], owner: int, pile: str, before: int,
                     colours: Sequence[str], odds: Mapping[str, float]) -> tuple[
                         tuple[float, ...], ...]:
    """One row of :data:`FEATURES` per colour, for a card ``owner`` puts on ``pile`` on
    top of ``before`` cards.

    ``odds``: each colour's chance to end the race first (winner pile) or last (loser),
    as seen when the card was played. *Late* is the leader's share of the track; *in
    front* means first for the winner pile and last for the loser pile; *deep* is how
    many cards the pile already held (a later card pays less, so it needs surer odds).
    The observation may be a little later than the card (a bot sees it at its next
    turn); ``before`` keeps *deep* exact all the same.
    """
    edition = EDITIONS[observation["edition"]]
    track = {space: units for space, units in observation["track"]}
    order = ranking(track, edition.racing)
    if pile != WINNER:
        order = order[::-1]
    late = max(track) / LAST_SPACE if track else 0.0
    deep = before / 5.0
    held = [colour for colour, _ in observation["tickets"][owner]]
    rows = []
    for colour in colours:
        log_odds = math.log(max(odds.get(colour, 0.0), FLOOR))
        place = order.index(colour) if colour in order else len(order)
        rows.append((log_odds, log_odds * late, float(place == 0), float(place == 1),
                     float(min(held.count(colour), 2)), log_odds * deep))
    return tuple(rows)


def describe(state: State, action: Action) -> Moment | None:
    """A face-down race bet about to be played, as the lab's records show it (the
    options are the colours still in its player's hand)."""
    if not isinstance(action, Overall):
        return None
    seat = state.current_player
    observation = state.view(seat).observation
    colours = tuple(observation["hand"])
    if action.colour not in colours or len(colours) < 2:
        return None
    position = Position.from_observation(observation,
                                         state.game.option("grey_die_precedence"))
    race = race_odds(position, FIT_SAMPLES, seed=len(state.history))
    odds = race.winner if action.pile == WINNER else race.loser
    rows = describe_options(observation, seat, action.pile, len(observation["piles"][action.pile]),
                            colours, odds)
    baseline = max(range(len(colours)), key=lambda i: odds.get(colours[i], 0.0))
    return Moment(group_of(observation["edition"], action.pile), colours, rows,
                  colours.index(action.colour), baseline)


def group_of(edition: int, pile: str) -> str:
    return f"edition {edition} {pile}"


@dataclass(frozen=True)
class BetModel:
    """The fitted guesses of hidden race bets, and how far a seat's coins stray in a leg."""

    choices: ChoiceModel
    leg_spread: dict[int, float]
    """Per edition: the standard deviation of a seat's coins won in one leg, less the
    table's mean that leg (what the rest of a game adds to a lead, or takes from it)."""
    bet_spread: dict[int, float] = field(default_factory=dict)
    """Per edition: the same for the race bets a seat plays in one leg (:func:`bet_swings`),
    paid at the end; the cards still to be played add it for every leg to come."""

    def chances(self, observation: Mapping[str, Any], owner: int, pile: str, before: int,
                colours: Sequence[str], odds: Mapping[str, float]) -> dict[str, float]:
        """Each colour's chance to be the card ``owner`` put on ``pile`` over ``before``
        cards (the arguments are :func:`describe_options`')."""
        rows = describe_options(observation, owner, pile, before, colours, odds)
        p = self.choices.chances(group_of(observation["edition"], pile), rows)
        return dict(zip(colours, p, strict=True))

    def as_json(self) -> dict[str, Any]:
        return {**self.choices.as_json(),
                "leg_spread": {str(k): round(v, 4) for k, v in sorted(self.leg_spread.items())},
                "bet_spread": {str(k): round(v, 4) for k, v in sorted(self.bet_spread.items())}}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BetModel:
        def per_edition(key: str) -> dict[int, float]:
            return {int(k): float(v) for k, v in dict(data.get(key, {})).items()}

        return cls(ChoiceModel.from_json(data), per_edition("leg_spread"),
                   per_edition("bet_spread"))


@cache
def bet_model() -> BetModel:
    """The model shipped with the game (``bet_model.json``)."""
    text = resources.files(__package__).joinpath("bet_model.json").read_text(encoding="utf-8")
    return BetModel.from_json(json.loads(text))


def leg_swings(start: State, actions: Sequence[str]) -> list[float]:
    """Each seat's coins won in each whole leg of a recorded game, less the table's mean
    that leg: the spread the champion adds to a lead for every leg still to come.

    ``start`` is the game before its first action; the last leg is left out (its coins
    are mixed with the race bets' payout, which the champion counts card by card).
    """
    state = start.clone()
    swings: list[float] = []
    leg, coins = 1, None
    for text in actions:
        state.apply(state.parse_action(text))
        if state.is_terminal():
            break
        observation = state.view(0).observation
        if coins is None:
            coins = list(observation["coins"])
        if observation["leg"] != leg:
            now = observation["coins"]
            won = [b - a for a, b in zip(coins, now, strict=True)]
            mean = sum(won) / len(won)
            swings.extend(w - mean for w in won)
            leg, coins = observation["leg"], list(now)
    return swings


def bet_swings(start: State, actions: Sequence[str]) -> list[float]:
    """Each seat's payout of the race bets it played in each leg of a recorded game, less
    the table's mean that leg: the spread the race bets still to be played add.

    A card is paid at the end by its pile's order (the first right card the most, a wrong
    one -1), so its payout belongs to the leg it was played in. ``leg_swings`` leaves
    these coins out; the champion counts the cards already on the piles one by one, and
    this spread stands for the cards of the legs to come.
    """
    state = start.clone()
    played: list[tuple[int, int, str, str]] = []
    """(leg, seat, pile, colour) of every race bet, in the piles' order."""
    for text in actions:
        if state.is_terminal():
            break
        action = state.parse_action(text)
        if isinstance(action, Overall):
            leg = state.view(0).observation["leg"]
            played.append((leg, state.current_player, action.pile, action.colour))
        state.apply(action)
    if not state.is_terminal():
        return []
    observation = state.view(0).observation
    order = ranking({space: units for space, units in observation["track"]},
                    EDITIONS[observation["edition"]].racing)
    players = len(observation["coins"])
    paid: dict[int, list[float]] = {}
    right = dict.fromkeys(PILES, 0)
    for leg, seat, pile, colour in played:
        target = order[0] if pile == WINNER else order[-1]
        row = paid.setdefault(leg, [0.0] * players)
        if colour == target:
            row[seat] += overall_pay(right[pile])
            right[pile] += 1
        else:
            row[seat] += WRONG_OVERALL_PAY
    swings: list[float] = []
    for leg in range(1, max(paid, default=0) + 1):
        row = paid.get(leg, [0.0] * players)
        mean = sum(row) / players
        swings.extend(x - mean for x in row)
    return swings
