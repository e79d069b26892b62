"""One game in progress for the learning wrappers: state, seeded chance, mask, tensors, rewards.

The PettingZoo, Gymnasium and OpenSpiel adapters differ only in how they hand these out;
what a step means is written once, here:

- **chance is resolved inside**, from the table's own ``random.Random`` (seeded by
  ``reset(seed)``), with the engine's fast path on outcomes the state itself listed;
- the **mask** is built from ``legal_actions()`` through the game's action index, and an
  index is played only if it is one of those actions — never an illegal move;
- the **observation tensor** is encoded from ``state.observation(seat)``: the seat's
  own JSON and nothing else (:func:`observation_tensor`);
- **rewards** come from ``ranking()`` at the end (:func:`rank_rewards`), or, with
  ``reward="points"``, from the game's points as they change (``scores()`` each step,
  ``returns()`` at the end), so an episode's rewards add up to the final points.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, NoReturn

import numpy as np
import numpy.typing as npt

from camelcade.core.action import Action
from camelcade.core.agent import Chooser
from camelcade.core.chance import sample_chance
from camelcade.core.encoding import GameEncoding, encoding_for
from camelcade.core.errors import CamelcadeError, IllegalActionError, OptionError
from camelcade.core.game import Game, State
from camelcade.core.seen import Seen
from camelcade.core.types import CHANCE, TERMINAL, JSONDict, PlayerId

REWARDS = ("ranking", "points")

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]


def rank_rewards(ranking: Sequence[Sequence[PlayerId]], players: int) -> list[float]:
    """Each seat's result from a ranking: (seats below it - seats above it) / (players - 1).

    A lone winner gets 1, a lone last -1, tied seats the same; the results of any ranking
    add up to 0, so the game is zero-sum for OpenSpiel and self-play alike.
    """
    rewards = [0.0] * players
    above = 0
    for group in ranking:
        below = players - above - len(group)
        for seat in group:
            rewards[seat] = (below - above) / max(players - 1, 1)
        above += len(group)
    return rewards


def seen_tensor(encoding: GameEncoding, seen: Seen[Any]) -> FloatArray:
    """The observation tensor of a seat's ``Seen``: encoded from its observation alone."""
    return _encoded(encoding, seen.observation)


def observation_tensor(encoding: GameEncoding, state: State, seat: PlayerId) -> FloatArray:
    """The seat's observation tensor: ``seen_tensor`` of ``state.seen(seat)``, made from
    ``state.observation(seat)`` directly (the tensor reads nothing else of the ``Seen``,
    so a learner's step makes no redrawn copy it would not read)."""
    return _encoded(encoding, state.observation(seat))


def _encoded(encoding: GameEncoding, observation: JSONDict) -> FloatArray:
    start: FloatArray | None = encoding.memo.get("numpy_base")
    if start is None:
        start = encoding.memo["numpy_base"] = np.array(encoding.start(), dtype=np.float32)
    out = start.copy()
    encoding.encode(observation, out)
    return out


def block_of(encoding: GameEncoding, tensor: FloatArray, name: str) -> FloatArray:
    """One named block of an observation tensor, in its shape (a view, not a copy)."""
    layout = encoding.layout
    block = layout.block(name)
    start = layout.offset[name]
    return tensor[start:start + block.size].reshape(block.shape)


def check_reward(reward: str) -> str:
    if reward not in REWARDS:
        raise OptionError(f"reward={reward!r} is not offered; choose one of: "
                          f"{', '.join(REWARDS)}")
    return reward


