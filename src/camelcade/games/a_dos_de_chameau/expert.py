"""The A dos de Chameau expert's knowledge, lent to the generic searches as an evaluator.

Random rollouts are a poor judge of this game: a random player throws its caravan leader
away on the first turn, pushes back camels that are nowhere near the oasis and calls the
sandstorm at any time, and a rollout to the end costs hundreds of steps, so a search at
a few hundredths of a second a move sees a few dozen of them. :class:`ExpertEvaluator`
plays a few random steps (``rollout``, 16 by default: a round or two, which catches a
camel about to fill the oasis) and then values the position itself, so an iteration
costs a tenth of a rollout to the end and the search spends its time on the tree. The
value knows what a player who counts cards knows:

- **Progress in palms.** A camel is as far from the oasis as the *empty* spaces before
  it (moves count only those), so a camel in a crowd is closer than its space says. The
  palms a seat still has to come (its oasis cards in hand and pile) carry its most
  advanced camels on: the fewer palms a camel still needs after them, the likelier it
  enters. Only the free oasis spaces are to be had, so the camels' chances are shared
  out over them.
- **Card counting.** Played cards lie face up, so every seat's hand and pile together
  are known exactly to everyone: its twelve cards less its discards. The value reads
  only that union (the split between hand and pile is the determinisation's guess for
  another seat, so it is left out), the same in every determinisation of a position:
  an opponent who has spent its 4-palm card and its caravan leader is weaker, whatever
  it happens to hold now.
- **Timing.** A caravan leader still held is worth the jump it will make later, when
  the race's front is near the oasis, discounted; a mirage held is worth a share of
  the damage it will do to a camel about to enter. Playing either now must beat keeping
  it, so the search holds them back until they pay; the sandstorm held is a small
  option (a fresh hand when one's cards run worse than the others').

Each seat's expected oasis points then become its rank value, 0 to 1: the mean over
the other seats of the chance to finish ahead of each (a logistic of the difference,
wider while more of the oasis is empty), the scale of the searches' ``rank`` reward.

The priors rank a decision's actions for progressive widening and bias by the same
ideas without looking ahead: an oasis card on the camel nearest the oasis, a mirage
on an opponent's camel about to enter, the leader when its jump is long, the storm last.

The evaluator reads only the state it is given, the search's determinisation (which
holds nothing the searching seat may not know), through the rules' own fields.

Why the short rollout: with none (``rollout=0``) the search is about twice as fast and
beat ``ismcts`` clearly at 0.05 CPU seconds a move, but not at 0.1, where more
iterations only followed the static value's mistakes further; 16 random steps first
beat ``ismcts`` at 0.1 s too (docs/games/a-dos-de-chameau.md, "The expert bot").
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Final

from camelcade.bots.evaluators import Evaluator, chances_ahead
from camelcade.bots.rewards import outcome_values, rank_rewards
from camelcade.core.action import Action
from camelcade.core.errors import OptionError
from camelcade.core.game import Game, State
from camelcade.core.words import t
from camelcade.games.a_dos_de_chameau.actions import Discard, Play
from camelcade.games.a_dos_de_chameau.cards import Cards
from camelcade.games.a_dos_de_chameau.spec import (
    LEADER,
    MIRAGE_CARD,
    OASIS_CARD,
    OASIS_FIRST,
    STORM,
    TRACK_END,
    card_value,
)
from camelcade.games.a_dos_de_chameau.state import ADosState

_OASIS_SPACES: Final = tuple(range(OASIS_FIRST, TRACK_END + 1))
_ABOVE: Final = tuple(((1 << OASIS_FIRST) - 1) & ~((1 << (space + 1)) - 1)
                      for space in range(TRACK_END + 1))
"""``_ABOVE[s]``: bits of the path spaces s+1..30, the empty ones of which a camel on ``s``
must count before it reaches the oasis."""
_BEYOND: Final = tuple(((1 << (TRACK_END + 1)) - 1) & ~((1 << (space + 1)) - 1)
                       for space in range(TRACK_END + 1))
"""``_BEYOND[s]``: bits of the spaces s+1..36."""
DISTANCE: Final = 32.0
"""The most palms a camel can need to enter (the town, every space empty): the unit of
progress."""


class CardStats:
    """What a multiset of cards is worth to its seat: palms to move, mirages, leader, storm."""

    __slots__ = ("leader", "mirage", "palms", "storm")

    def __init__(self, cards: Cards) -> None:
        self.palms = sum(card_value(card) for card in cards.cards if card.startswith(OASIS_CARD))
        """Forward palms on the oasis cards."""
        self.mirage = sum(card_value(card) for card in cards.cards
                          if card.startswith(MIRAGE_CARD))
        """Backward palms on the mirages."""
        self.leader = cards.cards.count(LEADER)
        self.storm = cards.cards.count(STORM)


@dataclass(frozen=True)
class Weights:
    """The evaluator's knobs, for tuning in the lab (``a-dos-expert:carry=0.5``).

    ``carry`` is the share of a seat's remaining palms counted as progress (the rest is
    lost to mirages, storms and waste); ``curve`` bends the chance to enter by progress
    (above 1: the last spaces before the oasis are worth most); ``leader_need`` is the
    distance, in palms, a held leader is expected to leave its camel from the oasis, and
    ``leader_keep`` how much of that jump counts before it is made; ``mirage_palm`` and
    ``storm_held`` are the points a held mirage palm and a held storm are worth;
    ``deepen`` the share of a deeper free oasis space's extra points a camel in the oasis
    is credited while its seat has palms; ``spread`` and ``spread_per_space`` widen the
    logistic that turns point differences into chances of finishing ahead (per free
    oasis space: an early lead is less sure); ``rollout`` is how many random steps to
    play before the value is read (0: none).
    """

    carry: float = 0.6
    curve: float = 2.0
    leader_need: float = 6.0
    leader_keep: float = 0.7
    mirage_palm: float = 0.12
    storm_held: float = 0.2
    deepen: float = 0.3
    spread: float = 1.0
    spread_per_space: float = 0.4
    rollout: int = 16

    def __post_init__(self) -> None:
        for weight in fields(self):
            name, value = weight.name, getattr(self, weight.name)
            if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
                raise OptionError(t("{setting} must be a number of at least {least}, got "
                                    "{given}", setting=name, least="0", given=repr(value)))
        if self.rollout != int(self.rollout):
            raise OptionError(t("{setting} must be a whole number of at least {least}, got "
                                "{given}", setting="rollout", least="0",
                                given=repr(self.rollout)))
        if self.spread <= 0 and self.spread_per_space <= 0:
            raise OptionError(t("{setting} must be a number above {least}, got {given}",
                                setting="spread", least="0", given=repr(self.spread)))


class ExpertEvaluator(Evaluator):
    """The leaf value and priors of the module docstring, with the given ``Weights``."""

    def __init__(self, weights: Weights | None = None) -> None:
        weights = Weights() if weights is None else weights
        self.weights = weights
        self.carry = weights.carry
        self.curve = weights.curve
        self.leader_need = weights.leader_need
        self.leader_keep = weights.leader_keep
        self.mirage_palm = weights.mirage_palm
        self.storm_held = weights.storm_held
        self.deepen = weights.deepen
        self.spread = weights.spread
        self.spread_per_space = weights.spread_per_space
        self.rollout = int(weights.rollout)
        self._stats: dict[int, CardStats] = {}
        self._chance: list[float] = [
            0.9 * max(0.0, 1.0 - need / DISTANCE) ** self.curve for need in range(64)]
        """The chance to enter, before sharing out the free spaces, by palms still needed."""
        self._held_leader = 0.9 * max(0.0, 1.0 - self.leader_need / DISTANCE) ** self.curve
        """The chance to enter of the camel a held leader will carry: ``leader_need`` away."""

    # -- the leaf value ----------------------------------------------------------------

    def evaluate(self, state: State, rng: random.Random) -> Sequence[float]:
        """The leaf value, after ``rollout`` random steps if the weights ask for some (a
        few random plies catch a threat the static value misses, at a price in speed)."""
        assert isinstance(state, ADosState)
        if self.rollout:
            state.playout(rng, self.rollout)
            if state.is_terminal():
                return outcome_values(state, rank_rewards)
        return self.values(state)

    def _card_stats(self, cards: Cards) -> CardStats:
        found = self._stats.get(id(cards))
        if found is None:
            found = self._stats[id(cards)] = CardStats(cards)  # interned: ids are stable
        return found

    def expected_points(self, state: ADosState) -> list[float]:
        """Each seat's expected oasis points at the end, as the module docstring says."""
        free = state._free
        points = state._table.points
        open_points = [points[space - OASIS_FIRST] for space in _OASIS_SPACES
                       if free >> space & 1]
        spaces_left = len(open_points)
        players = state._table.players
        totals = [0.0] * players
        if not spaces_left:
            return [float(score) for score in state._scores()]
        entry = sum(open_points) / spaces_left
        leader_space = state.leader_space()
        # A held leader will jump one day, nearer the oasis than now (its held value does
        # not ask when); it is dead only while it would have to pass a camel in the oasis
        # (``leader_target="any"``), or with no camel anywhere to pass.
        leader_alive = leader_space is not None and leader_space < OASIS_FIRST
        chance_of = self._chance
        outside: list[tuple[int, float]] = []  # (seat, chance to enter before sharing)
        for seat in range(players):
            hand = self._card_stats(state._hands[seat])
            pile = self._card_stats(state._piles[seat])
            palms = (hand.palms + pile.palms) * self.carry
            needs: list[int] = []
            inside = 0.0
            for space in state._herds[seat].spaces:
                if space >= OASIS_FIRST:
                    here = points[space - OASIS_FIRST]
                    inside += here
                    beyond = free & _BEYOND[space]
                    if beyond and (hand.palms or pile.palms):
                        deepest = points[beyond.bit_length() - 1 - OASIS_FIRST]
                        if deepest > here:
                            inside += self.deepen * (deepest - here)
                else:
                    needs.append((free & _ABOVE[space]).bit_count() + 1)
            chances: list[float] = []
            for need in sorted(needs):  # the palms go to the most advanced camels first
                used = min(palms, float(need))
                palms -= used
                left = need - used
                chances.append(chance_of[int(left)] + (left - int(left)) * (
                    chance_of[int(left) + 1] - chance_of[int(left)]))
            if chances and leader_alive and (hand.leader or pile.leader):
                rear = chances[-1]
                jumped = self._held_leader
                if jumped > rear:
                    chances[-1] = rear + self.leader_keep * (jumped - rear)
            outside.extend((seat, chance) for chance in chances)
            totals[seat] = (inside + self.mirage_palm * (hand.mirage + pile.mirage)
                            + self.storm_held * (hand.storm + pile.storm))
        hopes = sum(chance for _, chance in outside)
        share = entry * (min(1.0, spaces_left / hopes) if hopes > 0 else 1.0)
        for seat, chance in outside:
            totals[seat] += chance * share
        return totals

    def values(self, state: ADosState) -> list[float]:
        """Each seat's rank value, 0 to 1: its mean chance of finishing ahead of another."""
        totals = self.expected_points(state)
        spaces_left = sum(1 for space in _OASIS_SPACES if state._free >> space & 1)
        width = self.spread + self.spread_per_space * spaces_left
        return chances_ahead(totals, width)

    # -- the priors --------------------------------------------------------------------

    def priors(self, state: State, actions: Sequence[Action]) -> Sequence[float] | None:
        """A weight 0 to 1 per action, by the module docstring's rules of thumb."""
        if not isinstance(state, ADosState):
            return None
        free = state._free
        leader_space = state.leader_space()
        weights: list[float] = []
        for action in actions:
            if isinstance(action, Discard):
                # A dead hand: throw away a card it will miss least (the leader is missed).
                weights.append(0.3 if action.card == LEADER else 0.5)
                continue
            if not isinstance(action, Play):
                return None
            card, space = action.card, action.space
            if card == STORM or space is None:
                weights.append(0.05)
            elif card.startswith(OASIS_CARD):
                if space >= OASIS_FIRST:
                    weights.append(0.6)
                else:
                    need = (free & _ABOVE[space]).bit_count() + 1
                    weights.append(0.4 + 0.5 * (1.0 - need / DISTANCE))
            elif card.startswith(MIRAGE_CARD):
                need = (free & _ABOVE[space]).bit_count() + 1
                weights.append(0.8 if need <= 4 else 0.3 if need <= 10 else 0.1)
            else:  # the caravan leader
                assert leader_space is not None
                start = (free & _ABOVE[space]).bit_count() + 1
                end = (free & _ABOVE[leader_space + 1]).bit_count() + 1
                gain = (start - end) / DISTANCE
                weights.append(0.9 if end <= 5 and gain > 0.3 else 0.15)
        return weights


def expert(game: Game) -> ExpertEvaluator:
    """The ``expert`` evaluator of the manifest's search slot (one per bot)."""
    return ExpertEvaluator()
