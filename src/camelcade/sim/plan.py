"""What a tournament plays: tables, seat arrangements, paired seeds, one match each.

A tournament is fixed by its :class:`Tournament` settings alone. Its **tables** say which
entrants sit down together (round robin: every group of as many entrants as there are
seats; gauntlet: the first entrant with every group of the others; head-to-head: two
entrants filling the seats in turn). Each table is played under every **seat arrangement
that matters** — every distinct permutation of its entrants (identical bots are
interchangeable), or, past :data:`MAX_PERMUTATIONS`, its rotations, so each entrant still
sits in each seat equally often. Each **seed** is played at every table in every
arrangement: one seed's games form a *block* whose chance is shared (see
``camelcade.core.chance.KeyedChance``), which is what the paired statistics compare.

Matches are ordered seed by seed, so the first blocks finish first, and every match
carries everything a worker needs: nothing depends on which process plays it or when.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from camelcade.core.errors import OptionError
from camelcade.core.types import JSONDict
from camelcade.core.words import t, tn
from camelcade.sim.entrants import Entrant

FORMATS = ("round-robin", "gauntlet", "head-to-head")
SEATINGS = ("auto", "all", "rotate")
CHANCES = ("keyed", "sequential")
"""``keyed``: paired seeds (chance keyed by what is drawn); ``sequential``: one random
stream per match, the k-th draw taking the k-th number (as ``cc.play`` does)."""
MAX_PERMUTATIONS = 24
"""``auto`` seating plays every distinct permutation up to this many, else rotations."""
MAX_TABLES = 5000


def derive_seed(*parts: object) -> int:
    """A 63-bit seed fixed by ``parts`` (a hash, the same in every process)."""
    text = "\x1f".join(str(part) for part in parts).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


@dataclass(frozen=True)
class Match:
    """One planned game: all a worker process needs to play it."""

    tournament: str
    """The tournament's identity (:meth:`Tournament.identity`)."""
    game_id: str
    options: JSONDict
    table: int
    seed_index: int
    arrangement: int
    seats: tuple[Entrant, ...]
    """The entrant in each seat."""
    seed: int
    """The block's seed: the same at every table and arrangement of one seed index."""
    chance: str = "keyed"
    probe: str | None = None
    """A balance probe (``"module:attribute"``) to run beside the game, if any."""
    config: JSONDict = field(default_factory=dict, compare=False)

    @property
    def key(self) -> str:
        """The match's name within its tournament: ``table.seed.arrangement``."""
        return f"{self.table}.{self.seed_index}.{self.arrangement}"


