"""``camel-drive-planner``: a bot that plays for second place and bets on the likely winner.

Only two kinds of choice matter in Camel Drive: when to spend one of the three
interjections a camel has for the whole match, and which camel to back in the betting
round (every other turn is a forced ``draw``). The planner answers both by playing the
rest of the race out many times with the rules' own ``play_out_race``, on positions drawn
from what its seat knows (``view.sample_state``):

* **Interjections.** Once a camel is within ``horizon`` fields of the finish, each legal
  action is scored by ``rollouts`` race endings (the same drawn position and the same cards
  for every action, so the comparison is sharp): the seat's expected placing points minus
  the mean of the other seats'. A shout is played only if it beats a plain draw by more
  than ``threshold`` points, because a spent interjection is gone for the rest of the match.
* **Bets.** The win chance of every camel still racing is estimated from ``bet_samples``
  sprints; the stone goes where chance x payout (5/3/1 by the stones already there) gives
  the seat the most, counting what it takes from other seats' stones on the same camel.

Decks are face down and only the top discard is visible, so by default the planner knows
a deck only by its size and top card (rules file, CD13). ``memory=True`` is the "expert
memory" flag: it remembers every card revealed since the last reshuffle, as a player with
perfect recall could, by replaying the public history on a state of its own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from camelcade.bots.opening import forced_action
from camelcade.core.action import Action
from camelcade.core.errors import CamelcadeError
from camelcade.core.game import Game, State
from camelcade.core.types import PlayerId
from camelcade.core.view import View
from camelcade.games.camel_drive.actions import Bet
from camelcade.games.camel_drive.spec import (
    BETTING,
    COLOURS,
    RACE,
    bet_payout,
    camels_for,
    owner_of,
)
from camelcade.games.camel_drive.state import PLAYOUT_NUMBERS, CamelDriveState, RaceEnding

Sampler = Callable[[random.Random], State]
"""Draws a full position consistent with what a seat knows."""


def win_chances(sample: Sampler, camels: int, rng: random.Random, samples: int) -> list[float]:
    """Each camel's estimated chance to win the race (finish second) if every camel only
    draws from here: ``samples`` race endings, each from a freshly drawn position."""
    wins = [0] * camels
    for _ in range(samples):
        state = sample(rng)
        assert isinstance(state, CamelDriveState)
        wins[state.play_out_race(rng).winner] += 1
    return [w / samples for w in wins]


class PlannerBot:
    """Plays for second place: race endings played out decide shouts and bets."""

    name = "camel-drive-planner"

    def __init__(
        self,
        seed: int | None = None,
        rollouts: int = 48,
        threshold: float = 1.0,
        horizon: int = 9,
        bet_samples: int = 300,
        memory: bool = False,
    ) -> None:
        self._rng = random.Random(seed)
        self.rollouts = rollouts
        self.threshold = threshold
        self.horizon = horizon
        self.bet_samples = bet_samples
        self.memory = memory
        self._replica: CamelDriveState | None = None
        self._seen = 0

    def begin(self, game: Game, seat: PlayerId, seed: int) -> None:
        self._rng = random.Random(seed)
        self._replica, self._seen = None, 0

    def choose(self, view: View) -> Action:
        forced = forced_action(view)
        if forced is not None:
            return forced
        actions = view.legal_actions()
        phase = view.observation["phase"]
        sample = self._sampler(view)
        if phase == BETTING:
            return self._bet(view, sample, actions)
        if phase == RACE:
            return self._race_move(view, sample, actions)
        return actions[0]

    def _sampler(self, view: View) -> Sampler:
        """Positions as the seat knows them: drawn from its view, or with expert memory
        the one position its recall of every reveal gives (the piles are then known)."""
        known = self._recall(view) if self.memory else None
        if known is None:
            return view.sample_state
        return lambda rng: known

    # -- interjections ----------------------------------------------------------------------

    def _race_move(self, view: View, sample: Sampler, actions: Sequence[Action]) -> Action:
        draw = actions[0]
        length = view.game.option("track_length")
        if max(view.observation["positions"]) < length - self.horizon:
            return draw
        rng = self._rng
        camels = camels_for(view.game.players)
        totals = [0.0] * len(actions)
        for _ in range(self.rollouts):
            state = sample(rng)
            assert isinstance(state, CamelDriveState)
            numbers = [[rng.random() for _ in range(PLAYOUT_NUMBERS)] for _ in range(camels)]
            for index, action in enumerate(actions):
                ending = state.play_out_race(rng, action, numbers)
                totals[index] += self._margin(ending, view.game.players, view.player)
        best = max(range(len(actions)), key=totals.__getitem__)
        gain = (totals[best] - totals[0]) / self.rollouts
        return actions[best] if gain > self.threshold else draw

    @staticmethod
    def _margin(ending: RaceEnding, players: int, seat: PlayerId) -> float:
        """The seat's placing points minus the mean of the other seats'."""
        seats = [0.0] * players
        for camel, points in enumerate(ending.placing):
            seats[owner_of(camel, players)] += points
        others = (sum(seats) - seats[seat]) / (players - 1)
        return seats[seat] - others

    # -- bets -------------------------------------------------------------------------------

    def _bet(self, view: View, sample: Sampler, actions: Sequence[Action]) -> Action:
        players = view.game.players
        camels = camels_for(players)
        bets = view.observation["bets"]
        chances = win_chances(sample, camels, self._rng, self.bet_samples)
        seat = view.player
        others = max(1, players - 1)
        best, best_value = actions[0], float("-inf")
        for action in actions:
            assert isinstance(action, Bet)
            target = COLOURS.index(action.colour)
            backers = [c for c in range(camels) if bets[c] == target]
            mine = sum(1 for c in backers if owner_of(c, players) == seat)
            theirs = len(backers) - mine
            now, after = (bet_payout(len(backers)) if backers else 0), bet_payout(
                len(backers) + 1)
            gain = (mine + 1) * after - mine * now
            taken = theirs * (now - after) / others
            value = chances[target] * (gain + taken)
            if value > best_value:
                best, best_value = action, value
        return best

    # -- expert memory ----------------------------------------------------------------------

    def _recall(self, view: View) -> CamelDriveState | None:
        """The position rebuilt from every public reveal this seat has witnessed: it
        holds the exact piles, as perfect recall does.

        None when the history does not lead to this table (a match joined from a loaded
        position): the planner then plays without memory. Its observation must be the
        seat's own, so the recall never knows more than the reveals told.
        """
        replica = self._replica
        if replica is None or len(view.history) < self._seen:
            fresh = view.game.new_state()
            assert isinstance(fresh, CamelDriveState)
            replica, self._seen = fresh, 0
        try:
            for text in view.history[self._seen:]:
                replica.apply(text)
        except CamelcadeError:
            self._replica, self._seen = None, 0
            return None
        self._replica, self._seen = replica, len(view.history)
        if replica.observation(view.player) != view.observation:
            return None
        return replica
