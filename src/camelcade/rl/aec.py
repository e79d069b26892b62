"""A PettingZoo AEC environment for any camelcade game: ``camelcade.rl.env(game_id, ...)``.

Agents are ``player_0`` ... ``player_{n-1}``, one per seat. Each agent's observation is a
dict, as in PettingZoo's classic games: ``"observation"`` (the seat's tensor, from its own
observation JSON) and ``"action_mask"`` (1 at every legal index on the agent's turn, all 0
otherwise). The action space is ``Discrete(n)`` over the game's fixed action index.

**Several actions in one turn** (a game whose turn is 1-4 actions): the same agent is
selected again until its turn ends, exactly as ``agent_iter()`` users expect; nothing
else changes (the tensor says how many actions the turn has left). **Chance** (dice,
draws) is resolved inside from the environment's seed, so ``agent_selection`` is always a
seat. **An index outside the mask** raises ``IllegalActionError`` naming the legal ones:
the mask never allows an illegal move, and the game never plays one.

At the end every agent is terminated at once with its reward; each then steps ``None``
once, as PettingZoo's dead-step protocol asks. ``max_steps`` truncates a game (every
agent truncated, no reward): a safety net for learners, since several games can in
principle go on for a long time.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from camelcade.core.errors import OptionError
from camelcade.core.game import Game
from camelcade.core.registry import load
from camelcade.core.types import PlayerId
from camelcade.rl.table import Table

RENDER_MODES = ("ansi", "human")


def load_game(game: Game | str, players: int | None, options: dict[str, Any]) -> Game:
    """A game from an id (with options) or a ``Game`` given as it is."""
    if isinstance(game, Game):
        if players is not None or options:
            raise OptionError("give either a loaded Game or a game id with options, not both")
        return game
    return load(game, players=players, **options)


def observation_spaces(table: Table) -> tuple[spaces.Box, spaces.Discrete, spaces.Box]:
    """The tensor's box, the action space and the mask's box of a table's game."""
    low, high = table.encoding.layout.bounds()
    box = spaces.Box(np.array(low, dtype=np.float32), np.array(high, dtype=np.float32),
                     dtype=np.float32)
    count = len(table.encoding.actions)
    return box, spaces.Discrete(count), spaces.Box(0, 1, (count,), dtype=np.int8)


def render_text(table: Table, render_mode: str | None) -> str | None:
    """``render()`` of both environments: the position in words, returned ("ansi") or
    printed ("human"); without a render mode, Gymnasium's warning and nothing."""
    if render_mode is None:
        gymnasium.logger.warn("render() was called without a render_mode; "
                              f"give render_mode= one of {', '.join(RENDER_MODES)}")
        return None
    text = table.text()
    if render_mode == "human":
        print(text)
        return None
    return text


def check_render_mode(render_mode: str | None) -> str | None:
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise OptionError(f"render_mode={render_mode!r} is not offered; choose one of "
                          f"{', '.join(RENDER_MODES)} (or None)")
    return render_mode


class CamelcadeAEC(AECEnv):  # type: ignore[misc]  # PettingZoo ships no types
    """One camelcade game as a PettingZoo AEC environment (see the module docstring)."""

    metadata: dict[str, Any]
    """Render modes and the environment's name (``camelcade_<id>_v0``), set per game."""

    def __init__(self, game: Game | str, players: int | None = None, *,
                 reward: str = "ranking", max_steps: int | None = None,
                 render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.table = Table(load_game(game, players, options), reward)
        self.game = self.table.game
        self.metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1,
                         "name": f"camelcade_{self.game.id.replace('-', '_')}_v0",
                         "is_parallelizable": False}
        self.render_mode = check_render_mode(render_mode)
        if max_steps is not None and max_steps < 1:
            raise OptionError(f"max_steps must be a positive number of steps, got {max_steps}")
        self.max_steps = max_steps
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces: dict[str, spaces.Space[Any]] = {}
        self.action_spaces: dict[str, spaces.Space[Any]] = {}
        for agent in self.possible_agents:
            box, discrete, mask = observation_spaces(self.table)
            self.observation_spaces[agent] = spaces.Dict({"observation": box,
                                                          "action_mask": mask})
            self.action_spaces[agent] = discrete
        self._steps = 0
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def game_state(self) -> Any:
        """The true game state (every seat's secrets): for logging and tests, not agents."""
        return self.table.state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.reset(seed)
        for number, agent in enumerate(self.possible_agents):
            if seed is not None:
                self.action_spaces[agent].seed(seed + number)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._steps = 0
        self._select()

    def _agent(self, seat: PlayerId) -> str:
        return self.possible_agents[seat]

    def _select(self) -> None:
        mover = self.table.mover
        if mover is not None:
            self.agent_selection = self._agent(mover)

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[agent]
        live = (agent == self.agent_selection and not self.terminations.get(agent, True)
                and not self.truncations.get(agent, True))
        mask = self.table.mask() if live else np.zeros(len(self.table.encoding.actions),
                                                       dtype=np.int8)
        return {"observation": self.table.observation(seat), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.table.play(int(action))
        self._steps += 1
        gained = self.table.rewards()
        self.rewards = {name: gained[self._seat[name]] for name in self.agents}
        if self.table.over:
            self.terminations = dict.fromkeys(self.agents, True)
            seat = self._seat[agent]
            self.agent_selection = self._agent((seat + 1) % self.game.players)
        else:
            if self.max_steps is not None and self._steps >= self.max_steps:
                self.truncations = dict.fromkeys(self.agents, True)
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        return render_text(self.table, self.render_mode)

    def close(self) -> None:
        return None


def env(game: Game | str, players: int | None = None, **kwargs: Any) -> CamelcadeAEC:
    """The PettingZoo AEC environment of ``game`` (an id and options, or a ``Game``).

    Keyword settings: ``reward`` ("ranking" or "points"), ``max_steps``, ``render_mode``
    ("ansi" or "human"); every other keyword is a game option.
    """
    return CamelcadeAEC(game, players, **kwargs)


__all__ = ["CamelcadeAEC", "env", "load_game", "render_text"]
