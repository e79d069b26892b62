"""Match records (``camelcade-record/1``), playing a match and replaying a record exactly.

A record is the action list of a game with its options: chance outcomes are actions like
any other, so replaying the list reproduces every position exactly, and the same seed
gives the same record.
"""

from __future__ import annotations

import json
import random
import sys
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from camelcade.core.agent import Agent, chooser
from camelcade.core.chance import outcome_at
from camelcade.core.errors import CamelcadeError, IllegalActionError, OptionError, StateError
from camelcade.core.game import Game, State
from camelcade.core.registry import game_class
from camelcade.core.results import Outcome, ranking_from
from camelcade.core.results import outcome as outcome_of
from camelcade.core.types import CHANCE, TERMINAL, JSONDict

RECORD_FORMAT = "camelcade-record/1"


class RulesVersionWarning(UserWarning):
    """A record made under another version of its game's rules was replayed anyway."""


@dataclass
class Record:
    """One game: who played, what happened, how it ended."""

    game: str
    options: JSONDict
    players: list[str]
    actions: list[str]
    returns: list[float] | None = None
    seed: int | None = None
    winners: list[int] | None = None
    extra: JSONDict = field(default_factory=dict)
    rules_version: int | None = None
    """The game's ``rules_version`` when it was played (None: a record that predates it)."""
    ranking: list[list[int]] | None = None
    """The final seats best first, every tie-break applied (``State.ranking()``)."""

    @property
    def outcome(self) -> Outcome | None:
        """A win, a shared first place or a draw (``core.results``), from the ranking, else
        from the winners; None for an unfinished game."""
        if self.ranking is not None:
            return outcome_of(self.ranking)
        if self.winners is None:
            return None
        players = len(self.returns) if self.returns is not None else len(self.players)
        return outcome_of(ranking_from(self.winners, players))

    def to_json(self) -> JSONDict:
        data: JSONDict = {
            "format": RECORD_FORMAT,
            "game": self.game,
            "options": self.options,
            "players": self.players,
            "actions": self.actions,
            "returns": self.returns,
        }
        if self.seed is not None:
            data["seed"] = self.seed
        if self.winners is not None:
            data["winners"] = self.winners
        if self.ranking is not None:
            data["ranking"] = self.ranking
        told = self.outcome
        if told is not None:
            data["outcome"] = str(told)  # for a reader of the file; rebuilt when read
        if self.rules_version is not None:
            data["rules_version"] = self.rules_version
        if self.extra:
            data["extra"] = self.extra
        return data

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Read a record; malformed data raises ``StateError`` naming the bad field."""
        if not isinstance(data, dict):
            raise StateError(f"a record is a JSON object, got {type(data).__name__}")
        if data.get("format") != RECORD_FORMAT:
            raise StateError(
                f"unknown record format {data.get('format')!r}; expected {RECORD_FORMAT!r}"
            )
        game, options = data.get("game"), data.get("options", {})
        players, actions = data.get("players"), data.get("actions")
        if not isinstance(game, str):
            raise StateError("record field 'game' must be a game id (text)")
        if not isinstance(options, dict):
            raise StateError("record field 'options' must be an object")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise StateError("record field 'players' must be a list of names")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise StateError("record field 'actions' must be a list of action texts")
        returns = data.get("returns")
        if returns is not None and (
            not isinstance(returns, list)
            or not all(isinstance(r, int | float) and not isinstance(r, bool) for r in returns)
        ):
            raise StateError("record field 'returns' must be null or a list of numbers")
        seed = data.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise StateError("record field 'seed' must be a whole number")
        winners = data.get("winners")
        if winners is not None and (
            not isinstance(winners, list) or not all(isinstance(w, int) for w in winners)
        ):
            raise StateError("record field 'winners' must be a list of seats")
        extra = data.get("extra", {})
        if not isinstance(extra, dict):
            raise StateError("record field 'extra' must be an object")
        version = data.get("rules_version")
        if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
            raise StateError("record field 'rules_version' must be a whole number")
        ranking = data.get("ranking")
        if ranking is not None and (
            not isinstance(ranking, list)
            or not all(isinstance(g, list) and all(isinstance(s, int) and not isinstance(s, bool)
                                                   for s in g) for g in ranking)
        ):
            raise StateError("record field 'ranking' must be a list of lists of seats")
        return cls(
            game=game,
            options=dict(options),
            players=list(players),
            actions=list(actions),
            returns=None if returns is None else [float(r) for r in returns],
            seed=seed,
            winners=winners,
            extra=dict(extra),
            rules_version=version,
            ranking=ranking,
        )

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record file; a missing, unreadable or malformed file raises ``StateError``."""
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as error:
            raise StateError(f"cannot read record {str(path)!r}: {error.strerror}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise StateError(
                f"record {str(path)!r} is not JSON: {error.msg} at line {error.lineno}"
            ) from None
        return cls.from_json(data)

    def load_game(self) -> Game:
        """The game this record was played with."""
        try:
            return game_class(self.game).load_saved(self.options)
        except OptionError as error:
            raise StateError(f"record options are not valid: {error}") from None


