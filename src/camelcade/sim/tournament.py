"""Bots against bots: seat rotation, derived seeds, local parallel runs, result tables.

Game-agnostic and front-end-free, so the command line, benchmarks and notebooks share one
way of running a tournament. Determinism is the point: every match is fixed by its index
and the tournament seed alone, so the same seed gives the same records whether they are
played in one process or spread over several, in whatever order the workers finish.
"""

from __future__ import annotations

import math
import multiprocessing
import multiprocessing.context
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from camelcade import bots as bot_registry
from camelcade.core.errors import OptionError
from camelcade.core.game import Game
from camelcade.core.registry import load
from camelcade.core.types import JSONDict
from camelcade.records import Record, play

WILSON_Z = 1.959963984540054
"""z for a two-sided 95% interval."""
MAX_ACTIONS = 100_000
"""A game longer than this is a rules bug: stop it with an error instead of running forever."""


@dataclass(frozen=True)
class Match:
    """One game of a tournament, fully determined: what a worker process is sent."""

    index: int
    game_id: str
    options: JSONDict
    """Every game option, ``players`` included."""
    lineup: tuple[int, ...]
    """Entrant index sitting in each seat."""
    bots: tuple[str, ...]
    """Bot name in each seat (``entrants[lineup[seat]]``)."""
    seed: int


@dataclass(frozen=True)
class MatchResult:
    """A played match: its record and which entrant sat where."""

    match: Match
    record: Record


def lineup(entrants: int, players: int, game_index: int) -> tuple[int, ...]:
    """Entrant index per seat in game ``game_index``: the entrant list rotated by the index.

    Over ``entrants`` consecutive games every entrant sits in every seat (when there are at
    least as many entrants as seats; with fewer, the list repeats around the table).
    """
    if entrants < 1:
        raise OptionError("a tournament needs at least one bot")
    return tuple((seat + game_index) % entrants for seat in range(players))


def match_seeds(seed: int, games: int) -> list[int]:
    """One seed per game, derived from the tournament seed (independent of worker count)."""
    rng = random.Random(seed)
    return [rng.getrandbits(63) for _ in range(games)]


def plan(game: Game, entrants: Sequence[str], games: int, seed: int) -> list[Match]:
    """The matches of a tournament, in order. Bot names are checked here, up front."""
    if games < 1:
        raise OptionError(f"the number of games must be at least 1, got {games}")
    for name in dict.fromkeys(entrants):
        bot_registry.load(name)  # raises OptionError listing the bots for a bad name
    options = game.options
    matches = []
    for index, match_seed in enumerate(match_seeds(seed, games)):
        seats = lineup(len(entrants), game.players, index)
        matches.append(
            Match(
                index=index,
                game_id=game.id,
                options=options,
                lineup=seats,
                bots=tuple(entrants[e] for e in seats),
                seed=match_seed,
            )
        )
    return matches


def play_match(match: Match) -> MatchResult:
    """Play one planned match (a top-level function, so worker processes can run it)."""
    game = load(match.game_id, **match.options)
    agents = [bot_registry.load(name) for name in match.bots]
    return MatchResult(match, play(game, agents, seed=match.seed, max_actions=MAX_ACTIONS))


def run_matches(
    matches: Sequence[Match],
    *,
    workers: int = 1,
    on_result: Callable[[MatchResult], None] | None = None,
) -> Iterator[MatchResult]:
    """Play ``matches`` and yield the results in match order.

    With ``workers > 1`` they run in local worker processes; the results are the same as
    in one process because each match carries its own seed.
    """
    if workers < 1:
        raise OptionError(f"workers must be at least 1, got {workers}")
    if workers == 1 or len(matches) < 2:
        for match in matches:
            result = play_match(match)
            if on_result is not None:
                on_result(result)
            yield result
        return
    chunk = max(1, len(matches) // (workers * 8))
    with ProcessPoolExecutor(max_workers=workers, mp_context=_worker_context()) as pool:
        for result in pool.map(play_match, matches, chunksize=chunk):
            if on_result is not None:
                on_result(result)
            yield result


def _worker_context() -> multiprocessing.context.BaseContext:
    """Workers start from a clean server process, not by forking the caller: forking a
    process that runs threads (a test runner, a web server) can deadlock the child."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def entrant_labels(entrants: Sequence[str]) -> list[str]:
    """Names to report entrants by: the bot name, numbered when a name repeats."""
    counts = {name: entrants.count(name) for name in entrants}
    seen: dict[str, int] = {}
    labels = []
    for name in entrants:
        if counts[name] == 1:
            labels.append(name)
        else:
            seen[name] = seen.get(name, 0) + 1
            labels.append(f"{name} #{seen[name]}")
    return labels


@dataclass
class Standing:
    """One entrant's totals. ``games`` counts seats played (an entrant may fill two seats
    of one game when there are fewer entrants than seats)."""

    label: str
    games: int = 0
    wins: float = 0.0
    """Ties split: each of k winners of a game gets 1/k."""
    score_total: float = 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def mean_score(self) -> float:
        return self.score_total / self.games if self.games else 0.0

    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval of the win rate."""
        return wilson_interval(self.wins, self.games)


@dataclass
class Summary:
    """A tournament's results: standings per entrant and the mean game length."""

    standings: list[Standing]
    games: int = 0
    total_actions: int = 0

    @property
    def mean_length(self) -> float:
        """Mean number of actions per game, chance outcomes included."""
        return self.total_actions / self.games if self.games else 0.0


def wilson_interval(successes: float, trials: int, z: float = WILSON_Z) -> tuple[float, float]:
    """Wilson score interval for a proportion: sound near 0 and 1 and for small samples,
    where the normal approximation is not. Fractional successes (split ties) are fine."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarise(results: Sequence[MatchResult], entrants: Sequence[str]) -> Summary:
    """Aggregate results per entrant (not per bot name, so ``random`` vs ``random`` works)."""
    summary = Summary([Standing(label) for label in entrant_labels(entrants)])
    for result in results:
        record = result.record
        summary.games += 1
        summary.total_actions += len(record.actions)
        if record.returns is None or record.winners is None:
            continue  # an unfinished game (none from ``play``) has no result to count
        share = 1.0 / len(record.winners) if record.winners else 0.0
        for seat, entrant in enumerate(result.match.lineup):
            standing = summary.standings[entrant]
            standing.games += 1
            standing.score_total += record.returns[seat]
            if seat in record.winners:
                standing.wins += share
    return summary
