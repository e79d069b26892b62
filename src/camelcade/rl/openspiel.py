"""Every camelcade game as an OpenSpiel (pyspiel) Python game.

``register_openspiel()`` registers each game as ``camelcade_<id>`` (dashes become
underscores), with its options as game parameters; then OpenSpiel's own tools run on it::

    import pyspiel, camelcade.rl as ccrl
    ccrl.register_openspiel()
    game = pyspiel.load_game("camelcade_<id>", {"players": 4})

- **Actions** are the game's fixed action index (``num_distinct_actions``); **chance is
  explicit**: dice, draws and deals are chance nodes whose outcomes are the indices of the
  game's chance table, with the engine's probabilities.
- **Information**: perfect where the game hides nothing, imperfect elsewhere. The
  observation tensor is exactly the PettingZoo/Gymnasium tensor (one named piece per block
  of the layout); the observation string is the seat's observation JSON; the information
  state string is the seat's history as it saw it (``history_for``: others' hidden draws
  and face-down bets redacted), which with the game's options determines everything the
  seat knows. There is no information-state tensor.
- **Utility** is the ranking result of :func:`camelcade.rl.table.rank_rewards`: zero-sum,
  from -1 (alone last) to 1 (alone first), paid at the end.
- ``max_game_length`` (a game parameter, default 100,000 actions of the seats) is a true
  bound: a game still going then ends with every seat at 0. No random game of any
  camelcade game at its default options comes near it.
- Cloning costs one ``State.clone()`` (no JSON, no pickling); serialising saves the
  state as ``to_json()`` does, and the game (its id and options).
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

import numpy as np
import pyspiel

from camelcade.core.action import Action
from camelcade.core.encoding import GameEncoding, encoding_for
from camelcade.core.errors import CamelcadeError
from camelcade.core.game import Game, State
from camelcade.core.registry import game_class, game_ids
from camelcade.core.registry import load as load_game
from camelcade.core.types import CHANCE, TERMINAL, JSONDict
from camelcade.rl.table import observation_tensor, rank_rewards

MAX_GAME_LENGTH = 100_000
PREFIX = "camelcade_"
Params = dict[str, Any]


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a camelcade game: ``camelcade_`` and its id, ``_`` for ``-``."""
    return PREFIX + game_id.replace("-", "_")


LIST_SEPARATOR = ";"
"""Lists are parameters as text, ``"1;1;2;2;3;3;4"``: OpenSpiel's game strings
(``name(key=value,...)``) keep commas for themselves."""
AUTO = "auto"


def _parameter(value: Any) -> bool | int | float | str:
    """An option's default as an OpenSpiel parameter (lists as text, None as "auto")."""
    if isinstance(value, bool | int | float | str):
        return value
    if value is None:
        return AUTO
    if isinstance(value, list | tuple):
        return LIST_SEPARATOR.join(str(item) for item in value)
    raise TypeError(f"an option default of type {type(value).__name__} cannot be a parameter")


def _options(params: Params) -> Params:
    """Game options from OpenSpiel parameters: "auto" is the game's own default, lists
    come back from their text."""
    options: Params = {}
    for key, value in params.items():
        if key == "max_game_length":
            continue
        if value == AUTO:
            value = None
        elif isinstance(value, str) and LIST_SEPARATOR in value:
            value = value.split(LIST_SEPARATOR)
        options[key] = value
    return options