StepHook = Callable[[State, str], None]


def finished_record(state: State, players: Sequence[str], seed: int | None,
                    extra: JSONDict | None = None) -> Record:
    """The record of a game that has ended in ``state``: what every driver returns.

    The ranking is asked for once (``winners`` is its first group), since a game's
    tie-breaks can cost more than the rest of the record.
    """
    game = state.game
    ranking = state.ranking()
    return Record(
        game=game.id,
        options=game.options,
        players=list(players),
        actions=[str(action) for action in state._history],
        returns=state.returns(),
        seed=seed,
        winners=list(ranking[0]),
        extra={} if extra is None else extra,
        rules_version=game.rules_version,
        ranking=ranking,
    )


def play(
    game: Game,
    agents: Sequence[Agent],
    seed: int | None = None,
    *,
    max_actions: int | None = None,
    on_action: StepHook | None = None,
) -> Record:
    """Play one game: agents choose for their seats, chance is sampled from ``seed``.

    Agents with a ``begin(game, seat, seed)`` method are told their seat and a seed derived
    from ``seed`` first, so the same seed gives the same record. ``on_action(state, text)``
    is called before each action is applied (for progress displays and logs).

    What it costs beyond the game's own moves is a view per decision (made in constant
    time, reading nothing the bot does not ask for), the check of the bot's choice
    (``core.agent.chooser``: constant time for an agent that chooses by index) and the
    record. Chance outcomes are drawn from the state's own list exactly as
    ``sample_chance`` draws them, so they take the fast path, as every checked choice does.
    """
    if len(agents) != game.players:
        raise OptionError(f"{game.id} with {game.players} players needs {game.players} agents, "
                          f"got {len(agents)}")
    rng = random.Random(seed)
    for seat, agent in enumerate(agents):
        begin = getattr(agent, "begin", None)
        if callable(begin):
            begin(game, seat, rng.getrandbits(63))
    choosers = [chooser(agent) for agent in agents]
    state = game.new_state()
    # The loop runs once per action, so what it calls is looked up once here.
    current, outcomes, uniform, apply = (state._current_player, state._chance_outcomes,
                                         rng.random, state.apply)
    limit = sys.maxsize if max_actions is None else max_actions
    steps = 0
    while (seat := current()) != TERMINAL:
        if steps >= limit:
            raise CamelcadeError(f"{game.id} did not end within {max_actions} actions")
        steps += 1
        action = (outcome_at(outcomes(), uniform()) if seat == CHANCE  # = sample_chance
                  else choosers[seat](state, seat))
        if on_action is not None:
            on_action(state, str(action))
        apply(action, check=False)  # the state's own outcome, or a checked choice
    return finished_record(state, [agent.name for agent in agents], seed)


def replay(record: Record, *, upto: int | None = None) -> State:
    """The state reached by the record's actions (the first ``upto`` of them if given).

    A record of a game started from a set-up position keeps that position's
    ``to_json()`` in ``extra["start"]``; replay starts there. An action that does not
    apply raises ``StateError`` naming its index and text.
    """
    game = record.load_game()
    other = record.rules_version is not None and record.rules_version != game.rules_version
    versions = (f"; the record was made under rules version {record.rules_version} of "
                f"{game.id}, this is version {game.rules_version}" if other else "")
    start = record.extra.get("start")
    state = game.new_state() if start is None else game.state_from_json(start)
    actions = record.actions if upto is None else record.actions[:upto]
    for index, text in enumerate(actions):
        try:
            state.apply(text)
        except IllegalActionError as error:
            raise StateError(
                f"record action {index} {text!r} does not apply: {error}{versions}"
            ) from None
    finished = upto is None and record.returns is not None and state.is_terminal()
    if finished and state.returns() != record.returns:
        raise StateError(
            f"record returns {record.returns} differ from the replay's {state.returns()}"
            f"{versions}"
        )
    if other:
        warnings.warn(
            f"replayed a record of {game.id} rules version {record.rules_version} with "
            f"version {game.rules_version}: every action applied, but positions may differ "
            f"from what the players saw", RulesVersionWarning, stacklevel=2)
    return state