@dataclass(frozen=True)
class Tournament:
    """Everything that fixes a tournament's games (the number of seeds aside)."""

    game_id: str
    options: JSONDict
    """Every game option, ``players`` included."""
    entrants: tuple[Entrant, ...]
    format: str = "round-robin"
    seed: int = 0
    seating: str = "auto"
    chance: str = "keyed"
    probe: str | None = None
    sprt: JSONDict | None = field(default=None, compare=False)
    """The SPRT asked of the run, kept with the results for the report (not part of the
    identity: another test on the same games is the same tournament)."""

    def __post_init__(self) -> None:
        if self.format not in FORMATS:
            raise OptionError(t("format {value} is not allowed; allowed: {allowed}",
                                value=repr(self.format), allowed=", ".join(FORMATS)))
        if self.seating not in SEATINGS:
            raise OptionError(t("seating {value} is not allowed; allowed: {allowed}",
                                value=repr(self.seating), allowed=", ".join(SEATINGS)))
        if self.chance not in CHANCES:
            raise OptionError(t("chance {value} is not allowed; allowed: {allowed}",
                                value=repr(self.chance), allowed=", ".join(CHANCES)))
        if not self.entrants:
            raise OptionError(t("a tournament needs at least one bot"))
        if self.format == "head-to-head" and len(self.labels) != 2:
            raise OptionError(t("head-to-head takes exactly two different bots, got {bots}",
                                bots=", ".join(self.labels)))
        if self.format == "gauntlet" and len(self.entrants) < 2:
            raise OptionError(t("a gauntlet takes one bot and a field: at least two bots"))
        if len(self.tables()) > MAX_TABLES:
            raise OptionError(t("{tables} tables is too many (at most {most}); use a gauntlet "
                                "or fewer bots", tables=len(self.tables()), most=MAX_TABLES))

    @property
    def players(self) -> int:
        return int(self.options["players"])

    @property
    def labels(self) -> list[str]:
        """The distinct bots, in the order first given: the rows of every table."""
        return list(dict.fromkeys(entrant.label for entrant in self.entrants))

    def config(self) -> JSONDict:
        """The settings as JSON (kept with every result, so a results file explains itself)."""
        return {
            "game": self.game_id,
            "options": self.options,
            "entrants": [entrant.to_json() for entrant in self.entrants],
            "format": self.format,
            "seed": self.seed,
            "seating": self.seating,
            "chance": self.chance,
            **({"probe": self.probe} if self.probe else {}),
            **({"sprt": self.sprt} if self.sprt else {}),
        }

    def identity(self) -> str:
        """A short name for these settings: results with the same identity are the same
        games, so a run can resume or two runs can merge."""
        config = self.config()
        config.pop("sprt", None)
        text = json.dumps(config, sort_keys=True)
        return hashlib.blake2b(text.encode(), digest_size=6).hexdigest()

    def tables(self) -> list[tuple[Entrant, ...]]:
        """The entrants at each table, in their base seat order."""
        seats, field_ = self.players, list(self.entrants)
        if self.format == "head-to-head":
            first = next(e for e in field_ if e.label == self.labels[0])
            second = next(e for e in field_ if e.label == self.labels[1])
            return [_fill([first, second], seats)]
        if self.format == "gauntlet":
            hero, others = field_[0], field_[1:]
            groups = _groups(others, seats - 1)
            return [(hero, *group) for group in groups]
        return _groups(field_, seats)

    def arrangements(self, table: Sequence[Entrant]) -> list[tuple[Entrant, ...]]:
        """The seat arrangements of ``table`` that matter (see the module docstring)."""
        distinct = _distinct_permutations(len(table), [e.label for e in table])
        if self.seating == "all" or (self.seating == "auto"
                                     and distinct <= MAX_PERMUTATIONS):
            seen: dict[tuple[str, ...], tuple[Entrant, ...]] = {}
            for order in itertools.permutations(table):
                seen.setdefault(tuple(e.label for e in order), order)
            return list(seen.values())
        rotations: dict[tuple[str, ...], tuple[Entrant, ...]] = {}
        for shift in range(len(table)):
            order = tuple(table[(seat + shift) % len(table)] for seat in range(len(table)))
            rotations.setdefault(tuple(e.label for e in order), order)
        return list(rotations.values())

    def games_per_seed(self) -> int:
        return sum(len(self.arrangements(table)) for table in self.tables())

    def seeds_for(self, games: int) -> int:
        """Seeds needed for at least ``games`` games (whole blocks only)."""
        if games < 1:
            raise OptionError(t("the number of games must be at least 1, got {games}",
                                games=games))
        return math.ceil(games / self.games_per_seed())

    def matches(self, seeds: int, first: int = 0) -> Iterator[Match]:
        """The matches of seed indices ``first`` .. ``first + seeds - 1``, seed by seed."""
        identity, config = self.identity(), self.config()
        layout = [(index, self.arrangements(table)) for index, table in
                  enumerate(self.tables())]
        for seed_index in range(first, first + seeds):
            seed = derive_seed(self.seed, seed_index)
            for table_index, orders in layout:
                for arrangement, order in enumerate(orders):
                    yield Match(identity, self.game_id, self.options, table_index,
                                seed_index, arrangement, order, seed, self.chance,
                                self.probe, config)


def _fill(entrants: Sequence[Entrant], seats: int) -> tuple[Entrant, ...]:
    """``entrants`` repeated in order until every seat is taken."""
    return tuple(entrants[seat % len(entrants)] for seat in range(seats))


def _groups(entrants: Sequence[Entrant], size: int) -> list[tuple[Entrant, ...]]:
    """Every group of ``size`` of ``entrants`` (by position; equal groups once); with
    fewer entrants than seats, one group of them repeated to fill the seats."""
    if size <= 0:
        return [()]
    if len(entrants) <= size:
        return [_fill(entrants, size)]
    groups: dict[tuple[str, ...], tuple[Entrant, ...]] = {}
    for group in itertools.combinations(entrants, size):
        groups.setdefault(tuple(sorted(e.label for e in group)), group)
    return list(groups.values())


def _distinct_permutations(size: int, labels: Sequence[str]) -> int:
    count = math.factorial(size)
    for label in set(labels):
        count //= math.factorial(labels.count(label))
    return count


def describe_plan(tournament: Tournament, seeds: int) -> str:
    """One sentence: how many games, and why that many."""
    tables = tournament.tables()
    per_seed = tournament.games_per_seed()
    where = tn("{count} table", "{count} tables", len(tables))
    return tn("{count} game: {seeds} seeds × {arrangements} seat arrangements ({tables}); "
              "every arrangement of a seed shares its chance draws.",
              "{count} games: {seeds} seeds × {arrangements} seat arrangements ({tables}); "
              "every arrangement of a seed shares its chance draws.",
              seeds * per_seed, seeds=seeds, arrangements=per_seed, tables=where)


def config_entrants(config: JSONDict) -> list[Entrant]:
    """The entrants named in a stored tournament config."""
    found: list[Any] = config.get("entrants", [])
    return [Entrant(e["label"], e["bot"], tuple(sorted(e.get("settings", {}).items())))
            for e in found]


def tournament_from_config(config: JSONDict) -> Tournament:
    """The tournament a stored config describes (to recount blocks or re-run an SPRT)."""
    return Tournament(str(config["game"]), dict(config["options"]),
                      tuple(config_entrants(config)), format=str(config["format"]),
                      seed=int(config["seed"]), seating=str(config["seating"]),
                      chance=str(config["chance"]), probe=config.get("probe"),
                      sprt=config.get("sprt"))