class _Held:
    """The camelcade state inside a pyspiel state; OpenSpiel clones by ``deepcopy``, which
    here is one ``State.clone()``."""

    __slots__ = ("cut", "decisions", "listed", "state")

    def __init__(self, state: State, decisions: int = 0, cut: bool = False) -> None:
        self.state = state
        self.decisions = decisions
        self.cut = cut
        """The game reached ``max_game_length`` and was ended there."""
        self.listed: dict[int, Action] | None = None
        """The legal actions (or chance outcomes) here by index, once asked for."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.state.clone(), self.decisions, self.cut)

    def __getstate__(self) -> tuple[JSONDict, int, bool]:
        """Serialised as the engine's own saved state (``to_json()``, which names the game
        and its options), not by pickling the state's or the game's objects: a game may
        share interned values between its states (linked tables, move tables, caches) that
        pickle would walk whole — megabytes, and deep enough to exceed Python's recursion
        limit."""
        return self.state.to_json(), self.decisions, self.cut

    def __setstate__(self, data: tuple[JSONDict, int, bool]) -> None:
        saved, self.decisions, self.cut = data
        game = load_game(str(saved["game"]), **dict(saved["options"]))
        self.state = game.state_from_json(saved)
        self.listed = None


class CamelcadeSpielState(pyspiel.State):  # type: ignore[misc]
    """A camelcade position as OpenSpiel sees it."""

    def __init__(self, game: CamelcadeSpielGame) -> None:
        super().__init__(game)
        self._held = _Held(game.camelcade.new_state())

    # -- helpers ---------------------------------------------------------------------------

    @property
    def camelcade_state(self) -> State:
        """The camelcade state itself (every seat's secrets: not for bots)."""
        return self._held.state

    def _spiel_game(self) -> CamelcadeSpielGame:
        game: CamelcadeSpielGame = self.get_game()
        return game

    def _encoding(self) -> GameEncoding:
        return self._spiel_game().encoding

    def _listed(self) -> dict[int, Action]:
        held = self._held
        if held.listed is None:
            encoding, state = self._encoding(), held.state
            table = encoding.chance if state.is_chance() else encoding.actions
            held.listed = table.by_index(state.legal_actions())
        return held.listed

    # -- the pyspiel API -------------------------------------------------------------------

    def current_player(self) -> int:
        if self._held.cut:
            return int(pyspiel.PlayerId.TERMINAL)
        player = self._held.state.current_player
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return player

    def is_terminal(self) -> bool:
        return self._held.cut or self._held.state.is_terminal()

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._listed())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        index = self._encoding().chance.index
        return sorted((index(action), probability)
                      for action, probability in self._held.state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        held = self._held
        chance = held.state.is_chance()
        chosen = self._listed().get(int(action))
        if chosen is None:
            table = self._encoding().chance if chance else self._encoding().actions
            text = table.texts[action] if 0 <= action < len(table) else "no such index"
            raise CamelcadeError(f"action {action} ({text}) is not legal here")
        held.state.apply(chosen, check=False)
        held.listed = None
        if not chance:
            held.decisions += 1
            if held.decisions >= self._spiel_game().max_length and not held.state.is_terminal():
                held.cut = True

    def _action_to_string(self, player: int, action: int) -> str:
        table = self._encoding().chance if player == pyspiel.PlayerId.CHANCE \
            else self._encoding().actions
        return table.texts[action]

    def returns(self) -> list[float]:
        players = self._spiel_game().camelcade.players
        state = self._held.state
        if self._held.cut or not state.is_terminal():
            return [0.0] * players
        return rank_rewards(state.ranking(), players)

    def __str__(self) -> str:
        """The complete position (every seat's secrets) and who is to act, as JSON: unique
        per position, and, unlike ``to_json()``, without the history (its cost does not
        grow with the game)."""
        state = self._held.state
        return json.dumps({"to_move": state.current_player, "position": state._to_data()},
                          sort_keys=True)


class CamelcadeObserver:
    """OpenSpiel's observer (the PyObserver protocol): the wrappers' tensor, or the
    information state string."""

    def __init__(self, game: CamelcadeSpielGame, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        self.tensor: np.ndarray[Any, Any] | None = None
        self._encoding = game.encoding
        if not perfect_recall:
            layout = game.encoding.layout
            self.tensor = np.zeros(layout.size, np.float32)
            for block in layout.blocks:
                start = layout.offset[block.name]
                self.dict[block.name] = self.tensor[start:start + block.size].reshape(block.shape)

    def set_from(self, state: CamelcadeSpielState, player: int) -> None:
        if self.tensor is not None:
            self.tensor[:] = observation_tensor(self._encoding, state.camelcade_state, player)

    def string_from(self, state: CamelcadeSpielState, player: int) -> str:
        inner = state.camelcade_state
        if self.perfect_recall:
            return f"seat {player}: " + " | ".join(inner.history_for(player))
        return json.dumps(inner.observation(player), sort_keys=True)


class CamelcadeSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A camelcade game (one variant) as a pyspiel game; one subclass per game id."""

    game_id: ClassVar[str]

    def __init__(self, params: Params | None = None) -> None:
        given = dict(params or {})
        self.max_length = int(given.get("max_game_length", MAX_GAME_LENGTH))
        if self.max_length < 1:
            raise CamelcadeError(f"max_game_length must be positive, got {self.max_length}")
        self.camelcade: Game = game_class(self.game_id)(**_options(given))
        self.encoding = encoding_for(self.camelcade)
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.encoding.actions),
            max_chance_outcomes=len(self.encoding.chance),
            num_players=self.camelcade.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_length,
        )
        super().__init__(game_type(self.game_id), info, given)

    def new_initial_state(self) -> CamelcadeSpielState:
        return CamelcadeSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Params | None = None
                         ) -> CamelcadeObserver:
        if params:
            raise CamelcadeError(f"observer parameters are not offered; got {params}")
        if iig_obs_type is None:
            return CamelcadeObserver(self, perfect_recall=False)
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER \
                or not iig_obs_type.public_info:
            raise CamelcadeError(
                "camelcade observers give one seat's view (public and its own private "
                f"information); {iig_obs_type} is not offered")
        return CamelcadeObserver(self, perfect_recall=bool(iig_obs_type.perfect_recall))

    def __deepcopy__(self, memo: dict[int, Any]) -> CamelcadeSpielGame:
        return self


_TYPES: dict[str, pyspiel.GameType] = {}


def game_type(game_id: str) -> pyspiel.GameType:
    """The pyspiel ``GameType`` of a camelcade game (its default options as parameters)."""
    found = _TYPES.get(game_id)
    if found is None:
        cls = game_class(game_id)
        default = cls()
        params: Params = {"players": default.players}
        for spec in cls.option_specs:
            params[spec.name] = _parameter(spec.default)
        params["max_game_length"] = MAX_GAME_LENGTH
        chance = len(encoding_for(default).chance) > 0
        found = _TYPES[game_id] = pyspiel.GameType(
            short_name=short_name(game_id),
            long_name=f"camelcade {cls.title}",
            dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if chance
                         else pyspiel.GameType.ChanceMode.DETERMINISTIC),
            information=(pyspiel.GameType.Information.PERFECT_INFORMATION
                         if cls.perfect_information
                         else pyspiel.GameType.Information.IMPERFECT_INFORMATION),
            utility=pyspiel.GameType.Utility.ZERO_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=cls.max_players,
            min_num_players=cls.min_players,
            provides_information_state_string=True,
            provides_information_state_tensor=False,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=params,
        )
    return found


_REGISTERED: set[str] = set()


def register_openspiel() -> list[str]:
    """Register every camelcade game with pyspiel (once); returns their short names."""
    names = []
    for game_id in game_ids():
        name = short_name(game_id)
        if game_id not in _REGISTERED:
            cls = type(f"Spiel_{name}", (CamelcadeSpielGame,), {"game_id": game_id})
            pyspiel.register_game(game_type(game_id), cls)
            _REGISTERED.add(game_id)
        names.append(name)
    return names


def load_openspiel(game_id: str, **params: Any) -> pyspiel.Game:
    """``pyspiel.load_game`` of a camelcade game (registering the games first)."""
    register_openspiel()
    return pyspiel.load_game(short_name(game_id), params)


__all__ = ["CamelcadeSpielGame", "CamelcadeSpielState", "game_type", "load_openspiel",
           "register_openspiel", "short_name"]
