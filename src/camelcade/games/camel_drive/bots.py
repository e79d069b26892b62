"""``camel-drive-planner``: a bot that plays for second place and bets on the likely winner.

Only two kinds of choice matter in Camel Drive: when to spend one of the three
interjections a camel has for the whole match, and which camel to back in the betting
round (every other turn is a forced ``draw``). The planner answers both by playing the
rest of the race out many times with ``sim.finish_race``:

* **Interjections.** Once a camel is within ``horizon`` fields of the finish, each legal
  action is scored by ``rollouts`` simulated race endings (the same deals for every action,
  so the comparison is sharp): the seat's expected placing points minus the mean of the
  other seats'. A shout is played only if it beats a plain draw by more than
  ``threshold`` points, because a spent interjection is gone for the rest of the match.
* **Bets.** The win chance of every camel still racing is estimated from ``bet_samples``
  sprints; the stone goes where chance x payout (5/3/1 by the stones already there) gives
  the seat the most, counting what it takes from other seats' stones on the same camel.

Decks are face down and only the top discard is visible, so by default the planner knows
a deck only by its size and top card (rules file, CD13). ``memory=True`` is the "expert
memory" flag: it remembers every card revealed since the last reshuffle, as a player with
perfect recall could.
"""

from __future__ import annotations

import random

from camelcade.core.action import Action
from camelcade.core.errors import CamelcadeError
from camelcade.core.game import Game
from camelcade.core.types import PlayerId
from camelcade.core.view import View
from camelcade.games.camel_drive.actions import Bet, Shout
from camelcade.games.camel_drive.sim import (
    Outcome,
    Table,
    deal,
    finish_race,
    shout_move,
    win_chances,
)
from camelcade.games.camel_drive.spec import BETTING, COLOURS, RACE, bet_payout


class PlannerBot:
    """Plays for second place: simulated race endings decide shouts and bets."""

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
        self._replica: object | None = None
        self._seen = 0

    def begin(self, game: Game, seat: PlayerId, seed: int) -> None:
        self._rng = random.Random(seed)
        self._replica, self._seen = None, 0

    def choose(self, view: View) -> Action:
        actions = view.legal_actions()
        if not actions:
            raise CamelcadeError(f"seat {view.player} has no legal action to choose")
        if len(actions) == 1:
            return actions[0]
        game = view.game
        table = Table.from_observation(view.observation, game.players,
                                       game.option("track_length"))
        piles = self._remembered_piles(view) if self.memory else None
        if table.phase == BETTING:
            return self._bet(view, table, piles, actions)
        if table.phase == RACE:
            return self._race_move(view, table, piles, actions)
        return actions[0]

    # -- interjections ----------------------------------------------------------------------

    def _race_move(self, view: View, table: Table, piles: list[list[int]] | None,
                   actions: list[Action]) -> Action:
        draw = actions[0]
        if max(table.positions) < table.length - self.horizon:
            return draw
        seeds = [self._rng.getrandbits(32) for _ in range(self.rollouts)]
        base = self._value_of(view, table, piles, None, seeds)
        best, best_value = draw, base
        for action in actions[1:]:
            assert isinstance(action, Shout)
            move = shout_move(table, action.effect)
            value = self._value_of(view, table, piles, move, seeds)
            if value > best_value:
                best, best_value = action, value
        return best if best_value - base > self.threshold else draw

    def _value_of(self, view: View, table: Table, piles: list[list[int]] | None,
                  move: tuple[int, int, int] | None, seeds: list[int]) -> float:
        total = 0.0
        for seed in seeds:
            rng = random.Random(seed)
            outcome = finish_race(table.copy(), deal(table, rng, piles), rng, move)
            total += self._margin(outcome, table, view.player)
        return total / len(seeds)

    @staticmethod
    def _margin(outcome: Outcome, table: Table, seat: PlayerId) -> float:
        """The seat's placing points minus the mean of the other seats'."""
        seats = [0.0] * table.players
        for camel, points in enumerate(outcome.placing_points()):
            seats[table.owner(camel)] += points
        others = (sum(seats) - seats[seat]) / (table.players - 1)
        return seats[seat] - others

    # -- bets -------------------------------------------------------------------------------

    def _bet(self, view: View, table: Table, piles: list[list[int]] | None,
             actions: list[Action]) -> Action:
        chances = win_chances(table, self._rng, self.bet_samples, piles)
        seat = view.player
        others = max(1, table.players - 1)
        best, best_value = actions[0], float("-inf")
        for action in actions:
            assert isinstance(action, Bet)
            target = COLOURS.index(action.colour)
            backers = [c for c in range(table.camels) if table.bets[c] == target]
            mine = sum(1 for c in backers if table.owner(c) == seat)
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

    def _remembered_piles(self, view: View) -> list[list[int]] | None:
        """The exact piles, rebuilt from every public reveal this seat has witnessed.

        None when the history does not lead to this table (a match joined from a loaded
        position): the planner then plays without memory.
        """
        from camelcade.games.camel_drive.state import CamelDriveState

        replica = self._replica
        if not isinstance(replica, CamelDriveState) or len(view.history) < self._seen:
            replica = view.game.new_state()
            assert isinstance(replica, CamelDriveState)
            self._seen = 0
        try:
            for text in view.history[self._seen:]:
                replica.apply(text)
        except CamelcadeError:
            self._replica, self._seen = None, 0
            return None
        self._replica, self._seen = replica, len(view.history)
        if replica.observation(view.player) != view.observation:
            return None
        return [list(pile) for pile in replica._piles]