class Table:
    """A game, its state and the random source its chance nodes are drawn from."""

    def __init__(self, game: Game, reward: str = "ranking") -> None:
        self.game = game
        self.encoding = encoding_for(game)
        self.reward = check_reward(reward)
        self.players = game.players
        self.rng = random.Random()
        self.state: State = game.new_state()
        self._moves = 0
        """Actions applied so far: the legal actions below were listed after this many."""
        self._legal_for = -1
        self._legal: dict[int, Action] = {}
        self._points = [0.0] * self.players
        self._paid = False

    # -- the game --------------------------------------------------------------------------

    def reset(self, seed: int | None = None) -> None:
        """A new game; a seed restarts the random source (same seed, same game)."""
        if seed is not None:
            self.rng = random.Random(seed)
        self.state = self.game.new_state()
        self._moves, self._legal_for = 0, -1
        self._points = [0.0] * self.players
        self._paid = False
        self.settle()

    def settle(self) -> None:
        """Draw chance outcomes until a seat is to act or the game is over."""
        state, rng = self.state, self.rng
        while state.current_player == CHANCE:
            state.apply(sample_chance(state, rng), check=False)
            self._moves += 1

    @property
    def mover(self) -> PlayerId | None:
        """The seat to act, or None once the game is over."""
        player = self.state.current_player
        return None if player == TERMINAL else player

    @property
    def over(self) -> bool:
        return self.state.current_player == TERMINAL

    # -- actions ---------------------------------------------------------------------------

    def legal(self) -> dict[int, Action]:
        """The legal actions of the seat to act, by their index (computed once a step)."""
        if self._legal_for != self._moves:
            self._legal = self.encoding.actions.by_index(self.state.legal_actions())
            self._legal_for = self._moves
        return self._legal

    def mask(self) -> MaskArray:
        """1 at the index of every legal action, 0 elsewhere (all 0 once the game is over)."""
        mask = np.zeros(len(self.encoding.actions), dtype=np.int8)
        if not self.over:
            mask[list(self.legal())] = 1
        return mask

    def play(self, index: int) -> None:
        """Play the legal action at ``index``; anything else raises ``IllegalActionError``."""
        action = self.legal().get(index)
        if action is None:
            self.refuse(index)
        self.state.apply(action, check=False)
        self._moves += 1
        self.settle()

    def refuse(self, index: object) -> NoReturn:
        """Raise the error for an index that is not a legal action now."""
        if self.over:
            raise CamelcadeError(f"the game is over; action {index!r} cannot be played")
        texts = self.encoding.actions.texts
        shown = ", ".join(f"{i} ({texts[i]})" for i in sorted(self.legal())[:8])
        what = (f" ({texts[index]})" if isinstance(index, int) and 0 <= index < len(texts)
                else "")
        raise IllegalActionError(
            f"action {index!r}{what} is not legal now; legal: {shown}"
            f"{', ...' if len(self.legal()) > 8 else ''} (read the action mask)")

    def play_chosen(self, choose: Chooser, seat: PlayerId) -> None:
        """Play the move ``choose`` (``core.agent.chooser`` of a bot) picks for ``seat``.

        The chooser returns a legal action, checked the way ``cc.play`` checks its bots
        (a bot may return anything), so it is applied without a second check."""
        self.state.apply(choose(self.state, seat), check=False)
        self._moves += 1
        self.settle()

    # -- what seats see and get ------------------------------------------------------------

    def observation(self, seat: PlayerId) -> FloatArray:
        return observation_tensor(self.encoding, self.state, seat)

    def rewards(self) -> list[float]:
        """Each seat's reward since the last call (a list of zeros before the end with
        ``reward="ranking"``)."""
        state = self.state
        if self.reward == "ranking":
            if self._paid or not self.over:
                return [0.0] * self.players
            self._paid = True
            return rank_rewards(state.ranking(), self.players)
        points = state.returns() if self.over else state.scores()
        gained = [now - before for now, before in zip(points, self._points, strict=True)]
        self._points = list(points)
        return gained

    def text(self) -> str:
        """The position in words as a spectator sees it, and who is to act."""
        mover = self.mover
        who = "The game is over." if mover is None else f"Player {mover + 1} to act."
        return f"{self.state.describe()}\n{who}"


__all__ = ["REWARDS", "Table", "block_of", "check_reward", "observation_tensor",
           "rank_rewards", "seen_tensor"]
