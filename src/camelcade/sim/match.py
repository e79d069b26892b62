"""Playing one planned match in a worker: keyed chance, seat-keyed bot seeds, a record.

The loop is ``cc.play``'s, with the two things pairing needs: chance comes from
:class:`~camelcade.core.chance.KeyedChance` (or one sequential stream), and each seat's
bot is seeded from (match seed, seat), so when two arrangements of one seed give a seat
the same position, the bot in it sees the same luck. Beside the game it counts decisions
and lead changes, and runs a balance probe if the match names one. Chance outcomes come
from the state's own list, so they take the fast path; bots' actions are checked.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from camelcade.core.action import Action
from camelcade.core.agent import chooser
from camelcade.core.chance import KeyedChance, sample_chance
from camelcade.core.data import local_files
from camelcade.core.errors import CamelcadeError
from camelcade.core.game import State
from camelcade.core.plugin import Ref
from camelcade.core.registry import load
from camelcade.core.types import CHANCE
from camelcade.records import Record, finished_record
from camelcade.sim.plan import Match, derive_seed

MAX_ACTIONS = 100_000
"""A game longer than this is a rules bug: stop it with an error instead of running forever."""
LAB_FORMAT = "camelcade-lab/1"
"""The ``extra["lab"]["format"]`` of a tournament's records."""

ProbeFigures = Mapping[str, float | Sequence[float]]


class Probe(Protocol):
    """Game-specific balance figures, watched beside one match (see ``sim.balance``).

    A fresh probe is made for every match; ``step`` sees each position before its action
    is applied, ``finish`` the final position and returns counts that are summed over all
    matches of a setting, and ``figures`` turns those sums into the report's columns.
    """

    def step(self, state: State, action: Action) -> None: ...

    def finish(self, state: State) -> ProbeFigures: ...

    def figures(self, totals: Mapping[str, Any], games: int) -> Mapping[str, float]: ...


@dataclass(frozen=True)
class MatchResult:
    """A played match: its plan and its record (whose ``extra["lab"]`` says the rest)."""

    match: Match
    record: Record


class _Leader:
    """Counts lead changes: how often the sole leader on points becomes another seat."""

    def __init__(self) -> None:
        self.leader: int | None = None
        self.changes = 0

    def update(self, scores: Sequence[float]) -> None:
        best = max(scores)
        leaders = [seat for seat, score in enumerate(scores) if score == best]
        if len(leaders) == 1 and leaders[0] != self.leader:
            if self.leader is not None:
                self.changes += 1
            self.leader = leaders[0]


def play_match(match: Match) -> MatchResult:
    """Play one planned match (a top-level function, so worker processes can run it).

    An error names the match (its seed and seats), so it can be played again alone."""
    try:
        return _play(match)
    except CamelcadeError as error:
        seats = ", ".join(entrant.label for entrant in match.seats)
        raise CamelcadeError(f"match {match.key} of {match.game_id} (seed {match.seed}, "
                             f"seats {seats}): {error}") from None


def _play(match: Match) -> MatchResult:
    started = time.process_time()
    with local_files():  # the lab runs on its owner's machines: a map may be a file there
        game = load(match.game_id, **match.options)
    agents = [entrant.build() for entrant in match.seats]
    for seat, agent in enumerate(agents):
        begin = getattr(agent, "begin", None)
        if callable(begin):
            begin(game, seat, derive_seed(match.seed, "seat", seat))
    choosers = [chooser(agent) for agent in agents]
    probe: Probe | None = Ref[Any](match.probe).load()() if match.probe else None
    state = game.new_state()
    draw = _chance(match)
    leader = _Leader()
    decisions = steps = 0
    thinking = [0.0] * len(agents)
    """CPU seconds each seat's bot spent on decisions with a choice: the time a move a
    ladder states (a forced move is no thinking, and in some games most moves are)."""
    choices = [0] * len(agents)
    clock = time.process_time
    while not state.is_terminal():
        if steps >= MAX_ACTIONS:
            raise CamelcadeError(f"{game.id} did not end within {MAX_ACTIONS} actions")
        seat = state.current_player
        chance = seat == CHANCE
        if chance:
            action = draw(state)
        else:
            asked = clock()
            action = choosers[seat](state, seat)  # checked, as chance outcomes are trusted
            if len(state.legal_actions()) > 1:
                thinking[seat] += clock() - asked
                choices[seat] += 1
            decisions += 1
        if probe is not None:
            probe.step(state, action)
        state.apply(action, check=False)
        steps += 1
        if not chance:
            leader.update(state.scores())
    lab: dict[str, Any] = {
        "format": LAB_FORMAT,
        "tournament": match.tournament,
        "match": match.key,
        "table": match.table,
        "seed_index": match.seed_index,
        "arrangement": match.arrangement,
        "decisions": decisions,
        "lead_changes": leader.changes,
        "choices": choices,
        "thinking": [round(seconds, 6) for seconds in thinking],
        "config": match.config,
    }
    if probe is not None:
        lab["probe"] = {key: (list(value) if isinstance(value, Sequence) else value)
                        for key, value in probe.finish(state).items()}
    lab["cpu"] = round(time.process_time() - started, 6)
    record = finished_record(state, [entrant.label for entrant in match.seats], match.seed,
                             {"lab": lab})
    return MatchResult(match, record)


def play_matches(matches: Sequence[Match]) -> list[MatchResult]:
    """A batch of matches in one task: what local processes and Dask workers are sent."""
    return [play_match(match) for match in matches]


def _chance(match: Match) -> Any:
    if match.chance == "keyed":
        return KeyedChance(match.seed).sample
    rng = random.Random(match.seed)
    return lambda state: sample_chance(state, rng)

