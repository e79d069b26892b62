"""``caravan-greedy``: one action at a time, the one that most raises the position value
(``plans.py``) per action spent.

Picks, relays and steals are valued exactly, on the position they lead to. Placements and
moves are first estimated (``Position.with_camel_on``; a move is the camel lifted back to
the supply, then placed), and the best few estimates are then valued exactly too, so every
action the bot takes raises the value it computes. That is what keeps it from undoing its
own moves: a camel moved from f1 to d1 because d1 is worth more is not moved back while
nothing else changes. Besides, the bot remembers the squares its camels left in this
turn and its previous one, and the goods it relayed, since it last picked up, delivered or
stole, and does not move a camel back onto such a square or relay a good back the way it
came (across turns, where the others' moves change the values). The memory lives in the
bot object; a bot made afresh for a decision (as the game server's workers make them)
recalls it from the game's history first.

It passes only when no action raises the value: never while a pick-up, relay, delivery or
theft is worth something to it. So games between greedy bots end by the bag rule; it never
ends a game by passing (the safety stop is for positions where nobody can do anything
useful), and it never delivers the last good when that would lose.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from camelcade.bots.opening import forced_action
from camelcade.core.action import Action
from camelcade.core.errors import CamelcadeError
from camelcade.core.game import Game
from camelcade.core.types import PlayerId
from camelcade.core.view import View
from camelcade.games.caravan.actions import PASS, Move, Pass, Pick, Place, Relay, Steal
from camelcade.games.caravan.plans import Distances, Plan, Position, shortest, squares_apart
from camelcade.games.caravan.spec import (
    NEIGHBOURS,
    NO_GOOD,
    PLACE_COST_OCCUPIED,
    penalty,
)
from camelcade.games.caravan.state import CaravanState

WIN = 1000.0
CHECKED = 4
"""Placements and moves valued exactly per decision: the best estimates."""
AHEAD = 8
"""Placements and moves tried first when no single action gains (with every pick, relay
and steal; see ``GreedyBot._two_steps``)."""
GAIN = 1e-6
"""The least rise in value an action must bring (below it the bot passes)."""


@dataclass
class Memory:
    """What the bot did in this turn and its previous one, since it last made progress (a
    pick-up, delivery or theft).

    Two turns, not the whole game: the shuttle of issue 14 (f1-d1 one turn, d1-f1 the next)
    is an undo across one turn; a camel that must go back where one stood long ago, to
    build a chain the others' moves made worth building, is not, and forbidding it for good
    stalled one game in twenty.
    """

    game: Game | None = None
    turn: int = 0
    left: set[int] = field(default_factory=set)
    """Squares a camel of ours left this turn."""
    before: set[int] = field(default_factory=set)
    """Squares a camel of ours left in our previous turn."""
    relayed: set[tuple[int, int]] = field(default_factory=set)
    """(good, square) a good of ours was relayed away from."""
    last: Action | None = None
    """Our last action (see ``GreedyBot._follow_up``)."""

    def follow(self, state: CaravanState) -> None:
        """Forget everything when ``state`` is not the game the memory is of; at the start
        of a new turn of ours, this turn's squares become the previous turn's."""
        if state.game != self.game or state.turn < self.turn:
            self.forget()
            self.game = state.game
        elif state.turn != self.turn:
            self.before, self.left = self.left, set()
        self.turn = state.turn

    @classmethod
    def recalled(cls, state: CaravanState, history: Sequence[str], me: PlayerId) -> Memory:
        """The memory a bot that played seat ``me`` all game would have, rebuilt from the
        ``history`` of the view (for a bot made afresh for a decision, as the game server's
        workers make them; empty when the history does not replay from the game's start,
        as after a set-up position)."""
        memory = cls()
        replay = state.game.new_state()
        try:
            for text in history:
                action = replay.parse_action(text)
                if replay.current_player == me:
                    assert isinstance(replay, CaravanState)
                    memory.follow(replay)
                    memory.done(replay, action)
                replay.apply(action)
        except CamelcadeError:
            return cls()
        return memory

    def copy(self) -> Memory:
        return Memory(self.game, self.turn, set(self.left), set(self.before),
                      set(self.relayed), self.last)

    def forget(self) -> None:
        self.left.clear()
        self.before.clear()
        self.relayed.clear()

    def undoes(self, action: Action) -> bool:
        """Whether ``action`` takes a camel or a good back where it was."""
        kind = type(action)
        if kind is Move:
            to = action.to  # type: ignore[attr-defined]
            return to in self.left or to in self.before
        if kind is Relay:
            return (action.good, action.to) in self.relayed  # type: ignore[attr-defined]
        return False

    def done(self, state: CaravanState, action: Action) -> None:
        self.last = action
        kind = type(action)
        if kind is Move:
            self.left.add(action.start)  # type: ignore[attr-defined]
        elif kind is Relay:
            relay: Relay = action  # type: ignore[assignment]
            if state.city_at(relay.to) == relay.good:
                self.forget()  # a delivery
            else:  # the good moved: where camels stand matters anew, where it was not
                self.left.clear()
                self.before.clear()
                self.relayed.add((relay.good, relay.start))
        elif kind is Pick or kind is Steal:
            self.forget()


class GreedyBot:
    """Greedy by a position value (see the module docstring); deterministic."""

    name = "caravan-greedy"

    def __init__(self, seed: int | None = None, gamma: float = 0.8, theft: float = 0.6,
                 rivals: float = 0.3, opportunity: float = 0.5, free_camel: float = 1.0
                 ) -> None:
        self._rng = random.Random(seed)
        self.cache: dict[tuple[tuple[int, ...], int, int], Distances] = {}
        """Shortest paths of one decision, shared by the positions it values."""
        self.memory = Memory()
        self.gamma = gamma
        self.theft = theft
        self.rivals = rivals
        self.opportunity = opportunity
        self.free_camel = free_camel

    def begin(self, game: Game, seat: PlayerId, seed: int) -> None:
        self._rng = random.Random(seed)
        self.memory = Memory()

    def value(self, state: CaravanState, me: PlayerId) -> float:
        """The value of ``state`` for seat ``me`` (see ``plans.py``)."""
        if state.is_terminal():
            winners = state.winners()
            result = WIN if winners == [me] else 0.0 if me in winners else -WIN
            return result + state.scores()[me]
        return Position(self, state, me).value()

    def choose(self, view: View) -> Action:
        forced = forced_action(view)
        if forced is not None:
            return forced
        actions = view.legal_actions()
        state = view.sample_state(self._rng)  # Caravan hides nothing: the true position
        assert isinstance(state, CaravanState)
        if self.memory.game is None and view.history:
            self.memory = Memory.recalled(state, view.history, view.player)
        self.memory.follow(state)
        best = self._best(state, view.player, actions)
        self.memory.done(state, best)
        return best

    def _best(self, state: CaravanState, me: PlayerId, actions: Sequence[Action]) -> Action:
        follow_up = self._follow_up(state, me, actions)
        if follow_up is not None:
            return follow_up
        best, candidates = self._ranked(state, me, actions)
        if best is PASS and state.actions_left >= PLACE_COST_OCCUPIED:
            best = self._two_steps(state, me, actions, candidates)
        if best is PASS:
            best = self._progress(state, me, actions)
        return best

    def _progress(self, state: CaravanState, me: PlayerId, actions: Sequence[Action]
                  ) -> Action:
        """Nothing raises the value: still, do what is worth something rather than pass.

        In this order: a pick-up whose demand markers pay at least the added penalty; a
        relay that brings a good nearer the city that wants it (when delivering it is worth
        something); a camel beside the best carried good, for such a relay next
        (leapfrogging: with few camels a good goes forward a square or two at a time); a
        camel onto a goods space where such a pick-up can follow this turn (most markers,
        then cheapest). Else pass.
        """
        position = Position(self, state, me)
        held = state.held(me)
        markers_needed = penalty(held + 1) - penalty(held)
        left = state.actions_left
        relays: list[tuple[int, int, Action]] = []
        onto: list[tuple[int, int, int, Action]] = []
        for index, action in enumerate(actions):
            kind = type(action)
            if kind is Pick:
                space = state.space_at(action.square)  # type: ignore[attr-defined]
                if state.space_markers(space) >= markers_needed:
                    return action
            elif kind is Relay:  # nearer the city: never back the way it came
                relay: Relay = action  # type: ignore[assignment]
                city = position.cities[relay.good]
                nearer = squares_apart(relay.start, city) - squares_apart(relay.to, city)
                if nearer > 0 and position.delivery_worth(relay.good, held - 1) > 0:
                    relays.append((-nearer, index, action))
            elif kind is Move or kind is Place:
                to = action.to  # type: ignore[attr-defined]
                space = state.space_at(to)
                if (space >= 0 and state.space_good(space) != NO_GOOD
                        and state.space_markers(space) >= markers_needed
                        and state.place_cost(to) < left and not self.memory.undoes(action)
                        and to not in position.unladen):
                    onto.append((-state.space_markers(space), state.place_cost(to), index,
                                 action))
        if relays:
            return min(relays)[2]
        step = self._leapfrog(state, position, actions)
        if step is not None:
            return step
        if onto:
            return min(onto)[3]
        return PASS if PASS in actions else actions[0]

    def _follow_up(self, state: CaravanState, me: PlayerId, actions: Sequence[Action]
                   ) -> Action | None:
        """After our last action brought a camel onto a square beside one of our goods,
        the relay of that good onto it when that brings the good nearer the city that wants
        it (and delivering it is worth something): the step a leapfrog move was made for,
        taken before anything values the camel away again (the memory is recalled from the
        history by a bot made afresh, so it does the same)."""
        last = self.memory.last
        if not isinstance(last, Move | Place):
            return None
        position: Position | None = None
        best: tuple[int, int, Action] | None = None
        for index, action in enumerate(actions):
            if (not isinstance(action, Relay) or action.to != last.to
                    or squares_apart(action.start, action.to) != 1):
                continue
            if position is None:
                position = Position(self, state, me)
            city = position.cities[action.good]
            nearer = squares_apart(action.start, city) - squares_apart(action.to, city)
            if (nearer > 0 and position.delivery_worth(action.good, state.held(me) - 1) > 0
                    and (best is None or (-nearer, index) < best[:2])):
                best = (-nearer, index, action)
        return None if best is None else best[2]

    def _leapfrog(self, state: CaravanState, position: Position, actions: Sequence[Action]
                  ) -> Action | None:
        """A camel onto the square beside the best carried good, towards its city, so the
        good can be passed on to it next, as the bot then does (``_follow_up``): the
        camel from the supply, else the unladen one furthest from that city, never back
        onto a square one of ours left; None if there is no such step."""
        carried = [plan for plan in position.plans if not plan.pick and plan.worth > 0]
        if not carried:
            return None
        gamma = self.gamma
        plan = max(carried, key=lambda plan: plan.worth * gamma ** plan.chain)
        city = position.cities[plan.good]
        here = squares_apart(plan.start, city)
        nearer = sorted((near for near in NEIGHBOURS[plan.start]
                         if squares_apart(near, city) < here), key=lambda near: near)
        placed = {action.to: action for action in actions
                  if isinstance(action, Place)}
        moved: dict[int, list[Move]] = {}
        for action in actions:
            if isinstance(action, Move) and not self.memory.undoes(action):
                moved.setdefault(action.to, []).append(action)
        for near in nearer:
            if near in position.unladen:
                continue  # the good can be passed on already (or the relay was undone)
            step: Action | None = placed.get(near)
            if step is None and near in moved:
                step = max(moved[near], key=lambda move: (squares_apart(move.start, city),
                                                          -move.start))
            if step is not None:
                return step
        return None

    def _ranked(self, state: CaravanState, me: PlayerId, actions: Sequence[Action]
                ) -> tuple[Action, list[tuple[float, Action]]]:
        """The best action by exact gain per action spent (``PASS`` if none gains), and the
        candidates for a look two actions ahead: every pick, relay and steal, then the best
        placements and moves by their estimated gain."""
        self.cache.clear()
        memory = self.memory
        here = Position(self, state, me)
        base = here.value()
        best: Action = PASS if PASS in actions else actions[0]
        best_gain = GAIN
        targets = here.targets()
        places: dict[int, Action] = {}
        moves: dict[int, dict[int, Action]] = {}
        candidates: list[tuple[float, Action]] = []
        for action in actions:
            kind = type(action)
            if kind is Place:
                if action.to in targets and here.helps(action.to):  # type: ignore[attr-defined]
                    places[action.to] = action  # type: ignore[attr-defined]
            elif kind is Move:
                move: Move = action  # type: ignore[assignment]
                if move.to in targets and here.helps(move.to) and not memory.undoes(move):
                    moves.setdefault(move.start, {})[move.to] = move
            elif kind is not Pass and not memory.undoes(action):
                gain = self._exact(state, me, action) - base
                candidates.append((gain, action))
                if gain > best_gain:
                    best, best_gain = action, gain
        estimates = self._estimates(state, me, here, base, places, moves)
        for gain, action in estimates[:CHECKED]:
            if gain <= best_gain:
                break
            exact = (self._exact(state, me, action) - base) / _cost(state, action)
            if exact > best_gain:
                best, best_gain = action, exact
        candidates.sort(key=lambda item: -item[0])  # every pick, relay and steal
        candidates += estimates[:AHEAD]
        return best, candidates

    def _two_steps(self, state: CaravanState, me: PlayerId, actions: Sequence[Action],
                   candidates: list[tuple[float, Action]]) -> Action:
        """No single action gains: look for two that do together (a camel moved next to a
        laden one, then the good passed on to it) and take the first of the best pair."""
        base = self.value(state, me)
        best: Action = PASS if PASS in actions else actions[0]
        best_gain = GAIN
        kept = self.memory
        for _, first in candidates:
            child = state.clone()
            child.apply(first, check=False)
            if child.is_terminal() or child.current_player != me or child.turn != state.turn:
                continue
            self.memory = kept.copy()
            self.memory.done(state, first)
            try:
                second, _ = self._ranked(child, me, child.legal_actions())
            finally:
                self.memory = kept
            if second is PASS:
                continue
            gain = (self._exact(child, me, second) - base) / (
                _cost(state, first) + _cost(child, second))
            if gain > best_gain:
                best, best_gain = first, gain
        return best

    def _exact(self, state: CaravanState, me: PlayerId, action: Action) -> float:
        child = state.clone()
        child.apply(action, check=False)
        return self.value(child, me)

    def _estimates(self, state: CaravanState, me: PlayerId, here: Position, base: float,
                   places: dict[int, Action], moves: dict[int, dict[int, Action]]
                   ) -> list[tuple[float, Action]]:
        """Placements (or, with none in the supply, moves) by estimated gain per action,
        best first."""
        options: list[tuple[Position, dict[int, Action]]] = []
        if places:
            options.append((here, places))
        elif moves:
            # Moving = back to the supply, then placing: value the first step exactly.
            for start, by_square in sorted(moves.items()):
                options.append((Position(self, state.lifted(me, start), me), by_square))
        found: list[tuple[float, int, Action]] = []
        for position, by_square in options:
            values = position.with_camel_on(set(by_square))
            for square, action in sorted(by_square.items()):
                gain = (values[square] - base) / state.place_cost(square)
                found.append((gain, len(found), action))
        found.sort(key=lambda item: (-item[0], item[1]))
        return [(gain, action) for gain, _, action in found]


def _cost(state: CaravanState, action: Action) -> int:
    """Actions ``action`` spends in ``state``."""
    kind = type(action)
    if kind is Move or kind is Place:
        return state.place_cost(action.to)  # type: ignore[attr-defined]
    return 1


__all__ = ["GreedyBot", "Memory", "Plan", "Position", "shortest"]
