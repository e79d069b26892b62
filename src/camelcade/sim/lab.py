"""Running a tournament: plan, skip what the store holds, play, count, test, stop.

:func:`run_tournament` is the one loop behind ``camelcade simulate``, the ladder and the
balance sweeps. It plans the matches, leaves out those already in the results file (so
the same command resumes a stopped run), plays the rest where it is told to, appends each
record to the file as it finishes, keeps the live counts and, when asked, an SPRT between
two bots that stops the run once it has decided. The SPRT takes the blocks in seed order
only (a block finished early waits for those before it), so where it stops does not
depend on which worker was quicker: the same seed gives the same verdict on one core,
many, or a cluster.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from camelcade.core.errors import OptionError
from camelcade.core.words import t
from camelcade.records import Record
from camelcade.sim.plan import Tournament
from camelcade.sim.ratings import Rating, rate
from camelcade.sim.runner import run_matches
from camelcade.sim.sprt import Sprt
from camelcade.sim.stats import SeatFigures, Summary, pair_score, places
from camelcade.sim.store import ResultStore, lab_info


@dataclass(frozen=True)
class SprtSettings:
    """"Is ``first`` stronger than ``second`` by at least ``elo1``?" (H0: ``elo0``)."""

    first: str
    second: str
    elo0: float = 0.0
    elo1: float = 50.0
    alpha: float = 0.05
    beta: float = 0.05
    model: str = "logistic"


class BlockFeed:
    """Turns finished games into SPRT samples: one per seed block of every table where
    both bots sit, taken in (seed, table) order as soon as the blocks before are done."""

    def __init__(self, tournament: Tournament, settings: SprtSettings) -> None:
        labels = tournament.labels
        for name in (settings.first, settings.second):
            if name not in labels:
                raise OptionError(t("the SPRT names {bot}, which is not playing; the bots "
                                    "are: {bots}", bot=repr(name), bots=", ".join(labels)))
        if settings.first == settings.second:
            raise OptionError(t("the SPRT compares two different bots"))
        self.settings = settings
        self.tables: list[int] = []
        sizes: dict[int, tuple[int, int]] = {}
        for index, table in enumerate(tournament.tables()):
            names = [entrant.label for entrant in table]
            pairs = names.count(settings.first) * names.count(settings.second)
            if pairs:
                self.tables.append(index)
                sizes[index] = (len(tournament.arrangements(table)), pairs)
        if not self.tables:
            raise OptionError(t("{first} and {second} never sit at one table in this format; "
                                "use head-to-head or round-robin", first=settings.first,
                                second=settings.second))
        self.sizes = sizes
        games, pairs = sizes[self.tables[0]]
        if any(size != (games, pairs) for size in sizes.values()):
            raise OptionError(t("the SPRT needs tables of one shape; use head-to-head"))
        self.sprt = Sprt(settings.elo0, settings.elo1, settings.alpha, settings.beta,
                         settings.model, grid=2 * games * pairs, games_per_block=games)
        self._blocks: dict[tuple[int, int], list[Record]] = {}
        self._next = 0
        """Position of the next block to take, in (seed, table) order."""

    def add(self, record: Record) -> None:
        lab = lab_info(record)
        key = (int(lab["seed_index"]), int(lab["table"]))
        if key[1] in self.sizes:
            self._blocks.setdefault(key, []).append(record)
        while self.sprt.state == "":
            seed_index, slot = divmod(self._next, len(self.tables))
            key = (seed_index, self.tables[slot])
            block = self._blocks.get(key, [])
            if len(block) < self.sizes[key[1]][0]:
                return
            self.sprt.add(self.block_score(block))
            del self._blocks[key]
            self._next += 1

    def block_score(self, block: Sequence[Record]) -> float:
        """The first bot's mean pair score against the second over the block's games."""
        first, second = self.settings.first, self.settings.second
        total = 0.0
        for record in block:
            assert record.ranking is not None
            where = places(record.ranking)
            names = record.players
            scores = [pair_score(where[a], where[b]) for a in range(len(names))
                      for b in range(len(names)) if names[a] == first and names[b] == second]
            total += sum(scores) / len(scores)
        return total / len(block)


@dataclass
class Progress:
    """What a live display shows after each game."""

    done: int
    total: int
    played_now: int
    """Games played by this run (the rest were in the results file already)."""
    elapsed: float
    summary: Summary
    sprt: Sprt | None

    @property
    def eta(self) -> float | None:
        """Seconds left at this run's pace (None before the first game)."""
        if not self.played_now:
            return None
        return self.elapsed / self.played_now * (self.total - self.done)


@dataclass
class LabRun:
    """A finished (or stopped) tournament."""

    tournament: Tournament
    records: list[Record]
    summary: Summary
    resumed: int
    """Games taken from the results file instead of played."""
    played: int
    planned: int
    elapsed: float
    sprt: Sprt | None = None
    ratings: list[Rating] = field(default_factory=list)
    cpu: float = 0.0
    """CPU seconds the games of this run took, summed over workers."""
    path: Path | None = None
    """The results file."""


def run_tournament(
    tournament: Tournament,
    games: int,
    out: Path,
    *,
    workers: int = 1,
    scheduler: str | None = None,
    sprt: SprtSettings | None = None,
    on_progress: Callable[[Progress], None] | None = None,
) -> LabRun:
    """Play ``tournament`` to at least ``games`` games (whole seed blocks), storing each
    record in ``out``, and return the counts, the SPRT and the ratings."""
    seeds = tournament.seeds_for(games)
    planned = list(tournament.matches(seeds))
    store = ResultStore(out)
    done = store.done(tournament.identity())
    wanted = {match.key for match in planned}
    records = [record for key, record in done.items() if key in wanted]
    todo = [match for match in planned if match.key not in done]
    summary = Summary([], SeatFigures())
    for label in tournament.labels:
        summary._standing(label, tournament.players)
    feed = BlockFeed(tournament, sprt) if sprt is not None else None
    for record in sorted(records, key=_order):
        summary.add(record)
        if feed is not None:
            feed.add(record)
    started = time.perf_counter()
    played = 0
    cpu = 0.0

    def report() -> None:
        if on_progress is not None:
            on_progress(Progress(len(records), len(planned), played,
                                 time.perf_counter() - started, summary,
                                 feed.sprt if feed else None))

    report()
    decided = feed is not None and feed.sprt.state != ""
    if todo and not decided:
        results = run_matches(todo, workers=workers, scheduler=scheduler)
        try:
            with store:
                for result in results:
                    record = result.record
                    store.append(record)
                    records.append(record)
                    played += 1
                    cpu += float(record.extra["lab"].get("cpu", 0.0))
                    summary.add(record)
                    if feed is not None:
                        feed.add(record)
                    report()
                    if feed is not None and feed.sprt.state != "":
                        break
        finally:
            close = getattr(results, "close", None)
            if close is not None:
                close()
    records.sort(key=_order)
    return LabRun(tournament, records, summary, len(records) - played, played, len(planned),
                  time.perf_counter() - started, feed.sprt if feed else None,
                  rate(records, tournament.labels), cpu, out)


def _order(record: Record) -> tuple[int, int, int]:
    lab = lab_info(record)
    return (int(lab["seed_index"]), int(lab["table"]), int(lab["arrangement"]))

