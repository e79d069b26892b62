"""``eager``: the easy opponent of every game: it takes what is on offer, one step ahead.

A uniformly random bot is no opponent for a person: in a game where points come only at
the end of a chain of actions (goods carried along a chain of camels) it never
scores at all, and a game
between two of them ends nought to nought. A search is too strong for a beginner. The
eager bot sits between: at each decision it plays, with probability ``wander``, a random
legal action (so it is beatable and never the same twice), and otherwise the action
whose position one step ahead is best for its seat by the ``judge`` named:

- ``score`` (the default, every game has it): the seat's points after the action less
  the mean of the other seats', the chance that follows the action (a die, a draw)
  weighed by its odds down to the next decision (at most ``chance_leaves`` positions,
  beyond that drawn at random). It takes a point the moment one is on offer, and sees
  nothing that scores later.
- the name of one of the game's evaluators (its manifest's ``search`` slot, as the
  searches' ``evaluator`` setting names them): the evaluator's value of the position
  after the action for the seat. A game whose points come late (a delivery that needs a
  chain of camels, a bet paid at the leg's end) lends its expert's judgement here, so the
  bot builds towards points as well as taking them, still without looking further. With
  ``points_first`` (the default) an action that gains points at once (the seat's less
  the others' mean, as ``score`` counts them, chance not yet drawn) is taken before
  anything the evaluator prefers: an expert's value may rate a card kept above a camel
  brought into the oasis now, and the easy level is to take the obvious point. With
  ``shortlist`` N, only the N actions the evaluator's priors rate highest are judged
  (fifty placements a decision would cost a value each).

Equal values are broken at random. It looks at one determinisation of what its seat
knows (``view.sample_state``), never at the true hidden state. It names no game: a game
configures it in its manifest's ``levels`` (``Level("eager", {"judge": "plans"})``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from camelcade.bots.evaluators import Evaluator
from camelcade.bots.rewards import outcome_values, rank_rewards
from camelcade.bots.slots import build_evaluator, evaluator_names
from camelcade.core.action import Action
from camelcade.core.chance import sample_chance
from camelcade.core.errors import CamelcadeError, OptionError
from camelcade.core.game import Game, State
from camelcade.core.types import CHANCE, TERMINAL, PlayerId
from camelcade.core.view import View
from camelcade.core.words import t

SCORE = "score"
"""The judge every game has: points one step ahead (see the module docstring)."""
ENDING = 1e6
"""Points a finished game's rank is worth to the ``score`` judge (see ``_ending``)."""
CHANCE_LEAVES = 36
"""Positions the ``score`` judge weighs after one action before it draws chance instead."""


