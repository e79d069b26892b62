"""A Gymnasium single-agent environment: one seat learns, named bots play the others.

``camelcade.rl.gym_env(game_id, players=4, seat=0, opponents="random")``, or through
Gymnasium's registry once :func:`register_gymnasium` ran (``import camelcade.rl.gym`` runs
it): ``gymnasium.make("camelcade/<id>-v0", players=4)`` and
``gymnasium.make_vec("camelcade/<id>-v0", num_envs=8)``.

- The observation is the seat's tensor (a ``Box``); the legal actions are
  ``info["action_mask"]`` and ``env.action_masks()`` (the name sb3-contrib's maskable
  algorithms call).
- ``opponents`` is one name for every other seat, or one per other seat in seat order: a
  bot (``cc.bots.names()``), one of the game's levels (``cc.bots.levels(game_id)``:
  "easy", "medium", "hard", ...) or an ``Agent`` object. Bots are seeded from the
  environment's seed at each reset, so a seeded episode is repeated exactly.
- An index outside the mask: ``illegal_action="lose"`` (the default) ends the episode
  with reward -1 and ``info["illegal_action"] = True`` — the answer PettingZoo's
  ``TerminateIllegalWrapper`` gives, and what Gymnasium's own checker (which samples
  actions without a mask) needs; ``"raise"`` raises ``IllegalActionError`` instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt

from camelcade.bots import levels as game_levels
from camelcade.bots import load as load_bot
from camelcade.bots import load_level
from camelcade.core.agent import Agent, chooser
from camelcade.core.errors import OptionError
from camelcade.core.game import Game
from camelcade.core.registry import game_ids
from camelcade.core.types import PlayerId
from camelcade.rl.aec import (
    RENDER_MODES,
    check_render_mode,
    load_game,
    observation_spaces,
    render_text,
)
from camelcade.rl.table import FloatArray, MaskArray, Table

ILLEGAL = ("lose", "raise")
ILLEGAL_REWARD = -1.0
Opponent = str | Agent


def make_opponent(game: Game, who: Opponent) -> Agent:
    """A bot by name, a level of ``game`` by name, or an ``Agent`` as it is."""
    if not isinstance(who, str):
        if not callable(getattr(who, "choose", None)):
            raise OptionError(f"an opponent is a bot name, a level name or an Agent, "
                              f"got {who!r}")
        return who
    if who in game_levels(game.id):
        return load_level(game.id, who)
    return load_bot(who)


class CamelcadeGym(gymnasium.Env[npt.NDArray[Any], np.int64]):
    """One seat of a camelcade game as a Gymnasium environment (see the module docstring)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012
    """Gymnasium reads it from the class (``gymnasium.make`` checks ``render_mode``)."""

    def __init__(self, game: Game | str, players: int | None = None, *,
                 seat: int = 0, opponents: Opponent | Sequence[Opponent] = "random",
                 reward: str = "ranking", illegal_action: str = "lose",
                 max_steps: int | None = None, render_mode: str | None = None,
                 **options: Any) -> None:
        self.table = Table(load_game(game, players, options), reward)
        self.game = self.table.game
        count = self.game.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < count:
            raise OptionError(f"seat must be a seat of the game, 0 to {count - 1}; got {seat!r}")
        self.seat = seat
        if illegal_action not in ILLEGAL:
            raise OptionError(f"illegal_action={illegal_action!r} is not offered; choose one "
                              f"of {', '.join(ILLEGAL)}")
        self.illegal_action = illegal_action
        named = ([opponents] * (count - 1) if isinstance(opponents, str)
                 or not isinstance(opponents, Sequence) else list(opponents))
        if len(named) != count - 1:
            raise OptionError(f"{self.game.id} with {count} players needs {count - 1} "
                              f"opponents, got {len(named)}")
        others = [s for s in range(count) if s != seat]
        self.opponents: dict[PlayerId, Agent] = {
            other: make_opponent(self.game, who) for other, who in zip(others, named,
                                                                        strict=True)}
        self.render_mode = check_render_mode(render_mode)
        self.max_steps = max_steps
        box, discrete, _ = observation_spaces(self.table)
        self.observation_space = box
        self.action_space = discrete
        self._steps = 0
        self._done = True
        self._carried = 0.0
        """Points the seat gained while the bots played before its first turn (paid with
        its first step's reward, so an episode's rewards add up to its final points)."""

    # -- the episode -----------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[FloatArray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self.action_space.seed(seed)
        self.table.reset(seed)
        for other, bot in self.opponents.items():
            begin = getattr(bot, "begin", None)
            if callable(begin):
                begin(self.game, other, self.table.rng.getrandbits(63))
        self._steps, self._done = 0, False
        self._carried = self._play_others()
        return self.table.observation(self.seat), self._info()

    def step(self, action: Any) -> tuple[FloatArray, SupportsFloat, bool, bool,
                                         dict[str, Any]]:
        if self._done:
            raise OptionError("the episode is over: call reset() before step()")
        index = int(action)
        if index not in self.table.legal():
            if self.illegal_action == "raise":
                self.table.refuse(index)
            self._done = True
            info = self._info()
            info["illegal_action"] = True
            return self.table.observation(self.seat), ILLEGAL_REWARD, True, False, info
        self.table.play(index)
        self._steps += 1
        reward = self._carried + self.table.rewards()[self.seat] + self._play_others()
        self._carried = 0.0
        terminated = self.table.over
        truncated = (not terminated and self.max_steps is not None
                     and self._steps >= self.max_steps)
        self._done = terminated or truncated
        if self.render_mode == "human":
            self.render()
        return self.table.observation(self.seat), reward, terminated, truncated, self._info()

    def _play_others(self) -> float:
        """Let the bots move until this seat is to act or the game ends; its reward."""
        table, reward = self.table, 0.0
        while (mover := table.mover) is not None and mover != self.seat:
            table.play_chosen(chooser(self.opponents[mover]), mover)
            reward += table.rewards()[self.seat]
        return reward

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}

    def action_masks(self) -> MaskArray:
        """1 at the index of every legal action now (all 0 once the episode is over)."""
        if self.table.mover != self.seat:
            return np.zeros(len(self.table.encoding.actions), dtype=np.int8)
        return self.table.mask()

    def render(self) -> str | None:
        return render_text(self.table, self.render_mode)


def gym_env(game: Game | str, players: int | None = None, **kwargs: Any) -> CamelcadeGym:
    """The Gymnasium environment of one seat of ``game`` (see the module docstring)."""
    return CamelcadeGym(game, players, **kwargs)


def env_id(game_id: str) -> str:
    """The Gymnasium registry id of a game: ``camelcade/<id>-v0``."""
    return f"camelcade/{game_id}-v0"


def register_gymnasium() -> list[str]:
    """Register every game as ``camelcade/<id>-v0`` (once); returns the ids."""
    ids = []
    for game_id in game_ids():
        name = env_id(game_id)
        if name not in gymnasium.registry:
            gymnasium.register(id=name, entry_point="camelcade.rl.gym:CamelcadeGym",
                               kwargs={"game": game_id})
        ids.append(name)
    return ids


register_gymnasium()

__all__ = ["CamelcadeGym", "env_id", "gym_env", "make_opponent", "register_gymnasium"]