class EagerBot:
    """Random with probability ``wander``, else the best action one step ahead."""

    name = "eager"

    def __init__(self, seed: int | None = None, wander: float = 0.25, judge: str = SCORE,
                 shortlist: int = 0, points_first: bool = True,
                 chance_leaves: int = CHANCE_LEAVES) -> None:
        if isinstance(wander, bool) or not isinstance(wander, int | float) or not (
                0.0 <= wander <= 1.0):
            raise OptionError(t("wander must be a share of the moves from 0 to 1, got "
                                "{given}", given=repr(wander)))
        if not isinstance(judge, str) or not judge:
            raise OptionError(t("judge must be score or the name of one of the game's "
                                "evaluators, got {given}", given=repr(judge)))
        if isinstance(chance_leaves, bool) or not isinstance(chance_leaves, int) or (
                chance_leaves < 1):
            raise OptionError(t("chance_leaves must be a whole number of positions, 1 or "
                                "more, got {given}", given=repr(chance_leaves)))
        if isinstance(shortlist, bool) or not isinstance(shortlist, int) or shortlist < 0:
            raise OptionError(t("shortlist must be a whole number of actions, 0 (all of them) "
                                "or more, got {given}", given=repr(shortlist)))
        if not isinstance(points_first, bool):
            raise OptionError(t("{setting} must be true or false, got {given}",
                                setting="points_first", given=repr(points_first)))
        self.wander = float(wander)
        self.shortlist = shortlist
        self.points_first = points_first
        self.judge = judge
        self.chance_leaves = chance_leaves
        self._rng = random.Random(seed)
        self._game: Game | None = None
        self._evaluator: Evaluator | None = None

    def begin(self, game: Game, seat: PlayerId, seed: int) -> None:
        self._rng = random.Random(seed)
        self._setup(game)

    def _setup(self, game: Game) -> None:
        """The judge's evaluator for ``game`` (none for ``score``); an unknown name is
        refused naming the judges the game has."""
        if game == self._game:
            return
        evaluator = None
        if self.judge != SCORE:
            if self.judge not in evaluator_names(game)[1:]:
                raise OptionError(t(
                    "There is no judge {judge} for {game}; its judges are: {judges}",
                    judge=repr(self.judge[:40]), game=game.id,
                    judges=", ".join([SCORE, *evaluator_names(game)[1:]])))
            evaluator = build_evaluator(self.judge, game, rollout_limit=0, reward="rank")
        self._game, self._evaluator = game, evaluator

    def choose_index(self, view: View) -> int:
        """The position in ``view.actions`` of the chosen action."""
        actions = view.actions
        count = len(actions)
        if not count:
            raise CamelcadeError(f"seat {view.player} has no legal action to choose")
        rng = self._rng
        if count == 1:
            return 0
        if rng.random() < self.wander:
            return rng.randrange(count)
        gains, values = self._weigh(view)
        if self.points_first and max(gains) > 0.0:
            values = gains  # points on offer now come first
        top = max(values)
        best = [index for index, value in enumerate(values) if value == top]
        return best[0] if len(best) == 1 else best[rng.randrange(len(best))]

    def choose(self, view: View) -> Action:
        return view.actions[self.choose_index(view)]

    def values(self, view: View) -> list[float]:
        """Each of ``view.actions``' value one step ahead, for the seat, by the judge
        (minus infinity for an action the shortlist left out)."""
        return self._weigh(view)[1]

    def _weigh(self, view: View) -> tuple[list[float], list[float]]:
        """Each action's gain in points at once (the seat's less the others' mean; a
        finished game's rank counted, see ``_ending``) and its value by the judge."""
        self._setup(view.game)
        rng = self._rng
        me = view.player
        position = view.sample_state(rng)
        legal = _own_actions(position, view.actions)
        evaluator = self._evaluator
        weighed: Sequence[int] = range(len(legal))
        if evaluator is not None and 0 < self.shortlist < len(legal):
            priors = evaluator.priors(position, [action for action, _ in legal])
            if priors is not None:
                ranked = sorted(weighed, key=lambda index: -priors[index])
                weighed = sorted(ranked[:self.shortlist])
        values = [-math.inf] * len(legal)
        gains = [-math.inf] * len(legal)
        base = _margin(position.scores(), me)
        for index in weighed:
            action, listed = legal[index]
            child = position.clone()
            child.apply(action, check=not listed)
            if evaluator is None:
                values[index] = self._points(child, me, self.chance_leaves)
                continue
            terminal = child.is_terminal()
            gains[index] = _margin(child.scores(), me) - base + (
                _ending(child, me) if terminal else 0.0)
            if terminal:
                values[index] = outcome_values(child, rank_rewards)[me]
            else:
                values[index] = float(evaluator.evaluate(child, rng)[me])
        return gains, values

    def _points(self, state: State, me: PlayerId, leaves: int) -> float:
        """The seat's points less the others' mean, chance weighed down to the next
        decision while its positions number at most ``leaves``, else drawn."""
        mover = state.current_player
        if mover != CHANCE:
            margin = _margin(state.scores(), me)
            return margin + _ending(state, me) if mover == TERMINAL else margin
        outcomes = state.chance_outcomes()
        if len(outcomes) > leaves:
            state.apply(sample_chance(state, self._rng), check=False)
            return self._points(state, me, leaves)
        share = leaves // len(outcomes)
        total = 0.0
        for outcome, probability in outcomes:
            if probability:
                child = state.clone()
                child.apply(outcome, check=False)
                total += probability * self._points(child, me, share)
        return total


def _own_actions(position: State, offered: Sequence[Action]
                 ) -> list[tuple[Action, bool]]:
    """The offered actions as ``position`` (a determinisation) lists them, each with
    whether it is that state's own object (applied unchecked) or one to check there."""
    legal = position._legal()
    if len(legal) == len(offered) and all(
            mine == theirs for mine, theirs in zip(legal, offered, strict=True)):
        return [(action, True) for action in legal]
    return [(action, False) for action in offered]


def _margin(points: Sequence[float], me: PlayerId) -> float:
    """The seat's points less the mean of the other seats'."""
    others = len(points) - 1
    return points[me] - (sum(points) - points[me]) / others if others else points[me]


def _ending(state: State, me: PlayerId) -> float:
    """What a finished game adds to the ``score`` judge's margin: far more than any
    points, by the seat's rank (every tie-break applied), a middling rank nothing; so a
    win at once is taken and a loss at once avoided."""
    return (rank_rewards(state.ranking(), state.game.players)[me] - 0.5) * ENDING
